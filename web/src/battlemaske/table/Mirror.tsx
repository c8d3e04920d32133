// The mirror 0–10 with the field it would reach if the round ended now, and the tricks per role.
import { For, type JSX } from "solid-js";
import { capital, trackName } from "../../../../shared/battlemaske/words";
import { lang, tr } from "../../i18n";
import { useTable } from "./store";

export function Mirror(): JSX.Element {
  const { rv, v, rs, role, topicHandlers } = useTable();
  // Battlemaske's Spiegel, Zwiegespalten's Leiste.
  const track = () => capital(trackName(rs(), lang()));
  const tricksOf = (r: "conte" | "maske") => v().tricks[v().roles[0] === r ? 0 : 1];
  // Where the mirror would stand if the round ended now (after the end of the game: where it stands).
  const preview = () => (rv().over || v().phase === "over" ? v().mirror : Math.min(10, v().mirror + Math.abs(v().tricks[0] - v().tricks[1])));
  const threat = () => !rv().over && preview() >= 10 && v().mirror < 10;
  return (
    <section class="mirror-box" aria-label={track()}>
      <h2 class="box-title">{track()}</h2>
      <ol class="mirror" data-testid="mirror" data-value={v().mirror} data-preview={preview()}>
        <For each={[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}>
          {(f) => (
            <li
              classList={{ field: true, here: f === v().mirror, passed: f < v().mirror, preview: f === preview() && preview() !== v().mirror, threat: f === 10 && threat() }}
              aria-current={f === v().mirror ? "step" : undefined}
              data-testid="mirror-field"
              data-field={f}
              tabindex={f === v().mirror || f === preview() ? 0 : -1}
              {...topicHandlers(() => ({ kind: "field", field: f }))}
            >
              {f}
            </li>
          )}
        </For>
      </ol>
      <p class="trick-score" data-testid="trick-score" data-conte={tricksOf("conte")} data-maske={tricksOf("maske")}>
        {/* One line on a phone ("Conte 0 : 0 Maske"); in the narrow column beside the felt one row per side, where the
            line broke after the colon (a fresh-eyes pass). The text stays the same either way. */}
        <span class="score-line">
          <span class="score-side">
            {role("conte")} <b>{tricksOf("conte")}</b>
          </span>
          <span class="score-colon"> : </span>
          <span class="score-side score-maske">
            <b>{tricksOf("maske")}</b> {role("maske")}
          </span>
        </span>
        <span class="preview-text" data-testid="mirror-preview" tabindex="0" {...topicHandlers(() => ({ kind: "field", field: preview() }))}>
          {/* "Feld", not an arrow: the round sheet's "6 : 4 → 2" (the seed's notation) is how far the mirror moves, and
              "→ 4" here, where it would stand, read as the same thing (a player pass). */}
          {/* After the end there is no round to end (a spectator read "Rundenende jetzt: Feld 0" under a flag fall's
              4 : 2): where it stands. */}
          {rv().over || v().phase === "over" ? tr(`Partie vorbei: Feld ${preview()}`, `Game over: field ${preview()}`) : tr(`Rundenende jetzt: Feld ${preview()}`, `If the round ended now: field ${preview()}`)}
        </span>
      </p>
    </section>
  );
}
