// Goldwaage's table choices as one set of fieldsets: players, level (with its lives and what is open), variants
// (senseless combinations refused with the reason). The setup page (Setup.tsx) and the Wartesaal's open tables
// (wartesaal/GoldwaageTables.tsx) both offer them.
import { createSignal, For, Show } from "solid-js";
import type { Level, Options, Players, Variant } from "../../../shared/goldwaage/events";
import { LIVES } from "../../../shared/goldwaage/state";
import { tr } from "../i18n";

const LEVEL_TEXT: Record<Level, { de: string; en: string }> = {
  leicht: { de: "Leicht", en: "Easy" },
  normal: { de: "Normal", en: "Normal" },
  schwer: { de: "Schwer", en: "Hard" },
  // One name in both languages, as the table, the rules and Battlemaske's variant say it (a pass read "Pro" here only).
  profi: { de: "Profi", en: "Profi" },
};

const VARIANT_TEXT: Record<Variant, { name: [string, string]; note: [string, string] }> = {
  "offene-haende": { name: ["Offene Hände", "Open hands"], note: ["zum Lernen: alle Karten offen, trotzdem ohne Reden", "for learning: every card open, still no talking"] },
  "zwei-offene-karten": { name: ["Zwei offene Karten", "Two open cards"], note: ["leichter: jeder zeigt zwei Karten", "easier: everyone shows two cards"] },
  "ruhige-waage": { name: ["Ruhige Waage", "Calm scale"], note: ["die Grenze bleibt jede Runde 7 (zu dritt und viert 8)", "the limit stays 7 every round (8 with 3–4 players)"] },
};

/** Why `variant` cannot join the current choice, or null. */
export function refusal(c: Pick<Options, "level" | "variants">, variant: Variant): string | null {
  if (c.variants.includes(variant)) return null;
  if (c.level === "profi" && (variant === "offene-haende" || variant === "zwei-offene-karten")) {
    return tr("Auf Profi bleiben alle Karten verdeckt – offene Karten passen nicht dazu.", "On Pro every card stays hidden – open cards do not go with it.");
  }
  if ((variant === "offene-haende" && c.variants.includes("zwei-offene-karten")) || (variant === "zwei-offene-karten" && c.variants.includes("offene-haende"))) {
    return tr("Bei offenen Händen liegen ohnehin alle Karten offen – zwei offene Karten ändern nichts.", "With open hands every card is open anyway – two open cards change nothing.");
  }
  return null;
}

type Choice = Pick<Options, "players" | "level"> & { variants: Variant[] };

/** `onPlayers`: the page may adjust more than the players (the setup keeps its invited seats below the count). */
export function GoldwaageChoices(props: { choice: Choice; onPlayers: (players: Players) => void; onChange: (c: Pick<Choice, "level" | "variants">) => void }) {
  const [refused, setRefused] = createSignal<string | null>(null);
  const setLevel = (level: Level) => {
    const dropped: Variant[] = level === "profi" ? props.choice.variants.filter((v) => v === "offene-haende" || v === "zwei-offene-karten") : [];
    setRefused(dropped.length ? tr("Profi zeigt keine Karten: offene Hände und zwei offene Karten sind abgewählt.", "Pro shows no cards: open hands and two open cards are switched off.") : null);
    props.onChange({ level, variants: props.choice.variants.filter((v) => !dropped.includes(v)) });
  };
  const toggle = (v: Variant) => {
    const why = refusal(props.choice, v);
    setRefused(why);
    if (why) return;
    const vs = props.choice.variants;
    props.onChange({ level: props.choice.level, variants: vs.includes(v) ? vs.filter((y) => y !== v) : [...vs, v] });
  };
  const setPlayers = (n: Players) => props.onPlayers(n);
  return (
    <>
      <fieldset class="choices">
        <legend>{tr("Spieler am Tisch", "Players at the table")}</legend>
        <div class="choice-row">
          <For each={[2, 3, 4] as const}>
            {(n) => (
              <button type="button" class="choice" aria-pressed={props.choice.players === n} data-testid={`gw-players-${n}`} onClick={() => setPlayers(n)}>
                <span>{n}</span>
                <small>{tr(`je ${12 / n} Karten`, `${12 / n} cards each`)}</small>
              </button>
            )}
          </For>
        </div>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Stufe", "Level")}</legend>
        <div class="choice-row">
          <For each={["leicht", "normal", "schwer", "profi"] as const}>
            {(l) => (
              <button type="button" class="choice" aria-pressed={props.choice.level === l} data-testid={`gw-level-${l}`} onClick={() => setLevel(l)}>
                <span>{tr(LEVEL_TEXT[l].de, LEVEL_TEXT[l].en)}</span>
                <small>
                  {tr(`${LIVES[l]} Leben`, `${LIVES[l]} lives`)}
                  {l === "profi" ? tr(" · ohne offene Karten", " · no open cards") : tr(" · eine offene Karte", " · one open card")}
                </small>
              </button>
            )}
          </For>
        </div>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Varianten (kombinierbar)", "Variants (combinable)")}</legend>
        <div class="choice-row">
          <For each={["offene-haende", "zwei-offene-karten", "ruhige-waage"] as const}>
            {(v) => (
              <button type="button" class="choice" aria-pressed={props.choice.variants.includes(v)} aria-disabled={refusal(props.choice, v) !== null} title={refusal(props.choice, v) ?? undefined} data-testid={`gw-variant-${v}`} onClick={() => toggle(v)}>
                <span>{tr(...VARIANT_TEXT[v].name)}</span>
                <small>{tr(...VARIANT_TEXT[v].note)}</small>
              </button>
            )}
          </For>
        </div>
        <Show when={refused()}>
          <p class="gw-refusal" role="alert" data-testid="gw-refusal">
            {refused()}
          </p>
        </Show>
      </fieldset>
    </>
  );
}
