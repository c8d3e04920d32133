// `npm start` twice at once (two checkouts, two ports): both sites come up. Before, the second died on wrangler's
// inspector port 9229, which every start took; scripts/dev.mjs now finds a free one.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildWeb } from "../browser/helpers.js";
import { freePort } from "../../scripts/lib/ports.mjs";

const root = join(import.meta.dirname, "..", "..");
const started: ChildProcess[] = [];
const dirs: string[] = [];

async function healthy(url: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

afterAll(() => {
  // Each start runs in its own process group (wrangler and its workerd children): end exactly those.
  for (const child of started) if (child.pid) try { process.kill(-child.pid, "SIGTERM"); } catch { /* already gone */ }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("npm start", () => {
  it("runs twice at once on two ports (each with its own storage): both answer", async () => {
    await buildWeb();
    const ports = [await freePort(), await freePort()];
    const logs: string[] = [];
    for (const port of ports) {
      const state = mkdtempSync(join(tmpdir(), "spielcenter-start-"));
      dirs.push(state);
      // Each start's output to a file: a start that does not come up says why in the failure.
      const log = join(state, "start.log");
      logs.push(log);
      const out = openSync(log, "w");
      started.push(spawn(process.execPath, [join(root, "scripts", "dev.mjs")], { cwd: root, detached: true, stdio: ["ignore", out, out], env: { ...process.env, PORT: String(port), STATE_DIR: state, INSPECTOR_PORT: "" } }));
    }
    const deadline = Date.now() + 120_000;
    const up = await Promise.all(ports.map((port) => healthy(`http://127.0.0.1:${port}`, deadline)));
    const why = logs.map((l, i) => `--- start ${i + 1} (port ${ports[i]}):\n${readFileSync(l, "utf8").slice(-3000)}`).join("\n");
    expect(up, why).toEqual([true, true]);
  }, 180_000);
});
