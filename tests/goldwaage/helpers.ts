// Test helpers: set up a table mid-round (hands, pans, open cards), play commands, and check refusals leave the state as it was.
import { expect } from "vitest";
import {
  apply,
  card,
  decide,
  fold,
  legalCommands,
  newGame,
  type Command,
  type Event,
  type Level,
  type Pan,
  type Players,
  type RuleErrorCode,
  type Seat,
  type State,
  type Variant,
} from "../../shared/goldwaage/index.js";

export interface TableSetup {
  players?: Players;
  level?: Level;
  variants?: Variant[];
  hands: string[][];
  /** Default: the first card of each hand (none on Profi, all on offene Hände). */
  open?: string[][];
  left?: string[];
  right?: string[];
  turn?: Seat;
  limit?: number;
  lives?: number;
  round?: 1 | 2 | 3 | 4;
}

/** Pan cards with their face weights (an Ace counts 1). */
const onPan = (cards: string[] = []) => cards.map((c) => ({ card: c, weight: card(c).weight }));

/** A state in the play phase with the given hands, pans and counters (the rest as after a fresh deal). */
export function table(setup: TableSetup): State {
  const players = setup.players ?? (setup.hands.length as Players);
  const level = setup.level ?? "normal";
  const variants = setup.variants ?? [];
  const s = fold(newGame({ players, level, variants }, 1));
  s.phase = "play";
  s.hands = setup.hands.map((h) => h.slice());
  const all = variants.includes("offene-haende");
  s.open = setup.open ?? s.hands.map((h) => (all ? h.slice() : level === "profi" ? [] : h.slice(0, variants.includes("zwei-offene-karten") ? 2 : 1)));
  s.shown = s.hands.map(() => true);
  s.pans = { left: onPan(setup.left), right: onPan(setup.right) };
  s.turn = setup.turn ?? 0;
  s.starter = s.turn;
  if (setup.limit !== undefined) s.limit = setup.limit;
  if (setup.lives !== undefined) s.lives = setup.lives;
  if (setup.round !== undefined) s.round = setup.round;
  return s;
}

/** Sends a command that must be accepted; returns the new state and the events. */
export function act(state: State, seat: Seat, command: Command): { state: State; events: Event[] } {
  const d = decide(state, seat, command, 0);
  if (!d.ok) throw new Error(`refused: ${d.error.code} ${d.error.message.en}`);
  return { state: d.events.reduce(apply, state), events: d.events };
}

export function play(state: State, seat: Seat, c: string, pan?: Pan, show?: string[]): { state: State; events: Event[] } {
  return act(state, seat, { type: "play", card: c, ...(pan ? { pan } : {}), ...(show ? { show } : {}) });
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

/** The pans as card ids. */
export const pans = (s: State) => ({ left: s.pans.left.map((p) => p.card), right: s.pans.right.map((p) => p.card) });

/** Fewest lives the rest of the round costs: every legal play tried through decide/apply, until the round ends. */
export function bruteForce(s: State): number {
  if (s.hands.every((h) => h.length === 0)) return 0;
  let best = Infinity;
  const seen = new Set<string>();
  for (const c of legalCommands(s, s.turn)) {
    if (c.type !== "play" || c.show !== undefined) continue;
    const k = `${c.card}/${c.pan ?? ""}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const d = decide(s, s.turn, c, 0);
    if (!d.ok) throw new Error(d.error.code);
    let next = s;
    let lost = 0;
    let roundOver = false;
    for (const e of d.events) {
      if (e.type === "roundEnded") roundOver = true;
      if (roundOver) break; // stop before the next round is dealt
      next = apply(next, e);
    }
    const after = d.events.find((e) => e.type === "roundEnded");
    lost = next.livesLost - s.livesLost + (after && after.type === "roundEnded" && after.unbalanced ? 1 : 0);
    best = Math.min(best, lost + (roundOver ? 0 : bruteForce(next)));
  }
  return best;
}
