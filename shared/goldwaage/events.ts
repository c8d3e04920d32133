// The events of a Goldwaage game: facts appended to the log and folded by apply(); a discriminated union on `type`.
import type { Card } from "./cards.js";
import type { Seed } from "../rng.js";

/** The events' schema version; every event carries it so a stored log can be migrated later. */
export const EVENT_VERSION = 1;

export type Seat = 0 | 1 | 2 | 3;
export type Players = 2 | 3 | 4;
export type Level = "leicht" | "normal" | "schwer" | "profi";
export type Variant = "offene-haende" | "zwei-offene-karten" | "ruhige-waage";
export type Pan = "left" | "right";
export const LEVELS: readonly Level[] = ["leicht", "normal", "schwer", "profi"];
export const VARIANTS: readonly Variant[] = ["offene-haende", "zwei-offene-karten", "ruhige-waage"];

export interface Options {
  readonly players: Players;
  readonly level: Level;
  readonly variants: readonly Variant[];
}

/** Explicit cards for one round instead of the shuffle: hands per seat (12 cards in all) and, optionally, who starts. */
export interface Deal {
  readonly hands: ReadonlyArray<readonly Card[]>;
  readonly starter?: Seat;
}

/** First event: the options and the secret seed (and explicit deals by round − 1, if any). */
export interface GameCreated {
  readonly type: "gameCreated";
  readonly v: typeof EVENT_VERSION;
  readonly options: Options;
  readonly seed: Seed;
  readonly deals?: ReadonlyArray<Deal | null>;
}

/** A round's hands, its limit and its starter. */
export interface RoundDealt {
  readonly type: "roundDealt";
  readonly v: typeof EVENT_VERSION;
  readonly round: 1 | 2 | 3 | 4;
  readonly limit: number;
  readonly starter: Seat;
  readonly hands: ReadonlyArray<readonly Card[]>;
}

/** A seat's complete set of open cards from now on (at the round start, after playing an open card, or a swap). */
export interface CardsShown {
  readonly type: "cardsShown";
  readonly v: typeof EVENT_VERSION;
  readonly seat: Seat;
  readonly cards: readonly Card[];
}

/**
 * A card played. `pan`: where a number or an Ace went, or the pan a Jack or Queen acted on (null: a Jack or Queen on an
 * empty scale). `weight`: what a number or Ace weighs there (an Ace as counterweight weighs the difference).
 */
export interface CardPlayed {
  readonly type: "cardPlayed";
  readonly v: typeof EVENT_VERSION;
  readonly seat: Seat;
  readonly card: Card;
  readonly pan: Pan | null;
  readonly weight?: number;
}

/** Equal pans after a card: the scale is emptied. */
export interface ScaleBalanced {
  readonly type: "scaleBalanced";
  readonly v: typeof EVENT_VERSION;
}

/** The difference exceeded the limit: a King is turned (`lifeLost`; false when none was left and the game is lost), the scale is emptied. */
export interface ScaleTipped {
  readonly type: "scaleTipped";
  readonly v: typeof EVENT_VERSION;
  readonly difference: number;
  readonly lifeLost: boolean;
}

/** After the round's last card; `unbalanced`: cards were left on the scale, so a life was needed (lost if `lifeLost`), and the scale is emptied. */
export interface RoundEnded {
  readonly type: "roundEnded";
  readonly v: typeof EVENT_VERSION;
  readonly round: 1 | 2 | 3 | 4;
  readonly unbalanced: boolean;
  readonly lifeLost: boolean;
}

export interface GameEnded {
  readonly type: "gameEnded";
  readonly v: typeof EVENT_VERSION;
  readonly result: "won" | "lost";
}

export type Event = GameCreated | RoundDealt | CardsShown | CardPlayed | ScaleBalanced | ScaleTipped | RoundEnded | GameEnded;
export type EventType = Event["type"];

/**
 * Commands: `show` (the round start's open cards) and `play` (a card, the pan it goes to or acts on, and optionally the
 * complete set of open cards after the play — required when a played open card must be replaced by a choice).
 */
export type Command =
  | { readonly type: "show"; readonly cards: readonly Card[] }
  | { readonly type: "play"; readonly card: Card; readonly pan?: Pan; readonly show?: readonly Card[] };
