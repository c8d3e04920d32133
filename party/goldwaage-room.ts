// A Goldwaage table for 2–4: /parties/goldwaage-room/<name>. Seats nobody takes are played by the strong team-mate.
import { goldwaageGame } from "../shared/goldwaage/game.js";
import type { Options } from "../shared/goldwaage/index.js";
import { GoldwaageClientMessageSchema } from "../shared/room/protocol.js";
import { GoldwaageRoomCore, type GoldwaageLoggedEvent, type GoldwaageRoomConfig } from "./core/goldwaage-core";
import type { LogStore } from "./core/log";
import { GameRoomServer } from "./room-server";

/** A computer team-mate decides from its own view only (it never sees the state): shared/goldwaage/game.ts. */
export const chooseTeammateCommand = goldwaageGame.computer.choose;

export class GoldwaageRoom extends GameRoomServer<GoldwaageRoomCore, Options> {
  protected readonly messages = GoldwaageClientMessageSchema;

  protected makeCore(name: string, store: LogStore<unknown>, config: GoldwaageRoomConfig): GoldwaageRoomCore {
    return new GoldwaageRoomCore(name, store as LogStore<GoldwaageLoggedEvent>, config, chooseTeammateCommand);
  }
}
