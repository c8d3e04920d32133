// The Worker's bindings, as configured in wrangler.toml. Merged into Cloudflare.Env so that
// partyserver's Server<Env>, `env` from "cloudflare:workers" and the tests all see them.
import type { BattlemaskeRoom } from "../party/battlemaske-room";
import type { GoldwaageRoom } from "../party/goldwaage-room";
import type { FloorRoom } from "../party/floor-room";
import type { Lobby } from "../party/lobby";

declare global {
  namespace Cloudflare {
    interface Env {
      /** web/dist, served as static assets (SPA fallback to index.html). */
      ASSETS: Fetcher;
      /** Battlemaske rooms, routed from /parties/battlemaske-room/<name>. */
      BattlemaskeRoom: DurableObjectNamespace<BattlemaskeRoom>;
      /** Goldwaage tables, routed from /parties/goldwaage-room/<name>. */
      GoldwaageRoom: DurableObjectNamespace<GoldwaageRoom>;
      /** The Wartesaal, one instance routed from /parties/lobby/main. */
      Lobby: DurableObjectNamespace<Lobby>;
      /** Only in bench:rooms' frozen config (scripts/lib/site.ts `floor`): the plumbing's floor, /parties/floor/<name>. */
      FloorRoom?: DurableObjectNamespace<FloorRoom>;
      /** Accounts, ratings, Taler, results, records, daily boards, the archive (worker/migrations). */
      DB: D1Database;
      /** Rooms authenticate their result reports with it (POST /internal/results). .dev.vars locally, `wrangler secret put` in production. */
      ROOM_SECRET: string;
      /** The daily deal's HMAC key. .dev.vars locally, `wrangler secret put` in production. */
      DAILY_SECRET: string;
      /** Account creation and recovery per client address (wrangler.toml [[ratelimits]]). */
      ACCOUNT_LIMIT: RateLimit;
      /** New tables per client address (wrangler.toml [[ratelimits]]). */
      TABLE_LIMIT: RateLimit;
      /**
       * Optional: "off" exempts account creation and recovery without CF-Connecting-IP or from a loopback address from
       * ACCOUNT_LIMIT. Only for the test harnesses that create many accounts (vitest.config.ts, scripts/lib/site.ts);
       * never in wrangler.toml or .dev.vars, so `npm start` and production stay strict.
       */
      RATE_LIMIT_LOOPBACK?: string;
      /** Optional: the Wartesaal's silence limit in ms (party/lobby.ts LOBBY_SILENCE_MS, ADR 046), shorter only; the browser tests set it. */
      LOBBY_SILENCE_MS?: string;
      /** Optional: the site's public origin for CORS (e.g. https://spielcenter.example); default: the request's own origin. */
      SITE_ORIGIN?: string;
    }
    // Types `exports` from "cloudflare:workers" (ctx.exports), as `wrangler types` would.
    interface GlobalProps {
      mainModule: typeof import("./index");
      durableNamespaces: "BattlemaskeRoom" | "GoldwaageRoom" | "Lobby";
    }
  }
}

export {};
