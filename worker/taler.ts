// Taler: every account starts with 1000; a rated game's stake moves from the loser to the winner in the same D1 batch
// as the rest of the result, never below zero (the loser pays at most what is left), and the ledger records both sides.

export const START_TALER = 1000;

/** An account's balance (0 for an unknown account). */
export async function talerOf(db: D1Database, account: string): Promise<number> {
  return (await db.prepare("SELECT taler FROM accounts WHERE id = ?").bind(account).first<{ taler: number }>())?.taler ?? 0;
}
export { MAX_STAKE } from "../shared/lobby.js";

/**
 * The statements that move `stake` from `loser` to `winner`. The amount is MIN(stake, loser's balance), read inside the
 * batch's transaction, so the sum of all Taler stays the same and no balance drops below zero (the CHECK on
 * accounts.taler is the last guard: a violation rolls the whole batch back).
 */
export function stakeStatements(db: D1Database, room: string, winner: string, loser: string, stake: number, now: number): D1PreparedStatement[] {
  const amount = "(SELECT MIN(?, taler) FROM accounts WHERE id = ?)";
  return [
    db.prepare(`INSERT INTO ledger (account_id, delta, reason, room, created_at) SELECT ?, ${amount}, 'stake', ?, ?`).bind(winner, stake, loser, room, now),
    db.prepare(`INSERT INTO ledger (account_id, delta, reason, room, created_at) SELECT ?, -${amount}, 'stake', ?, ?`).bind(loser, stake, loser, room, now),
    db.prepare(`UPDATE accounts SET taler = taler + ${amount} WHERE id = ?`).bind(stake, loser, winner),
    db.prepare("UPDATE accounts SET taler = taler - MIN(?, taler) WHERE id = ?").bind(stake, loser),
  ];
}
