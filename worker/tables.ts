// The one way to open a table and to claim an invited seat, for every game and every route that offers it.
// The Worker records each room it creates (D1 `games`, its invited seats in `invites`); the socket route opens only
// recorded rooms, a result is booked only for recorded rooms, and only on the accounts that really took the seats.
import { getServerByName } from "partyserver";
import type { RoomConfigOf } from "../party/core/room-core";
import { hashToken, newToken } from "../party/tokens";
import { battlemaskeGame } from "../shared/battlemaske/game.js";
import { goldwaageGame } from "../shared/goldwaage/game.js";
import { talerOf } from "./taler";

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

/**
 * Records a new room and sets it up. Every INVITED seat of `config` gets an invite whose code only the creator
 * receives. `room` may be given when the caller recorded more about it first (the daily attempt).
 */
export async function openTable<O>(env: Cloudflare.Env, record: TableRecord, config: Omit<RoomConfigOf<O>, "accounts">, room = newToken().slice(0, 16)): Promise<Opened> {
  const db = env.DB;
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
  await db.batch([
    db
      .prepare("INSERT INTO games (room, game, kind, rated, stake, ruleset, variant, level, account0, account1, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(room, record.game, record.kind, record.rated ? 1 : 0, record.stake, record.ruleset, record.variant, record.level, accounts[0] ?? null, accounts[1] ?? null, Date.now()),
    ...invites.map((x) => db.prepare("INSERT INTO invites (invite_hash, room, seat) VALUES (?, ?, ?)").bind(x.hash, room, x.seat)),
    ...seatedLater.map((x) => db.prepare("INSERT INTO invites (invite_hash, room, seat, account_id, claimed) VALUES (?, ?, ?, ?, 1)").bind(x.hash, room, x.seat, x.account)),
  ]);
  const names = await namesOf(db, accounts);
  await (await roomStub(env, record.game, room)).init({ ...config, seats, accounts, names } as RoomConfigOf<unknown>);
  return { room, invites: invites.map(({ seat, code }) => ({ seat, code })) };
}

export type ClaimRefusal =
  | { readonly status: 404; readonly error: "NO_INVITE"; readonly message: string }
  | { readonly status: 409; readonly error: "INVITE_TAKEN" | "STAKE_TOO_HIGH"; readonly message: string }
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

/**
 * Claims the invited seat of `code` for `account` (null: a guest) in one step: every check first (the invite exists,
 * is free, belongs to `room` when one is named, is not the caller's own table, the stake is affordable, a rated seat
 * has an account), then one conditional UPDATE decides between concurrent callers, then the room seats the claimer
 * with the account. If the room refuses or fails, the claim is undone, so D1 never names a player the room did not seat.
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
  // Claimed by this very account (the link opened again): its own seat, not someone else's.
  if (row.claimed && account && (await db.prepare("SELECT 1 AS y FROM invites WHERE invite_hash = ? AND account_id = ?").bind(inviteHash, account).first())) {
    return { status: 409, error: "OWN_INVITE", message: "You already hold a seat at this table.", room: row.room };
  }
  if (row.claimed) return { status: 409, error: "INVITE_TAKEN", message: "This invite has been used." };
  if (!account && (row.rated || row.stake > 0)) return { status: 401, error: "UNAUTHORIZED", message: "A rated game needs an account: send authorization: Bearer <token>." };
  if (account) {
    const seated = await db.prepare("SELECT COUNT(*) AS n FROM invites WHERE room = ? AND account_id = ?").bind(row.room, account).first<{ n: number }>();
    if (row.account0 === account || row.account1 === account || (seated?.n ?? 0) > 0) return { status: 409, error: "OWN_INVITE", message: "You already hold a seat at this table.", room: row.room };
    if (row.stake > 0) {
      if ((await talerOf(db, account)) < row.stake) return { status: 409, error: "STAKE_TOO_HIGH", message: `You cannot afford the stake of ${row.stake} Taler.` };
    }
  }
  // Of two callers at the same moment only one changes the row.
  const taken = await db.prepare("UPDATE invites SET claimed = 1, account_id = ? WHERE invite_hash = ? AND claimed = 0").bind(account, inviteHash).run();
  if (taken.meta.changes !== 1) return { status: 409, error: "INVITE_TAKEN", message: "This invite has been used." };
  const undo = () => db.prepare("UPDATE invites SET claimed = 0, account_id = NULL WHERE invite_hash = ?").bind(inviteHash).run();
  const seatToken = newToken();
  let seated: { seat: number } | { cancelled: true } | null;
  try {
    const [name] = await namesOf(db, [account]);
    seated = await (await roomStub(env, row.game, row.room)).claimInvite(inviteHash, await hashToken(seatToken), account, name ?? null);
  } catch (e) {
    await undo();
    throw e;
  }
  if (!seated || "cancelled" in seated) {
    await undo();
    if (seated) return { status: 409, error: "TABLE_CANCELLED", message: "The player who opened this table called it off before the deal.", room: row.room };
    return { status: 409, error: "INVITE_TAKEN", message: "This invite has been used." };
  }
  return { game: row.game, rated: row.rated === 1, room: row.room, seat: seated.seat, seatToken, socket: socketOf(row.game, row.room) };
}

/** The game of a recorded room, or null: the socket route opens nothing else. */
export async function roomGame(db: D1Database, room: string): Promise<TableGame | null> {
  const row = await db.prepare("SELECT game FROM games WHERE room = ?").bind(room).first<{ game: TableGame }>();
  return row?.game ?? null;
}
