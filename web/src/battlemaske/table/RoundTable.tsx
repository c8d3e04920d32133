// The round table: the tricks of the round just ended, how far the mirror moved, and a game won in Profi. A player
// closes it ("Weiter"); a spectator's play goes on without it, so there it covers nothing (a note in the corner) and
// goes by itself when the next round is dealt.
import { modalFocus } from "../../ui/focus";
import { createEffect, onCleanup, Show, untrack, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { differenceName, gameWonText, personAt, roundMoveText, seatOfRole } from "../log";
import { roundClockText } from "./roundClock";
import { useTable } from "./store";
import { useNow, wallNow } from "../../ui/now";

/** The longest a spectator's round note stays when the players take their time. */
const SPECTATOR_NOTE_MS = 8000;

export function RoundTable(): JSX.Element {
  const { m, rv, v, me, rs, role, viewer, roundOpen } = useTable();
  // The next round's clocks run once the round table's time is up; a player still reading here is told so, with
  // the own time ticking (a player pass: a clock ran out behind this box).
  const now = wallNow;
  const ownClock = (): string | null => (m.spectator ? null : roundClockText(rv().clock, me(), now(), lang(), m.kind === "hotseat" ? v().roles.map((r) => role(r)) : undefined));
  createEffect(() => {
    if (!m.round() || !rv().clock) return;
    useNow(); // ticks while this effect stands
  });
  // A spectator's note goes by itself: once the table has moved on after the next deal (two events past the one it
  // came with: the deal, then the first move of the new round), or after a while at the latest.
  createEffect(() => {
    const r = m.round();
    if (!m.spectator || !r) return;
    const shownAt = untrack(m.version);
    const late = setTimeout(() => m.dismissRound(), SPECTATOR_NOTE_MS);
    onCleanup(() => clearTimeout(late));
    createEffect(() => m.version() >= shownAt + 2 && m.dismissRound());
  });
  return (
    <Show when={roundOpen()}>
      {(r) => (
        <div
          class={m.spectator ? "round-note" : "overlay"}
          role={m.spectator ? "status" : "dialog"}
          aria-modal={m.spectator ? undefined : "true"}
          aria-labelledby="round-title"
          data-testid="round-table"
          data-modal={m.spectator ? "false" : "true"}
          ref={(el) => !m.spectator && modalFocus(el, () => m.dismissRound())}
        >
          <div class="overlay-card">
            <h2 id="round-title">
              {tr("Runde", "Round")} {r().round} {tr("vorbei", "over")}
              {/* "(Partie 1)" in one piece ("(Partie / 1)" broke at 390 px, a pass). */}
              <Show when={v().variant === "profi"}>
                <span class="nowrap-score">{` (${tr("Partie", "game")} ${r().game})`}</span>
              </Show>
            </h2>
            <p class="round-sum" data-testid="round-sum">
              {/* The difference is labelled: a bare "→ 0" read like the mirror's new position (a player pass). */}
              <span class="nowrap-score">
                {role("conte")} <b>{r().conte}</b> : <b>{r().maske}</b> {role("maske")}
                {/* The dot ends the score's line: a difference that wraps starts its own line (it began with "·", a pass). */}
                <span class="round-dot" aria-hidden="true">
                  {" "}·
                </span>
              </span>{" "}
              <span class="round-diff" data-testid="round-diff">
                {differenceName(rs(), lang())} <b>{r().moved}</b>
              </span>
            </p>
            <p data-testid="round-move">{roundMoveText(rs(), r().moved, r().mirror, lang())}</p>
            <Show when={r().gameWinner}>
              {(w) => {
                const p = personAt(v(), seatOfRole(r().game, w()), viewer(), m.opponent);
                return <p class="strong-line">{gameWonText(rs(), r().game, p, w(), lang(), m.kind === "hotseat")}</p>;
              }}
            </Show>
            <Show when={ownClock()}>
              {(t) => (
                <p class="round-clock" data-testid="round-clock" role="timer">
                  {t()}
                </p>
              )}
            </Show>
            <button type="button" class="button primary" data-testid="round-continue" onClick={() => m.dismissRound()}>
              {tr("Weiter", "Continue")}
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
