// "/spielen/goldwaage": players, level and variants (Choices.tsx, as the Wartesaal offers them too), how many seats go
// to invited people; the table then opens at /partie/<room>.
import { createSignal, For, Show } from "solid-js";
import type { Level, Players, Variant } from "../../../shared/goldwaage/events";
import { validateOptions } from "../../../shared/goldwaage/engine";
import { openTableAs, TableRefused } from "../account";
import { tr } from "../i18n";
import { saveSession } from "../room/session";
import { navigate } from "../router";
import { SetupGo } from "../ui/SetupGo";
import { GoldwaageChoices } from "./Choices";
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

export function GoldwaageSetup() {
  const [c, setC] = createSignal<Choice>(storedChoice());
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const setPlayers = (players: Players) => setC((x) => ({ ...x, players, friends: Math.min(x.friends, players - 1) }));

  async function start() {
    setBusy(true);
    setError(null);
    rememberChoice(CHOICE_KEY, c());
    try {
      const b = await openTableAs<{ room: string; seat: number; seatToken: string; invites: string[] }>("/api/goldwaage/table", c());
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: c().friends > 0 ? "online" : "computer", level: c().level, game: "goldwaage", invites: b.invites });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(e instanceof TableRefused && e.text ? e.text : tr(`Der Tisch konnte nicht angelegt werden (${String(e)}).`, `The table could not be created (${String(e)}).`));
      setBusy(false);
    }
  }

  const computers = () => c().players - 1 - c().friends;
  return (
    <div class="page setup">
      <h1>{tr("Goldwaage spielen", "Play Goldwaage")}</h1>
      <p class="lead">{tr("Ein Teamspiel: Ihr legt reihum Karten auf die Waage und haltet sie im Gleichgewicht – ohne über eure Karten zu reden.", "A team game: take turns putting cards on the scale and keep it in balance – without talking about your cards.")}</p>
      <GoldwaageChoices choice={c()} onPlayers={setPlayers} onChange={(o) => setC((x) => ({ ...x, ...o }))} />
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
