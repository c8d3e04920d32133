// "Rat": the advice the room gave, with the chance to win it estimates. It comes under the tools, so on a phone it is
// scrolled into view (above the log's handle: scroll-margin in table.css).
import { Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { useTable } from "./store";

export function HintBox(): JSX.Element {
  const { m } = useTable();
  return (
    <Show when={m.hint()}>
      {(h) => (
        <div class="hint-box" data-testid="hint-box" role="status" ref={(el) => requestAnimationFrame(() => el.scrollIntoView({ block: "nearest" }))}>
          <strong>{tr("Rat", "Hint")}:</strong> {h().reason[lang()]}{" "}
          <span class="win-chance" data-testid="win-chance">
            {tr("Siegchance", "Chance to win")}: {Math.round(h().winChance * 100)} %
          </span>
        </div>
      )}
    </Show>
  );
}
