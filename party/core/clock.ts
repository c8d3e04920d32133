// Chess clocks from the log's timestamps: pure (time comes in as entry times and `now`), replayable, alarm-friendly.
import type { Event, Seat, State } from "../../shared/battlemaske/index.js";

/** Fischer: minutes per player plus seconds per action; "brake": no clock, but 10 minutes without acting loses. */
export type TimeControl = { readonly type: "fischer"; readonly initialMs: number; readonly incrementMs: number } | { readonly type: "brake" };

export const BRAKE_MS = 10 * 60 * 1000;

/** How long the table shows what an event did; the clocks stand meanwhile (DESIGN.md: motion). */
export const ANIMATION_MS = { card: 250, effect: 700, trick: 500, roundTable: 3000 } as const;

export interface ClockState {
  /** Fischer: time left per seat at `since` (ms). */
  readonly remaining: readonly [number, number];
  /** Seats whose clock runs: the one to play, or both while both still pick. */
  readonly running: readonly Seat[];
  /** The clocks (re)started here: the last action plus its animation credit. */
  readonly since: number;
  /** Brake: when each running seat began to wait for itself. */
  readonly waitingSince: readonly [number, number];
}

export function startClock(tc: TimeControl, time: number): ClockState {
  const initial = tc.type === "fischer" ? tc.initialMs : BRAKE_MS;
  return { remaining: [initial, initial], running: [], since: time, waitingSince: [time, time] };
}

function credit(e: Event): number {
  switch (e.type) {
    case "cardPlayed":
      return ANIMATION_MS.card;
    case "trickTaken":
      return ANIMATION_MS.trick + (e.effect ? ANIMATION_MS.effect : 0);
    case "roundEnded":
      return ANIMATION_MS.roundTable;
    default:
      return 0;
  }
}

/** The seat whose own action this event is, if any (its increment is due). */
function actorOf(e: Event): Seat | null {
  return e.type === "cardPlayed" || e.type === "exchangeSubmitted" || e.type === "swapSubmitted" ? e.seat : null;
}

export function runningSeats(g: State): Seat[] {
  if (g.phase === "play") return [g.trick.length === 0 ? g.leader : g.leader === 0 ? 1 : 0];
  if (g.phase === "exchange" || g.phase === "swap") return ([0, 1] as const).filter((s) => g.picks[s] === null);
  return [];
}

/** The clocks after one engine event at `time`, with `after` the game state it led to (`clocked` lists the seats with a clock). */
export function stepClock(c: ClockState, tc: TimeControl, time: number, e: Event, after: State, over: boolean, clocked: readonly Seat[]): ClockState {
  const elapsed = Math.max(0, time - c.since);
  const remaining: [number, number] = [c.remaining[0], c.remaining[1]];
  if (tc.type === "fischer") for (const s of c.running) remaining[s] = Math.max(0, remaining[s] - elapsed);
  const actor = actorOf(e);
  if (actor !== null && tc.type === "fischer") remaining[actor] += tc.incrementMs;
  const since = Math.max(c.since, time) + credit(e);
  const running = over ? [] : runningSeats(after).filter((s) => clocked.includes(s));
  const waitingSince: [number, number] = [c.waitingSince[0], c.waitingSince[1]];
  for (const s of running) if (!c.running.includes(s) || actor === s) waitingSince[s] = since;
  return { remaining, running, since, waitingSince };
}

/** When the first running seat runs out of time (brake: 10 minutes of its own silence), or null. */
export function flagFall(c: ClockState, tc: TimeControl): { seat: Seat; at: number } | null {
  let first: { seat: Seat; at: number } | null = null;
  for (const s of c.running) {
    const at = tc.type === "fischer" ? c.since + c.remaining[s] : c.waitingSince[s] + BRAKE_MS;
    if (!first || at < first.at) first = { seat: s, at };
  }
  return first;
}

/** Time left per seat at `now`, for display. */
export function timeLeft(c: ClockState, tc: TimeControl, now: number): [number, number] {
  const out: [number, number] = [c.remaining[0], c.remaining[1]];
  for (const s of c.running) {
    out[s] = tc.type === "fischer" ? Math.max(0, c.remaining[s] - Math.max(0, now - c.since)) : Math.max(0, c.waitingSince[s] + BRAKE_MS - now);
  }
  return out;
}
