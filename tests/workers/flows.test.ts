// Issue 15 inside workerd: the log so far for a page that opens a running game (history), who is at the table
// (presence), and the names the room shows (view.names).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dealFor } from "../../shared/battlemaske/engine.js";
import { commitment, dailySeed } from "../../worker/daily-seed";
import { call, json, newAccount, uniqueName } from "./api-helpers";
import { connect, type Msg } from "./sockets";

/** What a client would send for its view: elixirs first in a pick, else the first legal card. */
function choose(view: any): unknown | null {
  const g = view.game;
  const seat = g.viewer;
  if ((g.phase === "exchange" || g.phase === "swap") && g.waitingFor.includes(seat)) {
    const hand: string[] = [...g.hand].sort((a: string, b: string) => Number(b.startsWith("E")) - Number(a.startsWith("E")));
    return { type: g.phase, cards: hand.slice(0, g.pickCount) };
  }
  if (g.phase === "play" && g.turn === seat) {
    const card = g.legalCards[0];
    return g.trick.length === 0 && card.startsWith("E") ? { type: "play", card, suit: "P" } : { type: "play", card };
  }
  return null;
}

/** Plays `n` commands of the seat on socket `s` (from its welcome `w`); the events it received live, in order. */
async function play(s: Awaited<ReturnType<typeof connect>>, w: Msg, n: number): Promise<{ view: any; version: number }> {
  let view = w.view;
  let version = w.version;
  for (let seq = 1; seq <= n && !view.over; seq++) {
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
    const live = await connect(attempt.socket);
    live.send({ type: "hello", seatToken: attempt.seatToken });
    const w = await live.next((m) => m.type === "welcome");
    const { version } = await play(live, w, 30);
    expect(version).toBeGreaterThan(40);
    await live.close();

    const page = await connect(attempt.socket);
    page.send({ type: "hello", seatToken: attempt.seatToken, history: true });
    const welcome = await page.next((m) => m.type === "welcome");
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
    // Stark's cards the seat never saw (not played, not handed over in the exchange) stay hidden.
    const shown = new Set<string>(round1.flatMap((e: Msg) => (e.event.type === "cardPlayed" ? [e.event.card] : e.event.type === "exchangeCompleted" ? e.event.cards.flat() : [])));
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
    const b = await connect(created.socket);
    b.send({ type: "hello", seatToken: claim.seatToken });
    expect((await b.next((m) => m.type === "presence")).connected).toEqual([true, true]);
    expect((await a.next((m) => m.type === "presence")).connected).toEqual([true, true]);

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
