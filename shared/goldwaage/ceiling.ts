// The ceiling: a team that sees every hand and plays each round with the fewest lives lost. Rounds are independent (the
// scale is empty at each round's start, and a round's hands, starter and limit depend only on the seed and the options,
// never on earlier play), so a game is won by such a team exactly when the rounds' minimum losses add up to at most the lives.
import type { Card } from "./cards.js";
import { handsFor, newGame } from "./engine.js";
import type { Deal, Options, Seat } from "./events.js";
import type { Seed } from "../rng.js";
import { Solver } from "./solver.js";
import { applyInPlace, emptyState, limitFor, LIVES, nextSeat } from "./state.js";

/** One round as the engine deals it. */
export interface RoundDeal {
  readonly round: 1 | 2 | 3 | 4;
  readonly limit: number;
  readonly starter: Seat;
  readonly hands: Card[][];
}

/**
 * The four rounds of a game as the engine would deal them, whatever is played: the seeded shuffle (or an explicit deal)
 * fixes the hands, round 1 starts at seat 0 (or the deal's starter) and each later round one seat further on.
 */
export function roundDeals(options: Options, seed: Seed, deals?: ReadonlyArray<Deal | null>): RoundDeal[] {
  const state = applyInPlace(emptyState(), newGame(options, seed, deals)[0]!);
  const out: RoundDeal[] = [];
  let starter = 0 as Seat;
  for (const round of [1, 2, 3, 4] as const) {
    const explicit = state.deals[round - 1]?.starter;
    starter = explicit ?? (round === 1 ? (0 as Seat) : nextSeat(starter, options.players));
    out.push({ round, limit: limitFor(options, round), starter, hands: handsFor(state, round) });
  }
  return out;
}

/** The fewest lives one round costs with every hand open and perfect play (the round-end loss included). */
export function roundMinLoss(deal: Pick<RoundDeal, "limit" | "starter" | "hands">): number {
  return new Solver({ limit: deal.limit, turn: deal.starter, hands: deal.hands, left: [], right: [] }).minLoss();
}

/** The ceiling of one game: each round's minimum loss, and whether their sum is within the level's lives. */
export function gameCeiling(options: Options, seed: Seed, deals?: ReadonlyArray<Deal | null>): { losses: number[]; won: boolean } {
  const losses = roundDeals(options, seed, deals).map(roundMinLoss);
  return { losses, won: losses.reduce((a, b) => a + b, 0) <= LIVES[options.level] };
}
