// strong's suit rule on Profi (BotOptions.suits): cards of one rank act alike, so strong plays the lowest-suited card of
// the rank it chose, and a strong partner that played a card held none of its rank in a lower suit.
import { describe, expect, it } from "vitest";
import {
  card,
  lowestOfRank,
  makeBot,
  playGame,
  PROFI_PLAY,
  sampleWorld,
  suitFilters,
  suitOrdered,
  unseen,
  view,
  type Options,
  type State,
} from "../../shared/goldwaage/index.js";
import { rng } from "../../shared/rng.js";
import { play as playOn, table } from "./helpers.js";

describe("suitOrdered", () => {
  it("puts each rank's cards in suit order in the places that rank holds, the ranks keeping their order", () => {
    expect(suitOrdered(["7S", "3C", "7D", "QH", "7C", "QD"])).toEqual(["7C", "3C", "7D", "QD", "7S", "QH"]);
    expect(suitOrdered(["2H", "9C"])).toEqual(["2H", "9C"]);
  });
});

describe("lowestOfRank", () => {
  it("picks the lowest suit (♣ ♦ ♥ ♠) among the hand's cards of the rank, whatever card of it is named", () => {
    expect(lowestOfRank(["7S", "7D", "3C"], "7S")).toBe("7D");
    expect(lowestOfRank(["7S", "7D", "7C"], "7D")).toBe("7C");
    expect(lowestOfRank(["7S", "8C"], "7S")).toBe("7S");
    expect(lowestOfRank(["QH", "QS", "AC"], "QS")).toBe("QH");
  });
});

/** 3 players, Profi: seat 1 plays the 7♥ (so it holds no 7♣ or 7♦), seat 2 the 4♣ (says nothing). */
function afterSevenOfHearts(): State {
  let s = table({ level: "profi", players: 3, hands: [["2C", "3C", "5C", "6C"], ["7H", "8D", "9H", "10S"], ["4C", "3D", "4D", "5D"]], turn: 1, limit: 9 });
  s = playOn(s, 1, "7H", "left").state;
  s = playOn(s, 2, "4C", "right").state;
  return s;
}

describe("suitFilters", () => {
  it("a signalling seat that played a card holds none of its rank in a lower suit; nobody else is narrowed", () => {
    const v = view(afterSevenOfHearts(), 0);
    const f = suitFilters(v, [1, 2]);
    expect(f[0]).toBeNull(); // the viewer
    expect(suitFilters(v, [2])[1]).toBeNull(); // a person's suit says nothing
    const one = f[1]!;
    expect(["7C", "7D"].some(one)).toBe(false);
    expect(["7S", "8C", "AC", "QC", "2D"].every(one)).toBe(true);
    // The 4♣ is the lowest suit: nothing is excluded.
    expect(["4H", "4S", "2S"].every(f[2]!)).toBe(true);
  });

  it("every sampled world keeps the reading, and the true hands always pass it", () => {
    const v = view(afterSevenOfHearts(), 0);
    const allowed = suitFilters(v, [1, 2]);
    for (let k = 0; k < 200; k++) {
      const world = sampleWorld(v, rng("suit", k), unseen(v), [], [], allowed);
      expect(world[1]).toHaveLength(3);
      expect(world[1]!.some((c) => c === "7C" || c === "7D")).toBe(false);
    }
    const s = afterSevenOfHearts();
    expect(s.hands[1]!.every(allowed[1]!)).toBe(true);
    expect(s.hands[2]!.every(allowed[2]!)).toBe(true);
  });

  it("reads nothing from a seat that later played a lower suit of a rank it played (the rule broken)", () => {
    let s = table({ level: "profi", players: 3, hands: [["2C", "3C", "5C", "6C"], ["7H", "7C", "9H", "10S"], ["4C", "3D", "4D", "5D"]], turn: 1, limit: 9 });
    s = playOn(s, 1, "7H", "left").state; // a person may play the 7♥ while holding the 7♣
    s = playOn(s, 2, "3D", "right").state;
    s = playOn(s, 0, "2C", "right").state;
    s = playOn(s, 1, "7C", "right").state;
    expect(suitFilters(view(s, 0), [1, 2])[1]).toBeNull();
  });
});

describe("strong with the suit rule", () => {
  it.each([3, 4] as const)("plays the lowest suit of each rank it holds, and every partner's true hand fits the reading at every decision (%i players, Profi)", (players) => {
    const options: Options = { players, level: "profi", variants: [] };
    let pairs = 0;
    let narrowed = 0;
    for (let g = 0; g < 3; g++) {
      const bots = Array.from({ length: players }, (_, s) => makeBot("strong", { seed: `suits/${g}/${s}`, samples: 8, suits: true }));
      let before: State | null = null;
      playGame(options, `suits/${g}`, bots, undefined, (s, events) => {
        const played = events.find((e) => e.type === "cardPlayed");
        if (played?.type === "cardPlayed" && before?.phase === "play") {
          const hand = before.hands[played.seat]!;
          expect(lowestOfRank(hand, played.card)).toBe(played.card);
          if (hand.filter((c) => card(c).rank === card(played.card).rank).length > 1) pairs++;
        }
        if (s.phase === "play") {
          const v = view(s, s.turn);
          suitFilters(v, players === 3 ? [0, 1, 2] : [0, 1, 2, 3]).forEach((f, seat) => {
            if (!f) return;
            expect(s.hands[seat]!.every(f)).toBe(true);
            if (unseen(v).some((c) => !f(c))) narrowed++;
          });
        }
        before = structuredClone(s);
      });
    }
    expect(pairs).toBeGreaterThan(0);
    expect(narrowed).toBeGreaterThan(0);
  }, 60_000);

  it("plays off Profi exactly as without it", () => {
    const options: Options = { players: 3, level: "schwer", variants: [] };
    for (let g = 0; g < 2; g++) {
      const team = (extra: object) => Array.from({ length: 3 }, (_, s) => makeBot("strong", { seed: `suits-off/${g}/${s}`, samples: 8, ...extra }));
      const a = playGame(options, `suits-off/${g}`, team({}));
      const b = playGame(options, `suits-off/${g}`, team({ suits: true }));
      expect(b.commands).toEqual(a.commands);
    }
  }, 60_000);
});

describe("the suit rule per player count on Profi", () => {
  it("is on with 3 and 4 players, off with 2", () => {
    expect(PROFI_PLAY[3].suits).toBe(true);
    expect(PROFI_PLAY[4].suits).toBe(true);
    expect(PROFI_PLAY[2].suits ?? false).toBe(false);
  });
});
