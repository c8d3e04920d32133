// The scoresheet's source: every ended round's score in the state and in every view, folded from the log alone.
import { describe, expect, it } from "vitest";
import { fold, playRandomGame, view, type Seat } from "../../shared/battlemaske/index.js";

describe("the rounds' scores (state.rounds, view.rounds)", () => {
  it("lists each ended round once, by role, in order, with the track after it — and a log cut before a round's end has it not", () => {
    let profiSwaps = 0;
    for (let g = 0; g < 40; g++) {
      const ruleset = g % 2 ? "zwiegespalten" : "battlemaske";
      const variant = g % 4 < 2 ? "single" : "profi";
      const { events, state } = playRandomGame({ ruleset, variant }, `rounds-${g}`, g);
      const ends = events.map((e, i) => [e, i] as const).filter(([e]) => e.type === "roundEnded");
      expect(state.rounds).toHaveLength(ends.length);
      let track = 0;
      let game = 1;
      ends.forEach(([e, i], k) => {
        if (e.type !== "roundEnded") throw new Error("unreachable");
        const before = fold(events.slice(0, i));
        const r = state.rounds[k]!;
        if (r.game !== game) {
          game = r.game;
          track = 0;
        }
        const conte: Seat = view(before, 0).roles[0] === "conte" ? 0 : 1;
        if (r.game === 2 && conte === 1) profiSwaps++;
        expect(r).toEqual({ game: before.game, round: before.round, conte: e.tricks[conte], maske: e.tricks[1 - conte], moved: Math.abs(e.tricks[0] - e.tricks[1]), mirror: track + e.moved });
        track = r.mirror;
        // Before its roundEnded the round is not listed; with it, it is (a take-back refolds a shorter log).
        expect(before.rounds).toHaveLength(k);
        expect(fold(events.slice(0, i + 1)).rounds).toHaveLength(k + 1);
      });
      // Public: every viewer reads the same list.
      for (const viewer of [0, 1, "spectator"] as const) expect(view(state, viewer).rounds).toEqual(state.rounds);
    }
    expect(profiSwaps).toBeGreaterThan(0);
  });
});
