// The game-level objective: the Conte's chance to win the game from the start of a round at a mirror field.
// Rounds 2 and 3 come from self-play (scripts/battlemaske-values.ts prints the table); a round-3 end is exact (0 or 1).

import type { Ruleset } from "../cards.js";

/**
 * TABLES[ruleset][r − 2][m / 2]: the Conte's chance to win from the start of round r (2 or 3) at mirror m (0, 2, 4, 6, 8).
 * Printed by `npx tsx scripts/battlemaske-values.ts 300 stark [zwiegespalten]` (Stark vs Stark, 300 rounds per field; the
 * round-2 rows were played by a Stark that still used the earlier Mittel-made table for its round-3 leaves).
 */
export const TABLES: Readonly<Record<Ruleset, readonly (readonly number[])[]>> = {
  battlemaske: [
    [0.74, 0.529, 0.28, 0.108, 0.017],
    [0.97, 0.907, 0.733, 0.45, 0.133],
  ],
  zwiegespalten: [
    [0.7, 0.528, 0.286, 0.103, 0.018],
    [0.987, 0.92, 0.74, 0.483, 0.113],
  ],
};

/** Battlemaske's table (the default of `gameLeaf`). */
export const START = TABLES.battlemaske;

/**
 * Among ends of equal chance the Conte prefers the smaller trick difference and the Maske the larger: without it a round-3
 * search, whose ends are all 0 or 1, cannot tell a safe card from a risky one. Small enough never to reorder the table
 * (ends d and d + 2 differ there by at least 0.017, here by 0.004) and to bias a shown win chance by at most 2 points.
 */
export const TIE_BREAK = 0.002;

/** leaf[d]: the Conte's chance to win the game when round `round` ends with trick difference d at this mirror. */
export function gameLeaf(round: 1 | 2 | 3, mirror: number, start: readonly (readonly number[])[] = START): Float64Array {
  const leaf = new Float64Array(11);
  for (let d = 0; d <= 10; d++) {
    const m = mirror + d;
    if (m >= 10) leaf[d] = 0;
    else if (round === 3) leaf[d] = 1;
    else leaf[d] = (start[round - 1] as number[])[Math.floor(m / 2)] as number;
    leaf[d] -= TIE_BREAK * d;
    // The exact search's null-window tests (exactLead) rely on this.
    if (d > 0 && !((leaf[d] as number) < (leaf[d - 1] as number))) throw new Error(`gameLeaf must fall strictly with the trick difference (d = ${d})`);
  }
  return leaf;
}

/** The pimc16 baseline's proxy: the trick difference (the Conte maximises its negative). */
export function trickLeaf(): Float64Array {
  const leaf = new Float64Array(11);
  for (let d = 0; d <= 10; d++) leaf[d] = -d;
  return leaf;
}
