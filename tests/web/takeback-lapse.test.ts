// "Any move lets a pending request lapse" (docs/protocol.md): the log tells the asker so, before the move that did it
// (a fresh-eyes pass saw the request vanish without a word when the other side played on instead of answering).
import { describe, expect, it } from "vitest";
import { applyInPlace, emptyState, newGame } from "../../shared/battlemaske/index.js";
import { view } from "../../shared/battlemaske/view.js";
import { lapsedTakeback, pendingTakeback, takebackQuestion, takebackTarget } from "../../web/src/battlemaske/log.js";

const table = () => {
  let s = emptyState();
  for (const e of newGame({ ruleset: "battlemaske", variant: "single" }, 7)) s = applyInPlace(s, e);
  return view(s, 0);
};
const anna = { de: "Anna", en: "Anna" };

describe("a take-back request that lapses", () => {
  it("stands from the request until an answer, a take-back or any move", () => {
    let p = pendingTakeback(null, { type: "takebackRequested", seat: 0 });
    expect(p).toBe(0);
    expect(pendingTakeback(p, { type: "trickTaken", winner: 1 })).toBe(0);
    for (const ev of [{ type: "takebackDeclined", seat: 1 }, { type: "takeback", seat: 0, toVersion: 3 }, { type: "cardPlayed", seat: 1, card: "P4" }, { type: "swapSubmitted", seat: 0, cards: [] }]) {
      expect(pendingTakeback(p, ev), ev.type).toBeNull();
    }
    p = pendingTakeback(null, { type: "exchangeSubmitted", seat: 1, cards: [] });
    expect(p).toBeNull();
  });
  it("says so, naming who played on, in both languages; nothing without a request or for what is no move", () => {
    const v = table();
    const [line] = lapsedTakeback(0, { type: "cardPlayed", seat: 1, card: "P4" }, 12, v, 0, anna);
    expect(line!.text.de).toBe("„Karte zurück“ verfallen: Anna spielt weiter.");
    expect(line!.text.en).toBe("Take-back request lapsed: Anna plays on.");
    expect(line!.key).toBe("12r");
    // Its own second tab played on: "du".
    expect(lapsedTakeback(0, { type: "cardPlayed", seat: 0, card: "P4" }, 12, v, 0, anna)[0]!.text.de).toBe("„Karte zurück“ verfallen: Du spielst weiter.");
    expect(lapsedTakeback(null, { type: "cardPlayed", seat: 1, card: "P4" }, 12, v, 0, anna)).toEqual([]);
    expect(lapsedTakeback(0, { type: "takebackDeclined", seat: 1 }, 12, v, 0, anna)).toEqual([]);
  });
  it("the asked side is told which card would go back, and what goes with it", () => {
    const trick = (leader: 0 | 1, a: string, b: string, effect: string | null = null) => ({ leader, cards: [{ seat: leader, card: a }, { seat: leader === 0 ? 1 : 0, card: b }], namedSuit: null, winner: leader, effect, stolen: false }) as never;
    const v = { phase: "play" as const, history: [trick(0, "P4", "P6"), trick(1, "D2", "D5")], trick: [{ seat: 1 as const, card: "G3" }] as never };
    // Seat 1 led G3 last: nothing after it.
    expect(takebackTarget(v, 1)).toEqual({ card: "G3", after: [], tricks: 0, swap: false });
    // Seat 0's last card is D5, which completed the last trick; G3 came after it.
    expect(takebackTarget(v, 0)).toEqual({ card: "D5", after: ["G3"], tricks: 1, swap: false });
    expect(takebackTarget({ phase: "play", history: [], trick: [] }, 0)).toBeNull();
    // A greed trick: its swap, once made, goes back too; while the table waits for it, there is none yet.
    const greed = { phase: "play" as const, history: [trick(0, "P4", "P6", "greed")], trick: [] as never };
    expect(takebackTarget(greed, 1)).toEqual({ card: "P6", after: [], tricks: 1, swap: true });
    expect(takebackTarget({ ...greed, phase: "swap" }, 1)).toEqual({ card: "P6", after: [], tricks: 1, swap: false });
    expect(takebackQuestion("battlemaske", { card: "P4", after: [], tricks: 0, swap: false }, "de")).toBe("Dein Gegner möchte Pfau 4 zurücknehmen.");
    expect(takebackQuestion("battlemaske", { card: "G5", after: [], tricks: 1, swap: false }, "de")).toBe("Dein Gegner möchte Glut 5 zurücknehmen – und damit auch den Stich.");
    expect(takebackQuestion("battlemaske", { card: "P4", after: ["P6", "G3"], tricks: 1, swap: true }, "de")).toBe("Dein Gegner möchte Pfau 4 zurücknehmen – und damit auch Pfau 6, Glut 3, den Stich und den Gier-Tausch.");
    expect(takebackQuestion("battlemaske", { card: "D5", after: ["G3"], tricks: 1, swap: false }, "en")).toBe("Your opponent asks to take back Dukaten 5 – and with it Glut 3 and the trick.");
  });
});
