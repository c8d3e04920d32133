// Computer seats inside a room: the level's bot decides from its seat's information only, deterministic for the seed the room passes.
import { botCommand, isBotName } from "../shared/battlemaske/bots/index.js";
import type { ChooseCommand } from "./core/battlemaske-core";

export const chooseComputerCommand: ChooseCommand = (state, seat, level, seed) => {
  if (!isBotName(level)) throw new Error(`unknown computer level ${level}`);
  return botCommand(level, state, seat, seed);
};
