// Chess clocks from the log's timestamps: pure (time comes in as entry times and `now`), replayable, alarm-friendly.
// Shared by the rooms (which run them) and the client (which shows them as the room reports them).

/** Fischer: minutes per player plus seconds per action; "brake": no clock, but 10 minutes without acting loses. */
export type TimeControl = { readonly type: "fischer"; readonly initialMs: number; readonly incrementMs: number } | { readonly type: "brake" };

/** Without a clock ("brake"): a seat that does not act for this long loses the game. */
export const BRAKE_MS = 10 * 60 * 1000;

/**
 * At a table of several people: a person's seat that has not come to the table (no hello with its seat token) this long
 * after the deal calls the game off — aborted, no record counts it (ADR 041). A seek taken by someone who never comes
 * held its poster "playing" for the brake's ten minutes before.
 */
export const NO_SHOW_MS = 60 * 1000;

export { ANIMATION_MS } from "../animation.js";

export interface ClockState {
  /** Fischer: time left per seat at `since` (ms). */
  readonly remaining: readonly number[];
  /** Seats whose clock runs: the one to play, or all who still pick in a simultaneous step. */
  readonly running: readonly number[];
  /** The clocks (re)started here: the last action plus its animation credit. */
  readonly since: number;
  /** Brake: when each running seat began to wait for itself. */
  readonly waitingSince: readonly number[];
}

/**
 * What the brake shows for `seat` at `now`: ten minutes from when it began to wait, never more (the room starts the
 * wait after the animation time it credits, so its start may lie a moment ahead).
 */
export function brakeLeftMs(c: ClockState, seat: number, now: number): number {
  return Math.min(BRAKE_MS, Math.max(0, (c.waitingSince[seat] ?? c.since) + BRAKE_MS - now));
}

/** A clock's time as m:ss, rounded up to the second (a clock at 0.4 s still shows 0:01). */
export function formatClock(ms: number): string {
  const t = Math.ceil(ms / 1000);
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

export function startClock(tc: TimeControl, time: number, seats: number): ClockState {
  const initial = tc.type === "fischer" ? tc.initialMs : BRAKE_MS;
  return { remaining: Array.from({ length: seats }, () => initial), running: [], since: time, waitingSince: Array.from({ length: seats }, () => time) };
}

/**
 * The clocks after one event at `time`: the running seats are charged up to it, the actor gets its increment, and the
 * clocks restart after the event's animation credit with `running` (the seats to act next; empty once the game is over).
 */
export function stepClock(c: ClockState, tc: TimeControl, time: number, actor: number | null, creditMs: number, running: readonly number[]): ClockState {
  const elapsed = Math.max(0, time - c.since);
  const remaining = c.remaining.slice();
  if (tc.type === "fischer") for (const s of c.running) remaining[s] = Math.max(0, remaining[s]! - elapsed);
  if (actor !== null && tc.type === "fischer") remaining[actor] = remaining[actor]! + tc.incrementMs;
  const since = Math.max(c.since, time) + creditMs;
  const waitingSince = c.waitingSince.slice();
  for (const s of running) if (!c.running.includes(s) || actor === s) waitingSince[s] = since;
  return { remaining, running: running.slice(), since, waitingSince };
}

/**
 * The clocks after a take-back at `time`: the thinking time used up to it stays used (as on lichess), the increments
 * earned by the plays taken back go with them (`taken[s]`: how many of seat s's own actions were undone), and the
 * clocks restart at once for `running`, the seats to act in the restored position. Nobody gains time by a take-back.
 */
export function takebackClock(c: ClockState, tc: TimeControl, time: number, taken: readonly number[], running: readonly number[]): ClockState {
  const charged = stepClock(c, tc, time, null, 0, []);
  const remaining = charged.remaining.map((r, s) => (tc.type === "fischer" ? Math.max(0, r - tc.incrementMs * (taken[s] ?? 0)) : r));
  const since = Math.max(c.since, time);
  const waitingSince = c.waitingSince.map((w, s) => (running.includes(s) ? since : w));
  return { remaining, running: running.slice(), since, waitingSince };
}

/**
 * When the first running seat runs out of time (brake: 10 minutes of its own silence), or null. `seats`: every running
 * seat whose flag falls at that same instant (in a simultaneous step where nobody has acted yet, equal clocks fall
 * together, and naming one of them the loser would be a coin toss); `seat` is the first of them.
 */
export function flagFall(c: ClockState, tc: TimeControl): { seat: number; at: number; seats: number[] } | null {
  let first: { seat: number; at: number; seats: number[] } | null = null;
  for (const s of c.running) {
    const at = tc.type === "fischer" ? c.since + c.remaining[s]! : c.waitingSince[s]! + BRAKE_MS;
    if (!first || at < first.at) first = { seat: s, at, seats: [s] };
    else if (at === first.at) first.seats.push(s);
  }
  return first;
}

/** Time left per seat at `now`, for display. */
export function timeLeft(c: ClockState, tc: TimeControl, now: number): number[] {
  const out = c.remaining.slice();
  for (const s of c.running) {
    out[s] = tc.type === "fischer" ? Math.max(0, c.remaining[s]! - Math.max(0, now - c.since)) : Math.max(0, c.waitingSince[s]! + BRAKE_MS - now);
  }
  return out;
}
