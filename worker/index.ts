import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { routePartykitRequest } from "partyserver";
import { accounts } from "./api/accounts";
import { battlemaske } from "./api/battlemaske";
import { daily } from "./api/daily";
import { games } from "./api/games";
import { goldwaage } from "./api/goldwaage";
import { health } from "./api/health";
import { internal } from "./api/internal";
import { lobby } from "./api/lobby";
import { LOBBY_NAME } from "../party/lobby";
import { withClientAddress } from "../party/address";
import { me } from "./api/me";
import { ranking } from "./api/ranking";
import { smallDeflate } from "./deflate";
import { ROOM_NAME, ROOM_PARTIES, roomGame, type TableGame } from "./tables";

export { BattlemaskeRoom } from "../party/battlemaske-room";
export { GoldwaageRoom } from "../party/goldwaage-room";
export { Lobby } from "../party/lobby";
// Bound only in bench:rooms' own config (party/floor-room.ts): exported so that config can name it, unbound elsewhere.
export { FloorRoom } from "../party/floor-room";
export { recordReport, recordResult, ResultReport, type ResultOutcome } from "./results";

const api = new Hono<{ Bindings: Cloudflare.Env }>()
  // Browsers may call the API from the site's own origin only (SITE_ORIGIN, else the origin the request was sent to).
  .use(
    cors({
      origin: (origin, c) => (origin === (c.env.SITE_ORIGIN ?? new URL(c.req.url).origin) ? origin : null),
      allowMethods: ["GET", "POST", "PUT"],
      allowHeaders: ["authorization", "content-type"],
      maxAge: 600,
    }),
  )
  // No API body is anywhere near 64 KiB; a bigger one is refused before anything reads or parses it (chunked ones too).
  .use(bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: "TOO_LARGE" as const, message: "body: larger than 64 KB" }, 413) }))
  .route("/health", health)
  .route("/accounts", accounts)
  .route("/me", me)
  .route("/daily", daily)
  .route("/games", games)
  .route("/battlemaske", battlemaske)
  .route("/goldwaage", goldwaage)
  .route("/lobby", lobby)
  .route("/ranking", ranking)
  // Unknown API paths answer in JSON instead of falling through to the SPA's index.html.
  .all("*", (c) => c.json({ error: "NOT_FOUND" as const, message: `No API route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));

const app = new Hono<{ Bindings: Cloudflare.Env }>()
  .route("/api", api)
  .route("/internal", internal)
  // A room's name is checked decoded, but partyserver names the Durable Object by the raw path: "%4DE32…" passed the
  // check as "ME32…" and created a new object under the encoded name (the lobby likewise, as "m%61in"). No room,
  // lobby or party name needs a "%": any escape under /parties is refused before anything else (the attacker pass).
  .use("/parties/*", async (c, next) => {
    if (new URL(c.req.url).pathname.includes("%")) return c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room." }, 404);
    await next();
  })
  // Rooms only by the names the Worker handed out, and only rooms it created (D1 `games`): a request for any other
  // name is answered here and never reaches (or creates) a Durable Object.
  // The Wartesaal: one lobby, by its one name; a socket proves who it is with a ticket in its hello (party/lobby.ts).
  .all("/parties/lobby/:name", async (c) => {
    if (c.req.param("name") !== LOBBY_NAME) return c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room." }, 404);
    const response = await routePartykitRequest(withClientAddress(c.req.raw), c.env);
    return response ?? c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room." }, 404);
  })
  // The plumbing's floor for bench:rooms --floor: only where its binding exists (never in wrangler.toml).
  .all("/parties/floor/:name", async (c) => {
    if (!c.env.FloorRoom || !ROOM_NAME.test(c.req.param("name"))) return c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room type." }, 404);
    return smallDeflate(c.req.raw, await c.env.FloorRoom.getByName(c.req.param("name")).fetch(c.req.raw));
  })
  .all("/parties/:party/:name", async (c) => {
    const { party, name } = c.req.param();
    const game = (Object.keys(ROOM_PARTIES) as TableGame[]).find((g) => ROOM_PARTIES[g] === party);
    if (!game) return c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room type." }, 404);
    if (!ROOM_NAME.test(name) || (await roomGame(c.env.DB, name)) !== game) return c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room." }, 404);
    // The socket keeps the client's address (party/address.ts): a rematch it opens counts against its address's tables.
    const response = await routePartykitRequest(withClientAddress(c.req.raw), c.env);
    return response ? smallDeflate(c.req.raw, response) : c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room." }, 404);
  })
  .all("/parties/*", (c) => c.json({ error: "NO_SUCH_ROOM" as const, message: "No such room." }, 404))
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

// Malformed JSON and the like: a typed 400 with Hono's message, as the validators answer.
app.onError((err, c) => {
  if (err instanceof HTTPException && err.status < 500) return c.json({ error: err.status === 400 ? "BAD_REQUEST" : "ERROR", message: err.message }, err.status);
  console.error(err);
  return c.json({ error: "INTERNAL", message: "Something went wrong on the server." }, 500);
});

export type AppType = typeof app;
export default app;
