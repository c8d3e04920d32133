// The Goldwaage table: the game definition (shared/goldwaage/game.ts) in the generic room core; empty seats are
// computer team-mates.
import type { Event, Options, State, View } from "../../shared/goldwaage/index.js";
import { goldwaageGame, teammateBot, teammateSignalers } from "../../shared/goldwaage/game.js";
import type { LogStore } from "./log.js";
import { RoomCore, type ChooseOf, type RoomConfigOf, type RoomEvent, type RoomViewOf, type ServerMessageOf } from "./room-core.js";

export type GoldwaageLoggedEvent = Event | RoomEvent;
export type GoldwaageRoomConfig = RoomConfigOf<Options>;
export type GoldwaageRoomView = RoomViewOf<View>;
export type GoldwaageServerMessage = ServerMessageOf<View>;

/** The game definition, as the room core's rules (shared/goldwaage/game.ts). */
export const goldwaageRules = goldwaageGame;
export { teammateBot, teammateSignalers };

/** A Goldwaage table: the generic core over the Goldwaage definition. */
export class GoldwaageRoomCore extends RoomCore<State, Event, Options, View> {
  constructor(name: string, store: LogStore<GoldwaageLoggedEvent>, config: GoldwaageRoomConfig, choose?: ChooseOf<State>) {
    super(name, goldwaageRules, store, config, choose);
  }
}
