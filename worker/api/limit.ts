// Per-address budgets (Cloudflare's Rate Limiting bindings, simulated by Miniflare locally) for what costs the site
// storage when a stranger repeats it: new accounts and recovery attempts, new tables.
import { createMiddleware } from "hono/factory";

/** The machine itself: only exempt when RATE_LIMIT_LOOPBACK is "off" (the test harnesses). */
const isLoopback = (ip: string) => ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");

/**
 * At most `binding`'s budget per client address and period. Cloudflare always sets CF-Connecting-IP; requests without
 * it share one budget ("<key>:unknown") so that a missing header is no way around the limit. Only
 * RATE_LIMIT_LOOPBACK="off" (set by the test harnesses, never by `npm start`) exempts requests without the header or
 * from the machine itself.
 */
export function perAddress(binding: (env: Cloudflare.Env) => RateLimit, key: string, message: string) {
  return createMiddleware<{ Bindings: Cloudflare.Env }>(async (c, next) => {
    const ip = c.req.header("cf-connecting-ip")?.trim() || null;
    const exempt = c.env.RATE_LIMIT_LOOPBACK === "off" && (ip === null || isLoopback(ip));
    if (!exempt && !(await binding(c.env).limit({ key: `${key}:${ip ?? "unknown"}` })).success) {
      c.header("retry-after", "60");
      return c.json({ error: "RATE_LIMITED" as const, message }, 429);
    }
    await next();
  });
}

/** New tables (every room costs a Durable Object and a D1 row): TABLE_LIMIT per address and minute. */
export const tableLimit = perAddress((env) => env.TABLE_LIMIT, "tables", "Too many new tables from this address; try again in a minute.");
