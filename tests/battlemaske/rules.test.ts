// The rules of RULES.md §1, one describe per rule.
import { describe, expect, it } from "vitest";
import {
  apply,
  deck,
  dealFor,
  decide,
  firstLeader,
  fold,
  isCard,
  legalCards,
  legalCommands,
  newGame,
  roleOf,
  sortCards,
  view,
  type Deal,
  type State,
} from "../../shared/battlemaske/index.js";
import { act, eventOf, play, plays, refuse, table } from "./helpers.js";

const DEAL_A: Deal = {
  hands: [
    ["P1", "P2", "P3", "D1", "D2", "G1", "G2", "E1", "E2", "P7"],
    ["P4", "P5", "P6", "D3", "D4", "G3", "G4", "E3", "D5", "G5"],
  ],
  aside: ["E4", "D6", "D7", "G6", "G7"],
};

function started(deals: Array<Deal | null> = [DEAL_A], ruleset: "battlemaske" | "zwiegespalten" = "battlemaske", variant: "single" | "profi" = "single"): State {
  return fold(newGame({ ruleset, variant }, 42, deals));
}

describe("cards and rule sets", () => {
  it("has 21 suit cards and 4 elixirs: 1+..4+ in Battlemaske, 2+..5+ in Zwiegespalten", () => {
    expect(deck("battlemaske")).toHaveLength(25);
    expect(deck("battlemaske").filter((c) => c.startsWith("E"))).toEqual(["E1", "E2", "E3", "E4"]);
    expect(deck("zwiegespalten").filter((c) => c.startsWith("E"))).toEqual(["E2", "E3", "E4", "E5"]);
    expect(isCard("battlemaske", "E5")).toBe(false);
    expect(isCard("zwiegespalten", "E1")).toBe(false);
    expect(isCard("battlemaske", "P8")).toBe(false);
    expect(isCard("battlemaske", "G7")).toBe(true);
  });
});

describe("the deal", () => {
  it("comes from the seed in the first event, differs per round and game, and is 10 + 10 + 5 of the deck", () => {
    const s = started([]);
    const r1 = dealFor(s, 1, 1);
    const r2 = dealFor(s, 1, 2);
    expect(r1).toEqual(dealFor(fold(newGame({ ruleset: "battlemaske", variant: "single" }, 42)), 1, 1));
    expect(r1).not.toEqual(r2);
    expect(dealFor(s, 2, 1)).not.toEqual(r1);
    for (const d of [r1, r2]) {
      expect(d.hands[0]).toHaveLength(10);
      expect(d.hands[1]).toHaveLength(10);
      expect(d.aside).toHaveLength(5);
      expect(sortCards([...d.hands[0], ...d.hands[1], ...d.aside])).toEqual(deck("battlemaske"));
    }
    expect(dealFor(fold(newGame({ ruleset: "battlemaske", variant: "single" }, 43)), 1, 1)).not.toEqual(r1);
  });
  it("uses an explicit deal for its slot 3·(game−1) + round − 1", () => {
    const s = started([null, DEAL_A], "battlemaske", "profi");
    expect(dealFor(s, 1, 2)).toEqual(DEAL_A);
    expect(dealFor(s, 1, 1)).not.toEqual(DEAL_A);
    expect(s.hands[0]).toHaveLength(10);
  });
});

