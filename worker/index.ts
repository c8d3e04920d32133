import { Hono } from "hono";
import { routePartykitRequest } from "partyserver";
import { battlemaske } from "./api/battlemaske";
import { games } from "./api/games";
import { health } from "./api/health";

export { BattlemaskeRoom } from "../party/battlemaske-room";

const api = new Hono<{ Bindings: Cloudflare.Env }>()
  .route("/health", health)
  .route("/games", games)
  .route("/battlemaske", battlemaske)
  // Unknown API paths answer in JSON instead of falling through to the SPA's index.html.
  .all("*", (c) => c.json({ error: "not found" }, 404));

const app = new Hono<{ Bindings: Cloudflare.Env }>()
  .route("/api", api)
  .all("/parties/*", async (c) => {
    const response = await routePartykitRequest(c.req.raw, c.env);
    return response ?? c.json({ error: "no such room type" }, 404);
  })
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

export type AppType = typeof app;
export default app;
