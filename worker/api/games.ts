// /api/games: the catalog, playing with a friend (create + invite link), and the archive of finished games.
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import * as v from "valibot";
import { RULESETS, VARIANTS } from "../../shared/battlemaske/index.js";
import { GAME_IDS, GAMES, gameInfo, type GameId } from "../../shared/catalog";
import type { RoomConfig } from "../../party/core/battlemaske-core";
import { hashToken, newToken } from "../../party/tokens";
import { MAX_STAKE } from "../taler";
import { berlinDate } from "../daily-seed";
import { accountOf, requireAccount, type AccountEnv } from "./auth";
import { vJson, vParam } from "./validate";

const CreateGame = v.pipe(
  v.strictObject({
    kind: v.picklist(["friendly", "rated"], "kind must be friendly or rated"),
    /** Minutes per player and seconds per action; null: no clock (the 10-minute emergency brake applies). */
    clock: v.nullable(
      v.strictObject({
        minutes: v.pipe(v.number(), v.minValue(0.5), v.maxValue(180)),
        increment: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(180)),
      }),
    ),
    ruleset: v.picklist(RULESETS),
    variant: v.picklist(VARIANTS),
    /** "random": the Worker draws the creator's role ("Rollen tauschen" is the room's rematch). */
    role: v.picklist(["conte", "maske", "random"], "role must be conte, maske or random"),
    stake: v.optional(v.pipe(v.number(), v.integer("stake must be a whole number of Taler"), v.minValue(0), v.maxValue(MAX_STAKE))),
  }),
  v.check((g) => !g.stake || g.kind === "rated", "stake: only rated games carry a stake"),
);

const InviteParam = v.strictObject({ code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,128}$/, "code must be an invite code")) });
const ROOM_ID = /^[A-Za-z0-9_-]{16}$/;
const GameParam = v.strictObject({ id: v.pipe(v.string(), v.maxLength(64)) });

const socketOf = (room: string) => `/parties/battlemaske-room/${room}`;

async function talerOf(db: D1Database, account: string): Promise<number> {
  return (await db.prepare("SELECT taler FROM accounts WHERE id = ?").bind(account).first<{ taler: number }>())?.taler ?? 0;
}

