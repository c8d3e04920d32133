// npm run bench:rooms [-- --games 200 --think MS --no-deflate --no-batch --via both|direct|proxy --port P --idle N
//                         --idle-wait S --ask --floor --floor-only --no-assets --storage tmpfs|disk --profile FILE --json --url URL]
// Concurrent bot-vs-bot online games against wrangler dev (started here from a frozen bundle of the Worker), played at
// the Worker's own address inside wrangler dev (the room alone, as bench:api measures it) and through the printed URL
// (wrangler's dev proxy in front, as a browser connects). For each it prints command → last broadcast latency (p50,
// p99), lost and duplicated events, games per minute, commands per second, commands in flight on average, the CPU per
// command of each process (the Worker's workerd — the room process —, wrangler's proxy workerd, wrangler's Node, the
// load generator) and the Worker's memory; then the memory per idle room (N rooms with two sockets each that said
// hello, before and after they hibernate), and the issue's targets beside the figures, met or missed.
// --think: each player waits MS on average (uniform in 0..2·MS) before a command (0, the default: as fast as they can).
// --floor: the same recorded frames played back by a Durable Object without a game (party/floor-room.ts), without and
// with the room's SQLite write: the floor of workerd's local plumbing under the room (docs/protocol.md "Load").
import { loadavg, cpus } from "node:os";
import { statSync, writeFileSync } from "node:fs";
import WebSocket from "ws";
import { stateFromView, type Seat } from "../shared/battlemaske/index.js";
import { framedMessages, HEARTBEAT } from "../shared/room/protocol.js";
import { ASK_PRESENCE_MS, PING_MS } from "../web/src/room/heartbeat.js";
import { botCommand, mustAct } from "../shared/battlemaske/bots/index.js";
import { siteProcesses, startSite, type Site, type SiteProcess } from "./lib/site.js";
import { recordFloorGame, type FloorGame } from "./lib/floor-script.js";
import { startProfile, summarize } from "./lib/profile.js";

const args = process.argv.slice(2).filter((a) => a !== "--");
const flag = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const GAMES = Number(flag("--games", "200"));
const THINK_MS = Number(flag("--think", "0"));
/** --no-deflate: the sockets do not offer permessage-deflate (browsers do, so the default offers it). */
const DEFLATE = !args.includes("--no-deflate");
/** --no-batch: the sockets take one message per frame (hello without `batch`), as before the web client asked for batches. */
const BATCH = !args.includes("--no-batch");
const VIA = flag("--via", "both") as "both" | "direct" | "proxy";
const PORT = Number(flag("--port", "0")) || undefined;
/** Rooms opened for the idle-memory phase (0: none) and how long they then stay idle before the last reading. */
const IDLE_ROOMS = Number(flag("--idle", String(GAMES)));
const IDLE_WAIT_S = Number(flag("--idle-wait", "30"));
/**
 * --ask: while idle, each seat's socket also asks the room who is here (`{"type":"presence"}`) every ASK_PRESENCE_MS, as
 * a page does at a quiet table where another person sits (ADR 045), which wakes the room each time; the asking stops
 * 15 s before the last reading, so a room can hibernate again before the probe. Use with --idle-wait 75 or more.
 */
const ASK = args.includes("--ask");
const PROFILE = flag("--profile", "");
/**
 * --floor: after the games, the same number of recorded games played back by the floor (party/floor-room.ts: the same
 * frames per command through the same hops, no game), without and with the room's SQLite write per command.
 * --floor-only: the floor phases alone.
 */
const FLOOR_ONLY = args.includes("--floor-only");
const FLOOR = FLOOR_ONLY || args.includes("--floor");
/** How many distinct recorded games the floor plays back (game g plays recording g mod this). */
const FLOOR_RECORDINGS = 20;
/** --no-assets: wrangler dev without [assets] (no assets RPC proxy and router in front of the Worker): what those hops cost. */
const NO_ASSETS = args.includes("--no-assets");
const json = args.includes("--json");
/**
 * --storage: where wrangler dev keeps the rooms' SQLite (and D1) for the run. `tmpfs` (the default where /dev/shm
 * exists): in memory, so a commit costs SQLite's work but no disk flush; `disk`: the OS's temp folder, where workerd's
 * local SQLite calls fsync on the room's own thread at every commit (0.15–0.22 ms per command measured, most of it in
 * the kernel). On Cloudflare a commit is made durable by the storage layer's replication, not by an fsync on the
 * isolate's thread, so tmpfs is the nearer picture of what the room itself costs (ADR 037, docs/protocol.md "Load").
 */
