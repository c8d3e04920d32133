// Calls from the rooms and the lobby, not from browsers: POST /internal/results, POST /internal/tables/called-off,
// POST /internal/lobby/duel and POST /internal/lobby/goldwaage, with
// `authorization: Bearer <ROOM_SECRET>`.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { recordResult, ResultReport, UnknownRoom } from "../results";
import * as v from "valibot";
import { GwOptionsSchema, TermsSchema } from "../../shared/lobby.js";
import { forgetBoards } from "./daily";
import { openDuel } from "./games";
import { openLobbyGoldwaage } from "./goldwaage";
import { tableBudget, TABLE_LIMIT_MESSAGE } from "./limit";
import { vJson } from "./validate";
import type { Context } from "hono";
import { getServerByName } from "partyserver";
import { LOBBY_NAME } from "../../party/lobby";

async function tellStandings(env: Cloudflare.Env, accounts: string[]): Promise<void> {
  try {
    await (await getServerByName(env.Lobby, LOBBY_NAME)).standings(accounts);
  } catch (err) {
    console.error(`results: telling the Wartesaal the new standings failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function digest(s: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
}

/** Compares the presented secret with ROOM_SECRET in constant time (both hashed first, so the lengths match too). */
export async function isRoomSecret(presented: string, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const [a, b] = await Promise.all([digest(presented), digest(secret)]);
  return crypto.subtle.timingSafeEqual(a, b);
}

const AccountId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
/** The address of the socket that opened the table (party/address.ts): its address's table budget too. */
const Address = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))), null);
/** `rematchOf`: the table a rematch follows (party/rematch.ts): its accounts are checked against it and the Wartesaal. */
const LobbyDuel = v.strictObject({ challenger: AccountId, accepter: AccountId, terms: TermsSchema, address: Address, rematchOf: v.optional(v.pipe(v.string(), v.maxLength(64))) });
const LobbyGoldwaage = v.strictObject({ accounts: v.pipe(v.array(AccountId), v.minLength(1), v.maxLength(4)), options: GwOptionsSchema, address: Address });

/** The table limit over the lobby's and the rematch's tables, as over the HTTP routes': 429 TABLE_LIMIT. */
async function limited(c: Context<{ Bindings: Cloudflare.Env }>, accounts: readonly string[], address: string | null): Promise<Response | null> {
  const spent = await tableBudget(c.env, accounts, { ip: address, count: true });
  return spent ? c.json({ error: "TABLE_LIMIT" as const, message: TABLE_LIMIT_MESSAGE[spent] }, 429) : null;
}

const CalledOff = v.strictObject({ room: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16}$/)) });

const roomOnly = createMiddleware<{ Bindings: Cloudflare.Env }>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice(7) : "";
  if (!(await isRoomSecret(presented, c.env.ROOM_SECRET))) return c.json({ error: "UNAUTHORIZED" as const, message: "Rooms only: authorization: Bearer <ROOM_SECRET>." }, 401);
  await next();
});

export const internal = new Hono<{ Bindings: Cloudflare.Env }>()
  .use(roomOnly)
  .post(
    "/results",
    bodyLimit({ maxSize: 4 * 1024 * 1024, onError: (c) => c.json({ error: "BAD_REQUEST" as const, message: "body: larger than 4 MB" }, 413) }),
    vJson(ResultReport),
    async (c) => {
      let recorded;
      try {
        recorded = await recordResult(c.env.DB, c.req.valid("json"));
      } catch (e) {
        if (e instanceof UnknownRoom) return c.json({ error: "UNKNOWN_ROOM" as const, message: e.message }, 404);
        throw e;
      }
      if (recorded.outcome.daily && !recorded.duplicate) await forgetBoards(recorded.outcome.daily.date);
      // The Wartesaal shows each player's points and Elo: a rated game that moved them tells it (not awaited by the
      // room; a failure only leaves the old figures until the player comes back).
      const moved = recorded.outcome.ratings.map((x) => x.account);
      if (!recorded.duplicate && moved.length > 0) c.executionCtx.waitUntil(tellStandings(c.env, moved));
      return c.json({ ok: true as const, duplicate: recorded.duplicate, outcome: recorded.outcome }, 200);
    },
  )
  /**
   * An accepted Wartesaal challenge: a Battlemaske table with both accounts seated (the challenger's role as its terms
   * say), each with its own fresh seat token; the lobby hands each token only to its account's sockets.
   */
  .post("/lobby/duel", vJson(LobbyDuel), async (c) => {
    const { challenger, accepter, terms, address, rematchOf } = c.req.valid("json");
    if (rematchOf !== undefined) {
      // A rematch bypassed the Wartesaal's one game at a time (an attack: a second rated table, the stake held twice),
      // and handed a device signed out since the game its new seat token (a seat token outlives the sign-out).
      const signedOut = await c.env.DB.prepare("SELECT 1 FROM accounts a, games g WHERE g.room = ? AND a.id IN (?, ?) AND a.signed_out_at IS NOT NULL AND a.signed_out_at > g.created_at LIMIT 1").bind(rematchOf, challenger, accepter).first();
      if (signedOut) return c.json({ error: "SIGNED_OUT" as const, message: "An account signed out its other devices since this table was opened." }, 409);
      const lobby = await getServerByName(c.env.Lobby, LOBBY_NAME);
      if (!(await lobby.reserve([challenger, accepter], rematchOf))) return c.json({ error: "PLAYING" as const, message: "One of the accounts is at another table." }, 409);
    }
    const release = async () => {
      if (rematchOf !== undefined) await (await getServerByName(c.env.Lobby, LOBBY_NAME)).release([challenger, accepter]).catch(() => undefined);
    };
    const refused = await limited(c, [challenger, accepter], address);
    if (refused) {
      await release();
      return refused;
    }
    const opened = await openDuel(c.env, challenger, terms, accepter);
    if ("error" in opened) {
      await release();
      return c.json(opened, 409);
    }
    const other = (opened.seat === 0 ? 1 : 0) as 0 | 1;
    return c.json({
      room: opened.room,
      socket: opened.socket,
      rated: opened.rated,
      challenger: { seat: opened.seat, role: opened.role, seatToken: opened.seatToken },
      accepter: { seat: other, role: opened.role === "conte" ? "maske" : "conte", seatToken: opened.opponentSeatToken! },
    }, 201);
  })
  /**
   * A table called off before the deal (the room, party/room-server.ts): the stakes held for it are released — only
   * while an invite of it is still unclaimed, i.e. the game never started (a claim holds both stakes again anyway).
   */
  .post("/tables/called-off", vJson(CalledOff), async (c) => {
    const { room } = c.req.valid("json");
    const done = await c.env.DB.prepare("DELETE FROM stake_holds WHERE room = ?1 AND EXISTS (SELECT 1 FROM invites WHERE room = ?1 AND claimed = 0)").bind(room).run();
    return c.json({ ok: true as const, released: done.meta.changes }, 200);
  })
  /** A started Wartesaal Goldwaage table: its accounts seated in order (each with its own seat token), computers for the rest. */
  .post("/lobby/goldwaage", vJson(LobbyGoldwaage), async (c) => {
    const { accounts, options, address } = c.req.valid("json");
    const refused = await limited(c, accounts, address);
    if (refused) return refused;
    const opened = await openLobbyGoldwaage(c.env, options, accounts);
    if ("error" in opened) return c.json({ error: opened.error, message: opened.message }, 400);
    return c.json(opened, 201);
  });
