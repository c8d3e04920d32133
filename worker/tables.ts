// The one way to open a table and to claim an invited seat, for every game and every route that offers it.
// The Worker records each room it creates (D1 `games`, its invited seats in `invites`); the socket route opens only
// recorded rooms, a result is booked only for recorded rooms, and only on the accounts that really took the seats.
import { getServerByName } from "partyserver";
import type { RoomConfigOf } from "../party/core/room-core";
import { hashToken, newToken } from "../party/tokens";
import { battlemaskeGame } from "../shared/battlemaske/game.js";
import { goldwaageGame } from "../shared/goldwaage/game.js";
import { NO_SHOW_MS, type TimeControl } from "../shared/room/clock.js";
import { heldSql, holdStatement, releaseStatement, SEATED_HOLD_MS, stakeRoomOf, UNCLAIMED_HOLD_MS } from "./taler";

/** The games the Worker opens tables for, by the id stored in `games.game`: each one's definition (shared/<game>/game.ts). */
export const TABLE_GAMES = { battlemaske: battlemaskeGame, goldwaage: goldwaageGame } as const;
export type TableGame = keyof typeof TABLE_GAMES;

/** The room class's socket path (/parties/<party>/<room>) of each game. */
export const ROOM_PARTIES = Object.fromEntries(Object.entries(TABLE_GAMES).map(([id, game]) => [id, game.party])) as Record<TableGame, string>;

/** Room names the Worker hands out: 16 characters of a base64url token. Anything else is not a room (404 at the edge). */
export const ROOM_NAME = /^[A-Za-z0-9_-]{16}$/;

export const socketOf = (game: TableGame, room: string) => `/parties/${ROOM_PARTIES[game]}/${room}`;

/** A seat for an invited player; openTable gives it its invite (the hash of a code only the creator receives). */
export const INVITED = { type: "invite", inviteHash: "" } as const;

export interface TableRecord {
  readonly game: TableGame;
  readonly kind: "computer" | "online" | "daily" | "table";
  readonly rated: boolean;
  readonly stake: number;
  readonly ruleset: string;
  readonly variant: string;
  readonly level: string | null;
  /** The accounts seated when the table is created (the creator; null for computer seats, guests and invited seats). */
  readonly accounts: ReadonlyArray<string | null>;
}

export interface Opened {
  readonly room: string;
  /** One invite code per invited seat, in seat order (the codes themselves are never stored). */
  readonly invites: ReadonlyArray<{ readonly seat: number; readonly code: string }>;
}

type RoomStub = { init(config: RoomConfigOf<unknown>): Promise<unknown>; claimInvite(inviteHash: string, tokenHash: string, account: string | null, name?: string | null): Promise<{ seat: number } | { cancelled: true } | null> };

/**
 * The display names of accounts (null: no account, or one without a name), in the order given. The room learns them
 * here, when the Worker sets it up or seats a claimer, and shows them at the table (view.names); a name changed later
 * is not pushed to rooms already open.
 */
async function namesOf(db: D1Database, accounts: ReadonlyArray<string | null>): Promise<Array<string | null>> {
  const ids = [...new Set(accounts.filter((a): a is string => a !== null))];
  if (ids.length === 0) return accounts.map(() => null);
  const rows = await db.prepare(`SELECT id, name FROM accounts WHERE id IN (${ids.map(() => "?").join(", ")})`).bind(...ids).all<{ id: string; name: string | null }>();
  const byId = new Map(rows.results.map((r) => [r.id, r.name]));
  return accounts.map((a) => (a === null ? null : byId.get(a) ?? null));
}

function roomStub(env: Cloudflare.Env, game: TableGame, room: string): Promise<RoomStub> {
  // The room class's Durable Object binding, as the game definition names it (wrangler.toml).
  const namespace = (env as unknown as Record<string, DurableObjectNamespace>)[TABLE_GAMES[game].binding]!;
  return getServerByName(namespace as never, room) as unknown as Promise<RoomStub>;
}

