// npm run -s client -- play --url URL --vs computer --level leicht --role conte --bot greedy [--json] [--drop-every N] [--record FILE]
// npm run -s client -- play --url URL --spectate ROOM [--record FILE]
// A headless client: plays (or watches) a whole game through the real server, a bot deciding for its seat from its view alone.
import { appendFileSync, writeFileSync } from "node:fs";
import { PartySocket } from "partysocket";
import WebSocket from "ws";
import { stateFromView, type Seat } from "../shared/battlemaske/index.js";
import { botCommand, isBotName, mustAct, type BotName } from "../shared/battlemaske/bots/index.js";

interface Flags {
  url: string;
  vs: "computer";
  level: string;
  role: "conte" | "maske";
  bot: BotName;
  ruleset: string;
  variant: string;
  json: boolean;
  dropEvery: number;
  record: string | null;
  spectate: string | null;
}

function parseFlags(args: string[]): Flags | string {
  if (args[0] !== "play") return "the first argument must be `play`";
  const f: Flags = { url: "http://127.0.0.1:8787", vs: "computer", level: "leicht", role: "conte", bot: "greedy", ruleset: "battlemaske", variant: "single", json: false, dropEvery: 0, record: null, spectate: null };
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    switch (a) {
      case "--url": f.url = value().replace(/\/$/, ""); break;
      case "--vs": if (value() !== "computer") return "--vs: only `computer` is supported"; break;
      case "--level": f.level = value(); break;
      case "--role": { const r = value(); if (r !== "conte" && r !== "maske") return "--role: conte or maske"; f.role = r; break; }
      case "--bot": { const b = value(); if (!isBotName(b)) return `--bot: one of random, greedy, pimc16, leicht, mittel, stark`; f.bot = b; break; }
      case "--ruleset": f.ruleset = value(); break;
      case "--variant": f.variant = value(); break;
      case "--json": f.json = true; break;
      case "--drop-every": { const n = Number(value()); if (!Number.isInteger(n) || n < 1) return "--drop-every: a positive integer"; f.dropEvery = n; break; }
      case "--record": f.record = value(); break;
      case "--spectate": f.spectate = value(); break;
      default: return `unknown flag ${a}`;
    }
  }
  return f;
}

type Msg = { type: string; [k: string]: any };

/** Plays or watches one game; resolves with the summary. Reconnects with lastVersion whenever the socket drops. */
async function run(f: Flags): Promise<Record<string, unknown>> {
  let room: string;
  let seatToken: string | undefined;
  if (f.spectate) {
    room = f.spectate;
  } else {
    const res = await fetch(`${f.url}/api/battlemaske/computer`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ role: f.role, level: f.level, ruleset: f.ruleset, variant: f.variant }) });
    if (res.status !== 201) throw new Error(`creating the game failed: ${res.status} ${await res.text()}`);
    ({ room, seatToken } = (await res.json()) as { room: string; seatToken: string });
  }
  if (f.record) writeFileSync(f.record, "");
  const wsUrl = `${f.url.replace(/^http/, "ws")}/parties/battlemaske-room/${room}`;
  const versions = new Set<number>();
  let version: number | undefined;
  let view: any = null;
  let seat: Seat | null = null;
  let clientSeq = 0;
  let pending: { clientSeq: number; baseVersion: number; command: unknown } | null = null;
  let reconnects = -1; // the first open is a connect, not a reconnect
  let received = 0;
  let firstVersion: number | undefined;
  let duplicates = 0;

  return new Promise((resolve, reject) => {
    const u = new URL(f.url);
    // partysocket reconnects by itself; its queue is off so a command is never replayed blindly — we resend it ourselves
    // after the welcome, with the same clientSeq, and the room answers a duplicate with the same outcome.
    const ws = new PartySocket({
      host: u.host,
      protocol: u.protocol === "https:" ? "wss" : "ws",
      party: "battlemaske-room",
      room,
      WebSocket,
      maxEnqueuedMessages: 0,
      minReconnectionDelay: 10,
      maxReconnectionDelay: 500,
    });
    let sinceOpen = 0;
    const send = (m: unknown) => ws.send(JSON.stringify(m));
    const act = () => {
      if (!view || view.over || seat === null || pending) return;
      const state = stateFromView(view.game);
      if (!mustAct(state, seat)) return;
      pending = { clientSeq: ++clientSeq, baseVersion: version!, command: botCommand(f.bot, state, seat, `client/${room}/${version}`) };
      send({ type: "command", ...pending });
    };
    // Resume from the last event actually received (a batch may have been cut mid-way).
    const lastSeen = () => Math.max(version ?? 0, ...versions);
    ws.addEventListener("open", () => {
      reconnects++;
      sinceOpen = 0;
      send({ type: "hello", ...(seatToken ? { seatToken } : {}), ...(version !== undefined ? { lastVersion: lastSeen() } : {}) });
    });
    ws.addEventListener("message", (event) => {
      const m = JSON.parse(String(event.data)) as Msg;
      received++;
      sinceOpen++;
      if (f.record) appendFileSync(f.record, JSON.stringify(m) + "\n");
      switch (m.type) {
        case "welcome":
          seat = m.seat;
          if (m.view) ({ view, version } = { view: m.view, version: m.version });
          firstVersion ??= m.version;
          if (pending) send({ type: "command", ...pending });
          break;
        case "event":
          if (versions.has(m.version)) duplicates++;
          versions.add(m.version);
          break;
        case "state":
        case "resync":
          view = m.view;
          version = m.version;
          if (m.type === "resync") pending = null;
          break;
        case "ack":
          if (pending?.clientSeq === m.clientSeq) pending = null;
          break;
        case "error":
          ws.close();
          return reject(new Error(`the room refused: ${m.code} ${m.message}`));
      }
      if (view?.over) {
        ws.close(1000);
        const g = view.game;
        const result = view.result;
        const mine = seat === null ? null : result.draw ? "draw" : result.reason === "aborted" ? "aborted" : result.winner === seat ? "won" : "lost";
        // Every version after the one the welcome showed must have arrived exactly once.
        const missing = version! - firstVersion! - versions.size;
        return resolve({ result: mine ?? result.reason, winner: g.variant === "profi" ? result.winner : g.winner, mirror: g.mirror, events: versions.size, reconnects, version, missing, duplicates, room, seat });
      }
      if (f.dropEvery > 0 && sinceOpen >= f.dropEvery) return ws.reconnect();
      act();
    });
    ws.addEventListener("error", () => {
      // partysocket retries by itself; a room that keeps refusing shows up as no progress, not as a crash here.
    });
  });
}

export async function main(args: string[]): Promise<number> {
  const f = parseFlags(args);
  if (typeof f === "string") {
    process.stderr.write(`client: ${f}\nusage: npm run -s client -- play --url URL --vs computer --level leicht --role conte --bot greedy [--json] [--drop-every N] [--record FILE] [--spectate ROOM]\n`);
    return 2;
  }
  try {
    const summary = await run(f);
    process.stdout.write(f.json ? JSON.stringify(summary) + "\n" : `${summary.result}: winner ${summary.winner}, mirror ${summary.mirror}, ${summary.events} events, ${summary.reconnects} reconnects (room ${summary.room})\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`client: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2).filter((a) => a !== "--"));
