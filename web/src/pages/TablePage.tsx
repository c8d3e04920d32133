// "/partie/<room>": the table of a room this browser holds a seat in (resumed after a reload from localStorage); without
// a seat here, the same table as a spectator sees it (only what is public), live.
import { createResource, lazy, Match, Switch } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { RoomTable } from "../battlemaske/RoomTable";
import { tr } from "../i18n";
import { loadSession, type Session } from "../room/session";
import { spectatorOf } from "../wartesaal/watch";

// Goldwaage's screen loads only for its tables: the session, the link or the Worker says which game the room is.
const GoldwaageTable = lazy(() => import("../goldwaage/Table").then((m) => ({ default: m.GoldwaageTable })));

/**
 * Which game a room is, asked of the Worker when nothing here says it: a spectator's bare address (a player's address
 * bar, shared) names no game, and a Goldwaage table opened as a duel's read "Diese Partie gibt es nicht" (a fresh-eyes
 * pass). Unknown, or the Worker not reached: a duel's table, which says whether the room exists.
 */
async function gameOf(room: string): Promise<"goldwaage" | "battlemaske"> {
  const r = await fetch(`/api/games/${encodeURIComponent(room)}/table`).catch(() => null);
  const body = r?.ok ? ((await r.json().catch(() => null)) as { game?: string } | null) : null;
  return body?.game === "goldwaage" ? "goldwaage" : "battlemaske";
}

/** The table of a room: at this browser's own seat, or watching. */
export function TablePage(props: { room: string }) {
  const own = loadSession(props.room);
  const watch = own ? null : spectatorOf(props.room, location.search);
  const session: Session = own ?? watch!.session;
  // The link names the game (the Wartesaal's: ?game=goldwaage) or a duel's computer seat (?computer=): no need to ask.
  const known = own !== null || session.game === "goldwaage" || watch?.computer !== undefined;
  const [game] = createResource(() => (known ? (session.game === "goldwaage" ? "goldwaage" : "battlemaske") : gameOf(props.room)));
  return (
    <Switch fallback={<p class="loading" data-testid="table-loading">{tr("Der Tisch wird geladen …", "Loading the table …")}</p>}>
      <Match when={game() === "goldwaage"}>
        <GoldwaageTable session={{ ...session, game: "goldwaage" }} />
      </Match>
      <Match when={game() === "battlemaske"}>
        <RoomTable session={session as typeof session & { seat: Seat }} {...(watch?.computer !== undefined ? { computer: watch.computer } : {})} />
      </Match>
    </Switch>
  );
}
