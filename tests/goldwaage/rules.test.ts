// The rules of RULES.md §2 (Goldwaage), one describe per rule; the engine's own decisions are in docs/goldwaage.md.
import { describe, expect, it } from "vitest";
import {
  card,
  DECK,
  decide,
  fold,
  handsFor,
  isCard,
  legalCommands,
  limitFor,
  LIVES,
  newGame,
  sortCards,
  validateDeals,
  validateOptions,
  view,
  type Command,
  type Deal,
  type Options,
  type Seat,
  type State,
} from "../../shared/goldwaage/index.js";
import { act, eventOf, pans, play, refuse, table } from "./helpers.js";

const NORMAL2: Options = { players: 2, level: "normal", variants: [] };
const ANNA_BEN: Deal = { hands: [["7C", "3D", "5S", "9C", "JH", "AS"], ["4H", "8D", "QC", "10S", "2C", "6H"]], starter: 0 };

function started(options: Options = NORMAL2, deals: Array<Deal | null> = [ANNA_BEN], seed: number | string = 3): State {
  return fold(newGame(options, seed, deals));
}

/** Plays a whole round by always taking the first legal command (shows included). */
function firstLegalRound(s: State): State {
  const round = s.round;
  while (s.round === round && s.phase !== "over") {
    const seat = (s.phase === "show" ? s.shown.findIndex((x) => !x) : s.turn) as Seat;
    s = act(s, seat, legalCommands(s, seat)[0]!).state;
  }
  return s;
}

