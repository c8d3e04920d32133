// /api/games: the catalog, playing with a friend (create + invite link), and the archive of finished games.
import { Hono } from "hono";
import * as v from "valibot";
import { TermsSchema } from "../../shared/lobby.js";
import { isRoomEvent, type RoomEvent } from "../../party/core/room-core";
import type { LogEntry } from "../../party/core/log";
import { GAME_IDS, GAMES, gameInfo, type GameId } from "../../shared/catalog";
import type { RoomConfig } from "../../party/core/battlemaske-core";
import { hashToken, newToken } from "../../party/tokens";
import { SEATED_HOLD_MS, stakeRoomOf, UNCLAIMED_HOLD_MS } from "../taler";
import type { TimeControl } from "../../shared/room/clock";
import { berlinDate } from "../daily-seed";
import { claimSeat, INVITED, openTable, ROOM_NAME, roomGame, socketOf, StakeNotCovered, stakeFigures, TABLE_GAMES, type TableGame } from "../tables";
import { accountOf, requireAccount, type AccountEnv } from "./auth";
import { accountTableLimit, tableLimit } from "./limit";
import { vJson, vParam } from "./validate";

// The terms of a game between two people, as the Wartesaal's challenges carry them (shared/lobby.ts).
const CreateGame = TermsSchema;

const InviteParam = v.strictObject({ code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,128}$/, "code must be an invite code")) });
const GameParam = v.strictObject({ id: v.pipe(v.string(), v.maxLength(64)) });


export type DuelRequest = v.InferOutput<typeof CreateGame>;

/**
 * The one way to open a Battlemaske table for two people (friendly or rated, with clock and stake): the creator's
 * seat, and an invite for the other — or, with `opponent` (an accepted Wartesaal challenge), the opponent seated too
 * with its own seat token. Both friend routes use it (POST /api/games, and the older POST /api/battlemaske/online), and
 * the lobby through POST /internal/lobby/duel. `account` null: a guest, who may open friendly tables only (the routes check).
 */
export async function openDuel(
  env: Cloudflare.Env,
  account: string | null,
  body: DuelRequest,
  opponent: string | null = null,
): Promise<{ room: string; seat: 0 | 1; role: "conte" | "maske"; seatToken: string; inviteCode: string | null; opponentSeatToken: string | null; rated: boolean; socket: string } | StakeRefusal> {
  const stake = body.stake ?? 0;
  if (stake > 0 && account === null) return { error: "STAKE_TOO_HIGH", message: "A stake needs an account." };
  const role = body.role === "random" ? (crypto.getRandomValues(new Uint8Array(1))[0]! & 1 ? "maske" : "conte") : body.role;
  const seat = role === "conte" ? 0 : 1;
  const seatToken = newToken();
  const opponentSeatToken = opponent === null ? null : newToken();
  const creator = { type: "human", tokenHash: await hashToken(seatToken) } as const;
  const other = opponentSeatToken === null ? INVITED : ({ type: "human", tokenHash: await hashToken(opponentSeatToken) } as const);
  const rated = body.kind === "rated";
  const config: Omit<RoomConfig, "accounts"> = {
    kind: "online",
    options: { ruleset: body.ruleset, variant: body.variant },
    seed: newToken(),
    rated,
    seats: seat === 0 ? [creator, other] : [other, creator],
    // No clock: the 10-minute emergency brake.
    clock: body.clock ? { type: "fischer", initialMs: Math.round(body.clock.minutes * 60_000), incrementMs: body.clock.increment * 1000 } : { type: "brake" },
    stake,
  };
  const accounts = seat === 0 ? [account, opponent] : [opponent, account];
  // The stake is held for every account seated now (ADR 031): both of an accepted challenge until the result is booked
  // (SEATED_HOLD_MS at most); a host alone until the friend comes, at most UNCLAIMED_HOLD_MS (the claim holds it again).
  const seated = [account, opponent].filter((a): a is string => a !== null);
  const holds = stake > 0 ? { accounts: seated, amount: stake, expiresAt: Date.now() + (opponent === null ? UNCLAIMED_HOLD_MS : SEATED_HOLD_MS) } : undefined;
  let opened;
  try {
    opened = await openTable(env, { game: "battlemaske", kind: "online", rated, stake, ruleset: body.ruleset, variant: body.variant, level: null, accounts }, config, undefined, holds);
  } catch (e) {
    if (!(e instanceof StakeNotCovered)) throw e;
    return stakeRefusal(env.DB, stake, account!, opponent);
  }
  return { room: opened.room, seat, role, seatToken, inviteCode: opened.invites[0]?.code ?? null, opponentSeatToken, rated, socket: socketOf("battlemaske", opened.room) };
}

