// The folded state of a Battlemaske game and apply(): how each event changes it.
import { card, EFFECT_OF_SUIT, SUITS, type Card, type Effect, type Suit } from "./cards.js";
import type { Deal, Event, Options, Role, Seat } from "./events.js";
import type { Seed } from "../rng.js";

export type Phase = "setup" | "exchange" | "play" | "swap" | "over";

export interface PlayedCard {
  readonly seat: Seat;
  readonly card: Card;
}

/** A completed trick of the current round (public). */
export interface TrickRecord {
  readonly leader: Seat;
  readonly cards: readonly PlayedCard[];
  readonly namedSuit: Suit | null;
  readonly winner: Seat;
  readonly effect: Effect | null;
  readonly stolen: boolean;
}

export interface GameResult {
  readonly game: 1 | 2;
  readonly winner: Role;
  /** The mirror at the end, uncapped. */
  readonly mirror: number;
  /** Rounds played in that game. */
  readonly rounds: number;
}

/** One round's score, public once the round has ended: the scoresheet of a game's end and its replay. */
export interface RoundScore {
  readonly game: 1 | 2;
  readonly round: 1 | 2 | 3;
  /** Tricks per role (Profi's second game swaps the seats' roles). */
  readonly conte: number;
  readonly maske: number;
  /** How far the round moved the mirror, and where it stood after it (uncapped, as the state's). */
  readonly moved: number;
  readonly mirror: number;
}

export interface MatchResult {
  readonly scores: readonly [number, number];
  readonly winner: Seat | null;
  readonly draw: boolean;
}

export interface State {
  options: Options;
  seed: Seed;
  deals: ReadonlyArray<Deal | null>;
  game: 1 | 2;
  round: 1 | 2 | 3;
  phase: Phase;
  /** Uncapped: it can pass 10 in the last move. */
  mirror: number;
  tricks: [number, number];
  /** Ranked suits, weakest first; once two are placed the third is listed as strongest. */
  ranking: Suit[];
  hands: [Card[], Card[]];
  aside: Card[];
  /** Cards on the table in play order. */
  trick: PlayedCard[];
  namedSuit: Suit | null;
  /** Who leads the current (or next) trick. */
  leader: Seat;
  /** Pending secret picks of the exchange or the greed swap. */
  picks: [Card[] | null, Card[] | null];
  /** Cards each seat handed to the other this round (exchange and greed swaps). */
  given: [Card[], Card[]];
  /** The completed tricks of the current round. */
  history: TrickRecord[];
  /** The current game's winner, once decided. */
  winner: Role | null;
  results: GameResult[];
  /** Every ended round of the match, in order (a take-back refolds the log, so it never holds an undone round). */
  rounds: RoundScore[];
  match: MatchResult | null;
}

export function emptyState(): State {
  return {
    options: { ruleset: "battlemaske", variant: "single" },
    seed: 0,
    deals: [],
    game: 1,
    round: 1,
    phase: "setup",
    mirror: 0,
    tricks: [0, 0],
    ranking: [],
    hands: [[], []],
    aside: [],
    trick: [],
    namedSuit: null,
    leader: 0,
    picks: [null, null],
    given: [[], []],
    history: [],
    winner: null,
    results: [],
    rounds: [],
    match: null,
  };
}

export const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

/** Seat 0 is the Conte of game 1; in the Profi variant the roles swap for game 2. */
export function conteSeat(game: 1 | 2): Seat {
  return game === 1 ? 0 : 1;
}

export function roleOf(state: Pick<State, "game">, seat: Seat): Role {
  return seat === conteSeat(state.game) ? "conte" : "maske";
}

/** Places a suit in the ranking in play order; a suit already ranked keeps its place. */
export function place(ranking: readonly Suit[], suit: Suit): Suit[] {
  if (ranking.includes(suit)) return ranking as Suit[];
  if (ranking.length === 0) return [suit];
  // The second suit is the middle one, so the third is the strongest at once.
  const third = SUITS.find((s) => s !== ranking[0] && s !== suit) as Suit;
  return [ranking[0] as Suit, suit, third];
}

/** The seat whose turn it is to play a card, or null outside the play phase. */
export function turnOf(state: State): Seat | null {
  if (state.phase !== "play") return null;
  return state.trick.length === 0 ? state.leader : other(state.leader);
}

/** How many cards each seat picks in the current exchange or greed swap. */
export function pickCount(state: State): number {
  if (state.phase === "exchange") return state.round;
  if (state.phase === "swap") return Math.min(2, state.hands[0].length);
  return 0;
}

