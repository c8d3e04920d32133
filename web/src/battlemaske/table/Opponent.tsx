// The opponent's side of the felt: name, role, how many cards, the suits it showed void in, the backs.
import { For, Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { CardBack, SuitEmblem, suitName } from "../cards";
import { opponentVoids } from "../info";
import { useTable } from "./store";

export function Opponent(): JSX.Element {
  const { m, v, me, opp, rs, role, topicHandlers } = useTable();
  return (
    <div class="opponent" data-testid="opponent-hand" data-count={v().handSizes[opp()]}>
      <span class="opp-name">
        {m.opponent[lang()]} · {role(v().roles[opp()])} · {v().handSizes[opp()]} {v().handSizes[opp()] === 1 ? tr("Karte", "card") : tr("Karten", "cards")}
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
      </span>
      <div class="backs" data-testid="opponent-backs" tabindex="0" aria-label={tr("Verdeckte Karten des Gegners", "The opponent's hidden cards")} {...topicHandlers(() => ({ kind: "hidden" }))}>
        <For each={Array.from({ length: v().handSizes[opp()] })}>{() => <CardBack />}</For>
      </div>
    </div>
  );
}
