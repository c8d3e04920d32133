// The Battlemaske room: the game definition (shared/battlemaske/game.ts) in the generic room core, with its types.
import type { Command, Event, Options, State, View } from "../../shared/battlemaske/index.js";
import { battlemaskeGame } from "../../shared/battlemaske/game.js";
import type { LogEntry, LogStore } from "./log.js";
import { RoomCore, type AdviseOf, type ChooseOf, type RoomConfigOf, type RoomEvent, type RoomStateOf, type RoomViewOf, type ServerMessageOf } from "./room-core.js";

export { isRoomEvent, TAKEBACK_PAUSE_MS, MAX_CATCH_UP, RATED_MIN_CARDS, RATED_MIN_MS } from "./room-core.js";
export type { HintPayload, RoomEvent, RoomKind, RoomResult, SeatConfig } from "./room-core.js";

export type LoggedEvent = Event | RoomEvent;
export type RoomConfig = RoomConfigOf<Options>;
export type RoomState = RoomStateOf<State, Event>;
export type RoomView = RoomViewOf<View>;
export type ServerMessage = ServerMessageOf<View>;
export type ChooseCommand = ChooseOf<State>;
export type Advise = AdviseOf<State>;

/** The game definition, as the room core's rules (shared/battlemaske/game.ts). */
export const battlemaskeRules = battlemaskeGame;

/** A Battlemaske table: the generic core over the Battlemaske definition (its computer players unless given others). */
export class BattlemaskeRoomCore extends RoomCore<State, Event, Options, View> {
  constructor(name: string, store: LogStore<LoggedEvent>, config: RoomConfig, choose?: ChooseCommand, advise?: Advise | null) {
    super(name, battlemaskeRules, store, config, choose, advise);
  }
}

/** The room state of a whole log (for tests and replays). */
export function foldRoom(entries: ReadonlyArray<LogEntry<LoggedEvent>>, config: RoomConfig): RoomState {
  return new BattlemaskeRoomCore("fold", { read: () => [], append: () => {}, outcome: () => undefined, getMeta: () => undefined, putMeta: () => {} }, config, () => {
    throw new Error("no computer moves while folding");
  }).foldLog(entries);
}

export type { Command };
