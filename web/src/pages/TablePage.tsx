// "/partie/<room>": the table of a room this browser holds a seat in (resumed after a reload from localStorage); without
// a seat here, the same table as a spectator sees it (only what is public), live.
import { lazy } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { RoomTable } from "../battlemaske/RoomTable";
import { loadSession, type Session } from "../room/session";
import { spectatorOf } from "../wartesaal/watch";

// Goldwaage's screen loads only for its tables: the session says which game the room is.
const GoldwaageTable = lazy(() => import("../goldwaage/Table").then((m) => ({ default: m.GoldwaageTable })));

/** The table of a room: at this browser's own seat, or watching. */
export function TablePage(props: { room: string }) {
  const own = loadSession(props.room);
  const watch = own ? null : spectatorOf(props.room, location.search);
  const session: Session = own ?? watch!.session;
  if (session.game === "goldwaage") return <GoldwaageTable session={session} />;
  return <RoomTable session={session as typeof session & { seat: Seat }} {...(watch?.computer !== undefined ? { computer: watch.computer } : {})} />;
}
