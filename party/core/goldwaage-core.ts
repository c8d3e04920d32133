// The Goldwaage table: the cooperative engine plugged into the generic room core; empty seats are computer team-mates.
import { apply, decide, emptyState, fold, newGame, redactEvent, view, type Event, type Options, type State, type View } from "../../shared/goldwaage/index.js";
import { ANIMATION_MS } from "../../shared/room/clock.js";
import type { LogStore } from "./log.js";
import { RoomCore, type ChooseOf, type RoomConfigOf, type RoomEvent, type RoomRules, type RoomViewOf, type ServerMessageOf } from "./room-core.js";

export type GoldwaageLoggedEvent = Event | RoomEvent;
export type GoldwaageRoomConfig = RoomConfigOf<Options>;
export type GoldwaageRoomView = RoomViewOf<View>;
export type GoldwaageServerMessage = ServerMessageOf<View>;

export const goldwaageRules: RoomRules<State, Event, Options, View> = {
  newGame: (options, seed) => newGame(options, seed),
  apply,
  fold,
  decide: (state, seat, command, now) => decide(state, seat, command, now),
  view: (state, viewer) => view(state, viewer as State["turn"] | "spectator"),
  redact: (event, viewer) => redactEvent(event, viewer as State["turn"] | "spectator", false),
  toAct(g) {
    if (g.phase === "show") return g.shown.flatMap((shown, s) => (shown ? [] : [s]));
    if (g.phase === "play") return [g.turn];
    return [];
  },
  isOver: (g) => g.phase === "over",
  // Open cards chosen at the round start are public at once, but change nothing another seat may do then.
  secretOf: (e) => (e.type === "cardsShown" ? e.seat : null),
  takebackMark: (e) => (e.type === "cardPlayed" ? e.seat : e.type === "roundDealt" ? "boundary" : null),
  actorOf: (e) => (e.type === "cardPlayed" || e.type === "cardsShown" ? e.seat : null),
  creditMs(e) {
    if (e.type === "cardPlayed") return ANIMATION_MS.card;
    if (e.type === "scaleBalanced" || e.type === "scaleTipped") return ANIMATION_MS.effect;
    if (e.type === "roundEnded") return ANIMATION_MS.roundTable;
    return 0;
  },
  ruleResult: (g) => (g.result ? { winner: null, draw: false, team: g.result } : null),
  cooperative: true,
};

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

/** The bot a computer seat of level `level` runs: simple and planner on request, strong otherwise. */
export const teammateBot = (level: string): "simple" | "planner" | "strong" => (level === "simple" || level === "planner" ? level : "strong");

/** The seats whose open cards follow strong's convention: the strong computer seats (a person's open card may mean anything). */
export function teammateSignalers(levels: ReadonlyArray<string | null>): number[] {
  return levels.flatMap((l, s) => (l !== null && teammateBot(l) === "strong" ? [s] : []));
}
