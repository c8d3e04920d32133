// Issue 15 inside workerd: the log so far for a page that opens a running game (history), who is at the table
// (presence), and the names the room shows (view.names).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dealFor } from "../../shared/battlemaske/engine.js";
import { commitment, dailySeed } from "../../worker/daily-seed";
import { addDays, berlinDate } from "../../worker/daily-seed";
import { call, json, newAccount, postResult, report, uniqueName } from "./api-helpers";
import { choose, connect, seated, type Msg } from "./sockets";

/**
 * Plays at most `n` commands of the seat on socket `s` (from its welcome `w`), stopping once the log is past `upTo`
 * versions; the view and version it ended at.
 */
async function play(s: Awaited<ReturnType<typeof connect>>, w: Msg, n: number, upTo = Infinity): Promise<{ view: any; version: number }> {
  let view = w.view;
  let version = w.version;
  for (let seq = 1; seq <= n && !view.over && version <= upTo; seq++) {
    const cmd = choose(view);
    if (!cmd) break;
    s.send({ type: "command", clientSeq: seq, baseVersion: version, command: cmd });
    const st = await s.next((m) => m.type === "state" && m.version > version);
    await s.next((m) => (m.type === "ack" || m.type === "error") && m.clientSeq === seq);
    view = st.view;
    version = st.version;
  }
  return { view, version };
}

/** The room's history after a hello asking for it: its parts until `done`. */
async function history(s: Awaited<ReturnType<typeof connect>>): Promise<Msg[]> {
  const parts: Msg[] = [];
  for (;;) {
    const h = await s.next((m) => m.type === "history");
    parts.push(h);
    if (h.done) return parts;
  }
}

describe("history: a page that opens a running game gets its whole log", () => {
  it("a daily attempt: every event so far, as the seat received it live, without the seed, Stark's hand or the aside cards", async () => {
    const a = await newAccount();
    const attempt = await json(call("/api/daily/attempts", { body: { role: "conte" }, token: a.token }));
    const { s: live, welcome: w } = await seated(attempt.socket, attempt.seatToken);
    // A running game with a log of some length. Not a number of commands: what they make is the day's deal's business
    // (30 first-legal cards as Conte lost round 1 10:0 on 2026-12-06 — the game was over at version 40, and the test
    // failed on the day's change). Round 1 alone has more than 30 events and no game ends before its last trick.
    const { version, view } = await play(live, w, 100, 24);
    expect(version).toBeGreaterThan(24);
    expect(view.over).toBe(false);
    await live.close();

    const { s: page, welcome } = await seated(attempt.socket, attempt.seatToken, { history: true });
    expect(welcome.view).not.toBeNull();
    const parts = await history(page);
    const entries = parts.flatMap((p) => p.entries);
    // Every version 1..n once, in order, the last one the welcome's.
    expect(entries.map((e: Msg) => e.version)).toEqual(Array.from({ length: welcome.version }, (_, i) => i + 1));
    for (const p of parts) expect(p.version).toBe(welcome.version);
    // The same events the live socket received (it saw the first ones in no event: they came before its hello).
    const seen = live.all.filter((m) => m.type === "event");
    for (const m of seen) expect(entries[m.version - 1]).toEqual({ version: m.version, time: m.time, actor: m.actor, event: m.event });

    // Hidden: the day's seed (the string, or any 64-hex run whose SHA-256 is the day's commitment), the other hand, the aside cards.
    const seed = await dailySeed(env.DAILY_SECRET, attempt.date);
    const text = parts.map((p) => JSON.stringify(p)).join("\n");
    expect(text).not.toContain(seed);
    const day = await commitment(seed);
    for (const hex of text.match(/[0-9a-f]{64}/g) ?? []) expect(await commitment(hex)).not.toBe(day);
    for (const e of entries) {
      expect(e.event).not.toHaveProperty("seed");
      expect(e.event).not.toHaveProperty("hands");
      expect(e.event).not.toHaveProperty("aside");
      // The computer's secret pick is told without its cards until both picks change hands.
      if (e.event.type === "exchangeSubmitted" && e.event.seat === 1) expect(e.event).not.toHaveProperty("cards");
    }
    // Round 1 as dealt from the seed: the seat's own hand is there, Stark's dealt hand and the aside cards nowhere.
    // Round 1 only: the next round deals all cards afresh.
    const second = entries.findIndex((e: Msg, i: number) => i > 0 && e.event.type === "roundDealt" && e.event.round === 2);
    const round1 = second < 0 ? entries : entries.slice(0, second);
    const deal = dealFor({ options: { ruleset: "battlemaske", variant: "single" }, seed, deals: [] }, 1, 1);
    const dealt = entries.find((e: Msg) => e.event.type === "roundDealt")!;
    expect(dealt.event.hand).toEqual(deal.hands[0]);
    const round1Text = JSON.stringify(round1);
    const quoted = (c: string) => round1Text.includes(`"${c}"`);
    for (const c of deal.aside) expect(quoted(c)).toBe(false);
    // Stark's cards the seat never saw (not played, not handed over in the exchange or a greed swap) stay hidden.
    const shown = new Set<string>(round1.flatMap((e: Msg) => (e.event.type === "cardPlayed" ? [e.event.card] : e.event.type === "exchangeCompleted" || e.event.type === "swapCompleted" ? e.event.cards.flat() : [])));
    for (const c of deal.hands[1]) if (!shown.has(c)) expect(quoted(c)).toBe(false);
    await page.close();
  });

  it("comes in parts of at most about 32 KB, and not with lastVersion (a reconnect gets only what it missed)", async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const s = await connect(g.socket);
    s.send({ type: "hello", seatToken: g.seatToken, history: true });
    const w = await s.next((m) => m.type === "welcome");
    const parts = await history(s);
    expect(parts.at(-1)!.done).toBe(true);
    for (const p of s.raw.filter((r) => r.startsWith('{"type":"history"'))) expect(new TextEncoder().encode(p).length).toBeLessThan(40 * 1024);
    expect(parts.flatMap((p) => p.entries).length).toBe(w.version);
    await s.close();
    const again = await connect(g.socket);
    again.send({ type: "hello", seatToken: g.seatToken, lastVersion: w.version, history: true });
    await again.next((m) => m.type === "state");
    expect(again.all.some((m) => m.type === "history")).toBe(false);
    await again.close();
  });
});

