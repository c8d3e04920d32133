// A Goldwaage table inside workerd: created through the API, computer team-mates in the empty seats, played over a WebSocket.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { connect, type Msg } from "./sockets";
import { makeBot } from "../../shared/goldwaage/index.js";

const origin = "http://spielcenter.test";

async function post(path: string, body: unknown): Promise<Response> {
  return exports.default.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}


describe("GoldwaageRoom", () => {
  it("plays a whole 2-player game with a computer team-mate; the player never sees the partner's hidden cards", async () => {
    const res = await post("/api/goldwaage/table", { players: 2, level: "leicht" });
    expect(res.status).toBe(201);
    const t = (await res.json()) as { room: string; seatToken: string; socket: string; invites: string[] };
    expect(t.invites).toEqual([]);
    const c = await connect(t.socket);
    c.send({ type: "hello", seatToken: t.seatToken });
    const w = await c.next((m) => m.type === "welcome");
    expect(w.seat).toBe(0);
    let view = w.view;
    let version = w.version;
    const bot = makeBot("simple", { seed: "player" });
    let seq = 0;
    const partnerHidden = await runInDurableObject(env.GoldwaageRoom.getByName(t.room), (_r, s) => {
      const rows = s.storage.sql.exec<{ event: string }>("SELECT event FROM events WHERE event LIKE '%roundDealt%' ORDER BY version").toArray();
      return JSON.parse(rows[0]!.event).hands[1] as string[];
    });
    expect(JSON.stringify(w)).not.toContain(`"hands"`);
    for (let i = 0; i < 200 && !view.over; i++) {
      const g = view.game;
      const mine = (g.phase === "show" && !g.shown[0]) || (g.phase === "play" && g.turn === 0);
      expect(mine).toBe(true); // the computer has always answered by the time the state arrives
      c.send({ type: "command", clientSeq: ++seq, baseVersion: version, command: bot.act(g) });
      // The events and the view after them come first, the ack last: it refers to a table the client already has.
      const st = await c.next((m) => m.type === "state" && m.version > version);
      const ack = await c.next((m) => (m.type === "ack" || m.type === "error") && m.clientSeq === seq);
      expect(ack.type).toBe("ack");
      expect(st.version).toBeGreaterThanOrEqual(ack.version);
      view = st.view;
      version = st.version;
      if (g.round === 1 && g.phase === "show") {
        // Round 1: the partner's cards that are neither open nor played never reach this seat.
        const hidden = partnerHidden.filter((card) => !st.view.game.open[1].includes(card) && !st.view.game.played.some((p: { card: string }) => p.card === card));
        for (const card of hidden) expect(JSON.stringify(st)).not.toContain(`"${card}"`);
      }
    }
    expect(view.over).toBe(true);
    expect(["won", "lost"]).toContain(view.result.team);
    await c.close();
  });

  it("waits for invited friends: the game is dealt when the last invite is claimed, once", async () => {
    const t = (await (await post("/api/goldwaage/table", { players: 3, friends: 1, variants: ["ruhige-waage"] })).json()) as { room: string; invites: string[] };
    expect(t.invites).toHaveLength(1);
    const count = () => runInDurableObject(env.GoldwaageRoom.getByName(t.room), (_r, s) => s.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n);
    expect(await count()).toBe(0);
    const claim = await post("/api/goldwaage/invite", { room: t.room, invite: t.invites[0] });
    expect(claim.status).toBe(200);
    expect(((await claim.json()) as { seat: number }).seat).toBe(1);
    expect((await post("/api/goldwaage/invite", { room: t.room, invite: t.invites[0] })).status).toBe(409);
    expect(await count()).toBeGreaterThanOrEqual(2);
  });

  it("refuses a bad table with a typed 400", async () => {
    const r = await post("/api/goldwaage/table", { players: 5 });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: "BAD_REQUEST" });
  });
});
