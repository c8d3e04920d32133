// The API's edges: CORS only for the site's own origin, typed 400s for malformed bodies and parameters, friend games, the typed client.
import { exports } from "cloudflare:workers";
import { hc } from "hono/client";
import { describe, expect, it } from "vitest";
import type { AppType } from "../../worker/index";
import { call, json, newAccount, origin, postResult, report } from "./api-helpers";

describe("CORS", () => {
  it("allows the site's own origin and no other", async () => {
    const preflight = (from: string) =>
      call("/api/me", { method: "OPTIONS", headers: { origin: from, "access-control-request-method": "GET", "access-control-request-headers": "authorization" } });
    const own = await preflight(origin);
    expect(own.headers.get("access-control-allow-origin")).toBe(origin);
    expect(own.headers.get("access-control-allow-headers")).toContain("authorization");
    const evil = await preflight("https://evil.example");
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    const get = await call("/api/daily", { headers: { origin: "https://evil.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
    expect((await call("/api/daily", { headers: { origin } })).headers.get("access-control-allow-origin")).toBe(origin);
  });
});

describe("malformed input", () => {
  it("answers every endpoint's bad body or parameter with 400 {error, message}", async () => {
    const a = await newAccount();
    const cases: Array<[string, { method?: string; body?: unknown }, RegExp]> = [
      ["/api/accounts/recover", { body: {} }, /^recoveryCode: /],
      ["/api/me/name", { method: "PUT", body: { nom: "x" } }, /^(name|nom): /],
      ["/api/me/name", { method: "PUT", body: "{oops" }, /JSON/i],
      ["/api/daily/attempts", { body: { role: "conte", extra: 1 } }, /^extra: /],
      ["/api/games", { body: { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte", stake: 10 } }, /stake/],
      ["/api/games", { body: { kind: "rated", clock: { minutes: 0, increment: 0 }, ruleset: "battlemaske", variant: "single", role: "conte" } }, /^clock\.minutes: /],
      ["/api/games", { body: { kind: "rated", clock: null, ruleset: "schach", variant: "single", role: "conte" } }, /^ruleset: /],
      ["/api/games/invite/short", { body: {} }, /^code: /],
      ["/api/me/games?before=yesterday", {}, /^before: /],
    ];
    for (const [path, init, message] of cases) {
      const r = await call(path, { ...init, token: a.token });
      expect(r.status, path).toBe(400);
      const body = await json<{ error: string; message: string }>(r);
      expect(body.error, path).toBe("BAD_REQUEST");
      expect(body.message, path).toMatch(message);
    }
  });
});

describe("play with a friend", () => {
  const game = { kind: "rated", clock: { minutes: 5, increment: 2 }, ruleset: "battlemaske", variant: "single", role: "maske", stake: 100 };

  it("returns the creator's seat and an invite link; the invite is claimed once", async () => {
    const [host, friend, late] = [await newAccount(), await newAccount(), await newAccount()];
    const r = await call("/api/games", { body: game, token: host.token });
    expect(r.status).toBe(201);
    const created = await json(r);
    expect(created).toMatchObject({ id: created.room, seat: 1, role: "maske" });
    expect(created.invite).toMatch(new RegExp(`^${origin}/einladung/[A-Za-z0-9_-]{40,}$`));
    const code = created.invite.split("/").pop();
    // Where the invite's seat is, without claiming it.
    expect(await json(call(`/api/games/invite/${code}`))).toEqual({ game: "battlemaske", room: created.room, seat: 0, claimed: false });
    expect((await call(`/api/games/invite/${"y".repeat(43)}`)).status).toBe(404);
    // Its terms, which the invite page shows before a stake is risked (the host's name once it has one).
    expect(await json(call(`/api/games/invite/${code}/terms`))).toEqual({ game: "battlemaske", seat: 0, claimed: false, rated: true, stake: 100, ruleset: "battlemaske", variant: "single", level: null, clock: { type: "fischer", initialMs: 300_000, incrementMs: 2000 }, host: null });
    expect((await call("/api/me/name", { method: "PUT", body: { name: "Hella Host" }, token: host.token })).status).toBe(200);
    expect(await json(call(`/api/games/invite/${code}/terms`))).toMatchObject({ host: "Hella Host" });
    expect((await call(`/api/games/invite/${"y".repeat(43)}/terms`)).status).toBe(404);
    expect((await call(`/api/games/invite/short/terms`)).status).toBe(400);
    expect((await call(`/api/games/invite/${code}`, { method: "POST", token: host.token })).status).toBe(409);
    const claim = await call(`/api/games/invite/${code}`, { method: "POST", token: friend.token });
    expect(claim.status).toBe(200);
    expect(await json(claim)).toMatchObject({ id: created.room, room: created.room, seat: 0, rated: true });
    expect(await json(call(`/api/games/invite/${code}`))).toMatchObject({ claimed: true });
    expect(await json(call(`/api/games/invite/${code}/terms`))).toMatchObject({ claimed: true });
    // The claimer opening the link again is told it is its own seat, with the room to go back to; a stranger is not.
    const reopened = await call(`/api/games/invite/${code}`, { method: "POST", token: friend.token });
    expect(reopened.status).toBe(409);
    expect(await json(reopened)).toMatchObject({ error: "OWN_INVITE", room: created.room });
    const again = await call(`/api/games/invite/${code}`, { method: "POST", token: late.token });
    expect(again.status).toBe(409);
    const refusedBody = await json(again);
    expect(refusedBody).toMatchObject({ error: "INVITE_TAKEN" });
    expect(refusedBody.room).toBeUndefined();
    expect((await call(`/api/games/invite/${"x".repeat(43)}`, { method: "POST", token: late.token })).status).toBe(404);
    // Running: no log.
    expect((await call(`/api/games/${created.room}`)).status).toBe(404);
    // The room reports the end with the accounts that claimed its seats; the Worker's record agrees: rated, the stake
    // moves (the Worker's stake, not the report's).
    const body = report({ room: created.room, accounts: [friend.id, host.id], stake: 0, result: { winner: 0, draw: false, reason: "rules" } });
    const outcome = await json(postResult(body));
    expect(outcome.outcome).toMatchObject({ counted: true, taler: 100 });
    expect(await json(call("/api/me", { token: friend.token }))).toMatchObject({ points: 10, elo: 1516, taler: 1100 });
    expect(await json(call("/api/me", { token: host.token }))).toMatchObject({ points: -10, elo: 1484, taler: 900 });
    expect((await call(`/api/games/${created.room}`)).status).toBe(200);
  });

  it("refuses a stake either player cannot afford", async () => {
    const [host, friend, other] = [await newAccount(), await newAccount(), await newAccount()];
    expect((await call("/api/games", { body: { ...game, stake: 1001 }, token: host.token })).status).toBe(400);
    // friend loses 600 Taler first, then cannot take a seat at stake 500.
    await postResult(report({ accounts: [other.id, friend.id], stake: 600, result: { winner: 0, draw: false, reason: "rules" } }));
    const created = await json(call("/api/games", { body: { ...game, stake: 500 }, token: host.token }));
    const code = created.invite.split("/").pop();
    const refused = await call(`/api/games/invite/${code}`, { method: "POST", token: friend.token });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ error: "STAKE_TOO_HIGH" });
    expect((await call(`/api/games/invite/${code}`, { method: "POST", token: other.token })).status).toBe(200);
  });
});

// The typed client (hono/client's hc over AppType) that web/ uses: routes and responses are typed end to end.
const client = hc<AppType>(origin, { fetch: ((input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(input, init)) as typeof fetch });

describe("hc<AppType>", () => {
  it("creates an account, reads /me and the daily info with typed responses", async () => {
    const created = await client.api.accounts.$post();
    expect(created.status).toBe(201);
    const { token, id } = await created.json();
    const headers = { authorization: `Bearer ${token}` };
    const me = await client.api.me.$get({}, { headers });
    const body = await me.json();
    if (!("taler" in body)) throw new Error("expected the profile");
    expect(body.id).toBe(id);
    expect(body.taler).toBe(1000);
    const daily = await (await client.api.daily.$get()).json();
    expect(daily.commitment).toMatch(/^[0-9a-f]{64}$/);
    const board = await client.api.daily[":date"].leaderboard.$get({ param: { date: daily.date }, query: { role: "conte", board: "first" } });
    expect(board.status).toBe(200);
  });
});
