// The events of a Battlemaske game: facts appended to the log and folded by apply(); a discriminated union on `type`.
import type { Card, Effect, Ruleset, Suit, Variant } from "./cards.js";
import type { Seed } from "../rng.js";

/** The events' schema version; every event carries it so a stored log can be migrated later. */
export const EVENT_VERSION = 1;

export type Seat = 0 | 1;
export type Role = "conte" | "maske";

export interface Options {
  readonly ruleset: Ruleset;
  readonly variant: Variant;
}

/** Explicit cards for one round instead of the shuffle: hands per seat, and the five aside cards. */
export interface Deal {
  readonly hands: readonly [readonly Card[], readonly Card[]];
  readonly aside: readonly Card[];
}

/** First event: the options and the secret seed (and explicit deals by slot 3·(game−1) + round − 1, if any). */
export interface GameCreated {
  readonly type: "gameCreated";
  readonly v: typeof EVENT_VERSION;
  readonly options: Options;
  readonly seed: Seed;
  readonly deals?: ReadonlyArray<Deal | null>;
}

/** A round's cards: 10 per seat and 5 aside; `leader` leads its first trick. Starts a new game when game changes. */
export interface RoundDealt {
  readonly type: "roundDealt";
  readonly v: typeof EVENT_VERSION;
  readonly game: 1 | 2;
  readonly round: 1 | 2 | 3;
  readonly leader: Seat;
  readonly hands: readonly [readonly Card[], readonly Card[]];
  readonly aside: readonly Card[];
}

/** One seat's secret pick for the exchange (private to that seat until the exchange is completed). */
export interface ExchangeSubmitted {
  readonly type: "exchangeSubmitted";
  readonly v: typeof EVENT_VERSION;
  readonly seat: Seat;
  readonly cards: readonly Card[];
}

/** Both picks change hands at once; `cards[s]` is what seat s gave. */
export interface ExchangeCompleted {
  readonly type: "exchangeCompleted";
  readonly v: typeof EVENT_VERSION;
  readonly cards: readonly [readonly Card[], readonly Card[]];
}

export interface CardPlayed {
  readonly type: "cardPlayed";
  readonly v: typeof EVENT_VERSION;
  readonly seat: Seat;
  readonly card: Card;
  /** The suit named when leading an elixir. */
  readonly suit?: Suit;
}

/** The trick is taken: its winner, the elixir effect if any, and whether pride stole a trick. */
export interface TrickTaken {
  readonly type: "trickTaken";
  readonly v: typeof EVENT_VERSION;
  readonly winner: Seat;
  readonly effect?: Effect;
  readonly stolen?: true;
}

/** One seat's secret pick for the greed swap. */
export interface SwapSubmitted {
  readonly type: "swapSubmitted";
  readonly v: typeof EVENT_VERSION;
  readonly seat: Seat;
  readonly cards: readonly Card[];
}

export interface SwapCompleted {
  readonly type: "swapCompleted";
  readonly v: typeof EVENT_VERSION;
  readonly cards: readonly [readonly Card[], readonly Card[]];
}

/** After the tenth trick: the tricks per seat, how far the mirror moved and where it stands (uncapped). */
export interface RoundEnded {
  readonly type: "roundEnded";
  readonly v: typeof EVENT_VERSION;
  readonly tricks: readonly [number, number];
  readonly moved: number;
  readonly mirror: number;
}

export interface GameEnded {
  readonly type: "gameEnded";
  readonly v: typeof EVENT_VERSION;
  readonly game: 1 | 2;
  readonly winner: Role;
}

/** Profi only, after the second game: the Maske scores per seat and the result. */
export interface MatchEnded {
  readonly type: "matchEnded";
  readonly v: typeof EVENT_VERSION;
  readonly scores: readonly [number, number];
  readonly winner: Seat | null;
  readonly draw: boolean;
}

export type Event =
  | GameCreated
  | RoundDealt
  | ExchangeSubmitted
  | ExchangeCompleted
  | CardPlayed
  | TrickTaken
  | SwapSubmitted
  | SwapCompleted
  | RoundEnded
  | GameEnded
  | MatchEnded;

export type EventType = Event["type"];

/** Commands a seat sends: the exchange pick, a card (with the suit named on an elixir lead), the greed-swap pick. */
export type Command =
  | { readonly type: "exchange"; readonly cards: readonly Card[] }
  | { readonly type: "play"; readonly card: Card; readonly suit?: Suit }
  | { readonly type: "swap"; readonly cards: readonly Card[] };
