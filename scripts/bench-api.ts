// npm run bench:api [-- --seconds 30 --rps 500 --results-rps 100 --results-seconds 10 --accounts 40 --url URL]
// Against wrangler dev (started here with a fresh, migrated D1 unless --url is given):
// 1. reports game results at --results-rps (rated games with stakes and daily attempts, every report sent twice),
//    then checks that the daily boards, points and Taler are consistent with what was reported;
// 2. GETs a daily leaderboard at --rps for --seconds (open loop), through wrangler dev's URL and again at the Worker's own
//    address inside the same wrangler dev (without its dev proxy), and prints p50/p90/p99/max latency and errors.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { boardKey, compareKeys, type BoardKey } from "../worker/daily-score.js";
import { startSite } from "./lib/site.js";

const args = process.argv.slice(2).filter((a) => a !== "--");
const flag = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const SECONDS = Number(flag("--seconds", "30"));
const RPS = Number(flag("--rps", "500"));
const RESULTS_RPS = Number(flag("--results-rps", "100"));
const RESULTS_SECONDS = Number(flag("--results-seconds", "10"));
const ACCOUNTS = Number(flag("--accounts", "40"));
/** --baseline: GET /api/health instead of the leaderboard in step 2, to see what wrangler dev itself costs here. */
const BASELINE = args.includes("--baseline");
const errorKinds = new Map<string, number>();
const noteError = (kind: string) => errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
let url = flag("--url", "");
const root = join(import.meta.dirname, "..");

function readDevVar(name: string): string {
  // wrangler dev reads .dev.vars; the bench needs ROOM_SECRET to report results like a room.
  const text = readFileSync(join(root, ".dev.vars"), "utf8");
  const m = new RegExp(`^${name}="?([^"\\n]*)"?$`, "m").exec(text);
  if (!m) throw new Error(`${name} missing in .dev.vars`);
  return m[1]!;
}

/**
 * wrangler dev rebuilds and restarts the Worker whenever a source file changes ("Your worker restarted mid-request"),
 * and others edit the checkout while this runs: the site serves a frozen bundle (scripts/lib/site.ts, `frozen`).
 */
async function startBenchSite(): Promise<{ url: string; direct: string | null; stop(): Promise<void> }> {
  const site = await startSite({ frozen: true });
  return { url: site.wranglerUrl, direct: site.direct, stop: site.stop };
}

