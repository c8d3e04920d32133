// npm run bench:rooms [-- --games 200 --think MS --no-deflate --url URL]: concurrent bot-vs-bot online games against wrangler dev; prints
// command → broadcast latency (p50, p99), lost and duplicated events, games per minute, commands per second, the
// commands in flight on average, workerd's CPU per command and its memory. --think: each player waits MS on average
// (uniform in 0..2·MS) before a command (0, the default: as fast as they can).
import { execFileSync } from "node:child_process";
import WebSocket from "ws";
import { stateFromView, type Seat } from "../shared/battlemaske/index.js";
import { botCommand, mustAct } from "../shared/battlemaske/bots/index.js";
import { startSite, workerdCpuSeconds } from "./lib/site.js";

const args = process.argv.slice(2).filter((a) => a !== "--");
const flag = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const GAMES = Number(flag("--games", "200"));
const THINK_MS = Number(flag("--think", "0"));
/** --no-deflate: the sockets do not offer permessage-deflate (browsers do; Miniflare's entry worker accepts it). */
const DEFLATE = !args.includes("--no-deflate");
const json = args.includes("--json");
let url = flag("--url", "");

type Msg = { type: string; [k: string]: any };

interface GameStats {
  latencies: number[];
  lost: number;
  duplicated: number;
  finished: boolean;
  commands: number;
}

function rssOf(pattern: string): number {
  try {
    const out = execFileSync("ps", ["-eo", "rss,args"], { encoding: "utf8" });
    return out
      .split("\n")
      .filter((l) => l.includes(pattern))
      .reduce((sum, l) => sum + Number(l.trim().split(/\s+/)[0] ?? 0), 0) * 1024;
  } catch {
    return 0;
  }
}

async function post(path: string, body: unknown): Promise<any> {
  const r = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** One online game: two sockets, each seat played by the greedy bot from its own view. */
async function playGame(g: number): Promise<GameStats> {
  const created = await post("/api/battlemaske/online", { role: "conte", clock: null });
  const friend = await post("/api/battlemaske/invite", { room: created.room, invite: created.invite });
  const wsUrl = `${url.replace(/^http/, "ws")}${created.socket}`;
  const stats: GameStats = { latencies: [], lost: 0, duplicated: 0, finished: false, commands: 0 };
  const sentAt = new Map<number, number>(); // last version of a command -> when it was sent (filled on ack)
  const pendingSend = new Map<string, number>(); // seat/clientSeq -> send time
  const arrived: Array<Map<number, number>> = [new Map(), new Map()];
  await new Promise<void>((resolve, reject) => {
    let done = 0;
    for (const [seat, token] of [[0, created.seatToken], [1, friend.seatToken]] as Array<[Seat, string]>) {
      const ws = new WebSocket(wsUrl, { perMessageDeflate: DEFLATE });
      let version = 0;
      let seq = 0;
      let pending = false;
      let lastEvent = 0;
      ws.on("open", () => ws.send(JSON.stringify({ type: "hello", seatToken: token })));
      ws.on("message", (data) => {
        const m = JSON.parse(String(data)) as Msg;
        const now = performance.now();
        if (m.type === "event") {
          if (m.version <= lastEvent) stats.duplicated++;
          else if (lastEvent > 0 && m.version !== lastEvent + 1) stats.lost += m.version - lastEvent - 1;
          lastEvent = Math.max(lastEvent, m.version);
          arrived[seat]!.set(m.version, now);
          return;
        }
        if (m.type === "welcome") lastEvent = m.version;
        if (m.type === "ack") {
          pending = false;
          stats.commands++;
          sentAt.set(m.version, pendingSend.get(`${seat}/${m.clientSeq}`)!);
          return;
        }
        if (m.type === "error") return reject(new Error(`game ${g}: ${m.code} ${m.message}`));
        const view = m.view;
        if (!view) return;
        version = m.version;
        if (view.over) {
          stats.finished = true;
          ws.close(1000);
          if (++done === 2) resolve();
          return;
        }
        if (m.type === "resync") pending = false;
        const state = stateFromView(view.game);
        if (pending || !mustAct(state, seat)) return;
        pending = true;
        const clientSeq = ++seq;
        const command = botCommand("greedy", state, seat, `bench/${g}/${version}`);
        const baseVersion = version;
        const send = () => {
          pendingSend.set(`${seat}/${clientSeq}`, performance.now());
          ws.send(JSON.stringify({ type: "command", clientSeq, baseVersion, command }));
        };
        // Uniform in [0, 2·THINK_MS]: players that all wait the same time would send in lockstep bursts.
        if (THINK_MS > 0) setTimeout(send, Math.random() * 2 * THINK_MS);
        else send();
      });
      ws.on("error", reject);
    }
  });
  // Latency: from sending a command to its last event reaching the other seat.
  for (const [v, t0] of sentAt) {
    for (const s of [0, 1]) {
      const t = arrived[s]!.get(v);
      if (t !== undefined) stats.latencies.push(t - t0);
    }
  }
  return stats;
}

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;
}

