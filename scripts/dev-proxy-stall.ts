// Shows the dev-proxy stall that the front works around (docs/decisions/021-front-without-the-dev-proxy.md).
// One site; two clients side by side, each asking GET /konto twice with a pause of 4.94..5.06 s between, in steps of
// 2 ms (the window where kj's 5 s client idle timeout and the Worker's 5 s keep-alive timeout meet is a few ms wide): one through wrangler's own port
// (its dev proxy), one through the front. Each asks on a fresh connection, as a new browser socket would. Prints the
// stalls (no answer in 12 s) and errors of each.
// Usage: npx tsx scripts/dev-proxy-stall.ts [tries=60]
import http from "node:http";
import { startSite } from "./lib/site.js";

const tries = Number(process.argv[2] ?? 60);
const site = await startSite();

function get(url: string): Promise<"ok" | "stall" | "error"> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 12_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve("ok"));
    });
    req.on("timeout", () => (req.destroy(), resolve("stall")));
    req.on("error", () => resolve("error"));
  });
}

async function run(name: string, base: string): Promise<string> {
  const count = { ok: 0, stall: 0, error: 0 };
  for (let i = 0; i < tries; i++) {
    await get(`${base}/konto`);
    await new Promise((r) => setTimeout(r, 4940 + ((i * 2) % 120)));
    count[await get(`${base}/konto`)]++;
  }
  return `${name} (${base}): ${tries} requests after a pause of 4.94–5.06 s: ${count.ok} answered, ${count.stall} stalled, ${count.error} failed`;
}

try {
  for (const line of await Promise.all([run("wrangler's dev proxy", site.wranglerUrl), run("the front", site.url)])) console.log(line);
} finally {
  await site.stop();
}
