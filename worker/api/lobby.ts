// /api/lobby: the Wartesaal's entry. POST /api/lobby/ticket turns the bearer token into a one-minute ticket carrying
// the account's public profile (name, points, Elo), which the lobby socket presents in its hello (party/lobby-ticket.ts).
import { Hono } from "hono";
import { LOBBY_NAME } from "../../party/lobby";
import { signTicket, TICKET_MS } from "../../party/lobby-ticket";
import { requireAccount, type AccountEnv } from "./auth";

export const LOBBY_SOCKET = `/parties/lobby/${LOBBY_NAME}`;

export const lobby = new Hono<AccountEnv>().post("/ticket", requireAccount, async (c) => {
  const row = await c.env.DB.prepare("SELECT name, points, elo, sessions_gen FROM accounts WHERE id = ?").bind(c.var.account).first<{ name: string | null; points: number; elo: number; sessions_gen: number }>();
  if (!row?.name) return c.json({ error: "NO_NAME" as const, message: "The Wartesaal shows your name: set one first (PUT /api/me/name)." }, 409);
  if (!c.env.ROOM_SECRET) return c.json({ error: "INTERNAL" as const, message: "The Wartesaal is not configured (ROOM_SECRET)." }, 500);
  const expiresAt = Date.now() + TICKET_MS;
  const ticket = await signTicket(c.env.ROOM_SECRET, { account: c.var.account, name: row.name, points: row.points, elo: row.elo, gen: row.sessions_gen, exp: expiresAt });
  c.header("cache-control", "private, no-store");
  return c.json({ ticket, socket: LOBBY_SOCKET, expiresAt }, 200);
});