describe("cards", () => {
  it("has 48 ids, rank + suit: 2–10 weigh their number, A J Q of four suits; no Kings", () => {
    expect(DECK).toHaveLength(48);
    expect(new Set(DECK).size).toBe(48);
    expect(DECK.slice(0, 12)).toEqual(["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "AC", "JC", "QC"]);
    expect(card("10S")).toMatchObject({ kind: "number", weight: 10, suit: "S" });
    expect(card("AH").kind).toBe("ace");
    expect(card("JD").kind).toBe("jack");
    expect(card("QC").kind).toBe("queen");
    for (const bad of ["KC", "1C", "11D", "10X", "ac", 7, null]) expect(isCard(bad)).toBe(false);
  });
});

describe("the deal", () => {
  it("deals four rounds of 12 from one seeded shuffle of the 48: every card once per game", () => {
    const s = started(NORMAL2, []);
    const all = ([1, 2, 3, 4] as const).flatMap((r) => handsFor(s, r).flat());
    expect(sortCards(all)).toEqual(sortCards(DECK));
    expect(handsFor(s, 1)).toEqual(handsFor(started(NORMAL2, [], 3), 1));
    expect(handsFor(started(NORMAL2, [], 4), 1)).not.toEqual(handsFor(s, 1));
  });
  it("gives 6 / 4 / 3 cards each to 2 / 3 / 4 players", () => {
    for (const players of [2, 3, 4] as const) {
      const s = started({ players, level: "normal", variants: [] }, []);
      expect(s.hands).toHaveLength(players);
      for (const h of s.hands) expect(h).toHaveLength(12 / players);
    }
  });
  it("uses an explicit deal for its round and deals the other rounds from the cards no explicit deal uses", () => {
    const s = started(NORMAL2, [null, ANNA_BEN]);
    expect(handsFor(s, 2)).toEqual(ANNA_BEN.hands);
    const rest = [1, 3, 4].flatMap((r) => handsFor(s, r as 1 | 3 | 4).flat());
    expect(rest.some((c) => ANNA_BEN.hands.flat().includes(c))).toBe(false);
    expect(new Set(rest).size).toBe(36);
  });
  it("refuses broken deals and options", () => {
    expect(validateDeals(NORMAL2, [{ hands: [["7C"], []] }])).toMatch(/6 cards/);
    expect(validateDeals(NORMAL2, [ANNA_BEN, ANNA_BEN])).toMatch(/twice/);
    expect(validateDeals(NORMAL2, [{ ...ANNA_BEN, starter: 2 }])).toMatch(/starter/);
    expect(validateDeals(NORMAL2, [{ hands: [["KC", "3D", "5S", "9C", "JH", "AS"], ["4H", "8D", "QC", "10S", "2C", "6H"]] }])).toMatch(/not a Goldwaage card/);
    expect(validateOptions({ players: 5, level: "normal", variants: [] })).toMatch(/players/);
    expect(validateOptions({ players: 2, level: "mittel", variants: [] })).toMatch(/level/);
    expect(validateOptions({ players: 2, level: "normal", variants: ["x"] })).toMatch(/unknown variant/);
    expect(validateOptions({ players: 2, level: "profi", variants: ["zwei-offene-karten"] })).toMatch(/Profi/);
    expect(validateOptions({ players: 3, level: "profi", variants: ["ruhige-waage"] })).toBeNull();
  });
});

describe("limits and lives", () => {
  it("2 players 8/7/6/5, 3–4 players 9/8/7/6, ruhige Waage 7 or 8 in every round", () => {
    expect([1, 2, 3, 4].map((r) => limitFor(NORMAL2, r))).toEqual([8, 7, 6, 5]);
    expect([1, 2, 3, 4].map((r) => limitFor({ players: 3, variants: [] }, r))).toEqual([9, 8, 7, 6]);
    expect([1, 2, 3, 4].map((r) => limitFor({ players: 4, variants: [] }, r))).toEqual([9, 8, 7, 6]);
    expect([1, 4].map((r) => limitFor({ players: 2, variants: ["ruhige-waage"] }, r))).toEqual([7, 7]);
    expect([1, 4].map((r) => limitFor({ players: 4, variants: ["ruhige-waage"] }, r))).toEqual([8, 8]);
  });
  it("Leicht 4, Normal 3, Schwer 2, Profi 3 lives", () => {
    expect(LIVES).toEqual({ leicht: 4, normal: 3, schwer: 2, profi: 3 });
    expect(started({ players: 2, level: "schwer", variants: [] }).lives).toBe(2);
  });
});

describe("the round start: open cards", () => {
  it("each seat shows one card of its hand, in any order; then the starter plays", () => {
    let s = started();
    expect(s.phase).toBe("show");
    refuse(s, 0, { type: "play", card: "7C", pan: "left" }, "WRONG_PHASE");
    s = act(s, 1, { type: "show", cards: ["4H"] }).state;
    refuse(s, 1, { type: "show", cards: ["8D"] }, "ALREADY_SHOWN");
    s = act(s, 0, { type: "show", cards: ["3D"] }).state;
    expect(s.phase).toBe("play");
    expect(s.open).toEqual([["3D"], ["4H"]]);
    expect(s.turn).toBe(0);
  });
  it("refuses too many or too few open cards, a card not in hand, a duplicate", () => {
    const s = started();
    refuse(s, 0, { type: "show", cards: [] }, "WRONG_OPEN_COUNT");
    refuse(s, 0, { type: "show", cards: ["3D", "7C"] }, "WRONG_OPEN_COUNT");
    refuse(s, 0, { type: "show", cards: ["4H"] }, "NOT_IN_HAND");
    refuse(s, 0, { type: "show", cards: ["3D", "3D"] }, "DUPLICATE_CARD");
    refuse(s, 0, { type: "show", cards: ["KD"] }, "UNKNOWN_CARD");
    refuse(s, 0, { type: "show", cards: "3D" }, "BAD_COMMAND");
  });
  it("zwei offene Karten: two each", () => {
    let s = started({ players: 2, level: "normal", variants: ["zwei-offene-karten"] });
    refuse(s, 0, { type: "show", cards: ["3D"] }, "WRONG_OPEN_COUNT");
    s = act(s, 0, { type: "show", cards: ["3D", "9C"] }).state;
    expect(s.open[0]).toEqual(["3D", "9C"]);
  });
  it("Profi: nothing is shown, the game starts in play, and a show is refused", () => {
    const s = started({ players: 2, level: "profi", variants: [] });
    expect(s.phase).toBe("play");
    expect(s.open).toEqual([[], []]);
    refuse(s, 0, { type: "show", cards: ["3D"] }, "SHOW_NOT_ALLOWED");
    refuse(s, 0, { type: "play", card: "7C", pan: "left", show: ["3D"] }, "SHOW_NOT_ALLOWED");
  });
  it("offene Hände: every card is open all the time; there is nothing to choose", () => {
    let s = started({ players: 2, level: "normal", variants: ["offene-haende"] });
    expect(s.phase).toBe("play");
    expect(s.open).toEqual(s.hands);
    refuse(s, 0, { type: "show", cards: ["3D"] }, "SHOW_NOT_ALLOWED");
    s = play(s, 0, "7C", "left").state;
    expect(s.open).toEqual(s.hands);
  });
});

describe("number cards", () => {
  it("go on top of the named pan and weigh their number; the pan must be named", () => {
    let s = table({ hands: [["7C", "2D"], ["4H", "5S"]], left: ["3C"] });
    refuse(s, 0, { type: "play", card: "7C" }, "MISSING_PAN");
    refuse(s, 0, { type: "play", card: "7C", pan: "middle" }, "UNKNOWN_PAN");
    s = play(s, 0, "7C", "right").state;
    expect(pans(s)).toEqual({ left: ["3C"], right: ["7C"] });
    expect(view(s, 1).sums).toEqual([3, 7]);
  });
});

describe("the Ace", () => {
  it("in the strictly lighter pan is a counterweight: it weighs the difference and the scale balances", () => {
    const { events, state } = play(table({ hands: [["AS", "2D"], ["4H", "5S"]], left: ["9C"], right: ["3D"] }), 0, "AS", "right");
    expect(eventOf(events, "cardPlayed")).toMatchObject({ card: "AS", pan: "right", weight: 6 });
    expect(eventOf(events, "scaleBalanced")).toBeDefined();
    expect(pans(state)).toEqual({ left: [], right: [] });
    expect(state.discard).toEqual(expect.arrayContaining(["9C", "3D", "AS"]));
  });
  it("an empty pan counts as lighter when the other holds cards", () => {
    const { events } = play(table({ hands: [["AS", "2D"], ["4H", "5S"]], left: ["7C"] }), 0, "AS", "right");
    expect(eventOf(events, "cardPlayed")).toMatchObject({ weight: 7 });
    expect(eventOf(events, "scaleBalanced")).toBeDefined();
  });
  it("weighs 1 in the heavier pan and on an empty scale", () => {
    let s = play(table({ hands: [["AS", "2D"], ["4H", "5S"]], left: ["7C"] }), 0, "AS", "left").state;
    expect(s.pans.left.map((p) => p.weight)).toEqual([7, 1]);
    s = play(table({ hands: [["AS", "2D"], ["4H", "5S"]] }), 0, "AS", "right").state;
    expect(s.pans.right).toEqual([{ card: "AS", weight: 1 }]);
  });
});

describe("the Jack", () => {
  it("moves the top card of the named pan onto the top of the other, keeping its weight; the Jack is discarded", () => {
    const s = play(table({ hands: [["JH", "2D"], ["4H", "5S"]], left: ["3C", "AC"], right: ["5S"] }), 0, "JH", "left").state;
    expect(pans(s)).toEqual({ left: ["3C"], right: ["5S", "AC"] });
    expect(s.pans.right[1]).toEqual({ card: "AC", weight: 1 });
    expect(s.discard).toEqual(["JH"]);
  });
  it("acts on the only pan with cards; naming the empty pan or no pan is refused", () => {
    const s = table({ hands: [["JH", "2D"], ["4H", "5S"]], left: ["8D"] });
    refuse(s, 0, { type: "play", card: "JH", pan: "right" }, "EMPTY_PAN");
    refuse(s, 0, { type: "play", card: "JH" }, "MISSING_PAN");
    expect(pans(play(s, 0, "JH", "left").state)).toEqual({ left: [], right: ["8D"] });
  });
  it("does nothing on an empty scale (the pan may be left out)", () => {
    const { state, events } = play(table({ hands: [["JH", "2D"], ["4H", "5S"]] }), 0, "JH");
    expect(pans(state)).toEqual({ left: [], right: [] });
    expect(eventOf(events, "cardPlayed")).toMatchObject({ pan: null });
    expect(eventOf(events, "scaleBalanced")).toBeUndefined();
    expect(state.discard).toEqual(["JH"]);
  });
});

describe("the Queen", () => {
  it("removes the top card of the named pan; both are discarded", () => {
    const s = play(table({ hands: [["QC", "2D"], ["4H", "5S"]], left: ["3C", "6D"], right: ["7S"] }), 0, "QC", "left").state;
    expect(pans(s)).toEqual({ left: ["3C"], right: ["7S"] });
    expect(s.discard).toEqual(["6D", "QC"]);
  });
  it("refuses the empty pan while the other holds cards, and does nothing on an empty scale", () => {
    refuse(table({ hands: [["QC", "2D"], ["4H", "5S"]], right: ["7S"] }), 0, { type: "play", card: "QC", pan: "left" }, "EMPTY_PAN");
    const { state } = play(table({ hands: [["QC", "2D"], ["4H", "5S"]] }), 0, "QC", "left");
    expect(state.discard).toEqual(["QC"]);
  });
  it("removing the only card leaves an empty, balanced scale", () => {
    const { events, state } = play(table({ hands: [["QC", "2D"], ["4H", "5S"]], right: ["7S"] }), 0, "QC", "right");
    expect(eventOf(events, "scaleBalanced")).toBeDefined();
    expect(state.livesLost).toBe(0);
  });
});

describe("the check after every card", () => {
  it("equal pans balance: the scale is emptied", () => {
    const { events, state } = play(table({ hands: [["4C", "2D"], ["4H", "5S"]], left: ["9C"], right: ["5D"] }), 0, "4C", "right");
    expect(eventOf(events, "scaleBalanced")).toBeDefined();
    expect(pans(state)).toEqual({ left: [], right: [] });
  });
  it("a difference above the limit tips: a life is lost and the scale is emptied", () => {
    const { events, state } = play(table({ hands: [["5C", "2D"], ["4H", "5S"]], left: ["4C"], limit: 8 }), 0, "5C", "left");
    expect(eventOf(events, "scaleTipped")).toMatchObject({ difference: 9, lifeLost: true });
    expect(state.lives).toBe(2);
    expect(state.livesLost).toBe(1);
    expect(pans(state)).toEqual({ left: [], right: [] });
  });
  it("a difference equal to the limit is fine", () => {
    const { events, state } = play(table({ hands: [["8C", "2D"], ["4H", "5S"]], open: [["2D"], ["4H"]], limit: 8 }), 0, "8C", "left");
    expect(events.map((e) => e.type)).toEqual(["cardPlayed"]);
    expect(view(state, 1).difference).toBe(8);
  });
  it("a Jack can tip the scale too (it doubles the difference's change)", () => {
    const { events } = play(table({ hands: [["JC", "2D"], ["4H", "5S"]], left: ["8C"], right: ["5D"], limit: 8 }), 0, "JC", "right");
    expect(eventOf(events, "scaleTipped")).toMatchObject({ difference: 13 }); // 8:5 → 13:0
  });
});

describe("turns", () => {
  it("the starter plays first, then to the left (seat + 1); no passing", () => {
    let s = table({ players: 3, hands: [["2C", "3C"], ["2D", "3D"], ["2H", "3H"]], turn: 1 });
    refuse(s, 0, { type: "play", card: "2C", pan: "left" }, "NOT_YOUR_TURN");
    s = play(s, 1, "2D", "left").state;
    expect(s.turn).toBe(2);
    s = play(s, 2, "2H", "right").state;
    expect(s.turn).toBe(0);
    refuse(s, 0, { type: "pass" }, "BAD_COMMAND");
  });
  it("refuses a bad seat, a card not in hand, an unknown card, anything after the end", () => {
    const s = table({ hands: [["2C", "3C"], ["2D", "3D"]] });
    refuse(s, 2, { type: "play", card: "2C", pan: "left" }, "INVALID_SEAT");
    refuse(s, "0", { type: "play", card: "2C", pan: "left" }, "INVALID_SEAT");
    refuse(s, 0, { type: "play", card: "2D", pan: "left" }, "NOT_IN_HAND");
    refuse(s, 0, { type: "play", card: "ZZ", pan: "left" }, "UNKNOWN_CARD");
    refuse(s, 0, null, "BAD_COMMAND");
    refuse({ ...s, phase: "over", result: "lost" }, 0, { type: "play", card: "2C", pan: "left" }, "GAME_OVER");
  });
});

describe("open cards during play", () => {
  it("after playing the open card another must be shown; the show names the complete open set", () => {
    const s = table({ hands: [["3D", "7C", "5S"], ["4H", "8D", "2C"]], open: [["3D"], ["4H"]] });
    refuse(s, 0, { type: "play", card: "3D", pan: "left" }, "SHOW_REQUIRED");
    refuse(s, 0, { type: "play", card: "3D", pan: "left", show: ["3D"] }, "NOT_IN_HAND");
    refuse(s, 0, { type: "play", card: "3D", pan: "left", show: ["7C", "5S"] }, "WRONG_OPEN_COUNT");
    refuse(s, 0, { type: "play", card: "3D", pan: "left", show: ["4H"] }, "NOT_IN_HAND");
    const { state, events } = play(s, 0, "3D", "left", ["5S"]);
    expect(state.open[0]).toEqual(["5S"]);
    expect(events.map((e) => e.type)).toEqual(["cardPlayed", "cardsShown"]);
  });
  it("at the end of any own turn the open card may be swapped", () => {
    const s = table({ hands: [["3D", "7C", "5S"], ["4H", "8D", "2C"]], open: [["3D"], ["4H"]] });
    expect(play(s, 0, "7C", "left").state.open[0]).toEqual(["3D"]);
    expect(play(s, 0, "7C", "left", ["5S"]).state.open[0]).toEqual(["5S"]);
  });
  it("a card swapped away stays known as shown earlier (wasOpen) until it is played; the next round forgets", () => {
    const s = table({ hands: [["3D", "7C", "5S", "9H"], ["4H", "8D", "2C", "6S"]], open: [["3D"], ["4H"]] });
    const a = play(s, 0, "7C", "left", ["5S"]).state;
    expect(a.wasOpen[0]).toEqual(["3D"]);
    expect(view(a, 1).wasOpen).toEqual([["3D"], []]);
    expect(view(a, "spectator").wasOpen).toEqual([["3D"], []]);
    const b = play(a, 1, "4H", "right", ["8D"]).state; // the open card played: it left the hand, so it is not "was open"
    expect(b.wasOpen[1]).toEqual([]);
    const c = play(b, 0, "5S", "left", ["3D"]).state; // shown again: open, no longer "was open"
    expect(c.open[0]).toEqual(["3D"]);
    expect(c.wasOpen[0]).toEqual([]);
    const d = play(play(c, 1, "2C", "left", ["6S"]).state, 0, "9H", "right").state;
    expect(d.wasOpen).toEqual([[], ["8D"]]);
    expect(play(d, 1, "8D", "left").state.wasOpen).toEqual([[], []]); // played from hiding: gone from the hand
    const fresh = fold(newGame({ players: 2, level: "normal", variants: [] }, 1));
    expect(fresh.wasOpen).toEqual([[], []]);
  });
  it("the last card is open by itself", () => {
    const s = table({ hands: [["3D", "7C"], ["4H", "8D"]], open: [["3D"], ["4H"]] });
    const { state, events } = play(s, 0, "3D", "left");
    expect(state.open[0]).toEqual(["7C"]);
    expect(eventOf(events, "cardsShown")).toMatchObject({ seat: 0, cards: ["7C"] });
  });
  it("zwei offene Karten: two stay open while the hand has two or more", () => {
    const s = table({ variants: ["zwei-offene-karten"], hands: [["3D", "7C", "5S", "9H"], ["4H", "8D", "2C", "6S"]], open: [["3D", "7C"], ["4H", "8D"]] });
    refuse(s, 0, { type: "play", card: "3D", pan: "left" }, "SHOW_REQUIRED");
    expect(play(s, 0, "3D", "left", ["7C", "9H"]).state.open[0]).toEqual(["7C", "9H"]);
  });
  it("Profi: nothing is open, the last card neither", () => {
    const s = table({ level: "profi", hands: [["3D", "7C"], ["4H", "8D"]] });
    const { state } = play(s, 0, "3D", "left");
    expect(state.open).toEqual([[], []]);
  });
});

describe("the round end", () => {
  it("cards left on the scale after the last card cost a life; the next round has the next limit and starts one seat to the left", () => {
    const s = table({ hands: [["2C"], []], open: [["2C"], []], left: ["3C"], round: 1, limit: 8 });
    const { state, events } = play(s, 0, "2C", "left");
    expect(eventOf(events, "roundEnded")).toMatchObject({ round: 1, unbalanced: true, lifeLost: true });
    expect(state.livesLost).toBe(1);
    expect(state.livesLostByRound).toEqual([1, 0, 0, 0]);
    expect(state.round).toBe(2);
    expect(state.limit).toBe(7);
    expect(state.starter).toBe(1);
    expect(state.turn).toBe(1);
    expect(state.phase).toBe("show");
    expect(pans(state)).toEqual({ left: [], right: [] });
  });
  it("an empty scale at the end costs nothing; the starter rotates through all seats", () => {
    let s = started({ players: 3, level: "leicht", variants: [] }, [], 11);
    const starters: number[] = [s.starter];
    for (let r = 0; r < 3 && s.phase !== "over"; r++) {
      s = firstLegalRound(s);
      if (s.phase !== "over") starters.push(s.starter);
    }
    expect(starters).toEqual([0, 1, 2, 0].slice(0, starters.length));
  });
});

describe("losing and winning", () => {
  it("the team loses the moment it needs a life and has none: lives never go below 0", () => {
    const { state, events } = play(table({ hands: [["10C", "2D"], ["4H", "5S"]], limit: 5, lives: 0 }), 0, "10C", "left");
    expect(eventOf(events, "scaleTipped")).toMatchObject({ lifeLost: false });
    expect(eventOf(events, "gameEnded")).toMatchObject({ result: "lost" });
    expect(state.lives).toBe(0);
    expect(state.result).toBe("lost");
    refuse(state, 1, { type: "play", card: "4H", pan: "left" }, "GAME_OVER");
  });
  it("a round ending unbalanced with no life left loses", () => {
    const s = table({ hands: [["2C"], []], open: [["2C"], []], lives: 0, round: 4 });
    const { state } = play(s, 0, "2C", "left");
    expect(state.result).toBe("lost");
  });
  it("wins when all four rounds are played, even with no life left", () => {
    const s = table({ hands: [["QC"], []], open: [["QC"], []], lives: 0, round: 4 });
    const { state, events } = play(s, 0, "QC");
    expect(eventOf(events, "roundEnded")).toMatchObject({ unbalanced: false });
    expect(state.result).toBe("won");
    expect(state.phase).toBe("over");
  });
});

describe("views", () => {
  it("show the own hand, everyone's open cards, the pans readable in order, sums, difference, limit, lives, whose turn — no hidden card", () => {
    const s = table({ hands: [["3D", "7C", "5S"], ["4H", "8D", "2C"]], open: [["3D"], ["4H"]], left: ["9C", "AS"], right: ["6H"] });
    const v = view(s, 0);
    expect(v.hand).toEqual(["3D", "7C", "5S"]);
    expect(v.open).toEqual([["3D"], ["4H"]]);
    expect(v.pans.left.map((p) => p.card)).toEqual(["9C", "AS"]);
    expect(v.sums).toEqual([10, 6]);
    expect(v.difference).toBe(4);
    expect(v.turn).toBe(0);
    expect(v.handSizes).toEqual([3, 3]);
    const text = JSON.stringify(v);
    for (const hidden of ["8D", "2C"]) expect(text).not.toContain(`"${hidden}"`);
    expect(text).not.toContain("seed");
    const spectator = JSON.stringify(view(s, "spectator"));
    for (const hidden of ["7C", "5S", "8D", "2C"]) expect(spectator).not.toContain(`"${hidden}"`);
  });
});

describe("legal commands", () => {
  it("every listed command is accepted, and every other card/pan/show combination of the hand is refused", () => {
    const s = table({ hands: [["3D", "JC", "AS"], ["4H", "8D", "2C"]], open: [["3D"], ["4H"]], left: ["5C"] });
    const legal = legalCommands(s, 0);
    for (const c of legal) expect(decide(s, 0, c, 0).ok).toBe(true);
    const key = (c: Command) => JSON.stringify(c);
    const listed = new Set(legal.map(key));
    for (const c of ["3D", "JC", "AS"]) {
      for (const pan of [undefined, "left", "right"] as const) {
        for (const show of [undefined, ["3D"], ["JC"], ["AS"]]) {
          const cmd: Command = { type: "play", card: c, ...(pan ? { pan } : {}), ...(show ? { show } : {}) };
          if (!listed.has(key(cmd)) && show?.[0] !== s.open[0]![0]) expect(decide(s, 0, cmd, 0).ok, key(cmd)).toBe(false);
        }
      }
    }
    expect(legalCommands(s, 1)).toEqual([]);
  });
});

describe("the engine's own decisions (docs/goldwaage.md)", () => {
  it("an explicit deal's starter overrides the rotation for its round; later rounds rotate from there", () => {
    const d2: Deal = { hands: [["2C", "3C", "4C", "5C", "6C", "7C"], ["2D", "3D", "4D", "5D", "6D", "7D"]], starter: 0 };
    const s = table({ hands: [["QH"], []], open: [["QH"], []], round: 1 });
    s.deals = [null, d2];
    s.starter = 0;
    const { state } = play(s, 0, "QH");
    expect(state.round).toBe(2);
    expect(state.starter).toBe(0); // the deal says 0, although the rotation would give 1
    expect(state.hands).toEqual(d2.hands);
  });
  it("offene Hände together with zwei offene Karten: every card is open", () => {
    const s = started({ players: 2, level: "normal", variants: ["offene-haende", "zwei-offene-karten"] });
    expect(s.phase).toBe("play");
    expect(s.open).toEqual(s.hands);
  });
  it("a tip with the round's last card empties the scale, so the round end costs nothing more", () => {
    const s = table({ hands: [["10C"], []], open: [["10C"], []], left: ["3C"], limit: 8, round: 1 });
    const { state, events } = play(s, 0, "10C", "left");
    expect(eventOf(events, "scaleTipped")).toMatchObject({ lifeLost: true });
    expect(eventOf(events, "roundEnded")).toMatchObject({ unbalanced: false, lifeLost: false });
    expect(state.livesLost).toBe(1);
  });
  it("a show equal to the current open set is no swap: no event", () => {
    const s = table({ hands: [["3D", "7C", "5S"], ["4H", "8D", "2C"]], open: [["3D"], ["4H"]] });
    expect(play(s, 0, "7C", "left", ["3D"]).events.map((e) => e.type)).toEqual(["cardPlayed"]);
  });
  it("open cards change only in the own turn: a show command during play is refused", () => {
    const s = table({ hands: [["3D", "7C", "5S"], ["4H", "8D", "2C"]], open: [["3D"], ["4H"]] });
    refuse(s, 1, { type: "show", cards: ["8D"] }, "WRONG_PHASE");
  });
});
