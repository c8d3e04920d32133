// The result of the game: who won (by name) and why, Profi's scores, the last round, the track, and the ways on.
import { modalFocus } from "../../ui/focus";
import { For, Show, type JSX } from "solid-js";
import type { Seat } from "../../../../shared/battlemaske/events";
import { capital, personOf, roleNoun, subject, trackName } from "../../../../shared/battlemaske/words";
import { lang, tr } from "../../i18n";
import { endLines, matchPeople, noShowText, personAt, withoutTitle } from "../log";
import { conteSeat, roleOf } from "../../../../shared/battlemaske/state";
import { dailyMirrorText } from "../daily";
import { DailyResult } from "./DailyResult";
import { LeaveButton } from "./LeaveButton";
import { RatedChange } from "./RatedChange";
import { Rematch } from "./Rematch";
import { Link } from "../../router";
import { Scoresheet } from "../Scoresheet";
import { useTable } from "./store";

/** `children`: more about the result (the daily game's score), shown under the scores. */
export function Result(props: { children?: JSX.Element }): JSX.Element {
  const { m, rv, v, me, role, rs, viewer, myRole, showResult, setShowResult } = useTable();
  /** The seat that won the game (Profi: the match), null for a draw or while nobody has. */
  const winnerSeat = (): Seat | null => {
    const r = rv().result;
    if (r) return r.draw || r.winner === null || r.winner === undefined ? null : (r.winner as Seat);
    if (v().variant === "profi") return v().match?.result?.winner ?? null;
    const w = v().winner;
    return w ? (v().roles.indexOf(w) as Seat) : null;
  };
  /** The role of the winning seat in the last game. */
  const winnerRole = (): "conte" | "maske" | null => {
    const s = winnerSeat();
    return s === null ? null : v().roles[s];
  };
  const iWon = () => (winnerSeat() === null ? null : winnerSeat() === me());
  const reason = () => rv().result?.reason ?? "rules";
  const lines = () => {
    const vv = v();
    const res = vv.results;
    return endLines(
      {
        ruleset: vv.ruleset,
        variant: vv.variant,
        me: viewer(),
        opponent: m.opponent,
        winner: winnerSeat(),
        reason: reason(),
        roles: [vv.roles[0], vv.roles[1]],
        mirror: vv.mirror,
        // Seat 0 was the Maske in game 2, seat 1 in game 1.
        match: vv.match ? { scores: vv.match.scores, rounds: res.length >= 2 ? [res[1]!.rounds, res[0]!.rounds] : null } : null,
      },
      lang(),
    );
  };
  /** A player's own role in `game` (none for a spectator or at one shared device: there the columns are the roles). */
  const mine = (game: 1 | 2): "conte" | "maske" | null => (m.spectator || m.kind === "hotseat" ? null : roleOf({ game }, me()));
  /** The round the game stopped in before its end (given up, a flag, a leave), if any of it was played. */
  const openRound = (): { game: 1 | 2; round: number; conte: number; maske: number } | null => {
    const vv = v();
    if (reason() === "rules" || reason() === "aborted") return null;
    const ended = vv.rounds.some((r) => r.game === vv.game && r.round === vv.round);
    // With the tricks it stood at: "2 · 3 : 0 · nicht zu Ende gespielt" (a bare "nicht zu Ende gespielt" lost the score
    // the table had shown, a fresh-eyes pass).
    const conte = conteSeat(vv.game);
    return ended ? null : { game: vv.game, round: vv.round, conte: vv.tricks[conte], maske: vv.tricks[1 - conte] };
  };
  const title = () => {
    // "nicht gewertet" only where there was a rating to lose: a friendly game called off for a no-show simply does not count.
    if (reason() === "aborted") return m.rated ? tr("Abgebrochen – nicht gewertet", "Aborted – not rated") : tr("Abgebrochen – zählt nicht", "Called off – does not count");
    // A spectator won nothing: who did, by name.
    if (m.spectator && m.seatName) {
      const w = winnerSeat();
      // "Der Computer gewinnt!", as the sentence under it says (a pass read "Computer gewinnt!").
      return w === null ? tr("Unentschieden", "A draw") : `${subject(personOf(m.seatName(w)), lang(), true)} ${tr("gewinnt!", "wins!")}`;
    }
    if (m.kind === "hotseat" && v().variant !== "profi") return winnerRole() ? `${capital(roleNoun(rs(), winnerRole()!, lang()))} ${tr("gewinnt!", "wins!")}` : tr("Unentschieden", "A draw");
    if (m.kind === "hotseat") {
      const w = winnerSeat();
      return w === null ? tr("Unentschieden", "A draw") : `${subject(matchPeople(rs(), null, m.opponent)[w], lang(), true)} ${tr("gewinnt!", "wins!")}`;
    }
    return iWon() === null ? tr("Unentschieden", "A draw") : iWon() ? tr("Gewonnen!", "You won!") : tr("Verloren", "You lost");
  };
  return (
    <Show when={rv().over && showResult()}>
      <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="result-title" ref={(el) => modalFocus(el, () => setShowResult(false))}>
        <div class="overlay-card" data-testid="game-result" data-winner={winnerRole() ?? "draw"} data-winner-seat={winnerSeat() === null ? "" : String(winnerSeat())} data-reason={reason()}>
          <h2 id="result-title">{title()}</h2>
          {/* On a low landscape screen the sentences and the scoresheet stand side by side (under each other the box pushed
              its buttons off the screen). */}
          <div class={`result-body${v().rounds.length > 0 || openRound() ? " with-sheet" : ""}`}>
            <Show
              when={reason() !== "aborted"}
              fallback={
                <Show
                  when={rv().result?.absent}
                  fallback={<p>{tr("Die Partie endete, bevor 10 Karten gespielt oder 3 Minuten vergangen waren: Sie zählt nicht – keine Punkte, kein Elo, keine Taler.", "The game ended before 10 cards were played or 3 minutes had passed: it does not count – no points, no Elo, no Taler.")}</p>}
                >
                  {(absent) => (
                    <p data-testid="result-no-show">
                      {noShowText(absent().map((s) => personAt(v(), s as Seat, viewer(), m.opponent)), lang())} {tr("Keine Punkte, kein Elo, keine Taler.", "No points, no Elo, no Taler.")}
                    </p>
                  )}
                </Show>
              }
            >
              <div data-testid="result-text">
                {/* Not the title once more (hot-seat: "Der Conte gewinnt!" over "Der Conte gewinnt.", a player pass). */}
                <For each={withoutTitle(lines(), title())}>{(line) => <p>{line}</p>}</For>
              </div>
            </Show>
            <Show when={rv().result?.uncounted}>
              {/* A spectator has no record of this game: the sentence speaks of the players' (a player pass). */}
              <p data-testid="result-uncounted">
                {m.spectator
                  ? tr("Zählt nicht: Die Partie endete, bevor 10 Karten gespielt oder 3 Minuten vergangen waren – in den Bilanzen der beiden steht sie als „abgebrochen“.", "Not counted: the game ended before 10 cards were played or 3 minutes had passed – both players' records list it as “aborted”.")
                  : tr("Zählt nicht: Die Partie endete, bevor 10 Karten gespielt oder 3 Minuten vergangen waren – in der Bilanz steht sie als „abgebrochen“.", "Not counted: the game ended before 10 cards were played or 3 minutes had passed – your records list it as “aborted”.")}
              </p>
            </Show>
            {/* Every round, not just the last: the end box named one round, and how the game went stood only in the log. */}
            <Show when={v().rounds.length > 0 || openRound()}>
              <Scoresheet
                rounds={v().rounds}
                open={openRound()}
                rs={rs()}
                profi={v().variant === "profi"}
                head={(r) => (v().variant !== "profi" && mine(1) === r ? `${role(r)} (${tr("du", "you")})` : role(r))}
                gameNote={(game) => {
                  const own = mine(game);
                  // At one shared device the second game's line says the roles changed hands (nothing said so: a pass).
                  if (m.kind === "hotseat") return game === 2 ? tr("Rollen getauscht", "roles swapped") : null;
                  return own ? `${tr("du als", "you as")} ${role(own)}` : null;
                }}
                testId="result-rounds"
                lastTestId="result-round"
                scrollEnd
              />
            </Show>
            {/* In the body: on a phone on its side it stands beside the sheet, not under it (a pass: the buttons covered it).
                A Conte who gave the daily game up: the mirror its score counts, not the table's (daily.ts). */}
            <Show
              when={m.kind === "daily" && !m.spectator && winnerSeat() !== me() && dailyMirrorText({ role: myRole(), reached: false, mirror: v().mirror, rounds: v().round, reason: reason() }, lang())}
              fallback={
                <p data-testid="result-mirror" data-mirror={v().mirror}>
                  {/* Profi: the second game's track (the scoresheet above lists both games; a pass read it as the match's). */}
                  {capital(trackName(rs(), lang()))}
                  {v().variant === "profi" ? ` (${tr("Partie", "game")} ${v().game})` : ""}: <b>{v().mirror}</b> / 10
                </p>
              }
            >
              {(text) => (
                <p data-testid="result-mirror" data-mirror="10" data-table-mirror={v().mirror}>
                  {text()}
                </p>
              )}
            </Show>
          </div>
          {props.children}
          <RatedChange />
          <Show when={!m.spectator && rv().helped[me()]}>
            <p class="helped">{tr("Diese Partie zählt „mit Hilfe“.", "This game counts as “with help”.")}</p>
          </Show>
          <DailyResult />
          <Rematch />
          <div class="overlay-buttons">
            <button type="button" class="button" data-testid="view-table" onClick={() => setShowResult(false)}>
              {tr("Tisch ansehen", "View the table")}
            </button>
            <Show when={m.newGame}>
              <button type="button" class="button primary" data-testid="new-game" onClick={() => m.newGame!()}>
                {tr("Neue Partie", "New game")}
              </button>
            </Show>
            {/* A daily game can be replayed once its day is over: the button says so (it led to a page saying "not yet"). */}
            <Show when={m.kind !== "hotseat" && m.room}>{(room) => <Link class="button" href={`/replay/${room()}`} data-testid="result-replay">{m.kind === "daily" ? tr("Nachspielen ab morgen", "Replay from tomorrow") : tr("Partie nachspielen", "Replay the game")}</Link>}</Show>
            <LeaveButton testId="leave-result" />
          </div>
        </div>
      </div>
    </Show>
  );
}
