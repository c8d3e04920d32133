// Per-address and per-account budgets (Cloudflare's Rate Limiting bindings, simulated by Miniflare locally) for what
// costs the site storage when a stranger repeats it: new accounts and recovery attempts, new tables.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { addressNetwork, exemptFromAddressLimits as exempt } from "../../party/address";

/** What the limits read of a request: its environment and its headers. */
type Asked = { env: Cloudflare.Env; req: { header(name: string): string | undefined }; header: Context["header"]; json: Context["json"] };

const addressOf = (c: Pick<Asked, "req">) => c.req.header("cf-connecting-ip")?.trim() || null;

/**
 * The budget an address spends: its network's (an IPv6 address by its /64, which one subscriber holds whole: counted
 * per full address, one person could open accounts and tables without limit by walking through it).
 */
const budgetKey = (key: string, ip: string | null) => `${key}:${addressNetwork(ip) ?? "unknown"}`;

/**
 * At most `binding`'s budget per client address (its network: budgetKey) and period. Cloudflare always sets CF-Connecting-IP; requests without
 * it share one budget ("<key>:unknown") so that a missing header is no way around the limit. Only
 * RATE_LIMIT_LOOPBACK="off" (set by the test harnesses, never by `npm start`) exempts requests without the header or
 * from the machine itself.
 */
export function perAddress(binding: (env: Cloudflare.Env) => RateLimit, key: string, message: string) {
  return createMiddleware<{ Bindings: Cloudflare.Env }>(async (c, next) => {
    const ip = addressOf(c);
    if (!exempt(c.env, ip) && !(await binding(c.env).limit({ key: budgetKey(key, ip) })).success) {
      c.header("retry-after", "60");
      return c.json({ error: "RATE_LIMITED" as const, message }, 429);
    }
    await next();
  });
}

/** New tables (every room costs a Durable Object and D1 rows): TABLE_LIMIT per address and minute. */
export const tableLimit = perAddress((env) => env.TABLE_LIMIT, "tables", "Too many new tables from this address; try again in a minute.");

/**
 * The same TABLE_LIMIT per account, over every path that opens a table (the HTTP routes, an accepted Wartesaal
 * challenge or seek, a started Wartesaal Goldwaage table, a rematch): each account seated at the new table spends one
 * of its tables a minute, and `address`, when given, one of that address's (the same budget as tableLimit's). The
 * harnesses' exemption follows the address. Answers which budget is spent, or null when the table may open.
 */
export async function tableBudget(env: Cloudflare.Env, accounts: ReadonlyArray<string | null>, address: { ip: string | null; count: boolean }): Promise<"address" | "account" | null> {
  if (exempt(env, address.ip)) return null;
  if (address.count && !(await env.TABLE_LIMIT.limit({ key: budgetKey("tables", address.ip) })).success) return "address";
  for (const a of new Set(accounts)) if (a !== null && !(await env.TABLE_LIMIT.limit({ key: `tables:account:${a}` })).success) return "account";
  return null;
}

export const TABLE_LIMIT_MESSAGE = { address: "Too many new tables from this address; try again in a minute.", account: "Too many new tables for this account; try again in a minute." } as const;

/** For an HTTP route whose address tableLimit already counted: the account's budget, or the 429 to answer. */
export async function accountTableLimit(c: Asked, account: string | null | undefined): Promise<Response | null> {
  if (!account) return null;
  const spent = await tableBudget(c.env, [account], { ip: addressOf(c), count: false });
  if (!spent) return null;
  c.header("retry-after", "60");
  return c.json({ error: "RATE_LIMITED" as const, message: TABLE_LIMIT_MESSAGE[spent] }, 429);
}
