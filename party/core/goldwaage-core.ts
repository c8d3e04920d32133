// The Goldwaage table: the game definition (shared/goldwaage/game.ts) in the generic room core; empty seats are
// computer team-mates.
import { emptyState, redactEvent, view, type Event, type Options, type State, type View } from "../../shared/goldwaage/index.js";
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

/** A Goldwaage table; on offene Hände every hand is dealt face up, so deals are not redacted there. */
export class GoldwaageRoomCore extends RoomCore<State, Event, Options, View> {
  constructor(name: string, store: LogStore<GoldwaageLoggedEvent>, config: GoldwaageRoomConfig, choose: ChooseOf<State>) {
    const openHands = config.options.variants.includes("offene-haende");
    super(name, { ...goldwaageRules, redact: (e, viewer) => redactEvent(e, viewer as State["turn"] | "spectator", openHands) }, store, config, choose);
  }

  /** Before the deal (invited friends still missing) the table shows its settings and empty seats, not an empty 2-player state. */
  protected override gameView(viewer: number | "spectator"): View {
    if (this.version > 0) return super.gameView(viewer);
    const players = this.config.options.players;
    const empty = emptyState();
    const waiting: State = { ...empty, options: this.config.options, hands: Array.from({ length: players }, () => []), open: Array.from({ length: players }, () => []), shown: Array.from({ length: players }, () => false) };
    return view(waiting, viewer as State["turn"] | "spectator");
  }
}

