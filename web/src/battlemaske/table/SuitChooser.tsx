// An elixir led: the suits to name, each with the announcement aid, and a way back.
import { For, Show, type JSX } from "solid-js";
import { SUITS, type Suit } from "../../../../shared/battlemaske/cards";
import { lang, tr } from "../../i18n";
import { SuitEmblem, suitName } from "../cards";
import { announcementAid } from "../info";
import { useTable } from "./store";

export function SuitChooser(): JSX.Element {
  const { m, v, me, rs, elixir, setElixir, nameSuit } = useTable();
  const aid = () => announcementAid(v(), me(), elixir()!, lang());
  const aidLines = (s: Suit) => {
    const a = aid()[s];
    return [a.beat, a.opponent, a.effect, a.held];
  };
  return (
    <Show when={elixir()}>
      <div class="name-suit" role="group" aria-label={rs() === "zwiegespalten" ? tr("Farbe nennen", "Name a suit") : tr("Farbe ansagen", "Name a suit")}>
        <For each={SUITS}>
          {(s) => (
            <button
              type="button"
              class="button suit-button"
              data-testid={`name-suit-${s}`}
              disabled={m.busy()}
              onClick={() => nameSuit(s)}
            >
              <span class="suit-button-name">
                <SuitEmblem suit={s} ruleset={rs()} /> {suitName(rs(), s, lang())}
              </span>
              <small class="aid" data-testid={`announcement-aid-${s}`}>
                {/* One line each: what still beats the elixir, what is known of the opponent, the effect, your count. */}
                <For each={aidLines(s)}>{(line) => <span class="aid-line" style={{ display: "block" }}>{line} </span>}</For>
              </small>
            </button>
          )}
        </For>
        <button type="button" class="button quiet" onClick={() => setElixir(null)}>
          {tr("Abbrechen", "Cancel")}
        </button>
      </div>
    </Show>
  );
}
