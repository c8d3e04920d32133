// A bot deciding from a client's view decides exactly as it would from the room's full state.
import { describe, expect, it } from "vitest";
import { playRandomGame, stateFromView, view, type Seat } from "../../shared/battlemaske/index.js";
import { botCommand, mustAct, type BotName } from "../../shared/battlemaske/bots/index.js";

describe("stateFromView", () => {
  it("gives bots the same decision as the full state, at every decision of random games", () => {
    let checked = 0;
    for (let g = 0; g < 12; g++) {
      const ruleset = g % 2 ? "zwiegespalten" : "battlemaske";
      playRandomGame({ ruleset, variant: "single" }, `cv-${g}`, g, (step) => {
        const s = step.before;
        for (const seat of [0, 1] as Seat[]) {
          if (!mustAct(s, seat)) continue;
          const rebuilt = stateFromView(view(s, seat));
          expect(rebuilt.hands[seat]).toEqual(s.hands[seat]);
          expect(rebuilt.hands[seat === 0 ? 1 : 0]).toHaveLength(s.hands[seat === 0 ? 1 : 0].length);
          const name: BotName = checked % 3 === 0 ? "leicht" : "greedy";
          expect(botCommand(name, rebuilt, seat, `seed-${checked}`)).toEqual(botCommand(name, s, seat, `seed-${checked}`));
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(500);
  }, 60_000);
});
