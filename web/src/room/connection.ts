// The connection to a room: partysocket with its queue off, the clientSeq counter kept with the seat (session.ts), and a
// command in flight resent with the same clientSeq after the welcome — never replayed blindly by the socket.
import { PartySocket } from "partysocket";
import { batch, createSignal, onCleanup } from "solid-js";
import { framedMessages, PROTOCOL_VERSION, type RematchActions, type RematchMessage, type RematchReadyMessage, type RoomViewOf, type ServerMessageOf } from "../../../shared/room/protocol";
import { ASK_PRESENCE_MS, heartbeat } from "./heartbeat";
import type { Frame, Pace, RoomEventMessage } from "./pace";
import { loadSession, saveSession, type Session } from "./session";

export type { Frame, Pace, RoomEventMessage } from "./pace";

export type RoomError = Pick<Extract<ServerMessageOf<unknown>, { type: "error" }>, "code" | "message" | "messageDe">;

export interface RoomOptions<V, Staged> {
  /** The game's room class, as its definition names it: the socket goes to /parties/<party>/<room>. */
  readonly party: string;
  readonly session: Session;
  /** Sees each event before the view moves on. */
  readonly onEvent: (m: RoomEventMessage, before: RoomViewOf<V> | null) => void;
  readonly pace?: Pace<V, Staged>;
  /**
   * The whole log so far, redacted for this seat, once after the page's first welcome (the room's `history`): a page
   * that opens a running game (a reload, "Partie fortsetzen") rebuilds its game log from it. `view` is the view at its end.
   */
  readonly onHistory?: (entries: readonly RoomEventMessage[], view: RoomViewOf<V> | null) => void;
}

/** How long the notice that a move was not played stays (it goes at the next command too). */
const STALE_NOTICE_MS = 8000;
/** How long a message may go unanswered before it is sent again (the room answers a repeat with its stored outcome). */
const RESEND_MS = 5000;

/** Why a command was not played, from the room's resync (`missed`: own — this seat's other tab came first). */
function staleNotice(missed: unknown): RoomError {
  return missed === "own"
    ? { code: "STALE", message: "Your other window was quicker: its move counts, not this one.", messageDe: "Dein anderes Fenster war schneller: Sein Zug gilt, dieser hier nicht." }
    : { code: "STALE", message: "The table changed just before your move arrived: it was not played – look again and choose.", messageDe: "Am Tisch hat sich gerade etwas geändert, bevor dein Zug ankam: Er wurde nicht gespielt – sieh nach und wähle neu." };
}

