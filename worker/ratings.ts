// Spielcenter points and Elo as pure functions (lichess keeps ratings in their own small module too).

export const START_ELO = 1500;
/** K for an account's first 30 rated games, then 16. */
export const PROVISIONAL_GAMES = 30;
export const POINTS_WIN = 10;

export function kFactor(ratedGamesBefore: number): number {
  return ratedGamesBefore < PROVISIONAL_GAMES ? 32 : 16;
}

/** The expected score of a player rated `a` against one rated `b`. */
export function expectedScore(a: number, b: number): number {
  return 1 / (1 + 10 ** ((b - a) / 400));
}

export interface Rated {
  readonly elo: number;
  readonly ratedGames: number;
}

/** Elo changes for seat 0 and seat 1; `score0` is 1 (seat 0 won), 0.5 (draw) or 0 (seat 1 won). Each seat uses its own K. */
export function eloDeltas(p0: Rated, p1: Rated, score0: 1 | 0.5 | 0): [number, number] {
  const e0 = expectedScore(p0.elo, p1.elo);
  return [kFactor(p0.ratedGames) * (score0 - e0), kFactor(p1.ratedGames) * (1 - score0 - (1 - e0))];
}

/** Spielcenter points: +10 for a win, −10 for a loss, 0 for a draw. */
export function pointDeltas(winner: 0 | 1 | null): [number, number] {
  if (winner === null) return [0, 0];
  return winner === 0 ? [POINTS_WIN, -POINTS_WIN] : [-POINTS_WIN, POINTS_WIN];
}