export const games = new Hono<AccountEnv>()
  .get("/", (c) => c.json({ games: GAMES }))
  /** Creates a game with a friend: the creator's seat token and an invite link for the other seat. */
  .post("/", requireAccount, vJson(CreateGame), async (c) => {
    const body = c.req.valid("json");
    const account = c.var.account;
    const stake = body.stake ?? 0;
    if (stake > 0 && (await talerOf(c.env.DB, account)) < stake) return c.json({ error: "STAKE_TOO_HIGH" as const, message: `You cannot afford a stake of ${stake} Taler.` }, 409);
    const role = body.role === "random" ? (crypto.getRandomValues(new Uint8Array(1))[0]! & 1 ? "maske" : "conte") : body.role;
    const seat = role === "conte" ? 0 : 1;
    const room = newToken().slice(0, 16);
    const seatToken = newToken();
    const invite = newToken();
    const inviteHash = await hashToken(invite);
    const creator = { type: "human", tokenHash: await hashToken(seatToken) } as const;
    const friend = { type: "invite", inviteHash } as const;
    const accounts: [string | null, string | null] = seat === 0 ? [account, null] : [null, account];
    const config: RoomConfig = {
      kind: "online",
      options: { ruleset: body.ruleset, variant: body.variant },
      seed: newToken(),
      rated: body.kind === "rated",
      seats: seat === 0 ? [creator, friend] : [friend, creator],
      clock: body.clock ? { type: "fischer", initialMs: Math.round(body.clock.minutes * 60_000), incrementMs: body.clock.increment * 1000 } : { type: "brake" },
      accounts,
      stake,
    };
    await c.env.DB.prepare(
      "INSERT INTO games (room, kind, rated, stake, ruleset, variant, level, account0, account1, invite_hash, invite_seat, created_at) VALUES (?, 'online', ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)",
    )
      .bind(room, config.rated ? 1 : 0, stake, body.ruleset, body.variant, accounts[0], accounts[1], inviteHash, 1 - seat, Date.now())
      .run();
    await (await getServerByName(c.env.BattlemaskeRoom, room)).init(config);
    const invitePath = `/einladung/${invite}`;
    return c.json({ id: room, room, seat, role, seatToken, invite: new URL(invitePath, c.req.url).toString(), inviteCode: invite, socket: socketOf(room) }, 201);
  })
  /** Opening the invite claims the free seat once (a second claim: 409); the room starts then. */
  .post("/invite/:code", requireAccount, vParam(InviteParam), async (c) => {
    const { code } = c.req.valid("param");
    const account = c.var.account;
    const db = c.env.DB;
    const inviteHash = await hashToken(code);
    const game = await db.prepare("SELECT room, stake, invite_seat, account0, account1, invite_claimed FROM games WHERE invite_hash = ?").bind(inviteHash).first<{ room: string; stake: number; invite_seat: number; account0: string | null; account1: string | null; invite_claimed: number }>();
    if (!game) return c.json({ error: "NO_INVITE" as const, message: "This invite does not exist." }, 404);
    if (game.invite_claimed) return c.json({ error: "INVITE_TAKEN" as const, message: "This invite has been used." }, 409);
    if (game.account0 === account || game.account1 === account) return c.json({ error: "OWN_INVITE" as const, message: "You cannot take the other seat of your own game." }, 409);
    if (game.stake > 0 && (await talerOf(db, account)) < game.stake) return c.json({ error: "STAKE_TOO_HIGH" as const, message: `You cannot afford the stake of ${game.stake} Taler.` }, 409);
    const column = game.invite_seat === 0 ? "account0" : "account1";
    // The claim is one conditional UPDATE: of two callers at the same moment only one changes the row.
    const claimed = await db.prepare(`UPDATE games SET invite_claimed = 1, ${column} = ? WHERE invite_hash = ? AND invite_claimed = 0`).bind(account, inviteHash).run();
    if (claimed.meta.changes !== 1) return c.json({ error: "INVITE_TAKEN" as const, message: "This invite has been used." }, 409);
    const seatToken = newToken();
    const seat = await (await getServerByName(c.env.BattlemaskeRoom, game.room)).claimInvite(inviteHash, await hashToken(seatToken));
    if (!seat) return c.json({ error: "INVITE_TAKEN" as const, message: "This invite has been used." }, 409);
    return c.json({ id: game.room, room: game.room, seat: seat.seat, seatToken, socket: socketOf(game.room) }, 200);
  })
  /** A catalog entry by game id, or a finished game's archived log by its id; a running game's log is never served. */
  .get("/:id", vParam(GameParam), async (c) => {
    const { id } = c.req.valid("param");
    if ((GAME_IDS as readonly string[]).includes(id)) return c.json(gameInfo(id as GameId));
    if (!ROOM_ID.test(id)) return c.json({ error: "unknown game" }, 404);
    const row = await c.env.DB.prepare(
      `SELECT r.room, r.kind, r.rated, r.ruleset, r.variant, r.level, r.winner, r.draw, r.reason, r.report, r.log, r.started_at, r.finished_at,
              (SELECT name FROM accounts WHERE id = r.account0) AS name0, (SELECT name FROM accounts WHERE id = r.account1) AS name1
       FROM results r WHERE r.room = ?`,
    )
      .bind(id)
      .first<{ room: string; kind: string; rated: number; ruleset: string; variant: string; level: string | null; winner: number | null; draw: number; reason: string; report: string; log: string; started_at: number; finished_at: number; name0: string | null; name1: string | null }>();
    if (!row) return c.json({ error: "NOT_FOUND" as const, message: "No finished game with this id (a running game's log is not served)." }, 404);
    let cacheControl = "public, max-age=3600";
    if (row.kind === "daily") {
      // A daily game's log shows the day's cards: public once the day is over, before that only to its player.
      const at = await c.env.DB.prepare("SELECT date, account_id FROM daily_attempts WHERE room = ?").bind(id).first<{ date: string; account_id: string }>();
      if (at && at.date >= berlinDate(Date.now())) {
        if ((await accountOf(c)) !== at.account_id) return c.json({ error: "NOT_YET" as const, message: `A daily game is published once its day (${at.date}) is over.` }, 404);
        cacheControl = "private, no-store";
      }
    }
    const report = JSON.parse(row.report) as { roles: unknown; helped: unknown; mirror: number; rounds: number };
    c.header("cache-control", cacheControl);
    return c.json({
      id: row.room,
      kind: row.kind,
      rated: row.rated === 1,
      options: { ruleset: row.ruleset, variant: row.variant },
      level: row.level,
      players: [{ name: row.name0 }, { name: row.name1 }],
      roles: report.roles,
      helped: report.helped,
      result: { winner: row.winner, draw: row.draw === 1, reason: row.reason },
      mirror: report.mirror,
      rounds: report.rounds,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      log: JSON.parse(row.log) as unknown[],
    });
  });

