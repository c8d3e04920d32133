// The connection to a room: partysocket with its queue off, the seat token and the clientSeq counter kept in
// localStorage (so a reload resumes the same game), and a command in flight resent with the same clientSeq after
// the welcome — never replayed blindly by the socket.
import { PartySocket } from "partysocket";
import { batch, createSignal, onCleanup } from "solid-js";
import { ANIMATION_MS } from "../../../shared/animation";
import type { Command, Seat } from "../../../shared/battlemaske/events";
import type { PlayedCard, TrickRecord } from "../../../shared/battlemaske/state";
import type { View } from "../../../shared/battlemaske/view";
import { PROTOCOL_VERSION, type HintPayload, type RoomResult, type RoomViewOf, type ServerMessageOf } from "../../../shared/room/protocol";

export type RoomKind = "computer" | "online" | "daily" | "hotseat";

/** The room's view envelope around the Battlemaske view: the wire contract's own type (shared/room/protocol.ts). */
export type RoomView = RoomViewOf<View>;
export type { HintPayload, RoomResult };

/** Everything needed to sit down at the same seat again. */
export interface Session {
  room: string;
  seat: Seat;
  seatToken: string;
  clientSeq: number;
  kind: RoomKind;
  level?: string;
  invite?: string;
  rated?: boolean;
  date?: string;
}

const KEY = (room: string) => `spielcenter.seat.${room}`;
const CURRENT = "spielcenter.current";

