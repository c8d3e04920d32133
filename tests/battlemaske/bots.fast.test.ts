// The fast representation (shared/battlemaske/bots/fast.ts) against the engine: legal cards, trick winners, effects, steals and the ranking.
import { describe, expect, it } from "vitest";
import { decide, legalCards, sortCards, type Seat, type Suit } from "../../shared/battlemaske/index.js";
import { playRandomGame } from "../../shared/battlemaske/random.js";
import { CODECS, countTrick, decodeRanking, encodeRanking, fromMask, legalFollow, placeSuit, resolve, SUIT_OF, suitIndex, toMask } from "../../shared/battlemaske/bots/fast.js";
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
