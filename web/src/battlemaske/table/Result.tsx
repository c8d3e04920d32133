// The result of the game: who won and why, the last round, the mirror, and the ways on.
import { Show, type JSX } from "solid-js";
import type { Seat } from "../../../../shared/battlemaske/events";
import { tr } from "../../i18n";
import { DailyResult } from "./DailyResult";
import { LeaveButton } from "./LeaveButton";
import { useTable } from "./store";

export function Result(): JSX.Element {
  const { m, rv, v, me, opp, myRole, role, showResult, setShowResult } = useTable();
  const winnerRole = (): "conte" | "maske" | null => {
    const r = rv().result;
    if (r && r.winner !== null && r.reason !== "rules") return v().roles[r.winner as Seat];
    if (v().variant === "profi") {
      const w = v().match?.result?.winner;
      if (w === undefined || w === null) return null;
      return v().roles[w];
    }
    return v().winner;
  };
  const iWon = () => {
    const r = rv().result;
    if (r) return r.draw ? null : r.winner === me();
    const w = winnerRole();
    return w === null ? null : w === myRole();
  };
  return (
    <Show when={rv().over && showResult()}>
      <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="result-title">
        <div class="overlay-card" data-testid="game-result" data-winner={winnerRole() ?? "draw"} data-winner-seat={String(rv().result?.winner ?? v().match?.result?.winner ?? (v().winner ? v().roles.indexOf(v().winner!) : ""))} data-reason={rv().result?.reason ?? "rules"}>
          <h2 id="result-title">
            {rv().result?.reason === "aborted"
              ? tr("Abgebrochen – nicht gewertet", "Aborted – not rated")
              : m.kind === "hotseat"
              ? winnerRole()
                ? tr(`${role(winnerRole()!)} gewinnt!`, `${role(winnerRole()!)} wins!`)
                : tr("Unentschieden", "A draw")
              : iWon() === null
                ? tr("Unentschieden", "A draw")
                : iWon()
                  ? tr("Gewonnen!", "You won!")
                  : tr("Verloren", "You lost")}
          </h2>
          <p>
            <Show
              when={rv().result?.reason !== "aborted"}
              fallback={tr("Die Partie endete vor 10 gespielten Karten und 3 Minuten: keine Punkte, kein Elo, keine Taler.", "The game ended before 10 cards and 3 minutes: no points, no Elo, no Taler.")}
            >
              <Show when={winnerRole()} fallback={tr("Niemand gewinnt.", "Nobody wins.")}>
                {(w) => <>{tr(`${role(w())} gewinnt`, `${role(w())} wins`)}</>}
              </Show>
              {rv().result && rv().result!.reason !== "rules" ? ` (${reasonText(rv().result!.reason)})` : ""}.
            </Show>
          </p>
          <Show when={m.round()}>
            {(r) => (
              <p class="round-sum">
                {tr("Letzte Runde", "Last round")}: {role("conte")} <b>{r().conte}</b> : <b>{r().maske}</b> {role("maske")} → <b>{r().moved}</b>
              </p>
            )}
          </Show>
          <p>
            {tr("Spiegel", "Mirror")}: <b>{v().mirror}</b> / 10
            <Show when={v().match}>{(mt) => <> · Profi {mt().scores[me()]} : {mt().scores[opp()]}</>}</Show>
          </p>
          <Show when={rv().helped[me()]}>
            <p class="helped">{tr("Diese Partie zählt „mit Hilfe“.", "This game counts as \"with help\".")}</p>
          </Show>
          <DailyResult />
          <div class="overlay-buttons">
            <button type="button" class="button" data-testid="view-table" onClick={() => setShowResult(false)}>
              {tr("Tisch ansehen", "View the table")}
            </button>
            <Show when={m.newGame}>
              <button type="button" class="button primary" data-testid="new-game" onClick={() => m.newGame!()}>
                {tr("Neue Partie", "New game")}
              </button>
            </Show>
            <LeaveButton testId="leave-result" />
          </div>
        </div>
      </div>
    </Show>
  );
}

function reasonText(r: string): string {
  switch (r) {
    case "resign":
      return tr("Aufgabe", "resignation");
    case "leave":
      return tr("Tisch verlassen", "left the table");
    case "timeout":
      return tr("Zeit abgelaufen", "time ran out");
    case "aborted":
      return tr("abgebrochen", "aborted");
    default:
      return "";
  }
}