describe("the exchange", () => {
  it("takes r cards in round r, hidden until both have picked, then both sets change hands at once", () => {
    let s = started();
    expect(s.phase).toBe("exchange");
    refuse(s, 0, { type: "exchange", cards: ["P1", "P2"] }, "WRONG_CARD_COUNT");
    s = act(s, 0, { type: "exchange", cards: ["E1"] }).state;
    expect(s.hands[0]).toContain("E1");
    expect(view(s, 1).hand).not.toContain("E1");
    expect(JSON.stringify(view(s, 1))).not.toContain("E1");
    expect(view(s, 0).ownPick).toEqual(["E1"]);
    expect(view(s, 1).waitingFor).toEqual([1]);
    refuse(s, 0, { type: "exchange", cards: ["P1"] }, "ALREADY_SUBMITTED");
    const r = act(s, 1, { type: "exchange", cards: ["G5"] });
    expect(eventOf(r.events, "exchangeCompleted")?.cards).toEqual([["E1"], ["G5"]]);
    s = r.state;
    expect(s.phase).toBe("play");
    expect(s.hands[0]).toContain("G5");
    expect(s.hands[1]).toContain("E1");
    expect(s.hands[0]).not.toContain("E1");
    expect(view(s, 0).knownAtOpponent).toEqual(["E1"]);
    expect(view(s, 1).received).toEqual(["E1"]);
  });
  it("makes a player holding two or more elixirs give at least one", () => {
    const s = started();
    refuse(s, 0, { type: "exchange", cards: ["P1"] }, "ELIXIR_REQUIRED");
    expect(decide(s, 1, { type: "exchange", cards: ["P4"] }, 0).ok).toBe(true); // one elixir: free choice
    expect(legalCommands(s, 0).every((c) => c.type === "exchange" && c.cards.some((x) => x.startsWith("E")))).toBe(true);
    expect(legalCommands(s, 0)).toHaveLength(2);
    expect(legalCommands(s, 1)).toHaveLength(10);
  });
  it("takes 3 cards in round 3 (120 choices without an elixir constraint)", () => {
    const s = started();
    s.round = 3;
    expect(legalCommands(s, 1)).toHaveLength(120);
    // Holding E1 and E2, all triples but those without an elixir: 120 − C(8,3) = 64.
    expect(legalCommands(s, 0)).toHaveLength(64);
  });
});

describe("following a suit card", () => {
  it("allows the led suit or any elixir", () => {
    const s = play(table({ hands: [["P3", "D1"], ["P5", "E2", "G7"]] }), 0, "P3").state;
    expect(sortCards(legalCards(s, 1))).toEqual(["P5", "E2"]);
    refuse(s, 1, { type: "play", card: "G7" }, "MUST_FOLLOW_SUIT");
  });
  it("in Battlemaske, without the suit: any card, even holding an elixir", () => {
    const s = play(table({ hands: [["P3", "D1"], ["D5", "E2", "G7"]] }), 0, "P3").state;
    expect(sortCards(legalCards(s, 1))).toEqual(["D5", "G7", "E2"]);
  });
  it("in Zwiegespalten, without the suit: an elixir if you hold one, else any card", () => {
    const s = play(table({ ruleset: "zwiegespalten", hands: [["P3", "D1"], ["D5", "E2", "G7"]] }), 0, "P3").state;
    expect(legalCards(s, 1)).toEqual(["E2"]);
    refuse(s, 1, { type: "play", card: "G7" }, "MUST_PLAY_ELIXIR");
    const t = play(table({ ruleset: "zwiegespalten", hands: [["P3", "D1"], ["D5", "G7"]] }), 0, "P3").state;
    expect(sortCards(legalCards(t, 1))).toEqual(["D5", "G7"]);
  });
});

describe("following an elixir and naming a suit", () => {
  it("requires a suit when leading an elixir, and only then", () => {
    const s = table({ hands: [["E2", "P1"], ["G4", "P3"]] });
    refuse(s, 0, { type: "play", card: "E2" }, "SUIT_REQUIRED");
    refuse(s, 0, { type: "play", card: "E2", suit: "X" }, "UNKNOWN_SUIT");
    refuse(s, 0, { type: "play", card: "P1", suit: "G" }, "SUIT_NOT_ALLOWED");
    const t = play(s, 0, "E2", "G").state;
    expect(t.namedSuit).toBe("G");
    refuse(t, 1, { type: "play", card: "G4", suit: "P" }, "SUIT_NOT_ALLOWED");
    expect(legalCommands(s, 0).filter((c) => c.type === "play" && c.card === "E2")).toHaveLength(3);
  });
  it("makes the follower play the named suit (an elixir does not count)", () => {
    const s = play(table({ hands: [["E2", "P1"], ["G4", "E3", "P3"]] }), 0, "E2", "G").state;
    expect(legalCards(s, 1)).toEqual(["G4"]);
    refuse(s, 1, { type: "play", card: "E3" }, "MUST_FOLLOW_NAMED_SUIT");
  });
  it("lets the follower without the named suit play any card, an elixir included", () => {
    const s = play(table({ hands: [["E2", "P1"], ["D4", "E3", "P3"]] }), 0, "E2", "G").state;
    expect(sortCards(legalCards(s, 1))).toEqual(["P3", "D4", "E3"]);
  });
});

