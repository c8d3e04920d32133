// Goldwaage's feed, round sheet and replay name a play's pan one way for every card: "auf die rechte Schale" for a
// number card as for a Jack or Queen (a player pass read "Kreuz 7 rechts" beside "Herz Bube auf die rechte Schale").
import { describe, expect, it } from "vitest";
import type { Card } from "../../shared/goldwaage/cards.js";
import type { Pan } from "../../shared/goldwaage/events.js";
import { endLivesText, panPlace, playedLine, putTitle } from "../../web/src/goldwaage/logic";
import { goldwaageStepText } from "../../web/src/replay/words.js";

describe("one wording for a play's pan", () => {
  it("the feed: a number card, an Ace, a Jack and a Queen on the right pan read alike, in German and English", () => {
    const plays: Array<[Card, Pan, number | undefined]> = [["7C", "right", 7], ["AS", "right", 3], ["JH", "right", undefined], ["QD", "right", undefined]];
    const de = plays.map(([c, p, w]) => playedLine("Du", c, p, w, "de"));
    const en = plays.map(([c, p, w]) => playedLine("You", c, p, w, "en"));
    // A Jack or a Queen says what it does to that pan ("Dame auf die rechte Schale" alone read as if the Queen lay there).
    expect(de).toEqual(["Du: Kreuz 7 auf die rechte Schale", "Du: Pik Ass auf die rechte Schale, wiegt 3", "Du: Herz Bube auf die rechte Schale – ihre oberste Karte wandert auf die linke Schale", "Du: Karo Dame auf die rechte Schale – ihre oberste Karte geht mit der Dame weg"]);
    expect(en).toEqual(["You: 7 of clubs on the right pan", "You: ace of spades on the right pan, weighs 3", "You: jack of hearts on the right pan – its top card moves to the left pan", "You: queen of diamonds on the right pan – its top card goes with the queen"]);
    for (const line of [...de, ...en]) expect(line).not.toMatch(/ (rechts|right)(,|$| –)/);
    expect(playedLine("Platz 2", "5H", "left", 5, "de")).toBe("Platz 2: Herz 5 auf die linke Schale");
    expect(playedLine("Du", "QC", null, undefined, "de")).toBe("Du: Kreuz Dame auf die leere Waage – tut nichts");
    expect(playedLine("You", "QC", null, undefined, "en")).toBe("You: queen of clubs on the empty scale – does nothing");
  });

  it("the replay's step names the pan in the same words", () => {
    const step = { entry: { version: 1, time: 0, actor: "0", event: { type: "cardPlayed", seat: 0, card: "7C", pan: "right", weight: 7 } }, after: {}, index: 0 };
    const [text] = goldwaageStepText(step as unknown as Parameters<typeof goldwaageStepText>[0], () => "Anna");
    expect(text).toEqual({ de: `Anna spielt 7♣ ${panPlace("right", "de")}.`, en: `Anna plays 7♣ ${panPlace("right", "en")}.` });
    expect(text!.de).toBe("Anna spielt 7♣ auf die rechte Schale.");
  });
});

describe("the end sheet's line on the lives", () => {
  it("a win with no King left says it was only just, a loss names its round, otherwise the count", () => {
    expect(endLivesText(true, 0, 3, 4, "de")).toBe("Gerade noch: kein Leben mehr übrig, aber alle vier Runden geschafft.");
    expect(endLivesText(true, 0, 3, 4, "en")).toBe("Only just: no lives left, but all four rounds played.");
    expect(endLivesText(false, 0, 3, 2, "de")).toBe("Kein Leben mehr übrig, in Runde 2 von 4.");
    expect(endLivesText(false, 0, 2, 3, "en")).toBe("No lives left, in round 3 of 4.");
    expect(endLivesText(true, 2, 3, 4, "de")).toBe("Leben übrig: 2 von 3");
    // Given up with Kings left: the count, not "no lives".
    expect(endLivesText(false, 1, 3, 2, "en")).toBe("Lives left: 1 of 3");
  });
});

describe("the pans' buttons' titles", () => {
  it("a Jack's buttons name the way its pan's top card goes; every other card's point to their pan", () => {
    expect([putTitle("left", "JH", "de"), putTitle("right", "JH", "de")]).toEqual(["Links → rechts", "links ← Rechts"]);
    expect([putTitle("left", "JH", "en"), putTitle("right", "JH", "en")]).toEqual(["Left → right", "left ← Right"]);
    for (const c of ["7C", "AS", "QD", null]) expect([putTitle("left", c, "de"), putTitle("right", c, "de")]).toEqual(["← Links", "Rechts →"]);
  });
});
