// The chess clocks, or without a clock the emergency brake: counted down here from the room's last report.
import { For, Show, type JSX } from "solid-js";
import type { Seat } from "../../../../shared/battlemaske/events";
import { brakeLeftMs, formatClock, timeLeft } from "../../../../shared/room/clock";
import { tr } from "../../i18n";
import type { RoomView } from "../room";
import { useNow } from "../../ui/now";

/**
 * A running clock below this is marked (data-low): a red plate that pulses. Twenty seconds, not ten: red figures in the
 * last ten alone went unseen (a player pass), and a player needs the warning while there is still time to act on it.
 */
export const LOW_CLOCK_MS = 20_000;

/** The chess clocks: counted down here from the room's last report while a seat runs. */
/** `meName`: a spectator's name for the seat shown at the bottom (else "Du"). */
export function Clocks(props: { clock: NonNullable<RoomView["clock"]>; me: Seat; opponent: string; meName?: string }): JSX.Element {
  const you = () => props.meName ?? tr("Du", "You");
  // The page's one clock: the no-show countdown and the round table read the same instant.
  const now = useNow();
  // The room names the running seats; a device clock a little behind the reported `since` must not show more time
  // than is left.
  const runs = (s: Seat) => props.clock.running.includes(s);
  const left = (s: Seat) => timeLeft(props.clock, props.clock.control, now())[s] ?? 0;
  // Without a clock: the emergency brake — ten minutes from when the seat began to wait for itself.
  const brake = () => props.clock.control?.type === "brake";
  const brakeLeft = (s: Seat) => brakeLeftMs(props.clock, s, now());
  const fmt = formatClock;
  /** A running clock in its last twenty seconds (marked). */
  const low = (s: Seat) => runs(s) && left(s) < LOW_CLOCK_MS;
  const other: Seat = props.me === 0 ? 1 : 0;
  const waiting = () => props.clock.running.filter((s): s is Seat => s === 0 || s === 1);
  const lastMinute = () => waiting().some((s) => brakeLeft(s) < 60_000);
  return (
    <Show
      when={!brake()}
      fallback={
        <span class="clocks" data-testid="clocks">
          {/* The rule in words, not only in a tooltip a phone cannot show. */}
          <span class="brake-label">{lastMinute() ? tr("Notbremse: bei 0:00 verliert, wer am Zug ist", "Brake: at 0:00 whoever is to act loses") : tr("Notbremse: wer 10 Min. nicht spielt, verliert", "Brake: no move for 10 min loses")}</span>
          <For each={waiting().sort((x, y) => Number(y === props.me) - Number(x === props.me))}>
            {(s) => (
              <span class="brake" classList={{ warning: brakeLeft(s) < 60_000 }} data-testid="brake" data-seat={s} data-ms={Math.round(brakeLeft(s))}>
                {s === props.me ? you() : props.opponent} {fmt(brakeLeft(s))}
              </span>
            )}
          </For>
        </span>
      }
    >
      <span class="clocks" data-testid="clocks">
        <span classList={{ running: runs(props.me), low: low(props.me) }} data-testid="clock" data-seat={props.me} data-running={runs(props.me) ? "true" : "false"} data-low={low(props.me) ? "true" : "false"} data-ms={Math.round(left(props.me))}>
          {you()} {fmt(left(props.me))}
          <Show when={low(props.me)}>
            <span class="visually-hidden">{tr(" – wenig Zeit", " – little time left")}</span>
          </Show>
        </span>
        <span classList={{ running: runs(other), low: low(other) }} data-testid="clock" data-seat={other} data-running={runs(other) ? "true" : "false"} data-low={low(other) ? "true" : "false"} data-ms={Math.round(left(other))}>
          {props.opponent} {fmt(left(other))}
          <Show when={low(other)}>
            <span class="visually-hidden">{tr(" – wenig Zeit", " – little time left")}</span>
          </Show>
        </span>
      </span>
    </Show>
  );
}
