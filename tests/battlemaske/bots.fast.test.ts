// The fast representation (shared/battlemaske/bots/fast.ts) against the engine: legal cards, trick winners, effects, steals and the ranking.
import { describe, expect, it } from "vitest";
import { decide, legalCards, sortCards, type Seat, type Suit } from "../../shared/battlemaske/index.js";
import { playRandomGame } from "../../shared/battlemaske/random.js";
import { CODECS, countTrick, decodeRanking, encodeRanking, fromMask, GREED, legalFollow, lowBit, placeSuit, resolve, SUIT_OF, suitIndex, toMask } from "../../shared/battlemaske/bots/fast.js";
import { exactFollow, exactLead, followNode, greedyGive, greedySwap, leadNode, wantsTrick, type SearchCtx } from "../../shared/battlemaske/bots/policy.js";
import { gameLeaf, TABLES } from "../../shared/battlemaske/bots/values.js";
import { rng, shuffle } from "../../shared/rng.js";
import type { Ruleset } from "../../shared/battlemaske/cards.js";

const GAMES = Number(process.env.BOTS_FAST_GAMES ?? 300);

function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

function crossCheck(ruleset: Ruleset): number {
  const codec = CODECS[ruleset];
  let checked = 0;
  for (let g = 0; g < GAMES; g++) {
    playRandomGame({ ruleset, variant: g % 2 ? "profi" : "single" }, `fast/${ruleset}/${g}`, g, (step) => {
      const s = step.before;
      if (step.command.type !== "play") return;
      const seat = step.seat as Seat;
      const hand = toMask(codec, s.hands[seat]);
      // Legal cards of the follower (and any card for a leader).
      const lead = s.trick[0];
      const fastLegal = lead ? legalFollow(hand, codec.index.get(lead.card) as number, s.namedSuit === null ? -1 : suitIndex(s.namedSuit), ruleset === "zwiegespalten") : hand;
      check(sortCards(fromMask(codec, fastLegal)).join() === sortCards(legalCards(s, seat)).join(), () => `legal cards differ at ${JSON.stringify(s.trick)}`);
      check(encodeRanking(decodeRanking(encodeRanking(s.ranking))) === encodeRanking(s.ranking), () => `ranking ${s.ranking} does not round-trip`);
      if (!lead) return;
      // The complete trick: winner, effect, steal and the ranking afterwards.
      const taken = step.events.find((e) => e.type === "trickTaken");
      check(taken !== undefined && taken.type === "trickTaken", () => "no trickTaken");
      const a = codec.index.get(lead.card) as number;
      const b = codec.index.get(step.command.card) as number;
      const sa = SUIT_OF[a] as number;
      // The engine placed the lead's suit when it was led: s.ranking already holds it.
      const res = resolve(codec.strength, encodeRanking(s.ranking), a, b);
      void sa;
      const winner = (res & 1) === 1 ? lead.seat : seat;
      check(winner === taken.winner, () => `winner differs: ${lead.card} vs ${step.command.type === "play" ? step.command.card : ""} ranking ${s.ranking}`);
      const effect = ["none", "pride", "greed", "wrath"][(res >> 1) & 3];
      check(effect === (taken.effect ?? "none"), () => `effect differs: ${effect} vs ${taken.effect}`);
      const t = countTrick(s.tricks[0], s.tricks[1], winner, (res >> 1) & 3);
      const stolen = (winner === 0 ? (t & 15) - s.tricks[0] : (t >> 4) - s.tricks[1]) === 2;
      check(stolen === (taken.stolen === true), () => "steal differs");
      const after = decide(s, seat, step.command, 0);
      check(after.ok, () => "refused");
      checked++;
    });
  }
  return checked;
}

describe("fast representation", () => {
  it("places suits like the engine's ranking", () => {
    const order: Suit[] = ["G", "P", "D"];
    let rk = 0;
    for (const s of order) rk = placeSuit(rk, suitIndex(s));
    expect(decodeRanking(rk)).toEqual(["G", "P", "D"]);
    expect(decodeRanking(placeSuit(placeSuit(0, 1), 1))).toEqual(["D"]);
  });
  for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
    it(`${ruleset}: legal cards, trick winners, effects and steals agree with the engine over ${GAMES} random games`, () => {
      expect(crossCheck(ruleset)).toBeGreaterThan(GAMES * 10);
    }, 120_000);
  }
});

/** Plain minimax without pruning, the reference for the alpha-beta search. */
function minimax(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, rk: number, leader: number): number {
  const hl = leader ? h1 : h0;
  const hf = leader ? h0 : h1;
  if (!hl) return c.leaf[Math.abs(t0 - t1)] as number;
  const tmp = new Int32Array(2);
  let best = leader === c.conte ? -Infinity : Infinity;
  for (let m = hl; m; m &= m - 1) {
    const a = lowBit(m);
    const sa = SUIT_OF[a] as number;
    const rk1 = sa >= 0 ? placeSuit(rk, sa) : rk;
    for (let n = 0; n < (sa >= 0 ? 1 : 3); n++) {
      let reply = leader === c.conte ? Infinity : -Infinity;
      for (let f = legalFollow(hf, a, n, c.zw); f; f &= f - 1) {
        const b = lowBit(f);
        const res = resolve(c.strength, rk1, a, b);
        const w = res & 1 ? leader : 1 - leader;
        const t = countTrick(t0, t1, w, (res >> 1) & 3);
        let n0 = h0, n1 = h1;
        if (leader === 0) { n0 &= ~(1 << a); n1 &= ~(1 << b); } else { n1 &= ~(1 << a); n0 &= ~(1 << b); }
        if (((res >> 1) & 3) === GREED && n0) {
          greedySwap(c, n0, n1, t & 15, t >> 4, tmp);
          n0 = tmp[0] as number;
          n1 = tmp[1] as number;
        }
        const v = minimax(c, n0, n1, t & 15, t >> 4, res >> 3, w);
        reply = leader === c.conte ? Math.min(reply, v) : Math.max(reply, v);
      }
      best = leader === c.conte ? Math.max(best, reply) : Math.min(best, reply);
    }
  }
  return best;
}