/** Stakes to hold when a table opens (ADR 031): `amount` for each of `accounts`, all or none. */
export interface OpeningHolds {
  readonly accounts: readonly string[];
  readonly amount: number;
  /** When the holds lapse if no booking released them first (worker/taler.ts: UNCLAIMED_HOLD_MS, SEATED_HOLD_MS). */
  readonly expiresAt: number;
}

/** openTable could not hold the stake of every account it names: nothing was recorded and no room exists. */
export class StakeNotCovered extends Error {
  constructor() {
    super("a stake is not covered");
  }
}

/** The time control as the games row keeps it (an invite shows it before a stake is risked), or null without one. */
const clockOf = (config: { readonly clock: TimeControl | null }): string | null => (config.clock ? JSON.stringify(config.clock) : null);

/**
 * Records a new room and sets it up. Every INVITED seat of `config` gets an invite whose code only the creator
 * receives. `room` may be given when the caller recorded more about it first (the daily attempt). With `holds`, the
 * stakes are held in the same transaction that records the room, and the room is recorded only if every hold was
 * placed (else StakeNotCovered, and nothing was written).
 */
export async function openTable<O>(env: Cloudflare.Env, record: TableRecord, config: Omit<RoomConfigOf<O>, "accounts">, room = newToken().slice(0, 16), holds?: OpeningHolds): Promise<Opened> {
  const db = env.DB;
  const now = Date.now();
  const inviteSeats = config.seats.flatMap((s, i) => (s.type === "invite" ? [i] : []));
  const invites = await Promise.all(
    inviteSeats.map(async (seat) => {
      const code = newToken();
      return { seat, code, hash: await hashToken(code) };
    }),
  );
  const seats = config.seats.map((s, i) => {
    const invite = invites.find((x) => x.seat === i);
    return invite ? ({ type: "invite", inviteHash: invite.hash } as const) : s;
  });
  const accounts = config.seats.map((_, i) => record.accounts[i] ?? null);
  // `games` names the accounts of seats 0 and 1 only; an account seated at a later seat from the start (a Wartesaal
  // Goldwaage table) is recorded as that seat's claimed invite, so the result is booked to it as to a claimer.
  const seatedLater = await Promise.all(accounts.flatMap((a, seat) => (seat >= 2 && a !== null && config.seats[seat]?.type === "human" ? [hashToken(newToken()).then((hash) => ({ seat, account: a, hash }))] : [])));
  const held = holds && holds.amount > 0 ? holds : null;
  // With holds, the room is recorded only if all of them were placed, and its invites only if the room was: one
  // transaction that writes everything or nothing.
  const ifHeld = held ? ` WHERE (SELECT COUNT(*) FROM stake_holds WHERE room = ?12) = ${held.accounts.length}` : "";
  const ifRecorded = " WHERE EXISTS (SELECT 1 FROM games WHERE room = ?2)";
  const written = await db.batch([
    ...(held ? [holdStatement(db, room, held.accounts, held.amount, held.expiresAt, now)] : []),
    db
      .prepare(`INSERT INTO games (room, game, kind, rated, stake, ruleset, variant, level, account0, account1, created_at, clock) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?13${ifHeld}`)
      .bind(room, record.game, record.kind, record.rated ? 1 : 0, record.stake, record.ruleset, record.variant, record.level, accounts[0] ?? null, accounts[1] ?? null, now, ...(held ? [room] : [null]), clockOf(config)),
    ...invites.map((x) => db.prepare(`INSERT INTO invites (invite_hash, room, seat) SELECT ?1, ?2, ?3${ifRecorded}`).bind(x.hash, room, x.seat)),
    ...seatedLater.map((x) => db.prepare(`INSERT INTO invites (invite_hash, room, seat, account_id, claimed) SELECT ?1, ?2, ?3, ?4, 1${ifRecorded}`).bind(x.hash, room, x.seat, x.account)),
  ]);
  if (written[held ? 1 : 0]!.meta.changes !== 1) throw new StakeNotCovered();
  const names = await namesOf(db, accounts);
  // A table of two or more people calls its game off for a seat that never comes (ADR 041); one person with the
  // computer, or the daily attempt, has nobody waiting.
  const people = seats.filter((s) => s.type !== "computer").length;
  // With a clock, the clocks stand until every person has come (a `seated` event; a fresh-eyes pass: both lost 52 s).
  const noShow = people > 1 ? { noShowMs: NO_SHOW_MS, ...(config.clock ? { clockWaitsForSeats: true } : {}) } : {};
  try {
    await (await roomStub(env, record.game, room)).init({ ...config, seats, accounts, names, ...noShow } as RoomConfigOf<unknown>);
  } catch (e) {
    // No room, no game: its stakes are free again (the games row stays; the socket route finds no room behind it).
    if (held) await releaseStatement(db, room).run();
    throw e;
  }
  // Its sockets connect next: found without a D1 read (only now, with the room set up behind the name).
  rememberRoom(room, record.game);
  return { room, invites: invites.map(({ seat, code }) => ({ seat, code })) };
}

