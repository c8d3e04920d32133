// Computer seats inside a Battlemaske room: the game definition's players (shared/battlemaske/game.ts), named for the
// tests and scripts that pass them to a room core directly.
import { battlemaskeGame } from "../shared/battlemaske/game.js";
import type { Advise, ChooseCommand } from "./core/battlemaske-core";

export const chooseComputerCommand: ChooseCommand = battlemaskeGame.computer.choose;
/** "Rat": what Stark would do for this seat, from the seat's information only. */
export const adviseSeat: Advise = battlemaskeGame.computer.advise!;
