// A batch that swaps cards and then plays the computer's lead: its frames show the hand after the swap. The view before
// the batch still held the cards given away, and a player pass saw one in the hand for the lead's quarter second.
import { describe, expect, it } from "vitest";
import { paceTricks, type Staged } from "../../web/src/battlemaske/pace.js";

const HANDS = { 0: ["D3", "D5", "P2", "G7"], 1: ["G9", "D8", "G2", "P6"], spectator: null };
const before = (viewer: 0 | 1 | "spectator") => ({ game: { viewer, trick: [], namedSuit: null, history: [{}], hand: HANDS[viewer] } }) as never;
const batch = (type: "swapCompleted" | "exchangeCompleted", spectator = false) =>
  [
    { type: "event", version: 1, event: { type: type === "swapCompleted" ? "swapSubmitted" : "exchangeSubmitted", v: 1, seat: 0, cards: ["D3", "P2"] } },
    { type: "event", version: 2, event: spectator ? { type, v: 1 } : { type, v: 1, cards: [["D3", "P2"], ["G9", "D8"]] } },
    { type: "event", version: 3, event: { type: "cardPlayed", v: 1, seat: 1, card: "G4" } },
  ] as never[];

function frames(viewer: 0 | 1 | "spectator", type: "swapCompleted" | "exchangeCompleted"): Staged[] {
  const events = batch(type, viewer === "spectator");
  const step = paceTricks(before(viewer), events, before(viewer))!;
  return (events as Array<{ event: never }>).map((m) => step(m.event)).filter((f): f is { staged: Staged; ms: number } => !!f && f !== "stop").map((f) => f.staged);
}

describe("the frames after a swap", () => {
  it("show the hand after the greed swap or the exchange: the cards given away gone, the cards received in", () => {
    for (const type of ["swapCompleted", "exchangeCompleted"] as const) {
      const f = frames(0, type);
      expect(f).toHaveLength(1);
      expect(f[0]!.trick.map((p) => p.card)).toEqual(["G4"]);
      expect([...f[0]!.hand!].sort()).toEqual(["D5", "D8", "G7", "G9"]);
    }
    // Seat 1 gave the other list.
    expect([...frames(1, "swapCompleted")[0]!.hand!].sort()).toEqual(["D3", "G2", "P2", "P6"]);
  });
  it("leave the hand to the view for a spectator (no cards in its events) and for a batch without a swap", () => {
    expect(frames("spectator", "swapCompleted")[0]!.hand).toBeUndefined();
    const plain = [{ type: "event", version: 1, event: { type: "cardPlayed", v: 1, seat: 1, card: "G4" } }] as never[];
    const f = paceTricks(before(0), plain, before(0))!((plain[0] as { event: never }).event);
    expect(f && f !== "stop" && f.staged.hand).toBeUndefined();
  });
});