export type ClaimRefusal =
  | { readonly status: 404; readonly error: "NO_INVITE"; readonly message: string }
  | { readonly status: 409; readonly error: "INVITE_TAKEN"; readonly message: string }
  /** The stake is not covered: the caller's (with its figures) or the host's (`host: true`). */
  | { readonly status: 409; readonly error: "STAKE_TOO_HIGH"; readonly message: string; readonly taler?: number; readonly held?: number; readonly available?: number; readonly host?: true }
  /** The host called the table off before anyone came (the room's `cancel`): the link will never seat anyone. */
  | { readonly status: 409; readonly error: "TABLE_CANCELLED"; readonly message: string; readonly room: string }
  /** The caller already holds a seat at that table: its room, so that its page can go back to it. */
  | { readonly status: 409; readonly error: "OWN_INVITE"; readonly message: string; readonly room: string }
  | { readonly status: 401; readonly error: "UNAUTHORIZED"; readonly message: string };

export interface Claimed {
  readonly game: TableGame;
  /** A rated table (no take-backs; the result moves points and Elo): the claimer's page must know it. */
  readonly rated: boolean;
  readonly room: string;
  readonly seat: number;
  readonly seatToken: string;
  readonly socket: string;
}

interface InviteRow {
  room: string;
  seat: number;
  claimed: number;
  game: TableGame;
  rated: number;
  stake: number;
  account0: string | null;
  account1: string | null;
}

const INVITE_TAKEN = { status: 409, error: "INVITE_TAKEN", message: "This invite has been used." } as const;

/**
 * Claims the invited seat of `code` for `account` (null: a guest). The checks that need no write come first (the
 * invite exists, belongs to `room` and `game` when named, a rated seat has an account); then one conditional UPDATE
 * takes the seat only if it is free, the caller holds no other seat at that table, and — at a staked table — both the
 * claimer and the host can cover the stake, and in the same transaction holds the stake of both (ADR 031). So of two
 * callers at once only one wins, and one account never takes two seats of one table (two invites are two rows; the
 * check and the claim were two steps, and one account took seats 1 and 2 at once). Then the room seats the claimer with
 * the account. If the room refuses or fails, the claim and its holds are undone, so D1 never names a player the room
 * did not seat.
 */
