// Bearer tokens of guest accounts: the browser keeps the token, D1 keeps only its SHA-256 (sessions table).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { hashToken, newToken } from "../../party/tokens";

export type AccountEnv = { Bindings: Cloudflare.Env; Variables: { account: string } };

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/;

/** A token nobody used for this long is dead: a lost or forgotten device does not stay signed in forever. */
export const TOKEN_IDLE_MS = 180 * 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reading the API does not cost a D1 write per request. */
export const TOKEN_TOUCH_MS = 24 * 60 * 60 * 1000;

/** The stored hash of the request's bearer token, or null without a well-formed one. */
export async function bearerHash(c: { req: { header(name: string): string | undefined } }): Promise<string | null> {
  const m = BEARER.exec(c.req.header("authorization") ?? "");
  return m ? hashToken(m[1]!) : null;
}

/** The account the request's bearer token belongs to; null without a (valid, recently used) token. */
export async function accountOf(c: { env: Cloudflare.Env; req: { header(name: string): string | undefined } }): Promise<string | null> {
  const m = BEARER.exec(c.req.header("authorization") ?? "");
  if (!m) return null;
  const hash = await hashToken(m[1]!);
  const row = await c.env.DB.prepare("SELECT account_id, COALESCE(last_used_at, created_at) AS used FROM sessions WHERE token_hash = ?").bind(hash).first<{ account_id: string; used: number }>();
  if (!row) return null;
  const now = Date.now();
  if (now - row.used > TOKEN_IDLE_MS) {
    // It can never become valid again: drop it.
    await c.env.DB.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(hash).run();
    return null;
  }
  if (now - row.used > TOKEN_TOUCH_MS) await c.env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE token_hash = ?").bind(now, hash).run();
  return row.account_id;
}

/** A fresh token for `account` on this device: only its hash is stored. */
export async function newSession(db: D1Database, account: string, now = Date.now()): Promise<{ token: string; insert: D1PreparedStatement }> {
  const token = newToken();
  const insert = db.prepare("INSERT INTO sessions (token_hash, account_id, created_at, last_used_at) VALUES (?, ?, ?, ?)").bind(await hashToken(token), account, now, now);
  return { token, insert };
}

/** 401 unless the request carries a valid bearer token; the account id lands in c.var.account. */
export const requireAccount = createMiddleware<AccountEnv>(async (c, next) => {
  const account = await accountOf(c);
  if (!account) return c.json({ error: "UNAUTHORIZED" as const, message: "A valid bearer token (authorization: Bearer <token> from POST /api/accounts) is required." }, 401);
  c.set("account", account);
  await next();
});

/** The caller's account when an authorization header is sent: undefined without one, null for a wrong token (→ 401). */
export async function optionalAccount(c: Context<{ Bindings: Cloudflare.Env }>): Promise<string | null | undefined> {
  if (!c.req.header("authorization")) return undefined;
  return accountOf(c);
}

/** The answer to a wrong token on a route that guests may use without one. */
export const unauthorized = (c: Context<{ Bindings: Cloudflare.Env }>) =>
  c.json({ error: "UNAUTHORIZED" as const, message: "The bearer token is not valid; leave it out to play as a guest." }, 401);
