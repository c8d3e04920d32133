// Test helpers: set up a table mid-round (like a chess FEN), play commands, and check refusals leave the state as it was.
import { expect } from "vitest";
import {
  apply,
  decide,
  fold,
  newGame,
  type Command,
  type Event,
  type Options,
  type RuleErrorCode,
  type Seat,
  type State,
  type Suit,
} from "../../shared/battlemaske/index.js";

export interface TableSetup {
  ruleset?: Options["ruleset"];
  variant?: Options["variant"];
  hands: [string[], string[]];
  leader?: Seat;
  tricks?: [number, number];
  ranking?: Suit[];
  mirror?: number;
  round?: 1 | 2 | 3;
  game?: 1 | 2;
}

/** A state in the play phase with the given hands and counters (the rest as after a fresh deal). */
export function table(setup: TableSetup): State {
  const s = fold(newGame({ ruleset: setup.ruleset ?? "battlemaske", variant: setup.variant ?? "single" }, 1));
  s.phase = "play";
  s.hands = [setup.hands[0].slice(), setup.hands[1].slice()];
  s.leader = setup.leader ?? 0;
  s.tricks = setup.tricks ?? [0, 0];
  s.ranking = setup.ranking ?? [];
  s.mirror = setup.mirror ?? 0;
  s.round = setup.round ?? 1;
  s.game = setup.game ?? 1;
  return s;
}

/** Sends a command that must be accepted; returns the new state and the events. */
export function act(state: State, seat: Seat, command: Command): { state: State; events: Event[] } {
  const d = decide(state, seat, command, 0);
  if (!d.ok) throw new Error(`refused: ${d.error.code} ${d.error.message.en}`);
  return { state: d.events.reduce(apply, state), events: d.events };
}

export function play(state: State, seat: Seat, card: string, suit?: Suit): { state: State; events: Event[] } {
  return act(state, seat, suit ? { type: "play", card, suit } : { type: "play", card });
}

/** Plays a sequence of [seat, card, suit?] and returns the final state and all events. */
export function plays(state: State, moves: Array<[Seat, string, Suit?]>): { state: State; events: Event[] } {
  const events: Event[] = [];
  for (const [seat, card, suit] of moves) {
    const r = play(state, seat, card, suit);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** Sends a command that must be refused with `code`; checks the error's messages and that the state is unchanged. */
export function refuse(state: State, seat: unknown, command: unknown, code: RuleErrorCode): void {
  const snapshot = JSON.stringify(state);
  const d = decide(state, seat, command, 0);
  expect(d.ok).toBe(false);
  if (d.ok) return;
  expect(d.error.code).toBe(code);
  expect(d.error.message.de.length).toBeGreaterThan(10);
  expect(d.error.message.en.length).toBeGreaterThan(10);
  expect(JSON.stringify(state)).toBe(snapshot);
}

export function eventOf<T extends Event["type"]>(events: readonly Event[], type: T): Extract<Event, { type: T }> | undefined {
  return events.find((e): e is Extract<Event, { type: T }> => e.type === type);
}
