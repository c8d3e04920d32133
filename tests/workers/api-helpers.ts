// Small helpers for the API tests inside workerd: requests against the Worker, accounts, result reports.
import { env, exports } from "cloudflare:workers";

export const origin = "http://spielcenter.test";

export function call(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return exports.default.fetch(`${origin}${path}`, {
    method: init.method ?? (init.body !== undefined ? "POST" : "GET"),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

export async function json<T = any>(r: Response | Promise<Response>): Promise<T> {
  return (await (await r).json()) as T;
}

export interface Account {
  id: string;
  token: string;
  recoveryCode: string;
}

export async function newAccount(name?: string): Promise<Account> {
  const r = await call("/api/accounts", { method: "POST" });
  if (r.status !== 201) throw new Error(`POST /api/accounts: ${r.status}`);
  const a = (await r.json()) as Account;
  if (name) {
    const named = await call("/api/me/name", { method: "PUT", body: { name }, token: a.token });
    if (named.status !== 200) throw new Error(`PUT /api/me/name ${name}: ${named.status} ${await named.text()}`);
  }
  return a;
}

let counter = 0;
/** A fresh room id per report (16 characters, like the Worker's). */
export function roomId(): string {
  return `t${Date.now().toString(36)}${(counter++).toString(36)}`.padEnd(16, "x").slice(0, 16);
}

/** A unique display name per test run (names are unique across the shared test D1). */
export function uniqueName(prefix: string): string {
  return `${prefix}${crypto.randomUUID().slice(0, 8)}`;
}

export function report(over: Record<string, unknown> = {}): Record<string, any> {
  const now = Date.now();
  return {
    room: roomId(),
    kind: "online",
    rated: true,
    options: { ruleset: "battlemaske", variant: "single" },
    level: null,
    accounts: [null, null],
    result: { winner: 0, draw: false, reason: "rules" },
    helped: [false, false],
    roles: ["conte", "maske"],
    mirror: 4,
    rounds: 3,
    lastRoundTricks: [5, 5],
    cardsPlayed: 60,
    startedAt: now - 600_000,
    finishedAt: now,
    stake: 0,
    log: [
      { version: 1, time: now - 600_000, actor: "room", event: { type: "gameCreated", v: 1 } },
      { version: 2, time: now - 600_000, actor: "room", event: { type: "roundDealt", v: 1, hands: [["P1"], ["D1"]], aside: ["G1"] } },
    ],
    ...over,
  };
}

/**
 * Records a room as the Worker does when it creates one (D1 `games`): the Worker books reports only for its own rooms,
 * and only on the accounts it seated there. Reports in these tests stand for rooms created with the report's accounts.
 */
export async function registerRoom(r: { room: string; kind: string; rated: boolean; stake: number; options: { ruleset: string; variant: string }; level: string | null; accounts: ReadonlyArray<string | null> }): Promise<void> {
  await env.DB.prepare("INSERT OR IGNORE INTO games (room, game, kind, rated, stake, ruleset, variant, level, account0, account1, created_at) VALUES (?, 'battlemaske', ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(r.room, r.kind, r.rated ? 1 : 0, r.stake, r.options.ruleset, r.options.variant, r.level, r.accounts[0] ?? null, r.accounts[1] ?? null, Date.now())
    .run();
}

/** POSTs a report as a room would; `register` (default) first records its room as created by the Worker. */
export async function postResult(body: unknown, secret: string = env.ROOM_SECRET, { register = true } = {}): Promise<Response> {
  const b = body as Parameters<typeof registerRoom>[0] | null;
  if (register && b && typeof b === "object" && typeof b.room === "string" && b.options && Array.isArray(b.accounts)) await registerRoom(b);
  return call("/internal/results", { body, headers: { authorization: `Bearer ${secret}` } });
}
