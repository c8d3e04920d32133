// The Worker's bindings, as configured in wrangler.toml. Merged into Cloudflare.Env so that
// partyserver's Server<Env>, `env` from "cloudflare:workers" and the tests all see them.
import type { BattlemaskeRoom } from "../party/battlemaske-room";

declare global {
  namespace Cloudflare {
    interface Env {
      /** web/dist, served as static assets (SPA fallback to index.html). */
      ASSETS: Fetcher;
      /** Battlemaske rooms, routed from /parties/battlemaske-room/<name>. */
      BattlemaskeRoom: DurableObjectNamespace<BattlemaskeRoom>;
    }
    // Types `exports` from "cloudflare:workers" (ctx.exports), as `wrangler types` would.
    interface GlobalProps {
      mainModule: typeof import("./index");
      durableNamespaces: "BattlemaskeRoom";
    }
  }
}

export {};