/** A random endgame of k cards per hand: the position and a context with varied roles, rounds and mirrors. */
function endgame(ruleset: Ruleset, i: number, k: number) {
  const codec = CODECS[ruleset];
  const c: SearchCtx = { codec, strength: codec.strength, zw: ruleset === "zwiegespalten", conte: (i % 3 === 0 ? 1 : 0), leaf: gameLeaf((1 + (i % 3)) as 1 | 2 | 3, 2 * (i % 5)), exactAt: 10 };
  const cards = shuffle([...Array(25).keys()], rng(ruleset, "endgame", i, k));
  let h0 = 0, h1 = 0;
  for (let j = 0; j < k; j++) { h0 |= 1 << (cards[j] as number); h1 |= 1 << (cards[10 + j] as number); }
  const t0 = i % (11 - k);
  return { c, h0, h1, t0, t1: 10 - k - t0, rk: [0, 1, 2 | (3 << 2)][i % 3] as number, leader: i % 2 };
}

describe("exact search", () => {
  it("the search's greed swap gives what the rule of thumb's greedyGive gives", () => {
    for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
      for (let i = 0; i < 2000; i++) {
        const e = endgame(ruleset, i, 1 + (i % 8));
        const out = new Int32Array(2);
        greedySwap(e.c, e.h0, e.h1, e.t0, e.t1, out);
        const st = e.c.strength;
        const k = Math.min(2, 1 + (i % 8));
        const g0 = greedyGive(st, e.h0, k, e.c.conte === 0, wantsTrick(st, e.c.conte === 0, e.t0, e.t1, e.h0), false);
        const g1 = greedyGive(st, e.h1, k, e.c.conte === 1, wantsTrick(st, e.c.conte === 1, e.t1, e.t0, e.h1), false);
        check(out[0] === ((e.h0 & ~g0) | g1) && out[1] === ((e.h1 & ~g1) | g0), () => `swap ${i} (${ruleset}) differs`);
      }
    }
  });

  it("alpha-beta with its transposition table gives the plain minimax value on random endgames of 1–5 cards", () => {
    for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
      for (let i = 0; i < 240; i++) {
        const k = 1 + (i % 5);
        const e = endgame(ruleset, i, k);
        const fast = leadNode(e.c, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader, -Infinity, Infinity);
        check(Math.abs(fast - minimax(e.c, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader)) < 1e-12, () => `endgame ${i} (${ruleset}, ${k} cards) differs`);
      }
    }
  });

  it("the null-window tests find the full-window value, from a lead and from a lead card on the table", () => {
    for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
      for (let i = 0; i < 300; i++) {
        const k = 1 + (i % 6);
        const e = endgame(ruleset, i, k);
        const full = leadNode({ ...e.c }, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader, -Infinity, Infinity);
        check(exactLead({ ...e.c }, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader) === full, () => `lead ${i} (${ruleset}, ${k} cards) differs`);
        // The leader's highest card on the table, an elixir naming suit i % 3.
        const hl = e.leader === 0 ? e.h0 : e.h1;
        const lead = 31 - Math.clz32(hl);
        const sa = SUIT_OF[lead] as number;
        const rk = sa >= 0 ? placeSuit(e.rk, sa) : e.rk;
        const named = sa >= 0 ? -1 : i % 3;
        const f = followNode({ ...e.c }, e.h0, e.h1, e.t0, e.t1, rk, e.leader, lead, named, -Infinity, Infinity);
        check(exactFollow({ ...e.c }, e.h0, e.h1, e.t0, e.t1, rk, e.leader, lead, named) === f, () => `follow ${i} (${ruleset}, ${k} cards) differs`);
      }
    }
  });

  it("every value table falls strictly with the trick difference (the null-window tests need it)", () => {
    for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
      for (const round of [1, 2, 3] as const) for (let m = 0; m <= 9; m++) {
        const leaf = gameLeaf(round, m, TABLES[ruleset]);
        for (let d = 1; d <= 10; d++) check((leaf[d] as number) < (leaf[d - 1] as number), () => `${ruleset} round ${round} mirror ${m} d ${d}`);
      }
    }
  });

  it("a table filled by other positions and narrow windows never changes a full-window value", () => {
    for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
      const shared = endgame(ruleset, 0, 6).c;
      const fresh: number[] = [];
      const positions = Array.from({ length: 30 }, (_, i) => ({ ...endgame(ruleset, i, 4 + (i % 3)), c: shared }));
      for (const e of positions) fresh.push(leadNode({ ...e.c }, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader, -Infinity, Infinity));
      // One context (one table) for all: null windows around each value first leave bounds behind, then the full window.
      positions.forEach((e, i) => {
        const v = fresh[i] as number;
        const lo = leadNode(e.c, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader, v - 1e-9, v);
        const hi = leadNode(e.c, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader, v, v + 1e-9);
        check(lo >= v - 1e-9 && hi <= v + 1e-9, () => `position ${i} (${ruleset}): bounds ${lo} / ${hi} contradict ${v}`);
      });
      positions.forEach((e, i) => {
        const again = leadNode(e.c, e.h0, e.h1, e.t0, e.t1, e.rk, e.leader, -Infinity, Infinity);
        check(again === fresh[i], () => `position ${i} (${ruleset}): ${again} with a warm table, ${fresh[i]} fresh`);
      });
    }
  });
});
