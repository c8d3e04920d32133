// Only the values that can change strong's move are computed (bots/lazy.ts, Solver.atMost): the move must be the one that
// summing every value gives, with the same random draws.
import { describe, expect, it } from "vitest";
import { DECK, makeBot, objectiveCosts, playGame, Solver, view, type BotOptions, type Options, type Seat, type View } from "../../shared/goldwaage/index.js";
import { cheapestGroups } from "../../shared/goldwaage/bots/lazy.js";
import { randomInt, rng, shuffle } from "../../shared/rng.js";

/**
 * 400 random tables: the groups of the smallest summed cost, and that sum, as summing every value gives — lazily and in
 * full; returns how many tables the lazy search settled with fewer questions. `costs`: a rising table per value, or none.
 */
function argminTables(name: string, maxCap: number, costs: boolean): number {
  let pruned = 0;
  for (let t = 0; t < 400; t++) {
    const random = rng(t, name);
    const groups = 1 + randomInt(random, 8);
    const worlds = 1 + randomInt(random, 12);
    const cap = 1 + randomInt(random, maxCap);
    // A convex-ish rising table, like the chance to lose the game by lives lost.
    let cost: number[] | null = null;
    if (costs) {
      cost = [randomInt(random, 50)];
      for (let k = 1; k <= cap; k++) cost.push(cost[k - 1]! + 1 + randomInt(random, 40));
    }
    const c = (v: number) => (cost ? cost[v]! : v);
    // Values with many ties (few distinct numbers), the way lives per world are.
    const value = Array.from({ length: groups * worlds }, () => Math.min(cap, randomInt(random, cap + 2)));
    const candidates = Array.from({ length: groups }, (_, g) => g).filter((g) => g === 0 || random() < 0.8);
    let asked = 0;
    const refine = (g: number, w: number, lb: number) => {
      asked++;
      const v = value[g * worlds + w]!;
      return v === lb ? { lb, exact: true } : { lb: lb + 1, exact: false };
    };
    const sums = candidates.map((g) => value.slice(g * worlds, g * worlds + worlds).reduce((a, v) => a + c(v), 0));
    const min = Math.min(...sums);
    const want = candidates.filter((_, i) => sums[i] === min);
    const got = cheapestGroups(groups, worlds, cap, candidates, refine, true, cost);
    if (want.length > 1 || got.total !== null) expect(got).toEqual({ winners: want, total: min });
    else expect(got.winners).toEqual(want);
    const full = asked;
    asked = 0;
    expect(cheapestGroups(groups, worlds, cap, candidates, refine, false, cost)).toEqual({ winners: want, total: min });
    if (full < asked) pruned++;
  }
  return pruned;
}

describe("the lazy argmin over worlds (cheapestGroups)", () => {
  // The point of it: most tables need fewer questions than the full sums.
  it("finds the groups of the smallest total, and that total, as summing every value does", () => {
    expect(argminTables("lazy-test", 3, false)).toBeGreaterThan(200);
  });
  it("with a rising cost table, finds the groups of the smallest summed cost, as summing every cost does", () => {
    expect(argminTables("lazy-cost-test", 4, true)).toBeGreaterThan(200);
  });
});

describe("Solver.atMost", () => {
  it("answers 'at most b lives' for each first move exactly as moveValues' values say", () => {
    let checked = 0;
    for (let t = 0; t < 150; t++) {
      const random = rng(t, "atmost-test");
      const players = 2 + randomInt(random, 2);
      const per = players === 2 ? 2 + randomInt(random, 3) : 1 + randomInt(random, 3);
      const cards = shuffle(DECK, random);
      const hands = Array.from({ length: players }, (_, s) => cards.slice(s * per, s * per + per));
      const left = random() < 0.5 ? [] : [1 + randomInt(random, 6)];
      const right = left.length && random() < 0.5 ? [1 + randomInt(random, 3)] : [];
      const pos = { limit: 5 + randomInt(random, 4), turn: randomInt(random, players) as Seat, hands, left, right };
      for (const v of new Solver(pos).moveValues(4)) {
        const s = new Solver(pos); // a fresh memo per question order: the answer must not depend on it
        for (const b of [3, 0, 2, 1]) {
          expect(s.atMost(v.card, v.pan, b), `${v.card}/${v.pan} ≤ ${b}`).toBe(v.loss <= b);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

/** Plays strong's games and, at every decision, asks a bot that sums every value too: the commands must be equal. */
function sameCommands(options: Options, games: number, prefix: string, botOptions: BotOptions): number {
  let n = 0;
  for (let g = 0; g < games; g++) {
    const seeds = Array.from({ length: options.players }, (_, s) => `${prefix}/${g}/${s}`);
    const lazy = seeds.map((seed) => makeBot("strong", { seed, ...botOptions }));
    const full = seeds.map((seed) => makeBot("strong", { seed, ...botOptions, exhaustive: true }));
    playGame(options, `${prefix}/${g}`, lazy, undefined, (state) => {
      if (state.phase !== "play") return;
      const v: View = view(state, state.turn);
      expect(JSON.stringify(lazy[state.turn]!.act(v))).toBe(JSON.stringify(full[state.turn]!.act(v)));
      n++;
    });
  }
  return n;
}

describe("strong's lazy search decides as the full sums do", () => {
  it("4 players Schwer (open cards, floors): the same command at every decision", () => {
    expect(sameCommands({ players: 4, level: "schwer", variants: [] }, 3, "lazy-s", {})).toBeGreaterThan(100);
  }, 120_000);
  // Profi with few worlds, to be quick; the partner-aware window over most of the round, so every kind of decision goes through it.
  for (const [players, reply] of [
    [2, null],
    [2, { late: 12, samples: 2 }],
    [3, { late: 9, samples: 2 }],
    [3, { late: 6, samples: 2, depth: 2 }],
  ] as const) {
    it(`${players} players Profi, ${reply ? `partner-aware in the last ${reply.late} cards${"depth" in reply ? ", two seats deep" : ""}` : "the solver alone"}: the same command at every decision`, () => {
      const options: Options = { players, level: "profi", variants: [] };
      expect(sameCommands(options, reply ? 2 : 4, "lazy", { samples: 8, reply, tips: players === 3 })).toBeGreaterThan(40);
    }, 120_000);
  }

  // The measuring option of issue 18's ninth attempt (docs/goldwaage.md): costs by the chance to lose the game.
  const objective = { winFrom: [[0.1, 0.45, 0.83, 0.98], [0.25, 0.76, 0.97, 1], [0.68, 0.97, 1, 1]] };
  it("with the game's result as the objective (3 players Profi, partner-aware): the same command at every decision", () => {
    const options: Options = { players: 3, level: "profi", variants: [] };
    expect(sameCommands(options, 2, "lazy-o", { samples: 8, reply: { late: 9, samples: 2 }, tips: true, objective })).toBeGreaterThan(40);
  }, 120_000);
  it("the objective's costs rise with the lives lost, the last round's only at the life that loses", () => {
    for (const round of [1, 2, 3, 4])
      for (let lives = 0; lives <= 3; lives++) {
        const c = objectiveCosts(objective, round, lives, lives + 1);
        for (let k = 1; k < c.length; k++) expect(c[k]!).toBeGreaterThan(c[k - 1]!);
        if (round === 4) expect(c.map((x) => x >> 9)).toEqual([...Array.from({ length: lives + 1 }, () => 0), 1000]);
      }
  });
});
