// "Tagesmaskerade": the deal from HMAC(secret, date), its commitment, attempts against Stark, boards per day and role.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newGame } from "../../shared/battlemaske/index.js";
import { addDays, berlinDate } from "../../worker/daily-seed";
import { call, json, newAccount, postResult, report, roomId, uniqueName, type Account } from "./api-helpers";

const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
async function hmac(secret: string, msg: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(msg)));
}
const sha256 = async (s: string) => hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));

/** The engine events a room holds (as stored), from version 1. */
async function roomEvents(room: string): Promise<unknown[]> {
  return runInDurableObject(env.BattlemaskeRoom.getByName(room), (_r, state) => state.storage.sql.exec<{ event: string }>("SELECT event FROM events ORDER BY version").toArray().map((e) => JSON.parse(e.event) as unknown));
}

describe("the daily deal", () => {
  it("is HMAC(DAILY_SECRET, date in Europe/Berlin); its SHA-256 is published first, the seed only once the day is over", async () => {
    const today = berlinDate(Date.now());
    const info = await json(call("/api/daily"));
    expect(info.date).toBe(today);
    expect(info.commitment).toBe(await sha256(await hmac(env.DAILY_SECRET, today)));
    expect(info.previous.date).toBe(addDays(today, -1));
    expect(info.previous.seed).toBe(await hmac(env.DAILY_SECRET, info.previous.date));
    // Yesterday's seed matches the commitment published for yesterday.
    const yesterday = await json(call(`/api/daily/${info.previous.date}`));
    expect(yesterday.commitment).toBe(await sha256(info.previous.seed));
    // Today's and tomorrow's seeds stay secret; later days have no commitment yet.
    expect(await json(call(`/api/daily/${today}`))).toEqual({ date: today, commitment: info.commitment, seed: null });
    expect((await json(call(`/api/daily/${addDays(today, 1)}`))).seed).toBeNull();
    expect((await call(`/api/daily/${addDays(today, 2)}`)).status).toBe(404);
    for (const bad of ["2026-02-30", "yesterday", "2026-1-1"]) {
      const r = await call(`/api/daily/${bad}`);
      expect(r.status).toBe(400);
      expect(await json(r)).toMatchObject({ error: "BAD_REQUEST", message: expect.stringMatching(/^date: /) });
    }
  });

  it("knows the Berlin date across midnight UTC and summer time", () => {
    expect(berlinDate(Date.parse("2026-11-30T22:59:59Z"))).toBe("2026-11-30");
    expect(berlinDate(Date.parse("2026-11-30T23:00:00Z"))).toBe("2026-12-01");
    expect(berlinDate(Date.parse("2026-07-01T21:59:59Z"))).toBe("2026-07-01");
    expect(berlinDate(Date.parse("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("deals the same cards to every attempt of the day, the engine's deal for that seed", async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const r1 = await call("/api/daily/attempts", { body: { role: "conte" }, token: a.token });
    expect(r1.status).toBe(201);
    const first = await json(r1);
    const again = await json(call("/api/daily/attempts", { body: { role: "maske" }, token: a.token }));
    const other = await json(call("/api/daily/attempts", { body: { role: "conte" }, token: b.token }));
    expect([first.attempt, again.attempt, other.attempt]).toEqual([1, 2, 1]);
    expect([first.seat, again.seat]).toEqual([0, 1]);
    const seed = await hmac(env.DAILY_SECRET, first.date);
    const expected = newGame({ ruleset: "battlemaske", variant: "single" }, seed)[1];
    for (const room of [first.room, again.room, other.room]) {
      const events = await roomEvents(room);
      expect(events[0]).toMatchObject({ type: "gameCreated", seed, options: { ruleset: "battlemaske", variant: "single" } });
      expect(events[1]).toEqual(expected);
    }
    const bad = await call("/api/daily/attempts", { body: { role: "king" }, token: a.token });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ message: expect.stringMatching(/^role: /) });
  });
});

/** Puts an attempt on record (as POST /api/daily/attempts would) and reports its result. */
async function attempt(account: Account, date: string, role: "conte" | "maske", n: number, result: { won: boolean; mirror: number; rounds: number; tricks?: [number, number]; finishedAt: number; helped?: boolean }) {
  const room = roomId();
  await env.DB.prepare("INSERT INTO daily_attempts (room, account_id, date, role, attempt, created_at) VALUES (?, ?, ?, ?, ?, ?)").bind(room, account.id, date, role, n, result.finishedAt - 60_000).run();
  const human = role === "conte" ? 0 : 1;
  const seats: [string | null, string | null] = human === 0 ? [account.id, null] : [null, account.id];
  const helped = [false, false];
  helped[human] = result.helped ?? false;
  const r = await postResult(
    report({
      room, kind: "daily", rated: false, level: "stark", accounts: seats, helped,
      result: { winner: result.won ? human : 1 - human, draw: false, reason: "rules" },
      mirror: result.mirror, rounds: result.rounds, lastRoundTricks: result.tricks ?? [5, 5], startedAt: result.finishedAt - 60_000, finishedAt: result.finishedAt,
    }),
  );
  expect(r.status).toBe(200);
}

async function board(date: string, role: string, kind = "first", token?: string) {
  return json(call(`/api/daily/${date}/leaderboard?role=${role}&board=${kind}`, { token }));
}

describe("daily boards", () => {
  it("Conte: a win with the lowest mirror first, then the smaller last-round trick difference, then the earlier finish; failures below", async () => {
    const date = "2001-01-01";
    const t = Date.parse("2001-01-01T12:00:00Z");
    const names = ["A", "B", "C", "D", "E"].map((p) => uniqueName(p));
    const [A, B, C, D, E] = await Promise.all(names.map((n) => newAccount(n)));
    await attempt(A!, date, "conte", 1, { won: true, mirror: 2, rounds: 3, tricks: [5, 5], finishedAt: t + 30 });
    await attempt(B!, date, "conte", 1, { won: true, mirror: 2, rounds: 3, tricks: [6, 4], finishedAt: t + 10 });
    await attempt(C!, date, "conte", 1, { won: true, mirror: 2, rounds: 3, tricks: [5, 5], finishedAt: t + 20 });
    await attempt(D!, date, "conte", 1, { won: true, mirror: 5, rounds: 3, finishedAt: t });
    await attempt(E!, date, "conte", 1, { won: false, mirror: 0, rounds: 3, finishedAt: t });
    const b = await board(date, "conte");
    expect(b).toMatchObject({ date, role: "conte", board: "first" });
    expect(b.entries.map((e: { name: string }) => e.name)).toEqual([names[2], names[0], names[1], names[3], names[4]]);
    expect(b.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(b.entries[0]).toEqual({ rank: 1, name: names[2], score: 2, reached: true, rounds: 3, mirror: 2, finishedAt: t + 20, helped: false });
    expect(b.entries[4]).toMatchObject({ score: null, reached: false });
    expect(b.me).toBeUndefined();
    expect((await board(date, "maske")).entries).toEqual([]);
  });

  it("Maske: 10 in the fewest rounds first, then the higher mirror, then the earlier finish; failures below", async () => {
    const date = "2001-01-02";
    const t = Date.parse("2001-01-02T12:00:00Z");
    const names = ["F", "G", "H", "I"].map((p) => uniqueName(p));
    const [F, G, H, I] = await Promise.all(names.map((n) => newAccount(n)));
    await attempt(F!, date, "maske", 1, { won: true, mirror: 10, rounds: 2, finishedAt: t });
    await attempt(G!, date, "maske", 1, { won: true, mirror: 12, rounds: 2, finishedAt: t + 50 });
    await attempt(H!, date, "maske", 1, { won: true, mirror: 13, rounds: 3, finishedAt: t });
    await attempt(I!, date, "maske", 1, { won: false, mirror: 9, rounds: 3, finishedAt: t });
    const b = await board(date, "maske");
    expect(b.entries.map((e: { name: string }) => e.name)).toEqual([names[1], names[0], names[2], names[3]]);
    expect(b.entries[0]).toMatchObject({ score: 2, rounds: 2, mirror: 12 });
  });

  it("the main board keeps the first attempt; the best board the best attempt without help; both show the caller's rank", async () => {
    const date = "2001-01-03";
    const t = Date.parse("2001-01-03T12:00:00Z");
    const [rival, me] = [await newAccount(uniqueName("R")), await newAccount(uniqueName("M"))];
    await attempt(rival, date, "conte", 1, { won: true, mirror: 3, rounds: 3, finishedAt: t });
    await attempt(me, date, "conte", 1, { won: false, mirror: 0, rounds: 2, finishedAt: t + 1 });
    expect((await board(date, "conte", "first", me.token)).me).toMatchObject({ rank: 2, reached: false });
    await attempt(me, date, "conte", 2, { won: true, mirror: 0, rounds: 3, finishedAt: t + 2, helped: true });
    await attempt(me, date, "conte", 3, { won: true, mirror: 4, rounds: 3, finishedAt: t + 3 });
    await attempt(me, date, "conte", 4, { won: true, mirror: 6, rounds: 3, finishedAt: t + 4 });
    const first = await board(date, "conte", "first", me.token);
    expect(first.entries.map((e: { reached: boolean }) => e.reached)).toEqual([true, false]);
    expect(first.me).toMatchObject({ rank: 2, reached: false, rounds: 2 });
    const best = await board(date, "conte", "best", me.token);
    expect(best.entries.map((e: { mirror: number }) => e.mirror)).toEqual([3, 4]);
    expect(best.me).toMatchObject({ rank: 2, mirror: 4, finishedAt: t + 3 });
    await attempt(me, date, "conte", 5, { won: true, mirror: 1, rounds: 3, finishedAt: t + 5 });
    expect((await board(date, "conte", "best", me.token)).me).toMatchObject({ rank: 1, mirror: 1 });
    expect((await board(date, "conte", "first", me.token)).me).toMatchObject({ rank: 2 });
  });

  it("lists the top 100 and the caller's own rank below them; refuses bad parameters", async () => {
    const date = "2001-01-04";
    const t = Date.parse("2001-01-04T12:00:00Z");
    const me = await newAccount(uniqueName("Late"));
    const stmts = [];
    for (let i = 0; i < 104; i++) {
      const id = `bulk-${date}-${i}`;
      stmts.push(env.DB.prepare("INSERT INTO accounts (id, name, name_key, recovery_hash, created_at) VALUES (?, ?, ?, ?, ?)").bind(id, `P${i}-${date}`, `p${i}-${date}`, `h-${id}`, t));
      stmts.push(env.DB.prepare("INSERT INTO daily_board (date, role, board, account_id, room, reached, k1, k2, finished_at, score, rounds, mirror) VALUES (?, 'maske', 'first', ?, ?, 1, 2, -10, ?, 2, 2, 10)").bind(date, id, `r${i}`, t + i));
    }
    await env.DB.batch(stmts);
    await attempt(me, date, "maske", 1, { won: true, mirror: 10, rounds: 2, finishedAt: t + 102 });
    const b = await board(date, "maske", "first", me.token);
    expect(b.entries).toHaveLength(100);
    expect(b.entries[99]).toMatchObject({ rank: 100, name: `P99-${date}` });
    expect(b.me).toMatchObject({ rank: 103, rounds: 2 }); // 102 bulk rows finished earlier with the same score
    for (const q of ["role=king", "role=conte&board=worst", "", "role=conte&extra=1"]) {
      const r = await call(`/api/daily/${date}/leaderboard?${q}`);
      expect(r.status, q).toBe(400);
      expect(await json(r)).toMatchObject({ error: "BAD_REQUEST" });
    }
    expect((await call("/api/daily/2001-13-01/leaderboard?role=conte")).status).toBe(400);
  });
});

describe("daily archive", () => {
  it("serves today's finished attempt only to its player until the day is over", async () => {
    const [me, other] = [await newAccount(), await newAccount()];
    const started = await json(call("/api/daily/attempts", { body: { role: "maske" }, token: me.token }));
    const now = Date.now();
    await postResult(report({ room: started.room, kind: "daily", rated: false, level: "stark", accounts: [null, me.id], result: { winner: 0, draw: false, reason: "rules" }, startedAt: now - 1000, finishedAt: now }));
    const anonymous = await call(`/api/games/${started.room}`);
    expect(anonymous.status).toBe(404);
    // The replay viewer tells from which day on: the attempt's date comes with the refusal (nothing of the game does).
    const refusal = await json(anonymous);
    expect(refusal).toMatchObject({ error: "NOT_YET", date: started.date });
    expect(Object.keys(refusal).sort()).toEqual(["date", "error", "message"]);
    expect((await call(`/api/games/${started.room}`, { token: other.token })).status).toBe(404);
    expect((await call(`/api/games/${started.room}`, { token: me.token })).status).toBe(200);
    // A past day's game is public.
    await env.DB.prepare("UPDATE daily_attempts SET date = '2001-02-01' WHERE room = ?").bind(started.room).run();
    expect((await call(`/api/games/${started.room}`)).status).toBe(200);
  });
});
