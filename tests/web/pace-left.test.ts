// The table's frames of a trick say how many cards each hand keeps after it: Gier after the round's last trick swaps
// nothing, and the status line must say so as the log does (a fresh-eyes pass read "beide tauschen zwei Karten").
import { describe, expect, it } from "vitest";
import { paceTricks } from "../../web/src/battlemaske/pace.js";
import { effectText } from "../../web/src/battlemaske/log.js";

const view = (tricksDone: number) => ({ game: { trick: [], namedSuit: null, history: Array.from({ length: tricksDone }, () => ({})) } }) as never;
const events = [
  { type: "event", version: 1, event: { type: "cardPlayed", v: 1, seat: 0, card: "D3" } },
  { type: "event", version: 2, event: { type: "cardPlayed", v: 1, seat: 1, card: "D5" } },
  { type: "event", version: 3, event: { type: "trickTaken", v: 1, winner: 1, effect: "greed" } },
] as never[];

function leftAfter(tricksDone: number): number | undefined {
  const step = paceTricks(view(tricksDone), events, view(tricksDone + 1))!;
  let left: number | undefined;
  for (const m of events as Array<{ event: never }>) {
    const f = step(m.event);
    if (f && f !== "stop" && (f.staged as { taken: unknown }).taken) left = (f.staged as { left?: number }).left;
  }
  return left;
}

describe("a trick's frames", () => {
  it("count the cards left after it: 0 after the tenth trick, 1 after the ninth, 9 after the first", () => {
    expect([leftAfter(9), leftAfter(8), leftAfter(0)]).toEqual([0, 1, 9]);
  });
  it("make Gier's line say there is nothing left to swap after the last trick", () => {
    expect(effectText("greed", false, { de: "Computer", en: "Computer" }, "de", "battlemaske", leftAfter(9))).toContain("keine Karten mehr zu tauschen");
    expect(effectText("greed", false, { de: "Computer", en: "Computer" }, "de", "battlemaske", leftAfter(0))).toContain("zwei Handkarten");
  });
});
