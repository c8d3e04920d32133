// Watching a table: the link the Wartesaal's list opens (/partie/<room>) and the seatless session it means.
import type { Seat } from "../../../shared/battlemaske/events";
import type { LiveGame } from "../../../shared/lobby";

/** A spectator's session (assignable to room/session's Session; spelled out so this file needs no browser storage). */
export interface SpectatorSession {
  readonly room: string;
  readonly seat: 0;
  readonly seatToken: "";
  readonly clientSeq: 0;
  readonly kind: "online";
  readonly spectator: true;
  readonly game?: "goldwaage";
}

/**
 * The link to watch a running table. The query says what the bare room name cannot: which game the room is (a
 * spectator holds no session that would say it: `game=goldwaage`), and a duel's computer seat (the room names only
 * people).
 */
export function watchHref(g: LiveGame): string {
  if (g.game === "goldwaage") return `/partie/${g.room}?game=goldwaage`;
  const computer = g.seats.findIndex((s) => s.computer);
  return `/partie/${g.room}${computer >= 0 ? `?computer=${computer}` : ""}`;
}

/** A spectator's session at `room` (never stored: nothing to resume, no seat, no token). */
export function spectatorOf(room: string, search: string): { session: SpectatorSession; computer?: Seat } {
  const q = new URLSearchParams(search);
  const c = q.get("computer");
  return {
    session: { room, seat: 0, seatToken: "", clientSeq: 0, kind: "online", spectator: true, ...(q.get("game") === "goldwaage" ? { game: "goldwaage" as const } : {}) },
    ...(c === "0" || c === "1" ? { computer: Number(c) as Seat } : {}),
  };
}
