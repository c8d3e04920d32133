// The Wartesaal judges its sockets by their heartbeat (ADR 046): a page not heard for the silence limit is closed at the
// next alarm and its account leaves, as if it had closed the socket; a socket that never says hello is closed too.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { AWAY_NOTE_NAMES, CLOSE_SILENT, LOBBY_GRACE_MS, LOBBY_HELLO_MS, LOBBY_SILENCE_MS } from "../../party/lobby";
import { HEARTBEAT } from "../../shared/room/protocol";
import { call, json } from "./api-helpers";
import { enter, sees, type Lobbyist } from "./lobby-helpers";
import { closeCode, connect, type Msg } from "./sockets";

const TERMS = { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" } as const;
const lobby = () => env.Lobby.getByName("main");
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Limits = { silenceMs: number; helloMs: number; graceMs: number };
const setLimits = (silenceMs: number, helloMs: number, graceMs = LOBBY_GRACE_MS) =>
  runInDurableObject(lobby(), (l) => {
    Object.assign(l as unknown as Limits, { silenceMs, helloMs, graceMs });
  });

/** A socket of `p`'s account closed as a network that went closes it (not 1000 or 1001: not the page leaving). */
async function dropped(p: Lobbyist): Promise<void> {
  const closed = new Promise<void>((r) => p.s.socket.addEventListener("close", () => r(), { once: true }));
  p.s.socket.close(4000, "network");
  await closed;
}

/** A new socket of `p`'s account that says hello (the page back), with the messages it got up to its welcome's lists. */
async function back(p: Lobbyist) {
  const t = await json<{ ticket: string; socket: string }>(call("/api/lobby/ticket", { method: "POST", token: p.account.token }));
  const s = await connect(t.socket);
  s.send({ type: "hello", ticket: t.ticket });
  await s.next((m) => m.type === "welcome");
  await s.next((m) => m.type === "presence");
  return s;
}

/** `poster` posts a seek (as the Maske), its network goes, and `taker` takes the seek: the taker's `matched`. */
async function seekTakenWhileAway(poster: Lobbyist, taker: Lobbyist): Promise<Msg> {
  await sees(taker, poster.name);
  poster.s.send({ type: "seek", terms: { ...TERMS, role: "maske" } });
  const seek = (await taker.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === poster.name))).seeks.find((x: Msg) => x.from === poster.name);
  await dropped(poster);
  taker.s.send({ type: "take", id: seek.id });
  return taker.s.next((m) => m.type === "matched");
}

/**
 * Runs the lobby's alarm now if one is set. Not asserted: with the limits shortened the lobby's own alarm runs every few
 * hundred milliseconds, and between its firing and its setting the next there is none (a loaded CI run found it so);
 * what the sweep does is awaited from its messages instead.
 */
const sweepNow = async () => void (await runDurableObjectAlarm(lobby()));

/** A ping answered: the page is heard. */
async function alive(p: Lobbyist): Promise<void> {
  p.s.send(HEARTBEAT.ping);
  await p.s.next((m) => m.type === "pong");
}

/**
 * Keeps a page heard as a browser would (the lobby's own alarm sweeps too, every third of the shortened limit): `ping`
 * every 200 ms, or a message (a message counts as heard as a ping does). Returns the stop.
 */
function keepHeard(p: Lobbyist, how: "ping" | "message"): () => void {
  const t = setInterval(() => {
    try {
      p.s.send(how === "ping" ? HEARTBEAT.ping : { type: "unseek", id: "none" });
    } catch {
      // closed: the test's expectation on it fails
    }
  }, 200);
  return () => clearInterval(t);
}

