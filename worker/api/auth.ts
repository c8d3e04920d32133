// Bearer tokens of guest accounts: the browser keeps the token, D1 keeps only its SHA-256 (sessions table).
import { createMiddleware } from "hono/factory";
import { hashToken } from "../../party/tokens";

export type AccountEnv = { Bindings: Cloudflare.Env; Variables: { account: string } };

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/;

/** The account the request's bearer token belongs to; null without a (valid) token. */
export async function accountOf(c: { env: Cloudflare.Env; req: { header(name: string): string | undefined } }): Promise<string | null> {
  const m = BEARER.exec(c.req.header("authorization") ?? "");
  if (!m) return null;
  const row = await c.env.DB.prepare("SELECT account_id FROM sessions WHERE token_hash = ?").bind(await hashToken(m[1]!)).first<{ account_id: string }>();
  return row?.account_id ?? null;
}

/** 401 unless the request carries a valid bearer token; the account id lands in c.var.account. */
export const requireAccount = createMiddleware<AccountEnv>(async (c, next) => {
  const account = await accountOf(c);
  if (!account) return c.json({ error: "UNAUTHORIZED" as const, message: "A valid bearer token (authorization: Bearer <token> from POST /api/accounts) is required." }, 401);
  c.set("account", account);
  await next();
});
