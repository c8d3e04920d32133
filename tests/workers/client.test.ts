// The typed client (hono/client's hc over AppType) that web/ uses: routes and responses are typed end to end.
import { exports } from "cloudflare:workers";
import { hc } from "hono/client";
import { describe, expect, it } from "vitest";
import type { AppType } from "../../worker/index";
import { origin } from "./api-helpers";

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
