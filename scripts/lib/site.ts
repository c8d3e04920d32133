// Starts the real site (wrangler dev, workerd) on a free port with its own throw-away storage, for end-to-end tests.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocalD1 } from "../migrate-d1.mjs";
import { listeningSockets, startFront, workerAddress } from "./front.mjs";

const root = join(import.meta.dirname, "..", "..");

/** A port nothing listens on right now, below the ephemeral range (scripts/lib/ports.mjs says why). */
export { freePort } from "./ports.mjs";
import { freePort } from "./ports.mjs";

export interface Site {
  /** The site's address: the front (scripts/lib/front.mjs) on `port`, a pipe to the Worker's own workerd. */
  url: string;
  /** wrangler dev's own public address (through its dev proxy; ADR 021 says why tests do not use it). */
  readonly wranglerUrl: string;
  /** The Worker's own address inside wrangler dev (changes with a restart). */
  readonly direct: string;
  /** wrangler dev's process group (wrangler, its proxy's workerd and the Worker's workerd); a new one after restart(). */
  readonly pgid: number;
  /** The public port and the --persist-to directory: a restart keeps both, so rooms, alarms and D1 survive it. */
  readonly port: number;
  readonly state: string;
  /** The Worker's V8 inspector (wrangler dev's --inspector-port). */
  readonly inspectorPort: number;
  stop(): Promise<void>;
  /**
   * Kills the whole process group hard (SIGKILL: no shutdown handlers, like a crash or a lost machine) and starts
   * wrangler dev again on the same port with the same state; resolves once /api/health answers again.
   */
  restart(): Promise<void>;
}

export interface SiteOptions {
  /** A --persist-to directory to reuse (already migrated); default: a fresh temporary one. */
  state?: string;
  /** Where the fresh temporary --persist-to directory goes (default: the OS's temp folder); bench:rooms --storage. */
  stateParent?: string;
  /** The public port; default: a free one. */
  port?: number;
  /**
   * Serve a copy of the Worker bundled once at start (wrangler deploy --dry-run, then wrangler dev --no-bundle from its
   * own folder): wrangler dev restarts the Worker whenever a source file or web/dist changes ("Your worker restarted
   * mid-request"), which a bench running while the checkout is edited must not see.
   */
  frozen?: boolean;
  /**
   * The per-address limits as under `npm start` and in production (without RATE_LIMIT_LOOPBACK=off): every page of the
   * test's browser is one address, as a player's tabs are. For tests of those limits; others create too many accounts.
   */
  strict?: boolean;
  /** More environment variables for the Worker (wrangler dev --var), e.g. the Wartesaal's shorter silence limit for a test. */
  vars?: Record<string, string>;
  /** wrangler dev's --inspector-port (the Worker's V8 inspector, for profiles); default: a free one. */
  inspectorPort?: number;
  /**
   * With `frozen`: bind bench:rooms' floor (party/floor-room.ts, FloorRoom) in the frozen config, never in wrangler.toml.
   */
  floor?: boolean;
  /**
   * With `frozen`: leave out [assets], so a request goes from Miniflare's entry straight to the Worker, without the assets
   * RPC proxy and router in between (bench:rooms --no-assets measures those two hops; the site's pages are not served).
   */
  noAssets?: boolean;
}

const wrangler = join(root, "node_modules", ".bin", "wrangler");

