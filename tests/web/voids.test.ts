// The suits the opponent showed void in (the struck suits at its side, the card counter's "blank in", the info window).
import { describe, expect, it } from "vitest";
import type { View } from "../../shared/battlemaske/view.js";
import { opponentVoids } from "../../web/src/battlemaske/info.js";

// Seat 0 led Pfau, seat 1 answered with Glut: seat 1 is void in Pfau (the rest of a view is not read).
const table = (opponentCards: number) =>
  ({
    handSizes: [3, opponentCards],
    history: [{ cards: [{ seat: 0, card: "P5" }, { seat: 1, card: "G2" }], effect: "wrath" }],
  }) as unknown as View;

describe("opponentVoids", () => {
  it("names a suit the opponent did not follow while it still holds cards", () => {
    expect([...opponentVoids(table(2), 0)]).toEqual(["P"]);
  });
  it("names none once the opponent holds no card (the struck suits stood beside '0 Karten' at a game's end)", () => {
    expect(opponentVoids(table(0), 0).size).toBe(0);
  });
  it("reads the seat asked about: seat 1's opponent followed every suit", () => {
    expect(opponentVoids(table(2), 1).size).toBe(0);
  });
});
