// Computer seats inside a room: the level's bot decides from its seat's information only, deterministic for the seed the room passes.
import type { Seat } from "../shared/battlemaske/index.js";
import { botCommand, hint, isBotName } from "../shared/battlemaske/bots/index.js";
import type { Advise, ChooseCommand } from "./core/battlemaske-core";

export const chooseComputerCommand: ChooseCommand = (state, seat, level, seed) => {
  if (!isBotName(level)) throw new Error(`unknown computer level ${level}`);
  return botCommand(level, state, seat as Seat, seed);
};

/** "Rat": what Stark would do for this seat, from the seat's information only. */
export const adviseSeat: Advise = (state, seat, seed) => {
  const h = hint(state, seat as Seat, seed);
  return h && { cards: h.cards.slice(), suit: h.suit, reason: h.reason, winChance: h.winChance };
};