describe("the ranking of suits", () => {
  it("is built in play order: first weakest, second middle, the third strongest at once", () => {
    let s = table({ hands: [["D6", "P1", "G1"], ["D1", "P2", "G2"]] });
    s = plays(s, [[0, "D6"], [1, "D1"]]).state;
    expect(s.ranking).toEqual(["D"]);
    s = plays(s, [[0, "P1"], [1, "P2"]]).state;
    expect(s.ranking).toEqual(["D", "P", "G"]);
  });
  it("places a suit card played against an elixir, but never an elixir", () => {
    let s = table({ hands: [["E2", "P5", "D1"], ["P1", "E3", "D2"]] });
    s = plays(s, [[0, "E2", "G"], [1, "P1"]]).state;
    expect(s.ranking).toEqual(["P"]);
    s = plays(s, [[0, "P5"], [1, "E3"]]).state; // pride; the ranking keeps P
    expect(s.ranking).toEqual(["P"]);
  });
  it("starts empty in every round", () => {
    const s = started();
    expect(s.ranking).toEqual([]);
  });
});

describe("who wins a trick", () => {
  it("same suit: the higher value", () => {
    const r = plays(table({ hands: [["G2", "P1"], ["G6", "P2"]] }), [[0, "G2"], [1, "G6"]]);
    expect(eventOf(r.events, "trickTaken")?.winner).toBe(1);
    expect(r.state.leader).toBe(1);
  });
  it("different suits: the higher-ranked suit, whatever the values", () => {
    // D weakest, P middle, G strongest after the first trick; then G1 beats P7.
    let s = table({ hands: [["D7", "G1", "D3"], ["P2", "P7", "G5"]] });
    const first = plays(s, [[0, "D7"], [1, "P2"]]);
    expect(eventOf(first.events, "trickTaken")?.winner).toBe(1);
    s = first.state;
    expect(s.ranking).toEqual(["D", "P", "G"]);
    const second = plays(s, [[1, "P7"], [0, "G1"]]);
    expect(eventOf(second.events, "trickTaken")?.winner).toBe(0);
  });
  it("an elixir n+ beats n and loses to n+1", () => {
    const beats = plays(table({ hands: [["E3", "P1"], ["D3", "P2"]] }), [[0, "E3", "D"], [1, "D3"]]);
    expect(eventOf(beats.events, "trickTaken")?.winner).toBe(0);
    const loses = plays(table({ hands: [["E3", "P1"], ["D4", "P2"]] }), [[0, "E3", "D"], [1, "D4"]]);
    expect(eventOf(loses.events, "trickTaken")?.winner).toBe(1);
  });
  it("two elixirs: no effect, the higher elixir wins", () => {
    const r = plays(table({ hands: [["E3", "P1"], ["E2", "P2"]] }), [[0, "E3", "D"], [1, "E2"]]);
    const taken = eventOf(r.events, "trickTaken");
    expect(taken?.winner).toBe(0);
    expect(taken?.effect).toBeUndefined();
    expect(r.state.ranking).toEqual([]);
    expect(r.state.phase).toBe("play");
  });
});

describe("pride (Pfau / ♣): steal a trick", () => {
  it("lets the winner take one trick the loser had won: the difference changes by two", () => {
    const r = plays(table({ hands: [["P5", "D1"], ["E4", "D2"]], tricks: [2, 3] }), [[0, "P5"], [1, "E4"]]);
    expect(eventOf(r.events, "trickTaken")).toMatchObject({ winner: 0, effect: "pride", stolen: true });
    expect(r.state.tricks).toEqual([4, 2]);
  });
  it("steals nothing when the loser has no trick", () => {
    const r = plays(table({ hands: [["P5", "D1"], ["E4", "D2"]], tricks: [2, 0] }), [[0, "P5"], [1, "E4"]]);
    expect(eventOf(r.events, "trickTaken")).toMatchObject({ winner: 0, effect: "pride" });
    expect(eventOf(r.events, "trickTaken")?.stolen).toBeUndefined();
    expect(r.state.tricks).toEqual([3, 0]);
  });
  it("works for the elixir's side too", () => {
    const r = plays(table({ hands: [["E4", "D1"], ["P4", "D2"]], tricks: [0, 3], leader: 0 }), [[0, "E4", "P"], [1, "P4"]]);
    expect(r.state.tricks).toEqual([2, 2]);
  });
});

