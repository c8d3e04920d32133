// POST <game>/invite {room, invite}: the per-game form of claiming an invited seat (Battlemaske's older friend links,
// Goldwaage's tables). One handler for both; the claim itself is claimSeat (worker/tables.ts), as for /api/games.
import { Hono } from "hono";
import * as v from "valibot";
import { claimSeat, type TableGame } from "../tables";
import { optionalAccount, unauthorized } from "./auth";
import { vJson } from "./validate";

const Invite = v.strictObject({ room: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,32}$/)), invite: v.pipe(v.string(), v.minLength(20), v.maxLength(128)) });

/**
 * Mounted by each game's table routes: the claim of the seat `invite` opens at `room` (a guest too, where allowed) — of
 * that game only (a duel's invite sent to the Goldwaage route is NO_INVITE there, not a duel's seat with a duel's socket).
 */
export const inviteClaimFor = (game: TableGame) =>
  new Hono<{ Bindings: Cloudflare.Env }>().post("/invite", vJson(Invite), async (c) => {
    const { room, invite } = c.req.valid("json");
    const account = await optionalAccount(c);
    if (account === null) return unauthorized(c);
    const claimed = await claimSeat(c.env, invite, account ?? null, room, game);
    if ("error" in claimed) {
      const { status, ...refusal } = claimed;
      return c.json(refusal, status);
    }
    return c.json({ room: claimed.room, seat: claimed.seat, seatToken: claimed.seatToken, socket: claimed.socket, rated: claimed.rated }, 200);
  });
