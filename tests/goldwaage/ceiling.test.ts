// The ceiling (every hand open, each round with the fewest lives lost): its deals are the engine's, its per-round minimum a brute force's.
import { describe, expect, it } from "vitest";
import { DECK, gameCeiling, LIVES, makeBot, playGame, roundDeals, roundMinLoss, type Options, type Seat } from "../../shared/goldwaage/index.js";
import { randomInt, rng, shuffle } from "../../shared/rng.js";
import { bruteForce, table } from "./helpers.js";

describe("the ceiling", () => {
  it("deals each round exactly as a played game does (hands, starter, limit do not depend on the play)", () => {
    const configs: Options[] = [
      { players: 2, level: "schwer", variants: [] },
      { players: 3, level: "profi", variants: [] },
      { players: 4, level: "leicht", variants: ["ruhige-waage"] },
    ];
    let rounds = 0;
    for (const options of configs) {
      for (let g = 0; g < 4; g++) {
        const seed = `ceiling-test/${g}`;
        // simple loses lives often, strong rarely: both give games that reach round 4 and games that end early.
        const bots = Array.from({ length: options.players }, (_, s) => makeBot(g % 2 ? "simple" : "strong", { seed: `${g}/${s}`, samples: 4 }));
        const dealt = playGame(options, seed, bots).events.filter((e) => e.type === "roundDealt");
        const mine = roundDeals(options, seed);
        expect(mine).toHaveLength(4);
        for (const e of dealt) {
          if (e.type !== "roundDealt") continue;
          const m = mine[e.round - 1]!;
          expect({ round: m.round, limit: m.limit, starter: m.starter, hands: m.hands }).toEqual({ round: e.round, limit: e.limit, starter: e.starter, hands: e.hands });
          rounds++;
        }
      }
    }
    expect(rounds).toBeGreaterThan(24);
  });

  it("finds each round's minimum loss as a brute force through the engine does, on 200 small fresh rounds", () => {
    let lossy = 0;
    for (let i = 0; i < 200; i++) {
      const random = rng(i, "ceiling-test");
      const players = 2 + randomInt(random, 3);
      const perHand = players === 2 ? 2 + randomInt(random, 2) : players === 3 ? 1 + randomInt(random, 2) : 1 + (random() < 0.3 ? 1 : 0);
      const cards = shuffle(DECK, random);
      const hands = Array.from({ length: players }, (_, s) => cards.slice(s * perHand, s * perHand + perHand));
      const limit = 3 + randomInt(random, 6);
      const starter = randomInt(random, players) as Seat;
      const expected = bruteForce(table({ variants: ["offene-haende"], hands, limit, lives: 99, turn: starter }));
      expect(roundMinLoss({ limit, starter, hands }), JSON.stringify({ hands, limit, starter })).toBe(expected);
      if (expected > 0) lossy++;
    }
    expect(lossy).toBeGreaterThan(20);
  }, 60_000);

  it("wins a game exactly when the rounds' minimum losses add up to at most the lives", () => {
    let lost = 0;
    for (let g = 0; g < 300; g++) {
      const options: Options = { players: 4, level: "schwer", variants: [] };
      const c = gameCeiling(options, `ceiling-sum/${g}`);
      expect(c.losses).toEqual(roundDeals(options, `ceiling-sum/${g}`).map(roundMinLoss));
      expect(c.won).toBe(c.losses.reduce((a, b) => a + b, 0) <= LIVES.schwer);
      if (!c.won) lost++;
    }
    // A round without an Ace or Queen and with an odd total can never balance, so some games are lost even with open hands.
    expect(lost).toBeGreaterThan(0);
  });
});
