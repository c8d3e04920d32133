// Daily boards: how an attempt ranks. Sorted by reached DESC, k1 ASC, k2 ASC, finishedAt ASC.
// Conte: a win with the lowest final mirror; Maske: reaching 10 in the fewest rounds (seed 004, "Tagesspiel").
// An attempt that fails its goal is listed below every one that reaches it (a failed Conte by rounds survived,
// then the lower mirror; a failed Maske by the higher mirror, then fewer rounds).
// The rank follows the result as the rules count it and the board shows it (sameRank): equal results share a rank
// (1, 1, 3). The finer keys the rules do not name (a Conte's last-round trick difference, a Maske's final mirror, a
// failed Conte's mirror, the finish) only order the list among equals.

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

/**
 * Whether two attempts on one board share a rank: the same result under the rules — a Conte's win by its mirror, a
 * Maske's field 10 by its rounds (seed 004; RULES.md names no tie-break) — and, for a missed attempt, the same "how far"
 * the board shows ("verfehlt · Spiegel 10 in Runde 2": a Conte by its rounds; "verfehlt · Spiegel 7 nach 3 Runden": a
 * Maske by its mirror and rounds). Sorted by compareKeys, equal results stand together.
 */
export function sameRank(role: Role, a: BoardKey, b: BoardKey): boolean {
  return a.reached === b.reached && a.k1 === b.k1 && (a.reached === 1 || role === "conte" || a.k2 === b.k2);
}

/**
 * SQL: the board row `o` ranks strictly above an attempt (reached, k1, k2 given as SQL expressions) on a board of
 * `role` (an SQL expression) — the negation of sameRank among rows sorted above it. A rank is one plus the rows it is true for.
 */
export function ranksAboveSql(o: string, at: { reached: string; k1: string; k2: string; role: string }): string {
  return `(${o}.reached > ${at.reached} OR (${o}.reached = ${at.reached} AND (${o}.k1 < ${at.k1} OR (${o}.k1 = ${at.k1} AND ${at.reached} = 0 AND ${at.role} = 'maske' AND ${o}.k2 < ${at.k2}))))`;
}

/** Standard competition ranks (1, 1, 3) of keys already sorted by compareKeys. */
export function competitionRanks(role: Role, sorted: readonly BoardKey[]): number[] {
  const ranks: number[] = [];
  sorted.forEach((k, i) => ranks.push(i > 0 && sameRank(role, sorted[i - 1]!, k) ? ranks[i - 1]! : i + 1));
  return ranks;
}

/** Negative when `a` ranks above `b`. */
export function compareKeys(a: BoardKey, b: BoardKey): number {
  return b.reached - a.reached || a.k1 - b.k1 || a.k2 - b.k2 || a.finishedAt - b.finishedAt;
}
