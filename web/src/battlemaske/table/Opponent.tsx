// The opponent's side of the felt: name, role, how many cards, the suits it showed void in, the backs.
import { createEffect, createSignal, For, on, onCleanup, Show, type JSX } from "solid-js";
import { brakeLeftMs, formatClock, timeLeft } from "../../../../shared/room/clock";
import { personOf, subject } from "../../../../shared/battlemaske/words";
import { lang, tr } from "../../i18n";
import { lateText, noShowLeftMs } from "../../room/no-show";
import { CardBack, SuitEmblem, suitName } from "../cards";
import { opponentVoids } from "../info";
import type { Seat } from "../../../../shared/battlemaske/events";
import { useTable } from "./store";
import { useNow } from "../../ui/now";

/** `seat`: a spectator's second side (seat 0, at the bottom); else the opponent of the seat shown. */
export function Opponent(props: { seat?: Seat }): JSX.Element {
  const { m, v, me: viewer, opp: other, rs, role, topicHandlers } = useTable();
  const opp = (): Seat => props.seat ?? other();
  const me = (): Seat => (props.seat === undefined ? viewer() : props.seat === 0 ? 1 : 0);
  const name = () => (props.seat !== undefined && m.seatName ? m.seatName(props.seat) : m.opponent)[lang()];
  return (
    <div class="opponent" classList={{ "spectator-seat": props.seat !== undefined }} data-testid={props.seat === undefined ? "opponent-hand" : "seat-hand"} data-count={v().handSizes[opp()]}>
      <span class="opp-name">
        {/* At one shared device (hot-seat) both players sit here in turn: the role is the name ("Gegenüber · Conte" named
            nobody, a player pass). */}
        {m.kind === "hotseat" ? role(v().roles[opp()]) : `${name()} · ${role(v().roles[opp()])}`} ·{" "}
        {/* The count opens the hidden cards' info too: in landscape the backs give their room to the trick (a fresh-eyes
            pass found nothing there to press). */}
        <span class="opp-count" data-testid="opponent-count" {...topicHandlers(() => ({ kind: "hidden" }))}>
          {v().handSizes[opp()]} {v().handSizes[opp()] === 1 ? tr("Karte", "card") : tr("Karten", "cards")}
        </span>
        {/* Suits the opponent could not follow stand struck through at its side. */}
        <Show when={opponentVoids(v(), me()).size > 0}>
          <span class="opp-voids" data-testid="opponent-voids">
            {" · "}
            <For each={[...opponentVoids(v(), me())]}>
              {(s) => (
                <s title={tr("blank", "void")}>
                  <SuitEmblem suit={s} ruleset={rs()} /> {suitName(rs(), s, lang())}
                </s>
              )}
            </For>
          </span>
        </Show>
        <OpponentStatus />
      </span>
      <div class="backs" data-testid="opponent-backs" tabindex={v().handSizes[opp()] > 0 ? 0 : -1} aria-label={tr("Verdeckte Karten des Gegners", "The opponent's hidden cards")} {...topicHandlers(() => ({ kind: "hidden" }))}>
        <For each={Array.from({ length: v().handSizes[opp()] })}>{() => <CardBack />}</For>
      </div>
    </div>
  );
}

/** How long "wieder da" stays after the other player came back. */
const BACK_MS = 5000;

/**
 * Online: whether the other player is at the table. Gone: the clock runs on (with the emergency brake: how long until
 * it decides, while it is their turn); back: said for a moment, then a quiet "verbunden".
 */
function OpponentStatus(): JSX.Element {
  const { m, rv, opp } = useTable();
  const [back, setBack] = createSignal(false);
  // The clocks' own time, so the countdown and a chess clock beside it show the same second.
  const now = useNow();
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const connected = () => m.opponentConnected?.() ?? null;
  // "Back" only after being here once: a friend's first arrival is not a return.
  let seen = false;
  createEffect(
    on(connected, (c, before) => {
      clearTimeout(timer);
      const returned = c === true && before === false && seen;
      if (c === true) seen = true;
      setBack(returned);
      if (returned) timer = setTimeout(() => setBack(false), BACK_MS);
    }),
  );
  const brakeLeft = () => {
    const c = rv().clock;
    if (!c || c.control.type !== "brake" || !c.running.includes(opp())) return null;
    // As the clocks show it.
    return brakeLeftMs(c, opp(), now());
  };
  const fmt = formatClock;
  // Never came since the deal (ADR 041): not "disconnected", and the table says when it gives up waiting.
  const noShowLeft = () => {
    const at = m.opponentNoShowAt?.() ?? null;
    if (at === null) return null;
    // A chess clock shorter than the wait ends it sooner: the room calls the game off when the first flag falls. Read as
    // the clocks show it (they stand still while the room credits an animation), so both say the same second.
    const c = rv().clock;
    const t = now();
    const flagLeft = c && c.control.type === "fischer" ? Math.min(...c.running.map((s) => timeLeft(c, c.control, t)[s] ?? 0)) : Infinity;
    return Math.min(noShowLeftMs(at, t), flagLeft);
  };
  const gone = () => {
    const wait = noShowLeft();
    if (wait !== null) {
      const p = personOf(m.opponent);
      // A chess clock that stands while the opponent has not come (tables since ADR 047; older ones ran from the deal).
      const c = rv().clock;
      return lateText([subject(p, lang(), true)], fmt(wait), lang(), c?.control.type === "fischer" && c.running.length === 0);
    }
    if (rv().clock?.control.type !== "brake") return tr("Gegner getrennt – die Uhr läuft weiter.", "Opponent disconnected – the clock keeps running.");
    const left = brakeLeft();
    return left === null
      ? tr("Gegner getrennt – ist er am Zug, entscheidet nach zehn Minuten die Notbremse.", "Opponent disconnected – once it is their turn, the brake decides after ten minutes.")
      : tr(`Gegner getrennt – in ${fmt(left)} entscheidet die Notbremse.`, `Opponent disconnected – the brake decides in ${fmt(left)}.`);
  };
  return (
    <Show when={connected() !== null && !rv().over && rv().waitingFor.length === 0}>
      {connected() ? " · " : ""}
      <span class="opp-status" classList={{ gone: connected() === false, back: back() }} role="status" data-testid="opponent-status" data-connected={connected() ? "true" : "false"} data-no-show={!connected() && noShowLeft() !== null ? "true" : undefined} style={connected() ? { opacity: back() ? 1 : 0.7 } : undefined}>
        {connected() ? (back() ? tr("Gegner ist wieder da.", "Your opponent is back.") : tr("verbunden", "connected")) : gone()}
      </span>
    </Show>
  );
}
