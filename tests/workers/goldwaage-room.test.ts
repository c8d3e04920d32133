// A Goldwaage table inside workerd: created through the API, computer team-mates in the empty seats, played over a WebSocket.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { connect, seatBoth, type Msg } from "./sockets";
import { makeBot } from "../../shared/goldwaage/index.js";
import { call, json, newAccount, uniqueName } from "./api-helpers";

const origin = "http://spielcenter.test";

async function post(path: string, body: unknown): Promise<Response> {
  return exports.default.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}


type Player = { c: Awaited<ReturnType<typeof connect>> };

/** The newest version a player's socket has a view of. */
function latestVersion(p: Player): number {
  return [...p.c.all].reverse().find((m) => (m.type === "state" || m.type === "welcome") && m.view)?.version ?? 0;
}

/** The newest view a player's socket has received, once it is at `version` or later. */
async function viewAt(p: Player, version: number): Promise<any> {
  while (latestVersion(p) < version) await p.c.next(() => true);
  return [...p.c.all].reverse().find((m) => (m.type === "state" || m.type === "welcome") && m.view)!.view;
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
    // One person with a computer team-mate: no clock (nobody else waits for this seat).
    expect(w.view.clock).toBeNull();
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
    const friend = (await claim.json()) as { seat: number; seatToken: string };
    expect(friend.seat).toBe(1);
    expect((await post("/api/goldwaage/invite", { room: t.room, invite: t.invites[0] })).status).toBe(409);
    expect(await count()).toBeGreaterThanOrEqual(2);
    // Two people: the emergency brake runs for the one to act, so a friend who left cannot hold the table forever.
    const socket = (t as unknown as { socket: string; seatToken: string }).socket;
    const c = await connect(socket);
    c.send({ type: "hello" });
    const w = await c.next((m) => m.type === "welcome");
    expect(w.view.clock).toMatchObject({ control: { type: "brake" } });
    // Neither person has come to the table yet: it stands (nobody is charged for waiting for the others).
    expect(w.view.clock.running).toEqual([]);
    const { a, b } = await seatBoth(socket, [(t as unknown as { seatToken: string }).seatToken, friend.seatToken]);
    // Both came: it runs for the people to act (both pick an open card at once), never for the computer at seat 2.
    const seated = await c.next((m) => m.type === "event" && m.event.type === "seated");
    const now = await c.next((m) => m.type === "state" && m.version >= seated.version);
    expect(now.view.clock.running).toEqual([0, 1]);
    for (const s of [a, b, c]) await s.close();
  });

  it("books a finished table for every seated account: Bilanz (players, level, variant: won/lost), Meine Partien with the team-mate's name, the archive", async () => {
    const anna = await newAccount(uniqueName("Anna"));
    const ben = await newAccount(uniqueName("Ben"));
    const before = await json(call("/api/me", { token: ben.token }));
    const t = await json(call("/api/goldwaage/table", { body: { players: 3, level: "leicht", friends: 1, variants: ["ruhige-waage"] }, token: anna.token }));
    const claim = await json(call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[0] }, token: ben.token }));
    expect(claim.seat).toBe(1);
    // Both people play with the simple bot over their sockets; seat 2 is a computer team-mate.
    const players = await Promise.all(
      [t.seatToken, claim.seatToken].map(async (seatToken: string, seat) => {
        const c = await connect(t.socket);
        c.send({ type: "hello", seatToken });
        await c.next((m) => m.type === "welcome");
        return { c, seat, bot: makeBot("simple", { seed: `p${seat}` }), seq: 0 };
      }),
    );
    let view = await viewAt(players[0]!, 1);
    for (let i = 0; i < 400 && !view.over; i++) {
      const version = latestVersion(players[0]!);
      const g = view.game;
      const actor = players.find((p) => (g.phase === "show" && !g.shown[p.seat]) || (g.phase === "play" && g.turn === p.seat));
      expect(actor).toBeDefined(); // the computer has always answered by the time the state arrives
      // The actor acts on its own view of the table, as its socket showed it.
      const own = await viewAt(actor!, version);
      actor!.c.send({ type: "command", clientSeq: ++actor!.seq, baseVersion: version, command: actor!.bot.act(own.game) });
      const ack = await actor!.c.next((m) => (m.type === "ack" || m.type === "error") && m.clientSeq === actor!.seq);
      expect(ack.type).toBe("ack");
      view = await viewAt(players[0]!, ack.version);
    }
    expect(view.over).toBe(true);
    const team: "won" | "lost" = view.result.team;
    expect(["won", "lost"]).toContain(team);
    for (const p of players) await p.c.close();

    // The room reports once the game is over; the Worker books it for both accounts.
    let mine: any[] = [];
    for (let i = 0; i < 100 && mine.length === 0; i++) {
      mine = (await json(call("/api/me/games", { token: ben.token }))).games.filter((g: { id: string }) => g.id === t.room);
      if (mine.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ game: "goldwaage", level: "leicht", seat: 1, outcome: team === "won" ? "win" : "loss", opponent: null });
    const annaName = (await json(call("/api/me", { token: anna.token }))).name;
    expect(mine[0].others).toEqual([{ seat: 0, name: annaName }]);
    const annas = (await json(call("/api/me/games", { token: anna.token }))).games.filter((g: { id: string }) => g.id === t.room);
    expect(annas[0]).toMatchObject({ game: "goldwaage", seat: 0, outcome: mine[0].outcome });

    const after = await json(call("/api/me", { token: ben.token }));
    const record = after.records.find((r: { game: string; level: string; role: string }) => r.game === "goldwaage" && r.level === "leicht" && r.role === "3p:ruhige-waage");
    expect(record).toMatchObject({ wins: team === "won" ? 1 : 0, losses: team === "lost" ? 1 : 0, draws: 0 });
    expect(before.records.some((r: { game: string }) => r.game === "goldwaage")).toBe(false);
    // No ratings move in a cooperative game.
    expect({ points: after.points, elo: after.elo }).toEqual({ points: before.points, elo: before.elo });

    const archive = await json(call(`/api/games/${t.room}`));
    expect(archive).toMatchObject({ id: t.room, game: "goldwaage", kind: "table", level: "leicht", options: { players: 3, level: "leicht", variants: ["ruhige-waage"] }, result: { team } });
    expect(archive.players.map((p: { name: string | null }) => p.name)).toEqual([annaName, after.name, null]);
    expect(archive.log.length).toBeGreaterThan(10);
  });

  it("a table of people that one gives up before 10 cards or 3 minutes counts for nobody; alone with computers it counts", async () => {
    // A fresh-eyes attack: a stranger took the free seat at an open table and gave up at once — a lost game in the host's Bilanz.
    const games = async (token: string, room: string) => {
      let mine: any[] = [];
      for (let i = 0; i < 100 && mine.length === 0; i++) {
        mine = (await json(call("/api/me/games", { token }))).games.filter((g: { id: string }) => g.id === room);
        if (mine.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
      return mine;
    };
    const host = await newAccount(uniqueName("Gq"));
    const stranger = await newAccount(uniqueName("Gx"));
    const t = await json(call("/api/goldwaage/table", { body: { players: 3, level: "schwer", friends: 1 }, token: host.token }));
    const claim = await json(call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[0] }, token: stranger.token }));
    const { a: h, b: x } = await seatBoth(t.socket, [t.seatToken, claim.seatToken]);
    x.send({ type: "resign", clientSeq: 1 });
    const over = await h.next((m) => m.type === "state" && m.view?.over);
    expect(over.view.result).toMatchObject({ team: "lost", reason: "resign", uncounted: true });
    expect((await games(host.token, t.room))[0]).toMatchObject({ outcome: "aborted" });
    expect((await games(stranger.token, t.room))[0]).toMatchObject({ outcome: "aborted" });
    for (const a of [host, stranger]) expect((await json(call("/api/me", { token: a.token }))).records.filter((r: { game: string }) => r.game === "goldwaage")).toEqual([]);
    await h.close();
    await x.close();

    // A guest (no account) who opened the table and gave up at once: the account that joined books nothing either
    // (the Worker saw one account and booked its loss, while the table said "Zählt nicht": an attack).
    const joined = await newAccount(uniqueName("Gj"));
    const g = await json(call("/api/goldwaage/table", { body: { players: 2, level: "schwer", friends: 1 } }));
    const seat = await json(call("/api/goldwaage/invite", { body: { room: g.room, invite: g.invites[0] }, token: joined.token }));
    const pair = await seatBoth(g.socket, [g.seatToken, seat.seatToken]);
    pair.a.send({ type: "resign", clientSeq: 1 });
    expect((await pair.b.next((m) => m.type === "state" && m.view?.over)).view.result).toMatchObject({ team: "lost", uncounted: true });
    expect((await games(joined.token, g.room))[0]).toMatchObject({ outcome: "aborted" });
    expect((await json(call("/api/me", { token: joined.token }))).records.filter((r: { game: string }) => r.game === "goldwaage")).toEqual([]);
    await pair.a.close();
    await pair.b.close();

    // One person with computer team-mates who gives up at once has lost: nobody else's record was at stake.
    const solo = await newAccount(uniqueName("Gs"));
    const own = await json(call("/api/goldwaage/table", { body: { players: 3, level: "schwer" }, token: solo.token }));
    const c = await connect(own.socket);
    c.send({ type: "hello", seatToken: own.seatToken });
    await c.next((m) => m.type === "welcome");
    c.send({ type: "resign", clientSeq: 1 });
    const lost = await c.next((m) => m.type === "state" && m.view?.over);
    expect(lost.view.result.uncounted).toBeUndefined();
    expect((await games(solo.token, own.room))[0]).toMatchObject({ outcome: "loss" });
    expect((await json(call("/api/me", { token: solo.token }))).records.filter((r: { game: string }) => r.game === "goldwaage")).toEqual([expect.objectContaining({ wins: 0, losses: 1 })]);
    await c.close();
  });

  it("says which game a table is to a browser without a seat (the bare /partie/<room>): goldwaage, battlemaske, or 404", async () => {
    const gw = (await (await post("/api/goldwaage/table", { players: 2, level: "leicht" })).json()) as { room: string };
    const table = (room: string) => exports.default.fetch(`${origin}/api/games/${room}/table`);
    const found = await table(gw.room);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ room: gw.room, game: "goldwaage" });
    const bm = (await (await post("/api/battlemaske/computer", { role: "conte", level: "leicht" })).json()) as { room: string };
    expect(await (await table(bm.room)).json()).toEqual({ room: bm.room, game: "battlemaske" });
    // A well-formed name the Worker never handed out, and one that is no room name at all.
    for (const name of ["AAAAAAAAAAAAAAAA", "not-a-room"]) {
      const none = await table(name);
      expect(none.status).toBe(404);
      expect(await none.json()).toMatchObject({ error: "NO_SUCH_ROOM" });
    }
  });

  it("refuses a bad table with a typed 400", async () => {
    const r = await post("/api/goldwaage/table", { players: 5 });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: "BAD_REQUEST" });
    // Options the engine refuses: Profi with open cards, a variant twice.
    for (const body of [{ players: 2, level: "profi", variants: ["offene-haende"] }, { players: 3, level: "profi", variants: ["zwei-offene-karten"] }, { players: 2, variants: ["ruhige-waage", "ruhige-waage"] }]) {
      const refused = await post("/api/goldwaage/table", body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "BAD_REQUEST", message: expect.stringMatching(/^options: /) });
    }
  });
});
