// /api/lobby: the Wartesaal's entry. POST /api/lobby/ticket turns the bearer token into a one-minute ticket carrying
// the account's public profile (name, points, Elo), which the lobby socket presents in its hello (party/lobby-ticket.ts).
import { Hono } from "hono";
import { LOBBY_NAME } from "../../party/lobby";
import { signTicket, TICKET_MS } from "../../party/lobby-ticket";
import { bearerHash, requireAccount, type AccountEnv } from "./auth";

export const LOBBY_SOCKET = `/parties/lobby/${LOBBY_NAME}`;

export const lobby = new Hono<AccountEnv>().post("/ticket", requireAccount, async (c) => {
  // The session and the account in one read: a token the sign-out deleted between requireAccount's read and this one got a
  // ticket of the new session generation, which the lobby then let in (a fresh-eyes attack won 4 races of 33).
  const row = await c.env.DB.prepare("SELECT a.name, a.points, a.elo, a.sessions_gen FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ? AND a.id = ?")
    .bind(await bearerHash(c), c.var.account)
    .first<{ name: string | null; points: number; elo: number; sessions_gen: number }>();
  if (!row) return c.json({ error: "UNAUTHORIZED" as const, message: "This token was signed out just now." }, 401);
  if (!row.name) return c.json({ error: "NO_NAME" as const, message: "The Wartesaal shows your name: set one first (PUT /api/me/name)." }, 409);
  if (!c.env.ROOM_SECRET) return c.json({ error: "INTERNAL" as const, message: "The Wartesaal is not configured (ROOM_SECRET)." }, 500);
  const expiresAt = Date.now() + TICKET_MS;
  const ticket = await signTicket(c.env.ROOM_SECRET, { account: c.var.account, name: row.name, points: row.points, elo: row.elo, gen: row.sessions_gen, exp: expiresAt });
  c.header("cache-control", "private, no-store");
  return c.json({ ticket, socket: LOBBY_SOCKET, expiresAt }, 200);
});