const SHM = "/dev/shm";
const STORAGE = flag("--storage", hasDir(SHM) ? "tmpfs" : "disk");
if (STORAGE !== "tmpfs" && STORAGE !== "disk") {
  process.stderr.write(`--storage must be tmpfs or disk, not ${STORAGE}\n`);
  process.exit(2);
}
if (STORAGE === "tmpfs" && !hasDir(SHM)) {
  process.stderr.write(`--storage tmpfs: ${SHM} is not here; use --storage disk\n`);
  process.exit(2);
}
function hasDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
const externalUrl = flag("--url", "");

/** The issue's targets (docs/protocol.md, "Load"). */
const TARGET = { roomCpuMs: 0.4, p50Ms: 5, p99Ms: 25, idleRoomMB: 1 };

type Msg = { type: string; [k: string]: any };

interface GameStats {
  latencies: number[];
  lost: number;
  duplicated: number;
  finished: boolean;
  commands: number;
  /** Frames the game's sockets received. */
  frames: number;
}

async function post(base: string, path: string, body: unknown): Promise<any> {
  const r = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

interface OpenGame {
  socket: string;
  tokens: [string, string];
}

/** A friend game between two guests: the room, both seat tokens and the socket path. */
async function openGame(base: string): Promise<OpenGame> {
  const created = await post(base, "/api/battlemaske/online", { role: "conte", clock: null });
  const friend = await post(base, "/api/battlemaske/invite", { room: created.room, invite: created.invite });
  return { socket: created.socket, tokens: [created.seatToken, friend.seatToken] };
}

/**
 * `n` games opened ten at a time, before anything is measured: opening a table (D1 rows, the room's init) is not a
 * command, and 200 requests at once at the Worker's own address (no proxy queueing them) get connections reset.
 */
async function openGames(base: string, n: number): Promise<OpenGame[]> {
  const games: OpenGame[] = [];
  for (let i = 0; i < n; i += 10) games.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => openGame(base)))));
  return games;
}

/** One online game: two sockets, each seat played by the greedy bot from its own view, thinking `think` ms on average. */
async function playGame(base: string, g: number, { socket, tokens }: OpenGame, think = THINK_MS): Promise<GameStats> {
  const wsUrl = `${base.replace(/^http/, "ws")}${socket}`;
  const stats: GameStats = { latencies: [], lost: 0, duplicated: 0, finished: false, commands: 0, frames: 0 };
  const sentAt = new Map<number, number>(); // last version of a command -> when it was sent (filled on ack)
  const pendingSend = new Map<string, number>(); // seat/clientSeq -> send time
  const arrived: Array<Map<number, number>> = [new Map(), new Map()];
  await new Promise<void>((resolve, reject) => {
    let done = 0;
    for (const seat of [0, 1] as Seat[]) {
      const ws = new WebSocket(wsUrl, { perMessageDeflate: DEFLATE });
      let version = 0;
      let seq = 0;
      let pending = false;
      let lastEvent = 0;
      let view: Msg | null = null;
      // The ack comes after the events and the state its command caused (docs/protocol.md): the seat acts on the newest
      // view once nothing of its own is in flight, whichever of the two came last.
      const act = () => {
        if (pending || !view) return;
        const state = stateFromView(view.game);
        if (!mustAct(state, seat)) return;
        pending = true;
        const clientSeq = ++seq;
        const command = botCommand("greedy", state, seat, `bench/${g}/${version}`);
        const baseVersion = version;
        const send = () => {
          pendingSend.set(`${seat}/${clientSeq}`, performance.now());
          ws.send(JSON.stringify({ type: "command", clientSeq, baseVersion, command }));
        };
        // Uniform in [0, 2·THINK_MS]: players that all wait the same time would send in lockstep bursts.
        if (think > 0) setTimeout(send, Math.random() * 2 * think);
        else send();
      };
      ws.on("open", () => ws.send(JSON.stringify({ type: "hello", seatToken: tokens[seat], ...(BATCH ? { batch: true } : {}) })));
      ws.on("message", (data) => {
        const now = performance.now();
        stats.frames++;
        for (const m of framedMessages<Msg>(JSON.parse(String(data)))) receive(m, now);
      });
      const receive = (m: Msg, now: number) => {
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
          return act();
        }
        if (m.type === "error") return reject(new Error(`game ${g}: ${m.code} ${m.message}`));
        if (!m.view) return;
        version = m.version;
        view = m.view;
        if (m.view.over) {
          stats.finished = true;
          ws.close(1000);
          if (++done === 2) resolve();
          return;
        }
        if (m.type === "resync") pending = false;
        act();
      };
      ws.on("error", reject);
    }
  });
  // Latency: from sending a command to its last event reaching each seat.
  for (const [v, t0] of sentAt) {
    for (const s of [0, 1]) {
      const t = arrived[s]!.get(v);
      if (t !== undefined) stats.latencies.push(t - t0);
    }
  }
  return stats;
}