export async function claimSeat(env: Cloudflare.Env, code: string, account: string | null, room?: string, game?: TableGame): Promise<Claimed | ClaimRefusal> {
  const db = env.DB;
  const inviteHash = await hashToken(code);
  const row = await db
    .prepare(
      `SELECT i.room, i.seat, i.claimed, g.game, g.rated, g.stake, g.account0, g.account1 FROM invites i JOIN games g ON g.room = i.room
       WHERE i.invite_hash = ?`,
    )
    .bind(inviteHash)
    .first<InviteRow>();
  if (!row || (room !== undefined && row.room !== room) || (game !== undefined && row.game !== game)) return { status: 404, error: "NO_INVITE", message: "This invite does not exist." };
  const ownSeat = async () => account !== null && (row.account0 === account || row.account1 === account || (await db.prepare("SELECT 1 AS y FROM invites WHERE room = ? AND account_id = ?").bind(row.room, account).first()) !== null);
  // Claimed by this very account (the link opened again), or another seat of it: its own seat, not someone else's.
  if (row.claimed) return (await ownSeat()) ? { status: 409, error: "OWN_INVITE", message: "You already hold a seat at this table.", room: row.room } : INVITE_TAKEN;
  if (!account && (row.rated || row.stake > 0)) return { status: 401, error: "UNAUTHORIZED", message: "A rated game needs an account: send authorization: Bearer <token>." };
  const now = Date.now();
  const claimId = newToken();
  // The host of a staked duel: the one account the Worker seated when it opened the table.
  const host = row.stake > 0 ? (row.account0 ?? row.account1) : null;
  const staked = account !== null && host !== null;
  // ?1 account, ?2 invite, ?3 claim id; staked also ?4 now, ?5 stake, ?6 host, ?7 room (D1 wants exactly the numbers used).
  const covered = staked
    ? ` AND (SELECT taler FROM accounts WHERE id = ?1) - ${heldSql("?1", 4)} >= ?5
        AND (EXISTS (SELECT 1 FROM stake_holds WHERE room = ?7 AND account_id = ?6 AND expires_at > ?4)
             OR (SELECT taler FROM accounts WHERE id = ?6) - ${heldSql("?6", 4)} >= ?5)`
    : "";
  const claim = db
    .prepare(
      `UPDATE invites SET claimed = 1, account_id = ?1, claim_id = ?3 WHERE invite_hash = ?2 AND claimed = 0
         AND (?1 IS NULL OR (NOT EXISTS (SELECT 1 FROM invites o WHERE o.room = invites.room AND o.account_id = ?1)
                             AND NOT EXISTS (SELECT 1 FROM games g WHERE g.room = invites.room AND (g.account0 = ?1 OR g.account1 = ?1))))${covered}`,
    )
    .bind(account, inviteHash, claimId, ...(staked ? [now, row.stake, host, row.room] : []));
  const won = "EXISTS (SELECT 1 FROM invites WHERE invite_hash = ?5 AND claim_id = ?6)";
  const holds = staked
    ? [
        // Only for the call whose claim won (its claim id is on the row): the claimer's stake, and the host's, held
        // again if its hold at the unjoined table had lapsed; both until the result is booked (SEATED_HOLD_MS at most).
        db.prepare(`INSERT INTO stake_holds (room, account_id, amount, created_at, expires_at) SELECT ?1, ?2, ?3, ?4, ?7 WHERE ${won}`).bind(row.room, account, row.stake, now, inviteHash, claimId, now + SEATED_HOLD_MS),
        db
          .prepare(`INSERT INTO stake_holds (room, account_id, amount, created_at, expires_at) SELECT ?1, ?2, ?3, ?4, ?7 WHERE ${won} ON CONFLICT (room, account_id) DO UPDATE SET expires_at = excluded.expires_at`)
          .bind(row.room, host, row.stake, now, inviteHash, claimId, now + SEATED_HOLD_MS),
      ]
    : [];
  const [taken] = await db.batch([claim, ...holds]);
  if (taken!.meta.changes !== 1) {
    // Why not: taken meanwhile (by someone else, or by this account on another seat), or the stake is not covered.
    const again = await db.prepare("SELECT claimed FROM invites WHERE invite_hash = ?").bind(inviteHash).first<{ claimed: number }>();
    if (await ownSeat()) return { status: 409, error: "OWN_INVITE", message: "You already hold a seat at this table.", room: row.room };
    if (again?.claimed || !staked) return INVITE_TAKEN;
    const mine = await stakeRoomOf(db, account!, now);
    if (mine.available < row.stake) return { status: 409, error: "STAKE_TOO_HIGH", message: `You cannot cover the stake of ${row.stake} Taler: ${mine.available} of your ${mine.taler} are free, ${mine.held} are held at open tables.`, ...stakeFigures(mine) };
    return { status: 409, error: "STAKE_TOO_HIGH", message: `The player who opened this table can no longer cover the stake of ${row.stake} Taler.`, host: true };
  }
  const undo = (cancelled: boolean) =>
    db.batch([
      db.prepare("UPDATE invites SET claimed = 0, account_id = NULL, claim_id = NULL WHERE invite_hash = ? AND claim_id = ?").bind(inviteHash, claimId),
      ...(staked
        ? [
            db.prepare("DELETE FROM stake_holds WHERE room = ? AND account_id = ?").bind(row.room, account),
            // A called-off table holds nothing any more; else the host's hold is again that of an unjoined table.
            cancelled
              ? releaseStatement(db, row.room)
              : db.prepare("UPDATE stake_holds SET expires_at = ? WHERE room = ? AND account_id = ?").bind(now + UNCLAIMED_HOLD_MS, row.room, host),
          ]
        : []),
    ]);
  const seatToken = newToken();
  let seated: { seat: number } | { cancelled: true } | null;
  try {
    const [name] = await namesOf(db, [account]);
    seated = await (await roomStub(env, row.game, row.room)).claimInvite(inviteHash, await hashToken(seatToken), account, name ?? null);
  } catch (e) {
    await undo(false);
    throw e;
  }
  if (!seated || "cancelled" in seated) {
    await undo(seated !== null);
    if (seated) return { status: 409, error: "TABLE_CANCELLED", message: "The player who opened this table called it off before the deal.", room: row.room };
    return INVITE_TAKEN;
  }
  return { game: row.game, rated: row.rated === 1, room: row.room, seat: seated.seat, seatToken, socket: socketOf(row.game, row.room) };
}

