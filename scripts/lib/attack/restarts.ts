// Category 4, forced restarts: games in progress while the whole wrangler dev process group is killed hard (SIGKILL)
// and started again on the same port and state; the clients resume with lastVersion and finish, and no event is lost
// or doubled: each client saw the versions after its first welcome exactly once, and they end where the archive ends.
import type { Site } from "../site.js";
import { check, http, mustPost, newAccount, newResult, sleep, type CategoryResult } from "./common.js";
import { Player, type PlayerSummary } from "./player.js";

export interface RestartOptions {
  readonly restarts: number;
  /** Each player waits about this long before each action, so the games are still running when the site dies. */
  readonly thinkMs?: number;
  readonly log?: (line: string) => void;
}

interface Game {
  readonly name: string;
  readonly room: string;
  readonly players: Player[];
}

async function setUp(base: string, thinkMs: number): Promise<Game[]> {
  const games: Game[] = [];
  const deadlineMs = 600_000;
  for (const [ruleset, variant] of [["battlemaske", "profi"], ["zwiegespalten", "profi"]] as const) {
    const token = await newAccount(base);
    const { room, seatToken } = await mustPost<{ room: string; seatToken: string }>(base, "/api/battlemaske/computer", { role: "conte", level: "leicht", ruleset, variant }, token, 201);
    games.push({ name: `computer ${ruleset} ${variant}`, room, players: [new Player({ url: base, room, seatToken, label: `restart/${room}`, thinkMs, takebacks: 1, deadlineMs })] });
  }
  for (const [ruleset, variant] of [["battlemaske", "single"], ["zwiegespalten", "profi"]] as const) {
    const a = await newAccount(base);
    const b = await newAccount(base);
    const created = await mustPost<{ room: string; seatToken: string; inviteCode: string }>(base, "/api/games", { kind: "friendly", clock: null, ruleset, variant, role: "conte" }, a, 201);
    const claimed = await mustPost<{ seatToken: string }>(base, `/api/games/invite/${created.inviteCode}`, undefined, b, 200);
    games.push({
      name: `friend ${ruleset} ${variant}`,
      room: created.room,
      players: [
        new Player({ url: base, room: created.room, seatToken: created.seatToken, label: `restart/${created.room}/0`, thinkMs, deadlineMs }),
        new Player({ url: base, room: created.room, seatToken: claimed.seatToken, label: `restart/${created.room}/1`, thinkMs, deadlineMs }),
      ],
    });
  }
  return games;
}

export async function forcedRestarts(site: Site, o: RestartOptions): Promise<CategoryResult> {
  const r = newResult("restarts", "Forced restarts: wrangler dev killed with SIGKILL mid-game and restarted on the same state; clients resume, nothing lost or doubled");
  const t0 = Date.now();
  const base = site.url;
  const games: Game[] = [];
  const players: Player[] = [];
  const ended = new Set<Player>();
  // Games last a minute or two; many restarts outlast the first set, so a fresh set starts whenever fewer than two
  // games are still running: every kill hits games in progress.
  const topUp = async () => {
    if (games.filter((g) => g.players.some((p) => !ended.has(p))).length >= 2) return;
    const fresh = await setUp(base, o.thinkMs ?? 60);
    games.push(...fresh);
    for (const p of fresh.flatMap((g) => g.players)) {
      players.push(p);
      p.start().then(() => ended.add(p), () => ended.add(p));
    }
  };
  const downMs: number[] = [];
  for (let k = 1; k <= o.restarts; k++) {
    await topUp();
    // Kill while every running game has just made progress (commands in flight, batches half sent).
    const mark = new Map(players.map((p) => [p, p.commands]));
    const until = Date.now() + 60_000;
    while (Date.now() < until && players.some((p) => !ended.has(p) && p.commands < mark.get(p)! + 3)) await sleep(20);
    const running = games.filter((g) => g.players.some((p) => !ended.has(p))).length;
    check(r, `restart ${k} hits games in progress`, running > 0 ? null : "every game had ended before the kill");
    const t = Date.now();
    try {
      await site.restart();
      downMs.push(Date.now() - t);
      check(r, `restart ${k}: the site comes up again on port ${site.port} with the same state`, null);
    } catch (e) {
      check(r, `restart ${k}: the site comes up again on port ${site.port} with the same state`, e instanceof Error ? e.message : String(e));
      break;
    }
    o.log?.(`restarts: ${k}/${o.restarts} done after ${Date.now() - t} ms, ${running} games were running`);
  }
  for (const g of games) {
    let summaries: PlayerSummary[];
    try {
      summaries = await Promise.all(g.players.map((p) => p.done));
      check(r, `${g.name}: the clients resume and finish`, null);
    } catch (e) {
      check(r, `${g.name}: the clients resume and finish`, e instanceof Error ? e.message : String(e));
      continue;
    }
    // The archive (the report may wait for the room's 30 s retry alarm if the kill came between the end and the report).
    let a = await http(base, "GET", `/api/games/${g.room}`);
    for (const until = Date.now() + 70_000; a.status === 404 && Date.now() < until; a = await http(base, "GET", `/api/games/${g.room}`)) await sleep(500);
    const log = (a.json as { log?: Array<{ version: number }> } | undefined)?.log;
    if (!check(r, `${g.name}: the archived log is served`, a.status === 200 && Array.isArray(log) ? null : `GET /api/games/${g.room}: ${a.status} ${a.text.slice(0, 200)}`)) continue;
    const n = log!.length;
    check(r, `${g.name}: the archived versions are 1..n`, log!.every((e, i) => e.version === i + 1) ? null : `versions ${log!.map((e) => e.version).join(",").slice(0, 300)}`);
    for (const s of summaries) {
      const seen = s.eventVersions;
      const repeats = seen.filter((v, i) => seen.indexOf(v) !== i);
      const expected = Array.from({ length: n - s.firstVersion }, (_, i) => s.firstVersion + i + 1);
      const gaps = expected.filter((v) => !seen.includes(v));
      const sorted = JSON.stringify(seen) === JSON.stringify(expected);
      check(r, `${g.name}, seat ${s.seat}: versions ${s.firstVersion + 1}..${n} each once, in order (${s.reconnects} reconnects)`, sorted ? null : `repeats [${repeats.join(",")}], missing [${gaps.join(",")}], extra [${seen.filter((v) => v > n).join(",")}], out of order: ${!repeats.length && !gaps.length}`);
    }
  }
  Object.assign(r.notes, { restarts: downMs.length, games: games.length, sockets: players.length, reconnects: players.reduce((n, p) => n + Math.max(0, p.reconnects), 0), "restart ms (mean)": downMs.length ? Math.round(downMs.reduce((a, b) => a + b, 0) / downMs.length) : 0 });
  r.ms = Date.now() - t0;
  return r;
}