/** A floor table: its name and the recorded game it plays back. */
interface OpenFloor {
  name: string;
  game: FloorGame;
}

/** A room name as the Worker hands them out (16 characters A-Z a-z 0-9 _ -). */
const floorName = () => Array.from({ length: 16 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 62)]).join("");

/** `n` floor tables, each sent its recording (ten at a time, before anything is measured, as openGames). */
async function openFloors(base: string, n: number, recordings: FloorGame[], sql: boolean): Promise<OpenFloor[]> {
  const floors: OpenFloor[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, (_, k) => ({ name: floorName(), game: recordings[(i + k) % recordings.length]! }));
    await Promise.all(
      batch.map(async (f) => {
        const r = await fetch(`${base}/parties/floor/${f.name}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ script: f.game.script, sql }) });
        if (r.status !== 204) throw new Error(`floor set-up: ${r.status} ${await r.text()}`);
      }),
    );
    floors.push(...batch);
  }
  return floors;
}

/**
 * One recorded game played back by the floor: each command's seat sends its recorded text once it has all the frames of
 * the command before (and, thinking, after its pause), as the players of playGame act once their view and ack are in.
 * Latency: from sending a command to its last frame reaching each seat.
 */
async function playFloor(base: string, { name, game }: OpenFloor, think = THINK_MS): Promise<GameStats> {
  const stats: GameStats = { latencies: [], lost: 0, duplicated: 0, finished: false, commands: 0, frames: 0 };
  const { script, commands, hellos } = game;
  // Per seat: how many frames it has once the hello and the first i commands are answered (need[seat][i]).
  const need = ([0, 1] as const).map((seat) => {
    const out = [script.hello[seat]!.length];
    for (const step of script.steps) out.push(out.at(-1)! + step.frames[seat]!.length);
    return out;
  });
  const received = [0, 0];
  const sentAt: number[] = [];
  let next = 0;
  let waiting = false;
  await new Promise<void>((resolve, reject) => {
    const sockets = ([0, 1] as const).map((seat) => new WebSocket(`${base.replace(/^http/, "ws")}/parties/floor/${name}?seat=${seat}`, { perMessageDeflate: DEFLATE }));
    let closed = 0;
    const pump = () => {
      if (waiting || next >= commands.length) return;
      const { seat, text } = commands[next]!;
      if (received[seat]! < need[seat]![next]!) return;
      const send = () => {
        waiting = false;
        sentAt[next] = performance.now();
        next++;
        stats.commands++;
        sockets[seat]!.send(text);
      };
      waiting = true;
      if (think > 0) setTimeout(send, Math.random() * 2 * think);
      else send();
    };
    sockets.forEach((ws, seat) => {
      ws.on("open", () => ws.send(hellos[seat]!));
      ws.on("message", () => {
        const now = performance.now();
        stats.frames++;
        const n = ++received[seat]!;
        // The command whose answer this frame completes, if it does.
        const i = need[seat]!.indexOf(n);
        if (i > 0 && sentAt[i - 1] !== undefined) stats.latencies.push(now - sentAt[i - 1]!);
        if (n === need[seat]!.at(-1)) ws.close(1000);
        pump();
      });
      ws.on("close", () => {
        if (++closed === 2) {
          stats.finished = received.every((n, s) => n === need[s]!.at(-1));
          resolve();
        }
      });
      ws.on("error", reject);
    });
  });
  return stats;
}

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;
}

/** The processes of the site by role: the Worker's workerd (the rooms run there), wrangler's proxy workerd, the rest. */
interface Roles {
  room: number | null;
  proxy: number | null;
  /** The ports they listen on, to find them again. */
  roomPort: number;
  proxyPort: number;
  /** Set when a reading found one gone (wrangler restarted it): the figures that span it do not compare. */
  restarted: boolean;
}

function roleOf(p: SiteProcess, roles: Roles): "room" | "proxy" | "wrangler" {
  if (p.pid === roles.room) return "room";
  if (p.pid === roles.proxy) return "proxy";
  return "wrangler";
}

/** CPU seconds and memory by role now. */
function reading(site: Site | null, roles: Roles): { cpu: Record<string, number>; roomWait: number; roomRss: number; proxyRss: number } {
  // roomSystem: the room process's time in the kernel (part of `room`).
  const cpu: Record<string, number> = { room: 0, roomSystem: 0, proxy: 0, wrangler: 0 };
  let roomWait = 0;
  let roomRss = 0;
  let proxyRss = 0;
  const procs = site ? siteProcesses(site.pgid) : [];
  // A workerd that wrangler restarted (or that died) makes a difference across it meaningless: found again and said.
  if (site && [roles.room, roles.proxy].some((pid) => pid !== null && !procs.some((p) => p.pid === pid))) {
    roles.restarted = true;
    roles.room = procs.find((p) => p.ports.includes(roles.roomPort))?.pid ?? null;
    roles.proxy = procs.find((p) => p.ports.includes(roles.proxyPort))?.pid ?? null;
  }
  for (const p of procs) {
    const role = roleOf(p, roles);
    cpu[role]! += p.cpuSeconds;
    if (role === "room") [roomRss, roomWait, cpu.roomSystem] = [p.rssBytes, p.waitSeconds, p.systemSeconds];
    if (role === "proxy") proxyRss = p.rssBytes;
  }
  return { cpu, roomWait, roomRss, proxyRss };
}

const mb = (bytes: number) => +(bytes / 2 ** 20).toFixed(1);
const verdict = (ok: boolean) => (ok ? "met" : "missed");
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

type PhaseKind = "room" | "floor" | "floor+sql";

async function playPhase(site: Site | null, roles: Roles, label: string, base: string, kind: PhaseKind = "room", recordings: FloorGame[] = []) {
  const games = kind === "room" ? await openGames(base, GAMES) : await openFloors(base, GAMES, recordings, kind === "floor+sql");
  roles.restarted = false;
  const start = reading(site, roles);
  const [rssBefore, before] = [start.roomRss, start.cpu];
  const clientCpuBefore = process.cpuUsage();
  const profiler = PROFILE && site && label === "direct" ? await startProfile(site.inspectorPort) : null;
  const t0 = performance.now();
  const results = await Promise.all(games.map((game, g) => ("tokens" in game ? playGame(base, g, game) : playFloor(base, game))));
  const seconds = (performance.now() - t0) / 1000;
  const loadAfter = load();
  if (profiler) {
    const profile = await profiler.stop();
    writeFileSync(PROFILE, JSON.stringify(profile));
    process.stderr.write(summarize(profile) + "\n");
  }
  const after = reading(site, roles);
  const restarted = roles.restarted;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const commands = results.reduce((n, r) => n + r.commands, 0);
  const commandsPerSecond = commands / seconds;
  const lat = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const perCommand = (s: number) => (site ? +((s * 1000) / commands).toFixed(3) : null);
  return {
    via: label,
    kind,
    base,
    games: GAMES,
    sockets: GAMES * 2,
    deflate: DEFLATE,
    thinkMs: THINK_MS,
    finished: results.filter((r) => r.finished).length,
    latencyMs: { p50: +pct(lat, 0.5).toFixed(2), p99: +pct(lat, 0.99).toFixed(2), samples: lat.length },
    lostEvents: results.reduce((n, r) => n + r.lost, 0),
    duplicatedEvents: results.reduce((n, r) => n + r.duplicated, 0),
    gamesPerMinute: +((GAMES / seconds) * 60).toFixed(1),
    commands,
    // Frames the sockets received per command; each command is one more frame, in.
    framesPerCommand: +(results.reduce((n, r) => n + r.frames, 0) / commands).toFixed(2),
    commandsPerSecond: +commandsPerSecond.toFixed(0),
    // Little's law: commands waiting for their broadcast at any moment = throughput × mean latency.
    inFlight: +((commandsPerSecond * lat.reduce((a, b) => a + b, 0)) / Math.max(1, lat.length) / 1000).toFixed(1),
    cpuMsPerCommand: {
      room: perCommand(after.cpu.room! - before.room!),
      roomSystem: perCommand(after.cpu.roomSystem! - before.roomSystem!),
      proxy: perCommand(after.cpu.proxy! - before.proxy!),
      wrangler: perCommand(after.cpu.wrangler! - before.wrangler!),
      // The load generator runs on the same cores: its 400 sockets, JSON and bots.
      generator: +((clientCpu.user + clientCpu.system) / 1000 / commands).toFixed(3),
    },
    // The room process's threads runnable but waiting for a core (other processes on the shared machine), per command.
    roomRunQueueMsPerCommand: perCommand(after.roomWait - start.roomWait),
    roomRssMB: { before: mb(rssBefore), after: mb(after.roomRss) },
    restarted,
    loadAverage: loadAfter,
  };
}

/**
 * N rooms, each with two sockets that said hello, then left idle: the Worker's workerd memory before they open, once
 * they are open and after they had time to hibernate (workerd evicts a Durable Object idle for about 10 s whose sockets
 * are hibernatable), read every 5 s.
 */
async function idlePhase(site: Site, roles: Roles, base: string) {
  const before = reading(site, roles);
  const sockets: WebSocket[] = [];
  const heartbeat = { pings: 0, pongs: 0 };
  const games = await openGames(base, IDLE_ROOMS);
  /** Seat 1's socket of each room, and how many presence messages it got. */
  const watchers: Array<{ presences: number }> = [];
  const seat = (socket: string, token: string, watch?: { presences: number }) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}${socket}`, { perMessageDeflate: DEFLATE });
    sockets.push(ws);
    return new Promise<void>((resolve, reject) => {
      ws.on("open", () => ws.send(JSON.stringify({ type: "hello", seatToken: token, ...(BATCH ? { batch: true } : {}) })));
      ws.on("message", (data) => {
        if (String(data) === HEARTBEAT.pong) return void heartbeat.pongs++;
        if (!framedMessages<Msg>(JSON.parse(String(data))).some((m) => m.type === "presence")) return;
        if (watch) watch.presences++;
        resolve();
      });
      ws.on("error", reject);
    });
  };
  for (let i = 0; i < IDLE_ROOMS; i += 10) {
    await Promise.all(
      games.slice(i, i + 10).map(async ({ socket, tokens }) => {
        const watch = { presences: 0 };
        watchers.push(watch);
        await seat(socket, tokens[0]);
        await seat(socket, tokens[1], watch);
      }),
    );
  }
  const opened = reading(site, roles);
  // Idle as a browser's socket is: a ping every PING_MS (web/src/room/heartbeat.ts), answered by the runtime without
  // waking the room — so the rooms must hibernate all the same, and every ping must be answered.
  const pinger = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) (heartbeat.pings++, ws.send(HEARTBEAT.ping));
  }, PING_MS);
  // The pages' questions (--ask): each socket from ASK_PRESENCE_MS after the rooms opened, spread over the first second.
  const asks = { sent: 0, cpuBefore: 0, cpuAfter: 0 };
  const askers: Array<ReturnType<typeof setTimeout>> = [];
  if (ASK) {
    asks.cpuBefore = reading(site, roles).cpu.room!;
    for (const ws of sockets) {
      const ask = () => {
        if (ws.readyState !== WebSocket.OPEN) return;
        asks.sent++;
        ws.send(JSON.stringify({ type: "presence" }));
      };
      const start = setTimeout(() => {
        ask();
        askers.push(setInterval(ask, ASK_PRESENCE_MS));
      }, ASK_PRESENCE_MS + Math.random() * 1000);
      askers.push(start);
    }
  }
  const stopAsking = () => askers.forEach((t) => (clearTimeout(t), clearInterval(t)));
  const samples: Array<{ s: number; roomMB: number; proxyMB: number }> = [];
  for (let s = 5; s <= IDLE_WAIT_S; s += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    if (ASK && s >= IDLE_WAIT_S - 15 && askers.length > 0) {
      stopAsking();
      askers.length = 0;
      // The questions' own CPU, read before the rooms' eviction adds to it.
      await new Promise((r) => setTimeout(r, 1000));
      asks.cpuAfter = reading(site, roles).cpu.room!;
    }
    const r = reading(site, roles);
    samples.push({ s, roomMB: mb(r.roomRss), proxyMB: mb(r.proxyRss) });
  }
  const idle = reading(site, roles);
  clearInterval(pinger);
  stopAsking();
  // Did the rooms hibernate? A second socket of seat 0 says hello: the presence is unchanged, so a room that kept its
  // instance (and its memory of what it last told) sends it only to the newcomer; one that hibernated has forgotten
  // and tells everyone again — seat 1's socket gets one more presence.
  const probed = games.slice(0, Math.min(20, games.length));
  const seen = probed.map((_, i) => watchers[i]!.presences);
  await Promise.all(probed.map(({ socket, tokens }) => seat(socket, tokens[0])));
  await new Promise((r) => setTimeout(r, 500));
  const hibernated = probed.filter((_, i) => watchers[i]!.presences > seen[i]!).length;
  for (const ws of sockets) ws.close(1000);
  const perRoom = (bytes: number) => +(bytes / IDLE_ROOMS / 2 ** 20).toFixed(2);
  return {
    rooms: IDLE_ROOMS,
    sockets: sockets.length,
    via: base === site.wranglerUrl ? "proxy" : "direct",
    roomMB: { before: mb(before.roomRss), opened: mb(opened.roomRss), idle: mb(idle.roomRss) },
    proxyMB: { before: mb(before.proxyRss), opened: mb(opened.proxyRss), idle: mb(idle.proxyRss) },
    perOpenRoomMB: perRoom(opened.roomRss - before.roomRss),
    perIdleRoomMB: perRoom(idle.roomRss - before.roomRss),
    samples,
    idleCpuSeconds: +(idle.cpu.room! - opened.cpu.room!).toFixed(2),
    hibernated: `${hibernated}/${probed.length}`,
    heartbeat,
    asks: ASK ? { sent: asks.sent, roomCpuMsPerAsk: asks.sent > 0 ? +(((asks.cpuAfter - asks.cpuBefore) * 1000) / asks.sent).toFixed(3) : null } : null,
    loadAverage: load(),
  };
}

