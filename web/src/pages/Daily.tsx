// "Tagesmaskerade": the same deal for everyone today, against Stark; today's boards, yesterday's seed to check.
import { createMemo, createResource, createSignal, For, Show } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { authHeaders, ensureAccount, storedAccount, TableRefused } from "../account";
import { dayText, lang, tr } from "../i18n";
import { NameForm } from "../ui/NameForm";
import { loadSession, runningGames, saveDailyAttempt } from "../room/session";
import { Link, navigate } from "../router";
import { SetupGo } from "../ui/SetupGo";
import { tableLimitText } from "../ui/refusals";
import { dailyDeals, type BoardEntry } from "../../../shared/daily";
import { cardLabel } from "../../../shared/battlemaske/words";
import { sortCards, type Card } from "../../../shared/battlemaske/cards";

type Role = "conte" | "maske";
interface DayInfo {
  date: string;
  commitment: string;
  previous: { date: string; seed: string; commitment: string };
}
/** A board entry; the own entry (`me`) may come without the mark. */
type Entry = Omit<BoardEntry, "helped" | "finishedAt"> & { helped?: boolean };
interface Board {
  entries: Entry[];
  me?: Entry | null;
}

async function sha256(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

const DAILY_ROLE = "spielcenter.daily.role";
function lastRole(): Role {
  try {
    return localStorage.getItem(DAILY_ROLE) === "maske" ? "maske" : "conte";
  } catch {
    return "conte";
  }
}

export function Daily() {
  // The role chosen last time (a fresh-eyes pass: the second attempt fell back to Conte).
  const [role, setRoleNow] = createSignal<Role>(lastRole());
  const setRole = (r: Role) => {
    setRoleNow(r);
    try {
      localStorage.setItem(DAILY_ROLE, r);
    } catch {
      // storage blocked: the choice holds for this page only
    }
  };
  const [boardRole, setBoardRole] = createSignal<Role>("conte");
  const [board, setBoard] = createSignal<"first" | "best">("first");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [checked, setChecked] = createSignal<boolean | null>(null);
  const [day] = createResource(async () => {
    const r = await fetch("/api/daily");
    if (!r.ok) throw new Error(String(r.status));
    return (await r.json()) as DayInfo;
  });
  const [entries, { refetch }] = createResource(
    () => (day() ? { date: day()!.date, role: boardRole(), board: board() } : null),
    async (q) => {
      const r = await fetch(`/api/daily/${q.date}/leaderboard?role=${q.role}&board=${q.board}`, { headers: authHeaders(storedAccount()) });
      if (!r.ok) throw new Error(String(r.status));
      return (await r.json()) as Board;
    },
  );

  // Today's attempts still running in this browser, the first attempt first. Continuing is the way on: "Tagespartie
  // spielen" used to begin another attempt quietly, and a running first attempt then lost its place on the main board
  // (a player pass; the rule: docs/api.md); a second one begun must not hide the first either (a later pass). Read
  // once per day shown: the page itself changes the stored seats only by leaving for a new table.
  const runningAll = createMemo(() => {
    const d = day();
    if (!d) return [];
    return runningGames()
      .map((g) => loadSession(g.room))
      .filter((s): s is NonNullable<typeof s> => s?.kind === "daily" && s.date === d.date)
      .sort((a, b) => (a.attempt ?? Infinity) - (b.attempt ?? Infinity));
  });
  const running = () => runningAll()[0] ?? null;
  // A new attempt while the first runs costs the main board: asked once more before it begins.
  const [confirmNew, setConfirmNew] = createSignal(false);
  const costsMainBoard = () => running()?.attempt === 1;
  // What a new attempt means for the running one, as far as this browser knows which attempt it is (a fresh-eyes pass
  // could not tell from the first wording what would happen to it).
  const runningText = (s: { attempt?: number; role?: "conte" | "maske" }) => {
    const as = s.role ? (s.role === "conte" ? " als Conte" : " als Maske") : "";
    const asEn = s.role ? (s.role === "conte" ? " as Conte" : " as Maske") : "";
    if (s.attempt === 1)
      return tr(
        `Dein erster Versuch von heute${as} läuft noch. Beginnst du vorher einen neuen (mit denselben Karten), kommst du heute nicht auf die Hauptliste: Sie nimmt den ersten Versuch nur, wenn er endet, bevor ein neuer beginnt. Der laufende bleibt offen, die Bestenliste zählt weiter.`,
        `Your first attempt of today${asEn} is still running. If you begin a new one (with the same cards) before it ends, you will not be on today's main board, which takes a first attempt only if it ended before the next began. The running one stays open; the best board still counts.`,
      );
    if (typeof s.attempt === "number")
      return tr(
        `Dein ${s.attempt}. Versuch von heute${as} läuft noch. Ein neuer beginnt mit denselben Karten von vorn; der laufende bleibt offen.`,
        `Your attempt no. ${s.attempt} of today${asEn} is still running. A new one starts over with the same cards; the running one stays open.`,
      );
    return tr(
      `Dein Versuch von heute${as} läuft noch. Ein neuer beginnt mit denselben Karten von vorn – ist der laufende dein erster, kommt er nur auf die Hauptliste, wenn er endet, bevor du einen neuen beginnst.`,
      `Today's attempt${asEn} is still running. A new one starts over with the same cards – if the running one is your first, it goes on the main board only if it ends before you begin another.`,
    );
  };

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const account = await ensureAccount();
      const r = await fetch("/api/daily/attempts", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(account) }, body: JSON.stringify({ role: role() }) });
      if (r.status === 429) throw new TableRefused(429, tableLimitText());
      if (r.status !== 201) throw new Error(`${r.status}`);
      const b = (await r.json()) as { room: string; seat: Seat; seatToken: string; date: string; attempt?: number };
      saveDailyAttempt(b, role());
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(e instanceof TableRefused && e.text ? e.text : tr(`Die Tagespartie konnte nicht beginnen (${String(e)}).`, `The daily game could not start (${String(e)}).`));
      setBusy(false);
      // The error stands with the start button.
      setConfirmNew(false);
    }
  }

  async function check() {
    const d = day();
    if (!d) return;
    setChecked((await sha256(d.previous.seed)) === d.previous.commitment);
  }

  const roundsText = (n: number) => tr(`${n} ${n === 1 ? "Runde" : "Runden"}`, `${n} round${n === 1 ? "" : "s"}`);
  // A missed attempt shows how far it came: a Conte the round the mirror reached 10, a Maske the mirror after its rounds.
  const scoreText = (e: Entry, r: Role) =>
    e.score === null
      ? r === "conte"
        ? tr(`verfehlt · Spiegel 10 in Runde ${e.rounds}`, `missed · mirror 10 in round ${e.rounds}`)
        : tr(`verfehlt · Spiegel ${Math.min(10, e.mirror)} nach ${roundsText(e.rounds)}`, `missed · mirror ${Math.min(10, e.mirror)} after ${roundsText(e.rounds)}`)
      : r === "conte"
        ? tr(`Spiegel ${e.score}`, `mirror ${e.score}`)
        : roundsText(e.score);

  return (
    <div class="page daily">
      <h1>{tr("Tagesmaskerade", "Daily game")}</h1>
      <p class="lead">
        {tr(
          "Heute spielen alle dieselben Karten gegen Stark. Dein erster Versuch kommt auf die Hauptliste, dein bester ohne Hilfe auf die Bestenliste.",
          "Today everyone plays the same cards against Strong. Your first attempt goes on the main board, your best one without help on the best board.",
        )}
      </p>
      <Show when={day()}>{(d) => <p class="kicker" data-date={d().date}>{dayText(d().date)} <small>{tr("(der Tag nach Berliner Zeit)", "(the day by Berlin time)")}</small></p>}</Show>
      <Show when={running()}>
        {(s) => (
          <div class="daily-running" data-testid="daily-running">
            <Link class="button primary big" href={`/partie/${s().room}`} data-testid="daily-resume">
              {runningAll().length > 1 && s().attempt ? tr(`${s().attempt}. Versuch fortsetzen`, `Continue attempt no. ${s().attempt}`) : tr("Deinen Versuch fortsetzen", "Continue your attempt")}
            </Link>
            <For each={runningAll().slice(1)}>
              {(o) => (
                <>
                  {" "}
                  <Link class="button big" href={`/partie/${o.room}`} data-testid="daily-resume-other">
                    {o.attempt ? tr(`${o.attempt}. Versuch fortsetzen`, `Continue attempt no. ${o.attempt}`) : tr("Anderen Versuch fortsetzen", "Continue the other attempt")}
                  </Link>
                </>
              )}
            </For>
            <p class="small" data-testid="daily-new-warning">
              {runningText(s())}
            </p>
            {/* The role and the button below are the new attempt's (a pass picked a role there for the running one). */}
            <h2 class="daily-new-title">{tr("Oder ein neuer Versuch", "Or a new attempt")}</h2>
          </div>
        )}
      </Show>
      <fieldset class="choices">
        <legend>{tr("Deine Rolle", "Your role")}</legend>
        <div class="choice-row">
          <button type="button" class="choice" aria-pressed={role() === "conte"} data-testid="daily-role-conte" onClick={() => setRole("conte")}>
            Conte <small>{tr("Spiegel niedrig halten", "keep the mirror low")}</small>
          </button>
          <button type="button" class="choice" aria-pressed={role() === "maske"} data-testid="daily-role-maske" onClick={() => setRole("maske")}>
            Maske <small>{tr("in wenigen Runden auf 10", "reach 10 in few rounds")}</small>
          </button>
        </div>
      </fieldset>
      <Show
        when={confirmNew()}
        fallback={
          <SetupGo testId="daily-start" busy={busy()} error={error()} onGo={() => (costsMainBoard() ? setConfirmNew(true) : void start())} back={false} quiet={running() !== null}>
            {running() ? tr("Neuen Versuch beginnen", "Begin a new attempt") : tr("Tagespartie spielen", "Play today's game")}
          </SetupGo>
        }
      >
        <div class="setup-go" role="group" data-testid="daily-start-ask">
          <p>{tr("Wirklich? Dann kommst du heute nicht auf die Hauptliste.", "Really? Then you will not be on today's main board.")}</p>
          <button type="button" class="button" data-testid="daily-start-confirm" disabled={busy()} onClick={() => void start()}>
            {tr("Ja, neuen Versuch beginnen", "Yes, begin a new attempt")}
          </button>
          <button type="button" class="button primary" onClick={() => setConfirmNew(false)}>
            {tr("Nein, zurück", "No, back")}
          </button>
        </div>
      </Show>

      <section class="board-section" aria-labelledby="board-title">
        <h2 id="board-title">{tr("Heutige Listen", "Today's boards")}</h2>
        <div class="choice-row">
          <button type="button" class="choice" aria-pressed={boardRole() === "conte"} data-testid="board-conte" onClick={() => setBoardRole("conte")}>
            Conte
          </button>
          <button type="button" class="choice" aria-pressed={boardRole() === "maske"} data-testid="board-maske" onClick={() => setBoardRole("maske")}>
            Maske
          </button>
          <button type="button" class="choice" aria-pressed={board() === "first"} data-testid="board-first" onClick={() => setBoard("first")}>
            {tr("Erster Versuch", "First attempt")}
          </button>
          <button type="button" class="choice" aria-pressed={board() === "best"} data-testid="board-best" onClick={() => setBoard("best")}>
            {tr("Bester ohne Hilfe", "Best without help")}
          </button>
          <button type="button" class="choice quiet" data-testid="board-refresh" onClick={() => void refetch()}>
            {tr("Aktualisieren", "Refresh")}
          </button>
        </div>
        <table class="board" data-testid="leaderboard" data-count={entries()?.entries.length ?? 0}>
          <thead>
            <tr>
              <th>#</th>
              <th>{tr("Name", "Name")}</th>
              <th>{tr("Ergebnis", "Result")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={entries()?.entries ?? []} fallback={<tr><td colspan="3">{tr("Noch niemand auf dieser Liste.", "Nobody on this board yet.")}</td></tr>}>
              {(e) => (
                <tr classList={{ mine: entries()?.me?.rank === e.rank && entries()?.me?.name === e.name }}>
                  <td>{e.rank}</td>
                  <td>{e.name ?? tr("Gast", "Guest")}</td>
                  <td data-testid="board-score">
                    {scoreText(e, boardRole())}
                    <Show when={e.helped}>
                      {" "}
                      <span class="helped-mark" data-testid="board-helped" title={tr("mit „Rat“ oder „Karte zurück“ gespielt", "played with a hint or a take-back")}>
                        {tr("mit Hilfe", "with help")}
                      </span>
                    </Show>
                  </td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
        {/* Two players with the same mirror stand one above the other: the page says why (the tie-breaks, docs/api.md). */}
        <p class="small" data-testid="board-ties">
          {tr(
            "Bei gleichem Ergebnis: ein Conte-Sieg mit der kleineren Stichdifferenz der letzten Runde vorn, eine Maske mit dem höheren Spiegel; verfehlte Versuche nach den überstandenen Runden (Conte) oder dem höheren Spiegel (Maske); zuletzt, wer früher fertig war.",
            "Equal results: a Conte's win with the smaller trick difference of the last round first, a Maske with the higher mirror; missed attempts by the rounds survived (Conte) or the higher mirror (Maske); last, whoever finished first.",
          )}
        </p>
        <Show when={entries()?.me}>
          {(m) => (
            <p data-testid="my-rank">
              {tr("Dein Platz", "Your place")}: <strong>{m().rank}</strong> · {scoreText(m(), boardRole())}
              <Show when={m().helped}>
                {" · "}
                <span class="helped-mark" data-testid="my-rank-helped">{tr("mit Hilfe", "with help")}</span>
              </Show>
            </p>
          )}
        </Show>
      </section>

      <section aria-labelledby="name-title">
        <h2 id="name-title">{tr("Dein Name auf der Liste", "Your name on the board")}</h2>
        <NameForm inputTestId="daily-name" label={tr("Name", "Name")} button={tr("Speichern", "Save")} onSaved={() => void refetch()} />
        {/* The recovery code is the whole account: it stays behind "Code zeigen" on Konto and is never printed beside a
            public board (the player pass: a screenshot of the board gave the account away). */}
        <Show when={storedAccount()}>
          <p class="small" data-testid="daily-account-note">
            {tr("Dein Konto lebt in diesem Browser. Den Wiederherstellungscode für ein anderes Gerät findest du unter ", "Your account lives in this browser. The recovery code for another device is under ")}
            <Link href="/konto">{tr("Konto", "Account")}</Link>.
          </p>
        </Show>
      </section>

      <Show when={day()}>
        {(d) => (
          <section aria-labelledby="check-title">
            {/* In plain words first: "Seed", "SHA-256" and "Verpflichtung" told a player nothing (a player pass); the
                strings stay, for anyone who wants to check them elsewhere. */}
            <h2 id="check-title">{tr("Faire Karten, nachprüfbar", "Fair cards, checkable")}</h2>
            <p class="small">
              {tr(
                "Die Karten eines Tages entstehen aus einem geheimen Code. Seinen Fingerabdruck (SHA-256 des Codes, als Text) zeigen wir schon vorher, den Code selbst erst nach dem Tag: So lassen sich die Karten nicht mehr ändern, wenn die ersten gespielt haben.",
                "A day's cards come from a secret code. We show its fingerprint (the SHA-256 of the code as text) beforehand and the code itself only after the day: so the cards cannot be changed once the first players have played.",
              )}
            </p>
            <dl class="small daily-proof">
              <dt>{tr(`Code vom ${dayText(d().previous.date)}`, `Code of ${dayText(d().previous.date)}`)}</dt>
              <dd>
                <code data-testid="previous-seed">{d().previous.seed}</code>
              </dd>
              <dt>{tr("Sein Fingerabdruck, vorher gezeigt", "Its fingerprint, shown beforehand")}</dt>
              <dd>
                <code>{d().previous.commitment}</code>
              </dd>
            </dl>
            <button type="button" class="button" data-testid="check-seed" onClick={check}>
              {tr("Passt der Code zum Fingerabdruck?", "Does the code match the fingerprint?")}
            </button>{" "}
            <Show when={checked() !== null}>
              <span role="status" data-testid="check-result">
                {checked() ? tr("✓ stimmt überein", "✓ matches") : tr("✗ stimmt nicht", "✗ does not match")}
              </span>
            </Show>
            <dl class="small daily-proof">
              <dt>{tr(`Fingerabdruck für heute, ${dayText(d().date)}`, `Fingerprint for today, ${dayText(d().date)}`)}</dt>
              <dd>
                <code data-testid="today-commitment">{d().commitment}</code>
              </dd>
            </dl>
            {/* What the code dealt, re-dealt here from it: the code alone proved nothing a player could see (a player pass). */}
            <details class="small daily-cards" data-testid="previous-cards">
              <summary>{tr(`Die Karten vom ${dayText(d().previous.date)} ansehen`, `See the cards of ${dayText(d().previous.date)}`)}</summary>
              <p>
                {tr(
                  "Aus dem Code neu gegeben, hier in deinem Browser: Diese Karten bekam an dem Tag jeder Versuch, Runde für Runde, vor dem Tausch – vergleiche sie mit deiner Partie beim Nachspielen (",
                  "Dealt again from the code, here in your browser: every attempt of that day got these cards, round by round, before the exchange – compare them with your game in its replay (",
                )}
                <Link href="/bilanz">{tr("Bilanz", "Records")}</Link>
                {tr(" → Meine Partien).", " → My games).")}
              </p>
              <For each={dailyDeals(d().previous.seed)}>
                {(deal, i) => {
                  // A card's name never breaks ("Elixier / 2+" did on a phone, a pass).
                  const cards = (cs: readonly Card[]) => sortCards(cs).map((c) => cardLabel("battlemaske", c, lang()).replace(/ /g, "\u00a0")).join(", ");
                  return (
                    <dl class="daily-proof" data-testid="previous-round" data-round={i() + 1} data-conte={deal.hands[0].join(" ")} data-maske={deal.hands[1].join(" ")} data-aside={deal.aside.join(" ")}>
                      <dt>
                        {tr("Runde", "Round")} {i() + 1} · Conte
                      </dt>
                      <dd>{cards(deal.hands[0])}</dd>
                      <dt>
                        {tr("Runde", "Round")} {i() + 1} · Maske
                      </dt>
                      <dd>{cards(deal.hands[1])}</dd>
                      <dt>
                        {tr("Runde", "Round")} {i() + 1} · {tr("beiseite", "aside")}
                      </dt>
                      <dd>{cards(deal.aside)}</dd>
                    </dl>
                  );
                }}
              </For>
            </details>
          </section>
        )}
      </Show>
    </div>
  );
}
