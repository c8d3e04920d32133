// "Was tauschen?": how the exchange (or the greed swap) works and what each role wants from it.
import { Show, type JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function ExchangeHelp(): JSX.Element {
  const { v, explain, role } = useTable();
  return (
    <Show when={explain() && (v().phase === "exchange" || v().phase === "swap")}>
      <div class="explain" data-testid="exchange-help">
        <Show
          when={v().phase === "exchange"}
          fallback={<p>{tr("Gier: Beide wählen verdeckt zwei Karten (eine, wenn nur noch eine übrig ist); sie wechseln gleichzeitig die Hand. Gib ab, was dir nicht hilft.", "Greed: both pick two cards face down (one if only one is left); they change hands at once. Give away what does not help you.")}</p>}
        >
          <p>
            {tr(
              `Vor jeder Runde gibt jeder genau so viele Karten ab, wie die Runde zählt (jetzt ${v().pickCount}). Beide wählen verdeckt, dann wechseln die Karten gleichzeitig die Hand. Wer zwei oder mehr Elixiere hält, muss mindestens eines abgeben. Als ${role("conte")} willst du ausgeglichene Stiche, als ${role("maske")} einen großen Abstand.`,
              `Before every round each player gives exactly as many cards as the round's number (now ${v().pickCount}). Both pick face down, then the cards change hands at once. Holding two or more elixirs, you must give at least one. As ${role("conte")} you want even tricks, as ${role("maske")} a big difference.`,
            )}
          </p>
        </Show>
      </div>
    </Show>
  );
}
