// Through the Durable Object: a message that arrives after a flag fell, before the alarm ran, ends the game on time
// first. The log's times are moved into the past, as if the room had been evicted or its alarm were late.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, newAccount, origin, uniqueName } from "./api-helpers";
import { choose, connect, seatBoth } from "./sockets";
import { reported, startedAgo } from "./room-helpers";

/** A one-minute duel between two guests, dealt, both seats on sockets that said hello. */
async function duel() {
  const created = await json(call("/api/battlemaske/online", { body: { role: "conte", rated: false, clock: { minutes: 1, increment: 0 } } }));
  const friend = await json(call("/api/battlemaske/invite", { body: { room: created.room, invite: created.invite } }));
  const tokens: [string, string] = created.seat === 0 ? [created.seatToken, friend.seatToken] : [friend.seatToken, created.seatToken];
  const seats = await seatBoth(created.socket, tokens);
  return { ...seats, room: created.room as string, socket: created.socket as string, stub: env.BattlemaskeRoom.getByName(created.room) };
}

const events = (stub: DurableObjectStub) => runInDurableObject(stub, (_r, s) => s.storage.sql.exec<{ event: string; actor: string }>("SELECT event, actor FROM events ORDER BY version").toArray().map((r) => ({ ...(JSON.parse(r.event) as { type: string; seat?: number }), actor: r.actor })));

