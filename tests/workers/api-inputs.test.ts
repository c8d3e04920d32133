// The API's input limits: bodies over 64 KiB are refused before parsing (413), bodies that are not JSON by their
// content type are refused (415) instead of being read as {}.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, newAccount, origin, uniqueName } from "./api-helpers";

const MB = 1024 * 1024;
const friendGame = { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" };

/** A valid JSON body padded with trailing whitespace to `size` bytes: without a limit the route would accept it. */
function padded(body: unknown, size: number): string {
  const text = JSON.stringify(body);
  return text + " ".repeat(size - text.length);
}

/** The same bytes as a stream of 64 KiB chunks: no content-length, as with `transfer-encoding: chunked`. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
}

const gamesOf = async (account: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE account0 = ?1 OR account1 = ?1").bind(account).first<{ n: number }>())!.n;

describe("bodies over 64 KiB answer 413 and are never parsed", () => {
  it("a 10 MB body to POST /api/games and PUT /api/me/name changes nothing", async () => {
    const a = await newAccount();
    const big = await call("/api/games", { body: padded(friendGame, 10 * MB), token: a.token });
    expect(big.status).toBe(413);
    expect(await json(big)).toEqual({ error: "TOO_LARGE", message: "body: larger than 64 KB" });
    expect(await gamesOf(a.id)).toBe(0);

    const name = uniqueName("Big");
    const rename = await call("/api/me/name", { method: "PUT", body: padded({ name }, 10 * MB), token: a.token });
    expect(rename.status).toBe(413);
    expect(await json(rename)).toMatchObject({ error: "TOO_LARGE" });
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: null });

    // Just under the limit the same kind of padded body is accepted: the limit is the size, not the padding.
    expect((await call("/api/me/name", { method: "PUT", body: padded({ name }, 60 * 1024), token: a.token })).status).toBe(200);
  });

  it("a chunked body without content-length is counted as it streams", async () => {
    const a = await newAccount();
    const send = (path: string, method: string, text: string) =>
      exports.default.fetch(`${origin}${path}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${a.token}` }, body: chunked(text) });
    const big = await send("/api/games", "POST", padded(friendGame, 10 * MB));
    expect(big.status).toBe(413);
    expect(await json(big)).toMatchObject({ error: "TOO_LARGE" });
    expect(await gamesOf(a.id)).toBe(0);
    const rename = await send("/api/me/name", "PUT", padded({ name: uniqueName("Chunk") }, 10 * MB));
    expect(rename.status).toBe(413);
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: null });
    // Just over the limit in two chunks: refused; a small chunked body still reaches the route.
    expect((await send("/api/games", "POST", padded(friendGame, 64 * 1024 + 1))).status).toBe(413);
    expect((await send("/api/games", "POST", JSON.stringify(friendGame))).status).toBe(201);
  });
});

describe("a JSON body must say so: other content types answer 415", () => {
  it("text/plain, a form or no content type is refused instead of being read as {}", async () => {
    const a = await newAccount();
    const name = uniqueName("Typ");
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", "application/vnd.api+json", undefined]) {
      const headers: Record<string, string> = { authorization: `Bearer ${a.token}` };
      if (type) headers["content-type"] = type;
      const r = await exports.default.fetch(`${origin}/api/me/name`, { method: "PUT", headers, body: JSON.stringify({ name }) });
      expect(r.status, String(type)).toBe(415);
      expect(await json(r)).toEqual({ error: "UNSUPPORTED_MEDIA_TYPE", message: "content-type must be application/json" });
    }
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: null });
    // A text/plain body with a valid recovery code is not read either.
    const recover = await exports.default.fetch(`${origin}/api/accounts/recover`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ recoveryCode: a.recoveryCode }) });
    expect(recover.status).toBe(415);
  });

  it("accepts application/json with parameters and in any case", async () => {
    const a = await newAccount();
    for (const type of ["application/json; charset=utf-8", "Application/JSON", "APPLICATION/JSON ;charset=UTF-8"]) {
      const name = uniqueName("Ok");
      const r = await exports.default.fetch(`${origin}/api/me/name`, { method: "PUT", headers: { "content-type": type, authorization: `Bearer ${a.token}` }, body: JSON.stringify({ name }) });
      expect(r.status, type).toBe(200);
      expect(await json(r)).toMatchObject({ name });
    }
  });

  it("routes without a body are unaffected: POST /api/accounts and claiming an invite", async () => {
    const created = await exports.default.fetch(`${origin}/api/accounts`, { method: "POST" });
    expect(created.status).toBe(201);
    const host = await newAccount();
    const friend = await newAccount();
    const game = await json(call("/api/games", { body: friendGame, token: host.token }));
    const claim = await exports.default.fetch(`${origin}/api/games/invite/${game.inviteCode}`, { method: "POST", headers: { authorization: `Bearer ${friend.token}` } });
    expect(claim.status).toBe(200);
  });
});
