// Through the Worker and the Durable Object: a duel made in the Wartesaal whose second player never comes to the table
// (ADR 041). The one who came is told how long the table waits; at the deadline the room calls the game off by its
// alarm, both stakes are free again, no rating moves, and the archive says who never came.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, newAccount, origin } from "./api-helpers";
import { connect, seated } from "./sockets";
import { reported, startedAgo } from "./room-helpers";
import { NO_SHOW_MS } from "../../shared/room/clock";

const secret = () => ({ authorization: `Bearer ${env.ROOM_SECRET}` });
const RATED = { kind: "rated", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" } as const;
const holdsOf = async (room: string) => (await env.DB.prepare("SELECT amount FROM stake_holds WHERE room = ?").bind(room).all()).results;

describe("a seat that never comes to a Wartesaal duel", () => {
  it("is told to the one who came, then called off by the alarm: aborted, stakes released, nobody rated, the archive names it", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const opened = await json(call("/internal/lobby/duel", { body: { challenger: a.id, accepter: b.id, terms: { ...RATED, stake: 200 } }, headers: secret() }));
    expect((await holdsOf(opened.room)).map((h) => h.amount)).toEqual([200, 200]);
    const stub = env.BattlemaskeRoom.getByName(opened.room);
    const came = opened.challenger as { seat: number; seatToken: string };
    const absent = 1 - came.seat;
    const { s } = await seated(opened.socket, came.seatToken);
    const presence = await s.next((m) => m.type === "presence");
    expect(presence.connected[absent]).toBe(false);
    expect(presence.noShow.seats).toEqual([absent]);
    // The deadline stands a minute after the deal, and the room's alarm is set no later than it.
    const dealtAt = await runInDurableObject(stub, (_r, st) => st.storage.sql.exec<{ time: number }>("SELECT MIN(time) AS time FROM events").one().time);
    expect(presence.noShow.at).toBe(dealtAt + NO_SHOW_MS);
    expect(await runInDurableObject(stub, (_r, st) => st.storage.getAlarm())).toBeLessThanOrEqual(dealtAt + NO_SHOW_MS);

    await startedAgo(stub, NO_SHOW_MS + 1_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const ended = await s.next((m) => m.type === "event" && m.event.type === "noShow");
    expect(ended).toMatchObject({ actor: "room", event: { type: "noShow", v: 1, seats: [absent] } });
    expect(await s.next((m) => m.type === "state")).toMatchObject({ view: { over: true, result: { winner: null, reason: "aborted", absent: [absent] } } });
    await reported(stub);
    expect(await holdsOf(opened.room)).toEqual([]);
    for (const acc of [a, b]) expect(await json(call("/api/me", { token: acc.token }))).toMatchObject({ taler: 1000, held: 0 });
    const rows = (await env.DB.prepare("SELECT points, elo, rated_games FROM accounts WHERE id IN (?, ?)").bind(a.id, b.id).all()).results;
    expect(rows).toEqual([{ points: 0, elo: 1500, rated_games: 0 }, { points: 0, elo: 1500, rated_games: 0 }]);
    expect((await env.DB.prepare("SELECT counted FROM results WHERE room = ?").bind(opened.room).first<{ counted: number }>())?.counted).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM records WHERE account_id IN (?, ?)").bind(a.id, b.id).first<{ n: number }>())?.n).toBe(0);
    const archived = await json(exports.default.fetch(`${origin}/api/games/${opened.room}`));
    expect(archived.result).toMatchObject({ winner: null, reason: "aborted" });
    expect(archived.log.some((e: { event: { type: string; seats?: number[] } }) => e.event.type === "noShow" && e.event.seats?.[0] === absent)).toBe(true);
    // The one who came late finds the game called off.
    const late = await seated(opened.socket, (opened.accepter as { seatToken: string }).seatToken);
    expect(late.welcome.view).toMatchObject({ over: true, result: { reason: "aborted", absent: [absent] } });
    // Nobody played: no rematch, whoever asks (the late-comer could offer one to the one who waited).
    late.s.send({ type: "rematch", clientSeq: 1, action: "offer" });
    expect(await late.s.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "REMATCH_NOT_ALLOWED" });
    await late.s.close();
    await s.close();
  });

  it("a seat that came is no no-show: with both at the table the alarm a minute on calls nothing off", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const opened = await json(call("/internal/lobby/duel", { body: { challenger: a.id, accepter: b.id, terms: { ...RATED, stake: 0 } }, headers: secret() }));
    const stub = env.BattlemaskeRoom.getByName(opened.room);
    const one = await seated(opened.socket, opened.challenger.seatToken);
    const two = await seated(opened.socket, opened.accepter.seatToken);
    const presence = await two.s.next((m) => m.type === "presence");
    expect(presence.connected).toEqual([true, true]);
    expect(presence.noShow).toBeUndefined();
    // The alarm kept for the deadline moved to the brake's (ten minutes): an idle room is not woken a minute on.
    const alarm = () => runInDurableObject(stub, (_r, st) => st.storage.getAlarm());
    for (let i = 0; i < 100 && ((await alarm()) ?? 0) < Date.now() + 5 * 60_000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await alarm()).toBeGreaterThan(Date.now() + 5 * 60_000);
    await two.s.close();
    await startedAgo(stub, NO_SHOW_MS + 1_000);
    await runInDurableObject(stub, (_r, st) => st.storage.setAlarm(Date.now() + 10));
    await runDurableObjectAlarm(stub);
    const types = await runInDurableObject(stub, (_r, st) => st.storage.sql.exec<{ event: string }>("SELECT event FROM events").toArray().map((r) => (JSON.parse(r.event) as { type: string }).type));
    expect(types).not.toContain("noShow");
    await one.s.close();
  });
});

