// Category 3, HTTP fuzz: requests to every /api route (worker/index.ts, worker/api/*.ts) and to the room routes that
// must all be refused: wrong methods, auth, bodies, types, sizes, content types and paths. Every answer must be a JSON
// {error, message} below 500 without internals, and a refused request must change nothing.
import { check, devVar, http, mustPost, newAccount, newResult, pool, rng, short, type CategoryResult, type HttpAnswer } from "./common.js";
import { RawSocket } from "./raw-socket.js";

export interface HttpFuzzOptions {
  readonly requests: number;
  readonly concurrency?: number;
  readonly seed?: number;
  readonly log?: (line: string) => void;
}

interface Req {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly body?: string | Uint8Array;
  readonly headers?: Record<string, string>;
  /** The status it must get (any refusal below 500 when absent), and the error code when it matters. */
  readonly status?: number | readonly number[];
  readonly error?: string;
}

/** The routes that read a JSON body, with a valid body each (the fuzz breaks it). */
const JSON_ROUTES: ReadonlyArray<{ method: string; path: string; auth: "none" | "optional" | "required"; body: Record<string, unknown> }> = [
  { method: "POST", path: "/api/accounts/recover", auth: "none", body: { recoveryCode: "ABCDE-FGHJK-MNPQR-STVWX" } },
  { method: "PUT", path: "/api/me/name", auth: "required", body: { name: "Fuzzi" } },
  { method: "POST", path: "/api/daily/attempts", auth: "required", body: { role: "conte" } },
  { method: "POST", path: "/api/games", auth: "required", body: { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" } },
  { method: "POST", path: "/api/battlemaske/computer", auth: "optional", body: { role: "conte", level: "leicht" } },
  { method: "POST", path: "/api/battlemaske/online", auth: "optional", body: { role: "conte" } },
  { method: "POST", path: "/api/battlemaske/invite", auth: "optional", body: { room: "AAAAAAAAAAAAAAAA", invite: "A".repeat(43) } },
  { method: "POST", path: "/api/goldwaage/table", auth: "none", body: { players: 2 } },
  { method: "POST", path: "/api/goldwaage/invite", auth: "none", body: { room: "AAAAAAAAAAAAAAAA", invite: "A".repeat(43) } },
];

/** Every route and the methods it answers (anything else is a wrong method). */
const ROUTES: ReadonlyArray<{ path: string; methods: readonly string[] }> = [
  { path: "/api/health", methods: ["GET"] },
  { path: "/api/accounts", methods: ["POST"] },
  { path: "/api/accounts/recover", methods: ["POST"] },
  { path: "/api/me", methods: ["GET"] },
  { path: "/api/me/name", methods: ["PUT"] },
  { path: "/api/me/ledger", methods: ["GET"] },
  { path: "/api/me/games", methods: ["GET"] },
  { path: "/api/daily", methods: ["GET"] },
  { path: "/api/daily/2026-01-01", methods: ["GET"] },
  { path: "/api/daily/2026-01-01/leaderboard", methods: ["GET"] },
  { path: "/api/daily/attempts", methods: ["POST", "GET"] },
  { path: "/api/games", methods: ["GET", "POST"] },
  { path: "/api/games/battlemaske", methods: ["GET"] },
  { path: "/api/games/invite/AAAAAAAAAAAAAAAAAAAAAAAA", methods: ["POST"] },
  { path: "/api/battlemaske/computer", methods: ["POST"] },
  { path: "/api/battlemaske/online", methods: ["POST"] },
  { path: "/api/battlemaske/invite", methods: ["POST"] },
  { path: "/api/goldwaage/table", methods: ["POST"] },
  { path: "/api/goldwaage/invite", methods: ["POST"] },
  { path: "/internal/results", methods: ["POST"] },
];

/** Breaks a valid body in one of many ways (seeded). */
function mutations(body: Record<string, unknown>, random: () => number): Array<{ name: string; body: string }> {
  const keys = Object.keys(body);
  const key = keys[Math.floor(random() * keys.length)]!;
  const hostile: unknown[] = [null, true, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, "", "x".repeat(5000), [], [1, 2], {}, { $ne: null }, "'; DROP TABLE accounts; --", "<script>alert(1)</script>", "\u0000", "😀".repeat(50)];
  const bad = hostile[Math.floor(random() * hostile.length)];
  return [
    { name: `${key} = ${short(JSON.stringify(bad), 40)}`, body: JSON.stringify({ ...body, [key]: bad }) },
    { name: "an extra field", body: JSON.stringify({ ...body, admin: true }) },
    { name: "__proto__ in the body", body: JSON.stringify(body).replace(/^\{/, '{"__proto__":{"admin":true},') },
    { name: `without ${key}`, body: JSON.stringify(Object.fromEntries(Object.entries(body).filter(([k]) => k !== key))) },
    { name: "malformed JSON", body: JSON.stringify(body).slice(0, -1) },
    { name: "a JSON array", body: JSON.stringify([body]) },
    { name: "a JSON string", body: JSON.stringify(JSON.stringify(body)) },
    { name: "null", body: "null" },
    { name: "an empty body", body: "" },
    { name: "2,000 nested arrays", body: "[".repeat(2000) + "]".repeat(2000) },
    { name: "a huge number", body: JSON.stringify(body).replace(/^\{/, `{"n":1${"0".repeat(400)},`) },
  ];
}

function requests(ctx: { token: string; inviteCode: string; roomSecret: string | null }, random: () => number): Req[] {
  const out: Req[] = [];
  const bearer = { authorization: `Bearer ${ctx.token}` };
  const json = { "content-type": "application/json" };
  for (const r of JSON_ROUTES) {
    const auth = r.auth === "none" ? {} : bearer;
    for (const m of mutations(r.body, random)) out.push({ name: `${r.method} ${r.path} with ${m.name}`, method: r.method, path: r.path, body: m.body, headers: { ...json, ...auth }, status: 400 });
    // The body's media type and size are checked before anything else.
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/jsonp"])
      out.push({ name: `${r.method} ${r.path} as ${type}`, method: r.method, path: r.path, body: JSON.stringify(r.body), headers: { "content-type": type, ...auth }, status: 415, error: "UNSUPPORTED_MEDIA_TYPE" });
    out.push({ name: `${r.method} ${r.path} without a content type`, method: r.method, path: r.path, body: new TextEncoder().encode(JSON.stringify(r.body)), headers: { ...auth }, status: 415, error: "UNSUPPORTED_MEDIA_TYPE" });
    out.push({ name: `${r.method} ${r.path} with 70 KB of JSON`, method: r.method, path: r.path, body: JSON.stringify({ ...r.body, pad: "x".repeat(70_000) }), headers: { ...json, ...auth }, status: 413, error: "TOO_LARGE" });
    out.push({ name: `${r.method} ${r.path} with 1 MB of JSON`, method: r.method, path: r.path, body: JSON.stringify({ ...r.body, pad: "x".repeat(1_000_000) }), headers: { ...json, ...auth }, status: 413, error: "TOO_LARGE" });
    out.push({ name: `${r.method} ${r.path} with 25,000 three-byte characters (75 KB)`, method: r.method, path: r.path, body: new TextEncoder().encode(JSON.stringify({ ...r.body, pad: "€".repeat(25_000) })), headers: { ...json, ...auth }, status: 413, error: "TOO_LARGE" });
    if (r.auth === "required") {
      out.push({ name: `${r.method} ${r.path} without auth`, method: r.method, path: r.path, body: JSON.stringify(r.body), headers: json, status: 401, error: "UNAUTHORIZED" });
      out.push({ name: `${r.method} ${r.path} with a wrong token`, method: r.method, path: r.path, body: JSON.stringify(r.body), headers: { ...json, authorization: `Bearer ${"A".repeat(43)}` }, status: 401, error: "UNAUTHORIZED" });
      out.push({ name: `${r.method} ${r.path} with a malformed authorization`, method: r.method, path: r.path, body: JSON.stringify(r.body), headers: { ...json, authorization: pickOf(random, ["Basic YTpi", "Bearer", "Bearer  " + ctx.token, ctx.token, `Bearer ${ctx.token}x'--`]) }, status: 401, error: "UNAUTHORIZED" });
    }
    if (r.auth === "optional") out.push({ name: `${r.method} ${r.path} with a wrong token`, method: r.method, path: r.path, body: JSON.stringify(r.body), headers: { ...json, authorization: `Bearer ${"B".repeat(43)}` }, status: 401, error: "UNAUTHORIZED" });
  }
  // Routes that need an account, without one.
  for (const path of ["/api/me", "/api/me/ledger", "/api/me/games"]) {
    out.push({ name: `GET ${path} without auth`, method: "GET", path, status: 401, error: "UNAUTHORIZED" });
    out.push({ name: `GET ${path} with a wrong token`, method: "GET", path, headers: { authorization: `Bearer ${"C".repeat(40)}` }, status: 401, error: "UNAUTHORIZED" });
  }
  out.push({ name: "POST /api/games/invite/<code> without auth", method: "POST", path: `/api/games/invite/${ctx.inviteCode}`, status: 401, error: "UNAUTHORIZED" });
  out.push({ name: "POST /api/games/invite/<code> with a wrong token", method: "POST", path: `/api/games/invite/${ctx.inviteCode}`, headers: { authorization: `Bearer ${"D".repeat(40)}` }, status: 401, error: "UNAUTHORIZED" });
  out.push({ name: "POST /api/games/invite/<unknown code>", method: "POST", path: `/api/games/invite/${"Z".repeat(43)}`, headers: bearer, status: 404 });
  out.push({ name: "POST /api/games/invite/<malformed code>", method: "POST", path: `/api/games/invite/${encodeURIComponent("<x>'\"")}`, headers: bearer, status: 400 });
  // Queries and path parameters.
  for (const q of ["limit=0", "limit=101", "limit=-1", "limit=1e3", "limit=abc", "before=-5", "before=1e99", "limit=1&limit=2", "extra=1", "__proto__=1"]) out.push({ name: `GET /api/me/games?${q}`, method: "GET", path: `/api/me/games?${q}`, headers: bearer, status: 400 });
  for (const q of ["", "role=king", "role=conte&board=worst", "role=conte&x=1", "role[]=conte"]) out.push({ name: `GET leaderboard ?${q}`, method: "GET", path: `/api/daily/2026-01-01/leaderboard?${q}`, status: 400 });
  for (const d of ["2026-02-30", "26-01-01", "2026-1-1", "yesterday", "2026-01-01T00:00", "0000-00-00", "9999-99-99"]) out.push({ name: `GET /api/daily/${d}`, method: "GET", path: `/api/daily/${encodeURIComponent(d)}`, status: 400 });
  out.push({ name: "GET /api/daily/<far future>", method: "GET", path: "/api/daily/2999-01-01", status: 404 });
  for (const id of ["AAAAAAAAAAAAAAAA", "x".repeat(65), "%00", "..%2F..%2Finternal", "a b", "ÄÖÜ", "<script>"]) out.push({ name: `GET /api/games/${short(id, 20)}`, method: "GET", path: `/api/games/${encodeURI(id).replace(/%25/g, "%")}`, status: [400, 404] });
  // Wrong methods on every route.
  for (const r of ROUTES) for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"].filter((m) => !r.methods.includes(m))) out.push({ name: `${method} ${r.path}`, method, path: r.path, headers: bearer, status: [400, 401, 404, 405] });
  // The rooms' internal route without the rooms' secret, or with bad bodies.
  out.push({ name: "POST /internal/results without the secret", method: "POST", path: "/internal/results", body: "{}", headers: json, status: 401 });
  out.push({ name: "POST /internal/results with an account token", method: "POST", path: "/internal/results", body: "{}", headers: { ...json, ...bearer }, status: 401 });
  if (ctx.roomSecret) {
    const secret = { authorization: `Bearer ${ctx.roomSecret}` };
    out.push({ name: "POST /internal/results with an empty report", method: "POST", path: "/internal/results", body: "{}", headers: { ...json, ...secret }, status: 400 });
    out.push({ name: "POST /internal/results with malformed JSON", method: "POST", path: "/internal/results", body: "{", headers: { ...json, ...secret }, status: 400 });
    out.push({ name: "POST /internal/results with a report of the wrong types", method: "POST", path: "/internal/results", body: JSON.stringify({ room: 5, kind: "x", log: "no" }), headers: { ...json, ...secret }, status: 400 });
  }
  // Odd paths under /api.
  for (const p of ["/api/", "/api//games", "/api/games/", "/api/%ZZ", "/api/%00", "/api/nope", "/api/games/battlemaske/extra", `/api/${"a".repeat(9000)}`, "/api/daily/2026-01-01/leaderboard/x", "/api/me/../internal/results", "/api/accounts/%2e%2e/me", "/api/ÄÖÜ", "/api/<script>"])
    out.push({ name: `GET ${short(p, 40)}`, method: "GET", path: p, status: [400, 401, 404, 405] });
  // Room routes: names never created, too long, odd characters; and a room type that does not exist.
  for (const party of ["battlemaske-room", "goldwaage-room"]) {
    for (const name of [`never-${Math.floor(random() * 1e9)}`, "x".repeat(1025), "x".repeat(4000), "%00", "a%20b", "..", "%2e%2e%2fx", "ÄÖÜ", "<script>", "' OR 1=1"]) {
      for (const method of ["GET", "POST"]) out.push({ name: `${method} /parties/${party}/${short(name, 24)}`, method, path: `/parties/${party}/${encodeURI(name).replace(/%25/g, "%")}`, status: 404 });
    }
  }
  out.push({ name: "GET /parties/no-such-room/x", method: "GET", path: "/parties/no-such-room/x", status: 404 });
  out.push({ name: "GET /parties/", method: "GET", path: "/parties/", status: 404 });
  return out;
}

function pickOf<T>(random: () => number, xs: readonly T[]): T {
  return xs[Math.floor(random() * xs.length)]!;
}

/** The contract every refusal keeps; null when it does. */
function judge(req: Req, a: HttpAnswer): string | null {
  const body = short(a.text, 200);
  if (a.status >= 500) return `status ${a.status}: ${body}`;
  if (/Error:|\bat [\w$.<>]+ \(|ctx\.id|\.ts:\d+|workerd|node_modules/.test(a.text)) return `internal text in the answer (${a.status}): ${body}`;
  const j = a.json as { error?: unknown; message?: unknown } | undefined;
  if (!j || typeof j !== "object" || Array.isArray(j)) return `not a JSON object (${a.status}, ${a.headers.get("content-type")}): ${body}`;
  if (typeof j.error !== "string" || typeof j.message !== "string") return `not {error, message} (${a.status}): ${body}`;
  if (a.status < 400) return `accepted (${a.status}): ${body}`;
  const want = req.status === undefined ? null : typeof req.status === "number" ? [req.status] : req.status;
  if (want && !want.includes(a.status)) return `status ${a.status} (expected ${want.join(" or ")}): ${body}`;
  if (req.error && j.error !== req.error) return `error ${j.error} (expected ${req.error}): ${body}`;
  return null;
}

export async function httpFuzz(base: string, o: HttpFuzzOptions): Promise<CategoryResult> {
  const r = newResult("http", "HTTP fuzz: every /api route and the room routes with wrong methods, auth, bodies, types, sizes, content types and paths");
  const t0 = Date.now();
  const random = rng(o.seed ?? 3);
  const token = await newAccount(base);
  const other = await newAccount(base);
  // What a refused request must not change: the account, the daily attempt counter, an open invite, unknown rooms.
  const before = await http(base, "GET", "/api/me", { token });
  const firstAttempt = await mustPost<{ attempt: number }>(base, "/api/daily/attempts", { role: "conte" }, token, 201);
  const invite = await mustPost<{ inviteCode: string }>(base, "/api/games", { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" }, token, 201);
  const all = requests({ token, inviteCode: invite.inviteCode, roomSecret: devVar("ROOM_SECRET") }, random);
  // Fewer requests than kinds (the CI size): spread them evenly over the kinds, so every route is still attacked.
  const list = Array.from({ length: o.requests }, (_, i) => all[o.requests < all.length ? Math.floor((i * all.length) / o.requests) : i % all.length]!);
  let done = 0;
  await pool(
    o.concurrency ?? 6,
    list.map((req) => async () => {
      let problem: string | null;
      try {
        const body = typeof req.body === "string" ? new TextEncoder().encode(req.body) : req.body;
        problem = judge(req, await http(base, req.method, req.path, { body, headers: req.headers ?? {}, timeoutMs: 20_000 }));
      } catch (e) {
        problem = `no answer: ${e instanceof Error ? e.message : String(e)}`;
      }
      check(r, req.name, problem);
      if (++done % 200 === 0) o.log?.(`http: ${done}/${list.length} requests`);
    }),
  );
  const after = await http(base, "GET", "/api/me", { token });
  check(r, "the fuzzed account is unchanged (GET /api/me)", after.text === before.text ? null : `before ${short(before.text)}, after ${short(after.text)}`);
  const nextAttempt = await mustPost<{ attempt: number }>(base, "/api/daily/attempts", { role: "conte" }, token, 201);
  check(r, "refused daily attempts were not counted", nextAttempt.attempt === firstAttempt.attempt + 1 ? null : `attempt ${firstAttempt.attempt} before the fuzz, ${nextAttempt.attempt} after`);
  const claim = await http(base, "POST", `/api/games/invite/${invite.inviteCode}`, { token: other });
  check(r, "the fuzzed invite can still be claimed once", claim.status === 200 ? null : `${claim.status} ${short(claim.text)}`);
  // The room names the fuzz used were never created: a socket to one is still refused with a 404.
  for (const party of ["battlemaske-room", "goldwaage-room"]) {
    const name = `never-${Math.floor(random() * 1e9)}`;
    await http(base, "GET", `/parties/${party}/${name}`);
    const s = await RawSocket.open(`${base.replace(/^http/, "ws")}/parties/${party}/${name}`);
    let problem: string | null = null;
    if (s instanceof RawSocket) {
      s.send(JSON.stringify({ type: "hello" }));
      const a = await s.next(3000);
      s.close();
      problem = `a socket to /parties/${party}/${name} (never created, requested once) was accepted; hello answered ${a.kind === "message" ? short(a.text, 160) : a.kind}`;
    } else if (s.status !== 404) {
      problem = `the upgrade was refused with ${s.status} (expected 404): ${short(s.refused)}`;
    }
    check(r, `/parties/${party}/<never created> does not become a room`, problem);
  }
  Object.assign(r.notes, { requests: done, kinds: all.length });
  r.ms = Date.now() - t0;
  return r;
}
