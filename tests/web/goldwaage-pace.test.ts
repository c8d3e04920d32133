// A Goldwaage batch played out frame by frame: a seat's new open card shows at its seat as soon as the feed names it —
// it showed the old one until the batch ended, through the next computers' cards (a player pass: "zeigt jetzt 5♠" in
// the feed, 9♥ at the seat).
import { describe, expect, it } from "vitest";
import { pace, type Staged } from "../../web/src/goldwaage/pace.js";
import type { Frame } from "../../web/src/room/pace.js";

const view = { game: { pans: { left: [], right: [] }, lives: 3 } } as never;
const events = [
  { type: "event", version: 10, actor: "computer", event: { type: "cardPlayed", v: 1, seat: 1, card: "AD", pan: "left", weight: 3 } },
  { type: "event", version: 11, actor: "computer", event: { type: "scaleBalanced", v: 1 } },
  { type: "event", version: 12, actor: "computer", event: { type: "cardsShown", v: 1, seat: 1, cards: ["5S"] } },
  { type: "event", version: 13, actor: "computer", event: { type: "cardPlayed", v: 1, seat: 2, card: "7H", pan: "right", weight: 7 } },
] as never[];

describe("a Goldwaage batch's frames", () => {
  it("carry a seat's new open cards from the event that shows them to the batch's end; before it, none", () => {
    const step = pace(view, events, view)!;
    const frames = (events as Array<{ event: never }>).map((m) => step(m.event));
    const open = (f: Frame<Staged> | "stop" | null) => (f && f !== "stop" ? f.staged.open : undefined);
    expect(open(frames[0]!)).toEqual({});
    expect(open(frames[2]!)).toEqual({ 1: ["5S"] });
    expect(open(frames[3]!)).toEqual({ 1: ["5S"] });
    // The next computer's card comes after its "denkt nach": the frame of the shown card waits for it.
    expect(frames[2] && frames[2] !== "stop" ? frames[2].staged.thinking : null).toBe(2);
  });
});
