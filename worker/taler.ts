// Taler: every account starts with 1000; a rated game's stake moves from the loser to the winner in the same D1 batch
// as the rest of the result, never below zero (the loser pays at most what is left), and the ledger records both sides.
// A stake is held from the moment a seat at a staked table is taken until the result is booked (ADR 031), so an account
// never stakes more than it has.

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

/**
 * A host's hold at a table nobody has joined yet lapses after this long (ADR 031): an invite never opened must not
 * bind its host's Taler forever. The claim that seats the friend holds the host's stake again, if the host still has it.
 */
export const UNCLAIMED_HOLD_MS = 60 * 60 * 1000;

/**
 * A hold of a table whose seats are all taken lapses only after this long: a backstop for a room that never reports
 * (its set-up failed halfway, or its report was refused), not a limit on any game — the emergency brake ends a game
 * after ten minutes without an action, so none lasts anywhere near a month.
 */
export const SEATED_HOLD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * SQL for what account `id` (an SQL expression) holds now at tables not yet booked; `now` is the parameter number of
 * the current time. A lapsed hold (expires_at in the past) counts for nothing.
 */
export const heldSql = (id: string, now: number) => `COALESCE((SELECT SUM(h.amount) FROM stake_holds h WHERE h.account_id = ${id} AND h.expires_at > ?${now}), 0)`;

/** An account's balance, what it holds at open tables, and what it may still stake (0s for an unknown account). */
export async function stakeRoomOf(db: D1Database, account: string, now = Date.now()): Promise<{ taler: number; held: number; available: number }> {
  const row = await db.prepare(`SELECT taler, ${heldSql("a.id", 2)} AS held FROM accounts a WHERE a.id = ?1`).bind(account, now).first<{ taler: number; held: number }>();
  if (!row) return { taler: 0, held: 0, available: 0 };
  return { taler: row.taler, held: row.held, available: Math.max(0, row.taler - row.held) };
}

/**
 * The statement that holds `amount` for every account of `accounts` at `room` until `expiresAt`, all or none: it
 * inserts the rows only if each account's balance minus what it holds covers `amount`. One statement, so no other
 * table's hold can slip in between the check and the hold.
 */
export function holdStatement(db: D1Database, room: string, accounts: readonly string[], amount: number, expiresAt: number, now: number): D1PreparedStatement {
  const ids = accounts.map((_, i) => `?${6 + i}`).join(", ");
  return db
    .prepare(
      `INSERT INTO stake_holds (room, account_id, amount, created_at, expires_at)
       SELECT ?1, a.id, ?2, ?3, ?4 FROM accounts a WHERE a.id IN (${ids})
         AND (SELECT COUNT(*) FROM accounts b WHERE b.id IN (${ids}) AND b.taler - ${heldSql("b.id", 3)} >= ?2) = ?5`,
    )
    .bind(room, amount, now, expiresAt, accounts.length, ...accounts);
}

/** Every hold at `room` ends: its result is booked, or it was called off before the deal. */
export const releaseStatement = (db: D1Database, room: string): D1PreparedStatement => db.prepare("DELETE FROM stake_holds WHERE room = ?").bind(room);
