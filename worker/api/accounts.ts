// Guest accounts without passwords: POST /api/accounts hands out an id, a bearer token and a recovery code;
// only their hashes are stored. A recovery code carries the account to another device.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { hashToken, newToken } from "../../party/tokens";
import { RecoveryCode, newRecoveryCode } from "../names";
import { START_TALER } from "../taler";
import { newSession } from "./auth";
import { vJson } from "./validate";

const Recover = v.strictObject({ recoveryCode: RecoveryCode });

/** The machine itself: only exempt when RATE_LIMIT_LOOPBACK is "off" (the test harnesses). */
const isLoopback = (ip: string) => ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");

/**
 * At most ACCOUNT_LIMIT's budget of new accounts and recovery attempts per client address and minute. Cloudflare always
 * sets CF-Connecting-IP; requests without it share one budget ("accounts:unknown") so that a missing header is no way
 * around the limit. Only RATE_LIMIT_LOOPBACK="off" (set by the test harnesses, never by `npm start`) exempts requests
 * without the header or from the machine itself.
 */
const limited = createMiddleware<{ Bindings: Cloudflare.Env }>(async (c, next) => {
  const ip = c.req.header("cf-connecting-ip")?.trim() || null;
  const exempt = c.env.RATE_LIMIT_LOOPBACK === "off" && (ip === null || isLoopback(ip));
  if (!exempt && !(await c.env.ACCOUNT_LIMIT.limit({ key: `accounts:${ip ?? "unknown"}` })).success) {
    c.header("retry-after", "60");
    return c.json({ error: "RATE_LIMITED" as const, message: "Too many accounts or recovery attempts from this address; try again in a minute." }, 429);
  }
  await next();
});

export const accounts = new Hono<{ Bindings: Cloudflare.Env }>()
  .use(limited)
  .post("/", async (c) => {
    const id = newToken().slice(0, 16);
    const recoveryCode = newRecoveryCode();
    const now = Date.now();
    const { token, insert } = await newSession(c.env.DB, id, now);
    await c.env.DB.batch([
      c.env.DB.prepare("INSERT INTO accounts (id, recovery_hash, taler, created_at) VALUES (?, ?, ?, ?)").bind(id, await hashToken(recoveryCode.replace(/-/g, "")), START_TALER, now),
      insert,
      c.env.DB.prepare("INSERT INTO ledger (account_id, delta, reason, room, created_at) VALUES (?, ?, 'start', NULL, ?)").bind(id, START_TALER, now),
    ]);
    return c.json({ id, token, recoveryCode }, 201);
  })
  /** Another device: the recovery code yields a new token for the same account (the old device keeps its own). */
  .post("/recover", vJson(Recover), async (c) => {
    const { recoveryCode } = c.req.valid("json");
    const row = await c.env.DB.prepare("SELECT id FROM accounts WHERE recovery_hash = ?").bind(await hashToken(recoveryCode)).first<{ id: string }>();
    if (!row) return c.json({ error: "BAD_RECOVERY_CODE" as const, message: "No account has this recovery code." }, 401);
    const { token, insert } = await newSession(c.env.DB, row.id);
    await insert.run();
    return c.json({ id: row.id, token }, 200);
  });
