// The round table's line about the clock that already runs for the next round.
import { describe, expect, it } from "vitest";
import { roundClockText } from "../../web/src/battlemaske/table/roundClock";
import { BRAKE_MS } from "../../shared/room/clock";

const fischer = { type: "fischer", initialMs: 300_000, incrementMs: 3000 } as const;

describe("roundClockText", () => {
  it("counts the own running clock down from the room's report, never below 0:00", () => {
    const c = { control: fischer, remaining: [125_000, 200_000], running: [0], since: 10_000, waitingSince: [10_000, 10_000] };
    expect(roundClockText(c, 0, 10_000, "de")).toBe("Deine Uhr läuft schon: 2:05");
    expect(roundClockText(c, 0, 15_500, "en")).toBe("Your clock is running: 2:00");
    expect(roundClockText(c, 0, 500_000, "de")).toBe("Deine Uhr läuft schon: 0:00");
    // A device clock a little behind the room's `since` shows no more than is left.
    expect(roundClockText(c, 0, 9_000, "de")).toBe("Deine Uhr läuft schon: 2:05");
  });

  it("says nothing while the own clock stands, or without any clock", () => {
    const c = { control: fischer, remaining: [125_000, 200_000], running: [1], since: 10_000, waitingSince: [10_000, 10_000] };
    expect(roundClockText(c, 0, 20_000, "de")).toBeNull();
    expect(roundClockText(null, 0, 20_000, "de")).toBeNull();
  });

  it("at one shared device (hot-seat) names each running clock by its role, not \"Deine Uhr\"", () => {
    const both = { control: fischer, remaining: [125_000, 200_000], running: [0, 1], since: 10_000, waitingSince: [10_000, 10_000] };
    expect(roundClockText(both, 0, 10_000, "de", ["Conte", "Maske"])).toBe("Die Uhren laufen schon: Conte 2:05 · Maske 3:20");
    const one = { ...both, running: [1] };
    expect(roundClockText(one, 0, 10_000, "en", ["Conte", "Maske"])).toBe("The clock is running: Maske 3:20");
  });

  it("for the emergency brake only its last minute", () => {
    const c = { control: { type: "brake" } as const, remaining: [BRAKE_MS, BRAKE_MS], running: [0, 1], since: 0, waitingSince: [0, 0] };
    expect(roundClockText(c, 0, 60_000, "de")).toBeNull();
    expect(roundClockText(c, 1, BRAKE_MS - 45_000, "de")).toBe("Noch 0:45, dann ist die Partie verloren.");
    expect(roundClockText(c, 1, BRAKE_MS - 45_000, "en")).toBe("0:45 left, then the game is lost.");
  });
});
