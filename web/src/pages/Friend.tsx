// Playing with a friend: create a table, share the invite link; the friend opens it and the game starts.
import { createSignal, onMount, Show } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { authHeaders, ensureAccount } from "../account";
import { loadSession, saveSession } from "../room/session";
import { tr } from "../i18n";
import { Link, navigate } from "../router";
import { SetupGo } from "./SetupGo";

type Clock = "none" | "5+3" | "10+5";

export function inviteLink(room: string, invite: string): string {
  return `${location.origin}/einladung/${room}#${invite}`;
}

export function Friend() {
  const [role, setRole] = createSignal<"conte" | "maske">("conte");
  const [rated, setRated] = createSignal(false);
  const [clock, setClock] = createSignal<Clock>("none");
  const [ruleset, setRuleset] = createSignal<"battlemaske" | "zwiegespalten">("battlemaske");
  const [variant, setVariant] = createSignal<"single" | "profi">("single");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);

  async function create() {
    setBusy(true);
    setError(null);
    const c = clock();
    const body = { role: role(), rated: rated(), clock: c === "none" ? null : { minutes: Number(c.split("+")[0]), increment: Number(c.split("+")[1]) }, ruleset: ruleset(), variant: variant() };
    try {
      // With the account: a rated game is between two accounts, and the result counts for both ("Bilanz").
      const account = await ensureAccount();
      const r = await fetch("/api/battlemaske/online", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(account) }, body: JSON.stringify(body) });
      if (r.status !== 201) throw new Error(String(r.status));
      const b = (await r.json()) as { room: string; seat: Seat; seatToken: string; invite: string };
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: "online", invite: b.invite, rated: rated() });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(tr(`Der Tisch konnte nicht angelegt werden (${String(e)}).`, `The table could not be created (${String(e)}).`));
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
      <fieldset class="choices">
        <legend>{tr("Uhr", "Clock")}</legend>
        <div class="choice-row">
          {choice("clock-none", "none" as Clock, clock, setClock, tr("Ohne Uhr", "No clock"))}
          {choice("clock-5", "5+3" as Clock, clock, setClock, "5 min + 3 s")}
          {choice("clock-10", "10+5" as Clock, clock, setClock, "10 min + 5 s")}
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

/** The friend opens the invite link: claims the free seat once and sits down. */
export function Invite(props: { room: string }) {
  const [error, setError] = createSignal<string | null>(null);
  onMount(async () => {
    if (loadSession(props.room)) return navigate(`/partie/${props.room}`);
    const invite = location.hash.slice(1);
    try {
      const account = await ensureAccount();
      // Two link forms: /einladung/<room>#<invite> (this page's own) and /einladung/<code> (POST /api/games's link).
      const r = invite
        ? await fetch("/api/battlemaske/invite", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(account) }, body: JSON.stringify({ room: props.room, invite }) })
        : await fetch(`/api/games/invite/${encodeURIComponent(props.room)}`, { method: "POST", headers: authHeaders(account) });
      if (r.status === 409) {
        const { error: code } = (await r.json().catch(() => ({}))) as { error?: string };
        if (code === "OWN_INVITE") throw new Error(tr("Das ist deine eigene Einladung – schick den Link deinem Mitspieler.", "This is your own invite – send the link to the other player."));
        if (code === "STAKE_TOO_HIGH") throw new Error(tr("Du hast nicht genug Taler für den Einsatz dieser Partie.", "You do not have enough Taler for this game's stake."));
        throw new Error(tr("Diese Einladung wurde schon angenommen.", "This invite has already been used."));
      }
      if (!r.ok) throw new Error(tr(`Die Einladung gilt nicht (${r.status}).`, `The invite is not valid (${r.status}).`));
      const b = (await r.json()) as { room: string; seat: Seat; seatToken: string };
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: "online" });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  });
  return (
    <div class="page">
      <h1>{tr("Einladung", "Invite")}</h1>
      <Show when={error()} fallback={<p role="status">{tr("Du setzt dich an den Tisch …", "Taking your seat …")}</p>}>
        <p role="alert" class="table-error">
          {error()}
        </p>
        <Link class="button" href="/">
          {tr("Zur Startseite", "To the start page")}
        </Link>
      </Show>
    </div>
  );
}
