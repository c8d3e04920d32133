// "/partie/<room>": the table of a room this browser holds a seat in (resumed after a reload from localStorage).
import { lazy } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { RoomTable } from "../battlemaske/RoomTable";
import { tr } from "../i18n";
import { loadSession } from "../room/session";
import { Link } from "../router";

// Goldwaage's screen loads only for its tables: the session says which game the room is.
const GoldwaageTable = lazy(() => import("../goldwaage/Table").then((m) => ({ default: m.GoldwaageTable })));

/** The table of a room this browser holds a seat in. */
export function TablePage(props: { room: string }) {
  const session = loadSession(props.room);
  if (!session) {
    return (
      <div class="page">
        <h1>{tr("Diese Partie kennt dein Browser nicht", "This browser holds no seat in this game")}</h1>
        <p>{tr("Der Platz an diesem Tisch gehört einem anderen Gerät, oder die Partie ist vorbei.", "The seat at this table belongs to another device, or the game is over.")}</p>
        <Link class="button" href="/">
          {tr("Zur Startseite", "To the start page")}
        </Link>
      </div>
    );
  }
  if (session.game === "goldwaage") return <GoldwaageTable session={session} />;
  return <RoomTable session={session as typeof session & { seat: Seat }} />;
}