describe("a late flag through the Durable Object", () => {
  it("a command after the flag fell gets GAME_OVER; both sockets get the timeout first; the alarm later adds nothing", async () => {
    const { a, b, wa, stub, room } = await duel();
    await startedAgo(stub, 61_000);
    a.send({ type: "command", clientSeq: 1, baseVersion: wa.version, command: choose(wa.view) });
    const seenByA = await a.next((m) => m.type === "event");
    expect(seenByA).toMatchObject({ version: wa.version + 1, actor: "room", event: { type: "timeout" } });
    expect(await a.next((m) => m.type === "state")).toMatchObject({ view: { over: true, result: { reason: "timeout" } } });
    expect(await a.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "GAME_OVER" });
    expect(await b.next((m) => m.type === "event")).toMatchObject({ version: wa.version + 1, event: { type: "timeout", seat: seenByA.event.seat } });
    const logged = await events(stub);
    expect(logged.filter((e) => e.type === "timeout")).toHaveLength(1);
    expect(logged.some((e) => e.type === "exchangeSubmitted")).toBe(false); // the command was not applied
    // The room reports the end by itself, on time, without an alarm (the archive serves a finished game only). The report
    // is sent after the sockets got the timeout, so the socket's messages do not say it is done: the room's mark does.
    await reported(stub);
    const archived = await exports.default.fetch(`${origin}/api/games/${room}`);
    expect(archived.status).toBe(200);
    expect(((await archived.json()) as { result: { reason: string } }).result.reason).toBe("timeout");
    // An alarm that still fires (at least once, maybe late) logs no second timeout.
    await runInDurableObject(stub, (_r, s) => s.storage.setAlarm(Date.now() + 1000));
    await runDurableObjectAlarm(stub);
    expect(await events(stub)).toEqual(logged);
    await a.close();
    await b.close();
  });

  it("a hello after the flag fell: the new socket's welcome shows the ended game, the sockets already there get the timeout", async () => {
    const { a, b, wa, stub, socket } = await duel();
    await startedAgo(stub, 61_000);
    const watcher = await connect(socket);
    watcher.send({ type: "hello" });
    const welcome = await watcher.next((m) => m.type === "welcome");
    expect(welcome).toMatchObject({ version: wa.version + 1, view: { over: true, result: { reason: "timeout" }, clock: { running: [] } } });
    expect(await a.next((m) => m.type === "event")).toMatchObject({ version: wa.version + 1, event: { type: "timeout" } });
    expect(await b.next((m) => m.type === "event")).toMatchObject({ version: wa.version + 1, event: { type: "timeout" } });
    expect((await events(stub)).filter((e) => e.type === "timeout")).toHaveLength(1);
    for (const s of [a, b, watcher]) await s.close();
  });

  it("a rematch offer after the flag fell is an offer after the end: the timeout first, then the offer stands", async () => {
    const [x, y] = [await newAccount(uniqueName("Fa")), await newAccount(uniqueName("Fb"))];
    const created = await json(call("/api/games", { body: { kind: "friendly", clock: { minutes: 1, increment: 0 }, ruleset: "battlemaske", variant: "single", role: "conte" }, token: x.token }));
    const claim = await json(call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: y.token }));
    const { a, b } = await seatBoth(created.socket, [created.seatToken, claim.seatToken]);
    const stub = env.BattlemaskeRoom.getByName(created.room);
    await startedAgo(stub, 61_000);
    a.send({ type: "rematch", clientSeq: 1, action: "offer" });
    // Not REMATCH_NOT_ALLOWED ("the game is still running"): the timeout comes first.
    expect(await a.next((m) => m.type === "event" || m.type === "error")).toMatchObject({ type: "event", event: { type: "timeout" } });
    expect(await b.next((m) => m.type === "event")).toMatchObject({ event: { type: "timeout" } });
    expect(await b.next((m) => m.type === "rematch")).toMatchObject({ state: "offered", by: 0 });
    expect(a.all.some((m) => m.type === "error")).toBe(false);
    expect((await events(stub)).filter((e) => e.type === "timeout")).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it("a remark at a Goldwaage table of people after the brake fell: everyone gets the timeout, then the remark", async () => {
    const t = await json(call("/api/goldwaage/table", { body: { players: 2, friends: 1, level: "leicht" } }));
    const claim = await json(call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[0] } }));
    const { a, b } = await seatBoth(t.socket, [t.seatToken, claim.seatToken]);
    const stub = env.GoldwaageRoom.getByName(t.room);
    await startedAgo(stub, 10 * 60_000 + 1000);
    a.send({ type: "remark", clientSeq: 1, remark: "thanks" });
    for (const s of [a, b]) {
      expect(await s.next((m) => m.type === "event" || m.type === "remark")).toMatchObject({ type: "event", actor: "room", event: { type: "timeout" } });
      expect(await s.next((m) => m.type === "remark")).toMatchObject({ seat: 0, remark: "thanks" });
    }
    expect(await a.next((m) => m.type === "ack" || m.type === "error")).toMatchObject({ type: "ack", clientSeq: 1 });
    expect((await events(stub)).filter((e) => e.type === "timeout")).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it("both flags fell together (the first exchange, nobody acted): one timeout naming both, a draw for both sockets and in the archive", async () => {
    const { a, b, wa, stub, room } = await duel();
    await startedAgo(stub, 61_000);
    await runInDurableObject(stub, (_r, s) => s.storage.setAlarm(Date.now() + 1000));
    await runDurableObjectAlarm(stub);
    for (const s of [a, b]) {
      expect(await s.next((m) => m.type === "event")).toMatchObject({ version: wa.version + 1, actor: "room", event: { type: "timeout", seat: 0, seats: [0, 1] } });
      expect(await s.next((m) => m.type === "state")).toMatchObject({ view: { over: true, result: { winner: null, draw: true, reason: "timeout", uncounted: true } } });
    }
    await reported(stub);
    const archived = (await (await exports.default.fetch(`${origin}/api/games/${room}`)).json()) as { result: unknown };
    expect(archived.result).toMatchObject({ winner: null, draw: true, reason: "timeout" });
    await a.close();
    await b.close();
  });

  it("a command with time left on the clock is played as always", async () => {
    const { a, b, wa, stub } = await duel();
    await startedAgo(stub, 30_000);
    a.send({ type: "command", clientSeq: 1, baseVersion: wa.version, command: choose(wa.view) });
    expect(await a.next((m) => m.type === "ack" || m.type === "error")).toMatchObject({ type: "ack", clientSeq: 1 });
    expect((await events(stub)).some((e) => e.type === "timeout")).toBe(false);
    await a.close();
    await b.close();
  });
});
