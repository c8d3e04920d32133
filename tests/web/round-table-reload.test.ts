// A reload at the round table: the page rebuilds it from the room's history while nothing of the next round has
// happened at this seat (a fresh-eyes pass found it gone after a reload).
import { describe, expect, it } from "vitest";
import { pendingRoundTable } from "../../web/src/battlemaske/log.js";

const dealt = (game: 1 | 2, round: number) => ({ type: "roundDealt", game, round, leader: 0, hands: [[], []], aside: [] });
const played = (seat: number) => ({ type: "cardPlayed", seat, card: "P1" });
// Seat 1 took 6 tricks, seat 0 four: the mirror moves 2.
const ended = { type: "roundEnded", tricks: [4, 6], moved: 2, mirror: 2 };

describe("pendingRoundTable", () => {
  it("shows the round just ended, tricks by role, while the next round is only dealt and the other seat has picked", () => {
    const log = [dealt(1, 1), played(0), played(1), ended, dealt(1, 2), { type: "exchangeSubmitted", seat: 1, cards: [] }];
    // Seat 0 is Conte: Conte 4, Maske 6.
    expect(pendingRoundTable(log, 0, 0, 1)).toEqual({ game: 1, round: 1, conte: 4, maske: 6, moved: 2, mirror: 2, gameWinner: null, at: 3 });
    // Seat 1 as Conte reads the same round the other way round.
    expect(pendingRoundTable(log, 0, 1, 1)).toMatchObject({ conte: 6, maske: 4 });
  });
  it("is gone once this seat acted in the new round, or a card was played, or before any round ended", () => {
    const log = [dealt(1, 1), played(0), ended, dealt(1, 2)];
    expect(pendingRoundTable([...log, { type: "exchangeSubmitted", seat: 0, cards: [] }], 0, 0, 1)).toBeNull();
    expect(pendingRoundTable([...log, { type: "exchangeCompleted", cards: [[], []] }, played(1)], 0, 0, 1)).toBeNull();
    expect(pendingRoundTable([dealt(1, 1), played(0)], 0, 0, 1)).toBeNull();
  });
  it("names the game won in Profi, with the first game's roles when the view stands in the second", () => {
    const log = [dealt(1, 3), ended, { type: "gameEnded", game: 1, winner: "maske" }, dealt(2, 1)];
    // In game 2 seat 0 is Conte, so in game 1 seat 1 was: Conte 6, Maske 4.
    expect(pendingRoundTable(log, 0, 0, 2)).toEqual({ game: 1, round: 3, conte: 6, maske: 4, moved: 2, mirror: 2, gameWinner: "maske", at: 1 });
  });
});