async function main(): Promise<void> {
  const site = url ? null : await startSite();
  if (site) url = site.url;
  try {
    const rssBefore = rssOf("workerd");
    const cpuBefore = site ? workerdCpuSeconds(site.pgid) : NaN;
    const clientCpuBefore = process.cpuUsage();
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: GAMES }, (_, g) => playGame(g)));
    const minutes = (performance.now() - t0) / 60_000;
    const cpu = site ? workerdCpuSeconds(site.pgid) - cpuBefore : NaN;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const rssAfter = rssOf("workerd");
    const commands = results.reduce((n, r) => n + r.commands, 0);
    const commandsPerSecond = commands / (minutes * 60);
    const lat = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const out = {
      games: GAMES,
      sockets: GAMES * 2,
      finished: results.filter((r) => r.finished).length,
      latencyMs: { p50: +pct(lat, 0.5).toFixed(2), p99: +pct(lat, 0.99).toFixed(2), samples: lat.length },
      lostEvents: results.reduce((n, r) => n + r.lost, 0),
      duplicatedEvents: results.reduce((n, r) => n + r.duplicated, 0),
      gamesPerMinute: +(GAMES / minutes).toFixed(1),
      thinkMs: THINK_MS,
      commands,
      commandsPerSecond: +commandsPerSecond.toFixed(0),
      // Little's law: commands waiting for their broadcast at any moment = throughput × mean latency.
      inFlight: +((commandsPerSecond * lat.reduce((a, b) => a + b, 0)) / Math.max(1, lat.length) / 1000).toFixed(1),
      workerdCpuMsPerCommand: Number.isNaN(cpu) ? null : +((cpu * 1000) / commands).toFixed(2),
      // The load generator runs on the same cores: its 400 sockets, JSON and bots.
      clientCpuMsPerCommand: +((clientCpu.user + clientCpu.system) / 1000 / commands).toFixed(2),
      workerdRssMB: { before: Math.round(rssBefore / 2 ** 20), after: Math.round(rssAfter / 2 ** 20), perRoomKB: Math.round((rssAfter - rssBefore) / GAMES / 1024) },
    };
    if (json) process.stdout.write(JSON.stringify(out) + "\n");
    else
      process.stdout.write(
        `${out.finished}/${out.games} games finished (${out.sockets} sockets)\n` +
          `command -> broadcast latency: p50 ${out.latencyMs.p50} ms, p99 ${out.latencyMs.p99} ms (${out.latencyMs.samples} samples)\n` +
          `lost events: ${out.lostEvents}, duplicated events: ${out.duplicatedEvents}\n` +
          `games per minute: ${out.gamesPerMinute}; ${out.commands} commands, ${out.commandsPerSecond} per second, ${out.inFlight} in flight on average (players think ${THINK_MS} ms on average)\n` +
          (out.workerdCpuMsPerCommand === null ? "" : `workerd CPU per command: ${out.workerdCpuMsPerCommand} ms (wrangler's proxy and the Worker together)\n`) +
          `load generator CPU per command: ${out.clientCpuMsPerCommand} ms (on the same cores)\n` +
          `workerd memory: ${out.workerdRssMB.before} MB -> ${out.workerdRssMB.after} MB (~${out.workerdRssMB.perRoomKB} KB per room)\n`,
      );
  } finally {
    await site?.stop();
  }
}

await main();
