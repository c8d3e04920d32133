// The scenario files under tests/scenarios (the seeds' worked examples), and the `npm run scenario` CLI contract.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBattlemaskeScenarioWithLog } from "../../shared/battlemaske/index.js";

const dir = join(import.meta.dirname, "..", "scenarios");
const files = readdirSync(dir).filter((f) => f.endsWith(".json") && JSON.parse(readFileSync(join(dir, f), "utf8")).game === "battlemaske").sort();

describe("scenario files", () => {
  it("exist for the seeds' worked examples", () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });
  for (const file of files) {
    it(file, () => {
      const raw = JSON.parse(readFileSync(join(dir, file), "utf8"));
      const { output, events } = runBattlemaskeScenarioWithLog(raw);
      const { events: expectedEvents, ...expected } = raw.expect;
      expect(output).toMatchObject(expected);
      for (const e of expectedEvents ?? []) expect(events).toContainEqual(expect.objectContaining(e));
    });
  }
});

const tsx = join(import.meta.dirname, "..", "..", "node_modules", ".bin", "tsx");
const cli = join(import.meta.dirname, "..", "..", "scripts", "scenario.ts");
const run = (...args: string[]) => spawnSync(tsx, [cli, ...args], { encoding: "utf8" });

// Each case starts tsx a few times: allow for a loaded machine.
describe("npm run scenario (the CLI)", { timeout: 60_000 }, () => {
  it("prints one JSON object per file, in order, and exits 0 whatever the rules said", () => {
    const out = execFileSync(tsx, [cli, join(dir, files[0]!), join(dir, "03-elixir-lead-must-follow-named-suit.json")], { encoding: "utf8" });
    const lines = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0].ok).toBe(true);
    expect(Object.keys(lines[0].state)).toEqual(["game", "round", "phase", "mirror", "tricks", "ranking", "hands", "trick", "leader", "winner", "match"]);
    expect(lines[1]).toMatchObject({ ok: false, index: 3, error: { code: "MUST_FOLLOW_NAMED_SUIT" } });
    expect(typeof lines[1].error.message).toBe("string");
  });
  it("exits 2 with a message on stderr for an unreadable file or a malformed scenario", () => {
    const tmp = mkdtempSync(join(tmpdir(), "scenario-"));
    const missing = run(join(tmp, "nope.json"));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
    const bad: Record<string, unknown> = {
      "not-json.json": "{",
      "no-game.json": { commands: [] },
      "bad-ruleset.json": { game: "battlemaske", options: { ruleset: "skat" }, commands: [] },
      "bad-deal.json": { game: "battlemaske", deals: [{ hands: [["P1"], []], aside: [] }], commands: [] },
      "dup-deal.json": {
        game: "battlemaske",
        deals: [{ hands: [["P1", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "D1", "D2"], ["D3", "D4", "D5", "D6", "D7", "G1", "G2", "G3", "G4", "G5"]], aside: ["G6", "G7", "E1", "E2", "E3"] }],
        commands: [],
      },
      "no-commands.json": { game: "battlemaske" },
    };
    for (const [name, content] of Object.entries(bad)) {
      const file = join(tmp, name);
      writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
      const r = run(file);
      expect(r.status, name).toBe(2);
      expect(r.stderr.length, name).toBeGreaterThan(10);
      expect(r.stdout, name).toBe("");
    }
  });
  it("deals from the seed when no deal is given, the same way every time", () => {
    const tmp = mkdtempSync(join(tmpdir(), "scenario-"));
    const file = join(tmp, "seeded.json");
    writeFileSync(file, JSON.stringify({ game: "battlemaske", options: { ruleset: "zwiegespalten", variant: "profi" }, seed: 7, commands: [] }));
    const a = JSON.parse(run(file).stdout);
    const b = JSON.parse(run(file).stdout);
    expect(a).toEqual(b);
    expect(a.state.hands[0]).toHaveLength(10);
    expect(a.state.match).toEqual({ scores: [0, 0], winner: null, draw: false });
  });
});
