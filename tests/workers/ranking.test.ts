// GET /api/ranking: the top of points and of Elo over accounts with a rated game, and the caller's own place.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, newAccount, uniqueName } from "./api-helpers";

async function rated(name: string, points: number, elo: number, games = 3) {
  const a = await newAccount(name);
  await env.DB.prepare("UPDATE accounts SET points = ?, elo = ?, rated_games = ? WHERE id = ?").bind(points, elo, games, a.id).run();
  return a;
}

type Ranking = { by: string; total: number; top: Array<{ place: number; name: string; points: number; elo: number; ratedGames: number }>; me: { place: number; name: string } | null; unranked?: boolean };

describe("GET /api/ranking", () => {
  it("orders by points (Elo breaks ties) or by Elo, top 100, and gives the caller's own place beyond the top", { timeout: 30_000 }, async () => {
    // Far above anything other tests give an account, so these lead the list.
    const hi = await rated(uniqueName("Hoch"), 90_000, 1400);
    const tie = await rated(uniqueName("Gleich"), 80_000, 1700);
    const tie2 = await rated(uniqueName("Gleicher"), 80_000, 1600);
    const eloKing = await rated(uniqueName("Elo"), 10, 3900);
    const guest = await newAccount(uniqueName("Gasthof")); // not "Gast" + hex: all digits (2 % of ids) read as the seat label "Gast 1234…"
    // 101 more, so one of them is below the top 100: written straight into D1 in one batch (through the API they cost
    // two requests each, seconds on a loaded machine, and their sign-up is not what this test is about).
    const fillers = Array.from({ length: 101 }, (_, i) => ({ id: uniqueName(`acc${i}-`), name: uniqueName(`R${i}-`), points: 50_000 - i }));
    await env.DB.batch(fillers.map((f) => env.DB.prepare("INSERT INTO accounts (id, name, name_key, name_skeleton, recovery_hash, points, elo, rated_games, created_at) VALUES (?, ?, ?, ?, ?, ?, 1500, 3, ?)").bind(f.id, f.name, f.name.toLowerCase(), f.name.toLowerCase(), `hash-${f.id}`, f.points, Date.now())));
    const low = await rated(uniqueName("Tief"), -90_000, 900);

    const byPoints = await json<Ranking>(call("/api/ranking?by=points", { token: low.token }));
    expect(byPoints.top).toHaveLength(100);
    const names = byPoints.top.map((r) => r.name);
    const nameOf = async (a: { token: string }) => (await json<{ name: string }>(call("/api/me", { token: a.token }))).name;
    expect(names.slice(0, 3)).toEqual([await nameOf(hi), await nameOf(tie), await nameOf(tie2)]);
    expect(byPoints.top.map((r) => r.place)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(names).not.toContain(await nameOf(guest));
    // The lowest account is last among everyone ranked.
    expect(byPoints.me?.place).toBe(byPoints.total);
    expect(byPoints.total).toBeGreaterThan(100);

    const byElo = await json<Ranking>(call("/api/ranking?by=elo", { token: eloKing.token }));
    expect(byElo.top[0]!.name).toBe(await nameOf(eloKing));
    expect(byElo.me?.place).toBe(1);

    // Equal in points and Elo: the same place, and the next one after both (1, 2, 2, 4).
    const twin = await rated(uniqueName("Zwilling"), 90_000, 1400);
    const withTwin = await json<Ranking>(call("/api/ranking?by=points", { token: twin.token }));
    expect(withTwin.top.slice(0, 4).map((r) => r.place)).toEqual([1, 1, 3, 4]);
    expect(withTwin.me?.place).toBe(1);
    await env.DB.prepare("UPDATE accounts SET rated_games = 0 WHERE id = ?").bind(twin.id).run();

    // The caller's place equals its index in the full order: check one from the middle of the list.
    const mid = byPoints.top[40]!;
    const midAccount = await json<Ranking>(call("/api/ranking", { token: (await rated(uniqueName("Mitte"), mid.points, mid.elo - 0.5)).token }));
    expect(midAccount.me?.place).toBe(42);
  });

  it("says unranked for an account without a rated game, is public without a token, refuses a bad token and a bad order", async () => {
    const guest = await newAccount(uniqueName("Neu"));
    const mine = await json<Ranking>(call("/api/ranking", { token: guest.token }));
    expect(mine.me).toBeNull();
    expect(mine.unranked).toBe(true);
    const open = await call("/api/ranking?by=elo");
    expect(open.status).toBe(200);
    expect(open.headers.get("cache-control")).toMatch(/public/);
    expect((await json<Ranking>(open)).me).toBeNull();
    expect((await call("/api/ranking", { headers: { authorization: "Bearer " + "x".repeat(40) } })).status).toBe(401);
    const bad = await call("/api/ranking?by=taler");
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toMatch(/by must be points or elo/);
  });
});
