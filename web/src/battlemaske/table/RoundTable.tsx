// The round table: the tricks of the round just ended, how far the mirror moved, and a game won in Profi.
import { Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { gameWonText, personAt, roundMoveText, seatOfRole } from "../log";
import { useTable } from "./store";

export function RoundTable(): JSX.Element {
  const { m, rv, v, me, rs, role } = useTable();
  return (
    <Show when={!rv().over ? m.round() : null}>
      {(r) => (
        <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="round-title" data-testid="round-table">
          <div class="overlay-card">
            <h2 id="round-title">
              {tr("Runde", "Round")} {r().round} {tr("vorbei", "over")}
              {v().variant === "profi" ? ` (${tr("Partie", "game")} ${r().game})` : ""}
            </h2>
            <p class="round-sum" data-testid="round-sum">
              {role("conte")} <b>{r().conte}</b> : <b>{r().maske}</b> {role("maske")} → <b>{r().moved}</b>
            </p>
            <p data-testid="round-move">{roundMoveText(rs(), r().moved, r().mirror, lang())}</p>
            <Show when={r().gameWinner}>
              {(w) => {
                const neutral = m.kind === "hotseat" || m.spectator === true;
                const p = personAt(v(), seatOfRole(r().game, w()), neutral ? null : me(), m.opponent);
                return <p class="strong-line">{gameWonText(rs(), r().game, p, w(), lang(), neutral)}</p>;
              }}
            </Show>
            <button type="button" class="button primary" data-testid="round-continue" onClick={() => m.dismissRound()} autofocus>
              {tr("Weiter", "Continue")}
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
