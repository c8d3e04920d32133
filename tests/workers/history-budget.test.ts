// One hello per socket, and what hellos are answered with (views, missed events, the log) from a budget per viewer —
// the table's spectators together, each seat on its own (HELLO_BUDGET_CHARS): a stranger's sockets (or a player's)
// must not make the room build and send views and logs again and again.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { randomCommand, seatsToAct, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import { HELLO_BUDGET_CHARS, HELLO_BUDGET_PER_NETWORK_CHARS, HELLO_REFILL_PER_S } from "../../party/room-server";
import { TokenBucket } from "../../party/socket-limits";
import { MAX_CATCH_UP } from "../../party/core/room-core";
import { call, json } from "./api-helpers";
import { closeCode, connect, type Msg } from "./sockets";

type Socket = Awaited<ReturnType<typeof connect>>;

/** A duel between two guests without a clock, dealt; the tokens by seat. */
async function duel(variant: "single" | "profi") {
  const created = await json(call("/api/battlemaske/online", { body: { role: "conte", rated: false, clock: null, ruleset: "zwiegespalten", variant } }));
  const friend = await json(call("/api/battlemaske/invite", { body: { room: created.room, invite: created.invite } }));
  const tokens: [string, string] = created.seat === 0 ? [created.seatToken, friend.seatToken] : [friend.seatToken, created.seatToken];
  return { socket: created.socket as string, tokens, stub: env.BattlemaskeRoom.getByName(created.room) };
}

/**
 * Plays the game in the room's own core (no sockets: quick, and no message budget), random cards; with `takebacks`,
 * every card is asked back and given back until the limit — the longest log a duel can have. Returns the characters of
 * the history a spectator is sent.
 */
async function play(stub: DurableObjectStub, takebacks: boolean | number): Promise<number> {
  return runInDurableObject(stub, (room) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const core = (room as any).core;
    const r = rng("history-budget");
    let seq = 0;
    for (let i = 0; i < 20_000 && !core.over; i++) {
      const seat = seatsToAct(core.state.game)[0] as Seat;
      core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: randomCommand(core.state.game, seat, r) as Command }, Date.now());
      // A number: take back only while the log is shorter than that many versions.
      if ((takebacks === true || core.version < Number(takebacks)) && core.handle(seat, { type: "takeback", clientSeq: ++seq, action: "request" }, Date.now()).reply[0].type === "ack" && core.state.takebackRequest) {
        core.handle(1 - seat, { type: "takeback", clientSeq: ++seq, action: "accept" }, Date.now());
      }
    }
    expect(core.over).toBe(true);
    return (core.historyFor("spectator") as unknown[]).reduce((n: number, m) => n + JSON.stringify(m).length, 0);
  });
}


/**
 * Says hello (with `history`) and reads the answer to its end (the presence after it): the history parts, or the
 * refusal; `chars`, the characters of the answer the budget is charged (every frame before the presence).
 */
async function hello(s: Socket, extra: Record<string, unknown> = {}): Promise<{ welcome: Msg | null; history: Msg[]; error: Msg | null; chars: number }> {
  const from = s.all.length;
  s.send({ type: "hello", history: true, ...extra });
  const last = await s.next((m) => m.type === "presence" || m.type === "error");
  const got = s.all.slice(from);
  const chars = s.raw.slice(from, s.all.length - 1).reduce((n, t) => n + t.length, 0);
  return { welcome: got.find((m) => m.type === "welcome") ?? null, history: got.filter((m) => m.type === "history"), error: last.type === "error" ? last : null, chars };
}

const entries = (history: Msg[]) => history.flatMap((h) => h.entries as unknown[]);

describe("one hello per socket", () => {
  it("a hello repeated on one socket is refused (HELLO_REPEATED) with nothing built or sent; the socket still serves, a new one says hello again", async () => {
    const g = await duel("single");
    await play(g.stub, false);
    for (const token of [g.tokens[0], undefined]) {
      const s = await connect(g.socket);
      const first = await hello(s, token ? { seatToken: token } : {});
      expect(first.welcome).toMatchObject({ type: "welcome", view: { over: true } });
      expect(first.history.at(-1)).toMatchObject({ done: true });
      const log = entries(first.history);
      expect(log.length).toBeGreaterThan(40);
      for (const extra of [{}, { lastVersion: 0 }, { history: false }]) {
        const from = s.all.length;
        s.send({ type: "hello", history: true, ...(token ? { seatToken: token } : {}), ...extra });
        const refused = await s.next((m) => m.type === "error");
        expect(refused).toMatchObject({ type: "error", clientSeq: null, code: "HELLO_REPEATED" });
        expect(refused.messageDe.length).toBeGreaterThan(10);
        // Nothing else came for it (a presence from another socket may: it is not an answer).
        expect(s.all.slice(from).filter((m) => m.type !== "presence")).toEqual([refused]);
      }
      // Still the socket of its viewer: a seat's resignation of a game that is over is judged as one. (A clientSeq
      // the game's own play never used: a used one is answered with its remembered outcome, an ack as often as not.)
      if (token) {
        s.send({ type: "resign", clientSeq: 999_999 });
        expect(await s.next((m) => m.clientSeq === 999_999)).toMatchObject({ type: "error", code: "GAME_OVER" });
      }
      // A reconnect is a new socket: a page opened afresh gets the whole log once more.
      const fresh = await connect(g.socket);
      expect(entries((await hello(fresh, token ? { seatToken: token } : {})).history)).toEqual(log);
      await s.close();
      await fresh.close();
    }
  });
});

