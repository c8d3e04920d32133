// The Wartesaal judges its sockets by their heartbeat (ADR 046): a page not heard for the silence limit is closed at the
// next alarm and its account leaves, as if it had closed the socket; a socket that never says hello is closed too.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { CLOSE_SILENT, LOBBY_HELLO_MS, LOBBY_SILENCE_MS } from "../../party/lobby";
import { HEARTBEAT } from "../../shared/room/protocol";
import { call, json } from "./api-helpers";
import { enter, sees, type Lobbyist } from "./lobby-helpers";
import { closeCode, connect, type Msg } from "./sockets";

const TERMS = { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" } as const;
const lobby = () => env.Lobby.getByName("main");
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Limits = { silenceMs: number; helloMs: number };
const setLimits = (silenceMs: number, helloMs: number) =>
  runInDurableObject(lobby(), (l) => {
    Object.assign(l as unknown as Limits, { silenceMs, helloMs });
  });

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
  afterEach(() => setLimits(LOBBY_SILENCE_MS, LOBBY_HELLO_MS));

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
    expect(await runDurableObjectAlarm(lobby())).toBe(true);
    expect(await bClosed).toBe(CLOSE_SILENT);
    expect(await a.s.next((m) => m.type === "ended")).toMatchObject({ id: ch.id, how: "left", by: b.name });
    await a.s.next((m) => m.type === "seeks" && !m.seeks.some((x: Msg) => x.from === b.name));
    const listed = await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === b.name));
    expect(listed.players.map((x: Msg) => x.name)).toEqual(expect.arrayContaining([a.name, c.name]));
    await wait(1700);
    expect(await runDurableObjectAlarm(lobby())).toBe(true);
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
    expect(await runDurableObjectAlarm(lobby())).toBe(true);
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
    expect(await runDurableObjectAlarm(lobby())).toBe(true);
    expect(await closed).toBe(CLOSE_SILENT);
  });
});
