import { For, Show } from "solid-js";
import { GAMES } from "../../../shared/catalog";
import { lang, playersText, tr, ui } from "../i18n";
import { hrefOf } from "../route";
import { Link } from "../router";

/** The room of an unfinished game in this browser (read without loading the game code). */
function resumable(): string | null {
  try {
    const room = localStorage.getItem("spielcenter.current");
    return room && localStorage.getItem(`spielcenter.seat.${room}`) ? room : null;
  } catch {
    return null;
  }
}

export function Home() {
  const room = resumable();
  return (
    <div class="page home">
      <section class="hero" aria-labelledby="page-title">
        <h1 id="page-title">{ui().homeTitle}</h1>
        <p class="lead">{ui().homeLead}</p>
        {/* Above the games: the unfinished game may be either one. */}
        <Show when={room}>
          <Link class="button primary big resume" href={`/partie/${room}`} data-testid="resume-game">
            {tr("Partie fortsetzen", "Resume the game")}
          </Link>
        </Show>
      </section>
      <section aria-labelledby="play-heading" class="play-menu">
        <h2 id="play-heading" class="section-title">
          {tr("Battlemaske spielen", "Play Battlemaske")}
        </h2>
        <ul class="play-list">
          <li>
            <Link class="play-tile" href="/spielen/computer" data-testid="new-game-computer">
              <strong>{tr("Gegen den Computer", "Against the computer")}</strong>
              <span>{tr("Leicht, Mittel oder Stark – mit Rat und „Karte zurück“.", "Easy, medium or strong – with hints and take-backs.")}</span>
            </Link>
          </li>
          <li>
            <Link class="play-tile" href="/spielen/zuzweit" data-testid="new-game-hotseat">
              <strong>{tr("Zu zweit an einem Gerät", "Two players, one device")}</strong>
              <span>{tr("Ein Vorhang verdeckt die Karten, bevor ihr wechselt – auf Wunsch mit Schachuhr.", "A curtain hides the cards before you swap seats – with a chess clock if you like.")}</span>
            </Link>
          </li>
          <li>
            <Link class="play-tile" href="/tagesspiel" data-testid="daily">
              <strong>{tr("Tagesmaskerade", "Daily game")}</strong>
              <span>{tr("Dieselben Karten für alle, gegen Stark – mit Bestenliste.", "The same cards for everyone, against Strong – with a leaderboard.")}</span>
            </Link>
          </li>
          <li>
            <Link class="play-tile" href="/wartesaal" data-testid="wartesaal">
              <strong>{tr("Wartesaal", "Waiting room")}</strong>
              <span>{tr("Sehen, wer online ist, herausfordern, gewertet oder freundschaftlich spielen.", "See who is online, challenge someone, play rated or friendly.")}</span>
            </Link>
          </li>
          <li>
            <Link class="play-tile" href="/spielen/freund" data-testid="new-game-friend">
              <strong>{tr("Mit einem Freund", "With a friend")}</strong>
              <span>{tr("Einladungslink teilen, der Freund öffnet ihn, los geht's.", "Share an invite link; your friend opens it and you play.")}</span>
            </Link>
          </li>
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
                <Link class="button" href={hrefOf({ page: "rules", game: game.id })}>
                  {ui().readRules}
                  <span class="visually-hidden">: {game.name[lang()]}</span>
                </Link>
              </li>
            )}
          </For>
        </ul>
      </section>
    </div>
  );
}