describe("greed (Dukaten / ♦): the greed swap", () => {
  it("after the trick both secretly pick min(2, hand) cards; they change hands at once; then the winner leads", () => {
    let s = plays(table({ hands: [["E2", "P1", "P2"], ["D1", "G1", "G2"]], leader: 0 }), [[0, "E2", "D"], [1, "D1"]]).state;
    expect(s.phase).toBe("swap");
    expect(s.leader).toBe(0);
    expect(legalCommands(s, 0)).toHaveLength(1); // C(2,2)
    refuse(s, 0, { type: "swap", cards: ["P1"] }, "WRONG_CARD_COUNT");
    refuse(s, 0, { type: "play", card: "P1" }, "WRONG_PHASE");
    s = act(s, 1, { type: "swap", cards: ["G1", "G2"] }).state;
    expect(JSON.stringify(view(s, 0))).not.toMatch(/G1|G2/);
    expect(s.hands[0]).toEqual(["P1", "P2"]);
    const r = act(s, 0, { type: "swap", cards: ["P1", "P2"] });
    expect(eventOf(r.events, "swapCompleted")?.cards).toEqual([["P1", "P2"], ["G1", "G2"]]);
    s = r.state;
    expect(s.phase).toBe("play");
    expect(s.hands).toEqual([["G1", "G2"], ["P1", "P2"]]);
    expect(view(s, 1).knownAtOpponent).toEqual(["G1", "G2"]);
    refuse(s, 1, { type: "play", card: "P1" }, "NOT_YOUR_TURN");
  });
  it("swaps one card when one is left (after the ninth trick)", () => {
    const s = plays(table({ hands: [["E2", "P1"], ["D1", "G1"]], tricks: [4, 4] }), [[0, "E2", "D"], [1, "D1"]]).state;
    expect(s.phase).toBe("swap");
    expect(legalCommands(s, 1)).toEqual([{ type: "swap", cards: ["G1"] }]);
  });
  it("does nothing after the tenth trick: the round ends", () => {
    const r = plays(table({ hands: [["E2"], ["D1"]], tricks: [5, 4] }), [[0, "E2", "D"], [1, "D1"]]);
    expect(eventOf(r.events, "roundEnded")).toMatchObject({ tricks: [6, 4], moved: 2, mirror: 2 });
    expect(r.state.phase).toBe("exchange");
    expect(r.state.round).toBe(2);
  });
});

describe("wrath (Glut / ♥): the ranking is cleared", () => {
  it("clears the ranking, the triggering suit too, and the next suits build it anew", () => {
    let s = table({ hands: [["D1", "G3", "P1", "G6"], ["D2", "E3", "P2", "G7"]] });
    s = plays(s, [[0, "D1"], [1, "D2"]]).state;
    expect(s.ranking).toEqual(["D"]);
    const r = plays(s, [[1, "E3", "D"], [0, "G3"]]); // no D left at seat 0: G3 meets the elixir
    expect(eventOf(r.events, "trickTaken")).toMatchObject({ winner: 1, effect: "wrath" });
    expect(r.state.ranking).toEqual([]);
    s = plays(r.state, [[1, "P2"], [0, "P1"]]).state;
    expect(s.ranking).toEqual(["P"]);
  });
});

describe("the mirror and the end of a round", () => {
  it("moves by the difference in tricks, always towards the Maske (4 : 6 moves it 2 as well)", () => {
    const r = plays(table({ hands: [["P1"], ["P2"]], tricks: [4, 5] }), [[0, "P1"], [1, "P2"]]);
    expect(eventOf(r.events, "roundEnded")).toMatchObject({ tricks: [4, 6], moved: 2, mirror: 2 });
  });
  it("does not move at 5 : 5", () => {
    const r = plays(table({ hands: [["P1"], ["P2"]], tricks: [5, 4], mirror: 2 }), [[0, "P1"], [1, "P2"]]);
    expect(eventOf(r.events, "roundEnded")).toMatchObject({ tricks: [5, 5], moved: 0, mirror: 2 });
  });
});

