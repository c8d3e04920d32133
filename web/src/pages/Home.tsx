import { For, Show } from "solid-js";
import { GAMES, type GameId } from "../../../shared/catalog";
import { lang, momentText, playersText, tr, ui } from "../i18n";
import { duelLevelName } from "../levels";
import { hrefOf } from "../route";
import { Link } from "../router";
import { currentRoom, loadSession, runningGames, type RunningGame } from "../room/session";

/** What an unfinished game was, in a few words. */
function runningText(g: RunningGame): string {
  // The level in the page's language ("Against the computer (Mittel)" in English: a player pass).
  const level = g.level ? ` (${duelLevelName(g.level)})` : "";
  if (g.game === "goldwaage") return "Goldwaage";
  // The seat does not say the rule set (Battlemaske or Zwiegespalten): only what kind of game it is.
  if (g.kind === "computer") return tr(`Gegen den Computer${level}`, `Against the computer${level}`);
  if (g.kind === "daily") return tr("Tagesmaskerade", "Daily game");
  return tr("Online-Partie", "Online game");
}

type Words = [de: string, en: string];
/** The ways to a Battlemaske game, in the order the start page offers them. */
const BATTLEMASKE_TILES: ReadonlyArray<{ id: string; href: string; title: Words; text: Words }> = [
  { id: "new-game-computer", href: "/spielen/computer", title: ["Gegen den Computer", "Against the computer"], text: ["Battlemaske oder Zwiegespalten, Leicht, Mittel oder Stark – mit Rat und „Karte zurück“.", "Battlemaske or Zwiegespalten, easy, medium or strong – with hints and take-backs."] },
  { id: "new-game-hotseat", href: "/spielen/zuzweit", title: ["Zu zweit an einem Gerät", "Two players, one device"], text: ["Ein Vorhang verdeckt die Karten, bevor ihr wechselt – auf Wunsch mit Schachuhr.", "A curtain hides the cards before you swap seats – with a chess clock if you like."] },
  { id: "daily", href: "/tagesspiel", title: ["Tagesmaskerade", "Daily game"], text: ["Dieselben Karten für alle, gegen Stark – mit Bestenliste.", "The same cards for everyone, against Strong – with a leaderboard."] },
  { id: "wartesaal", href: "/wartesaal", title: ["Wartesaal", "Lobby"], text: ["Sehen, wer online ist, herausfordern, gewertet oder freundschaftlich spielen.", "See who is online, challenge someone, play rated or friendly."] },
  { id: "new-game-friend", href: "/spielen/freund", title: ["Mit einem Freund", "With a friend"], text: ["Einladungslink teilen, der Freund öffnet ihn, los geht's.", "Share an invite link; your friend opens it and you play."] },
];

/**
 * Each game's own way in: Zwiegespalten is a rule set of the Battlemaske tables, so its card opens the computer setup
 * with that rule set chosen (the player pass found it hidden behind a toggle there).
 */
const PLAY_HREF: Record<GameId, string> = {
  battlemaske: "/spielen/computer?regelwerk=battlemaske",
  zwiegespalten: "/spielen/computer?regelwerk=zwiegespalten",
  goldwaage: "/spielen/goldwaage",
};

export function Home() {
  // The games this browser has not seen end, whose seat is still stored: the last one played is "Partie fortsetzen"
  // (once it is over, the newest of the others), the rest are listed under it.
  const listed = runningGames().filter((g) => loadSession(g.room) !== null);
  const room = currentRoom() ?? listed[0]?.room ?? null;
  const others = listed.filter((g) => g.room !== room);
  const resumed = () => runningGames().find((g) => g.room === room) ?? null;
  return (
    <div class="page home">
      <section class="hero" aria-labelledby="page-title">
        <h1 id="page-title">{ui().homeTitle}</h1>
        <p class="lead">{ui().homeLead}</p>
        {/* Above the games: the unfinished game may be either one. */}
        <Show when={room}>
          <Link class="button primary big resume" href={`/partie/${room}`} data-testid="resume-game">
            {tr("Partie fortsetzen", "Resume the game")}
            {/* Which one (a pass could not tell which game the button would open). */}
            <Show when={resumed()}>{(g) => <span class="resume-what" data-testid="resume-what">{runningText(g())}</span>}</Show>
          </Link>
        </Show>
        <Show when={others.length > 0}>
          <div class="resume-others" data-testid="resume-others">
            <p>{others.length === 1 ? tr("Noch eine Partie läuft:", "Another game is still on:") : tr("Weitere Partien laufen noch:", "More games are still on:")}</p>
            <ul>
              <For each={others}>
                {(g) => (
                  <li>
                    <Link href={`/partie/${g.room}`} data-testid="resume-other" data-room={g.room}>
                      {runningText(g)}
                    </Link>{" "}
                    <span class="small">{tr("seit", "since")} {momentText(g.at)}</span>
                  </li>
                )}
              </For>
            </ul>
          </div>
        </Show>
      </section>
      <section aria-labelledby="play-heading" class="play-menu">
        <h2 id="play-heading" class="section-title">
          {tr("Battlemaske spielen", "Play Battlemaske")}
        </h2>
        <ul class="play-list">
          <For each={BATTLEMASKE_TILES}>
            {(t) => (
              <li>
                <Link class="play-tile" href={t.href} data-testid={t.id}>
                  <strong>{tr(...t.title)}</strong>
                  <span>{tr(...t.text)}</span>
                </Link>
              </li>
            )}
          </For>
        </ul>
      </section>
      <section aria-labelledby="gw-play-heading" class="play-menu">
        <h2 id="gw-play-heading" class="section-title">
          {tr("Goldwaage spielen", "Play Goldwaage")}
        </h2>
        <ul class="play-list">
          <li>
            <Link class="play-tile" href="/spielen/goldwaage" data-testid="new-game-goldwaage">
              <strong>{tr("Goldwaage – im Team", "Goldwaage – as a team")}</strong>
              <span>{tr("Allein mit Computer-Teamkameraden oder zu zweit bis viert mit Einladungslinks: haltet die Waage im Gleichgewicht.", "Alone with computer team-mates, or 2–4 people by invite links: keep the scale in balance.")}</span>
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="games-heading">
        <h2 id="games-heading" class="section-title">
          {ui().gamesHeading}
        </h2>
        <ul class="game-list">
          <For each={GAMES}>
            {(game) => (
              <li class={`game-card game-${game.id}`}>
                <h3>{game.name[lang()]}</h3>
                <p class="players">{playersText(game.players)}</p>
                <p>{game.summary[lang()]}</p>
                <div class="game-card-actions">
                  {/* The game's name in the accessible name, without a gap before the colon ("Spielen : Battlemaske" was read
                      from a hidden span: a player pass). */}
                  <Link class="button primary" href={PLAY_HREF[game.id]} data-testid={`play-${game.id}`} aria-label={`${tr("Spielen", "Play")}: ${game.name[lang()]}`}>
                    {tr("Spielen", "Play")}
                  </Link>
                  <Link class="button" href={hrefOf({ page: "rules", game: game.id })} aria-label={`${ui().readRules}: ${game.name[lang()]}`}>
                    {ui().readRules}
                  </Link>
                </div>
              </li>
            )}
          </For>
        </ul>
      </section>
    </div>
  );
}
