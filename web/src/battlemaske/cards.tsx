// Card faces drawn here: suits as emblems readable without colour (Pfau = feather, Dukaten = coin, Glut = flame,
// Elixier = vial with "n+"); Zwiegespalten shows the classic French faces (♣ ♦ ♥, elixirs as ♠).
import { Show, type JSX } from "solid-js";
import type { Card, Ruleset, Suit } from "../../../shared/battlemaske/cards";
import type { Lang } from "../../../shared/catalog";
import { cardLabel, faceLabel, FRENCH } from "../../../shared/battlemaske/words";

// The names live with the game's words (shared): the log, the hints and the faces say the same.
export { cardLabel, faceLabel, FRENCH, suitName } from "../../../shared/battlemaske/words";

export function suitOf(id: Card): Suit | "E" {
  return id[0] as Suit | "E";
}

export function valueOf(id: Card): number {
  return Number(id.slice(1));
}

export function SuitEmblem(props: { suit: Suit | "E"; ruleset: Ruleset; class?: string }): JSX.Element {
  return (
    <Show
      when={props.ruleset === "battlemaske"}
      fallback={
        <span class={`french ${props.class ?? ""}`} aria-hidden="true">
          {FRENCH[props.suit]}
        </span>
      }
    >
      <svg class={`emblem-suit ${props.class ?? ""}`} viewBox="0 0 32 32" aria-hidden="true">
        {EMBLEMS[props.suit]()}
      </svg>
    </Show>
  );
}

// Functions, not elements: a Solid element is one DOM node and can sit in one place only.
const EMBLEMS: Record<Suit | "E", () => JSX.Element> = {
  // Peacock feather: a quill with an eye.
  P: () => (
    <g fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round">
      <path d="M16 30 C15 22 15 14 16 4" />
      <ellipse cx="16" cy="11" rx="6.5" ry="8.5" />
      <ellipse cx="16" cy="11" rx="2.8" ry="3.8" fill="currentColor" />
      <path d="M16 20 L10 25 M16 22 L22 26 M16 17 L9 20 M16 17 L23 20" />
    </g>
  ),
  // Ducat: a coin with a rim and a crown mark.
  D: () => (
    <g fill="none" stroke="currentColor" stroke-width="1.8">
      <circle cx="16" cy="16" r="12" />
      <circle cx="16" cy="16" r="8.5" stroke-dasharray="2 1.6" />
      <path d="M11 19 L12 13 L14.5 16 L16 12 L17.5 16 L20 13 L21 19 Z" fill="currentColor" />
    </g>
  ),
  // Ember: a flame.
  G: () => (
    <path
      d="M16 3 C18 9 24 12 24 20 C24 26 20 29 16 29 C12 29 8 26 8 20 C8 15 11 13 12 8 C14 11 14 14 16 15 C17 11 16 7 16 3 Z M16 27 C18.5 27 20 25 20 22.5 C20 19.5 17.5 18 17 15.5 C15.5 18 12 19.5 12 22.5 C12 25 13.5 27 16 27 Z"
      fill="currentColor"
      fill-rule="evenodd"
    />
  ),
  // Elixir: a glass vial.
  E: () => (
    <g fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round">
      <path d="M12 3 H20 M13 3 V11 L7 23 C5.5 26.5 8 29 11 29 H21 C24 29 26.5 26.5 25 23 L19 11 V3" />
      <path d="M9.5 20 H22.5 L24 24 C24.5 26 23 27 21 27 H11 C9 27 7.5 26 8 24 Z" fill="currentColor" />
    </g>
  ),
};

/** A face-up card. */
export function CardFace(props: { id: Card; ruleset: Ruleset; lang: Lang; small?: boolean }): JSX.Element {
  const suit = () => suitOf(props.id);
  // A 6 and a 9 are underlined, as on printed cards: the upside-down corner's 6 read as a 9 (a fresh-eyes pass).
  const turnable = () => ["6", "9"].includes(faceLabel(props.ruleset, props.id));
  return (
    <span class={`card-face suit-${suit()} rs-${props.ruleset}${props.small ? " small" : ""}`}>
      <span class="corner tl" aria-hidden="true">
        <b classList={{ turnable: turnable() }}>{faceLabel(props.ruleset, props.id)}</b>
        <SuitEmblem suit={suit()} ruleset={props.ruleset} class="mini" />
      </span>
      <SuitEmblem suit={suit()} ruleset={props.ruleset} class="big" />
      <span class="corner br" aria-hidden="true">
        <b classList={{ turnable: turnable() }}>{faceLabel(props.ruleset, props.id)}</b>
      </span>
      <span class="visually-hidden">{cardLabel(props.ruleset, props.id, props.lang)}</span>
    </span>
  );
}

/** A card seen from the back (the opponent's hand). */
export function CardBack(): JSX.Element {
  return <span class="card-back" aria-hidden="true" />;
}
