// A Battlemaske table: /parties/battlemaske-room/<name>. Everything it does is the generic room's (party/room-server.ts).
import { battlemaskeGame } from "../shared/battlemaske/game.js";
import { GameRoomServer } from "./room-server";

export class BattlemaskeRoom extends GameRoomServer {
  static override readonly game = battlemaskeGame;
}
