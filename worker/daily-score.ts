// Daily boards: how an attempt ranks. Sorted by reached DESC, k1 ASC, k2 ASC, finishedAt ASC.
// Conte: a win with the lowest final mirror; ties: the smaller trick difference in the last round, then the earlier finish.
// Maske: reaching 10 in the fewest rounds; ties: the higher final mirror, then the earlier finish.
// An attempt that fails its goal is listed below every one that reaches it (a failed Conte by rounds survived,
// then the lower mirror; a failed Maske by the higher mirror, then fewer rounds).

export type Role = "conte" | "maske";

export interface AttemptOutcome {
  readonly role: Role;
  readonly reached: boolean;
  readonly mirror: number;
  readonly rounds: number;
  readonly lastRoundTricks: readonly [number, number];
  readonly finishedAt: number;
}

export interface BoardKey {
  readonly reached: 0 | 1;
  readonly k1: number;
  readonly k2: number;
  readonly finishedAt: number;
  /** What the board shows as the score: the mirror (Conte) or the rounds (Maske); null when the goal was missed. */
  readonly score: number | null;
}

export function boardKey(a: AttemptOutcome): BoardKey {
  const diff = Math.abs(a.lastRoundTricks[0] - a.lastRoundTricks[1]);
  if (a.role === "conte") {
    return a.reached
      ? { reached: 1, k1: a.mirror, k2: diff, finishedAt: a.finishedAt, score: a.mirror }
      : { reached: 0, k1: -a.rounds, k2: a.mirror, finishedAt: a.finishedAt, score: null };
  }
  return a.reached
    ? { reached: 1, k1: a.rounds, k2: -a.mirror, finishedAt: a.finishedAt, score: a.rounds }
    : { reached: 0, k1: -a.mirror, k2: a.rounds, finishedAt: a.finishedAt, score: null };
}

/** Negative when `a` ranks above `b`. */
export function compareKeys(a: BoardKey, b: BoardKey): number {
  return b.reached - a.reached || a.k1 - b.k1 || a.k2 - b.k2 || a.finishedAt - b.finishedAt;
}
