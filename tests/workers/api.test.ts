import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const origin = "http://spielcenter.test";

function get(path: string): Promise<Response> {
  return exports.default.fetch(`${origin}${path}`);
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
    expect(await unknown.json()).toMatchObject({ error: "NOT_FOUND", message: expect.any(String) });
  });

  it("unknown API paths answer JSON 404, not the site's index.html", async () => {
    const response = await get("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "NOT_FOUND", message: expect.stringContaining("/api/nope") });
  });
});
