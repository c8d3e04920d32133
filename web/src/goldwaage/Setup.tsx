// "/spielen/goldwaage": players, level (with its lives and what is open), variants (senseless combinations refused with
// the reason), how many seats go to invited people; the table then opens at /partie/<room>.
import { createSignal, For, Show } from "solid-js";
import type { Level, Players, Variant } from "../../../shared/goldwaage/events";
import { validateOptions } from "../../../shared/goldwaage/engine";
import { LIVES } from "../../../shared/goldwaage/state";
import { openTableAs } from "../account";
import { tr } from "../i18n";
import { saveSession } from "../room/session";
import { navigate } from "../router";
import { SetupGo } from "../ui/SetupGo";
import { rememberChoice } from "../ui/remember";

interface Choice {
  players: Players;
  level: Level;
  variants: Variant[];
  friends: number;
}

const CHOICE_KEY = "spielcenter.goldwaage.choice";

function storedChoice(): Choice {
  const d: Choice = { players: 2, level: "normal", variants: [], friends: 0 };
  try {
    const c = { ...d, ...(JSON.parse(localStorage.getItem(CHOICE_KEY) ?? "{}") as Partial<Choice>) };
    return validateOptions(c) === null && c.friends < c.players ? c : d;
  } catch {
    return d;
  }
}

const LEVEL_TEXT: Record<Level, { de: string; en: string }> = {
  leicht: { de: "Leicht", en: "Easy" },
  normal: { de: "Normal", en: "Normal" },
  schwer: { de: "Schwer", en: "Hard" },
  profi: { de: "Profi", en: "Pro" },
};

const VARIANT_TEXT: Record<Variant, { name: [string, string]; note: [string, string] }> = {
  "offene-haende": { name: ["Offene Hände", "Open hands"], note: ["zum Lernen: alle Karten offen, trotzdem ohne Reden", "for learning: every card open, still no talking"] },
  "zwei-offene-karten": { name: ["Zwei offene Karten", "Two open cards"], note: ["leichter: jeder zeigt zwei Karten", "easier: everyone shows two cards"] },
  "ruhige-waage": { name: ["Ruhige Waage", "Calm scale"], note: ["die Grenze bleibt jede Runde 7 (zu dritt und viert 8)", "the limit stays 7 every round (8 with 3–4 players)"] },
};

/** Why `variant` cannot join the current choice, or null. */
export function refusal(c: Pick<Choice, "level" | "variants">, variant: Variant): string | null {
  if (c.variants.includes(variant)) return null;
  if (c.level === "profi" && (variant === "offene-haende" || variant === "zwei-offene-karten")) {
    return tr("Auf Profi bleiben alle Karten verdeckt – offene Karten passen nicht dazu.", "On Pro every card stays hidden – open cards do not go with it.");
  }
  if ((variant === "offene-haende" && c.variants.includes("zwei-offene-karten")) || (variant === "zwei-offene-karten" && c.variants.includes("offene-haende"))) {
    return tr("Bei offenen Händen liegen ohnehin alle Karten offen – zwei offene Karten ändern nichts.", "With open hands every card is open anyway – two open cards change nothing.");
  }
  return null;
}

export function GoldwaageSetup() {
  const [c, setC] = createSignal<Choice>(storedChoice());
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [refused, setRefused] = createSignal<string | null>(null);

  const setPlayers = (players: Players) => setC((x) => ({ ...x, players, friends: Math.min(x.friends, players - 1) }));
  const setLevel = (level: Level) => {
    setRefused(null);
    setC((x) => {
      const dropped: Variant[] = level === "profi" ? x.variants.filter((v) => v === "offene-haende" || v === "zwei-offene-karten") : [];
      if (dropped.length) setRefused(tr("Profi zeigt keine Karten: offene Hände und zwei offene Karten sind abgewählt.", "Pro shows no cards: open hands and two open cards are switched off."));
      return { ...x, level, variants: x.variants.filter((v) => !dropped.includes(v)) };
    });
  };
  const toggle = (v: Variant) => {
    const why = refusal(c(), v);
    setRefused(why);
    if (why) return;
    setC((x) => ({ ...x, variants: x.variants.includes(v) ? x.variants.filter((y) => y !== v) : [...x.variants, v] }));
  };

  async function start() {
    setBusy(true);
    setError(null);
    rememberChoice(CHOICE_KEY, c());
    try {
      const b = await openTableAs<{ room: string; seat: number; seatToken: string; invites: string[] }>("/api/goldwaage/table", c());
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: c().friends > 0 ? "online" : "computer", level: c().level, game: "goldwaage", invites: b.invites });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(tr(`Der Tisch konnte nicht angelegt werden (${String(e)}).`, `The table could not be created (${String(e)}).`));
      setBusy(false);
    }
  }

  const computers = () => c().players - 1 - c().friends;
  return (
    <div class="page setup">
      <h1>{tr("Goldwaage spielen", "Play Goldwaage")}</h1>
      <p class="lead">{tr("Ein Teamspiel: Ihr legt reihum Karten auf die Waage und haltet sie im Gleichgewicht – ohne über eure Karten zu reden.", "A team game: take turns putting cards on the scale and keep it in balance – without talking about your cards.")}</p>
      <fieldset class="choices">
        <legend>{tr("Spieler am Tisch", "Players at the table")}</legend>
        <div class="choice-row">
          <For each={[2, 3, 4] as const}>
            {(n) => (
              <button type="button" class="choice" aria-pressed={c().players === n} data-testid={`gw-players-${n}`} onClick={() => setPlayers(n)}>
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
              <button type="button" class="choice" aria-pressed={c().level === l} data-testid={`gw-level-${l}`} onClick={() => setLevel(l)}>
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
              <button type="button" class="choice" aria-pressed={c().variants.includes(v)} aria-disabled={refusal(c(), v) !== null} data-testid={`gw-variant-${v}`} onClick={() => toggle(v)}>
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
      <fieldset class="choices">
        <legend>{tr("Eingeladene Mitspieler", "Invited players")}</legend>
        <div class="choice-row">
          <For each={[0, 1, 2, 3]}>
            {(n) => (
              <Show when={n <= c().players - 1}>
                <button type="button" class="choice" aria-pressed={c().friends === n} data-testid={`gw-friends-${n}`} onClick={() => setC((x) => ({ ...x, friends: n }))}>
                  <span>{n}</span>
                  <small>{n === 0 ? tr("nur Computer", "computer only") : tr(`${n} Link${n === 1 ? "" : "s"}`, `${n} link${n === 1 ? "" : "s"}`)}</small>
                </button>
              </Show>
            )}
          </For>
        </div>
        <p class="gw-note">
          {computers() > 0
            ? tr(`${computers()} ${computers() === 1 ? "Platz spielt ein Computer-Teamkamerad" : "Plätze spielen Computer-Teamkameraden"}.`, computers() === 1 ? "1 seat is played by a computer team-mate." : `${computers()} seats are played by computer team-mates.`)
            : tr("Nur Menschen am Tisch.", "Only people at the table.")}
          {c().friends > 0 ? tr(" Der Tisch wartet, bis alle Eingeladenen da sind.", " The table waits until everyone invited is in.") : ""}
        </p>
      </fieldset>
      <SetupGo testId="gw-start" busy={busy()} error={error()} onGo={start}>
        {busy() ? tr("Der Tisch wird gedeckt …", "Setting the table …") : tr("Tisch öffnen", "Open the table")}
      </SetupGo>
    </div>
  );
}
