// The log a hello asks for (`history`): at most once per socket, and for spectators from one budget per table
// (HISTORY_BUDGET_CHARS): a stranger's sockets must not make the room send the whole log again and again.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { randomCommand, seatsToAct, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import { HISTORY_BUDGET_CHARS, HISTORY_REFILL_PER_S } from "../../party/room-server";
import { TokenBucket } from "../../party/socket-limits";
import { call, json } from "./api-helpers";
import { connect, type Msg } from "./sockets";

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
async function play(stub: DurableObjectStub, takebacks: boolean): Promise<number> {
  return runInDurableObject(stub, (room) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const core = (room as any).core;
    const r = rng("history-budget");
    let seq = 0;
    for (let i = 0; i < 20_000 && !core.over; i++) {
      const seat = seatsToAct(core.state.game)[0] as Seat;
      core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: randomCommand(core.state.game, seat, r) as Command }, Date.now());
      if (takebacks && core.handle(seat, { type: "takeback", clientSeq: ++seq, action: "request" }, Date.now()).reply[0].type === "ack" && core.state.takebackRequest) {
        core.handle(1 - seat, { type: "takeback", clientSeq: ++seq, action: "accept" }, Date.now());
      }
    }
    expect(core.over).toBe(true);
    return (core.historyFor("spectator") as unknown[]).reduce((n: number, m) => n + JSON.stringify(m).length, 0);
  });
}

const closeCode = (s: Socket) => new Promise<number>((res) => s.socket.addEventListener("close", (e) => res(e.code), { once: true }));

/** Says hello (with `history`) and reads the answer to its end (the presence after it): the history parts, or the refusal. */
async function hello(s: Socket, extra: Record<string, unknown> = {}): Promise<{ welcome: Msg | null; history: Msg[]; error: Msg | null }> {
  const from = s.all.length;
  s.send({ type: "hello", history: true, ...extra });
  const last = await s.next((m) => m.type === "presence" || m.type === "error");
  const got = s.all.slice(from);
  return { welcome: got.find((m) => m.type === "welcome") ?? null, history: got.filter((m) => m.type === "history"), error: last.type === "error" ? last : null };
}

const entries = (history: Msg[]) => history.flatMap((h) => h.entries as unknown[]);

describe("history once per socket", () => {
  it("a hello repeated on one socket gets the welcome and its view again, but not the log; a new socket gets it", async () => {
    const g = await duel("single");
    await play(g.stub, false);
    for (const token of [g.tokens[0], undefined]) {
      const s = await connect(g.socket);
      const first = await hello(s, token ? { seatToken: token } : {});
      expect(first.welcome).toMatchObject({ type: "welcome", view: { over: true } });
      expect(first.history.at(-1)).toMatchObject({ done: true });
      const log = entries(first.history);
      expect(log.length).toBeGreaterThan(40);
      for (let i = 0; i < 3; i++) {
        const again = await hello(s, token ? { seatToken: token } : {});
        expect(again.welcome).toMatchObject({ type: "welcome", version: first.welcome!.version, view: { over: true } });
        expect(again.history).toEqual([]);
        expect(again.error).toBeNull();
      }
      // A reconnect is a new socket: it asks with lastVersion (the web client) and gets only what it missed, or — a
      // page opened afresh — the whole log once more.
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
    expect(chars * 20).toBeLessThan(HISTORY_BUDGET_CHARS);
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
    const fits = Math.floor(HISTORY_BUDGET_CHARS / chars);
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
    // The budget at once, plus what refilled while the hellos were answered (a fraction of a second here).
    expect(served.length).toBeGreaterThanOrEqual(fits);
    expect(served.length).toBeLessThanOrEqual(fits + Math.ceil(((took + 100) * HISTORY_REFILL_PER_S) / 1000 / chars));
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
    // The players are never refused, budget or not.
    for (const token of g.tokens) {
      const seat = await connect(g.socket);
      const answer = await hello(seat, { seatToken: token });
      expect(answer.error).toBeNull();
      expect(answer.history.at(-1)).toMatchObject({ done: true });
      await seat.close();
    }
    for (let i = 0; i < watchers.length; i++) if (!answers[i]!.error) await watchers[i]!.close();
  });
});

describe("TokenBucket", () => {
  it("holds its capacity at once, refills at its rate, and lets a cost larger than itself through only when full", () => {
    const b = new TokenBucket(1000, 100);
    expect(b.take(600, 0)).toBe(true);
    expect(b.take(600, 0)).toBe(false);
    expect(b.take(600, 2000)).toBe(true); // 400 + 200 refilled
    expect(b.take(5000, 2000)).toBe(false);
    expect(b.take(5000, 12_000)).toBe(true); // full again: admitted, in debt
    expect(b.take(1, 12_000 + 30_000)).toBe(false); // 4000 owed, 3000 refilled
    expect(b.take(1, 12_000 + 41_000)).toBe(true); // 1000 owed at 42 s, 1100 refilled since
    expect(b.take(1, 0)).toBe(true); // time running backwards refills nothing, takes nothing away
  });
});
