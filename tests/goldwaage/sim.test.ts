// The simulation CLI contract: npm run -s sim -- --game goldwaage … (JSON keys, exit code 2 for bad flags).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { main } from "../../scripts/sim-goldwaage.js";

const tsx = join(import.meta.dirname, "..", "..", "node_modules", ".bin", "tsx");
const cli = join(import.meta.dirname, "..", "..", "scripts", "sim.ts");

/** Runs the runner in-process, capturing what it writes. */
function run(...args: string[]): { status: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((s) => ((stdout += String(s)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((s) => ((stderr += String(s)), true));
  try {
    return { status: main(["--game", "goldwaage", ...args]) as number, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe("npm run sim -- --game goldwaage", () => {
  it("--open-hands prints {rounds, clearable, rate}", () => {
    const r = run("--open-hands", "--players", "2", "--limit", "5", "--rounds", "300", "--seed", "1", "--json");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["rounds", "clearable", "rate"]);
    expect(out.rounds).toBe(300);
    expect(out.rate).toBeCloseTo(out.clearable / 300, 4);
    expect(out.rate).toBeGreaterThan(0.7);
    expect(out.rate).toBeLessThan(0.95);
    expect(run("--open-hands", "--players", "3", "--limit", "7", "--rounds", "20").stdout).toMatch(/clearable/);
  });
  it("bot games print {games, wins, winRate, livesLostByRound, msPerMove}, the same for the same seed", () => {
    const args = ["--players", "3", "--level", "leicht", "--variant", "zwei-offene-karten", "--bot", "planner", "--samples", "2", "--games", "3", "--seed", "1", "--json"];
    const out = JSON.parse(run(...args).stdout);
    expect(Object.keys(out)).toEqual(["games", "wins", "winRate", "livesLostByRound", "msPerMove"]);
    expect(out.games).toBe(3);
    expect(out.livesLostByRound).toHaveLength(4);
    expect(Object.keys(out.msPerMove)).toEqual(["mean", "p95"]);
    const again = JSON.parse(run(...args).stdout);
    expect({ ...again, msPerMove: null }).toEqual({ ...out, msPerMove: null });
    expect(run("--games", "2", "--bot", "simple").stdout).toMatch(/won \d+ of 2/);
  });
  it("--per-game FILE writes one line per game (number, won, lives by round) that adds up to the summary", () => {
    const dir = mkdtempSync(join(tmpdir(), "gw-sim-"));
    try {
      const file = join(dir, "games.jsonl");
      const out = JSON.parse(run("--players", "2", "--bot", "simple", "--games", "6", "--seed", "1", "--json", "--per-game", file).stdout);
      const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
      expect(lines.map((l) => l.g)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(lines.filter((l) => l.won).length).toBe(out.wins);
      for (let r = 0; r < 4; r++) expect(lines.reduce((a, l) => a + l.lost[r], 0) / 6).toBeCloseTo(out.livesLostByRound[r], 4);
      expect(run("--open-hands", "--limit", "5", "--per-game", file).status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
  it("--bot ceiling prints the same keys, one result per game seed (the bots' deals), counting every round", () => {
    const out = JSON.parse(run("--players", "4", "--level", "schwer", "--bot", "ceiling", "--games", "40", "--seed", "1", "--json").stdout);
    expect(Object.keys(out)).toEqual(["games", "wins", "winRate", "livesLostByRound", "msPerMove"]);
    expect(out.games).toBe(40);
    expect(out.livesLostByRound).toHaveLength(4);
    expect(JSON.parse(run("--players", "4", "--level", "schwer", "--bot", "ceiling", "--games", "40", "--seed", "1", "--json").stdout).wins).toBe(out.wins);
    expect(run("--bot", "ceiling", "--games", "3").stdout).toMatch(/ceiling, 2 players, normal: won \d+ of 3[\s\S]*ms per game/);
  });
  it("--bot partner-bound (Profi only) prints the same keys and is refused on other levels", () => {
    const out = JSON.parse(run("--players", "4", "--level", "profi", "--bot", "partner-bound", "--samples", "2", "--games", "4", "--seed", "1", "--json").stdout);
    expect(Object.keys(out)).toEqual(["games", "wins", "winRate", "livesLostByRound", "msPerMove"]);
    expect(out.games).toBe(4);
    expect(run("--players", "4", "--level", "schwer", "--bot", "partner-bound", "--games", "1").status).toBe(2);
  });
  it("exits 2 with a message on stderr for bad flags", () => {
    for (const args of [["--players", "5"], ["--bot", "genius"], ["--level", "mittel"], ["--variant", "x"], ["--games", "-1"], ["--open-hands"], ["--limit", "5"], ["--frobnicate"], ["--samples"], ["--level", "profi", "--variant", "offene-haende"]]) {
      const r = run(...args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.length, args.join(" ")).toBeGreaterThan(10);
      expect(r.stdout, args.join(" ")).toBe("");
    }
  });
  it("is reached through the dispatcher: npm run -s sim -- --game goldwaage …", () => {
    const r = spawnSync(tsx, [cli, "--", "--game", "goldwaage", "--open-hands", "--players", "4", "--limit", "6", "--rounds", "50", "--seed", "2", "--json"], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).rounds).toBe(50);
    const bad = spawnSync(tsx, [cli, "--game", "goldwaage", "--players", "9"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/players/);
  }, 30_000);
});
