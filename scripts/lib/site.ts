// Starts the real site (wrangler dev, workerd) on a free port with its own throw-away storage, for end-to-end tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocalD1 } from "../migrate-d1.mjs";

const root = join(import.meta.dirname, "..", "..");

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface Site {
  url: string;
  stop(): Promise<void>;
}

export async function startSite(): Promise<Site> {
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), "spielcenter-e2e-"));
  // The rooms report finished games into D1: its tables must exist, as `npm start` makes sure too.
  migrateLocalD1(state, { quiet: true });
  // Its own inspector port too: two sites at once would both want 9229, and the second would not start.
  const child: ChildProcess = spawn(join(root, "node_modules", ".bin", "wrangler"), ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--show-interactive-dev-session=false", "--inspector-port", String(await freePort()), "--log-level", "warn"], {
    cwd: root,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", XDG_CONFIG_HOME: join(state, "config"), WRANGLER_LOG_PATH: join(state, "logs") },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 300));
  };
  for (let i = 0; i < 360; i++) {
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("wrangler dev did not come up in 90 s");
}
