// The ranking plaques: weakest, middle and strongest suit, as far as the tricks have set them.
import { For, Show, type JSX } from "solid-js";
import type { Ruleset, Suit } from "../../../../shared/battlemaske/cards";
import { lang, tr } from "../../i18n";
import { SuitEmblem, suitName } from "../cards";
import { useTable } from "./store";

export function Ranking(): JSX.Element {
  const { v, rs, topicHandlers } = useTable();
  return <Plaques ranking={v().ranking} rs={rs()} testId="ranking" extra={(i) => topicHandlers(() => ({ kind: "place", place: i as 0 | 1 | 2 }))} />;
}

/** The plaques of a ranking (the table's, or a replay's at one step); `extra`: more attributes per plaque (the table's info). */
export function Plaques(props: { ranking: readonly Suit[]; rs: Ruleset; testId: string; extra?: (place: number) => JSX.HTMLAttributes<HTMLLIElement> }): JSX.Element {
  return (
    <ol class="plaques" aria-label={tr("Rangfolge der Farben", "Ranking of the suits")} data-testid={props.testId} data-ranking={props.ranking.join("")}>
      <For each={[tr("schwächste", "weakest"), tr("mittlere", "middle"), tr("stärkste", "strongest")]}>
        {(label, i) => {
          const s = () => props.ranking[i()] as Suit | undefined;
          return (
            <li class={`plaque${s() ? ` suit-${s()}` : " empty"}`} data-suit={s() ?? ""} data-testid="plaque" tabindex="0" {...(props.extra?.(i()) ?? {})}>
              <span class="plaque-label">{label}</span>
              <Show when={s()} fallback={<span class="plaque-empty">—</span>}>
                {(suit) => (
                  <span class="plaque-suit">
                    <SuitEmblem suit={suit()} ruleset={props.rs} />
                    {suitName(props.rs, suit(), lang())}
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