async function req(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<any> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const r = await fetch(`${url}${path}`, { method: init.method ?? (init.body !== undefined ? "POST" : "GET"), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${r.status} ${text}`);
  return JSON.parse(text);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/**
 * Sends `count` requests at `rate` per second without waiting for answers (open loop); resolves when all have answered,
 * with the sorted latencies, the errors (anything but 200, noted by kind under `kind`) and the seconds it took.
 */
async function openLoop(count: number, rate: number, kind: string, request: (i: number) => Promise<Response>): Promise<{ latency: number[]; errors: number; seconds: number }> {
  const latency: number[] = [];
  let errors = 0;
  const job = async (i: number) => {
    const s = performance.now();
    try {
      const r = await request(i);
      const text = await r.text();
      if (r.status !== 200) {
        errors++;
        noteError(`${kind} ${r.status} ${text.slice(0, 80)}`);
      }
    } catch (e) {
      errors++;
      noteError(`${kind} ${String(e).slice(0, 80)}`);
    }
    latency.push(performance.now() - s);
  };
  const start = performance.now();
  const running: Promise<void>[] = [];
  let sent = 0;
  while (sent < count) {
    const due = Math.min(count, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
    while (sent < due) running.push(job(sent++));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(running);
  latency.sort((a, b) => a - b);
  return { latency, errors, seconds: (performance.now() - start) / 1000 };
}

/** GETs a leaderboard (or /api/health with --baseline) at RPS for SECONDS, open loop: a summary line and whether p99 ≤ 20 ms without errors. */
async function getPhase(base: string, date: string): Promise<{ line: string; ok: boolean }> {
  const count = Math.round(RPS * SECONDS);
  const { latency, errors, seconds } = await openLoop(count, RPS, "GET", (i) =>
    fetch(BASELINE ? `${base}/api/health` : `${base}/api/daily/${date}/leaderboard?role=${i % 2 ? "conte" : "maske"}`, { signal: AbortSignal.timeout(10_000) }),
  );
  const line = `${count} requests in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(0)}/s; p50 ${ms(pct(latency, 50))}, p90 ${ms(pct(latency, 90))}, p99 ${ms(pct(latency, 99))}, max ${ms(latency.at(-1) ?? NaN)}; errors ${errors}`;
  return { line, ok: errors === 0 && pct(latency, 99) <= 20 };
}

interface Player {
  id: string;
  token: string;
  name: string;
}

async function main(): Promise<void> {
  let site: { url: string; direct: string | null; stop(): Promise<void> } | null = null;
  if (!url) {
    site = await startBenchSite();
    url = site.url;
  }
  const roomSecret = readDevVar("ROOM_SECRET");
  try {
    // Accounts, each with one daily attempt (a room against Stark) in alternating roles.
    const players: Player[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const a = await req("/api/accounts", { method: "POST" });
      const name = `Bench${i}x${crypto.randomUUID().slice(0, 6)}`;
      await req("/api/me/name", { method: "PUT", body: { name }, token: a.token });
      players.push({ id: a.id, token: a.token, name });
    }
    const attempts: Array<{ room: string; role: "conte" | "maske"; player: Player; date: string }> = [];
    for (const [i, p] of players.entries()) {
      const role = i % 2 === 0 ? "conte" : "maske";
      const a = await req("/api/daily/attempts", { body: { role }, token: p.token });
      attempts.push({ room: a.room, role, player: p, date: a.date });
    }
    const date = attempts[0]!.date;

    // Results: daily attempts and rated games with a stake of 10, each report sent twice.
    const total = Math.round(RESULTS_RPS * RESULTS_SECONDS);
    const expected = new Map<string, { role: string; name: string; key: BoardKey }>();
    const bodies: unknown[] = [];
    const now = Date.now();
    let rated = 0;
    for (let i = 0; bodies.length < total; i++) {
      const a = attempts[i];
      if (a && i % 2 === 0) {
        const human = a.role === "conte" ? 0 : 1;
        const won = i % 3 !== 0;
        const mirror = a.role === "conte" ? (won ? i % 9 : 10) : won ? 10 + (i % 3) : i % 10;
        const rounds = 1 + (i % 3);
        const finishedAt = now + i;
        const tricks: [number, number] = [5 + (i % 2), 5 - (i % 2)];
        const body = { room: a.room, kind: "daily", rated: false, options: { ruleset: "battlemaske", variant: "single" }, level: "stark", accounts: human === 0 ? [a.player.id, null] : [null, a.player.id], result: { winner: won ? human : 1 - human, draw: false, reason: "rules" }, helped: [false, false], roles: ["conte", "maske"], mirror, rounds, lastRoundTricks: tricks, cardsPlayed: 50, startedAt: finishedAt - 300_000, finishedAt, stake: 0, log: [{ version: 1, time: finishedAt, actor: "room", event: { type: "gameCreated" } }] };
        expected.set(a.player.id, { role: a.role, name: a.player.name, key: boardKey({ role: a.role, reached: won, mirror, rounds, lastRoundTricks: tricks, finishedAt }) });
        bodies.push(body, body);
        continue;
      }
      const p0 = players[i % players.length]!;
      const p1 = players[(i * 7 + 3) % players.length]!;
      if (p0 === p1) continue;
      rated++;
      const body = { room: "", kind: "online", rated: true, options: { ruleset: "battlemaske", variant: "single" }, level: null, accounts: [p0.id, p1.id], result: { winner: i % 5 === 0 ? null : i % 2, draw: i % 5 === 0, reason: "rules" }, helped: [false, false], roles: ["conte", "maske"], mirror: 5, rounds: 3, lastRoundTricks: [5, 5], cardsPlayed: 60, startedAt: now - 600_000, finishedAt: now, stake: 10, log: [{ version: 1, time: now, actor: "room", event: { type: "gameCreated" } }] };
      bodies.push(body, body);
    }
    bodies.length = total;
    // The Worker books reports only for rooms it created, on the accounts seated there: open each rated game through
    // the API (p0 creates it as Conte, p1 claims the invite) before the timed phase.
    const ratedBodies = [...new Set(bodies as Array<{ room: string; kind: string; accounts: [string, string] }>)].filter((b) => b.kind === "online");
    const byId = new Map(players.map((p) => [p.id, p]));
    for (let i = 0; i < ratedBodies.length; i += 4) {
      await Promise.all(
        ratedBodies.slice(i, i + 4).map(async (b) => {
          const created = await req("/api/games", { body: { kind: "rated", clock: null, ruleset: "battlemaske", variant: "single", role: "conte", stake: 10 }, token: byId.get(b.accounts[0])!.token });
          await req(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: byId.get(b.accounts[1])!.token });
          b.room = created.room;
        }),
      );
    }
    const { latency: resultLatency, errors: resultErrors, seconds: resultSeconds } = await openLoop(bodies.length, RESULTS_RPS, "results", (i) =>
      fetch(`${url}/internal/results`, { signal: AbortSignal.timeout(10_000), method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${roomSecret}` }, body: JSON.stringify(bodies[i]) }),
    );

    // Consistency: the boards equal the order computed from the reports; points sum to 0; Taler are conserved.
    let boardsOk = true;
    for (const role of ["conte", "maske"] as const) {
      const want = [...expected.values()].filter((e) => e.role === role).sort((a, b) => compareKeys(a.key, b.key)).map((e) => e.name).slice(0, 100);
      const got = (await req(`/api/daily/${date}/leaderboard?role=${role}&board=first`, { token: players[0]!.token })).entries.map((e: { name: string }) => e.name);
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        boardsOk = false;
        console.log(`board ${role}: expected ${want.join(",")}\n                got ${got.join(",")}`);
      }
    }
    let points = 0;
    let taler = 0;
    for (const p of players) {
      const me = await req("/api/me", { token: p.token });
      points += me.points;
      taler += me.taler;
    }
    const talerOk = taler === 1000 * players.length;

    // Leaderboard GETs at RPS for SECONDS: through wrangler dev's URL, then at the Worker's own address in the same wrangler dev.
    const targets = [{ label: "through wrangler dev's proxy", base: url }, ...(site?.direct ? [{ label: "at the Worker's own address", base: site.direct }] : [])];
    const phases: Array<{ label: string; base: string; line: string; ok: boolean }> = [];
    for (const t of targets) {
      const p = await getPhase(t.base, date);
      phases.push({ ...t, ...p });
    }

    console.log(`bench:api against ${url}`);
    console.log(`results: ${bodies.length} reports (${rated} rated games + daily attempts, each sent twice) in ${resultSeconds.toFixed(1)} s = ${(bodies.length / resultSeconds).toFixed(0)}/s; p50 ${ms(pct(resultLatency, 50))}, p99 ${ms(pct(resultLatency, 99))}; errors ${resultErrors}`);
    console.log(`consistency: boards ${boardsOk ? "match the reports" : "DIFFER"}; points sum ${points} (expected 0); Taler sum ${taler} (expected ${1000 * players.length})`);
    for (const p of phases) console.log(`${BASELINE ? "baseline GET /api/health" : "leaderboard GET"} ${p.label} (${p.base}): ${p.line}${p.ok ? "" : " — target missed"}`);
    for (const [kind, n] of errorKinds) console.log(`  error ×${n}: ${kind}`);
    console.log(`load average while running: ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")} on ${(await import("node:os")).cpus().length} cores`);
    // The verdict is the public URL's, the one a player's browser uses.
    const pass = resultErrors === 0 && boardsOk && points === 0 && talerOk && phases[0]!.ok;
    console.log(pass ? "PASS (p99 ≤ 20 ms, no errors, consistent)" : "FAIL");
    process.exitCode = pass ? 0 : 1;
  } finally {
    await site?.stop();
  }
}

await main();