describe("who leads", () => {
  it("round 1: the Conte; rounds 2–3: the Conte at mirror 0–4, the Maske at 5–9", () => {
    expect(started().leader).toBe(0);
    expect(firstLeader(1, 2, 4)).toBe(0);
    expect(firstLeader(1, 2, 5)).toBe(1);
    expect(firstLeader(1, 3, 9)).toBe(1);
    expect(firstLeader(2, 1, 0)).toBe(1); // Profi game 2: seat 1 is the Conte
    expect(firstLeader(2, 2, 6)).toBe(0);
  });
  it("hands round 2 to the Maske after a move to 6, to the Conte after a move to 4", () => {
    const six = plays(table({ hands: [["P2"], ["P1"]], tricks: [7, 2] }), [[0, "P2"], [1, "P1"]]);
    expect(eventOf(six.events, "roundEnded")?.mirror).toBe(6);
    expect(eventOf(six.events, "roundDealt")).toMatchObject({ round: 2, leader: 1 });
    const four = plays(table({ hands: [["P2"], ["P1"]], tricks: [6, 3] }), [[0, "P2"], [1, "P1"]]);
    expect(eventOf(four.events, "roundDealt")).toMatchObject({ round: 2, leader: 0 });
  });
  it("the trick's winner leads the next trick", () => {
    const s = plays(table({ hands: [["P1", "D1"], ["P2", "D2"]] }), [[0, "P1"], [1, "P2"]]).state;
    expect(s.leader).toBe(1);
    refuse(s, 0, { type: "play", card: "D1" }, "NOT_YOUR_TURN");
  });
});

describe("the end of a game", () => {
  it("the Maske wins at once when the mirror reaches 10, without playing the remaining rounds", () => {
    const r = plays(table({ hands: [["P2"], ["P1"]], tricks: [9, 0], round: 1 }), [[0, "P2"], [1, "P1"]]);
    expect(r.events.map((e) => e.type)).toEqual(["cardPlayed", "cardPlayed", "trickTaken", "roundEnded", "gameEnded"]);
    expect(eventOf(r.events, "gameEnded")?.winner).toBe("maske");
    expect(r.state.phase).toBe("over");
    expect(r.state.winner).toBe("maske");
    refuse(r.state, 0, { type: "exchange", cards: [] }, "GAME_OVER");
  });
  it("past 10 the mirror is shown capped at 10", () => {
    const r = plays(table({ hands: [["P2"], ["P1"]], tricks: [8, 1], round: 2, mirror: 6 }), [[0, "P2"], [1, "P1"]]);
    expect(eventOf(r.events, "roundEnded")?.mirror).toBe(14);
    expect(view(r.state, "spectator").mirror).toBe(10);
  });
  it("the Conte wins after round 3 with the mirror at 9 or less", () => {
    const r = plays(table({ hands: [["P2"], ["P1"]], tricks: [4, 5], round: 3, mirror: 8 }), [[0, "P2"], [1, "P1"]]);
    expect(eventOf(r.events, "gameEnded")?.winner).toBe("conte");
    expect(r.state.winner).toBe("conte");
  });
});