/** The environment wrangler runs in: offline, quiet, its config and logs under `state`. */
function wranglerEnv(state: string): NodeJS.ProcessEnv {
  return { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", XDG_CONFIG_HOME: join(state, "config"), WRANGLER_LOG_PATH: join(state, "logs") };
}

/** Bundles the Worker once into `state`/frozen with a wrangler.toml that serves it unbundled; returns that folder. */
function freeze(state: string, floor = false, noAssets = false): string {
  const dir = join(state, "frozen");
  fs.mkdirSync(join(dir, "assets"), { recursive: true });
  // The checkout's wrangler.toml names web/dist, which must exist for the bundling too.
  fs.mkdirSync(join(root, "web", "dist"), { recursive: true });
  execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", join(dir, "dist")], { cwd: root, env: wranglerEnv(state), stdio: "pipe" });
  const config = fs
    .readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^main = .*$/m, `main = "dist/index.js"\nno_bundle = true`)
    // An empty assets folder of its own: wrangler dev also reloads when web/dist changes (a build elsewhere).
    .replace(/^directory = "web\/dist"$/m, `directory = "assets"`)
    .replace(/^migrations_dir = .*$/m, `migrations_dir = ${JSON.stringify(join(root, "worker", "migrations"))}`);
  const floorConfig = '\n[[durable_objects.bindings]]\nname = "FloorRoom"\nclass_name = "FloorRoom"\n\n[[migrations]]\ntag = "bench-floor"\nnew_sqlite_classes = ["FloorRoom"]\n';
  const served = noAssets ? config.replace(/^\[assets\]\n[\s\S]*?^run_worker_first = .*\n/m, "") : config;
  if (noAssets && served.includes("[assets]")) throw new Error("freeze: wrangler.toml's [assets] block was not found to leave out");
  fs.writeFileSync(join(dir, "wrangler.toml"), floor ? served + floorConfig : served);
  fs.copyFileSync(join(root, ".dev.vars"), join(dir, ".dev.vars"));
  return dir;
}

/** Spawns wrangler dev in a process group of its own and waits for /api/health; null when it did not come up in time. */
/** wrangler dev answering on `port`, or null with `exit` (its exit code or signal) when it ended before, or null on time. */
async function launch(port: number, state: string, cwd: string, inspectorPort: number, strict = false, vars: Record<string, string> = {}): Promise<{ child: ChildProcess | null; exit: string | null }> {
  // wrangler.toml's [assets] directory must exist (an unbuilt checkout has none; the API needs no built site).
  fs.mkdirSync(join(root, "web", "dist"), { recursive: true });
  // Its own inspector port too: two sites at once would both want 9229, and the second would not start.
  // RATE_LIMIT_LOOPBACK=off: the e2e tests create many accounts from this machine (npm start stays strict).
  // Its output goes to a file beside the state, so a start that fails can say why (a fresh CI run failed with "did not
  // come up" and wrangler's output was not kept).
  const out = fs.openSync(wranglerLog(state), "a");
  const child: ChildProcess = spawn(wrangler, ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--show-interactive-dev-session=false", "--inspector-port", String(inspectorPort), "--log-level", "warn", ...(strict ? [] : ["--var", "RATE_LIMIT_LOOPBACK:off"]), ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])], {
    cwd,
    detached: true,
    stdio: ["ignore", out, out],
    env: wranglerEnv(state),
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null || child.signalCode !== null) return { child: null, exit: String(child.exitCode ?? child.signalCode) };
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return { child, exit: null };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  signalGroup(child, "SIGTERM");
  return { child: null, exit: null };
}

/** Where a site's wrangler writes its output (appended to by each start). */
const wranglerLog = (state: string) => join(state, "wrangler.log");

