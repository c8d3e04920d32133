// What a player back in the Wartesaal is told (ADR 046, ADR 048): the page's memory of what it had open joined with the
// lobby's `away`, and the words for it — challenges whose minute ran out are not blamed on the connection.
import { describe, expect, it } from "vitest";
import { awayNote, awaySays, awayText, lostWhileAway } from "../../web/src/wartesaal/away.js";

const told = (o: Partial<{ seek: boolean; challengedBy: string[]; challenged: string[]; more: number; moreChallenged: number; gw: "closed" | "left" | null; tables: string[] }> = {}) => ({ type: "away" as const, seek: false, challengedBy: [], challenged: [], more: 0, gw: null, tables: [], ...o });
const had = (challenges: Array<{ id: string; other: string; incoming: boolean; expiresAt: number }>, seek = false) => ({ since: 0, seek, challenges, gw: false });

describe("what was lost while away", () => {
  it("a reload knows only the lobby's account: the seek and the challenges from and to the player, named", () => {
    const lost = lostWhileAway(null, told({ seek: true, challengedBy: ["Anna", "Cora"], challenged: ["Ben"] }), false, new Set(), 1000)!;
    expect(lost).toMatchObject({ seek: true, challengedBy: ["Anna", "Cora"], challenged: ["Ben"], expired: [], told: true });
    expect(awayText(lost, "de")).toBe("Deine Verbindung war weg: dein Gesuch ist nicht mehr offen. Die Herausforderungen von Anna und Cora sind damit verfallen. Deine Herausforderung an Ben ist verfallen.");
    expect(awayText(lost, "en")).toBe("Your connection was gone: your seek is no longer open. The challenges from Anna and Cora lapsed with it. Your challenge to Ben lapsed.");
  });

  it("a challenge whose minute ran out meanwhile expired: said so, and the connection is not blamed for it", () => {
    const lost = lostWhileAway(had([{ id: "c1", other: "Anna", incoming: true, expiresAt: 500 }]), null, false, new Set(), 1000)!;
    expect(lost.expired).toEqual(["Anna"]);
    expect(lost.challengedBy).toEqual([]);
    expect(awayText(lost, "de")).toBe("Die Herausforderung mit Anna ist abgelaufen.");
  });

  it("the same page's memory and the lobby's names are joined once; what is listed again is not lost", () => {
    const page = had([{ id: "c1", other: "Anna", incoming: true, expiresAt: 5000 }, { id: "c2", other: "Ben", incoming: false, expiresAt: 5000 }], true);
    const lost = lostWhileAway(page, told({ seek: true, challengedBy: ["Anna"] }), false, new Set(["c2"]), 1000)!;
    expect(lost).toMatchObject({ seek: true, challengedBy: ["Anna"], challenged: [] });
    // The seek listed again (another tab posted it): not lost.
    expect(lostWhileAway(had([], true), null, true, new Set(), 1000)).toBeNull();
  });

  it("names beyond the lobby's list are counted; a Goldwaage table is named", () => {
    const lost = lostWhileAway(null, told({ challengedBy: ["A1", "A2"], more: 3, gw: "closed" }), false, new Set(), 0)!;
    expect(awayText(lost, "de")).toBe("Deine Verbindung war weg. Die Herausforderungen von A1, A2 und 3 weiteren sind damit verfallen. Dein offener Goldwaage-Tisch ist aufgelöst.");
    expect(awayText(lostWhileAway(null, told({ gw: "left" }), false, new Set(), 0)!, "en")).toBe("Your connection was gone. You lost your seat at the open Goldwaage table.");
  });

  it("the names beyond the list of whom the player challenged are counted with those, not with its challengers", () => {
    const lost = lostWhileAway(null, told({ challengedBy: ["A1"], challenged: ["B1", "B2"], moreChallenged: 4 }), false, new Set(), 0)!;
    expect(awayText(lost, "de")).toBe("Deine Verbindung war weg. Die Herausforderung von A1 ist damit verfallen. Deine Herausforderungen an B1, B2 und 4 weitere sind verfallen.");
    expect(awaySays(lostWhileAway(null, told({ moreChallenged: 1 }), false, new Set(), 0)!)).toBe(true);
  });

  it("challenges the page had that the lobby counted but did not name are named once, not counted again nor called expired", () => {
    const names = ["B0", "B1", "B2", "B3", "B4", "B5", "B6"];
    // Their minute is over by the time the page is back (75 s away), but the lobby ended them at its silence limit.
    const page = had(names.map((n, i) => ({ id: `c${i}`, other: n, incoming: false, expiresAt: 5_000 })));
    const lost = lostWhileAway(page, told({ challenged: names.slice(0, 5), moreChallenged: 2 }), false, new Set(), 10_000)!;
    expect(lost).toMatchObject({ challenged: names, expired: [], more: 0 });
    expect(lost.moreChallenged).toBeUndefined();
    expect(awayText(lost, "de")).toBe("Deine Verbindung war weg. Deine Herausforderungen an B0, B1, B2, B3, B4, B5 und B6 sind verfallen.");
    // The page knew fewer than the lobby counted (another tab's): the rest stay counted.
    const fewer = lostWhileAway(had(names.slice(0, 6).map((n, i) => ({ id: `c${i}`, other: n, incoming: false, expiresAt: 5_000 }))), told({ challenged: names.slice(0, 5), moreChallenged: 2 }), false, new Set(), 10_000)!;
    expect(fewer).toMatchObject({ challenged: names.slice(0, 6), expired: [], moreChallenged: 1 });
    expect(awayText(fewer, "en")).toBe("Your connection was gone. Your challenges to B0, B1, B2, B3, B4, B5 and 1 more lapsed.");
    // Incoming alike, against `more`.
    const by = lostWhileAway(had([{ id: "i1", other: "A6", incoming: true, expiresAt: 5_000 }]), told({ challengedBy: ["A1", "A2", "A3", "A4", "A5"], more: 1 }), false, new Set(), 10_000)!;
    expect(by).toMatchObject({ challengedBy: ["A1", "A2", "A3", "A4", "A5", "A6"], more: 0, expired: [] });
  });

  it("a table laid for the player while it was away, which it never came to, is said with the other side's name", () => {
    const lost = lostWhileAway(had([], true), told({ tables: ["Jan"] }), false, new Set(), 0)!;
    expect(awayText(lost, "de")).toBe("Deine Verbindung war weg: dein Gesuch ist nicht mehr offen. Während du weg warst, war mit Jan ein Tisch für dich gedeckt; da du nicht kamst, ist die Partie abgebrochen (zählt nicht).");
  });

  it("while away, the note says what stands for the others only a short while, then that it is probably gone", () => {
    expect(awayNote({ seek: true, challenges: 0, gw: false }, true, "de")).toBe("Dein Gesuch bleibt für die anderen nur kurz offen – ist die Verbindung nicht bald zurück, schließt der Wartesaal das. Listen und Knöpfe kommen zurück, sobald die Verbindung steht.");
    expect(awayNote({ seek: true, challenges: 2, gw: true }, false, "de")).toBe("Dein Gesuch, deine Herausforderungen und dein Goldwaage-Tisch sind für die anderen wohl nicht mehr offen. Listen und Knöpfe kommen zurück, sobald die Verbindung steht.");
    expect(awayNote({ seek: false, challenges: 0, gw: false }, true, "en")).toBe("Lists and buttons come back once the connection is up.");
  });

  it("the lobby's account with nothing left to say is still answered (so it is forgotten), but says nothing", () => {
    const lost = lostWhileAway(null, told(), false, new Set(), 0)!;
    expect(lost.told).toBe(true);
    expect(awaySays(lost)).toBe(false);
  });
});
