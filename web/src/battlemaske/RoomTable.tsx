// Battlemaske at a room: the connection wired to the table, with the log, the hint and the round summary it keeps.
import { createEffect, createResource, createSignal, onCleanup, Show } from "solid-js";
import { TAKEBACK_PAUSE_MS } from "../../../party/core/battlemaske-core";
import type { Seat } from "../../../shared/battlemaske/events";
import type { Lang } from "../../../shared/catalog";
import { lang, tr } from "../i18n";
import { loadMe } from "../account";
import { forgetCurrent, inviteLink, loadSession, markRoundSeen, roundSeen, saveSession, type RoomKind, type Session } from "../room/session";
import { Link, navigate } from "../router";
import { logFromHistory } from "./history";
import { describeEvent, lapsedTakeback, markUndone, pendingRoundTable, pendingTakeback, seedLog, type LogEntry, type RoundSummary, type Viewer } from "./log";
import { connectBattlemaske, type HintPayload, type RoomView } from "./room";
import { Table, type TableModel } from "./Table";
import { SeatClosed } from "../ui/SeatClosed";
import { WatchRefused } from "../ui/WatchRefused";
import { countGuests, guestName } from "../ui/guests";

const OPPONENT: Record<RoomKind, Record<Lang, string>> = {
  computer: { de: "Computer", en: "Computer" },
  daily: { de: "Computer", en: "Computer" },
  online: { de: "Gegner", en: "Opponent" },
  hotseat: { de: "Gegner", en: "Opponent" },
};

/** How long a leave may go unanswered before the table says it has not been confirmed (it keeps waiting). */
const LEAVE_ANSWER_MS = 5000;

