// The sim runner's contract: the JSON keys of issue 4, --swap-roles on the same deals, exit code 2 for bad flags.
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../scripts/sim-battlemaske.js";

function run(args: string[]): { code: number; out: string; err: string } {
  let out = "", err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s) => ((err += String(s)), true));
  try {
    const code = main(args);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("npm run sim -- --game battlemaske", () => {
  it("prints the issue's JSON", () => {
    const r = run(["--game", "battlemaske", "--conte", "greedy", "--maske", "random", "--games", "4", "--seed", "1", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(["games", "conteWins", "maskeWins", "conteWinRate", "avgMirror", "msPerMove"]);
    expect(j.games).toBe(4);
    expect(j.conteWins + j.maskeWins).toBe(4);
    expect(Object.keys(j.msPerMove)).toEqual(["conte", "maske"]);
    expect(Object.keys(j.msPerMove.conte)).toEqual(["mean", "p95"]);
  });

  it("with --swap-roles plays each deal twice and adds aWins, bWins, aWinRate and msPerMoveByBot", () => {
    const r = run(["--game", "battlemaske", "--conte", "leicht", "--maske", "greedy", "--games", "3", "--seed", "x", "--swap-roles", "--ruleset", "zwiegespalten", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.games).toBe(6);
    expect(j.aWins + j.bWins).toBe(6);
    expect(j.aWinRate).toBeCloseTo(j.aWins / 6, 3);
    expect(Object.keys(j.msPerMoveByBot).sort()).toEqual(["greedy", "leicht"]);
    // The same seed gives the same games.
    const again = JSON.parse(run(["--game", "battlemaske", "--conte", "leicht", "--maske", "greedy", "--games", "3", "--seed", "x", "--swap-roles", "--ruleset", "zwiegespalten", "--json"]).out);
    for (const x of [j, again]) {
      delete x.msPerMove;
      delete x.msPerMoveByBot;
    }
    expect(again).toEqual(j);
  });

  it("prints a readable summary without --json", () => {
    const r = run(["--conte", "greedy", "--maske", "greedy", "--games", "2"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Conte wins");
  });

  it("exits with 2 and a message for bad flags", () => {
    for (const args of [["--conte", "stark"], ["--conte", "nobody", "--maske", "stark"], ["--conte", "stark", "--maske", "stark", "--games", "0"], ["--conte", "stark", "--maske", "stark", "--ruleset", "skat"], ["--conte", "stark", "--maske", "stark", "--fast"]]) {
      const r = run(args);
      expect(r.code).toBe(2);
      expect(r.err.length).toBeGreaterThan(10);
      expect(r.out).toBe("");
    }
  });
});
