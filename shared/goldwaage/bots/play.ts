// Plays whole games with bots through the engine (decide/apply), for the simulation CLI and the tests.
import type { Seed } from "../../rng.js";
import { decide, newGame } from "../engine.js";
import type { Command, Event, Options, Seat } from "../events.js";
import { applyInPlace, fold, type State } from "../state.js";
import { view } from "../view.js";
import type { Bot } from "./index.js";

/** The seats that may act now: everyone still to show at the round start, or the seat to play. */
export function seatsToAct(state: State): Seat[] {
  if (state.phase === "show") return state.shown.flatMap((done, s) => (done ? [] : [s as Seat]));
  if (state.phase === "play") return [state.turn];
  return [];
}

export interface PlayedGame {
  state: State;
  events: Event[];
  commands: Array<{ seat: Seat; command: Command }>;
  /** Per bot decision, the time it took (only when a clock was given). */
  times: number[];
}

/**
 * One complete game: bots[s] plays seat s from its own view. `clock` (e.g. performance.now) times each decision; the
 * engine itself never reads a clock. `onStep` sees each state after a command.
 */
export function playGame(options: Options, seed: Seed, bots: readonly Bot[], clock?: () => number, onStep?: (state: State, events: readonly Event[]) => void): PlayedGame {
  const events = newGame(options, seed);
  let state = fold(events);
  const commands: Array<{ seat: Seat; command: Command }> = [];
  const times: number[] = [];
  for (let guard = 0; guard < 500; guard++) {
    const seats = seatsToAct(state);
    if (seats.length === 0) break;
    const seat = seats[0]!;
    const t0 = clock?.();
    const command = bots[seat]!.act(view(state, seat));
    if (clock) times.push(clock() - (t0 as number));
    const d = decide(state, seat, command, guard);
    if (!d.ok) throw new Error(`bot ${bots[seat]!.name} at seat ${seat} sent a refused command: ${d.error.code} ${JSON.stringify(command)}`);
    for (const e of d.events) state = applyInPlace(state, e);
    events.push(...d.events);
    commands.push({ seat, command });
    onStep?.(state, d.events);
  }
  return { state, events, commands, times };
}
