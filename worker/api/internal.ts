// Calls from the rooms, not from browsers: POST /internal/results with `authorization: Bearer <ROOM_SECRET>`.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { recordResult, ResultReport, UnknownRoom } from "../results";
import { forgetBoards } from "./daily";
import { vJson } from "./validate";

async function digest(s: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
}

/** Compares the presented secret with ROOM_SECRET in constant time (both hashed first, so the lengths match too). */
export async function isRoomSecret(presented: string, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const [a, b] = await Promise.all([digest(presented), digest(secret)]);
  return crypto.subtle.timingSafeEqual(a, b);
}

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
      return c.json({ ok: true as const, duplicate: recorded.duplicate, outcome: recorded.outcome }, 200);
    },
  );
