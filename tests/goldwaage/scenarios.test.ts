// The Goldwaage scenario files under tests/scenarios (goldwaage-*.json: the seed's worked example and bad input), also through the CLI.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runGoldwaageScenarioWithLog } from "../../shared/goldwaage/index.js";
import { MalformedScenario } from "../../shared/scenario.js";

const dir = join(import.meta.dirname, "..", "scenarios");
const files = readdirSync(dir).filter((f) => f.endsWith(".json") && JSON.parse(readFileSync(join(dir, f), "utf8")).game === "goldwaage").sort();

describe("Goldwaage scenario files", () => {
  it("include the worked example of RULES.md 2.5", () => {
    expect(files).toContain("goldwaage-01-anna-ben.json");
  });
  for (const file of files) {
    it(file, () => {
      const raw = JSON.parse(readFileSync(join(dir, file), "utf8"));
      const { output, events } = runGoldwaageScenarioWithLog(raw);
      const { events: expectedEvents, ...expected } = raw.expect;
      expect(output).toMatchObject(expected);
      for (const e of expectedEvents ?? []) expect(events).toContainEqual(expect.objectContaining(e));
    });
  }
});

const tsx = join(import.meta.dirname, "..", "..", "node_modules", ".bin", "tsx");
const cli = join(import.meta.dirname, "..", "..", "scripts", "scenario.ts");
const run = (...args: string[]) => spawnSync(tsx, [cli, ...args], { encoding: "utf8" });

describe("npm run scenario with a Goldwaage file", () => {
  it("prints the state with the keys of the contract, or the first error", () => {
    const out = execFileSync(tsx, [cli, join(dir, "goldwaage-01-anna-ben.json"), join(dir, "goldwaage-03-queen-on-empty-pan.json")], { encoding: "utf8" });
    const [a, b] = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(a.ok).toBe(true);
    expect(Object.keys(a.state)).toEqual(["round", "limit", "lives", "livesLost", "pans", "sums", "hands", "open", "turn", "phase", "result"]);
    expect(b).toMatchObject({ ok: false, index: 3, error: { code: "EMPTY_PAN" } });
    expect(typeof b.error.message).toBe("string");
  }, 30_000);
  it("refuses a malformed Goldwaage scenario (exit 2 in the CLI)", () => {
    const tmp = mkdtempSync(join(tmpdir(), "goldwaage-scenario-"));
    const bad: Record<string, unknown> = {
      "players.json": { game: "goldwaage", options: { players: 5 }, commands: [] },
      "level.json": { game: "goldwaage", options: { level: "mittel" }, commands: [] },
      "option-key.json": { game: "goldwaage", options: { ruleset: "x" }, commands: [] },
      "profi-open.json": { game: "goldwaage", options: { level: "profi", variants: ["offene-haende"] }, commands: [] },
      "short-hand.json": { game: "goldwaage", deals: [{ hands: [["7C"], ["8C"]] }], commands: [] },
      "no-commands.json": { game: "goldwaage" },
    };
    for (const [name, content] of Object.entries(bad)) expect(() => runGoldwaageScenarioWithLog(content), name).toThrow(MalformedScenario);
    // One of them through the CLI: exit code 2, a message on stderr, nothing on stdout.
    const file = join(tmp, "players.json");
    writeFileSync(file, JSON.stringify(bad["players.json"]));
    const r = run(file);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/players/);
    expect(r.stdout).toBe("");
  }, 30_000);
  it("deals from the seed when no deal is given, the same way every time", () => {
    const tmp = mkdtempSync(join(tmpdir(), "goldwaage-scenario-"));
    const file = join(tmp, "seeded.json");
    writeFileSync(file, JSON.stringify({ game: "goldwaage", options: { players: 4, level: "profi", variants: [] }, seed: 9, commands: [] }));
    const a = JSON.parse(run(file).stdout);
    expect(a).toEqual(JSON.parse(run(file).stdout));
    expect(a.state.hands.map((h: string[]) => h.length)).toEqual([3, 3, 3, 3]);
    expect(a.state).toMatchObject({ round: 1, limit: 9, lives: 3, phase: "play", open: [[], [], [], []] });
  }, 30_000);
});