describe("a friend game's host", () => {
  it("at the table before the deal learns, when the friend claims the seat, that the friend has a minute to come", async () => {
    const host = await newAccount();
    const created = await json(call("/api/games", { body: { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" }, token: host.token }));
    const { s } = await seated(created.socket, created.seatToken);
    const before = await s.next((m) => m.type === "presence");
    expect(before.noShow).toBeUndefined(); // nothing dealt yet: nobody is late
    const friend = await newAccount();
    expect((await call("/api/battlemaske/invite", { body: { room: created.room, invite: created.inviteCode }, token: friend.token })).status).toBe(200);
    const after = await s.next((m) => m.type === "presence");
    expect(after.noShow.seats).toEqual([1 - created.seat]);
    await s.close();
  });

  it("who came to the table and left before the friend claimed the seat has not come: the clocks stand, and the minute runs for the host too", async () => {
    const host = await newAccount();
    const created = await json(call("/api/games", { body: { kind: "rated", clock: { minutes: 3, increment: 2 }, ruleset: "battlemaske", variant: "single", role: "conte" }, token: host.token }));
    const first = await seated(created.socket, created.seatToken);
    // A spectator hears the room's presence: the host's page is gone before the friend claims the seat.
    const watcher = await connect(created.socket);
    watcher.send({ type: "hello" });
    await watcher.next((m) => m.type === "presence" && m.connected[created.seat] === true);
    await first.s.close(); // the host went to another page while waiting
    await watcher.next((m) => m.type === "presence" && m.connected[created.seat] === false);
    const friend = await newAccount();
    const claim = await json(call("/api/battlemaske/invite", { body: { room: created.room, invite: created.inviteCode }, token: friend.token }));
    const f = await seated(created.socket, claim.seatToken);
    // The friend is at the table, the host is not: no clock runs, and the minute runs for the host.
    expect(f.welcome.view.clock.running).toEqual([]);
    const presence = await f.s.next((m) => m.type === "presence");
    expect(presence.noShow.seats).toEqual([created.seat]);
    const stub = env.BattlemaskeRoom.getByName(created.room);
    await startedAgo(stub, NO_SHOW_MS + 1_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await f.s.next((m) => m.type === "event" && m.event.type === "noShow")).toMatchObject({ event: { seats: [created.seat] } });
    await reported(stub);
    // Nobody rated: the host who never saw a card lost nothing.
    const rows = (await env.DB.prepare("SELECT points, elo, rated_games FROM accounts WHERE id IN (?, ?)").bind(host.id, friend.id).all()).results;
    expect(rows).toEqual([{ points: 0, elo: 1500, rated_games: 0 }, { points: 0, elo: 1500, rated_games: 0 }]);
    await f.s.close();
    await watcher.close();
  });
});
