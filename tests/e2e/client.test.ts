// The headless client against the real server (wrangler dev): whole games, with and without dropped connections.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../../scripts/lib/site.js";

const run = promisify(execFile);
const tsx = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname;
const client = new URL("../../scripts/client.ts", import.meta.url).pathname;
let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 60_000);
afterAll(async () => {
  await site?.stop();
});

async function play(...args: string[]): Promise<Record<string, any>> {
  const { stdout } = await run(tsx, [client, "play", "--url", site.url, "--json", ...args], { timeout: 60_000 });
  return JSON.parse(stdout);
}

describe("npm run client (headless, through the real server)", () => {
  it("plays a whole game against the computer", async () => {
    const r = await play("--vs", "computer", "--level", "leicht", "--role", "conte", "--bot", "greedy");
    expect(["won", "lost"]).toContain(r.result);
    expect(["conte", "maske"]).toContain(r.winner);
    expect(r.events).toBeGreaterThan(20); // a round is ~35 events; the Maske may win in one
    expect(r.reconnects).toBe(0);
    expect(r.missing).toBe(0);
  }, 60_000);
  it("survives a dropped socket every 4 messages: no event lost, none twice", async () => {
    const r = await play("--vs", "computer", "--level", "mittel", "--role", "maske", "--bot", "greedy", "--drop-every", "4", "--ruleset", "zwiegespalten");
    expect(r.reconnects).toBeGreaterThan(5);
    expect(r.missing).toBe(0);
    expect(r.duplicates).toBe(0);
  }, 60_000);
  it("refuses bad flags with exit code 2", async () => {
    await expect(run(tsx, [client, "play", "--bot", "genius"])).rejects.toMatchObject({ code: 2 });
  });
});
