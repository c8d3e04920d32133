// Results from the rooms: authentication, exactly-once, ratings (points and Elo), Taler, "Bilanz", the archive.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { chooseComputerCommand } from "../../party/computer";
import { BattlemaskeRoomCore } from "../../party/core/battlemaske-core";
import { MemoryLogStore } from "../../party/core/log";
import { eloDeltas, expectedScore, kFactor } from "../../worker/ratings";
import { ResultReport } from "../../worker/results";
import { call, json, newAccount, postResult, report, uniqueName } from "./api-helpers";

async function taler(id: string): Promise<{ taler: number; ledger: number }> {
  const row = await env.DB.prepare("SELECT taler, (SELECT SUM(delta) FROM ledger WHERE account_id = ?1) AS ledger FROM accounts WHERE id = ?1").bind(id).first<{ taler: number; ledger: number }>();
  return row!;
}

describe("POST /internal/results: who may call it", () => {
  it("refuses a missing or wrong room secret with 401 and records nothing", async () => {
    const body = report();
    expect((await call("/internal/results", { body })).status).toBe(401);
    expect((await postResult(body, "wrong")).status).toBe(401);
    expect((await postResult(body, `${env.ROOM_SECRET}x`)).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM results WHERE room = ?").bind(body.room).first("n")).toBe(0);
  });

  it("refuses a malformed report with a 400 that names the field", async () => {
    const bad = await postResult(report({ result: { winner: 2, draw: false, reason: "rules" } }));
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ error: "BAD_REQUEST", message: expect.stringMatching(/^result\.winner: /) });
    const notJson = await postResult("{not json");
    expect(notJson.status).toBe(400);
    expect(await json(notJson)).toMatchObject({ error: "BAD_REQUEST" });
  });
});

describe("Elo arithmetic", () => {
  it("expects 0.5 between equals and about 0.76 for 200 points more", () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(expectedScore(1700, 1500)).toBeCloseTo(0.7597, 4);
  });
  it("uses K = 32 for the first 30 rated games, then 16", () => {
    expect(kFactor(0)).toBe(32);
    expect(kFactor(29)).toBe(32);
    expect(kFactor(30)).toBe(16);
    expect(eloDeltas({ elo: 1500, ratedGames: 0 }, { elo: 1500, ratedGames: 0 }, 1)).toEqual([16, -16]);
    expect(eloDeltas({ elo: 1500, ratedGames: 30 }, { elo: 1500, ratedGames: 0 }, 0.5)).toEqual([0, 0]);
    const [a, b] = eloDeltas({ elo: 1700, ratedGames: 40 }, { elo: 1500, ratedGames: 3 }, 0);
    expect(a).toBeCloseTo(-16 * (1 / (1 + 10 ** (-200 / 400))), 9);
    expect(b).toBeCloseTo(32 * (1 / (1 + 10 ** (-200 / 400))), 9);
  });
});

