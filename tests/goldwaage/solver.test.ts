// The open-hand solver against a brute force through the engine itself (decide/apply, no memo, no symmetry) on small positions.
import { describe, expect, it } from "vitest";
import { card, DECK, decide, minLivesLost, clearable, Solver, type Seat, type State } from "../../shared/goldwaage/index.js";
import { randomInt, rng, shuffle } from "../../shared/rng.js";
import { bruteForce, table } from "./helpers.js";

function randomPosition(seed: number): State {
  const random = rng(seed, "solver-test");
  const players = 2 + randomInt(random, 2);
  const perHand = players === 2 ? 1 + randomInt(random, 2) + (random() < 0.25 ? 1 : 0) : 1 + (random() < 0.2 ? 1 : 0);
  const cards = shuffle(DECK, random);
  const hands = Array.from({ length: players }, (_, s) => cards.slice(s * perHand, s * perHand + perHand));
  // A few number cards or Aces already on the pans (kept within the limit), so Jacks and Queens have something to do.
  const limit = 4 + randomInt(random, 5);
  const rest = cards.slice(players * perHand).filter((c) => card(c).kind === "number" || card(c).kind === "ace");
  const left: string[] = [];
  const right: string[] = [];
  let d = 0;
  for (const c of rest.slice(0, randomInt(random, 4))) {
    const w = card(c).weight;
    if (Math.abs(d + w) <= limit && d + w !== 0) {
      left.push(c);
      d += w;
    } else if (Math.abs(d - w) <= limit && d - w !== 0) {
      right.push(c);
      d -= w;
    }
  }
  return table({ variants: ["offene-haende"], hands, left, right, limit, lives: 99, turn: randomInt(random, players) as Seat });
}

const positionOf = (s: State) => ({ limit: s.limit, turn: s.turn, hands: s.hands, left: s.pans.left.map((p) => p.weight), right: s.pans.right.map((p) => p.weight) });

describe("the open-hand solver", () => {
  it("agrees with a brute force through the engine on 400 small positions (2–3 players, up to 6 cards, cards on the pans)", () => {
    let lossy = 0;
    for (let seed = 0; seed < 400; seed++) {
      const s = randomPosition(seed);
      const expected = bruteForce(s);
      const got = minLivesLost(positionOf(s));
      if (got !== expected) throw new Error(`seed ${seed}: solver ${got}, brute force ${expected}: ${JSON.stringify(positionOf(s))}`);
      expect(clearable(positionOf(s))).toBe(expected === 0);
      if (expected > 0) lossy++;
    }
    expect(lossy).toBeGreaterThan(20); // the sample holds positions that must lose lives, not only clearable ones
  }, 60_000);
  it("gives each first move's value, and the best of them is the position's value", () => {
    for (let seed = 400; seed < 500; seed++) {
      const s = randomPosition(seed);
      const values = new Solver(positionOf(s)).moveValues();
      expect(Math.min(...values.map((v) => v.loss))).toBe(minLivesLost(positionOf(s)));
      for (const v of values) expect(decide(s, s.turn, v.pan === null ? { type: "play", card: v.card } : { type: "play", card: v.card, pan: v.pan }, 0).ok).toBe(true);
    }
  });
  it("solves the worked example's round: clearable, as Anna and Ben showed", () => {
    const hands = [["7C", "3D", "5S", "9C", "JH", "AS"], ["4H", "8D", "QC", "10S", "2C", "6H"]];
    expect(clearable({ limit: 8, turn: 0, hands, left: [], right: [] })).toBe(true);
    // Limit 4: every 9 and 10 tips the moment it is played (9 − 4 > 4), so at least two lives.
    expect(minLivesLost({ limit: 4, turn: 0, hands, left: [], right: [] })).toBeGreaterThanOrEqual(2);
  });
  it("is fast: a whole random 12-card round in well under 5 ms of CPU time on average", () => {
    // CPU time of this process, not the wall clock: the machine may be busy with other simulations.
    const t0 = process.cpuUsage();
    const n = 300;
    for (let i = 0; i < n; i++) {
      const cards = shuffle(DECK, rng(i, "solver-speed")).slice(0, 12);
      new Solver({ limit: 5, turn: 0, hands: [cards.slice(0, 6), cards.slice(6)], left: [], right: [] }).minLoss();
    }
    const used = process.cpuUsage(t0);
    expect((used.user + used.system) / 1000 / n).toBeLessThan(5);
  });
});
