// Goldwaage as the room and every other layer see it: the game definition, and its computer team-mates.
import { ANIMATION_MS } from "../animation.js";
import type { GameDefinition } from "../room/game.js";
import { makeBot } from "./bots/index.js";
import { decide, newGame } from "./engine.js";
import type { Event, Options } from "./events.js";
import { redactEvent } from "./redact.js";
import { apply, fold, type State } from "./state.js";
import { view, type View } from "./view.js";

/** The bot a computer seat of level `level` runs: simple and planner on request, strong otherwise. */
export const teammateBot = (level: string): "simple" | "planner" | "strong" => (level === "simple" || level === "planner" ? level : "strong");

/** The seats whose open cards follow strong's convention: the strong computer seats (a person's open card may mean anything). */
export function teammateSignalers(levels: ReadonlyArray<string | null>): number[] {
  return levels.flatMap((l, s) => (l !== null && teammateBot(l) === "strong" ? [s] : []));
}

export const goldwaageGame: GameDefinition<State, Event, Options, View> = {
  id: "goldwaage",
  party: "goldwaage-room",
  seats: { min: 2, max: 4 },
  computer: {
    /** A computer team-mate decides from its own view only (it never sees the state). */
    choose: (state, seat, level, seed, levels = []) => makeBot(teammateBot(level), { seed, signalers: teammateSignalers(levels) }).act(view(state, seat as State["turn"])),
    advise: null,
  },
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

