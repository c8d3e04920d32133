// "Konto" (name, recovery code, carrying the account to this device) and "Bilanz" (points, Elo, Taler, records, games).
import { createResource, createSignal, For, Show } from "solid-js";
import { authHeaders, ensureAccount, replaceAccount, signOutOtherDevices, storedAccount } from "../account";
import { lang, tr } from "../i18n";
import { Link } from "../router";

interface Me {
  id: string;
  name: string | null;
  points: number;
  elo: number;
  ratedGames: number;
  taler: number;
  records: Array<{ game: string; level: string; role: string; helped: boolean; wins: number; losses: number; draws: number }>;
}
interface GameRow {
  id: string;
  kind: string;
  rated: boolean;
  ruleset: string;
  variant: string;
  level: string | null;
  outcome: "win" | "loss" | "draw" | "aborted";
  reason: string;
  opponent: string | null;
  finishedAt: number;
}

async function loadMe(): Promise<Me> {
  const r = await fetch("/api/me", { headers: authHeaders(await ensureAccount()) });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as Me;
}

/** Points, Elo and Taler; its test hooks are named for the page it is on (account-… on Konto, bilanz-… on Bilanz). */
function Summary(props: { me: Me; ids?: "account" | "bilanz" }) {
  const id = (what: string) => `${props.ids ?? "account"}-${what}`;
  return (
    <dl class="account-summary" data-testid={id("summary")}>
      <div>
        <dt>{tr("Punkte", "Points")}</dt>
        <dd data-testid={id("points")} data-value={props.me.points}>{props.me.points}</dd>
      </div>
      <div>
        <dt>Elo</dt>
        <dd data-testid={id("elo")} data-value={props.me.elo}>
          {props.me.elo} <span class="small">({tr(`${props.me.ratedGames} gewertete Partien`, `${props.me.ratedGames} rated games`)})</span>
        </dd>
      </div>
      <div>
        <dt>Taler</dt>
        <dd data-testid={id("taler")} data-value={props.me.taler}>{props.me.taler}</dd>
      </div>
    </dl>
  );
}

