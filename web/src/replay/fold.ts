// A finished game's archived log as replay steps: every entry folded through the game's own engine (apply / fold), a
// take-back as a refold of the events before it, as the room core does. Pure, so tests/web/replay.test.ts runs it.
import type { RoomEvent } from "../../../shared/room/protocol";

/** One entry of the archive's log (GET /api/games/<id>): a game event or a room event (take-back, resignation, time). */
export interface ArchivedEntry<E> {
  readonly version: number;
  readonly time: number;
  readonly actor: string;
  readonly event: E | RoomEvent;
}

/** What the replay needs of a game: the engine's fold and apply (shared/<game>/state.ts). */
export interface ReplayEngine<S, E> {
  fold(events: readonly E[]): S;
  apply(state: S, event: E): S;
}

export interface ReplayStep<S, E> {
  /** 0, 1, 2, … : the position in the replay. */
  readonly index: number;
  readonly entry: ArchivedEntry<E>;
  /** The game before this entry and after it. */
  readonly before: S;
  readonly after: S;
  /**
   * A later take-back undid this entry: the step stays (the replay shows what happened, as the log keeps it) but is
   * marked, as the table's log strikes such lines through (a player pass read the first trick twice as if both stood).
   */
  readonly undone: boolean;
}

// The same list as party/core/room-core.ts (the client does not import the room core for one set).
const ROOM_EVENTS = new Set(["takebackRequested", "takebackDeclined", "takeback", "resigned", "timeout", "hintGiven", "noShow", "seated"]);

export function isRoomEntry<E>(e: ArchivedEntry<E>): e is ArchivedEntry<E> & { event: RoomEvent } {
  return ROOM_EVENTS.has((e.event as { type: string }).type);
}

/**
 * The steps of a replay. The game's first event (its options and seed) is folded into the start and is no step of its
 * own, so step 0 is the first deal. `skip` leaves out more entries that change nothing worth a step (`seated` is always left out).
 */
export function replaySteps<S, E extends { readonly type: string }>(engine: ReplayEngine<S, E>, log: ReadonlyArray<ArchivedEntry<E>>, skip: (e: ArchivedEntry<E>) => boolean = () => false): Array<ReplayStep<S, E>> {
  const effective: Array<{ version: number; event: E }> = [];
  let state = engine.fold([]);
  const steps: Array<ReplayStep<S, E>> = [];
  for (const entry of log) {
    const before = state;
    if (isRoomEntry(entry)) {
      const e = entry.event;
      if (e.type === "takeback") {
        // The log keeps the undone cards; the table goes back to the events before `toVersion`.
        while (effective.length > 0 && effective[effective.length - 1]!.version >= e.toVersion) effective.pop();
        state = engine.fold(effective.map((x) => x.event));
      }
    } else {
      const e = entry.event as E;
      effective.push({ version: entry.version, event: e });
      state = engine.apply(state, e);
      if (e.type === "gameCreated") continue;
    }
    // The clocks' start (a table that waited for its seats) changes nothing on the table: no step of its own.
    if (skip(entry) || (isRoomEntry(entry) && entry.event.type === "seated")) continue;
    steps.push({ index: steps.length, entry, before, after: state, undone: false });
  }
  // Each take-back undoes the entries from its `toVersion` up to itself (a later one may reach back further).
  const undoneBy = log.flatMap((e) => (isRoomEntry(e) && e.event.type === "takeback" ? [{ from: (e.event as { toVersion: number }).toVersion, to: e.version }] : []));
  return undoneBy.length === 0 ? steps : steps.map((s) => (undoneBy.some((u) => s.entry.version >= u.from && s.entry.version < u.to) ? { ...s, undone: true } : s));
}

/** The state at the end of the log: what the last step shows (and the room folded last). */
export function finalState<S, E extends { readonly type: string }>(engine: ReplayEngine<S, E>, log: ReadonlyArray<ArchivedEntry<E>>): S {
  const steps = replaySteps(engine, log);
  return steps.length > 0 ? steps[steps.length - 1]!.after : engine.fold([]);
}

/** The step index moved by `delta`, kept inside the replay. */
export function clampStep(index: number, delta: number, count: number): number {
  return Math.max(0, Math.min(count - 1, index + delta));
}

/** The first step at or after `from` (going forward) or before `from` (going back) that `is` marks, else `from`. */
export function seekStep<T>(steps: readonly T[], from: number, direction: 1 | -1, is: (s: T) => boolean): number {
  for (let i = from + direction; i >= 0 && i < steps.length; i += direction) if (is(steps[i]!)) return i;
  return from;
}
