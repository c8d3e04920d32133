// Your hand: every card a button, marked playable, picked, hinted or known to the opponent.
import { For, type JSX } from "solid-js";
import type { Card } from "../../../../shared/battlemaske/cards";
import { lang, tr } from "../../i18n";
import { CardFace, cardLabel } from "../cards";
import { useTable } from "./store";

export function Hand(): JSX.Element {
  const { m, v, rs, leaving, legal, picked, elixir, picking, staged, infoHandlers, clickCard } = useTable();
  const hinted = (c: Card) => m.hint()?.cards.includes(c) ?? false;
  /** The hand without a card that is already on its way to (or in) the staged trick. */
  const handShown = () => {
    const st = staged();
    const out = new Set([...(st?.trick ?? []), ...(st?.taken?.cards ?? [])].map((p) => p.card));
    return (v().hand ?? []).filter((c) => !out.has(c));
  };
  return (
    <div class="hand-wrap">
      <ul class={`hand${(v().hand?.length ?? 0) >= 6 ? " many" : ""}`} aria-label={tr("Deine Karten", "Your cards")} style={{ "--cols": String(Math.ceil((v().hand?.length ?? 0) / 2)) }}>
        <For each={handShown()}>
          {(c) => (
            <li>
              <button
                type="button"
                class="hand-card"
                classList={{ leaving: leaving() === c, legal: legal(c), picked: picked().includes(c) || elixir() === c, hinted: hinted(c), known: v().knownAtOpponent.includes(c) }}
                data-testid="hand-card"
                data-card={c}
                data-legal={legal(c) ? "true" : "false"}
                data-hint={hinted(c) ? "true" : undefined}
                aria-pressed={picking() || elixir() !== null ? picked().includes(c) || elixir() === c : undefined}
                aria-disabled={!legal(c)}
                aria-label={cardLabel(rs(), c, lang()) + (legal(c) ? "" : tr(" (nicht spielbar)", " (not playable)"))}
                onClick={() => clickCard(c)}
                {...infoHandlers(c, true)}
              >
                <CardFace id={c} ruleset={rs()} lang={lang()} />
              </button>
            </li>
          )}
        </For>
      </ul>
    </div>
  );
}