describe("spectators share one history budget per table", () => {
  it("twenty spectators arriving at once at a finished Profi game all get its log", async () => {
    const g = await duel("profi");
    const chars = await play(g.stub, false);
    expect(chars * 20).toBeLessThan(HELLO_BUDGET_CHARS);
    const watchers: Socket[] = [];
    for (let i = 0; i < 20; i++) watchers.push(await connect(g.socket));
    const answers = await Promise.all(watchers.map((s) => hello(s)));
    for (const a of answers) {
      expect(a.error).toBeNull();
      expect(a.history.at(-1)).toMatchObject({ done: true });
    }
    for (const s of watchers) await s.close();
  });

  it("beyond the budget a spectator's hello is refused (TABLE_BUSY, closed 1013); the first ones and every player get the log", async () => {
    const g = await duel("profi");
    const chars = await play(g.stub, true);
    const fits = Math.floor(HELLO_BUDGET_CHARS / chars);
    expect(fits).toBeGreaterThan(3);
    expect(fits).toBeLessThan(15);
    const watchers: Socket[] = [];
    for (let i = 0; i < 20; i++) watchers.push(await connect(g.socket));
    const closed = watchers.map(closeCode);
    const started = Date.now();
    const answers = await Promise.all(watchers.map((s) => hello(s)));
    const took = Date.now() - started;
    const served = answers.filter((a) => a.error === null);
    const refused = answers.filter((a) => a.error !== null);
    // Admitted while the budget is not in debt, each charged its whole answer (the welcome and view, the log): the
    // budget at once, plus what refilled while the hellos were answered (a fraction of a second here).
    const size = Math.max(...served.map((a) => a.chars));
    expect(size).toBeGreaterThan(chars);
    expect(served.length).toBeGreaterThanOrEqual(Math.ceil(HELLO_BUDGET_CHARS / size));
    expect(served.length).toBeLessThanOrEqual(Math.ceil((HELLO_BUDGET_CHARS + ((took + 100) * HELLO_REFILL_PER_S) / 1000) / Math.min(...served.map((a) => a.chars))));
    expect(refused.length).toBeGreaterThan(0);
    for (const a of served) expect(a.history.at(-1)).toMatchObject({ done: true });
    for (let i = 0; i < answers.length; i++) {
      const a = answers[i]!;
      if (!a.error) continue;
      expect(a.error).toMatchObject({ code: "TABLE_BUSY", clientSeq: null });
      expect(a.error.message).toMatch(/try again/);
      expect(a.error.messageDe.length).toBeGreaterThan(10);
      expect(a.welcome).toBeNull();
      expect(a.history).toEqual([]);
      expect(await closed[i]).toBe(1013);
    }
    // The players have budgets of their own: the spectators' spent, each seat still gets its log.
    for (const token of g.tokens) {
      const seat = await connect(g.socket);
      const answer = await hello(seat, { seatToken: token });
      expect(answer.error).toBeNull();
      expect(answer.history.at(-1)).toMatchObject({ done: true });
      await seat.close();
    }
    for (let i = 0; i < watchers.length; i++) if (!answers[i]!.error) await watchers[i]!.close();
  });

  it("one address that watches, closes and watches again spends its own budget, not everyone's: another address still gets in", async () => {
    // A fresh-eyes attack: eight loops of connect, hello with the log, close from one address starved the table's shared
    // budget (a real spectator refused 15 times in 20 s); the per-address cap counts open sockets only.
    const g = await duel("profi");
    const chars = await play(g.stub, true);
    expect(chars * 2).toBeLessThan(HELLO_BUDGET_PER_NETWORK_CHARS);
    const from = (ip: string) => connect(g.socket, { "CF-Connecting-IP": ip });
    let served = 0;
    let refused: Msg | null = null;
    for (let i = 0; i < 40 && !refused; i++) {
      const s = await from("198.51.100.77");
      const a = await hello(s);
      if (a.error) refused = a.error;
      else served++;
      await s.close();
    }
    expect(refused).toMatchObject({ code: "TABLE_BUSY" });
    expect(served * chars).toBeLessThan(HELLO_BUDGET_PER_NETWORK_CHARS + chars * 3);
    expect(served * chars).toBeLessThan(HELLO_BUDGET_CHARS);
    // Other /64s of the same /48 share that budget (six of them spent the table's budget: a second attack pass).
    const v6 = await hello(await from("2001:db8:77:1::5"));
    const v6b = await hello(await from("2001:db8:77:2::5"));
    const v6c = await hello(await from("2001:db8:77:3::5"));
    const v6d = await hello(await from("2001:db8:77:4::5"));
    const v6e = await hello(await from("2001:db8:77:5::5"));
    expect([v6, v6b, v6c, v6d, v6e].filter((a) => a.error).length).toBeGreaterThan(0);
    // Another address watches at once, with the whole log.
    const other = await from("203.0.113.9");
    const answer = await hello(other);
    expect(answer.error).toBeNull();
    expect(answer.history.at(-1)).toMatchObject({ done: true });
    await other.close();
  });

  it("resuming spectators (lastVersion 0: every event again) are charged too: beyond the budget TABLE_BUSY, closed 1013", async () => {
    // A log under MAX_CATCH_UP versions (a longer one is answered with a view, not its events), taken back often enough
    // that 40 spectators ask for more than the budget holds.
    const g = await duel("profi");
    const chars = await play(g.stub, 150);
    const versions = await runInDurableObject(g.stub, (room) => (room as unknown as { core: { version: number } }).core.version);
    expect(versions).toBeLessThan(MAX_CATCH_UP);
    expect(chars * 40).toBeGreaterThan(HELLO_BUDGET_CHARS * 1.2);
    const watchers: Socket[] = [];
    for (let i = 0; i < 40; i++) watchers.push(await connect(g.socket));
    const closed = watchers.map(closeCode);
    const answers = await Promise.all(watchers.map((s) => hello(s, { history: false, lastVersion: 0 })));
    const served = answers.filter((a) => a.error === null);
    expect(served.length).toBeGreaterThan(3);
    for (const a of served) expect(a.welcome).toMatchObject({ type: "welcome", view: null });
    const refused = answers.map((a, i) => ({ a, i })).filter(({ a }) => a.error !== null);
    expect(refused.length).toBeGreaterThan(0);
    for (const { a, i } of refused) {
      expect(a.error).toMatchObject({ code: "TABLE_BUSY" });
      expect(await closed[i]!).toBe(1013);
    }
    for (let i = 0; i < watchers.length; i++) if (!answers[i]!.error) await watchers[i]!.close();
  });
});

