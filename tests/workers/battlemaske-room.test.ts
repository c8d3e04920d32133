// A Battlemaske table inside workerd: created through the API, played through real WebSockets, stored in SQLite.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HEARTBEAT } from "../../shared/room/protocol";
import { choose, connect, seatBoth, type Msg } from "./sockets";

const origin = "http://spielcenter.test";



async function createComputerGame(body: unknown): Promise<Response> {
  return exports.default.fetch(`${origin}/api/battlemaske/computer`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("BattlemaskeRoom against the computer", () => {
  it("is created by POST /api/battlemaske/computer and refuses bad bodies with a typed 400", async () => {
    const bad = await createComputerGame({ role: "king", level: "leicht" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "BAD_REQUEST" });
    const ok = await createComputerGame({ role: "conte", level: "leicht" });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as { room: string; seat: number; seatToken: string; socket: string };
    expect(body.seat).toBe(0);
    expect(body.seatToken.length).toBeGreaterThan(30);
    const stored = await runInDurableObject(env.BattlemaskeRoom.getByName(body.room), (_r, state) => ({
      events: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n,
      config: JSON.stringify(state.storage.kv.get("config")),
    }));
    expect(stored.events).toBeGreaterThanOrEqual(2);
    expect(stored.config).not.toContain(body.seatToken); // only the hash is stored
  });

  it("plays a whole game through a WebSocket; a spectator sees only the public table", async () => {
    const created = (await (await createComputerGame({ role: "maske", level: "leicht", ruleset: "zwiegespalten" })).json()) as { room: string; seatToken: string; socket: string };
    const player = await connect(created.socket);
    const spectator = await connect(created.socket);
    spectator.send({ type: "hello" });
    const specWelcome = await spectator.next((m) => m.type === "welcome");
    expect(specWelcome.seat).toBeNull();
    expect(specWelcome.view.game.hand).toBeNull();

    player.send({ type: "hello", seatToken: created.seatToken });
    const welcome = await player.next((m) => m.type === "welcome");
    expect(welcome.seat).toBe(1);
    let view = welcome.view;
    let version = welcome.version;
    let seq = 0;
    for (let i = 0; i < 300 && !view.over; i++) {
      const cmd = choose(view);
      expect(cmd).not.toBeNull();
      player.send({ type: "command", clientSeq: ++seq, baseVersion: version, command: cmd });
      // The events and the view after them come first, the ack last: it refers to a table the client already has.
      const state = await player.next((m) => m.type === "state" && m.version > version);
      const ack = await player.next((m) => (m.type === "ack" || m.type === "error") && m.clientSeq === seq);
      expect(ack.type).toBe("ack");
      expect(state.version).toBeGreaterThanOrEqual(ack.version);
      view = state.view;
      version = state.version;
    }
    expect(view.over).toBe(true);
    expect(["conte", "maske"]).toContain(view.game.winner);
    const last = await spectator.next((m) => m.type === "state" && m.version === version);
    expect(last.view.game.hand).toBeNull();
    // The room reports the finished game to the Worker once: it lands in D1 with the whole log.
    let row: { room: string; log: string } | null = null;
    for (let i = 0; i < 50 && !row; i++) {
      row = await env.DB.prepare("SELECT room, log FROM results WHERE room = ?").bind(created.room).first<{ room: string; log: string }>();
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row?.room).toBe(created.room);
    expect(JSON.parse(row!.log)).toHaveLength(version);
    await player.close();
    await spectator.close();
  });

  it("answers malformed messages and a foreign seat token with an error and keeps the connection open", async () => {
    const a = (await (await createComputerGame({ role: "conte", level: "leicht" })).json()) as { room: string; seatToken: string; socket: string };
    const b = (await (await createComputerGame({ role: "conte", level: "leicht" })).json()) as { seatToken: string };
    const c = await connect(a.socket);
    c.send("{not json");
    expect((await c.next((m) => m.type === "error")).code).toBe("BAD_MESSAGE");
    c.send({ type: "dance" });
    expect((await c.next((m) => m.type === "error")).code).toBe("BAD_MESSAGE");
    c.send("x".repeat(1024 * 1024));
    expect((await c.next((m) => m.type === "error")).code).toBe("TOO_LARGE");
    c.send({ type: "resign", clientSeq: 1 });
    expect((await c.next((m) => m.type === "error")).code).toBe("NO_HELLO");
    c.send({ type: "hello", seatToken: b.seatToken });
    expect((await c.next((m) => m.type === "error")).code).toBe("BAD_SEAT_TOKEN");
    c.send({ type: "hello", seatToken: a.seatToken });
    const w = await c.next((m) => m.type === "welcome");
    expect(w.seat).toBe(0);
    const version = await runInDurableObject(env.BattlemaskeRoom.getByName(a.room), (_r, s) => s.storage.sql.exec<{ n: number }>("SELECT MAX(version) AS n FROM events").one().n);
    expect(version).toBe(w.version);
    await c.close();
  });

  it("reconnects with lastVersion: only the missing events are sent", async () => {
    const g = (await (await createComputerGame({ role: "conte", level: "leicht" })).json()) as { room: string; seatToken: string; socket: string };
    const first = await connect(g.socket);
    first.send({ type: "hello", seatToken: g.seatToken });
    const w = await first.next((m) => m.type === "welcome");
    first.send({ type: "command", clientSeq: 1, baseVersion: w.version, command: choose(w.view) });
    const ack = await first.next((m) => m.type === "ack");
    await first.close();
    const again = await connect(g.socket);
    again.send({ type: "hello", seatToken: g.seatToken, lastVersion: w.version });
    const w2 = await again.next((m) => m.type === "welcome");
    expect(w2.view).toBeNull();
    const ev = await again.next((m) => m.type === "event");
    expect(ev.version).toBe(w.version + 1);
    const st = await again.next((m) => m.type === "state");
    expect(st.version).toBeGreaterThanOrEqual(ack.version);
    // A duplicate of the first command is answered with the same ack and applies nothing.
    again.send({ type: "command", clientSeq: 1, baseVersion: w.version, command: choose(w.view) });
    expect(await again.next((m) => m.type === "ack")).toEqual(ack);
    await again.close();
  });
});

describe("BattlemaskeRoom after its instance is dropped", () => {
  it("folds the same state again from its SQLite log and plays on from it", async () => {
    const created = (await (await createComputerGame({ role: "conte", level: "mittel" })).json()) as { room: string; seatToken: string; socket: string };
    const player = await connect(created.socket);
    player.send({ type: "hello", seatToken: created.seatToken });
    const welcome = await player.next((m) => m.type === "welcome");
    let view = welcome.view;
    let version = welcome.version;
    const acks: unknown[] = [];
    for (let seq = 1; seq <= 6; seq++) {
      player.send({ type: "command", clientSeq: seq, baseVersion: version, command: choose(view) });
      // The events and the view after them come first, the ack last: it refers to a table the client already has.
      const st = await player.next((m) => m.type === "state" && m.version > version);
      const ack = await player.next((m) => (m.type === "ack" || m.type === "error") && m.clientSeq === seq);
      expect(ack.type).toBe("ack");
      acks.push(ack);
      expect(st.version).toBeGreaterThanOrEqual(ack.version);
      view = st.view;
      version = st.version;
    }
    type Core = { version: number; viewFor(v: number | "spectator"): unknown };
    const stub = env.BattlemaskeRoom.getByName(created.room);
    const snapshot = await runInDurableObject(stub, (room) => {
      const r = room as unknown as { core: Core; onStart(): void };
      const before = { version: r.core.version, seat: JSON.stringify(r.core.viewFor(0)), spectator: JSON.stringify(r.core.viewFor("spectator")) };
      const old = r.core;
      r.onStart(); // the core is built again from storage alone
      expect(r.core).not.toBe(old);
      return { before, after: { version: r.core.version, seat: JSON.stringify(r.core.viewFor(0)), spectator: JSON.stringify(r.core.viewFor("spectator")) } };
    });
    expect(snapshot.after).toEqual(snapshot.before);
    expect(snapshot.after.version).toBe(version);
    // The new core still knows every answered command: a duplicate gets the same ack and applies nothing.
    player.send({ type: "command", clientSeq: 3, baseVersion: version, command: choose(view) });
    expect(await player.next((m) => (m.type === "ack" || m.type === "error") && m.clientSeq === 3)).toEqual(acks[2]);
    expect(await runInDurableObject(stub, (room) => (room as unknown as { core: Core }).core.version)).toBe(version);
    // And the game goes on from there.
    player.send({ type: "command", clientSeq: 7, baseVersion: version, command: choose(view) });
    expect((await player.next((m) => (m.type === "ack" || m.type === "error") && m.clientSeq === 7)).type).toBe("ack");
    await player.close();
  });
});

async function post(path: string, body: unknown): Promise<Response> {
  return exports.default.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("BattlemaskeRoom online for two", () => {
  it("a seat whose page has stopped pinging no longer counts as there when someone asks; pinging again, it is back (ADR 045)", async () => {
    const created = (await (await post("/api/battlemaske/online", { role: "maske", rated: false })).json()) as { room: string; seatToken: string; invite: string; socket: string };
    const friend = (await (await post("/api/battlemaske/invite", { room: created.room, invite: created.invite })).json()) as { seatToken: string };
    const { a, b } = await seatBoth(created.socket, [created.seatToken, friend.seatToken]);
    const stub = env.BattlemaskeRoom.getByName(created.room);
    // Two seconds instead of thirty (STALE_MS): the room counts a seat whose last ping is older than that as gone.
    await runInDurableObject(stub, (room) => void ((room as unknown as { staleMs: number }).staleMs = 2000));
    const alive = async (s: typeof a) => {
      s.send(HEARTBEAT.ping);
      await s.next((m) => m.type === "pong");
    };
    const asked = async (s: typeof a) => {
      await alive(s);
      s.send({ type: "presence" });
      return (await s.next((m) => m.type === "presence")).connected as boolean[];
    };
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await alive(b);
    expect(await asked(a)).toEqual([true, true]);
    // b (seat 0: the creator plays Maske, seat 1) loses its network: it pings no more, its socket stays open. Asked,
    // the room says b's seat is gone.
    await wait(2300);
    expect(await asked(a)).toEqual([false, true]);
    // b pings again: asked, it is back.
    await alive(b);
    expect(await asked(a)).toEqual([true, true]);
    // Gone again; then b sends a message (no ping): a hears at once that b is back, without asking (an attack pass:
    // "gone" stuck until the next question, and a page that plays without pinging read as gone).
    await wait(2300);
    expect(await asked(a)).toEqual([false, true]);
    b.send({ type: "command", clientSeq: 1, baseVersion: 0, command: { type: "exchange", cards: [] } });
    expect((await a.next((m) => m.type === "presence")).connected).toEqual([true, true]);
    // A socket that never pings (a script) counts from its hello: b's seat, held by such a socket after b has gone,
    // counts at first and no longer after the wait — the seat's freshest socket decides.
    const c = await connect(created.socket);
    c.send({ type: "hello", seatToken: friend.seatToken });
    await c.next((m) => m.type === "welcome");
    await b.close();
    expect(await asked(a)).toEqual([true, true]);
    await wait(2300);
    expect(await asked(a)).toEqual([false, true]);
    // Before its hello a socket may not ask.
    const d = await connect(created.socket);
    d.send({ type: "presence" });
    expect((await d.next((m) => m.type === "error")).code).toBe("NO_HELLO");
    for (const s of [a, c, d]) await s.close();
  });

  it("starts when the invite is claimed (once), runs the clocks and keeps an alarm for the flag", async () => {
    const created = (await (await post("/api/battlemaske/online", { role: "maske", rated: false, clock: { minutes: 5, increment: 3 } })).json()) as { room: string; seat: number; seatToken: string; invite: string; socket: string };
    expect(created.seat).toBe(1);
    const before = await runInDurableObject(env.BattlemaskeRoom.getByName(created.room), (_r, s) => s.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n);
    expect(before).toBe(0); // nothing dealt before the friend arrives
    const claim = await post("/api/battlemaske/invite", { room: created.room, invite: created.invite });
    expect(claim.status).toBe(200);
    const friend = (await claim.json()) as { seat: number; seatToken: string };
    expect(friend.seat).toBe(0);
    const again = await post("/api/battlemaske/invite", { room: created.room, invite: created.invite });
    expect(again.status).toBe(409);

    const stub = env.BattlemaskeRoom.getByName(created.room);
    // Nobody has come yet: the alarm stands at the no-show deadline, a minute after the deal (ADR 041).
    const alarm = await runInDurableObject(stub, (_r, s) => s.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + 50_000);
    expect(alarm).toBeLessThanOrEqual(Date.now() + 60_000);

    const { a, b, wa, wb, welcomes } = await seatBoth(created.socket, [created.seatToken, friend.seatToken]);
    expect(await runDurableObjectAlarm(stub)).toBe(true); // fired early, both came: the handler changes nothing
    const after = await runInDurableObject(stub, (_r, s) => s.storage.sql.exec<{ event: string }>("SELECT event FROM events ORDER BY version").toArray().map((r) => (JSON.parse(r.event) as { type: string }).type));
    // The deal, its first step, and the clocks' start at the second seat's hello (they stood while one waited).
    expect(after).toHaveLength(3);
    expect(after[2]).toBe("seated");
    // and sets the next alarm at the flag: 5 minutes for whoever is slower.
    expect(await runInDurableObject(stub, (_r, s) => s.storage.getAlarm())).toBeGreaterThan(Date.now() + 4 * 60_000);
    // The later welcome shows both clocks running; the earlier one showed them standing, and its socket got `seated`.
    const [first, last] = welcomes[0]!.version < welcomes[1]!.version ? welcomes : [welcomes[1]!, welcomes[0]!];
    expect(first.view.clock.running).toEqual([]);
    expect(first.version).toBe(2);
    expect(last.view.clock.running).toEqual([0, 1]);
    expect(last.version).toBe(3);
    // The earlier socket got the start as an event; its newest view shows the clocks running.
    const earlier = first === welcomes[0] ? a : b;
    expect(earlier.all.some((m) => m.type === "event" && m.event.type === "seated" && m.version === 3)).toBe(true);
    expect(wa.view.clock.running).toEqual([0, 1]);
    expect(wb.version).toBe(3);
    expect(wa.view.game.hand).not.toEqual(wb.view.game.hand);
    // Seat 0 exchanges; seat 1 sees only that it has picked, not what.
    b.send({ type: "command", clientSeq: 1, baseVersion: wb.version, command: choose(wb.view) });
    await b.next((m) => m.type === "ack");
    const seen = await a.next((m) => m.type === "event" && m.event.type === "exchangeSubmitted");
    expect(seen.event).toEqual({ type: "exchangeSubmitted", v: 1, seat: 0 });
    await a.close();
    await b.close();
  });
});

describe("BattlemaskeRoom: the flag falls by the Durable Object's alarm", () => {
  /** Creates an online game, claims the invite and moves every logged time `ago` ms into the past, then drops the instance's core. */
  async function gameStartedAgo(clock: { minutes: number; increment: number } | null, ago: number): Promise<any> {
    const mine = (await (await post("/api/battlemaske/online", { role: "conte", rated: false, clock })).json()) as { room: string; invite: string; seatToken: string; socket: string };
    const claim = await post("/api/battlemaske/invite", { room: mine.room, invite: mine.invite });
    expect(claim.status).toBe(200);
    // Both players came to the table and went away again: only the clocks decide (a seat that never came would call the
    // game off after a minute, ADR 041).
    const seats = await seatBoth(mine.socket, [mine.seatToken, ((await claim.json()) as { seatToken: string }).seatToken]);
    await seats.a.close();
    await seats.b.close();
    const stub = env.BattlemaskeRoom.getByName(mine.room);
    await runInDurableObject(stub, (room, s) => {
      s.storage.sql.exec("UPDATE events SET time = time - ?", ago);
      (room as unknown as { onStart(): void }).onStart(); // as after an eviction: the core is folded again from the stored log
    });
    rooms.set(stub, mine.room);
    return stub;
  }
  const rooms = new Map<unknown, string>();
  const events = (stub: any): Promise<Array<{ type: string; seat?: number }>> => runInDurableObject(stub, (_r: unknown, s: DurableObjectState) => s.storage.sql.exec<{ event: string }>("SELECT event FROM events ORDER BY version").toArray().map((r) => JSON.parse(r.event) as { type: string; seat?: number }));

  it("a clock of 1 minute that ran out during the exchange ends the game with a timeout, once, however often the alarm fires", async () => {
    const stub = await gameStartedAgo({ minutes: 1, increment: 0 }, 61_000);
    expect((await events(stub)).some((e) => e.type === "timeout")).toBe(false);
    expect((await exports.default.fetch(`${origin}/api/games/${rooms.get(stub)}`)).status).toBe(404); // running: no log served
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // The room reported the end: the archive serves the finished game, ended on time.
    const archived = await exports.default.fetch(`${origin}/api/games/${rooms.get(stub)}`);
    expect(archived.status).toBe(200);
    expect(((await archived.json()) as { result: { reason: string } }).result.reason).toBe("timeout");
    const after = await events(stub);
    const timeouts = after.filter((e) => e.type === "timeout");
    expect(timeouts).toHaveLength(1);
    expect([0, 1]).toContain(timeouts[0]!.seat);
    await runInDurableObject(stub, (_r, s) => s.storage.setAlarm(Date.now() + 1000)); // an alarm that fires a second time
    await runDurableObjectAlarm(stub);
    expect(await events(stub)).toEqual(after);
  });

  it("a clock with time left is not flagged by an early alarm", async () => {
    const stub = await gameStartedAgo({ minutes: 1, increment: 0 }, 30_000);
    await runInDurableObject(stub, (_r, s) => s.storage.setAlarm(Date.now() + 1000));
    await runDurableObjectAlarm(stub);
    expect((await events(stub)).some((e) => e.type === "timeout")).toBe(false);
  });

  it("without a clock the emergency brake ends the game after 10 minutes without an action", async () => {
    const quiet = await gameStartedAgo(null, 9 * 60_000);
    await runInDurableObject(quiet, (_r, s) => s.storage.setAlarm(Date.now() + 1000));
    await runDurableObjectAlarm(quiet);
    expect((await events(quiet)).some((e) => e.type === "timeout")).toBe(false);
    const stub = await gameStartedAgo(null, 10 * 60_000 + 1000);
    await runInDurableObject(stub, (_r, s) => s.storage.setAlarm(Date.now() + 1000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await events(stub)).filter((e) => e.type === "timeout")).toHaveLength(1);
  });
});