describe("presence and names at an online table", () => {
  it("tells each side whether the other's socket is there, and the account names (none: null)", async () => {
    const name = uniqueName("Anna");
    const anna = await newAccount(name);
    const created = await json(call("/api/games", { body: { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" }, token: anna.token }));
    const a = await connect(created.socket);
    a.send({ type: "hello", seatToken: created.seatToken });
    const wa = await a.next((m) => m.type === "welcome");
    expect(wa.view.names).toEqual([name, null]);
    // Before the friend comes, seat 1 is nobody's.
    expect((await a.next((m) => m.type === "presence")).connected).toEqual([true, false]);

    // An account without a name claims the other seat: Anna's socket learns the table is dealt; that seat's name is null.
    const guest = await newAccount();
    const claim = await json(call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: guest.token }));
    const st = await a.next((m) => m.type === "state");
    expect(st.view.names).toEqual([name, null]);
    // Dealt: Anna also learns that the guest has a minute to come to the table (ADR 041).
    const waiting = await a.next((m) => m.type === "presence");
    expect(waiting.connected).toEqual([true, false]);
    expect(waiting.noShow.seats).toEqual([1]);
    const b = await connect(created.socket);
    b.send({ type: "hello", seatToken: claim.seatToken });
    expect((await b.next((m) => m.type === "presence")).connected).toEqual([true, true]);
    const both = await a.next((m) => m.type === "presence");
    expect(both.connected).toEqual([true, true]);
    expect(both.noShow).toBeUndefined();

    // The guest's socket goes: Anna sees it; it comes back: Anna sees that too.
    await b.close();
    expect((await a.next((m) => m.type === "presence")).connected).toEqual([true, false]);
    const b2 = await connect(created.socket);
    b2.send({ type: "hello", seatToken: claim.seatToken, lastVersion: st.version });
    expect((await a.next((m) => m.type === "presence")).connected).toEqual([true, true]);
    // A spectator changes nobody's presence.
    const watcher = await connect(created.socket);
    watcher.send({ type: "hello" });
    expect((await watcher.next((m) => m.type === "presence")).connected).toEqual([true, true]);
    await watcher.close();
    await a.close();
    expect((await b2.next((m) => m.type === "presence" && m.connected[0] === false)).connected).toEqual([false, true]);
    await b2.close();
  });

  it("a named claimer's name reaches the room; against the computer its seat is always there", async () => {
    const creator = await newAccount();
    const bob = uniqueName("Bob");
    const friend = await newAccount(bob);
    const created = await json(call("/api/games", { body: { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "maske" }, token: creator.token }));
    const claim = await json(call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: friend.token }));
    const s = await connect(claim.socket);
    s.send({ type: "hello", seatToken: claim.seatToken });
    const w = await s.next((m) => m.type === "welcome");
    expect(w.view.names[claim.seat]).toBe(bob);
    expect(w.view.names[created.seat]).toBeNull();
    await s.close();

    const g = await json(call("/api/battlemaske/computer", { body: { role: "maske", level: "leicht" } }));
    const c = await connect(g.socket);
    c.send({ type: "hello", seatToken: g.seatToken });
    expect((await c.next((m) => m.type === "presence")).connected).toEqual([true, true]);
    await c.close();
  });
});