describe("ratings", () => {
  it("a rated win moves points ±10 and Elo 1500 → 1516 / 1484; reported twice it counts once", async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const body = report({ accounts: [a.id, b.id], result: { winner: 1, draw: false, reason: "rules" } });
    const first = await postResult(body);
    expect(first.status).toBe(200);
    const outcome = await json(first);
    expect(outcome).toMatchObject({ ok: true, duplicate: false, outcome: { counted: true, ratings: [{ account: a.id, points: -10, eloBefore: 1500, eloAfter: 1484 }, { account: b.id, points: 10, eloBefore: 1500, eloAfter: 1516 }] } });
    const again = await postResult(body);
    expect(again.status).toBe(200);
    const second = await json(again);
    expect(second.duplicate).toBe(true);
    expect(second.outcome).toEqual(outcome.outcome);
    // Two reports at the same moment: still once.
    const twin = report({ accounts: [a.id, b.id], result: { winner: 1, draw: false, reason: "rules" } });
    const both = await Promise.all([postResult(twin), postResult(twin)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const meA = await json(call("/api/me", { token: a.token }));
    const meB = await json(call("/api/me", { token: b.token }));
    expect(meA).toMatchObject({ points: -20, ratedGames: 2 });
    expect(meB).toMatchObject({ points: 20, ratedGames: 2 });
    expect(meA.elo + meB.elo).toBe(3000);
    expect(meB.elo).toBe(Math.round(1516 + 32 * (1 - expectedScore(1516, 1484))));
  });

  it("a draw gives 0 points; unrated, aborted or early-resigned games change no rating", async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const draw = await json(postResult(report({ accounts: [a.id, b.id], result: { winner: null, draw: true, reason: "rules" } })));
    expect(draw.outcome.counted).toBe(true);
    expect(draw.outcome.ratings.map((r: { points: number }) => r.points)).toEqual([0, 0]);
    const now = Date.now();
    const skipped = [
      report({ accounts: [a.id, b.id], rated: false }),
      report({ accounts: [a.id, b.id], result: { winner: null, draw: false, reason: "aborted" }, cardsPlayed: 3 }),
      report({ accounts: [a.id, b.id], result: { winner: 0, draw: false, reason: "resign" }, cardsPlayed: 9, startedAt: now - 179_000, finishedAt: now }),
      report({ accounts: [a.id, a.id] }),
    ];
    for (const body of skipped) expect((await json(postResult(body))).outcome.counted).toBe(false);
    // 10 cards, or 3 minutes, are enough.
    const late = report({ accounts: [a.id, b.id], result: { winner: 0, draw: false, reason: "resign" }, cardsPlayed: 2, startedAt: now - 181_000, finishedAt: now });
    expect((await json(postResult(late))).outcome.counted).toBe(true);
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ points: 10, ratedGames: 2 });
  });
});