/** Whether the player asked the system for less motion (then a batch shows at once). */
const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Opens a game's room for a session (inside a component: closed on cleanup); `V` is the game's view, `C` its command. */
export function connectRoom<V, C, Staged = never>(options: RoomOptions<V, Staged>) {
  type RoomView = RoomViewOf<V>;
  const { session, onEvent } = options;
  const [view, setView] = createSignal<RoomView | null>(null);
  const [version, setVersion] = createSignal(0);
  const [connected, setConnected] = createSignal(false);
  // Closed for good by the room (TOO_MANY_WINDOWS): no reconnecting, no more commands.
  const [stopped, setStopped] = createSignal(false);
  const [error, setErrorNow] = createSignal<RoomError | null>(null);
  // A refusal that names a wait ("… ask again in 22 s", TAKEBACK_TOO_SOON) counts it down here and is gone when the
  // wait is over: a frozen "22 s" read as wrong (a player pass). The room words both languages with "<n> s".
  let countdown: ReturnType<typeof setInterval> | null = null;
  // A short notice (STALE) goes by itself after a while: it tells what happened, nothing stays wrong.
  let fade: ReturnType<typeof setTimeout> | null = null;
  const setError = (e: RoomError | null) => {
    if (countdown) clearInterval(countdown);
    countdown = null;
    if (fade) clearTimeout(fade);
    fade = null;
    setErrorNow(e);
    if (e?.code === "STALE") fade = setTimeout(() => error() === e && setError(null), STALE_NOTICE_MS);
    const wait = e?.code === "TAKEBACK_TOO_SOON" ? /(\d+) s\b/.exec(e.message) : null;
    if (!e || !wait) return;
    const until = Date.now() + Number(wait[1]) * 1000;
    countdown = setInterval(() => {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left <= 0) return setError(null);
      setErrorNow({ ...e, message: e.message.replace(/\d+ s\b/, `${left} s`), messageDe: e.messageDe.replace(/\d+ s\b/, `${left} s`) });
    }, 1000);
  };
  const [busy, setBusy] = createSignal(false);
  const [staged, setStaged] = createSignal<Staged | null>(null);
  // The batch playing out holds a move of this seat that this page did not send (its other tab or device): a tap on
  // the table as it was shown is then too late, and the page says so instead of dropping it (a player pass).
  const [elsewhere, setElsewhere] = createSignal(false);
  /** Public remarks made at the table since this page connected (the room does not keep them). */
  const [remarks, setRemarks] = createSignal<ReadonlyArray<{ seat: number; remark: string; time: number }>>([]);
  /** connected[seat] as the room last said (`presence`); null until it has. */
  const [presence, setPresence] = createSignal<readonly boolean[] | null>(null);
  /** People's seats that have not come since the deal, and when the game is called off for them (ADR 041); null: none. */
  const [noShow, setNoShow] = createSignal<{ readonly seats: readonly number[]; readonly at: number } | null>(null);
  /** Where a rematch stands after the end (the room's `rematch`), and this seat's new table once it is open. */
  const [rematch, setRematch] = createSignal<RematchMessage | null>(null);
  const [rematchReady, setRematchReady] = createSignal<RematchReadyMessage | null>(null);
  /** The seat the room took this socket for (null: a spectator; undefined: no welcome yet). */
  const [seat, setSeat] = createSignal<number | null | undefined>(undefined);
  /** How many watch without a seat (the room's `presence`), 0 before it said. */
  const [spectators, setSpectators] = createSignal(0);
  // The log so far, as it comes in parts after the first welcome.
  let history: RoomEventMessage[] = [];
  // Events since the last state message, and the chain that plays batches one after another.
  let batchEvents: RoomEventMessage[] = [];
  let playing: Promise<void> = Promise.resolve();
  let closed = false;
  let pending: Record<string, unknown> | null = null;
  /** A resignation (or leaving) sent while another command waits for its answer: a player may always give up. */
  let ending: Record<string, unknown> | null = null;
  let lastVersion: number | undefined;
  let current: RoomView | null = null;
  // `finish()` asked for the batches to end now: frames still to come are skipped, the one showing ends at once.
  let hurry = false;
  let wake: (() => void) | null = null;

  const ws = new PartySocket({
    host: location.host,
    protocol: location.protocol === "https:" ? "wss" : "ws",
    party: options.party,
    room: session.room,
    maxEnqueuedMessages: 0,
    minReconnectionDelay: 200,
    maxReconnectionDelay: 3000,
  });
  const send = (m: unknown) => {
    ws.send(JSON.stringify(m));
    // A command (or resignation, or leave) is always answered (an ack, an error, a resync): it asks as the heartbeat's
    // ping does, as the hello does (below). Not a rematch offer or a remark: an offer repeated may change nothing and
    // then nothing comes back.
    if (m !== null && (m === pending || m === ending)) {
      sentAt.set(m, Date.now());
      beat.sent();
    }
  };
  // A message still unanswered is sent again every RESEND_MS while the socket is open and greeted: a connection that
  // went quiet without closing took it and passed nothing on, and a leave that never arrived let the game run on until
  // the player lost on time (a fresh-eyes pass). The room answers a repeated clientSeq with the outcome it stored, so a
  // repeat changes nothing.
  const sentAt = new WeakMap<object, number>();
  let greeted = false;
  const resend = setInterval(() => {
    if (!greeted || closed) return;
    for (const m of [pending, ending]) if (m && Date.now() - (sentAt.get(m) ?? 0) >= RESEND_MS) send(m);
    askPresence();
  }, 1000);

  // While the table is quiet and another person sits at it, the page asks the room now and then who is still here
  // (ADR 045): a seat whose page has not pinged for a while no longer counts, but only an awake room can tell, and the
  // opponent whose network went read "verbunden" all the while (a fresh-eyes pass). Also while that person reads as
  // gone: a page whose pings come back on the same socket says no new hello (an attack pass: "gone" stuck). Not while
  // play goes on: any frame puts the question off.
  let quietSince = Date.now();
  const askPresence = () => {
    const mine = seat();
    const here = presence();
    if (typeof mine !== "number" || !here || !current || current.over || Date.now() - quietSince < ASK_PRESENCE_MS) return;
    const computers = current.computers ?? [];
    if (!here.some((_, s) => s !== mine && !computers.includes(s) && !current!.waitingFor.includes(s))) return;
    quietSince = Date.now();
    ws.send(JSON.stringify({ type: "presence" }));
  };

  // Sockets refused before they opened, in a row: the Worker answers a room it never created with a 404, and
  // partysocket would try for ever; after a few, the page says so (a spectator's link to a table long gone).
  let opened = false;
  let refused = 0;
  /** Whether the Worker knows the room (asked after refused sockets): "exists" is asked no more. */
  let roomKnown: null | "asking" | "exists" = null;

  // A socket that went quiet without closing is given up and a new one opened (heartbeat.ts): the close that follows
  // says "reconnecting" as for any lost socket, and the new one's hello resends what is unanswered.
  const beat = heartbeat({ isOpen: () => opened && !closed, ping: (text) => ws.send(text), gone: () => ws.reconnect() });
  ws.addEventListener("open", () => {
    opened = true;
    refused = 0;
    beat.opened();
    // "Connected" once the room has welcomed this socket, not when it opened: a socket can open and pass nothing (a
    // network that swallows frames), and the table said nothing while it stood still (a fresh-eyes pass).
    // The first hello of the page asks for the log so far; a reconnect asks only for what it missed.
    // batch: a command's events, view and ack come as one frame (fewer frames for the room to send, docs/protocol.md).
    send({ type: "hello", protocol: PROTOCOL_VERSION, batch: true, ...(session.spectator ? {} : { seatToken: session.seatToken }), ...(lastVersion !== undefined ? { lastVersion } : { history: options.onHistory !== undefined }) });
    // The room always answers a hello (a welcome or an error): it asks as a ping does.
    beat.sent();
  });
  ws.addEventListener("close", () => {
    // Sockets that never open say nothing sure about the game: the Worker answers 404 to a room it never created, but a
    // network that refuses sockets (or the browser offline) closes them just so, and a fresh-eyes pass read "Diese
    // Partie gibt es nicht." for its running game. So the Worker is asked (GET /api/games/{room}/table, 404 only for a
    // room never created); meanwhile and otherwise the table's page says it has no connection yet (ui/TableLoading.tsx).
    if (!opened && ++refused >= 3 && !current && navigator.onLine !== false && !error() && roomKnown === null) {
      roomKnown = "asking";
      void fetch(`/api/games/${encodeURIComponent(session.room)}/table`)
        .then((r) => {
          roomKnown = r.status === 404 ? null : r.ok ? "exists" : null;
          if (r.status === 404 && !current) setError({ code: "NO_SUCH_ROOM", message: "There is no such game.", messageDe: "Diese Partie gibt es nicht." });
        })
        .catch(() => {
          roomKnown = null;
        });
    }
    opened = false;
    greeted = false;
    setConnected(false);
    setPresence(null);
  });
  ws.addEventListener("message", (e: MessageEvent) => {
    if (beat.heard(e.data)) return;
    quietSince = Date.now();
    let frame: unknown;
    try {
      frame = JSON.parse(String(e.data));
    } catch {
      return;
    }
    // A frame of several messages (the hello asked for batches) is read as the messages one by one, in order.
    for (const m of framedMessages<{ type: string; [k: string]: any }>(frame)) receive(m);
  });
  function receive(m: { type: string; [k: string]: any }) {
    switch (m.type) {
      case "welcome": {
        // Views go through the same chain as batches, so a batch still playing never overwrites a newer view.
        const { version, view } = m as unknown as { version: number; view: RoomView | null };
        setSeat(m.seat as number | null);
        setConnected(true);
        // A hello refused for now (a table busy or full of spectators; the socket is closed and partysocket comes back)
        // means nothing once a welcome arrives.
        const refused = error()?.code;
        if (refused === "TABLE_BUSY" || refused === "TABLE_FULL" || refused === "TOO_MANY_SPECTATORS") setError(null);
        if (view) playing = playing.then(() => apply(version, view));
        greeted = true;
        if (pending) send(pending);
        if (ending) send(ending);
        break;
      }
      case "history": {
        history.push(...(m.entries as RoomEventMessage[]));
        if (m.done) {
          const entries = history;
          history = [];
          // After the welcome's view: the log is rebuilt against the table it ends in.
          playing = playing.then(() => options.onHistory?.(entries, current));
        }
        break;
      }
      case "presence":
        setPresence(m.connected as boolean[]);
        setNoShow((m.noShow as { seats: number[]; at: number } | undefined) ?? null);
        setSpectators(typeof m.spectators === "number" ? m.spectators : 0);
        break;
      case "rematch":
        setRematch(m as unknown as RematchMessage);
        break;
      case "rematchReady":
        setRematchReady(m as unknown as RematchReadyMessage);
        break;
      case "remark":
        // The newest few only: remarks are a moment's words, not a log.
        setRemarks((r) => [...r.slice(-5), { seat: m.seat as number, remark: m.remark as string, time: m.time as number }]);
        break;
      case "event":
        lastVersion = Math.max(lastVersion ?? 0, m.version);
        batchEvents.push(m as unknown as RoomEventMessage);
        break;
      case "state": {
        const events = batchEvents;
        batchEvents = [];
        const version = m.version as number;
        const next = m.view as RoomView;
        // Read now, not when the batch plays: this page's own command is still pending until its ack, which follows.
        const mine = seat();
        const foreign = pending === null && ending === null && typeof mine === "number" && events.some((e) => e.actor === String(mine));
        playing = playing.then(() => present(events, version, next, foreign));
        break;
      }
      case "resync": {
        // The answer to the command in flight: it was judged stale and not applied (another tab of this seat, or the
        // table, moved first). The player is told, once the table shows what happened instead (a player pass: the
        // second tab's pick vanished without a word).
        const dropped = pending !== null && typeof m.clientSeq === "number" && m.clientSeq === pending.clientSeq;
        pending = null;
        setBusy(false);
        const { version, view } = m as unknown as { version: number; view: RoomView };
        playing = playing.then(() => {
          apply(version, view);
          if (dropped) setError(staleNotice(m.missed));
        });
        break;
      }
      case "ack":
        if (ending && ending.clientSeq === m.clientSeq) ending = null;
        if (pending && pending.clientSeq === m.clientSeq) {
          pending = null;
          setBusy(false);
        }
        break;
      case "error":
        if (m.clientSeq !== null && ending && ending.clientSeq === m.clientSeq) ending = null;
        if (m.clientSeq !== null && pending && pending.clientSeq === m.clientSeq) {
          pending = null;
          setBusy(false);
        }
        setError({ code: m.code, message: m.message, messageDe: m.messageDe });
        // Closed to make room for the seat's newer windows: coming back would close the next oldest, and so on round
        // the tabs; this page stops and says so (reloading it comes back).
        if (m.code === "TOO_MANY_WINDOWS") {
          closed = true;
          setStopped(true);
          ws.close(1000);
        }
        break;
    }
  }
  onCleanup(() => {
    clearInterval(resend);
    beat.stop();
    if (countdown) clearInterval(countdown);
    if (fade) clearTimeout(fade);
    closed = true;
    ws.close(1000);
  });

  const wait = (ms: number) =>
    hurry
      ? Promise.resolve()
      : new Promise<void>((r) => {
          const t = setTimeout(() => {
            wake = null;
            r();
          }, ms);
          wake = () => {
            clearTimeout(t);
            wake = null;
            r();
          };
        });
  /** Ends the batches still playing out now (a click during the animation is taken at once): resolves once the view is the newest. */
  async function finish(): Promise<void> {
    hurry = true;
    wake?.();
    try {
      // Batches may queue behind the one showing: wait until the chain stands still.
      for (let p = playing; ; p = playing) {
        await p;
        if (p === playing) break;
      }
    } finally {
      hurry = false;
    }
  }
  /**
   * Plays one batch (say: your card, the computer's reply, the trick taken with its effect) frame by frame as the game
   * paces it, then shows the view after it. With reduced motion, or nothing to pace, all at once.
   */
  async function present(events: RoomEventMessage[], version: number, next: RoomView, foreign = false): Promise<void> {
    const before = current;
    setElsewhere(foreign);
    const step = !reducedMotion() && !hurry && before !== null && options.pace ? options.pace(before, events, next) : null;
    let paced = step !== null;
    for (const m of events) {
      onEvent(m, before);
      if (!paced || closed) continue;
      const frame = step!(m.event);
      if (frame === "stop") paced = false;
      else if (frame && !hurry) {
        setStaged(() => frame.staged);
        await wait(frame.ms);
      }
    }
    if (closed) return;
    batch(() => {
      setStaged(null);
      setElsewhere(false);
      apply(version, next);
    });
  }

  function apply(v: number, rv: RoomView) {
    current = rv;
    lastVersion = v;
    batch(() => {
      setVersion(v);
      setView(rv);
    });
  }

  /**
   * The seat's next clientSeq, stored before it is sent so it is never reused: one above the highest any tab of this
   * browser has used. Each tab holds its own copy of the session; two tabs of one game counted alike, and the room took
   * the second tab's card for a resend of the first tab's command — acknowledged, never played (a fresh-eyes finding).
   */
  function nextClientSeq(): number {
    session.clientSeq = Math.max(session.clientSeq, (session.spectator ? null : loadSession(session.room))?.clientSeq ?? 0) + 1;
    saveSession(session);
    return session.clientSeq;
  }

  /** Sends a message with a fresh clientSeq. */
  function submit(body: Record<string, unknown>) {
    if (pending) return false;
    pending = { ...body, clientSeq: nextClientSeq() };
    setBusy(true);
    setError(null);
    if (connected()) send(pending);
    return true;
  }

  /** Resign or leave: at once, even while a card waits for its answer (the room applies both, in order). */
  function end(type: "resign" | "leave", uncounted = false) {
    const body = uncounted ? { type, uncounted: true } : { type };
    if (!pending) return submit(body);
    if (ending) return false;
    ending = { ...body, clientSeq: nextClientSeq() };
    if (connected()) send(ending);
    return true;
  }

  return {
    view,
    version,
    connected,
    /** The room closed this page's socket for good (its seat is open in too many windows): reload to come back. */
    stopped,
    /** Whether each seat has a socket at the room (the room's `presence`), or null while this page is not connected. */
    presence,
    /** Seats that never came to this table yet and when the game is called off for them (the room's `presence`). */
    noShow,
    spectators,
    error,
    /** Waiting for the room's answer, or still showing the last batch: no new command now. */
    busy: () => busy() || staged() !== null || stopped(),
    staged,
    /** The batch playing out now shows a move of this seat made in its other tab or device. */
    movedElsewhere: () => staged() !== null && elsewhere(),
    /** Says that a tap came too late: this seat's other tab or device moved first (the room's own words for it). */
    sayMovedElsewhere: () => setError(staleNotice("own")),
    /** The batch playing out ends now; resolves when the view after it shows. */
    finish,
    clearError: () => setError(null),
    command: (command: C) => submit({ type: "command", baseVersion: version(), command }),
    takeback: (action: "request" | "accept" | "decline") => submit({ type: "takeback", action }),
    hint: () => submit({ type: "hint" }),
    resign: () => end("resign"),
    /** `uncounted`: only if the game does not count yet (what the player was told); else the room refuses LEAVE_COUNTS_NOW. */
    leave: (uncounted = false) => end("leave", uncounted),
    /** Calls the table off before the deal (the host whose friend has not come): view.cancelled says when it is done. */
    cancel: () => submit({ type: "cancel" }),
    /** Starts before the deal without the friends still missing: computers take their seats (a Goldwaage table's host). */
    fill: () => submit({ type: "fill" }),
    remarks,
    rematch,
    rematchReady,
    seat,
    /** A rematch offer or its answer: after the end, so nothing waits for it (the room tells everyone where it stands). */
    sendRematch: (action: (typeof RematchActions)[number]) => {
      const clientSeq = nextClientSeq();
      setError(null);
      if (connected()) send({ type: "rematch", clientSeq, action });
    },
    /** One of the game's fixed remarks: not a command (nothing waits for it), so it does not make the table busy. */
    remark: (id: string) => {
      const clientSeq = nextClientSeq();
      if (connected()) send({ type: "remark", clientSeq, remark: id });
    },
  };
}
