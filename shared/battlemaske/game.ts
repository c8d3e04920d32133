// Battlemaske (and its rule set Zwiegespalten) as the room and every other layer see it: the game definition.
import { ANIMATION_MS } from "../animation.js";
import type { GameDefinition } from "../room/game.js";
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
  seats: { min: 2, max: 2 },
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
  redact: (event, viewer) => redactEvent(event, viewer as 0 | 1 | "spectator"),
  toAct: (g) => seatsToAct(g),
  isOver: (g) => g.phase === "over",
  secretOf: (e) => (e.type === "exchangeSubmitted" || e.type === "swapSubmitted" ? e.seat : null),
  takebackMark: (e) => (e.type === "cardPlayed" ? e.seat : e.type === "roundDealt" ? "boundary" : null),
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
  cooperative: false,
};

