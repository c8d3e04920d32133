// "Gegen den Computer": the setup screen (role, level, rules, variant); the game itself opens at /partie/<room>.
import { duelLevelName } from "../levels";
import { createEffect, createSignal, For, Show, type JSX } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { openTableAs, TableRefused } from "../account";
import { lang, tr } from "../i18n";
import { saveSession } from "../room/session";
import { navigate } from "../router";
import { SetupGo } from "../ui/SetupGo";
import { rememberChoice } from "../ui/remember";

type Role = "conte" | "maske";
type Level = "leicht" | "mittel" | "stark";
type Ruleset = "battlemaske" | "zwiegespalten";
type Variant = "single" | "profi";

interface Choice {
  role: Role;
  level: Level;
  ruleset: Ruleset;
  variant: Variant;
}

const CHOICE_KEY = "spielcenter.computer.choice";

function storedChoice(): Choice {
  const d: Choice = { role: "conte", level: "leicht", ruleset: "battlemaske", variant: "single" };
  let stored: Choice = d;
  try {
    stored = { ...d, ...(JSON.parse(localStorage.getItem(CHOICE_KEY) ?? "{}") as Partial<Choice>) };
  } catch {
    // A broken stored choice: the defaults.
  }
  // A link may name the rule set (the start page's game cards: ?regelwerk=zwiegespalten); anything else is ignored.
  const asked = new URLSearchParams(window.location.search).get("regelwerk");
  return asked === "battlemaske" || asked === "zwiegespalten" ? { ...stored, ruleset: asked } : stored;
}

/** A row of toggle buttons (each with its data-testid); exactly one is pressed. */
function Choices<T extends string>(props: { label: string; value: T; options: { value: T; id: string; text: string; note?: string }[]; onChange: (v: T) => void; extra?: JSX.Element }) {
  return (
    <fieldset class="choices">
      <legend>{props.label}</legend>
      <div class="choice-row">
        <For each={props.options}>
          {(o) => (
            <button type="button" class="choice" aria-pressed={props.value === o.value} data-testid={o.id} onClick={() => props.onChange(o.value)}>
              <span>{o.text}</span>
              <Show when={o.note}>
                <small>{o.note}</small>
              </Show>
            </button>
          )}
        </For>
        {props.extra}
      </div>
    </fieldset>
  );
}

export function ComputerSetup() {
  const [c, setC] = createSignal<Choice>(storedChoice());
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const set = <K extends keyof Choice>(k: K, v: Choice[K]) => setC((x) => ({ ...x, [k]: v }));
  const zw = () => c().ruleset === "zwiegespalten";
  // The tab names the rule set chosen (it said "Battlemaske" with Zwiegespalten chosen, a player pass).
  // (After the site's own title effect, which runs again on a language switch: hence lang() read here too.)
  createEffect(() => {
    lang();
    document.title = `${zw() ? "Zwiegespalten" : "Battlemaske"} · Spielcenter`;
  });

  async function start() {
    setBusy(true);
    setError(null);
    rememberChoice(CHOICE_KEY, c());
    try {
      // With the account, so the game counts in its "Bilanz" and "Meine Partien".
      const body = await openTableAs<{ room: string; seat: Seat; seatToken: string }>("/api/battlemaske/computer", c());
      saveSession({ room: body.room, seat: body.seat, seatToken: body.seatToken, clientSeq: 0, kind: "computer", level: c().level });
      navigate(`/partie/${body.room}`);
    } catch (e) {
      setError(e instanceof TableRefused && e.text ? e.text : tr(`Die Partie konnte nicht angelegt werden (${String(e)}).`, `The game could not be created (${String(e)}).`));
      setBusy(false);
    }
  }

  return (
    <div class="page setup">
      <h1>{tr("Gegen den Computer", "Against the computer")}</h1>
      <Choices
        label={tr("Deine Rolle", "Your role")}
        value={c().role}
        onChange={(v) => set("role", v)}
        options={[
          { value: "conte", id: "role-conte", text: zw() ? tr("Hüter", "Keeper") : "Conte", note: zw() ? tr("hält die Leiste auf", "holds the track back") : tr("hält den Spiegel auf", "holds the mirror back") },
          { value: "maske", id: "role-maske", text: zw() ? tr("Schatten", "Shadow") : "Maske", note: zw() ? tr("treibt die Leiste auf 10", "drives the track to 10") : tr("treibt den Spiegel auf 10", "drives the mirror to 10") },
        ]}
        extra={
          <button type="button" class="choice quiet" data-testid="swap-roles" onClick={() => set("role", c().role === "conte" ? "maske" : "conte")}>
            {tr("Rollen tauschen", "Swap roles")}
          </button>
        }
      />
      <Choices
        label={tr("Stärke", "Level")}
        value={c().level}
        onChange={(v) => set("level", v)}
        options={[
          { value: "leicht", id: "level-leicht", text: duelLevelName("leicht") },
          { value: "mittel", id: "level-mittel", text: duelLevelName("mittel") },
          { value: "stark", id: "level-stark", text: duelLevelName("stark") },
        ]}
      />
      <Choices
        label={tr("Regeln", "Rules")}
        value={c().ruleset}
        onChange={(v) => set("ruleset", v)}
        options={[
          { value: "battlemaske", id: "ruleset-battlemaske", text: "Battlemaske", note: tr("Pfau, Dukaten, Glut, Elixiere 1+–4+", "Pfau, Dukaten, Glut, elixirs 1+–4+") },
          { value: "zwiegespalten", id: "ruleset-zwiegespalten", text: "Zwiegespalten", note: tr("♣ ♦ ♥, Elixiere Pik 2–5", "♣ ♦ ♥, elixirs spades 2–5") },
        ]}
      />
      <Choices
        label={tr("Variante", "Variant")}
        value={c().variant}
        onChange={(v) => set("variant", v)}
        options={[
          { value: "single", id: "variant-normal", text: tr("Normal", "Normal"), note: tr("ein Spiel", "one game") },
          { value: "profi", id: "variant-profi", text: "Profi", note: tr("zwei Spiele, Rollen getauscht", "two games, roles swapped") },
        ]}
      />
      <SetupGo testId="start-game" busy={busy()} error={error()} onGo={start}>
        {busy() ? tr("Der Tisch wird gedeckt …", "Setting the table …") : tr("Partie beginnen", "Start the game")}
      </SetupGo>
    </div>
  );
}
