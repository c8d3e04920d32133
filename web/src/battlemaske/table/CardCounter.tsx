// The card counter: all 25 cards, which are played, which are yours, which surely sit at the opponent.
import { For, Show, type JSX } from "solid-js";
import { SUITS } from "../../../../shared/battlemaske/cards";
import type { Seat } from "../../../../shared/battlemaske/events";
import { lang, tr } from "../../i18n";
import { CardFace, cardLabel, suitName } from "../cards";
import { opponentVoids, playedCards } from "../info";
import type { RoomView } from "../room";

// Whether the counter is open is a table aid a player sets once (the pass: it closed again after every reload and at
// every new game), so it is kept per browser like the language, not per game.
const OPEN_KEY = "spielcenter.counter.open";

function savedOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === "1";
  } catch {
    return false; // storage blocked: closed, as before
  }
}

function saveOpen(open: boolean): void {
  try {
    if (open) localStorage.setItem(OPEN_KEY, "1");
    else localStorage.removeItem(OPEN_KEY);
  } catch {
    // storage blocked: not remembered
  }
}

/**
 * The collapsible card counter: all 25 cards; played struck through, yours outlined green, surely at the opponent outlined
 * red. `over`: the game has ended (by its last card, a resignation or a flag).
 */
export function CardCounter(props: { v: RoomView["game"]; me: Seat; over: boolean; opponentName?: string | null }): JSX.Element {
  const deckCards = () => {
    const el = props.v.ruleset === "zwiegespalten" ? [2, 3, 4, 5] : [1, 2, 3, 4];
    return [...SUITS.flatMap((s) => [1, 2, 3, 4, 5, 6, 7].map((n) => `${s}${n}`)), ...el.map((n) => `E${n}`)];
  };
  const played = () => playedCards(props.v);
  const mine = (c: string) => props.v.hand?.includes(c) ?? false;
  const theirs = (c: string) => props.v.knownAtOpponent.includes(c);
  const voids = () => opponentVoids(props.v, props.me);
  const left = () => {
    const n = deckCards().length - played().size;
    return props.over ? tr(`${n} nicht gespielt`, `${n} not played`) : tr(`${n} Karten`, `${n} cards`);
  };
  return (
    <details class="counter" open={savedOpen()} onToggle={(e) => saveOpen(e.currentTarget.open)}>
      {/* Closed, a bare title looked like an empty box (the player pass): the count and a marker say there is more.
          Both are drawn by CSS from data-count: the summary's text stays the seed's title, "Noch im Spiel". */}
      {/* After the end nothing is "still in play": the count names the cards never played (a fresh-eyes pass read
          "25 Karten" under "Noch im Spiel" after a game given up before the first trick). */}
      <summary class="box-title" data-testid="card-counter-toggle" data-count={left()}>
        {tr("Noch im Spiel", "Still in play")}
      </summary>
      <ul class="counter-grid" data-testid="card-counter">
        <For each={deckCards()}>
          {(c) => (
            <li
              classList={{ played: played().has(c), mine: mine(c), theirs: theirs(c) }}
              // The card and what its look says (the title named the card alone: a fresh-eyes pass could not read the frames).
              title={cardLabel(props.v.ruleset, c, lang()) + (played().has(c) ? tr(" – gespielt", " – played") : mine(c) ? tr(" – deine", " – yours") : theirs(c) ? tr(" – sicher beim Gegner", " – surely with the opponent") : "")}
            >
              <CardFace id={c} ruleset={props.v.ruleset} lang={lang()} small />
            </li>
          )}
        </For>
      </ul>
      {/* What the frames mean, once (a fresh-eyes pass could not decode green, red and struck through). */}
      <p class="counter-legend" data-testid="card-counter-legend">
        <Show when={props.v.hand}>
          <span class="key key-mine">{tr("deine", "yours")}</span>{" "}
        </Show>
        <span class="key key-theirs">{tr("sicher beim Gegner", "surely with the opponent")}</span> <span class="key key-played">{tr("gespielt", "played")}</span>
      </p>
      <Show when={voids().size > 0}>
        <p class="voids">
          {/* A spectator's "Gegner" named nobody: the player by name (a fresh-eyes pass). */}
          {props.opponentName ? tr(`${props.opponentName} blank in:`, `${props.opponentName} void in:`) : tr("Gegner blank in:", "Opponent void in:")} <For each={[...voids()]}>{(s) => <s>{suitName(props.v.ruleset, s, lang())} </s>}</For>
        </p>
      </Show>
    </details>
  );
}