/** A deep copy of the parts apply() changes, so apply() can stay pure while fold() mutates one private copy. */
export function cloneState(s: State): State {
  return {
    ...s,
    tricks: [s.tricks[0], s.tricks[1]],
    ranking: s.ranking.slice(),
    hands: [s.hands[0].slice(), s.hands[1].slice()],
    aside: s.aside.slice(),
    trick: s.trick.slice(),
    picks: [s.picks[0] && s.picks[0].slice(), s.picks[1] && s.picks[1].slice()],
    given: [s.given[0].slice(), s.given[1].slice()],
    history: s.history.slice(),
    results: s.results.slice(),
    rounds: s.rounds.slice(),
  };
}

function remove(hand: Card[], cards: readonly Card[]): void {
  for (const c of cards) {
    const i = hand.indexOf(c);
    if (i >= 0) hand.splice(i, 1);
  }
}

/** Both picks change hands at once; received cards go to the end of the hand. */
function handOver(s: State, cards: readonly [readonly Card[], readonly Card[]]): void {
  remove(s.hands[0], cards[0]);
  remove(s.hands[1], cards[1]);
  s.hands[0].push(...cards[1]);
  s.hands[1].push(...cards[0]);
  s.given[0].push(...cards[0]);
  s.given[1].push(...cards[1]);
  s.picks = [null, null];
}

/** Folds one event into `s` in place (the private fast path of fold and apply). */
export function applyInPlace(s: State, e: Event): State {
  switch (e.type) {
    case "gameCreated":
      s.options = e.options;
      s.seed = e.seed;
      s.deals = e.deals ?? [];
      return s;
    case "roundDealt":
      if (e.game !== s.game) s.mirror = 0; // Profi: the second game starts on a fresh mirror
      s.winner = null;
      s.game = e.game;
      s.round = e.round;
      s.phase = "exchange";
      s.hands = [e.hands[0].slice(), e.hands[1].slice()];
      s.aside = e.aside.slice();
      s.leader = e.leader;
      s.tricks = [0, 0];
      s.ranking = [];
      s.trick = [];
      s.namedSuit = null;
      s.picks = [null, null];
      s.given = [[], []];
      s.history = [];
      return s;
    case "exchangeSubmitted":
    case "swapSubmitted":
      s.picks[e.seat] = e.cards.slice();
      return s;
    case "exchangeCompleted":
      handOver(s, e.cards);
      s.phase = "play";
      return s;
    case "swapCompleted":
      handOver(s, e.cards);
      s.phase = "play";
      return s;
    case "cardPlayed": {
      remove(s.hands[e.seat], [e.card]);
      if (s.trick.length === 0) s.namedSuit = e.suit ?? null;
      s.trick.push({ seat: e.seat, card: e.card });
      const suit = card(e.card).suit;
      if (suit !== null) s.ranking = place(s.ranking, suit);
      return s;
    }
    case "trickTaken": {
      const loser = other(e.winner);
      s.tricks[e.winner] += e.stolen ? 2 : 1;
      if (e.stolen) s.tricks[loser] -= 1;
      if (e.effect === "wrath") s.ranking = [];
      s.history.push({
        leader: s.leader,
        cards: s.trick,
        namedSuit: s.namedSuit,
        winner: e.winner,
        effect: e.effect ?? null,
        stolen: e.stolen === true,
      });
      s.trick = [];
      s.namedSuit = null;
      s.leader = e.winner;
      // Greed swaps before the next lead, unless the hands are empty (after the tenth trick).
      s.phase = e.effect === "greed" && s.hands[0].length > 0 ? "swap" : "play";
      return s;
    }
    case "roundEnded": {
      s.mirror = e.mirror;
      const conte = conteSeat(s.game);
      s.rounds.push({ game: s.game, round: s.round, conte: e.tricks[conte], maske: e.tricks[other(conte)], moved: e.moved, mirror: e.mirror });
      return s;
    }
    case "gameEnded":
      s.winner = e.winner;
      s.phase = "over";
      s.results.push({ game: e.game, winner: e.winner, mirror: s.mirror, rounds: s.round });
      return s;
    case "matchEnded":
      s.match = { scores: [e.scores[0], e.scores[1]], winner: e.winner, draw: e.draw };
      return s;
  }
}

/** apply(state, event): the state after one event; `state` is left unchanged. */
export function apply(state: State, event: Event): State {
  return applyInPlace(cloneState(state), event);
}

/** fold(events): the state of a game from its whole log. */
export function fold(events: readonly Event[]): State {
  let s = emptyState();
  for (const e of events) s = applyInPlace(s, e);
  return s;
}

/** Which suit's effect an elixir meets, if exactly one of the two cards is an elixir. */
export function effectOf(a: Card, b: Card): Effect | null {
  const sa = card(a).suit;
  const sb = card(b).suit;
  if (sa === null && sb !== null) return EFFECT_OF_SUIT[sb];
  if (sb === null && sa !== null) return EFFECT_OF_SUIT[sa];
  return null;
}
