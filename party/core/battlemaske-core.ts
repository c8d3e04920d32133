// The Battlemaske room: the game definition (shared/battlemaske/game.ts) in the generic room core, plus the game's
// report for the Worker.
import { roleOf, type Command, type Event, type Options, type State, type View } from "../../shared/battlemaske/index.js";
import { battlemaskeGame } from "../../shared/battlemaske/game.js";
import type { LogEntry, LogStore } from "./log.js";
import {
  RoomCore,
  type AdviseOf,
  type ChooseOf,
  type RoomConfigOf,
  type RoomEvent,
  type RoomKind,
  type RoomResult,
  type RoomStateOf,
  type RoomViewOf,
  type ServerMessageOf,
} from "./room-core.js";

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

/** What the room reports to the Worker once the game is over (POST /internal/results, docs/api.md). */
export interface GameReport {
  readonly room: string;
  readonly kind: RoomKind;
  readonly rated: boolean;
  readonly options: Options;
  readonly level: string | null;
  readonly accounts: readonly [string | null, string | null];
  readonly result: RoomResult;
  readonly helped: readonly [boolean, boolean];
  readonly roles: readonly ["conte" | "maske", "conte" | "maske"];
  readonly mirror: number;
  readonly rounds: number;
  readonly lastRoundTricks: readonly [number, number];
  readonly cardsPlayed: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly stake: number;
  readonly log: ReadonlyArray<LogEntry<LoggedEvent>>;
}

/** A Battlemaske table. */
export class BattlemaskeRoomCore extends RoomCore<State, Event, Options, View> {
  constructor(name: string, store: LogStore<LoggedEvent>, config: RoomConfig, choose: ChooseCommand, advise: Advise | null = null) {
    super(name, battlemaskeRules, store, config, choose, advise);
  }

  /** The report of a finished game (the whole log, hands included: the game is over), or null while it runs. */
  report(): GameReport | null {
    const result = this.result;
    if (!result) return null;
    const r = this.room;
    const log = this.store.read();
    const computer = this.config.seats.find((s) => s.type === "computer");
    return {
      room: this.name,
      kind: this.config.kind,
      rated: this.config.rated,
      options: this.config.options,
      level: computer && computer.type === "computer" ? computer.level : null,
      accounts: [this.config.accounts?.[0] ?? null, this.config.accounts?.[1] ?? null],
      result,
      helped: [r.helped[0] === true, r.helped[1] === true],
      roles: [roleOf(r.game, 0), roleOf(r.game, 1)],
      // Uncapped: the daily board's Maske tie-break compares how far past 10 the mirror went.
      mirror: r.game.mirror,
      rounds: r.game.round,
      lastRoundTricks: [r.game.tricks[0], r.game.tricks[1]],
      cardsPlayed: r.cardsPlayed,
      startedAt: r.startedAt,
      finishedAt: log.at(-1)?.time ?? r.startedAt,
      stake: this.config.stake ?? 0,
      log,
    };
  }
}

/** The room state of a whole log (for tests and replays). */
export function foldRoom(entries: ReadonlyArray<LogEntry<LoggedEvent>>, config: RoomConfig): RoomState {
  return new BattlemaskeRoomCore("fold", { read: () => [], append: () => {}, outcome: () => undefined, getMeta: () => undefined, putMeta: () => {} }, config, () => {
    throw new Error("no computer moves while folding");
  }).foldLog(entries);
}

export type { Command };