describe("a seat's hellos have a budget of their own", () => {
  it("a seat saying hello on socket after socket for the whole log is refused beyond it (TABLE_BUSY, 1013); the other seat is not", async () => {
    const g = await duel("profi");
    await play(g.stub, true);
    const sockets: Socket[] = [];
    for (let i = 0; i < 20; i++) sockets.push(await connect(g.socket));
    const closed = sockets.map(closeCode);
    const answers = await Promise.all(sockets.map((s) => hello(s, { seatToken: g.tokens[0] })));
    const served = answers.filter((a) => a.error === null);
    expect(served.length).toBeGreaterThan(3);
    const refused = answers.map((a, i) => ({ a, i })).filter(({ a }) => a.error !== null);
    expect(refused.length).toBeGreaterThan(0);
    for (const { a, i } of refused) {
      expect(a.error).toMatchObject({ code: "TABLE_BUSY" });
      expect(a.error!.message).toMatch(/seat/);
      expect(await closed[i]!).toBe(1013);
    }
    const other = await connect(g.socket);
    const answer = await hello(other, { seatToken: g.tokens[1] });
    expect(answer.error).toBeNull();
    expect(answer.history.at(-1)).toMatchObject({ done: true });
    await other.close();
    for (let i = 0; i < sockets.length; i++) if (!answers[i]!.error) await sockets[i]!.close();
  });
});

describe("TokenBucket", () => {
  it("admits while not in debt, is charged what was really spent (into debt), refills at its rate up to its capacity", () => {
    const b = new TokenBucket(1000, 100);
    expect(b.admits(0)).toBe(true);
    b.charge(600, 0);
    expect(b.admits(0)).toBe(true); // 400 left
    b.charge(5000, 0); // more than the whole bucket: spent, 4600 owed
    expect(b.admits(0)).toBe(false);
    expect(b.admits(45_000)).toBe(false); // 4500 refilled: 100 still owed
    expect(b.admits(47_000)).toBe(true); // 100 left
    expect(b.admits(1_000_000)).toBe(true);
    b.charge(1000, 1_000_000); // refilled only up to 1000: now exactly 0
    expect(b.admits(1_000_000)).toBe(false);
    expect(b.admits(999_000)).toBe(false); // time running backwards refills nothing
    expect(b.admits(1_000_010)).toBe(true);
  });
});
