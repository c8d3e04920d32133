// What a nameless person's seat is called (web/src/ui/guests.ts): "Gast" alone, numbered by seat when there are several.
import { describe, expect, it } from "vitest";
import { countGuests, guestName } from "../../web/src/ui/guests";

describe("a guest's name", () => {
  it("is 'Gast' when only one seat is a nameless person", () => {
    expect(guestName(1, 1)).toEqual({ de: "Gast", en: "Guest" });
  });
  it("is numbered by its seat when several are, as several computers are 'Computer 2', 'Computer 3'", () => {
    expect(guestName(0, 2)).toEqual({ de: "Gast 1", en: "Guest 1" });
    expect(guestName(1, 2)).toEqual({ de: "Gast 2", en: "Guest 2" });
  });
  it("counts neither a named seat nor a computer or a free seat", () => {
    const names = ["Anna", null, null, null];
    expect(countGuests(4, (s) => names[s] !== null, (s) => s === 3)).toBe(2);
    expect(countGuests(2, (s) => s === 0, () => false)).toBe(1);
  });
});
