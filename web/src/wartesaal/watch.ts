// Watching a table: the link the Wartesaal's list opens (/partie/<room>) and the seatless session it means.
import type { Seat } from "../../../shared/battlemaske/events";
import type { LiveGame } from "../../../shared/lobby";
import type { Session } from "../room/session";

/**
 * The link to watch a running Battlemaske table (Goldwaage's table has no spectator's view yet). The query says what
 * the bare room name cannot: the computer's seat (the room names only people).
 */
export function watchHref(g: LiveGame): string {
  const computer = g.seats.findIndex((s) => s.computer);
  return `/partie/${g.room}${computer >= 0 ? `?computer=${computer}` : ""}`;
}

/** A spectator's session at a Battlemaske `room` (never stored: nothing to resume, no seat, no token). */
export function spectatorOf(room: string, search: string): { session: Session; computer?: Seat } {
  const c = new URLSearchParams(search).get("computer");
  return {
    session: { room, seat: 0, seatToken: "", clientSeq: 0, kind: "online", spectator: true },
    ...(c === "0" || c === "1" ? { computer: Number(c) as Seat } : {}),
  };
}
