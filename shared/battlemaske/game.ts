// Battlemaske (and its rule set Zwiegespalten) as the room and every other layer see it: the game definition.
import * as v from "valibot";
import { ANIMATION_MS } from "../animation.js";
import type { GameDefinition } from "../room/game.js";
import { BattlemaskeCommandSchema } from "../room/protocol.js";
import { Count, resultSchema } from "../room/report.js";
import { RULESETS, VARIANTS } from "./cards.js";
import { botCommand, hint, isBotName } from "./bots/index.js";
import { decide, newGame } from "./engine.js";
import type { Event, Options, Seat } from "./events.js";
import { seatsToAct } from "./random.js";
import { redactEvent } from "./redact.js";
import { apply, fold, roleOf, type State } from "./state.js";
import { view, type View } from "./view.js";

export const battlemaskeGame: GameDefinition<State, Event, Options, View> = {
  id: "battlemaske",
  party: "battlemaske-room",
  binding: "BattlemaskeRoom",
  seats: { min: 2, max: 2 },
  commands: BattlemaskeCommandSchema,
  computer: {
    choose(state, seat, level, seed) {
      if (!isBotName(level)) throw new Error(`unknown computer level ${level}`);
      return botCommand(level, state, seat as Seat, seed);
    },
    /** "Rat": what Stark would do for this seat, from the seat's information only. */
    advise(state, seat, seed) {
      const h = hint(state, seat as Seat, seed);
      return h && { cards: h.cards.slice(), suit: h.suit, reason: h.reason, winChance: h.winChance };
    },
  },
  newGame: (options, seed) => newGame(options, seed),
  apply,
  fold,
  decide: (state, seat, command, now) => decide(state, seat, command, now),
  view: (state, viewer) => view(state, viewer as 0 | 1 | "spectator"),
  // Before the deal there is nothing to show but an empty table (no cards are dealt until the friend sits down) — of
  // the chosen rule set and variant: the host of a Zwiegespalten table read "Battlemaske", "Conte" (a player pass).
  waitingView: (options, viewer) => view({ ...fold([]), options }, viewer as 0 | 1 | "spectator"),
  redact: (event, viewer) => redactEvent(event, viewer as 0 | 1 | "spectator"),
  toAct: (g) => seatsToAct(g),
  isOver: (g) => g.phase === "over",
  secretOf: (e) => (e.type === "exchangeSubmitted" || e.type === "swapSubmitted" ? e.seat : null),
  // A completed greed swap is a boundary too: undone, it would put the two cards each seat was shown back into the
  // other's hidden hand, known (an attack pass); a take-back reaches back to the swap, not past it.
  takebackMark: (e) => (e.type === "cardPlayed" ? e.seat : e.type === "roundDealt" || e.type === "swapCompleted" ? "boundary" : null),
  actorOf: (e) => (e.type === "cardPlayed" || e.type === "exchangeSubmitted" || e.type === "swapSubmitted" ? e.seat : null),
  creditMs(e) {
    if (e.type === "cardPlayed") return ANIMATION_MS.card;
    if (e.type === "trickTaken") return ANIMATION_MS.trick + (e.effect ? ANIMATION_MS.effect : 0);
    if (e.type === "roundEnded") return ANIMATION_MS.roundTable;
    return 0;
  },
  ruleResult(g) {
    if (g.phase !== "over") return null;
    if (g.match) return { winner: g.match.winner, draw: g.match.draw };
    return { winner: ([0, 1] as const).find((s) => roleOf(g, s) === g.winner) ?? null, draw: false };
  },
  // Both flags at once (the first exchange, nobody acted): neither is the loser, so neither wins.
  forfeit: (_g, seats) => (seats.length > 1 ? { winner: null, draw: true } : { winner: seats[0] === 0 ? 1 : 0, draw: false }),
  // A duel: the other seat agrees, unless it is the computer's.
  takebackConsent: (seat, people) => people.filter((s) => s !== seat),
  report: {
    fields: {
      options: v.object({ ruleset: v.picklist(RULESETS), variant: v.picklist(VARIANTS) }),
      accounts: v.tuple([v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(64))), v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(64)))]),
      helped: v.tuple([v.boolean(), v.boolean()]),
      result: resultSchema(v.picklist([0, 1])),
      roles: v.tuple([v.picklist(["conte", "maske"]), v.picklist(["conte", "maske"])]),
      mirror: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
      rounds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)),
      lastRoundTricks: v.tuple([Count, Count]),
    },
    summary: (g) => ({
      options: g.options,
      roles: [roleOf(g, 0), roleOf(g, 1)],
      // Uncapped: the daily board's Maske tie-break compares how far past 10 the mirror went.
      mirror: g.mirror,
      rounds: g.round,
      lastRoundTricks: [g.tricks[0], g.tricks[1]],
    }),
    archive: (r) => {
      const o = r.options as Options;
      return { ruleset: o.ruleset, variant: o.variant };
    },
    // Records per rule set, level and role; a Profi match (both roles in turn) is one record of its own.
    bilanz: (r, seat, level) => {
      const o = r.options as Options;
      return { game: o.ruleset, level, role: o.variant === "profi" ? "profi" : (r.roles as string[])[seat]! };
    },
  },
};

