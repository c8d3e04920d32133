// strong's tip reading on Profi (BotOptions.tips): it never tips while it holds a safe card, so a partner's tip narrows
// that partner's sampled cards to those that would have tipped the same scale.
import { describe, expect, it } from "vitest";
import {
  differenceAfter,
  hasSafeMove,
  makeBot,
  playGame,
  PROFI_PLAY,
  roundPlays,
  safeCard,
  sampleWorld,
  tipFilters,
  unseen,
  view,
  type Options,
  type State,
} from "../../shared/goldwaage/index.js";
import { rng } from "../../shared/rng.js";
import { play as playOn, table } from "./helpers.js";

describe("which cards tip a scale of weights", () => {
  it("follows the rules for numbers, Aces, Jacks and Queens", () => {
    expect(differenceAfter([5], [2], "4H", "left")).toBe(7);
    expect(differenceAfter([5], [2], "AH", "right")).toBe(0); // the lighter pan: a counterweight
    expect(differenceAfter([5], [2], "AH", "left")).toBe(4); // the heavier pan: weight 1
    expect(differenceAfter([5], [2], "JH", "left")).toBe(-7); // the 5 moves to the right
    expect(differenceAfter([5], [2], "QH", "right")).toBe(5); // the 2 is removed
    expect(differenceAfter([], [], "QH", null)).toBe(0);
    // Limit 6 with 5 : 2 on the pans: a 10 tips on either pan, a 9 on the right does not; a Jack tips on either pan.
    expect(safeCard("10S", [5], [2], 6)).toBe(false);
    expect(safeCard("9S", [5], [2], 6)).toBe(true);
    expect(safeCard("JS", [5], [2], 6)).toBe(false);
    expect(safeCard("QS", [5], [2], 6)).toBe(true);
    expect(safeCard("AS", [5], [2], 6)).toBe(true);
    // On an empty scale a Jack or Queen does nothing (safe), an Ace weighs 1, a number over the limit tips.
    expect(safeCard("JS", [], [], 6)).toBe(true);
    expect(safeCard("AS", [], [], 6)).toBe(true);
    expect(safeCard("7S", [], [], 6)).toBe(false);
    expect(hasSafeMove(["7S", "10H"], [], [], 6)).toBe(false);
    expect(hasSafeMove(["7S", "6H"], [], [], 6)).toBe(true);
  });
});

/** 3 players, Profi, limit 6: seat 1 holds only cards over the limit and leads one onto the empty scale — a tip. */
function afterTip(): State {
  let s = table({ level: "profi", players: 3, hands: [["2C", "3C", "4C", "5C"], ["7C", "8D", "9H", "10S"], ["2D", "3D", "4D", "5D"]], turn: 1, limit: 6 });
  s = playOn(s, 1, "7C", "left").state;
  s = playOn(s, 2, "2D", "left").state;
  return s;
}

describe("tipFilters", () => {
  it("a signalling seat that tipped may hold only cards that would have tipped that scale; nobody else is narrowed", () => {
    const v = view(afterTip(), 0);
    expect(roundPlays(v).map((p) => p.tipped)).toEqual([true, false]);
    expect(roundPlays(v)[0]).toMatchObject({ left: [], right: [] });
    const f = tipFilters(v, [1, 2]);
    expect(f[0]).toBeNull(); // the viewer
    expect(f[2]).toBeNull(); // did not tip
    expect(tipFilters(v, [2])[1]).toBeNull(); // a person's tip says nothing
    const tipOnly = f[1]!;
    expect(["8H", "9C", "10D", "7H"].every(tipOnly)).toBe(true);
    expect(["6H", "2S", "AH", "JD", "QC"].some(tipOnly)).toBe(false);
  });

  it("every sampled world gives the seat that tipped no safe card then; unconstrained worlds often do", () => {
    const v = view(afterTip(), 0);
    const allowed = tipFilters(v, [1, 2]);
    let safe = 0;
    for (let k = 0; k < 200; k++) {
      const world = sampleWorld(v, rng("tip", k), unseen(v), [], [], allowed);
      expect(world[1]).toHaveLength(3);
      expect(hasSafeMove([...world[1]!, "7C"], [], [], 6)).toBe(false);
      expect(world[2]).toHaveLength(3);
      if (hasSafeMove([...sampleWorld(v, rng("tip", k), unseen(v))[1]!, "7C"], [], [], 6)) safe++;
    }
    expect(safe).toBeGreaterThan(150); // three random unseen cards nearly always include a card of 6 or less, an Ace, Jack or Queen
  });

  it("reads nothing from a seat whose later play shows it held a safe card at its tip", () => {
    let s = table({ level: "profi", players: 3, hands: [["2C", "3C", "4C", "5C"], ["7C", "2H", "9H", "10S"], ["2D", "3D", "4D", "5D"]], turn: 1, limit: 6 });
    s = playOn(s, 1, "7C", "left").state; // tips although the 2♥ was safe (a person may do that)
    s = playOn(s, 2, "3D", "left").state;
    s = playOn(s, 0, "4C", "right").state;
    s = playOn(s, 1, "2H", "left").state;
    expect(tipFilters(view(s, 0), [1, 2])[1]).toBeNull();
  });
});

describe("strong with the tip reading (its default on Profi with 3 and 4 players)", () => {
  it("never tips the scale while it holds a card that does not (Profi), and tips do happen", () => {
    expect(PROFI_PLAY[3].tips && PROFI_PLAY[4].tips).toBe(true);
    let tips = 0;
    let withChoice = 0;
    for (const players of [3, 4] as const) {
      const options: Options = { players, level: "profi", variants: [] };
      // Until a tip with a choice was seen (a seat that tipped with more than one card left; with the suit rule on too,
      // the first three games of each count had none), at most eight games each.
      for (let g = 0; g < 8 && (g < 3 || withChoice === 0); g++) {
        const bots = Array.from({ length: players }, (_, s) => makeBot("strong", { seed: `tips/${g}/${s}`, samples: 8 }));
        let before: State | null = null;
        playGame(options, `tips/${g}`, bots, undefined, (s, events) => {
          const played = events.find((e) => e.type === "cardPlayed");
          if (played?.type === "cardPlayed" && before?.phase === "play" && events.some((e) => e.type === "scaleTipped")) {
            const hand = before.hands[played.seat]!;
            const w = (p: State["pans"]["left"]) => p.map((x) => x.weight);
            expect(hasSafeMove(hand, w(before.pans.left), w(before.pans.right), before.limit)).toBe(false);
            tips++;
            if (hand.length > 1) withChoice++;
          }
          before = structuredClone(s);
        });
      }
    }
    expect(tips).toBeGreaterThan(0);
    expect(withChoice).toBeGreaterThan(0);
  }, 60_000);

  it("plays off Profi exactly as without it (and without the partner-aware option)", () => {
    const options: Options = { players: 3, level: "schwer", variants: [] };
    for (let g = 0; g < 2; g++) {
      const team = (extra: object) => Array.from({ length: 3 }, (_, s) => makeBot("strong", { seed: `off/${g}/${s}`, samples: 8, ...extra }));
      const a = playGame(options, `off/${g}`, team({}));
      const b = playGame(options, `off/${g}`, team({ tips: true, reply: { late: 12, samples: 2 } }));
      expect(b.commands).toEqual(a.commands);
    }
  }, 60_000);
});
