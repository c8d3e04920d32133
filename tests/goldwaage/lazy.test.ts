// Only the values that can change strong's move are computed (bots/lazy.ts, Solver.atMost): the move must be the one that
// summing every value gives, with the same random draws.
import { describe, expect, it } from "vitest";
import { DECK, makeBot, playGame, Solver, view, type BotOptions, type Options, type Seat, type View } from "../../shared/goldwaage/index.js";
import { cheapestGroups } from "../../shared/goldwaage/bots/lazy.js";
import { randomInt, rng, shuffle } from "../../shared/rng.js";

describe("the lazy argmin over worlds (cheapestGroups)", () => {
  it("finds the groups of the smallest total, and that total, as summing every value does", () => {
    let pruned = 0;
    for (let t = 0; t < 400; t++) {
      const random = rng(t, "lazy-test");
      const groups = 1 + randomInt(random, 8);
      const worlds = 1 + randomInt(random, 12);
      const cap = 1 + randomInt(random, 3);
      // Values with many ties (few distinct numbers), the way lives per world are.
      const value = Array.from({ length: groups * worlds }, () => Math.min(cap, randomInt(random, cap + 2)));
      const candidates = Array.from({ length: groups }, (_, g) => g).filter((g) => g === 0 || random() < 0.8);
      let asked = 0;
      const refine = (g: number, w: number, lb: number) => {
        asked++;
        const v = value[g * worlds + w]!;
        return v === lb ? { lb, exact: true } : { lb: lb + 1, exact: false };
      };
      const sums = candidates.map((g) => value.slice(g * worlds, g * worlds + worlds).reduce((a, b) => a + b, 0));
      const min = Math.min(...sums);
      const want = candidates.filter((_, i) => sums[i] === min);
      const got = cheapestGroups(groups, worlds, cap, candidates, refine);
      if (want.length > 1 || got.total !== null) expect(got).toEqual({ winners: want, total: min });
      else expect(got.winners).toEqual(want);
      const full = asked;
      asked = 0;
      expect(cheapestGroups(groups, worlds, cap, candidates, refine, false)).toEqual({ winners: want, total: min });
      if (full < asked) pruned++;
    }
    // The point of it: most tables need fewer questions than the full sums.
    expect(pruned).toBeGreaterThan(200);
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
});
