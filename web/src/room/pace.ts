// The types of a batch played out frame by frame (the table's pace), apart from the socket: DOM-free, so the games'
// pace functions can be tested in Node.
import type { RoomViewOf, ServerMessageOf } from "../../../shared/room/protocol";

/** An event as the room sends it (redacted for this seat). */
export type RoomEventMessage = Omit<Extract<ServerMessageOf<unknown>, { type: "event" }>, "type" | "event"> & { readonly event: { readonly type: string; readonly [k: string]: unknown } };

/** One frame of a batch played out: what the table shows, and for how long (the room's animation credit). */
export interface Frame<Staged> {
  readonly staged: Staged;
  readonly ms: number;
}

/**
 * A game's pacing: for a batch it wants to play out (null: show it at once; `after` is the view it ends on), a step per event that answers the frame
 * to show, null to pass the event by, or "stop" when the rest is shown at once (a round table or the result takes over).
 */
export type Pace<V, Staged> = (before: RoomViewOf<V>, events: readonly RoomEventMessage[], after: RoomViewOf<V>) => ((event: RoomEventMessage["event"]) => Frame<Staged> | "stop" | null) | null;