describe("the daily loop: an attempt's score and its places (GET /api/daily/attempts/{room})", () => {
  /** Ends a daily attempt as its room would report it: the Conte at seat 0, the mirror and rounds given. */
  async function finish(room: string, account: string, o: { winner: number; mirror: number; rounds: number; helped?: boolean }) {
    const now = Date.now();
    const r = await postResult(
      report({ room, kind: "daily", rated: false, level: "stark", accounts: [account, null], result: { winner: o.winner, draw: false, reason: "rules" }, helped: [o.helped ?? false, false], mirror: o.mirror, rounds: o.rounds, lastRoundTricks: [5, 5], startedAt: now - 60_000, finishedAt: now }),
    );
    expect(r.status).toBe(200);
  }

  it("answers finished: false until the room has reported, then the score and where it stands on both boards", async () => {
    const a = await newAccount(uniqueName("Tag"));
    const first = await json(call("/api/daily/attempts", { body: { role: "conte" }, token: a.token }));
    expect(await json(call(`/api/daily/attempts/${first.room}`, { token: a.token }))).toEqual({ room: first.room, date: first.date, role: "conte", attempt: 1, finished: false });
    // Nobody else's, and not without a token.
    expect((await call(`/api/daily/attempts/${first.room}`, { token: (await newAccount()).token })).status).toBe(404);
    expect((await call(`/api/daily/attempts/${first.room}`)).status).toBe(401);

    await finish(first.room, a.id, { winner: 0, mirror: 3, rounds: 3 });
    const got = await json(call(`/api/daily/attempts/${first.room}`, { token: a.token }));
    expect(got).toMatchObject({ finished: true, attempt: 1, reached: true, score: 3, mirror: 3, rounds: 3, helped: false, late: false, firstBoard: true });
    const board = await json(call(`/api/daily/${first.date}/leaderboard?role=conte&board=first`, { token: a.token }));
    expect(got.boards.first).toEqual({ rank: board.me.rank, onBoard: true, of: board.entries.length });
    const best = await json(call(`/api/daily/${first.date}/leaderboard?role=conte&board=best`, { token: a.token }));
    expect(got.boards.best).toMatchObject({ rank: best.me.rank, onBoard: true });

    // "Noch einmal", worse (missed: the mirror reached 10 in round 2): on neither board; the places it would have.
    const second = await json(call("/api/daily/attempts", { body: { role: "conte" }, token: a.token }));
    expect(second.attempt).toBe(2);
    await finish(second.room, a.id, { winner: 1, mirror: 11, rounds: 2 });
    const worse = await json(call(`/api/daily/attempts/${second.room}`, { token: a.token }));
    expect(worse).toMatchObject({ finished: true, attempt: 2, reached: false, score: null, mirror: 11, rounds: 2, firstBoard: false });
    expect(worse.boards.first.onBoard).toBe(false);
    expect(worse.boards.best.onBoard).toBe(false);
    expect(worse.boards.first.rank).toBeGreaterThan(got.boards.first.rank - 1);
  });

  it("a first attempt with help: marked, on the main board, not on the best board", async () => {
    const a = await newAccount();
    const first = await json(call("/api/daily/attempts", { body: { role: "conte" }, token: a.token }));
    await finish(first.room, a.id, { winner: 0, mirror: 0, rounds: 3, helped: true });
    const got = await json(call(`/api/daily/attempts/${first.room}`, { token: a.token }));
    expect(got).toMatchObject({ helped: true, firstBoard: true });
    expect(got.boards.first.onBoard).toBe(true);
    expect(got.boards.best.onBoard).toBe(false);
    const board = await json(call(`/api/daily/${first.date}/leaderboard?role=conte&board=first`, { token: a.token }));
    expect(board.me).toMatchObject({ helped: true, score: 0 });
  });

  it("Meine Partien names the day from which a daily game's whole log is public", async () => {
    const a = await newAccount();
    const first = await json(call("/api/daily/attempts", { body: { role: "conte" }, token: a.token }));
    await finish(first.room, a.id, { winner: 1, mirror: 10, rounds: 1 });
    const games = (await json(call("/api/me/games", { token: a.token }))).games;
    expect(games[0]).toMatchObject({ id: first.room, kind: "daily", date: first.date, logPublicFrom: addDays(first.date, 1) });
    await env.DB.prepare("UPDATE daily_attempts SET date = ? WHERE room = ?").bind(addDays(berlinDate(Date.now()), -2), first.room).run();
    expect((await json(call("/api/me/games", { token: a.token }))).games[0].logPublicFrom).toBeNull();
  });
});
