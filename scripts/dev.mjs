#!/usr/bin/env node
// Starts the whole site locally in workerd: `wrangler dev --local`, offline and quiet,
// state kept in .wrangler/state. See docs/decisions/002-local-dev.md.
// Usage: node scripts/dev.mjs  (npm start builds web/ first).  PORT=9000 to change the port.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startFront, workerAddress } from "./lib/front.mjs";
import { freePort as freePortAt } from "./lib/ports.mjs";
import { migrateLocalD1 } from "./migrate-d1.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const host = "127.0.0.1";
const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(2);
}
const url = `http://${host}:${port}`;

if (!existsSync(join(root, "web", "dist", "index.html"))) {
  console.error("web/dist fehlt / is missing: run `npm run build` first (npm start does both).");
  process.exit(1);
}

const wranglerDir = join(root, ".wrangler");
// The local storage (D1, the rooms' SQLite); STATE_DIR gives a second site of the same checkout its own.
const stateDir = process.env.STATE_DIR ? resolve(process.env.STATE_DIR) : join(wranglerDir, "state");
// wrangler's config folder holds its dev registry, which tells this start's ports apart (workerAddress): a second site
// (STATE_DIR) has its own.
const configDir = process.env.STATE_DIR ? join(stateDir, "config") : join(wranglerDir, "config");
for (const dir of [configDir, join(wranglerDir, "logs")]) mkdirSync(dir, { recursive: true });
mkdirSync(stateDir, { recursive: true });

// The local D1 (accounts, ratings, daily boards, archive) gets worker/migrations before the Worker starts.
try {
  migrateLocalD1(stateDir, { quiet: true });
} catch (error) {
  console.error(String(error));
  process.exit(1);
}

const wrangler = join(root, "node_modules", ".bin", process.platform === "win32" ? "wrangler.cmd" : "wrangler");
// wrangler's inspector would take 9229 every time: a second `npm start` (another checkout, another PORT) died on it.
const freePort = () => freePortAt(host);
const inspectorPort = process.env.INSPECTOR_PORT ? Number(process.env.INSPECTOR_PORT) : await freePort();
// wrangler listens on a port of its own; the public port is the front's (scripts/lib/front.mjs, ADR 021): a plain pipe
// to the Worker's own workerd, around wrangler's dev proxy, whose pooled connections can hang a request for good.
const innerPort = await freePort();
const innerUrl = `http://${host}:${innerPort}`;
const args = [
  "dev",
  "--local",
  "--ip", host,
  "--port", String(innerPort),
  "--persist-to", stateDir,
  "--show-interactive-dev-session=false",
  "--inspector-port", String(inspectorPort),
];

const child = spawn(wrangler, args, {
  cwd: root,
  stdio: "inherit",
  // A process group of its own: the Worker's workerd is found among the group's processes (workerAddress).
  detached: true,
  env: {
    ...process.env,
    // No telemetry, no login, no network: miniflare would otherwise fetch Request.cf data.
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    // Keep wrangler's config and logs inside the project instead of the user's home.
    XDG_CONFIG_HOME: configDir,
    WRANGLER_LOG_PATH: join(wranglerDir, "logs"),
  },
});

// Wrangler's own "Ready" line comes before the first request is served; asking the
// health endpoint tells us the Worker really answers.
let ready = false;
/** The Worker's own address; wrangler's proxy until it is found (then also where it is not found: not Linux). */
let direct = innerUrl;
const findWorker = async () => {
  direct = (await workerAddress(child.pid, innerUrl, configDir)) ?? innerUrl;
};
const poll = setInterval(async () => {
  try {
    const response = await fetch(`${innerUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
    if (!response.ok || ready) return;
    ready = true;
    clearInterval(poll);
    await findWorker();
    await startFront({
      host,
      port,
      target: () => direct,
      // After a source change wrangler may start the Worker on another port: look for it again, once at a time.
      refused: findWorker,
    });
    console.log(`\n  Spielcenter läuft auf ${url}\n  (Strg+C beendet / Ctrl+C stops; wrangler's "Ready on" port above is internal)\n`);
  } catch (error) {
    if (error?.code === "EADDRINUSE") {
      console.error(`Port ${port} is taken: PORT=9000 npm start uses another.`);
      stop("SIGTERM");
    }
    // else: not up yet
  }
}, 300);

let stopping = false;
function stop(signal) {
  stopping = true;
  try {
    process.kill(-child.pid, signal); // wrangler and its workerd processes, which no longer share our group
  } catch {
    // already gone
  }
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));

child.on("error", (error) => {
  console.error(`Could not start wrangler (${wrangler}): ${error.message}. Did you run npm install?`);
  process.exit(1);
});

child.on("exit", (code, signal) => {
  clearInterval(poll);
  if (signal && !stopping) console.error(`wrangler stopped by ${signal}`);
  process.exit(code ?? (stopping ? 0 : 1));
});