export function AccountPage() {
  const [me, { refetch }] = createResource(loadMe);
  const [name, setName] = createSignal("");
  const [nameMsg, setNameMsg] = createSignal<string | null>(null);
  const [code, setCode] = createSignal("");
  const [recoverMsg, setRecoverMsg] = createSignal<string | null>(null);
  const [showCode, setShowCode] = createSignal(false);
  const [signOutMsg, setSignOutMsg] = createSignal<string | null>(null);

  async function signOutOthers() {
    try {
      await signOutOtherDevices();
      setSignOutMsg(tr("Alle anderen Geräte sind abgemeldet; dieses bleibt angemeldet.", "All other devices are signed out; this one stays signed in."));
    } catch {
      setSignOutMsg(tr("Das hat nicht geklappt. Bitte später noch einmal.", "That did not work. Please try again later."));
    }
  }

  async function saveName(e: SubmitEvent) {
    e.preventDefault();
    const r = await fetch("/api/me/name", { method: "PUT", headers: { "content-type": "application/json", ...authHeaders(await ensureAccount()) }, body: JSON.stringify({ name: name().trim() }) });
    setNameMsg(r.ok ? tr("Gespeichert.", "Saved.") : r.status === 409 ? tr("Dieser Name ist vergeben.", "This name is taken.") : tr("Dieser Name geht nicht: 3 bis 20 Buchstaben oder Ziffern, einzelne Leerzeichen, Punkte oder Striche dazwischen.", "This name is not allowed: 3 to 20 letters or digits, single spaces, dots or hyphens between them."));
    if (r.ok) void refetch();
  }

  async function recover(e: SubmitEvent) {
    e.preventDefault();
    const recoveryCode = code().trim().toUpperCase();
    const r = await fetch("/api/accounts/recover", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ recoveryCode }) });
    if (!r.ok) {
      setRecoverMsg(r.status === 401 ? tr("Kein Konto hat diesen Code.", "No account has this code.") : tr("Das ist kein gültiger Code.", "That is not a valid code."));
      return;
    }
    const a = (await r.json()) as { id: string; token: string };
    replaceAccount({ id: a.id, token: a.token, recoveryCode });
    setCode("");
    setRecoverMsg(tr("Dein Konto ist jetzt auf diesem Gerät.", "Your account is now on this device."));
    void refetch();
  }

  return (
    <div class="page account">
      <h1>{tr("Dein Konto", "Your account")}</h1>
      <p class="lead">{tr("Ohne Passwort: Dein Konto lebt in diesem Browser. Mit dem Wiederherstellungscode holst du es auf ein anderes Gerät.", "No password: your account lives in this browser. The recovery code carries it to another device.")}</p>
      <Show when={me.error}>
        <p role="alert" class="error">
          {String(me.error) === "Error: 401"
            ? tr("Dieses Gerät ist abgemeldet. Mit dem Wiederherstellungscode holst du dein Konto hierher zurück.", "This device is signed out. The recovery code brings your account back here.")
            : tr("Das Konto ließ sich nicht laden.", "The account could not be loaded.")}
        </p>
      </Show>
      <Show when={me()}>
        {(m) => (
          <>
            <section aria-labelledby="name-title">
              <h2 id="name-title">{tr("Name", "Name")}</h2>
              <p data-testid="account-name">{m().name ?? tr("Noch kein Name – in Listen erscheinst du als Gast.", "No name yet – boards show you as a guest.")}</p>
              <form class="name-form" onSubmit={saveName}>
                <input type="text" value={name()} onInput={(e) => setName(e.currentTarget.value)} minLength={3} maxLength={20} aria-label={tr("Neuer Name", "New name")} data-testid="account-name-input" />
                <button type="submit" class="button" data-testid="account-name-save">
                  {tr("Speichern", "Save")}
                </button>
                <Show when={nameMsg()}>
                  <span role="status" data-testid="account-name-status">
                    {nameMsg()}
                  </span>
                </Show>
              </form>
            </section>
            <section aria-labelledby="devices-title">
              <h2 id="devices-title">{tr("Geräte", "Devices")}</h2>
              <p class="small">{tr("Verloren oder verliehen? Meldet jedes andere Gerät ab, auf dem dein Konto ist; dieses bleibt angemeldet.", "Lost or lent a device? Signs out every other device your account is on; this one stays signed in.")}</p>
              <p>
                <button type="button" class="button" onClick={() => void signOutOthers()} data-testid="signout-others">
                  {tr("Auf anderen Geräten abmelden", "Sign out other devices")}
                </button>
              </p>
              <Show when={signOutMsg()}>
                <p role="status" data-testid="signout-others-status">
                  {signOutMsg()}
                </p>
              </Show>
            </section>
            <section aria-labelledby="stand-title">
              <h2 id="stand-title">{tr("Stand", "Standing")}</h2>
              <Summary me={m()} />
              <p>
                <Link href="/bilanz">{tr("Zur Bilanz", "To your records")}</Link>
              </p>
            </section>
          </>
        )}
      </Show>
      <section aria-labelledby="code-title">
        <h2 id="code-title">{tr("Wiederherstellungscode", "Recovery code")}</h2>
        <Show when={storedAccount()?.recoveryCode} fallback={<p class="small">{tr("Der Code wird nur beim Anlegen gezeigt; auf diesem Gerät ist er nicht gespeichert.", "The code is shown only when the account is created; this device does not keep it.")}</p>}>
          {(c) => (
            <p>
              <button type="button" class="button" aria-expanded={showCode()} onClick={() => setShowCode(!showCode())} data-testid="account-show-code">
                {showCode() ? tr("Code verbergen", "Hide the code") : tr("Code zeigen", "Show the code")}
              </button>{" "}
              <Show when={showCode()}>
                <code data-testid="account-code">{c()}</code> <span class="small">{tr("Aufheben und niemandem zeigen.", "Keep it and show it to no one.")}</span>
              </Show>
            </p>
          )}
        </Show>
        <form class="name-form" onSubmit={recover}>
          <input type="text" value={code()} onInput={(e) => setCode(e.currentTarget.value)} aria-label={tr("Code eines anderen Geräts", "Code from another device")} placeholder="XXXXX-XXXXX-XXXXX-XXXXX" autocomplete="off" data-testid="account-recover-input" />
          <button type="submit" class="button" data-testid="account-recover">
            {tr("Konto hierher holen", "Bring the account here")}
          </button>
          <Show when={recoverMsg()}>
            <span role="status" data-testid="account-recover-status">
              {recoverMsg()}
            </span>
          </Show>
        </form>
      </section>
    </div>
  );
}