export function loadSession(room: string): Session | null {
  try {
    const raw = localStorage.getItem(KEY(room));
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export function saveSession(s: Session): void {
  try {
    localStorage.setItem(KEY(s.room), JSON.stringify(s));
    localStorage.setItem(CURRENT, s.room);
  } catch {
    // storage blocked: the game still runs, a reload cannot resume it
  }
}

/** The room of the game last played here, if it is still stored. */
export function currentRoom(): string | null {
  try {
    const room = localStorage.getItem(CURRENT);
    return room && loadSession(room) ? room : null;
  } catch {
    return null;
  }
}

export function forgetCurrent(room: string): void {
  try {
    if (localStorage.getItem(CURRENT) === room) localStorage.removeItem(CURRENT);
  } catch {
    // nothing to forget
  }
}

/** An event as the room sends it (redacted for this seat). */
export type RoomEventMessage = Omit<Extract<ServerMessageOf<View>, { type: "event" }>, "type" | "event"> & { readonly event: { readonly type: string; readonly [k: string]: unknown } };
export type RoomError = Pick<Extract<ServerMessageOf<View>, { type: "error" }>, "code" | "message" | "messageDe">;

/** What the table shows while a batch of events plays out: the trick as it grows, then the trick taken. */
export interface Staged {
  readonly trick: readonly PlayedCard[];
  readonly taken: TrickRecord | null;
}

/** Whether the player asked the system for less motion (then a batch shows at once). */
const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Opens the room for a session (inside a component: closed on cleanup). `onEvent` sees each event before the view moves on. */
export function connectRoom(session: Session, onEvent: (m: RoomEventMessage, before: RoomView | null) => void) {
  const [view, setView] = createSignal<RoomView | null>(null);
  const [version, setVersion] = createSignal(0);
  const [connected, setConnected] = createSignal(false);
  const [error, setError] = createSignal<RoomError | null>(null);
  const [busy, setBusy] = createSignal(false);
  const [staged, setStaged] = createSignal<Staged | null>(null);
  // Events since the last state message, and the chain that plays batches one after another.
  let batchEvents: RoomEventMessage[] = [];
  let playing: Promise<void> = Promise.resolve();
  let closed = false;
  let pending: Record<string, unknown> | null = null;
  /** A resignation (or leaving) sent while another command waits for its answer: a player may always give up. */
  let ending: Record<string, unknown> | null = null;
  let lastVersion: number | undefined;
  let current: RoomView | null = null;

  const ws = new PartySocket({
    host: location.host,
    protocol: location.protocol === "https:" ? "wss" : "ws",
    party: "battlemaske-room",
    room: session.room,
    maxEnqueuedMessages: 0,
    minReconnectionDelay: 200,
    maxReconnectionDelay: 3000,
  });
  const send = (m: unknown) => ws.send(JSON.stringify(m));

  ws.addEventListener("open", () => {
    setConnected(true);
    send({ type: "hello", protocol: PROTOCOL_VERSION, seatToken: session.seatToken, ...(lastVersion !== undefined ? { lastVersion } : {}) });
  });
  ws.addEventListener("close", () => setConnected(false));
  ws.addEventListener("message", (e: MessageEvent) => {
    let m: { type: string; [k: string]: any };
    try {
      m = JSON.parse(String(e.data));
    } catch {
      return;
    }
    switch (m.type) {
      case "welcome": {
        // Views go through the same chain as batches, so a batch still playing never overwrites a newer view.
        const { version, view } = m as unknown as { version: number; view: RoomView | null };
        if (view) playing = playing.then(() => apply(version, view));
        if (pending) send(pending);
        if (ending) send(ending);
        break;
      }
      case "event":
        lastVersion = Math.max(lastVersion ?? 0, m.version);
        batchEvents.push(m as unknown as RoomEventMessage);
        break;
      case "state": {
        const events = batchEvents;
        batchEvents = [];
        const version = m.version as number;
        const next = m.view as RoomView;
        playing = playing.then(() => present(events, version, next));
        break;
      }
      case "resync": {
        pending = null;
        setBusy(false);
        const { version, view } = m as unknown as { version: number; view: RoomView };
        playing = playing.then(() => apply(version, view));
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
        break;
    }
  });
  onCleanup(() => {
    closed = true;
    ws.close(1000);
  });

  const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  /**
   * Plays one batch (say: your card, the computer's reply, the trick taken with its effect) at the pace the room credits
   * to the clocks, then shows the view after it. With reduced motion, or nothing to show, all at once.
   */
  async function present(events: RoomEventMessage[], version: number, next: RoomView): Promise<void> {
    const before = current;
    let paced = !reducedMotion() && before !== null && events.some((m) => m.event.type === "cardPlayed");
    let trick: PlayedCard[] = before ? before.game.trick.slice() : [];
    let named = before?.game.namedSuit ?? null;
    for (const m of events) {
      onEvent(m, before);
      if (!paced || closed) continue;
      const e = m.event as { type: string; seat?: Seat; card?: string; suit?: string; winner?: Seat; effect?: TrickRecord["effect"]; stolen?: true };
      if (e.type === "cardPlayed") {
        if (trick.length === 0) named = (e.suit as TrickRecord["namedSuit"]) ?? null;
        trick = [...trick, { seat: e.seat as Seat, card: e.card as PlayedCard["card"] }];
        setStaged({ trick, taken: null });
        await wait(ANIMATION_MS.card);
      } else if (e.type === "trickTaken" && trick.length > 0) {
        const taken: TrickRecord = { leader: trick[0]!.seat, cards: trick, namedSuit: named, winner: e.winner as Seat, effect: e.effect ?? null, stolen: e.stolen === true };
        setStaged({ trick: [], taken });
        await wait(ANIMATION_MS.trick + (e.effect ? ANIMATION_MS.effect : 0));
        trick = [];
      } else if (e.type === "roundEnded" || e.type === "takeback" || e.type === "gameEnded") paced = false; // the round table or the result takes over
    }
    if (closed) return;
    batch(() => {
      setStaged(null);
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

  /** Sends a message with a fresh clientSeq (the counter is stored first, so it is never reused). */
  function submit(body: Record<string, unknown>) {
    if (pending) return false;
    session.clientSeq += 1;
    saveSession(session);
    pending = { ...body, clientSeq: session.clientSeq };
    setBusy(true);
    setError(null);
    if (connected()) send(pending);
    return true;
  }

  /** Resign or leave: at once, even while a card waits for its answer (the room applies both, in order). */
  function end(type: "resign" | "leave") {
    if (!pending) return submit({ type });
    if (ending) return false;
    session.clientSeq += 1;
    saveSession(session);
    ending = { type, clientSeq: session.clientSeq };
    if (connected()) send(ending);
    return true;
  }

  return {
    view,
    version,
    connected,
    error,
    /** Waiting for the room's answer, or still showing the last batch: no new command now. */
    busy: () => busy() || staged() !== null,
    staged,
    clearError: () => setError(null),
    command: (command: Command) => submit({ type: "command", baseVersion: version(), command }),
    takeback: (action: "request" | "accept" | "decline") => submit({ type: "takeback", action }),
    hint: () => submit({ type: "hint" }),
    resign: () => end("resign"),
    leave: () => end("leave"),
  };
}