/** The last lines wrangler wrote, for an error message. */
function wranglerTail(state: string, lines = 15): string {
  try {
    const text = fs.readFileSync(wranglerLog(state), "utf8").replace(/\x1b\[[0-9;]*m/g, "").trimEnd();
    return text ? `; wrangler's last output:\n${text.split("\n").slice(-lines).join("\n")}` : "; wrangler wrote nothing";
  } catch {
    return "";
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** True while something still accepts connections on the port (a killed workerd may take a moment to let go of it). */
async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: "127.0.0.1", port });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  // wrangler listens on a port of its own; the public port is the front's, which outlives a restart.
  let inner = await freePort();
  const state = options.state ?? fs.mkdtempSync(join(options.stateParent ?? tmpdir(), "spielcenter-e2e-"));
  // The rooms report finished games into D1: its tables must exist, as `npm start` makes sure too.
  if (!options.state) migrateLocalD1(state, { quiet: true });
  const cwd = options.frozen ? freeze(state, options.floor, options.noAssets) : root;
  let inspectorPort = options.inspectorPort ?? (await freePort());
  let wranglerUrl = `http://127.0.0.1:${inner}`;
  let direct: string | null = null;
  const up = async (): Promise<ChildProcess> => {
    let c: ChildProcess | null = null;
    for (let attempt = 1; !c; attempt++) {
      const l = await launch(inner, state, cwd, inspectorPort, options.strict, options.vars);
      c = l.child;
      if (c) break;
      // Ended at once (a fresh CI run: "did not come up" at once, wrangler's output unseen): most likely a port picked
      // free and taken before wrangler bound it. Tried again on new ports, at most three times.
      if (l.exit === null || attempt >= 3) throw new Error((l.exit === null ? `wrangler dev did not come up on port ${inner} in 90 s` : `wrangler dev ended (${l.exit}) before it came up on port ${inner}, ${attempt} times`) + wranglerTail(state));
      inner = await freePort();
      wranglerUrl = `http://127.0.0.1:${inner}`;
      if (options.inspectorPort === undefined) inspectorPort = await freePort();
    }
    // Its ports are read from /proc and each asked for /api/health: on a loaded machine an answer can be late, so a
    // few looks before giving up (the Worker has answered through wrangler's port already).
    for (let i = 0; i < 10 && !direct; i++) {
      direct = await workerAddress(c.pid!, wranglerUrl, join(state, "config"));
      if (!direct) await new Promise((r) => setTimeout(r, 500));
    }
    if (!direct) {
      signalGroup(c, "SIGTERM");
      throw new Error(`the Worker's own address inside wrangler dev (process group ${c.pid}, wrangler on ${wranglerUrl}) was not found`);
    }
    return c;
  };
  let child: ChildProcess | null = null;
  // A source edited while a test site runs makes wrangler reload the Worker, often onto another port: found again
  // (the front holds the refused connection meanwhile), as `npm start` does. Left pointing at the old port, every test
  // after such an edit failed with empty answers.
  const refind = async () => {
    if (!child) return;
    const found = await workerAddress(child.pid!, wranglerUrl, join(state, "config"));
    if (found) direct = found;
  };
  // The public port is taken before wrangler starts (it refuses connections until the Worker is found): taken after
  // wrangler's start, seconds after it was picked, another process had it once (a fresh CI run: EADDRINUSE). A port
  // picked here that is taken in between is picked again.
  let port = options.port ?? (await freePort());
  let front: Awaited<ReturnType<typeof startFront>>;
  for (let attempt = 1; ; attempt++) {
    try {
      front = await startFront({ host: "127.0.0.1", port, target: () => direct, refused: refind });
      break;
    } catch (e) {
      if (options.port !== undefined || attempt >= 5 || (e as NodeJS.ErrnoException).code !== "EADDRINUSE") throw e;
      port = await freePort();
    }
  }
  try {
    child = await up();
  } catch (e) {
    await front.close();
    throw e;
  }
  const stop = async () => {
    await front.close();
    const last = child!;
    const exited = new Promise<void>((r) => (last.exitCode !== null || last.signalCode !== null ? r() : last.once("exit", () => r())));
    signalGroup(last, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    await new Promise((r) => setTimeout(r, 300)); // its workerd children end with it
    // A throw-away state goes with the site (before, every test run left its storage in the temp folder); wrangler's
    // logs are kept, the newest few, for a failure to be read afterwards.
    if (!options.state) keepLogsAndRemove(state);
  };
  const restart = async () => {
    const old = child!;
    direct = null; // the front refuses connections until the new Worker is found, as a closed port would
    const exited = new Promise<void>((r) => (old.exitCode !== null || old.signalCode !== null ? r() : old.once("exit", () => r())));
    signalGroup(old, "SIGKILL");
    await exited;
    // The group's workerd processes die with it, but the kernel may still show their listening socket for a moment.
    for (let i = 0; i < 100 && (await portInUse(inner)); i++) await new Promise((r) => setTimeout(r, 100));
    child = await up();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    wranglerUrl,
    get direct() {
      return direct!;
    },
    get pgid() {
      return child!.pid!;
    },
    port,
    state,
    inspectorPort,
    stop,
    restart,
  };
}

const KEPT_LOGS = 40;

/** Moves wrangler's logs of a finished site into .tmp/wrangler-logs (the newest KEPT_LOGS stay) and removes its state. */
function keepLogsAndRemove(state: string): void {
  const kept = join(root, ".tmp", "wrangler-logs");
  try {
    fs.mkdirSync(kept, { recursive: true });
    for (const f of fs.readdirSync(join(state, "logs"))) fs.copyFileSync(join(state, "logs", f), join(kept, `${f.replace(/\.log$/, "")}-${state.split("-").pop()}.log`));
    const all = fs.readdirSync(kept).map((f) => ({ f, t: fs.statSync(join(kept, f)).mtimeMs })).sort((a, b) => b.t - a.t);
    for (const { f } of all.slice(KEPT_LOGS)) fs.rmSync(join(kept, f), { force: true });
  } catch {
    // no logs written: nothing to keep
  }
  fs.rmSync(state, { recursive: true, force: true });
}

// The Worker's own address inside wrangler dev: shared with scripts/dev.mjs (plain JS), so it lives in front.mjs.
export { workerAddress };

/** One process of a wrangler dev process group, as Linux's /proc shows it now. */
export interface SiteProcess {
  pid: number;
  /** The executable's name (`workerd`, `node`, `esbuild`). */
  name: string;
  /** CPU seconds (user + system) used so far. */
  cpuSeconds: number;
  /** Of them, in the kernel (system time: sockets, file writes and syncs, scheduling). */
  systemSeconds: number;
  rssBytes: number;
  /**
   * Seconds its threads spent runnable but waiting for a core so far (/proc/<pid>/task/<tid>/schedstat): on a shared
   * machine, how long the work waited behind other processes rather than ran.
   */
  waitSeconds: number;
  /** The 127.0.0.1 ports it listens on (the Worker's workerd: its own address; the proxy's: the public port). */
  ports: number[];
}

/** Every process of process group `pgid` with its CPU, memory and listening ports (empty where /proc is not Linux's). */
export function siteProcesses(pgid: number): SiteProcess[] {
  const { readFileSync, readdirSync, readlinkSync } = fs;
  let listening: Map<string, number>;
  try {
    listening = listeningSockets();
  } catch {
    return [];
  }
  const out: SiteProcess[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) !== pgid) continue;
      // A socket closed or a thread ended between listing and reading is skipped, not the whole process: hundreds of
      // sockets close at the end of a bench phase.
      const each = <T>(dir: string, read: (name: string) => T): T[] =>
        readdirSync(dir).flatMap((name) => {
          try {
            return [read(name)];
          } catch {
            return [];
          }
        });
      const ports = each(`/proc/${pid}/fd`, (fd) => {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return (m && listening.get(m[1]!)) || 0;
      }).filter((port) => port > 0);
      const waitNs = each(`/proc/${pid}/task`, (tid) => Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[1] ?? 0)).reduce((a, b) => a + b, 0);
      // Field 24 (rss) counts pages; 4 KiB on this machine's kernels.
      out.push({ pid: Number(pid), name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), cpuSeconds: (Number(f[11]) + Number(f[12])) / 100, systemSeconds: Number(f[12]) / 100, rssBytes: Number(f[21]) * 4096, waitSeconds: waitNs / 1e9, ports });
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