const LEVELS: Record<string, [string, string]> = {
  leicht: ["Leicht", "Easy"],
  mittel: ["Mittel", "Medium"],
  stark: ["Stark", "Strong"],
  daily: ["Tagesmaskerade", "Daily game"],
  friendly: ["Freundschaftlich", "Friendly"],
  rated: ["Gewertet", "Rated"],
};
const RULESETS: Record<string, string> = { battlemaske: "Battlemaske", zwiegespalten: "Zwiegespalten" };
const ROLES: Record<string, [string, string]> = { conte: ["Conte", "Conte"], maske: ["Maske", "Maske"], profi: ["Profi", "Profi"] };
const labelOf = (table: Record<string, [string, string]>, key: string | null) => (key && table[key] ? tr(...table[key]!) : (key ?? "–"));

export function BilanzPage() {
  const [me] = createResource(loadMe);
  const [games] = createResource(async () => {
    const r = await fetch("/api/me/games?limit=30", { headers: authHeaders(await ensureAccount()) });
    if (!r.ok) throw new Error(String(r.status));
    return ((await r.json()) as { games: GameRow[] }).games;
  });
  const outcomeText = (o: GameRow["outcome"]) => ({ win: tr("Sieg", "Win"), loss: tr("Niederlage", "Loss"), draw: tr("Remis", "Draw"), aborted: tr("abgebrochen", "aborted") })[o];
  return (
    <div class="page bilanz">
      <h1>{tr("Bilanz", "Records")}</h1>
      <Show when={me.error || games.error}>
        <p role="alert" class="error">{tr("Die Bilanz ließ sich nicht laden.", "The records could not be loaded.")}</p>
      </Show>
      <Show when={me()}>
        {(m) => (
          <>
            <Summary me={m()} ids="bilanz" />
            <h2>{tr("Siege und Niederlagen", "Wins and losses")}</h2>
            <Show when={m().records.length > 0} fallback={<p data-testid="bilanz-empty">{tr("Noch keine beendete Partie.", "No finished game yet.")}</p>}>
              <div class="table-wrap">
              <table class="records" data-testid="bilanz-records">
                <thead>
                  <tr>
                    <th scope="col">{tr("Spiel", "Game")}</th>
                    <th scope="col">{tr("Stufe / Art", "Level / kind")}</th>
                    <th scope="col">{tr("Rolle", "Role")}</th>
                    <th scope="col">{tr("Siege", "Wins")}</th>
                    <th scope="col">{tr("Niederlagen", "Losses")}</th>
                    <th scope="col">{tr("Remis", "Draws")}</th>
                  </tr>
                </thead>
                <tbody>
                  <For each={m().records}>
                    {(r) => (
                      <tr data-testid="bilanz-record" data-game={r.game} data-level={r.level} data-role={r.role} data-helped={r.helped ? "true" : "false"} data-wins={r.wins} data-losses={r.losses} data-draws={r.draws}>
                        <td>{RULESETS[r.game] ?? r.game}</td>
                        <td>
                          {labelOf(LEVELS, r.level)}
                          <Show when={r.helped}>
                            {" "}
                            <span class="badge">{tr("mit Hilfe", "with help")}</span>
                          </Show>
                        </td>
                        <td>{labelOf(ROLES, r.role)}</td>
                        <td>{r.wins}</td>
                        <td>{r.losses}</td>
                        <td>{r.draws}</td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
              </div>
              <p class="small">{tr("„mit Hilfe“: Partien mit „Karte zurück“ oder „Rat“ – sie zählen getrennt.", "“with help”: games with a take-back or a hint – counted separately.")}</p>
            </Show>
          </>
        )}
      </Show>
      <h2>{tr("Meine Partien", "My games")}</h2>
      <Show when={(games() ?? []).length > 0} fallback={<p>{tr("Noch keine.", "None yet.")}</p>}>
        <ul class="game-history" data-testid="bilanz-games">
          <For each={games()}>
            {(g) => (
              <li data-testid="my-game" data-id={g.id}>
                <time datetime={new Date(g.finishedAt).toISOString()}>{new Date(g.finishedAt).toLocaleString(lang() === "de" ? "de-DE" : "en-GB", { dateStyle: "short", timeStyle: "short" })}</time>{" "}
                {RULESETS[g.ruleset] ?? g.ruleset} · {labelOf(LEVELS, g.kind === "computer" ? g.level : g.kind === "daily" ? "daily" : g.rated ? "rated" : "friendly")}
                <Show when={g.opponent}>{(o) => <> · {tr("gegen", "vs")} {o()}</>}</Show> · <strong>{outcomeText(g.outcome)}</strong>{" "}
                <a href={`/api/games/${g.id}`}>{tr("Protokoll (JSON)", "Log (JSON)")}</a>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </div>
  );
}
