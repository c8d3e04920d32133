import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { WelcomeMessage } from "../../party/battlemaske-room";

const origin = "http://spielcenter.test";

function get(path: string): Promise<Response> {
  return exports.default.fetch(`${origin}${path}`);
}

/** Opens a WebSocket to a room and resolves with the first message it receives. */
async function firstMessage(path: string): Promise<{ socket: WebSocket; message: unknown }> {
  const response = await exports.default.fetch(`${origin}${path}`, { headers: { Upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error("no WebSocket in the upgrade response");
  const message = new Promise<unknown>((resolve) => {
    socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data))), { once: true });
  });
  socket.accept();
  return { socket, message: await message };
}

/** Closes cleanly (1000) and waits for the room's reply, so no socket outlives its test. */
async function close(socket: WebSocket): Promise<void> {
  const closed = new Promise<void>((resolve) => socket.addEventListener("close", () => resolve(), { once: true }));
  socket.close(1000, "done");
  await closed;
}

describe("/api", () => {
  it("GET /api/health names the site", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, name: "Spielcenter" });
  });

  it("GET /api/games lists the three games with German and English names", async () => {
    const response = await get("/api/games");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { games: { id: string; name: { de: string; en: string } }[] };
    expect(body.games.map((game) => game.id)).toEqual(["battlemaske", "zwiegespalten", "goldwaage"]);
    for (const game of body.games) {
      expect(game.name.de).not.toBe("");
      expect(game.name.en).not.toBe("");
    }
  });

  it("GET /api/games/:id answers one game and rejects unknown ids", async () => {
    const known = await get("/api/games/goldwaage");
    expect(known.status).toBe(200);
    expect(await known.json()).toMatchObject({ id: "goldwaage", players: { min: 2, max: 4 } });

    const unknown = await get("/api/games/schach");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "unknown game" });
  });

  it("unknown API paths answer JSON 404, not the site's index.html", async () => {
    const response = await get("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not found" });
  });
});

describe("BattlemaskeRoom", () => {
  it("welcomes a connection with the room's name and version 0", async () => {
    const { socket, message } = await firstMessage("/parties/battlemaske-room/test");
    const welcome: WelcomeMessage = { type: "welcome", room: "test", version: 0 };
    expect(message).toEqual(welcome);
    await close(socket);
  });

  it("creates its events table and keeps its own name in storage", async () => {
    const { socket } = await firstMessage("/parties/battlemaske-room/table-1");
    await close(socket);

    const stub = env.BattlemaskeRoom.getByName("table-1");
    const stored = await runInDurableObject(stub, (_room, state) => ({
      columns: state.storage.sql
        .exec<{ name: string; type: string }>("SELECT name, type FROM pragma_table_info('events')")
        .toArray(),
      events: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n,
      name: state.storage.kv.get("roomName"),
    }));
    expect(stored.columns).toEqual([
      { name: "version", type: "INTEGER" },
      { name: "time", type: "INTEGER" },
      { name: "actor", type: "TEXT" },
      { name: "event", type: "TEXT" },
    ]);
    expect(stored.events).toBe(0);
    expect(stored.name).toBe("table-1");
  });
});
