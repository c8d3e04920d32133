// Shared pieces of the attack suite (npm run test:attack, tests/e2e/attack.test.ts): results, HTTP helpers, accounts.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One attack that was not answered as it must be. */
export interface Failure {
  readonly attack: string;
  readonly detail: string;
}

/** The figures of one category: attacks tried, answered as they must be, and the first failures in full. */
export interface CategoryResult {
  readonly name: string;
  readonly description: string;
  tried: number;
  passed: number;
  readonly failures: Failure[];
  /** Figures beside the counts (games by kind, take-backs, restarts, time); shown in the report. */
  readonly notes: Record<string, number | string>;
  ms: number;
}

/** How many different failed attacks a category keeps in full (a repeat of the same attack is only counted). */
const KEEP_FAILURES = 300;

export function newResult(name: string, description: string): CategoryResult {
  return { name, description, tried: 0, passed: 0, failures: [], notes: {}, ms: 0 };
}

/** Counts one attack: passed when `problem` is null, else a failure with its detail. */
export function check(r: CategoryResult, attack: string, problem: string | null): boolean {
  r.tried++;
  if (problem === null) {
    r.passed++;
    return true;
  }
  if (r.failures.length < KEEP_FAILURES && !r.failures.some((f) => f.attack === attack)) r.failures.push({ attack, detail: problem });
  return false;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
  readonly headers: Headers;
}

/** One HTTP request; the body is JSON-encoded unless it is already a string or bytes. Never throws for a status. */
export async function http(base: string, method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  let body: string | Uint8Array | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" || options.body instanceof Uint8Array ? options.body : JSON.stringify(options.body);
    // Bytes go as given (the fuzz sets its own content type, or none at all); everything else is sent as JSON.
    if (!(options.body instanceof Uint8Array)) headers["content-type"] = "application/json";
  }
  Object.assign(headers, options.headers ?? {});
  const res = await fetch(base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the caller judges that
  }
  return { status: res.status, text, json, headers: res.headers };
}

/** A fresh guest account's bearer token (POST /api/accounts). */
export async function newAccount(base: string): Promise<string> {
  const r = await http(base, "POST", "/api/accounts");
  if (r.status !== 201) throw new Error(`POST /api/accounts: ${r.status} ${r.text.slice(0, 200)}`);
  return (r.json as { token: string }).token;
}

/** POST that must answer `status`; its JSON body. */
export async function mustPost<T>(base: string, path: string, body: unknown, token: string | undefined, status: number): Promise<T> {
  const r = await http(base, "POST", path, { body, token });
  if (r.status !== status) throw new Error(`POST ${path}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json as T;
}

export function sha256Hex(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}

const root = join(import.meta.dirname, "..", "..", "..");

/** A local secret wrangler dev reads from the project's .dev.vars (tracked in git; local development only). */
export function devVar(name: string): string | null {
  try {
    const m = new RegExp(`^${name}\\s*=\\s*"?([^"\\n]*)"?\\s*$`, "m").exec(readFileSync(join(root, ".dev.vars"), "utf8"));
    return m ? m[1]! : null;
  } catch {
    return null;
  }
}

/** A small deterministic generator (mulberry32), so a run's fuzz cases and choices can be repeated by seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `jobs` with at most `limit` at once; results in order. */
export async function pool<T>(limit: number, jobs: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return out;
}

export function short(s: string, n = 160): string {
  return s.length <= n ? s : `${s.slice(0, n)}… (${s.length} chars)`;
}
