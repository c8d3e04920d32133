// Goldwaage as the room and every other layer see it: the game definition, and its computer team-mates.
import * as v from "valibot";
import { ANIMATION_MS } from "../animation.js";
import type { GameDefinition } from "../room/game.js";
import { GoldwaageCommandSchema } from "../room/protocol.js";
import { Count } from "../room/report.js";
import { makeBot } from "./bots/index.js";
import { seatsToAct } from "./bots/play.js";
import { decide, newGame } from "./engine.js";
import { LEVELS, VARIANTS, type Event, type Options } from "./events.js";
import { redactEvent } from "./redact.js";
import { apply, emptyState, fold, type State } from "./state.js";
import { view, type View } from "./view.js";

/** The bot a computer seat of level `level` runs: simple and planner on request, strong otherwise. */
export const teammateBot = (level: string): "simple" | "planner" | "strong" => (level === "simple" || level === "planner" ? level : "strong");

/** The seats whose open cards follow strong's convention: the strong computer seats (a person's open card may mean anything). */
export function teammateSignalers(levels: ReadonlyArray<string | null>): number[] {
  return levels.flatMap((l, s) => (l !== null && teammateBot(l) === "strong" ? [s] : []));
}

/** The public remarks a Goldwaage table offers between rounds and after the game (the client words them). */
export const GOLDWAAGE_REMARKS = ["well-played", "again", "thanks", "close", "pity"] as const;

export const goldwaageGame: GameDefinition<State, Event, Options, View> = {
  id: "goldwaage",
  party: "goldwaage-room",
  binding: "GoldwaageRoom",
  seats: { min: 2, max: 4 },
  commands: GoldwaageCommandSchema,
  computer: {
    /** A computer team-mate decides from its own view only (it never sees the state). */
    choose: (state, seat, level, seed, levels = []) => makeBot(teammateBot(level), { seed, signalers: teammateSignalers(levels) }).act(view(state, seat as State["turn"])),
    advise: null,
    // A free seat its host gives up waiting for is played as every computer team-mate is.
    teammate: "strong",
  },
  newGame: (options, seed) => newGame(options, seed),
  apply,
  fold,
  decide: (state, seat, command, now) => decide(state, seat, command, now),
  view: (state, viewer) => view(state, viewer as State["turn"] | "spectator"),
  /** Invited friends still missing: the table shows its settings and its empty seats, not an empty 2-player state. */
  waitingView(options, viewer) {
    const seats = Array.from({ length: options.players }, () => []);
    const waiting: State = { ...emptyState(), options, hands: seats, open: seats.map(() => []), shown: seats.map(() => false), wasOpen: seats.map(() => []) };
    return view(waiting, viewer as State["turn"] | "spectator");
  },
  // On offene Hände every hand is dealt face up, so deals are not redacted there.
  redact: (event, viewer, options) => redactEvent(event, viewer as State["turn"] | "spectator", options.variants.includes("offene-haende")),
  // Who must act now: the engine's one answer (its bots ask the same function).
  toAct: (g) => seatsToAct(g),
  isOver: (g) => g.phase === "over",
  // Open cards chosen at the round start are public at once, but change nothing another seat may do then (each picks its
  // own). A card shown during play always comes with that seat's cardPlayed, which is not secret: a command that missed
  // it is resynced (tests/rooms/definition.test.ts).
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
  // Between rounds (the next round dealt, no card of it played yet: the table still shows the round table) and after
  // the game. The remarks are a fixed set that says nothing about a hand.
  remarks: {
    ids: GOLDWAAGE_REMARKS,
    allowed: (g) => g.phase === "over" || (g.phase === "show" && g.round > 1 && g.played.every((p) => p.round !== g.round)),
  },
  // The team plays together: one who gives up or runs out of time loses it for all.
  forfeit: () => ({ winner: null, draw: false, team: "lost" }),
  // Against the computer team-mates a take-back needs nobody; among several people all would have to agree, which the table does not ask.
  takebackConsent: (seat, people) => (people.some((s) => s !== seat) ? "unsupported" : []),
  report: {
    fields: {
      options: v.object({ players: v.picklist([2, 3, 4]), level: v.picklist(LEVELS), variants: v.pipe(v.array(v.picklist(VARIANTS)), v.maxLength(3)) }),
      rounds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4)),
      lives: Count,
      livesLostByRound: v.pipe(v.array(Count), v.maxLength(4)),
    },
    summary: (g) => ({ options: g.options, rounds: g.round, lives: g.lives, livesLostByRound: g.livesLostByRound.slice() }),
    archive: (r) => {
      const o = r.options as Options;
      // The table's level (its computer team-mates all play "strong").
      return { ruleset: "goldwaage", variant: variantKey(o), level: o.level };
    },
    // One record per players, level and variant: won or lost (the whole team's result).
    bilanz: (r) => {
      const o = r.options as Options;
      return { game: "goldwaage", level: o.level, role: `${o.players}p:${variantKey(o)}` };
    },
  },
};

/** The variants of a table as one stable key ("normal" without any), as the Worker stores it in `games.variant`. */
export function variantKey(o: Pick<Options, "variants">): string {
  return [...o.variants].sort().join("+") || "normal";
}

