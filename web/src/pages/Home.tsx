import { For } from "solid-js";
import { GAMES } from "../../../shared/catalog";
import { lang, playersText, ui } from "../i18n";
import { hrefOf } from "../route";
import { Link } from "../router";

export function Home() {
  return (
    <div class="page home">
      <section class="hero" aria-labelledby="page-title">
        <h1 id="page-title">{ui().homeTitle}</h1>
        <p class="lead">{ui().homeLead}</p>
        <p class="soon">{ui().homeSoon}</p>
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
