// The round table: the tricks of the round just ended, how far the mirror moved, and a game won in Profi.
import { Show, type JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function RoundTable(): JSX.Element {
  const { m, rv, v, role } = useTable();
  return (
    <Show when={!rv().over ? m.round() : null}>
      {(r) => (
        <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="round-title" data-testid="round-table">
          <div class="overlay-card">
            <h2 id="round-title">
              {tr("Runde", "Round")} {r().round} {tr("vorbei", "over")}
              {v().variant === "profi" ? ` (${tr("Spiel", "game")} ${r().game})` : ""}
            </h2>
            <p class="round-sum" data-testid="round-sum">
              {role("conte")} <b>{r().conte}</b> : <b>{r().maske}</b> {role("maske")} → <b>{r().moved}</b>
            </p>
            <p>
              {tr(
                `Der Abstand ist ${r().moved}: der Spiegel rückt ${r().moved} ${r().moved === 1 ? "Feld" : "Felder"} zur ${role("maske")} und steht jetzt auf ${Math.min(10, r().mirror)}.`,
                `The difference is ${r().moved}: the mirror moves ${r().moved} towards the ${role("maske")} and now stands at ${Math.min(10, r().mirror)}.`,
              )}
            </p>
            <Show when={r().gameWinner}>{(w) => <p class="strong-line">{tr(`Spiel ${r().game}: ${role(w())} gewinnt. Jetzt beginnt Spiel 2 mit getauschten Rollen.`, `Game ${r().game}: ${role(w())} wins. Game 2 starts with the roles swapped.`)}</p>}</Show>
            <button type="button" class="button primary" data-testid="round-continue" onClick={() => m.dismissRound()} autofocus>
              {tr("Weiter", "Continue")}
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