describe("Profi: two games with roles swapped", () => {
  function endGame(s: State, conteTricks: [number, number]): ReturnType<typeof plays> {
    // The last trick goes to seat 0's P2 over seat 1's P1.
    s.phase = "play";
    s.hands = [["P2"], ["P1"]];
    s.tricks = conteTricks;
    s.leader = 0;
    return plays(s, [[0, "P2"], [1, "P1"]]);
  }
  it("starts game 2 by itself with swapped roles and a fresh mirror", () => {
    const r = endGame(table({ variant: "profi", hands: [[], []], round: 1 }), [9, 0]);
    expect(eventOf(r.events, "gameEnded")).toMatchObject({ game: 1, winner: "maske" });
    expect(eventOf(r.events, "roundDealt")).toMatchObject({ game: 2, round: 1, leader: 1 });
    expect(r.state.game).toBe(2);
    expect(r.state.mirror).toBe(0);
    expect(roleOf(r.state, 0)).toBe("maske");
    expect(roleOf(r.state, 1)).toBe("conte");
    expect(r.state.winner).toBeNull();
    expect(view(r.state, 0).match?.scores).toEqual([0, 10]);
  });
  function match(first: { mirror: number; rounds: 1 | 2 | 3 }, second: { before: number; round: 1 | 2 | 3; tricks: [number, number] }) {
    const s = table({ variant: "profi", game: 2, round: second.round, mirror: second.before, hands: [[], []] });
    s.results = [{ game: 1, winner: first.mirror >= 10 ? "maske" : "conte", mirror: first.mirror, rounds: first.rounds }];
    return endGame(s, second.tricks);
  }
  it("the higher Maske score wins", () => {
    const r = match({ mirror: 8, rounds: 3 }, { before: 4, round: 3, tricks: [3, 6] }); // game 2 ends at 6
    expect(eventOf(r.events, "matchEnded")).toMatchObject({ scores: [6, 8], winner: 1, draw: false });
    expect(r.state.match).toEqual({ scores: [6, 8], winner: 1, draw: false });
  });
  it("with 10 each, fewer rounds win; equal rounds draw; equal lower scores draw", () => {
    const fewer = match({ mirror: 12, rounds: 3 }, { before: 2, round: 2, tricks: [9, 0] }); // seat 0 reaches 12 in round 2
    expect(eventOf(fewer.events, "matchEnded")).toMatchObject({ scores: [10, 10], winner: 0, draw: false });
    const same = match({ mirror: 10, rounds: 2 }, { before: 2, round: 2, tricks: [8, 1] });
    expect(eventOf(same.events, "matchEnded")).toMatchObject({ scores: [10, 10], winner: null, draw: true });
    const low = match({ mirror: 4, rounds: 3 }, { before: 4, round: 3, tricks: [4, 5] });
    expect(eventOf(low.events, "matchEnded")).toMatchObject({ scores: [4, 4], winner: null, draw: true });
  });
});

describe("bad input", () => {
  const s = () => play(table({ hands: [["P3", "D1"], ["P5", "E2", "G7"]] }), 0, "P3").state;
  it("answers every kind of bad command with a typed error and changes nothing", () => {
    refuse(s(), 2, { type: "play", card: "P5" }, "INVALID_SEAT");
    refuse(s(), "1", { type: "play", card: "P5" }, "INVALID_SEAT");
    refuse(s(), 1, null, "BAD_COMMAND");
    refuse(s(), 1, { type: "dance" }, "BAD_COMMAND");
    refuse(s(), 1, { type: "play", card: "X9" }, "UNKNOWN_CARD");
    refuse(s(), 1, { type: "play", card: "E5" }, "UNKNOWN_CARD"); // a Zwiegespalten card
    refuse(s(), 1, { type: "play", card: "D1" }, "NOT_IN_HAND");
    refuse(s(), 0, { type: "play", card: "D1" }, "NOT_YOUR_TURN");
    refuse(s(), 1, { type: "play", card: "G7" }, "MUST_FOLLOW_SUIT");
    refuse(s(), 1, { type: "exchange", cards: ["P5"] }, "WRONG_PHASE");
    const ex = started();
    refuse(ex, 1, { type: "exchange", cards: "P4" }, "BAD_COMMAND");
    refuse(ex, 1, { type: "exchange", cards: ["P4", "P4"] }, "DUPLICATE_CARD");
    refuse(ex, 1, { type: "exchange", cards: ["P1"] }, "NOT_IN_HAND");
    refuse(ex, 1, { type: "exchange", cards: [] }, "WRONG_CARD_COUNT");
    refuse(ex, 1, { type: "play", card: "P4" }, "WRONG_PHASE");
  });
  it("is not fooled by a command object with extra keys", () => {
    const d = decide(s(), 1, { type: "play", card: "P5", seat: 0, extra: true }, 0);
    expect(d.ok).toBe(true);
  });
});

describe("apply is pure", () => {
  it("leaves the given state unchanged", () => {
    const s = started();
    const before = JSON.stringify(s);
    const d = decide(s, 0, { type: "exchange", cards: ["E1"] }, 0);
    if (!d.ok) throw new Error("refused");
    apply(s, d.events[0]!);
    expect(JSON.stringify(s)).toBe(before);
  });
});
