// view(): what one viewer may know — the one place where hidden information is filtered.
import type { Card, Ruleset, Suit, Variant } from "./cards.js";
import type { Role, Seat } from "./events.js";
import { legalCards, matchScores } from "./engine.js";
import { other, pickCount, roleOf, turnOf, type GameResult, type MatchResult, type Phase, type PlayedCard, type RoundScore, type State, type TrickRecord } from "./state.js";

export type Viewer = Seat | "spectator";

export interface View {
  readonly viewer: Viewer;
  readonly ruleset: Ruleset;
  readonly variant: Variant;
  readonly game: 1 | 2;
  readonly round: 1 | 2 | 3;
  readonly phase: Phase;
  /** roles[seat] in the current game. */
  readonly roles: readonly [Role, Role];
  /** Capped at 10 for display. */
  readonly mirror: number;
  readonly tricks: readonly [number, number];
  readonly ranking: readonly Suit[];
  readonly trick: readonly PlayedCard[];
  readonly namedSuit: Suit | null;
  readonly leader: Seat;
  /** Whose card it is (play phase), else null. */
  readonly turn: Seat | null;
  /** Exchange / greed swap: how many cards each picks, and which seats have not picked yet. */
  readonly pickCount: number;
  readonly waitingFor: readonly Seat[];
  readonly handSizes: readonly [number, number];
  /** The completed tricks of this round, public. */
  readonly history: readonly TrickRecord[];
  /** The viewer's own cards (null for a spectator). */
  readonly hand: readonly Card[] | null;
  /** The cards the viewer may play now (empty when it is not the viewer's card). */
  readonly legalCards: readonly Card[];
  /** The viewer's own pending pick in the exchange or greed swap. */
  readonly ownPick: readonly Card[] | null;
  /** Cards the viewer handed over this round that the opponent still holds: known for sure. */
  readonly knownAtOpponent: readonly Card[];
  /** Cards the viewer handed to the opponent this round (exchange first, then greed swaps). */
  readonly gave: readonly Card[];
  /** Cards the opponent handed to the viewer this round. */
  readonly received: readonly Card[];
  /** The current game's winner. */
  readonly winner: Role | null;
  readonly results: readonly GameResult[];
  /** Every ended round's score, public (the scoresheet). */
  readonly rounds: readonly RoundScore[];
  /** Profi only: running scores and, at the end, the result. */
  readonly match: { readonly scores: readonly [number, number]; readonly result: MatchResult | null } | null;
}

export function view(state: State, viewer: Viewer): View {
  const seat = viewer === "spectator" ? null : viewer;
  const picking = state.phase === "exchange" || state.phase === "swap";
  return {
    viewer,
    ruleset: state.options.ruleset,
    variant: state.options.variant,
    game: state.game,
    round: state.round,
    phase: state.phase,
    roles: [roleOf(state, 0), roleOf(state, 1)],
    mirror: Math.min(10, state.mirror),
    tricks: [state.tricks[0], state.tricks[1]],
    ranking: state.ranking.slice(),
    trick: state.trick.slice(),
    namedSuit: state.namedSuit,
    leader: state.leader,
    turn: turnOf(state),
    pickCount: pickCount(state),
    waitingFor: picking ? ([0, 1] as const).filter((s) => state.picks[s] === null) : [],
    handSizes: [state.hands[0].length, state.hands[1].length],
    history: state.history.slice(),
    hand: seat === null ? null : state.hands[seat].slice(),
    legalCards: seat === null ? [] : legalCards(state, seat),
    ownPick: seat === null ? null : state.picks[seat]?.slice() ?? null,
    knownAtOpponent: seat === null ? [] : [...new Set(state.given[seat])].filter((c) => state.hands[other(seat)].includes(c)),
    gave: seat === null ? [] : state.given[seat].slice(),
    received: seat === null ? [] : state.given[other(seat)].slice(),
    winner: state.winner,
    results: state.results.slice(),
    rounds: state.rounds.slice(),
    match: state.options.variant === "profi" ? { scores: matchScores(state), result: state.match } : null,
  };
}