/** What a STAKE_TOO_HIGH answer tells about the caller's own Taler, so its page can say how much is free. */
export const stakeFigures = (m: { taler: number; held: number; available: number }) => ({ taler: m.taler, held: m.held, available: m.available });

/**
 * Recorded rooms this isolate has seen, by name, at most KNOWN_ROOMS_KEPT (the oldest first out). A room's game never
 * changes and no `games` row is ever deleted, so a name found once stays right, and a socket's upgrade (two per duel, one
 * more per reconnect) needs no D1 read for it: a round trip on Cloudflare, and about 1.3 ms of the room process's CPU
 * in local workerd, where D1 runs in the same process (docs/protocol.md "Load"). Names not found are not kept: a table
 * being created is found as soon as it is recorded, and a stranger's guesses stay as costly as before.
 */
const knownRooms = new Map<string, TableGame>();
export const KNOWN_ROOMS_KEPT = 4096;

function rememberRoom(room: string, game: TableGame): void {
  if (knownRooms.has(room)) return;
  if (knownRooms.size >= KNOWN_ROOMS_KEPT) knownRooms.delete(knownRooms.keys().next().value!);
  knownRooms.set(room, game);
}

/** The game of a recorded room, or null: the socket route opens nothing else. */
export async function roomGame(db: D1Database, room: string): Promise<TableGame | null> {
  const known = knownRooms.get(room);
  if (known) return known;
  const row = await db.prepare("SELECT game FROM games WHERE room = ?").bind(room).first<{ game: TableGame }>();
  if (row) rememberRoom(room, row.game);
  return row?.game ?? null;
}
