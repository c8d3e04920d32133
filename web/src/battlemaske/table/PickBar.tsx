// While picking cards to exchange or swap: the confirm button with the count, and the way to the explanation.
import { Show, type JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function PickBar(): JSX.Element {
  const { m, v, picked, picking, pickComplete, pickRule, confirmPick, explain, setExplain } = useTable();
  return (
    <Show when={picking()}>
      <button
        type="button"
        class="button primary"
        data-testid={v().phase === "swap" ? "swap-confirm" : "exchange-confirm"}
        disabled={!pickComplete() || m.busy()}
        onClick={confirmPick}
      >
        {v().phase === "swap" ? (v().ruleset === "zwiegespalten" ? tr("Karten tauschen", "Swap") : tr("Gier-Tausch", "Swap")) : tr("Tauschen", "Exchange")} ({picked().length}/{v().pickCount})
      </button>
      <button type="button" class="button quiet" aria-expanded={explain()} onClick={() => setExplain((x) => !x)} data-testid="explain-exchange">
        {tr("Was tauschen?", "What to exchange?")}
      </button>
      {/* Cards greyed by the two-elixirs rule: the reason, in words. */}
      <Show when={pickRule()}>
        {(why) => (
          <p class="pick-rule" data-testid="elixir-rule">
            {why()}
          </p>
        )}
      </Show>
    </Show>
  );
}
