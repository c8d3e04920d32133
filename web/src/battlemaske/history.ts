// The game log rebuilt from the room's history (a reload, a reconnect, "Partie fortsetzen"): every event so far, as
// this seat received it, explained with the same words as when it happened live (log.ts).
import type { Role, Seat } from "../../../shared/battlemaske/events";
import type { View } from "../../../shared/battlemaske/view";
import type { Lang } from "../../../shared/catalog";
import type { RoomEventMessage } from "../room/connection";
import { describeEvent, lapsedTakeback, markUndone, pendingTakeback, type LogEntry, type Viewer } from "./log";

/**
 * The table each event is explained against. The log needs only what is public and known from the events: the rule
 * set, the game and round, and the roles of that game (Profi swaps them for game 2). The rest is taken from the view at
 * the end, so nothing the log may read is missing.
 */
function tableAt(end: View, game: 1 | 2, round: 1 | 2 | 3): View {
  const swap = (r: readonly [Role, Role]): [Role, Role] => [r[1], r[0]];
  const roles = game === end.game ? end.roles : swap(end.roles);
  return { ...end, game, round, roles };
}

/** The log lines of the whole history, in order, and the last own hint if nothing followed it. */
export function logFromHistory(entries: readonly RoomEventMessage[], end: View, me: Viewer, opponent: Record<Lang, string>, clock: "fischer" | "brake" | null = "fischer"): { log: LogEntry[]; lastEvent: RoomEventMessage | null; takeback: Seat | null } {
  let game: 1 | 2 = 1;
  let round: 1 | 2 | 3 = 1;
  let takeback: Seat | null = null;
  const log: LogEntry[] = [];
  for (const m of entries) {
    const ev = m.event;
    if (ev.type === "takeback") log.splice(0, log.length, ...markUndone(log, ev.toVersion as number));
    const table = tableAt(end, game, round);
    log.push(...lapsedTakeback(takeback, ev, m.version, table, me, opponent), ...describeEvent(ev, m.version, table, me, opponent, clock));
    takeback = pendingTakeback(takeback, ev);
    if (ev.type === "roundDealt") {
      game = ev.game as 1 | 2;
      round = ev.round as 1 | 2 | 3;
    }
  }
  return { log, lastEvent: entries[entries.length - 1] ?? null, takeback };
}
