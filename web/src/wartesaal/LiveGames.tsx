// The Wartesaal's running games, live from the lobby (its `live` message): who plays, the rules, the clock, the score so
// far, rated or not — and "Zuschauen", which opens the table as a spectator sees it; at a table this browser holds a
// seat of, "Zurück an deinen Tisch" instead (any game: it opens the own seat, not a spectator's view).
import { For, Show, type JSX } from "solid-js";
import type { LiveGame } from "../../../shared/lobby";
import { capital, trackName } from "../../../shared/battlemaske/words";
import type { TimeControl } from "../../../shared/room/clock";
import { levelName } from "../goldwaage/names";
import { lang, minutesText, tr } from "../i18n";
import { ownSeat } from "../room/session";
import { Link } from "../router";
import { watchHref } from "./watch";
import { countGuests, guestName } from "../ui/guests";


function players(g: LiveGame): string {
  // Two guests are told apart by their seat ("Gast 1 gegen Gast 2"), as the table and the replay name them; one is "Gast".
  const guests = countGuests(g.seats.length, (i) => !!g.seats[i]?.name, (i) => !!g.seats[i]?.computer);
  return g.seats.map((s, i) => (s.computer ? tr("Computer", "Computer") : s.name ?? guestName(i, guests)[lang()])).join(g.game === "battlemaske" ? tr(" gegen ", " vs ") : ", ");
}

function clockText(c: TimeControl | null): string {
  if (!c) return tr("ohne Uhr", "no clock");
  if (c.type === "brake") return tr("ohne Uhr (Notbremse)", "no clock (brake)");
  return `${minutesText(c.initialMs / 60_000)}+${c.incrementMs / 1000}`;
}

function rulesText(g: LiveGame): string {
  if (g.game === "goldwaage") return `Goldwaage · ${levelName(g.level ?? "")}`;
  return `${g.ruleset === "zwiegespalten" ? "Zwiegespalten" : "Battlemaske"}${g.variant === "profi" ? " · Profi" : ""}`;
}

function scoreText(g: LiveGame): string {
  const round = tr(`Runde ${g.round}`, `round ${g.round}`);
  if (g.mirror !== null) return `${round} · ${capital(trackName(g.ruleset === "zwiegespalten" ? "zwiegespalten" : "battlemaske", lang()))} ${g.mirror}/10`;
  if (g.lives !== null) return `${round} · ${tr(`${g.lives} Leben`, `${g.lives} lives`)}`;
  return round;
}

/** Back to one's own seat at a running table. */
export function ReturnLink(props: { room: string; testId?: "live-return" | "lobby-return" }): JSX.Element {
  return (
    <Link class="button primary" href={`/partie/${props.room}`} data-testid={props.testId ?? "live-return"}>
      {tr("Zurück an deinen Tisch", "Back to your table")}
    </Link>
  );
}

/** `connected`: whether the lobby is connected — while it is not, the list is unknown, and no "no game" is said. */
export function LiveGames(props: { games: readonly LiveGame[]; connected: boolean }): JSX.Element {
  return (
    <section aria-labelledby="live-title" class="live-games">
      <h2 id="live-title">{tr("Laufende Partien", "Games in progress")}</h2>
      <ul class="lobby-list">
        <For each={props.games}>
          {(g) => (
            <li data-testid="live-game" data-room={g.room} data-game={g.game}>
              <strong>{players(g)}</strong> <span>{rulesText(g)}</span> · <span>{clockText(g.clock)}</span> · <span data-testid="live-score">{scoreText(g)}</span>
              {g.rated ? <small>{tr(` · gewertet${g.stake > 0 ? `, ${g.stake} Taler` : ""}`, ` · rated${g.stake > 0 ? `, ${g.stake} Taler` : ""}`)}</small> : null}{" "}
              <Show when={!ownSeat(g.room)} fallback={<ReturnLink room={g.room} />}>
                <Link class="button" href={watchHref(g)} data-testid="live-watch">
                  {tr("Zuschauen", "Watch")}
                </Link>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={props.connected && props.games.length === 0}>
        <p>{tr("Gerade läuft keine Partie.", "No game is being played right now.")}</p>
      </Show>
    </section>
  );
}
