// Uniformly random legal play: the `random` baseline, and the driver of property tests and benchmarks.
import { randomInt, rng, type Seed } from "../rng.js";
import { decide, legalCommands, newGame } from "./engine.js";
import type { Command, Event, Options, Seat } from "./events.js";
import { applyInPlace, cloneState, fold, turnOf, type State } from "./state.js";

/** The seats that may act now: the one to play, or those still to pick in an exchange or greed swap. */
export function seatsToAct(state: State): Seat[] {
  if (state.phase === "play") return [turnOf(state) as Seat];
  if (state.phase === "exchange" || state.phase === "swap") return ([0, 1] as const).filter((s) => state.picks[s] === null);
  return [];
}

/** A uniformly random legal command for `seat`, or null when it has none. */
export function randomCommand(state: State, seat: Seat, random: () => number): Command | null {
  const options = legalCommands(state, seat);
  return options.length === 0 ? null : (options[randomInt(random, options.length)] as Command);
}

export interface Step {
  readonly seat: Seat;
  readonly command: Command;
  /** The state before the command. */
  readonly before: State;
  readonly events: readonly Event[];
}

/** Plays one complete game with random legal commands; `onStep` sees every step (for invariant checks). */
export function playRandomGame(options: Options, seed: Seed, choiceSeed: Seed, onStep?: (step: Step, after: State) => void): { events: Event[]; commands: Array<{ seat: Seat; command: Command }>; state: State } {
  const random = rng(choiceSeed, "random-player");
  const events = newGame(options, seed);
  const commands: Array<{ seat: Seat; command: Command }> = [];
  let state = fold(events);
  for (let guard = 0; guard < 1000; guard++) {
    const seats = seatsToAct(state);
    if (seats.length === 0) break;
    const seat = seats[randomInt(random, seats.length)] as Seat;
    const command = randomCommand(state, seat, random);
    if (!command) throw new Error(`seat ${seat} has no legal command in phase ${state.phase}`);
    const decision = decide(state, seat, command, guard);
    if (!decision.ok) throw new Error(`a legal command was refused: ${decision.error.code} ${JSON.stringify(command)}`);
    const before = state;
    if (onStep) state = cloneState(state); // a copy, so `before` stays intact for the observer
    for (const e of decision.events) state = applyInPlace(state, e);
    events.push(...decision.events);
    commands.push({ seat, command });
    onStep?.({ seat, command, before, events: decision.events }, state);
  }
  return { events, commands, state };
}
