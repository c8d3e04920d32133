// "Mit einem Freund": create a table and share the invite link; the friend opens it (Invite.tsx) and the game starts.
import { createSignal, For, Show } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { authHeaders, ensureAccount } from "../account";
import { tr } from "../i18n";
import { tableRefusalText, type RefusalBody } from "../ui/refusals";
import { saveSession } from "../room/session";
import { navigate } from "../router";
import { SetupGo } from "../ui/SetupGo";

// The Wartesaal's and the hot-seat's presets (shared/lobby.ts): the shortest, 3 + 2, was missing here (a player pass).
type Clock = "none" | "3+2" | "5+3" | "10+5" | "15+10";
const STAKES = [0, 10, 50, 100] as const;

export function Friend() {
  const [role, setRole] = createSignal<"conte" | "maske">("conte");
  const [rated, setRated] = createSignal(false);
  const [clock, setClock] = createSignal<Clock>("none");
  const [ruleset, setRuleset] = createSignal<"battlemaske" | "zwiegespalten">("battlemaske");
  const [variant, setVariant] = createSignal<"single" | "profi">("single");
  // Taler at stake in a rated game: the loser pays the winner (at most what the loser has).
  const [stake, setStake] = createSignal(0);
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);

  async function create() {
    setBusy(true);
    setError(null);
    const c = clock();
    const body = {
      kind: rated() ? "rated" : "friendly",
      role: role(),
      clock: c === "none" ? null : { minutes: Number(c.split("+")[0]), increment: Number(c.split("+")[1]) },
      ruleset: ruleset(),
      variant: variant(),
      ...(rated() && stake() > 0 ? { stake: stake() } : {}),
    };
    try {
      // With the account: a rated game is between two accounts, and the result counts for both ("Bilanz").
      const account = await ensureAccount();
      const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(account) }, body: JSON.stringify(body) });
      if (r.status !== 201) {
        const refusal = tableRefusalText(r.status, (await r.json().catch(() => ({}))) as RefusalBody);
        throw new Error(refusal ?? String(r.status));
      }
      const b = (await r.json()) as { room: string; seat: Seat; seatToken: string; inviteCode: string };
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: "online", invite: b.inviteCode, rated: rated() });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(e instanceof Error && !/^\d+$/.test(e.message) ? e.message : tr(`Der Tisch konnte nicht angelegt werden (${String(e)}).`, `The table could not be created (${String(e)}).`));
      setBusy(false);
    }
  }

  const choice = <T,>(id: string, value: T, current: () => T, set: (v: T) => void, text: string) => (
    <button type="button" class="choice" aria-pressed={current() === value} data-testid={id} onClick={() => set(value)}>
      {text}
    </button>
  );

  return (
    <div class="page setup">
      <h1>{tr("Mit einem Freund", "With a friend")}</h1>
      <fieldset class="choices">
        <legend>{tr("Deine Rolle", "Your role")}</legend>
        <div class="choice-row">
          {choice("friend-role-conte", "conte", role, setRole, "Conte")}
          {choice("friend-role-maske", "maske", role, setRole, "Maske")}
        </div>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Art", "Kind")}</legend>
        <div class="choice-row">
          {choice("friend-friendly", false, rated, setRated, tr("Freundschaftlich (mit „Karte zurück“)", "Friendly (with take-backs)"))}
          {choice("friend-rated", true, rated, setRated, tr("Gewertet", "Rated"))}
        </div>
      </fieldset>
      <Show when={rated()}>
        <fieldset class="choices">
          <legend>{tr("Einsatz (Taler)", "Stake (Taler)")}</legend>
          <div class="choice-row">
            <For each={STAKES}>{(n) => choice(`friend-stake-${n}`, n, stake, setStake, n === 0 ? tr("Ohne Einsatz", "No stake") : `${n} Taler`)}</For>
          </div>
        </fieldset>
      </Show>
      <fieldset class="choices">
        <legend>{tr("Uhr", "Clock")}</legend>
        <div class="choice-row">
          {choice("clock-none", "none" as Clock, clock, setClock, tr("Ohne Uhr", "No clock"))}
          {choice("clock-3", "3+2" as Clock, clock, setClock, tr("3 Min. + 2 s", "3 min + 2 s"))}
          {choice("clock-5", "5+3" as Clock, clock, setClock, tr("5 Min. + 3 s", "5 min + 3 s"))}
          {choice("clock-10", "10+5" as Clock, clock, setClock, tr("10 Min. + 5 s", "10 min + 5 s"))}
          {choice("clock-15", "15+10" as Clock, clock, setClock, tr("15 Min. + 10 s", "15 min + 10 s"))}
        </div>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Regeln", "Rules")}</legend>
        <div class="choice-row">
          {choice("friend-ruleset-battlemaske", "battlemaske" as const, ruleset, setRuleset, "Battlemaske")}
          {choice("friend-ruleset-zwiegespalten", "zwiegespalten" as const, ruleset, setRuleset, "Zwiegespalten")}
          {choice("friend-variant-normal", "single" as const, variant, setVariant, tr("Normal", "Normal"))}
          {choice("friend-variant-profi", "profi" as const, variant, setVariant, "Profi")}
        </div>
      </fieldset>
      <SetupGo testId="create-invite" busy={busy()} error={error()} onGo={create}>
        {tr("Tisch anlegen und Einladung teilen", "Create the table and share the invite")}
      </SetupGo>
    </div>
  );
}