/** A stake not covered: who cannot cover it, and the caller's own figures (its page says how much of its Taler is free). */
export type StakeRefusal = { error: "STAKE_TOO_HIGH"; message: string; taler?: number; held?: number; available?: number; opponent?: true };

async function stakeRefusal(db: D1Database, stake: number, account: string, opponent: string | null): Promise<StakeRefusal> {
  const mine = await stakeRoomOf(db, account);
  if (mine.available < stake) return { error: "STAKE_TOO_HIGH", message: `You cannot cover a stake of ${stake} Taler: ${mine.available} of your ${mine.taler} are free, ${mine.held} are held at open tables.`, ...stakeFigures(mine) };
  return { error: "STAKE_TOO_HIGH", message: `Your opponent cannot cover a stake of ${stake} Taler.`, ...(opponent ? { opponent: true as const } : {}) };
}

export const games = new Hono<AccountEnv>()
  .get("/", (c) => c.json({ games: GAMES }))
  /** Creates a game with a friend: the creator's seat token and an invite link for the other seat. */
  .post("/", requireAccount, tableLimit, vJson(CreateGame), async (c) => {
    const body = c.req.valid("json");
    const limited = await accountTableLimit(c, c.var.account);
    if (limited) return limited;
    const opened = await openDuel(c.env, c.var.account, body);
    if ("error" in opened) return c.json(opened, 409);
    const { room, seat, role, seatToken, inviteCode, socket } = opened;
    return c.json({ id: room, room, seat, role, seatToken, invite: new URL(`/einladung/${inviteCode!}`, c.req.url).toString(), inviteCode, socket }, 201);
  })
  /**
   * What an invite opens, without claiming it: the game, the room and the seat, and whether it is taken. For a link
   * whose #room a messenger dropped; the code's holder may take the seat anyway, so it may know where it is.
   */
  .get("/invite/:code", vParam(InviteParam), async (c) => {
    const row = await c.env.DB.prepare("SELECT i.room, i.seat, i.claimed, g.game FROM invites i JOIN games g ON g.room = i.room WHERE i.invite_hash = ?")
      .bind(await hashToken(c.req.valid("param").code))
      .first<{ room: string; seat: number; claimed: number; game: string }>();
    if (!row) return c.json({ error: "NO_INVITE" as const, message: "This invite does not exist." }, 404);
    c.header("cache-control", "private, no-store");
    return c.json({ game: row.game, room: row.room, seat: row.seat, claimed: row.claimed === 1 }, 200);
  })
  /**
   * An invite's terms, so the invited person sees them before taking the seat (the invite page asks first when a stake
   * is at risk): the kind, stake, rule set, variant or level, the time control and the host's name. Only for the code's
   * holder, like the claim itself.
   */
  .get("/invite/:code/terms", vParam(InviteParam), async (c) => {
    // The host: the account that opened the table (a duel's other seat, a Goldwaage table's seat 0).
    const row = await c.env.DB.prepare(
      `SELECT i.seat, i.claimed, g.game, g.rated, g.stake, g.ruleset, g.variant, g.level, g.clock,
              (SELECT name FROM accounts WHERE id = CASE WHEN i.seat = 0 THEN g.account1 ELSE g.account0 END) AS host
         FROM invites i JOIN games g ON g.room = i.room WHERE i.invite_hash = ?`,
    )
      .bind(await hashToken(c.req.valid("param").code))
      .first<{ seat: number; claimed: number; game: string; rated: number; stake: number; ruleset: string; variant: string; level: string | null; clock: string | null; host: string | null }>();
    if (!row) return c.json({ error: "NO_INVITE" as const, message: "This invite does not exist." }, 404);
    c.header("cache-control", "private, no-store");
    return c.json({ game: row.game, seat: row.seat, claimed: row.claimed === 1, rated: row.rated === 1, stake: row.stake, ruleset: row.ruleset, variant: row.variant, level: row.level, clock: row.clock ? (JSON.parse(row.clock) as TimeControl) : null, host: row.host }, 200);
  })
  /** Opening the invite claims the free seat once (a second claim: 409); the room starts then. */
  .post("/invite/:code", requireAccount, vParam(InviteParam), async (c) => {
    const claimed = await claimSeat(c.env, c.req.valid("param").code, c.var.account);
    if ("error" in claimed) {
      const { status, ...refusal } = claimed;
      return c.json(refusal, status);
    }
    return c.json({ id: claimed.room, room: claimed.room, seat: claimed.seat, seatToken: claimed.seatToken, socket: claimed.socket, rated: claimed.rated }, 200);
  })
  /**
   * Which game a table is, running or finished: what the bare address /partie/<room> cannot say to a browser that holds
   * no seat there (a Goldwaage table's own address, shared from the address bar, read "gibt es nicht": a fresh-eyes pass).
   * The game of a room never changes and tells nothing hidden; a room the Worker never created is 404.
   */
  .get("/:id/table", vParam(GameParam), async (c) => {
    const { id } = c.req.valid("param");
    const game = ROOM_NAME.test(id) ? await roomGame(c.env.DB, id) : null;
    if (!game) return c.json({ error: "NO_SUCH_ROOM" as const, message: "No table with this name." }, 404);
    c.header("cache-control", "public, max-age=86400");
    return c.json({ room: id, game });
  })
  /** A catalog entry by game id, or a finished game's archived log by its id; a running game's log is never served. */
  .get("/:id", vParam(GameParam), async (c) => {
    const { id } = c.req.valid("param");
    if ((GAME_IDS as readonly string[]).includes(id)) return c.json(gameInfo(id as GameId));
    if (!ROOM_NAME.test(id)) return c.json({ error: "NOT_FOUND" as const, message: "No game and no finished game with this id." }, 404);
    const db = c.env.DB;
    const [found, seats] = await db.batch([
      db.prepare("SELECT room, game, account0, kind, rated, ruleset, variant, level, winner, draw, reason, team, report, log, started_at, finished_at FROM results WHERE room = ?").bind(id),
      db.prepare("SELECT s.seat, a.name FROM result_seats s JOIN accounts a ON a.id = s.account_id WHERE s.room = ?").bind(id),
    ]);
    type Row = { room: string; game: TableGame; account0: string | null; kind: string; rated: number; ruleset: string; variant: string; level: string | null; winner: number | null; draw: number; reason: string; team: string | null; report: string; log: string; started_at: number; finished_at: number };
    const row = found!.results[0] as Row | undefined;
    if (!row) return c.json({ error: "NOT_FOUND" as const, message: "No finished game with this id (a running game's log is not served)." }, 404);
    const game = TABLE_GAMES[row.game];
    const report = JSON.parse(row.report) as Record<string, unknown> & { accounts: unknown[]; helped: unknown; options: unknown };
    let cacheControl = "public, max-age=3600";
    let log = JSON.parse(row.log) as Array<LogEntry<{ readonly type: string } | RoomEvent>>;
    if (row.kind === "daily") {
      // A daily game's log holds the day's seed, Stark's hands and the cards set aside, which decide every attempt of
      // that day: until the day is over only its player gets it, and only as that seat saw it during the game.
      const at = await db.prepare("SELECT date, account_id FROM daily_attempts WHERE room = ?").bind(id).first<{ date: string; account_id: string }>();
      if (!at || at.date >= berlinDate(Date.now())) {
        if (!at || (await accountOf(c)) !== at.account_id) return c.json({ error: "NOT_YET" as const, message: `A daily game is published once its day${at ? ` (${at.date})` : ""} is over.`, ...(at ? { date: at.date } : {}) }, 404);
        cacheControl = "private, no-store";
        const seat = row.account0 === at.account_id ? 0 : 1;
        log = log.map((e) => ({ ...e, event: isRoomEvent(e.event) ? e.event : (game.redact(e.event as never, seat, report.options as never) as { readonly type: string }) }));
      }
    }
    const names = seats!.results as Array<{ seat: number; name: string | null }>;
    // The game's own summary (Battlemaske: roles, mirror, rounds; Goldwaage: rounds, lives) beside the room's fields.
    const own = Object.fromEntries(Object.keys(game.report.fields).filter((k) => k !== "accounts" && k !== "helped" && k !== "options").map((k) => [k, report[k]]));
    c.header("cache-control", cacheControl);
    return c.json({
      id: row.room,
      game: row.game,
      kind: row.kind,
      rated: row.rated === 1,
      options: row.game === "battlemaske" ? { ruleset: row.ruleset, variant: row.variant } : report.options,
      level: row.level,
      // `account`: whether a person's account held the seat (false: a computer, or a guest without one) — for the replay's names.
      players: report.accounts.map((acc, seat) => ({ name: names.find((n) => n.seat === seat)?.name ?? null, account: acc !== null })),
      ...own,
      helped: report.helped,
      result: { winner: row.winner, draw: row.draw === 1, reason: row.reason, ...(row.team ? { team: row.team } : {}) },
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      log,
    });
  });

