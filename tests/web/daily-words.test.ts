// The daily result sheet's words (web/src/battlemaske/daily.ts): a Conte who gave up reads one mirror, the one its score
// counts — a player pass read "Spiegel: 0 / 10" beside "verfehlt: Spiegel 10 in Runde 1".
import { describe, expect, it } from "vitest";
import { dailyMirrorText, dailyScoreText, type DailyEnd } from "../../web/src/battlemaske/daily.js";

const resigned: DailyEnd = { role: "conte", reached: false, mirror: 0, rounds: 1, reason: "resign" };

describe("the daily result sheet", () => {
  it("a Conte who resigned: the score and the mirror line both say field 10 in that round, and why", () => {
    expect(dailyScoreText(resigned, "de")).toBe("verfehlt: Spiegel 10 in Runde 1 (aufgegeben)");
    expect(dailyScoreText(resigned, "en")).toBe("missed: mirror 10 in round 1 (resigned)");
    const de = dailyMirrorText(resigned, "de")!;
    expect(de).toMatch(/^Spiegel für die Tageswertung: 10 \/ 10 – Die Aufgabe zählt, als hätte die Maske in Runde 1 Feld 10 erreicht/);
    expect(de).toMatch(/am Tisch stand der Spiegel auf 0/);
    expect(dailyMirrorText(resigned, "en")).toMatch(/^Mirror for the daily score: 10 \/ 10 – resigning counts as the Maske reaching field 10 in round 1 \(on the table the mirror stood at 0\)\.$/);
    // The table's "0 / 10" is never the score's mirror.
    expect(de).not.toMatch(/Spiegel: 0 \/ 10/);
  });

  it("leaving counts the same, in its own words", () => {
    const left = { ...resigned, reason: "leave", rounds: 2, mirror: 4 };
    expect(dailyScoreText(left, "de")).toBe("verfehlt: Spiegel 10 in Runde 2 (Partie verlassen)");
    expect(dailyMirrorText(left, "de")).toMatch(/Das Verlassen zählt, als hätte die Maske in Runde 2 Feld 10 erreicht \(am Tisch stand der Spiegel auf 4\)/);
    expect(dailyMirrorText(left, "en")).toMatch(/leaving counts as the Maske reaching field 10 in round 2/);
  });

  it("a game lost or won on the table keeps the table's mirror (no line of its own)", () => {
    expect(dailyMirrorText({ role: "conte", reached: false, mirror: 10, rounds: 2, reason: "rules" }, "de")).toBeNull();
    expect(dailyMirrorText({ role: "conte", reached: true, mirror: 4, rounds: 3, reason: "rules" }, "de")).toBeNull();
    expect(dailyMirrorText({ role: "maske", reached: false, mirror: 2, rounds: 1, reason: "resign" }, "de")).toBeNull();
    expect(dailyScoreText({ role: "conte", reached: true, mirror: 4, rounds: 3, reason: "rules" }, "de")).toBe("Spiegel 4 – gehalten");
    expect(dailyScoreText({ role: "conte", reached: false, mirror: 12, rounds: 2, reason: "rules" }, "en")).toBe("missed: mirror 10 in round 2");
    expect(dailyScoreText({ role: "maske", reached: true, mirror: 12, rounds: 2, reason: "rules" }, "de")).toBe("Feld 10 in 2 Runden");
    expect(dailyScoreText({ role: "maske", reached: false, mirror: 6, rounds: 3, reason: "rules" }, "de")).toBe("verfehlt: Spiegel 6 nach 3 Runden");
    expect(dailyScoreText({ role: "maske", reached: false, mirror: 2, rounds: 1, reason: "resign" }, "en")).toBe("missed: mirror 2 in round 1 (resigned)");
    expect(dailyScoreText({ role: "maske", reached: false, mirror: 0, rounds: 1, reason: "resign" }, "de")).toBe("verfehlt: Spiegel 0 in Runde 1 (aufgegeben)");
  });
});
