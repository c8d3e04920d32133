// A CPU profile of the Worker's isolate inside wrangler dev, through the V8 inspector wrangler exposes (--inspector-port),
// and a summary of it: where the room's JavaScript spends its time, by function (self time) and by file.
import WebSocket from "ws";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Connects to the inspector at `port` (wrangler's proxy to workerd's) and starts sampling every `intervalUs`. */
export async function startProfile(port: number, intervalUs = 200): Promise<{ stop(): Promise<CpuProfile> }> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as Array<{ webSocketDebuggerUrl?: string; title?: string }>;
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl!);
  await new Promise<void>((resolve, reject) => (ws.once("open", () => resolve()), ws.once("error", reject)));
  let id = 0;
  const pending = new Map<number, (r: any) => void>();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.error ? Promise.reject(new Error(JSON.stringify(m.error))) : m.result);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      const n = ++id;
      pending.set(n, resolve);
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: intervalUs });
  await call("Profiler.start");
  return {
    async stop() {
      const { profile } = (await call("Profiler.stop")) as { profile: CpuProfile };
      ws.close();
      return profile;
    },
  };
}

/** The profile's self time by function and by file, the largest first, as text lines (idle and GC kept apart). */
export function summarize(profile: CpuProfile, top = 30): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  let idle = 0;
  for (const [nodeId, us] of self) {
    const f = byId.get(nodeId)!.callFrame;
    if (f.functionName === "(idle)") {
      idle += us;
      continue;
    }
    const file = f.url.split("/").slice(-2).join("/") || "(native)";
    const key = `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    files.set(file, (files.get(file) ?? 0) + us);
  }
  const busy = total - idle;
  const pct = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)} %`;
  const lines = [`profile: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(2)} s busy in JavaScript and the calls it makes`];
  lines.push("by function (self time, share of busy):");
  for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  lines.push("by file:");
  for (const [k, us] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 12)) lines.push(`  ${pct(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  return lines.join("\n");
}