/** `computer`: a spectator's hint which seat the computer holds (the view names only people). */
export function RoomTable(props: { session: Session<Seat>; computer?: Seat }) {
  const s = props.session;
  const other: Seat = s.seat === 0 ? 1 : 0;
  // A spectator sees seat 0 at the bottom; the log names both sides by name, as the head, the turn and the result do.
  const watching = s.spectator === true;
  /** Whom the log speaks to: this seat, or a spectator with both seats' names as of `rv` (the view the event came with). */
  const viewer = (rv: RoomView | null | undefined): Viewer => (watching ? { names: [seatName(0, rv), seatName(1, rv)] } : s.seat);
  const [log, setLog] = createSignal<LogEntry[]>([]);
  const [hint, setHint] = createSignal<HintPayload | null>(null);
  const [round, setRound] = createSignal<RoundSummary | null>(null);
  // The version of the round end the table shows (closing it marks it seen in this tab: roundSeen).
  let roundAt = 0;
  // Whose "Karte zurück" request stands, as the log has told it (a move lets it lapse: the log says so).
  let takebackAsked: Seat | null = null;
  let seeded = false;
  let historyCame = false;
  // After the other side declined this seat's "Karte zurück", the room refuses a new request for TAKEBACK_PAUSE_MS
  // (TAKEBACK_TOO_SOON); the button waits as long and counts it down (a player pass: it stayed enabled and only a tap
  // said how long). Measured from the decline's room time, at most the whole pause from now (a client clock behind the
  // room's must not make it longer); a clock ahead makes it shorter, and then the room's refusal counts down the rest.
  const [pauseEnd, setPauseEnd] = createSignal(0);
  const [now, setNow] = createSignal(Date.now());
  let tick: ReturnType<typeof setInterval> | null = null;
  onCleanup(() => tick && clearInterval(tick));
  const noteDecline = (ev: { readonly type: string; readonly seat?: unknown }, time: number) => {
    if (watching) return;
    if (ev.type === "takebackRequested" && ev.seat === s.seat) setPauseEnd(0);
    if (ev.type !== "takebackDeclined" || ev.seat === s.seat) return;
    const left = Math.min(TAKEBACK_PAUSE_MS, TAKEBACK_PAUSE_MS - (Date.now() - time));
    if (left <= 0) return;
    setPauseEnd(Date.now() + left);
    setNow(Date.now());
    if (!tick) {
      tick = setInterval(() => {
        setNow(Date.now());
        if (Date.now() >= pauseEnd() && tick) {
          clearInterval(tick);
          tick = null;
        }
      }, 250);
    }
  };
  const takebackPause = () => Math.max(0, Math.ceil((pauseEnd() - now()) / 1000));
  // The other player by name online (the account's name, or "Gast" — "Gast 2" when this seat has no name either);
  // before the friend has come, "Gegner".
  const opp = (): Record<Lang, string> => {
    const rv = room?.view();
    if (watching) return seatName(other);
    if (s.kind !== "online" || !rv?.names || rv.waitingFor.includes(other)) return OPPONENT[s.kind];
    const name = rv.names[other];
    return name ? { de: name, en: name } : guestName(other, guests(rv));
  };
  /** How many seats a person without a name holds in `rv` (two guests are told apart by their seat). */
  const guests = (rv: RoomView | null | undefined) =>
    countGuests(2, (x) => !!rv?.names?.[x], (x) => props.computer === x || !!rv?.computers?.includes(x) || !!rv?.waitingFor.includes(x));
  /** Who sits at `seat`, for a spectator: the name, else the computer or a guest (by the names of `rv`, else of the room's view). */
  const seatName = (seat: Seat, rv: RoomView | null | undefined = room?.view()): Record<Lang, string> => {
    const name = rv?.names?.[seat];
    // A seat still waiting for its invited player is nobody yet (a spectator read "Gast 2 getrennt" there).
    if (rv?.waitingFor.includes(seat)) return { de: "noch frei", en: "still free" };
    // Two guests watched are told apart by their seat, as the players and the replay name them; one is "Gast".
    // The room's view names its computer seats (a spectator who came by a link read "Gast 2" for the computer).
    return name ? { de: name, en: name } : props.computer === seat || rv?.computers?.includes(seat) ? OPPONENT.computer : guestName(seat, guests(rv));
  };
  const room = connectBattlemaske(s, (msg, before) => {
    const ev = msg.event;
    const v = before?.game ?? null;
    if (ev.type === "hintGiven") {
      if (ev.seat === s.seat && ev.hint) setHint(ev.hint as HintPayload);
    } else setHint(null);
    if (ev.type === "roundEnded" && v) {
      roundAt = msg.version;
      const conteSeat = v.roles[0] === "conte" ? 0 : 1;
      const t = ev.tricks as number[];
      setRound({ game: v.game, round: v.round, conte: t[conteSeat]!, maske: t[1 - conteSeat]!, moved: ev.moved as number, mirror: ev.mirror as number, gameWinner: null });
    }
    if (ev.type === "gameEnded" && v?.variant === "profi" && ev.game === 1) setRound((r) => (r ? { ...r, gameWinner: ev.winner as "conte" | "maske" } : r));
    const entries = [...lapsedTakeback(takebackAsked, ev, msg.version, v, viewer(before), opp()), ...describeEvent(ev, msg.version, v, viewer(before), opp(), before?.clock?.control?.type ?? null)];
    takebackAsked = pendingTakeback(takebackAsked, ev);
    noteDecline(ev, msg.time);
    // What a take-back undid stays in the log, struck through (the player pass found it listed as if still played).
    if (ev.type === "takeback") setLog((l) => markUndone(l, ev.toVersion as number));
    if (entries.length) setLog((l) => [...l, ...entries]);
  }, (entries, end) => {
    // A page opening a running game: the whole log so far, from the room's history of this seat (empty before the deal).
    if (!end) return;
    historyCame = true;
    const { log: lines, lastEvent, takeback } = logFromHistory(entries, end.game, viewer(end), opp(), end.clock?.control?.type ?? null);
    takebackAsked = takeback;
    setLog(lines);
    for (const m of entries) noteDecline(m.event, m.time);
    const last = lastEvent?.event;
    if (last?.type === "hintGiven" && last.seat === s.seat && last.hint) setHint(last.hint as HintPayload);
    // Unless this tab's player closed it already ("Weiter", then a reload before its own first step of the new round).
    const pending = !watching && !end.over ? pendingRoundTable(entries.map((m) => m.event), s.seat, end.game.roles[0] === "conte" ? 0 : 1, end.game.game) : null;
    if (pending && entries[pending.at]!.version > roundSeen(s.room)) {
      roundAt = entries[pending.at]!.version;
      setRound(pending);
    }
  });
  // An accepted rematch: this seat's new table (its own token only) — both pages move there. A page that comes back to
  // this finished table later (the back button) already holds that seat and stays: it offers a link instead.
  const goRematch = () => {
    const r = room.rematchReady();
    if (!r) return;
    if (!loadSession(r.room)) saveSession({ room: r.room, seat: r.seat, seatToken: r.seatToken, clientSeq: 0, kind: "online", rated: r.rated, ...(s.from ? { from: s.from } : {}) });
    navigate(`/partie/${r.room}`);
  };
  createEffect(() => {
    const r = room.rematchReady();
    if (r && !loadSession(r.room)) goRematch();
  });
  // "Tisch auflösen" asked from this page: where to go once the room says the table is called off. Not before — a friend
  // who sat down at that moment starts the game instead (the room refuses CANCEL_TOO_LATE), and this page must stay.
  let cancelGo: (() => void) | null = null;
  createEffect(() => {
    if (!room.view()?.cancelled || !cancelGo) return;
    const go = cancelGo;
    cancelGo = null;
    forgetCurrent(s.room);
    go();
  });
  // Past the router's guard: by now the game is over (or given up and the room did not answer in time).
  const exit = () => {
    if (watching) return navigate("/wartesaal", { force: true });
    forgetCurrent(s.room);
    navigate(s.kind === "daily" ? "/tagesspiel" : s.from === "wartesaal" ? "/wartesaal" : "/", { force: true });
  };
  // A rated seat's standing as the table opens, so the result can say what the game moved (RatedChange).
  const [standingBefore] = createResource(() => (s.rated === true && !watching ? true : null), () => loadMe());
  // A leave the room has not answered yet (see leaveRunning): the table says so instead of going.
  const [leaveUnanswered, setLeaveUnanswered] = createSignal(false);
  let leaveWait: ReturnType<typeof setInterval> | null = null;
  onCleanup(() => leaveWait && clearInterval(leaveWait));
  const model: TableModel = {
    kind: s.kind,
    room: s.room,
    view: () => {
      const v = room.view();
      if (v && !seeded) {
        seeded = true;
        // Only if the room sent no history (an older room): the current round's tricks from the view.
        queueMicrotask(() => !historyCame && log().length === 0 && setLog(seedLog(v.game, viewer(v), opp())));
      }
      // Nothing left to resume at a finished table, or one called off before the deal ("Partie fortsetzen" would lead there).
      if ((v?.over || v?.cancelled) && !watching) forgetCurrent(s.room);
      return v;
    },
    version: room.version,
    seat: () => s.seat,
    log,
    hint,
    round,
    dismissRound: () => {
      setRound(null);
      markRoundSeen(s.room, roundAt);
    },
    busy: room.busy,
    staged: room.staged,
    finish: room.finish,
    movedElsewhere: room.movedElsewhere,
    sayMovedElsewhere: room.sayMovedElsewhere,
    error: () => {
      // Closed for good: the window over the table says it (SeatClosed); not a second copy behind it.
      if (room.stopped()) return null;
      const e = room.error();
      if (!e && leaveUnanswered() && !room.view()?.over)
        return tr("Der Tisch hat dein Verlassen noch nicht bestätigt (keine Verbindung?): Du sitzt noch am Tisch, und die Partie läuft weiter, bis er es tut.", "The table has not confirmed that you left (no connection?): you are still seated, and the game goes on until it does.");
      // A take-back refusal means nothing once the game is over (it stood on the result table before).
      if (!e || (e.code.startsWith("TAKEBACK") && room.view()?.over)) return null;
      return lang() === "de" ? e.messageDe : e.message;
    },
    // Closed for good is not "reconnecting …" (a fresh-eyes pass saw both at once).
    connected: () => room.connected() || room.stopped(),
    get opponent() {
      return opp();
    },
    opponentConnected: () => {
      const p = room.presence();
      return s.kind === "online" && !watching && p ? p[other] ?? null : null;
    },
    opponentNoShowAt: () => {
      const n = room.noShow();
      return s.kind === "online" && !watching && n && n.seats.includes(other) ? n.at : null;
    },
    seatsConnected: () => (watching ? room.presence() ?? null : null),
    seatsLate: () => (watching ? room.noShow()?.seats ?? [] : []),
    spectator: watching,
    watchers: room.spectators,
    seatName,
    canHint: !watching && (s.kind === "computer" || s.kind === "daily"),
    canTakeback: !watching && !s.rated,
    takebackPause,
    rated: s.rated === true,
    standingBefore,
    ...(s.invite ? { invite: inviteLink(s.room, s.invite) } : {}),
    command: (cmd) => void room.command(cmd),
    requestHint: () => void room.hint(),
    takeback: (a) => void room.takeback(a),
    resign: () => void room.resign(),
    exit,
    // Leaving a running game loses it; the page goes once the room has said so (or after a while, if it cannot answer).
    // A spectator only goes back to the Wartesaal: nothing to lose.
    ...(!watching && (s.kind === "online" || s.kind === "computer")
      ? {
          leaveRunning: (go?: () => void, uncounted?: { readonly refused: () => void }) => {
            room.leave(uncounted !== undefined);
            const started = Date.now();
            if (leaveWait) clearInterval(leaveWait);
            const wait = setInterval(() => {
              // It counts by now: the room left nothing; the question is asked again in the words that apply.
              if (uncounted && room.error()?.code === "LEAVE_COUNTS_NOW") {
                clearInterval(wait);
                setLeaveUnanswered(false);
                room.clearError();
                return uncounted.refused();
              }
              // The page goes only once the room has ended the game: a leave that never reached it (a connection that
              // takes nothing) left the game running, and the player lost it on time at home (a fresh-eyes pass). Until
              // then the table stays and says so; the leave goes out again when the connection comes back.
              if (room.view()?.over) {
                clearInterval(wait);
                setLeaveUnanswered(false);
                // Ended otherwise meanwhile (a flag fell, the other player resigned): the table stays and shows how
                // (a fresh-eyes pass was sent home after a loss on time, told nothing).
                const reason = room.view()?.result?.reason;
                if (reason !== "leave" && reason !== "aborted") return;
                if (!go) return exit();
                forgetCurrent(s.room);
                go();
                return;
              }
              if (Date.now() - started > LEAVE_ANSWER_MS) setLeaveUnanswered(true);
            }, 50);
            leaveWait = wait;
          },
        }
      : {}),
    ...(s.kind === "online" && !watching
      ? {
          cancelWaiting: (go?: () => void) => {
            cancelGo = go ?? exit;
            room.cancel();
          },
        }
      : {}),
    ...(s.kind === "online" && watching ? { rematchWatch: () => { const r = room.rematch(); return r?.state === "opened" && r.room ? r.room : null; } } : {}),
    ...(s.kind === "online" && !watching ? { rematch: { state: room.rematch, send: room.sendRematch, ready: () => room.rematchReady()?.room ?? null, go: goRematch, seated: () => typeof room.seat() === "number" } } : {}),
    ...(s.kind === "computer" ? { newGame: () => navigate("/spielen/computer") } : {}),
  };
  return (
    <div class="page play">
      {/* Watching a table that cannot be watched (gone, never there, a daily attempt): say so instead of a table never laid. */}
      <Show when={watching && !room.view() && room.error()} fallback={<Table model={model} />}>
        {(e) => <WatchRefused class="page" error={e()} />}
      </Show>
      <SeatClosed closed={room.stopped()} error={room.error()} />
    </div>
  );
}
