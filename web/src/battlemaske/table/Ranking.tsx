// The ranking plaques: weakest, middle and strongest suit, as far as the tricks have set them.
import { For, Show, type JSX } from "solid-js";
import type { Suit } from "../../../../shared/battlemaske/cards";
import { lang, tr } from "../../i18n";
import { SuitEmblem, suitName } from "../cards";
import { useTable } from "./store";

export function Ranking(): JSX.Element {
  const { v, rs, topicHandlers } = useTable();
  return (
    <ol class="plaques" aria-label={tr("Rangfolge der Farben", "Ranking of the suits")} data-testid="ranking">
      <For each={[tr("schwächste", "weakest"), tr("mittlere", "middle"), tr("stärkste", "strongest")]}>
        {(label, i) => {
          const s = () => v().ranking[i()] as Suit | undefined;
          return (
            <li class={`plaque${s() ? ` suit-${s()}` : " empty"}`} data-suit={s() ?? ""} data-testid="plaque" tabindex="0" {...topicHandlers(() => ({ kind: "place", place: i() as 0 | 1 | 2 }))}>
              <span class="plaque-label">{label}</span>
              <Show when={s()} fallback={<span class="plaque-empty">—</span>}>
                {(suit) => (
                  <span class="plaque-suit">
                    <SuitEmblem suit={suit()} ruleset={rs()} />
                    {suitName(rs(), suit(), lang())}
                  </span>
                )}
              </Show>
            </li>
          );
        }}
      </For>
    </ol>
  );
}