describe("Taler", () => {
  it("the stake moves from loser to winner once, conserved, recorded in the ledger", async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const body = report({ accounts: [a.id, b.id], stake: 250, result: { winner: 0, draw: false, reason: "rules" } });
    expect((await json(postResult(body))).outcome.taler).toBe(250);
    await postResult(body);
    expect(await taler(a.id)).toEqual({ taler: 1250, ledger: 1250 });
    expect(await taler(b.id)).toEqual({ taler: 750, ledger: 750 });
    const ledger = await json(call("/api/me/ledger", { token: b.token }));
    expect(ledger.entries.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([[-250, "stake"], [1000, "start"]]);
  });

  it("never takes a balance below zero, even when many games end at once", async () => {
    const [rich, poor] = [await newAccount(), await newAccount()];
    // poor loses 5 games of 300 each at the same time: only its 1000 can move.
    const bodies = Array.from({ length: 5 }, () => report({ accounts: [rich.id, poor.id], stake: 300, result: { winner: 0, draw: false, reason: "rules" } }));
    const answers = await Promise.all(bodies.map((b) => postResult(b)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const p = await taler(poor.id);
    const r = await taler(rich.id);
    expect(p.taler).toBe(0);
    expect(p.ledger).toBe(0);
    expect(r).toEqual({ taler: 2000, ledger: 2000 });
    const total = await env.DB.prepare("SELECT (SELECT SUM(taler) FROM accounts) AS taler, (SELECT SUM(delta) FROM ledger) AS ledger, (SELECT MIN(taler) FROM accounts) AS min").first<{ taler: number; ledger: number; min: number }>();
    expect(total!.taler).toBe(total!.ledger);
    expect(total!.min).toBeGreaterThanOrEqual(0);
  });
});

describe("Bilanz", () => {
  it("counts wins and losses per game, level and role, with help separately", async () => {
    const a = await newAccount();
    const vsComputer = (winner: 0 | 1, helped: boolean, level: string, variant = "single") =>
      postResult(report({ kind: "computer", rated: false, level, accounts: [a.id, null], helped: [helped, false], options: { ruleset: "battlemaske", variant }, result: { winner, draw: false, reason: "rules" } }));
    await vsComputer(0, false, "stark");
    await vsComputer(1, false, "stark");
    await vsComputer(0, true, "stark");
    await vsComputer(0, false, "leicht", "profi");
    const me = await json(call("/api/me", { token: a.token }));
    expect(me.records).toEqual([
      { game: "battlemaske", level: "leicht", role: "profi", helped: false, wins: 1, losses: 0, draws: 0 },
      { game: "battlemaske", level: "stark", role: "conte", helped: false, wins: 1, losses: 1, draws: 0 },
      { game: "battlemaske", level: "stark", role: "conte", helped: true, wins: 1, losses: 0, draws: 0 },
    ]);
    expect(me).toMatchObject({ points: 0, elo: 1500 });
  });
});

describe("archive", () => {
  it("serves a finished game's full log by id, lists it under Meine Partien, and 404s a running game", async () => {
    const name = uniqueName("Ada");
    const a = await newAccount(name);
    const created = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" }, token: a.token }));
    const running = await call(`/api/games/${created.room}`);
    expect(running.status).toBe(404);
    expect(JSON.stringify(await running.json())).not.toContain("hands");
    const body = report({ room: created.room, kind: "computer", rated: false, level: "leicht", accounts: [a.id, null] });
    await postResult(body);
    const game = await json(call(`/api/games/${created.room}`));
    // `account`: which seats a person's account held, so the replay can name the other one the computer.
    expect(game).toMatchObject({ id: created.room, kind: "computer", players: [{ name, account: true }, { name: null, account: false }], result: { winner: 0, reason: "rules" } });
    expect(game.log).toEqual(body.log);
    const list = await json(call("/api/me/games", { token: a.token }));
    expect(list.games[0]).toMatchObject({ id: created.room, outcome: "win", seat: 0, level: "leicht" });
    expect((await call("/api/me/games?limit=abc", { token: a.token })).status).toBe(400);
  });

  it("a friendly game between two people left, resigned or timed out early is 'aborted' in Meine Partien, as no record counts it", async () => {
    const [a, b] = [await newAccount(uniqueName("Fr")), await newAccount(uniqueName("Fs"))];
    const now = Date.now();
    const early = report({ rated: false, accounts: [a.id, b.id], result: { winner: 1, draw: false, reason: "leave" }, cardsPlayed: 0, startedAt: now - 5_000, finishedAt: now });
    const played = report({ rated: false, accounts: [a.id, b.id], result: { winner: 1, draw: false, reason: "resign" }, cardsPlayed: 12, startedAt: now - 60_000, finishedAt: now + 1 });
    // Both flags at once in the exchange of a 30-second game: a draw by the clock, before any card (it read "Remis").
    const bothFlags = report({ rated: false, accounts: [a.id, b.id], result: { winner: null, draw: true, reason: "timeout" }, cardsPlayed: 0, startedAt: now - 30_000, finishedAt: now + 2 });
    const lateDraw = report({ rated: false, accounts: [a.id, b.id], result: { winner: null, draw: true, reason: "timeout" }, cardsPlayed: 0, startedAt: now - 300_000, finishedAt: now + 3 });
    for (const r of [early, played, bothFlags, lateDraw]) await postResult(r);
    const games = (await json(call("/api/me/games", { token: b.token }))).games as Array<{ id: string; outcome: string }>;
    expect(games.find((g) => g.id === early.room)?.outcome).toBe("aborted");
    expect(games.find((g) => g.id === played.room)?.outcome).toBe("win");
    expect(games.find((g) => g.id === bothFlags.room)?.outcome).toBe("aborted");
    expect(games.find((g) => g.id === lateDraw.room)?.outcome).toBe("draw");
  });
});

describe("the room's own report", () => {
  it("fits the contract and is archived as sent", async () => {
    const a = await newAccount();
    const core = new BattlemaskeRoomCore(`c${Date.now().toString(36)}`.padEnd(16, "0").slice(0, 16), new MemoryLogStore(), {
      kind: "computer", options: { ruleset: "battlemaske", variant: "single" }, seed: "contract", rated: false,
      seats: [{ type: "computer", level: "leicht" }, { type: "computer", level: "leicht" }], clock: null, accounts: [a.id, null],
    }, chooseComputerCommand);
    core.start(Date.now());
    const sent = JSON.parse(JSON.stringify(core.report()));
    expect(v.safeParse(ResultReport, sent).issues).toBeUndefined();
    const answer = await json(postResult(sent));
    expect(answer).toMatchObject({ ok: true, duplicate: false });
    const archived = await json(call(`/api/games/${sent.room}`));
    expect(archived.log).toEqual(sent.log);
    expect(archived.log.some((e: { event: { type: string } }) => e.event.type === "roundDealt")).toBe(true);
  });
});