async function main(): Promise<void> {
  const site = externalUrl ? null : await startSite({ frozen: true, port: PORT, floor: FLOOR, noAssets: NO_ASSETS, ...(STORAGE === "tmpfs" ? { stateParent: SHM } : {}) });
  try {
    const direct = site ? site.direct : null;
    const procs = site ? siteProcesses(site.pgid) : [];
    const portOf = (u: string | null) => (u ? Number(new URL(u).port) : -1);
    const roles: Roles = {
      room: procs.find((p) => p.ports.includes(portOf(direct)))?.pid ?? null,
      proxy: procs.find((p) => p.ports.includes(portOf(site?.wranglerUrl ?? null)))?.pid ?? null,
      roomPort: portOf(direct),
      proxyPort: portOf(site?.wranglerUrl ?? null),
      restarted: false,
    };
    const targets: Array<{ label: string; base: string }> = [];
    if (!site) targets.push({ label: "url", base: externalUrl });
    else {
      if (VIA !== "proxy" && direct) targets.push({ label: "direct", base: direct });
      if (VIA !== "direct" || !direct) targets.push({ label: "proxy", base: site.wranglerUrl });
    }
    // A few games first: the isolate compiles and warms up, and the first rooms' storage is created (not measured).
    const warm = await openGames(targets[0]!.base, 4);
    await Promise.all(warm.map((game, g) => playGame(targets[0]!.base, g, game, 0)));
    const phases: Array<Awaited<ReturnType<typeof playPhase>>> = [];
    // --games 0: only the idle rooms, in a process that played nothing but the warm-up (its heap not grown by games).
    for (const t of GAMES > 0 && !FLOOR_ONLY ? targets : []) {
      process.stderr.write(`playing ${GAMES} games ${t.label} (${t.base}) …\n`);
      phases.push(await playPhase(site, roles, t.label, t.base, "room"));
    }
    if (FLOOR && site && GAMES > 0) {
      const recordings = Array.from({ length: FLOOR_RECORDINGS }, (_, i) => recordFloorGame(`floor-${i}`, BATCH));
      const base = targets[0]!.base;
      for (const kind of ["floor", "floor+sql"] as const) {
        // Warmed up as the rooms are (the floor's code compiled, its first objects created), not measured.
        const warmFloors = await openFloors(base, 4, recordings, kind === "floor+sql");
        await Promise.all(warmFloors.map((f) => playFloor(base, f, 0)));
        process.stderr.write(`playing back ${GAMES} recorded games on the floor (${kind}) …\n`);
        phases.push(await playPhase(site, roles, targets[0]!.label, base, kind, recordings));
      }
    }
    if (site && IDLE_ROOMS > 0) process.stderr.write(`opening ${IDLE_ROOMS} rooms to leave idle …\n`);
    const idle = site && IDLE_ROOMS > 0 ? await idlePhase(site, roles, targets[0]!.base) : null;
    const out = { roles, cores: cpus().length, storage: externalUrl ? null : STORAGE, phases, idle, targets: TARGET };
    if (json) {
      process.stdout.write(JSON.stringify(out) + "\n");
      return;
    }
    const lines: string[] = [];
    if (site) lines.push(STORAGE === "tmpfs" ? `storage: tmpfs (${SHM}): SQLite commits without a disk flush, as on Cloudflare, where the storage layer's replication makes a commit durable (ADR 037); --storage disk adds the local fsync per commit` : "storage: disk (the OS's temp folder): every commit is an fsync on the room's own thread, which only local development storage does (ADR 037)");
    for (const p of phases) {
      const where = p.via === "direct" ? `at the Worker's own address (${p.base})` : p.via === "proxy" ? `through wrangler dev's printed URL (${p.base})` : p.base;
      const c = p.cpuMsPerCommand;
      const what = p.kind === "room" ? `${p.games} games` : `the floor${p.kind === "floor+sql" ? " with the room's SQLite write" : ""}: ${p.games} recorded games played back (no game)`;
      lines.push(`== ${what} (${p.sockets} sockets, permessage-deflate ${p.deflate ? "offered" : "off"}, ${BATCH ? "batched frames" : "one message per frame"}${NO_ASSETS ? ", no [assets]: no assets proxy and router in front" : ""}, players think ${p.thinkMs} ms on average) ${where}`);
      lines.push(`${p.finished}/${p.games} games finished; lost events ${p.lostEvents}, duplicated ${p.duplicatedEvents}`);
      if (p.restarted) lines.push("!! a workerd of the site was restarted during this phase: its CPU and memory figures do not compare");
      lines.push(`command -> last broadcast: p50 ${p.latencyMs.p50} ms, p99 ${p.latencyMs.p99} ms (${p.latencyMs.samples} samples)`);
      lines.push(`${p.gamesPerMinute} games/min; ${p.commands} commands, ${p.commandsPerSecond}/s, ${p.inFlight} in flight on average; frames per command: 1 in, ${p.framesPerCommand} out`);
      if (c.room !== null) lines.push(`CPU per command: room process (the Worker's workerd) ${c.room} ms (${c.roomSystem} ms of it in the kernel), wrangler's proxy workerd ${c.proxy} ms, wrangler (node) ${c.wrangler} ms, load generator ${c.generator} ms`);
      else lines.push(`CPU per command: load generator ${c.generator} ms (the server's processes are not ours to read)`);
      lines.push(`room process memory: ${p.roomRssMB.before} MB -> ${p.roomRssMB.after} MB; load average ${p.loadAverage} on ${out.cores} cores`);
      if (p.roomRunQueueMsPerCommand !== null) lines.push(`room process waited for a core (runnable, other processes running): ${p.roomRunQueueMsPerCommand} ms per command`);
      if (p.kind !== "room") continue;
      if (c.room !== null) lines.push(`  target: room process ≤ ${TARGET.roomCpuMs} ms CPU per command${p.games === 200 ? "" : " (set for 200 games)"}${site ? ` (storage: ${STORAGE})` : ""}: ${verdict(c.room <= TARGET.roomCpuMs)}`);
      const thinkNote = p.thinkMs === 1000 && p.games === 200 && p.deflate ? "" : " (set for 200 games thinking 1 s, deflate on)";
      lines.push(`  target: p50 ≤ ${TARGET.p50Ms} ms and p99 ≤ ${TARGET.p99Ms} ms${thinkNote}: ${verdict(p.latencyMs.p50 <= TARGET.p50Ms && p.latencyMs.p99 <= TARGET.p99Ms)}`);
    }
    const cpuOf = (kind: PhaseKind) => phases.find((p) => p.kind === kind && p.via === "direct")?.cpuMsPerCommand.room ?? null;
    const [room, floor, floorSql] = [cpuOf("room"), cpuOf("floor"), cpuOf("floor+sql")];
    if (floor !== null && floorSql !== null) {
      lines.push(`== room process CPU per command at the Worker's own address: the floor ${floor} ms (the same frames, no game), with the room's SQLite write ${floorSql} ms${room !== null ? `; the real room ${room} ms, of which above the floor (the Worker's and the room's own code, partyserver) ${+(room - floorSql).toFixed(3)} ms` : ""}`);
      if (floorSql > TARGET.roomCpuMs) lines.push(`  the floor with the write alone is above the target of ${TARGET.roomCpuMs} ms: no room that stores each command reaches it on this workerd`);
    }
    if (idle) {
      lines.push(`== ${idle.rooms} idle rooms (${idle.sockets} sockets that said hello, ${idle.via}), then ${IDLE_WAIT_S} s without a message`);
      lines.push(`room process memory: ${idle.roomMB.before} MB before, ${idle.roomMB.opened} MB open, ${idle.roomMB.idle} MB idle (${idle.samples.map((s) => `${s.s} s: ${s.roomMB}`).join(", ")})`);
      lines.push(`proxy workerd memory: ${idle.proxyMB.before} MB before, ${idle.proxyMB.opened} MB open, ${idle.proxyMB.idle} MB idle`);
      lines.push(`per room: ${idle.perOpenRoomMB} MB open, ${idle.perIdleRoomMB} MB idle; room process CPU while idle ${idle.idleCpuSeconds} s; load average ${idle.loadAverage}`);
      lines.push(`rooms that had hibernated (told a repeated presence to everyone again, having forgotten what they told): ${idle.hibernated}`);
      lines.push(`heartbeat while idle (every socket pinged every ${PING_MS / 1000} s, as a browser does): ${idle.heartbeat.pings} pings, ${idle.heartbeat.pongs} pongs`);
      if (idle.asks) lines.push(`"who is here?" while idle (every socket every ${ASK_PRESENCE_MS / 1000} s, as a page at a quiet table, ADR 045; stopped 15 s before the probe): ${idle.asks.sent} questions, room process CPU ${idle.asks.roomCpuMsPerAsk} ms per question (pings and the rooms' wake-ups included)`);
      lines.push(`  target: ≤ ${TARGET.idleRoomMB} MB of workerd memory per idle room: ${verdict(idle.perIdleRoomMB <= TARGET.idleRoomMB)}`);
    }
    process.stdout.write(lines.join("\n") + "\n");
  } finally {
    await site?.stop();
  }
}

await main();
