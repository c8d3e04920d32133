// Watching a table: the link the Wartesaal's list opens (/partie/<room>?zuschauen…) and the seatless session it means.
import type { Seat } from "../../../shared/battlemaske/events";
import type { LiveGame } from "../../../shared/lobby";
import type { Session } from "../room/session";

/**
 * The link to watch a running table. The query says what the bare room name cannot: the game (its screen) and the
 * computer's seat (the room names only people).
 */
export function watchHref(g: LiveGame): string {
  const q = new URLSearchParams();
  if (g.game !== "battlemaske") q.set("spiel", g.game);
  const computer = g.seats.findIndex((s) => s.computer);
  if (g.game === "battlemaske" && computer >= 0) q.set("computer", String(computer));
  const query = q.toString();
  return `/partie/${g.room}${query ? `?${query}` : ""}`;
}

/** A spectator's session at `room` (never stored: nothing to resume, no seat, no token). */
export function spectatorOf(room: string, search: string): { session: Session; computer?: Seat } {
  const q = new URLSearchParams(search);
  const c = q.get("computer");
  return {
    session: { room, seat: 0, seatToken: "", clientSeq: 0, kind: "online", spectator: true, ...(q.get("spiel") === "goldwaage" ? { game: "goldwaage" as const } : {}) },
    ...(c === "0" || c === "1" ? { computer: Number(c) as Seat } : {}),
  };
}
