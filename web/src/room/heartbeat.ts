// A socket that went quiet without closing: a network that swallows frames (a train's tunnel, a captive Wi-Fi, a
// laptop woken from sleep) leaves the browser's socket "open" for minutes while nothing passes, and the page would
// show a table that no longer moves — the player's card unsent, the opponent's never arriving (a fresh-eyes pass: no
// word that the connection was gone). Every PING_MS the page sends `ping`; the room's runtime answers `pong` at once
// (docs/protocol.md "Heartbeat") and keeps the time, by which the room tells the others whether this seat is still
// there. No frame within PONG_MS of a question: the socket is given up and a new one opened, and the page says it is
// reconnecting as after any close.
import { HEARTBEAT } from "../../../shared/room/protocol";

/** How often the page pings (and so asks whether the socket still carries anything). */
export const PING_MS = 10_000;
/** How long the answer may take before the socket counts as gone (the runtime answers without waking the room). */
export const PONG_MS = 5_000;
/** How long a game room's table must be quiet before its page asks who is still here (ADR 045; connection.ts). */
export const ASK_PRESENCE_MS = 30_000;

export interface Heartbeat {
  /** Call with every frame received: returns true for the runtime's `pong` (nothing more to read in it). */
  heard(data: unknown): boolean;
  /** Call when a socket opens: the count starts again. */
  opened(): void;
  /** Call when a message that the room always answers went out: it asks as a ping does (a card sent into a dead socket
   * shows the page reconnecting after PONG_MS, not after PING_MS + PONG_MS). */
  sent(): void;
  /** Looks now (also run every second): sends `ping` or gives the socket up. */
  check(): void;
  stop(): void;
}

/**
 * Watches one connection (over its reconnects). `isOpen` says whether a socket is open now; `ping` sends the bare text;
 * `gone` drops the socket and opens a new one. A question is open from the ping (or an answered message) until any
 * frame arrives — a flag, not a comparison of times: a socket opened and asked within one millisecond read as answered,
 * and a hello swallowed that way was never asked about again (a fresh-eyes pass: the table stood still for good). Timers
 * in a hidden tab may run once a minute only: a late tick still finds the question answered if a frame came between.
 */
export function heartbeat(options: { isOpen: () => boolean; ping: (text: string) => void; gone: () => void; now?: () => number; tickMs?: number }): Heartbeat {
  const now = options.now ?? Date.now;
  /** When the open question was asked (null: none open). */
  let askedAt: number | null = null;
  /** When the last ping went out. */
  let pingedAt = now();
  const check = () => {
    if (!options.isOpen()) return;
    const t = now();
    if (askedAt !== null) {
      if (t - askedAt < PONG_MS) return;
      askedAt = null;
      pingedAt = t;
      options.gone();
      return;
    }
    // Every PING_MS, also while frames come: the room judges a seat by the time of its page's last ping (ADR 045).
    if (t - pingedAt >= PING_MS) {
      askedAt = t;
      pingedAt = t;
      options.ping(HEARTBEAT.ping);
    }
  };
  const timer = setInterval(check, options.tickMs ?? 1000);
  /**
   * The next ping, timed from the last frame's arrival (a pong, a welcome, any message): Chrome runs the timers of a
   * tab hidden for five minutes once a minute only ("intensive wake-up throttling"), the one-second tick above included
   * — but not a timer set from a message event (its nesting level is low), so a page in the background still pings
   * every PING_MS while its frames come, and the lobby and the rooms keep counting it as there (ADR 046). Its own
   * question's PONG_MS is looked at the same way.
   */
  let next: ReturnType<typeof setTimeout> | undefined;
  const wake = (ms: number) => {
    clearTimeout(next);
    next = setTimeout(() => {
      const asking = askedAt;
      check();
      if (askedAt !== null && askedAt !== asking) wake(PONG_MS + 50);
    }, ms);
  };
  // A tab coming back to the front looks at once rather than at its next (throttled) tick. (No DOM types here: the
  // module is also tested in Node, where there is no document.)
  const doc = (globalThis as { document?: { visibilityState: string; addEventListener(type: string, f: () => void): void; removeEventListener(type: string, f: () => void): void } }).document;
  const visible = () => doc?.visibilityState === "visible" && check();
  doc?.addEventListener("visibilitychange", visible);
  return {
    heard(data) {
      askedAt = null;
      // From any frame, the first after a welcome included: the chain of pings needs no tick to start.
      wake(Math.max(0, pingedAt + PING_MS - now()) + 50);
      return data === HEARTBEAT.pong;
    },
    opened() {
      pingedAt = now();
      askedAt = null;
    },
    sent() {
      askedAt ??= now();
    },
    check,
    stop() {
      clearInterval(timer);
      clearTimeout(next);
      doc?.removeEventListener("visibilitychange", visible);
    },
  };
}
