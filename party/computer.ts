// Computer seats inside a room: the command a bot chooses for its seat, deterministic for the seed the room passes.
import { randomCommand, type Command } from "../shared/battlemaske/index.js";
import { rng } from "../shared/rng.js";
import type { ChooseCommand } from "./core/battlemaske-core";

/**
 * Interim: every level plays a uniformly random legal command until the Leicht / Mittel / Stark bots
 * (shared/battlemaske/bots/) are wired in here.
 */
export const chooseComputerCommand: ChooseCommand = (state, seat, _level, seed) => {
  const command = randomCommand(state, seat, rng(seed));
  if (!command) throw new Error(`seat ${seat} has nothing to do`);
  return command as Command;
};