describe("the Wartesaal's heartbeat (ADR 046)", () => {
  afterEach(() => setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, LOBBY_GRACE_MS));

  it("keeps an alarm while anyone is here, at most a third of the silence limit away", async () => {
    const a = await enter("Wecker");
    const at = await runInDurableObject(lobby(), (_l, state) => state.storage.getAlarm());
    expect(at).not.toBeNull();
    expect(at! - Date.now()).toBeLessThanOrEqual(LOBBY_SILENCE_MS / 3 + 1000);
    await a.s.close();
  });

  it("a page not heard for the limit is closed at the alarm: its seek goes, its challenge ends 'left', the others stay", async () => {
    const a = await enter("Stilla");
    const b = await enter("Stillb");
    const c = await enter("Stillc");
    await sees(a, b.name);
    await sees(a, c.name);
    b.s.send({ type: "seek", terms: TERMS });
    await a.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === b.name));
    a.s.send({ type: "challenge", to: b.name, terms: TERMS });
    const ch = (await a.s.next((m) => m.type === "challenges" && m.outgoing.length > 0)).outgoing[0];
    // a pings, c sends messages, b is silent: its network went. The alarm (the lobby's own, and one run here) closes it.
    const stops = [keepHeard(a, "ping"), keepHeard(c, "message")];
    const bClosed = closeCode(b.s);
    await setLimits(1500, 60_000);
    await wait(1700);
    await sweepNow();
    expect(await bClosed).toBe(CLOSE_SILENT);
    expect(await a.s.next((m) => m.type === "ended")).toMatchObject({ id: ch.id, how: "left", by: b.name });
    await a.s.next((m) => m.type === "seeks" && !m.seeks.some((x: Msg) => x.from === b.name));
    const listed = await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === b.name));
    expect(listed.players.map((x: Msg) => x.name)).toEqual(expect.arrayContaining([a.name, c.name]));
    await wait(1700);
    await sweepNow();
    for (const stop of stops) stop();
    // a and c are still served.
    await alive(a);
    await alive(c);
    await a.s.close();
    await c.s.close();
  });

  it("one of two tabs gone silent is closed; its account, heard by the other tab, stays here", async () => {
    const a = await enter("Tabsa");
    const watcher = await enter("Tabsw");
    await sees(watcher, a.name);
    // A second tab of a: a socket of the same account, which goes silent.
    const t = await json<{ ticket: string; socket: string }>(call("/api/lobby/ticket", { method: "POST", token: a.account.token }));
    const second = await connect(t.socket);
    second.send({ type: "hello", ticket: t.ticket });
    await second.next((m) => m.type === "welcome");
    const secondClosed = closeCode(second);
    const stops = [keepHeard(a, "ping"), keepHeard(watcher, "ping")];
    await setLimits(1500, 60_000);
    await wait(1700);
    await sweepNow();
    // The silent tab is closed; a, heard by its first tab, stays in everyone's list and was never told as gone.
    expect(await secondClosed).toBe(CLOSE_SILENT);
    await alive(watcher);
    const lists = watcher.s.all.filter((m) => m.type === "presence");
    expect(lists.every((m) => m.players.some((x: Msg) => x.name === a.name))).toBe(true);
    for (const stop of stops) stop();
    await a.s.close();
    await watcher.s.close();
  });

  it("a socket that never says hello is closed at the alarm after the hello limit (not 1008: a page comes back)", async () => {
    await setLimits(60_000, 500);
    // (An alarm is due: the other tests' sockets may have gone already.)
    const s = await connect("/parties/lobby/main");
    const closed = closeCode(s);
    await wait(700);
    await sweepNow();
    expect(await closed).toBe(CLOSE_SILENT);
  });

  it("a socket closed by the network, not the page: listed with its seek for the grace, a challenge meanwhile kept; back in time, nothing ended", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 3000);
    const a = await enter("Grazaa");
    const b = await enter("Grazab");
    await sees(a, b.name);
    b.s.send({ type: "seek", terms: TERMS });
    await a.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === b.name));
    await dropped(b);
    // Still here for a: a challenge to b is taken (not NOT_PRESENT) and b's seek is still listed.
    a.s.send({ type: "challenge", to: b.name, terms: TERMS });
    const ch = (await a.s.next((m) => m.type === "challenges" && m.outgoing.length > 0)).outgoing[0];
    expect(a.s.all.filter((m) => m.type === "seeks").at(-1)!.seeks.some((x: Msg) => x.from === b.name)).toBe(true);
    // b's page comes back within the grace: it finds the challenge and its seek.
    const b2 = await back(b);
    expect(b2.all.find((m) => m.type === "challenges")!.incoming.map((c: Msg) => c.id)).toEqual([ch.id]);
    expect(b2.all.find((m) => m.type === "seeks")!.seeks.some((x: Msg) => x.from === b.name)).toBe(true);
    // The grace's end passes: nothing ends, b stays listed.
    await wait(3500);
    await alive(a);
    expect(a.s.all.some((m) => m.type === "ended")).toBe(false);
    expect(a.s.all.filter((m) => m.type === "presence").at(-1)!.players.some((x: Msg) => x.name === b.name)).toBe(true);
    await b2.close();
    await a.s.close();
  });

  it("the grace runs out: the account leaves, its challenge ends 'left' and its seek goes; a page's own close (1000) leaves at once", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 1500);
    const a = await enter("Gonea");
    const b = await enter("Goneb");
    const c = await enter("Gonec");
    await sees(a, c.name);
    b.s.send({ type: "seek", terms: TERMS });
    await a.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === b.name));
    a.s.send({ type: "challenge", to: b.name, terms: TERMS });
    const ch = (await a.s.next((m) => m.type === "challenges" && m.outgoing.length > 0)).outgoing[0];
    const at = Date.now();
    await dropped(b);
    expect(await a.s.next((m) => m.type === "ended")).toMatchObject({ id: ch.id, how: "left", by: b.name });
    expect(Date.now() - at).toBeGreaterThanOrEqual(1400);
    await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === b.name));
    expect(a.s.all.filter((m) => m.type === "seeks").at(-1)!.seeks.some((x: Msg) => x.from === b.name)).toBe(false);
    // c closes its page's way (1000): gone from a's list without a grace.
    const before = Date.now();
    await c.s.close();
    await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === c.name));
    expect(Date.now() - before).toBeLessThan(1000);
    await a.s.close();
  });

  it("what an account lost while the lobby could not hear it is told at each hello until read (ADR 048): its seek, who challenged it, whom it challenged; read in one tab, gone from all", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 1500);
    const a = await enter("Wegwara");
    const b = await enter("Wegwarb");
    const c = await enter("Wegwarc");
    const d = await enter("Wegward");
    await sees(a, b.name);
    await sees(c, b.name);
    await sees(b, d.name);
    b.s.send({ type: "seek", terms: TERMS });
    await a.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === b.name));
    // b had challenged d; b's network goes; meanwhile (in the grace, still listed) a, then c challenge it.
    b.s.send({ type: "challenge", to: d.name, terms: TERMS });
    await d.s.next((m) => m.type === "challenges" && m.incoming.length > 0);
    await dropped(b);
    a.s.send({ type: "challenge", to: b.name, terms: TERMS });
    await a.s.next((m) => m.type === "challenges" && m.outgoing.length > 0);
    c.s.send({ type: "challenge", to: b.name, terms: TERMS });
    await c.s.next((m) => m.type === "challenges" && m.outgoing.length > 0);
    // The challengers learn that b's connection went, not that b left on purpose.
    expect(await a.s.next((m) => m.type === "ended" && m.how === "left")).toMatchObject({ by: b.name, lost: true });
    await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === b.name));
    // b back (a reload: a new page that knows nothing): told after its welcome, before its challenges and the seeks
    // (back() waits for the lists' presence, which comes after them).
    const b2 = await back(b);
    const types = b2.all.map((m) => m.type);
    expect(types.indexOf("away")).toBe(types.indexOf("welcome") + 1);
    expect(types.indexOf("away")).toBeLessThan(types.indexOf("challenges"));
    // Oldest first, as they were sent; whom b had challenged apart.
    expect(b2.all.find((m) => m.type === "away")).toEqual({ type: "away", seek: true, challengedBy: [a.name, c.name], challenged: [d.name], more: 0, gw: null, tables: [] });
    // Not read yet: a second tab is told too.
    const b3 = await back(b);
    expect(b3.all.some((m) => m.type === "away")).toBe(true);
    // Read in one tab: the others hear so, and the next hello is told nothing.
    b2.send({ type: "away-seen" });
    await b3.next((m) => m.type === "away-seen");
    await b2.next((m) => m.type === "away-seen");
    const b4 = await back(b);
    expect(b4.all.some((m) => m.type === "away")).toBe(false);
    // A page that leaves its own way (1000) is told nothing later: it knew.
    b4.send({ type: "seek", terms: TERMS });
    await a.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === b.name));
    for (const s of [b2, b3, b4]) await s.close();
    await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === b.name));
    const b5 = await back(b);
    expect(b5.all.some((m) => m.type === "away")).toBe(false);
    for (const s of [b5, a.s, c.s, d.s]) await s.close();
  });

  it("however many challenged a page that went away, the lobby keeps the first few names and counts the rest (nothing grows without bound); kept 10 minutes", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 1500);
    const target = await enter("Vielgefragt");
    const others: Lobbyist[] = [];
    for (let i = 0; i < AWAY_NOTE_NAMES + 3; i++) others.push(await enter(`Frager${i}`));
    for (const o of others) await sees(o, target.name);
    await dropped(target);
    for (const o of others) {
      o.s.send({ type: "challenge", to: target.name, terms: TERMS });
      await o.s.next((m) => m.type === "challenges" && m.outgoing.length > 0);
    }
    await others[0]!.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === target.name));
    const t2 = await back(target);
    const away = t2.all.find((m) => m.type === "away")!;
    expect(away.challengedBy).toEqual(others.slice(0, AWAY_NOTE_NAMES).map((o) => o.name));
    expect(away.more).toBe(3);
    const rows = await runInDurableObject(lobby(), (_l, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lost_while_away WHERE challenged_by LIKE ?", `%${others[0]!.name}%`).one().n);
    expect(rows).toBe(1);
    // Past its time (moved back in storage) a hello hears nothing.
    await runInDurableObject(lobby(), (_l, state) => void state.storage.sql.exec("UPDATE lost_while_away SET until = 0"));
    const t3 = await back(target);
    expect(t3.all.some((m) => m.type === "away")).toBe(false);
    for (const s of [t2, t3, ...others.map((o) => o.s)]) await s.close();
  });

  it("whom a page that went away had challenged is capped and counted apart from who challenged it", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 1500);
    const challenger = await enter("Vielfrager");
    const asked: Lobbyist[] = [];
    for (let i = 0; i < AWAY_NOTE_NAMES + 2; i++) asked.push(await enter(`Gefragt${i}`));
    for (const o of asked) await sees(challenger, o.name);
    for (const [i, o] of asked.entries()) {
      challenger.s.send({ type: "challenge", to: o.name, terms: TERMS });
      await challenger.s.next((m) => m.type === "challenges" && m.outgoing.length === i + 1);
    }
    await dropped(challenger);
    await asked[0]!.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === challenger.name));
    const back2 = await back(challenger);
    const away = back2.all.find((m) => m.type === "away")!;
    expect(away.challenged).toEqual(asked.slice(0, AWAY_NOTE_NAMES).map((o) => o.name));
    expect(away.challengedBy).toEqual([]);
    expect(away.more).toBe(0);
    expect(away.moreChallenged).toBe(2);
    for (const s of [back2, ...asked.map((o) => o.s)]) await s.close();
  });

  it("a Goldwaage table opened by a page that went away is named in what it lost", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 1000);
    const host = await enter("Waagwirt");
    const guest = await enter("Waaggast");
    host.s.send({ type: "gw-open", options: { players: 3, level: "normal", variants: [] } });
    const table = (await guest.s.next((m) => m.type === "gw-tables" && m.tables.length > 0)).tables.find((t: Msg) => t.from === host.name);
    guest.s.send({ type: "gw-join", id: table.id });
    await host.s.next((m) => m.type === "gw-tables" && m.tables.some((t: Msg) => t.id === table.id && t.players.length === 2));
    await dropped(host);
    // The one who joined reads that the host's connection broke, not that it left.
    expect(await guest.s.next((m) => m.type === "gw-ended" && m.id === table.id)).toMatchObject({ how: "left", by: host.name, lost: true });
    const h2 = await back(host);
    expect(h2.all.find((m) => m.type === "away")).toMatchObject({ seek: false, gw: "closed" });
    for (const s of [h2, guest.s]) await s.close();
  });

  it("a table laid for a page that went away and did not come back within the minute is named in what it lost; back in time, it is not", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 1000);
    const a = await enter("Tischweg");
    const b = await enter("Tischda");
    const mb = await seekTakenWhileAway(a, b);
    await wait(1500); // a's grace runs out: the lobby lets it go with the table laid for it
    // Back within the minute: the table's matched again, and the note does not say it was missed.
    const a2 = await back(a);
    expect(a2.all.find((m) => m.type === "matched")).toMatchObject({ room: mb.room, again: true });
    expect(a2.all.find((m) => m.type === "away")?.tables ?? []).toEqual([]);
    await a2.close();
    // The same once the minute is over (moved back in storage): no table to go to, and the note names who took the seek.
    const c = await enter("Tischneu");
    const a3 = await enter("Tischweg2");
    const mc = await seekTakenWhileAway(a3, c);
    await wait(1500);
    await runInDurableObject(lobby(), (_l, state) => void state.storage.sql.exec("UPDATE matches SET until = 0 WHERE room = ?", mc.room));
    const a4 = await back(a3);
    expect(a4.all.some((m) => m.type === "matched")).toBe(false);
    expect(a4.all.find((m) => m.type === "away")).toMatchObject({ seek: false, tables: [c.name] });
    for (const s of [a4, b.s, c.s]) await s.close();
  });

  it("a seek taken while its poster was away: the table's matched is told again at the poster's next hello (again: true), not once the table's minute is over", async () => {
    await setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS, 5000);
    const a = await enter("Wiedera");
    const b = await enter("Wiederb");
    const mb = await seekTakenWhileAway(a, b);
    // a's page comes back: right after its welcome, the table's matched for a's seat.
    const a2 = await back(a);
    const types = a2.all.map((m) => m.type);
    expect(types.indexOf("matched")).toBe(types.indexOf("welcome") + 1);
    const again = a2.all.find((m) => m.type === "matched")!;
    expect(again).toMatchObject({ room: mb.room, seat: 1, role: "maske", opponent: b.name, again: true });
    expect(typeof again.seatToken).toBe("string");
    expect(again.seatToken).not.toBe(mb.seatToken);
    // Once NO_SHOW_MS is over (moved back in storage) a hello hears it no more.
    await runInDurableObject(lobby(), (_l, state) => void state.storage.sql.exec("UPDATE matches SET until = 0 WHERE room = ?", mb.room));
    const a3 = await back(a);
    expect(a3.all.some((m) => m.type === "matched")).toBe(false);
    for (const s of [a2, a3, b.s]) await s.close();
  });
});
