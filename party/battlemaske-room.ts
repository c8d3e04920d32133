// A Battlemaske table: /parties/battlemaske-room/<name>.
import { ClientMessageSchema } from "../shared/protocol.js";
import { adviseSeat, chooseComputerCommand } from "./computer";
import { BattlemaskeRoomCore, type LoggedEvent, type RoomConfig } from "./core/battlemaske-core";
import type { LogStore } from "./core/log";
import type { Options } from "../shared/battlemaske/index.js";
import { GameRoomServer } from "./room-server";

export class BattlemaskeRoom extends GameRoomServer<BattlemaskeRoomCore, Options> {
  protected readonly messages = ClientMessageSchema;

  protected makeCore(name: string, store: LogStore<unknown>, config: RoomConfig): BattlemaskeRoomCore {
    return new BattlemaskeRoomCore(name, store as LogStore<LoggedEvent>, config, chooseComputerCommand, adviseSeat);
  }
}
