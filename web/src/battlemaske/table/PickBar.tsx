// While picking cards to exchange or swap: the confirm button with the count, and the way to the explanation.
import { createEffect, on, Show, type JSX } from "solid-js";
import { usingKeyboard } from "../../ui/focus";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function PickBar(): JSX.Element {
  const { m, v, picked, picking, pickComplete, pickRule, confirmPick, explain, setExplain } = useTable();
  let confirm: HTMLButtonElement | undefined;
  // The last card picked by key: the focus goes to "Tauschen" (it stands before the hand; a keyboard player pass
  // Shift+Tabbed back across every card to reach it).
  createEffect(
    on(pickComplete, (done) => {
      if (done && usingKeyboard() && document.activeElement?.closest(".hand")) queueMicrotask(() => confirm?.focus({ preventScroll: true }));
    }, { defer: true }),
  );
  return (
    <Show when={picking()}>
      <button
        ref={confirm}
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
