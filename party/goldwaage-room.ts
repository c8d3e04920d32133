// A Goldwaage table for 2–4: /parties/goldwaage-room/<name>. Seats nobody takes are played by the strong team-mate.
import { goldwaageGame } from "../shared/goldwaage/game.js";
import { GameRoomServer } from "./room-server";

export class GoldwaageRoom extends GameRoomServer {
  static override readonly game = goldwaageGame;
}

/** A computer team-mate decides from its own view only (it never sees the state): shared/goldwaage/game.ts. */
export const chooseTeammateCommand = goldwaageGame.computer.choose;
