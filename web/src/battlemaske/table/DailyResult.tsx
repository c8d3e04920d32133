// The daily attempt at its end: its daily score (Conte: the mirror reached; Maske: the rounds to field 10), where it
// stands on the day's boards once the room has reported it, and "Noch einmal": the same cards dealt anew.
import { createResource, createSignal, Show, type JSX } from "solid-js";
import type { Seat } from "../../../../shared/battlemaske/events";
import { authHeaders, ensureAccount, storedAccount } from "../../account";
import { lang, tr } from "../../i18n";
import { dailyScoreText } from "../daily";
import { saveDailyAttempt } from "../../room/session";
import { navigate } from "../../router";
import { useTable } from "./store";

interface Place {
  rank: number;
  onBoard: boolean;
  of: number;
}
/** GET /api/daily/attempts/{room} (docs/api.md). */
interface Attempt {
  finished: boolean;
  attempt: number;
  reached?: boolean;
  score?: number | null;
  mirror?: number;
  rounds?: number;
  helped?: boolean;
  late?: boolean;
  firstBoard?: boolean;
  boards?: { first: Place | null; best: Place | null };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The room reports the end to the Worker by itself, within a moment: asked again until it has (at most ~30 s). */
async function loadAttempt(room: string): Promise<Attempt | null> {
  for (let i = 0; i < 30; i++) {
    const r = await fetch(`/api/daily/attempts/${room}`, { headers: authHeaders(storedAccount()) });
    if (!r.ok) return null;
    const a = (await r.json()) as Attempt;
    if (a.finished) return a;
    await wait(1000);
  }
  return null;
}

export function DailyResult(): JSX.Element {
  const { m, rv, v, me, myRole } = useTable();
  const room = m.room;
  if (m.kind !== "daily" || !room) return null;
  const [attempt] = createResource(() => (rv().over ? room : null), loadAttempt);
  const [starting, setStarting] = createSignal(false);
  const [failed, setFailed] = createSignal(false);

  // At once from the table, until the Worker's own answer is there (the same rules: worker/daily-score.ts).
  const reached = () => attempt()?.reached ?? (rv().result?.reason === "rules" && rv().result?.winner === me());
  const mirror = () => Math.min(10, attempt()?.mirror ?? v().mirror);
  const played = () => attempt()?.rounds ?? v().round;
  const score = () => (attempt() ? attempt()!.score ?? null : reached() ? (myRole() === "conte" ? mirror() : played()) : null);
  const text = () => dailyScoreText({ role: myRole(), reached: reached(), mirror: mirror(), rounds: played(), reason: rv().result?.reason ?? "rules" }, lang());
  const place = (p: Place | null | undefined, board: "first" | "best") => {
    const name = board === "first" ? tr("Hauptliste", "Main board") : tr("Bestenliste", "Best board");
    if (!p) return null;
    if (p.onBoard) return tr(`${name}: Platz ${p.rank} von ${p.of}`, `${name}: place ${p.rank} of ${p.of}`);
    return tr(`${name}: wäre Platz ${p.rank}`, `${name}: would be place ${p.rank}`);
  };
  const why = () => {
    const a = attempt();
    if (!a) return null;
    if (a.late) return tr("Nach Mitternacht beendet: Der Seed ist jetzt öffentlich, der Versuch steht auf keiner Liste.", "Finished after midnight: the seed is public now, so the attempt is on no board.");
    const out: string[] = [];
    if (!a.firstBoard) out.push(a.attempt === 1 ? tr("Auf die Hauptliste kommt der erste Versuch nur, wenn er vor dem nächsten endet.", "The first attempt goes on the main board only if it ends before the next begins.") : tr(`Versuch ${a.attempt}: Auf die Hauptliste kommt nur der erste.`, `Attempt ${a.attempt}: only the first goes on the main board.`));
    if (a.helped) out.push(tr("Mit Hilfe gespielt: nicht auf der Bestenliste.", "Played with help: not on the best board."));
    else if (a.boards?.best && !a.boards.best.onBoard) out.push(tr("Auf der Bestenliste steht dein bester Versuch ohne Hilfe, und dieser war nicht besser.", "The best board keeps your best attempt without help, and this one was no better."));
    return out.join(" ");
  };

  async function again() {
    setStarting(true);
    setFailed(false);
    try {
      const r = await fetch("/api/daily/attempts", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(await ensureAccount()) }, body: JSON.stringify({ role: myRole() }) });
      if (r.status !== 201) throw new Error(String(r.status));
      const b = (await r.json()) as { room: string; seat: Seat; seatToken: string; date: string; attempt?: number };
      saveDailyAttempt(b, myRole());
      navigate(`/partie/${b.room}`);
    } catch {
      setFailed(true);
      setStarting(false);
    }
  }

  return (
    <div class="daily-result" data-testid="daily-result">
      <p>
        {tr("Tageswertung", "Daily score")}:{" "}
        <strong data-testid="daily-score" data-score={score() === null ? "" : String(score())} data-reached={reached() ? "true" : "false"} data-mirror={mirror()} data-rounds={played()}>
          {text()}
        </strong>
        <Show when={attempt()?.helped ?? rv().helped[me()]}>
          {" "}
          <span class="helped-mark" data-testid="daily-helped">
            {tr("mit Hilfe", "with help")}
          </span>
        </Show>
      </p>
      <Show when={attempt()} fallback={<p class="small" data-testid="daily-places-wait">{attempt.loading ? tr("Die Listen werden nachgesehen …", "Looking up the boards …") : ""}</p>}>
        {(a) => (
          <p class="small" data-testid="daily-places">
            {/* An attempt with help never goes on the best board: no place to show there. */}
            {[place(a().boards?.first, "first"), a().helped ? null : place(a().boards?.best, "best")].filter(Boolean).join(" · ")}
            <Show when={why()}>
              <br />
              {why()}
            </Show>
          </p>
        )}
      </Show>
      <p>
        <button type="button" class="button primary" data-testid="daily-again" disabled={starting()} onClick={() => void again()} title={attempt()?.late ? tr("Das Tagesspiel des neuen Tages", "The new day's daily game") : tr("Dieselben Karten noch einmal, ein neuer Versuch des Tages", "The same cards again: a new attempt of the day")}>
          {attempt()?.late ? tr("Heutiges Tagesspiel", "Today's daily game") : tr("Noch einmal", "Play again")}
        </button>{" "}
        {/* Past midnight the next attempt is the new day's, with other cards (a pass read "denselben Karten" there). */}
        <span class="small">{attempt()?.late ? tr("ein neuer Tag: neue Karten", "a new day: new cards") : tr("ein neuer Versuch mit denselben Karten", "a new attempt with the same cards")}</span>
        <Show when={failed()}>
          {" "}
          <span role="alert" class="error">
            {tr("Der neue Versuch konnte nicht beginnen.", "The new attempt could not start.")}
          </span>
        </Show>
      </p>
    </div>
  );
}
