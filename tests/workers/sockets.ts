// Room sockets for the workers tests: a socket that queues every message, so a test can wait for the next one
// matching a predicate, and keeps all of them in arrival order (`all`) for tests about order and leaks.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { HEARTBEAT } from "../../shared/room/protocol";
import { origin } from "./api-helpers";

export type Msg = { type: string; [k: string]: any };

/** `headers`: more request headers, e.g. CF-Connecting-IP for a socket whose tables count against an address. */
export async function connect(path: string, headers: Record<string, string> = {}) {
  const response = await exports.default.fetch(`${origin}${path}`, { headers: { Upgrade: "websocket", ...headers } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const inbox: Msg[] = [];
  const all: Msg[] = [];
  const raw: string[] = [];
  const waiters: Array<() => void> = [];
  socket.addEventListener("message", (e) => {
    raw.push(String(e.data));
    // The heartbeat's answer is bare text, not JSON (shared/room/protocol.ts HEARTBEAT): queued as a message of its own.
    const m = String(e.data) === HEARTBEAT.pong ? { type: "pong" } : (JSON.parse(String(e.data)) as Msg);
    inbox.push(m);
    all.push(m);
    for (const w of waiters.splice(0)) w();
  });
  socket.accept();
  return {
    socket,
    all,
    raw,
    send: (m: unknown) => socket.send(typeof m === "string" || m instanceof ArrayBuffer || ArrayBuffer.isView(m) ? (m as string) : JSON.stringify(m)),
    /** The next message matching `pred`; messages before it are dropped from the queue (they stay in `all`). */
    async next(pred: (m: Msg) => boolean = () => true): Promise<Msg> {
      for (;;) {
        const i = inbox.findIndex(pred);
        if (i >= 0) return inbox.splice(0, i + 1).at(-1)!;
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    /** Waits until `n` messages have arrived in all. */
    async count(n: number): Promise<void> {
      while (all.length < n) await new Promise<void>((r) => waiters.push(r));
    },
    async close() {
      const closed = new Promise<void>((r) => socket.addEventListener("close", () => r(), { once: true }));
      socket.close(1000, "done");
      await closed;
    },
  };
}

/** The close code the socket will get. */
export const closeCode = (s: { socket: WebSocket }) => new Promise<number>((res) => s.socket.addEventListener("close", (e) => res(e.code), { once: true }));

/** What a client would send for its view: elixirs first in a pick (the elixir rule), else the first legal card. */
export function choose(view: any): unknown | null {
  const g = view.game;
  const seat = g.viewer;
  if ((g.phase === "exchange" || g.phase === "swap") && g.waitingFor.includes(seat)) {
    const hand: string[] = [...g.hand].sort((a: string, b: string) => Number(b.startsWith("E")) - Number(a.startsWith("E")));
    return { type: g.phase, cards: hand.slice(0, g.pickCount) };
  }
  if (g.phase === "play" && g.turn === seat) {
    const card = g.legalCards[0];
    return g.trick.length === 0 && card.startsWith("E") ? { type: "play", card, suit: "P" } : { type: "play", card };
  }
  return null;
}

/** A socket at `path` that has said hello with `seatToken` (and `extra` fields), with the room's welcome. */
export async function seated(path: string, seatToken: string, extra: Record<string, unknown> = {}) {
  const s = await connect(path);
  s.send({ type: "hello", seatToken, ...extra });
  return { s, welcome: await s.next((m) => m.type === "welcome") };
}

/**
 * Both seats of a table at `path`, each on its own socket that said hello with its token. `welcomes`: the two welcomes
 * as they came; `wa`/`wb`: each socket's newest view once both are at the same version. At a table whose clocks wait
 * for the seats, the later hello logs `seated`: the earlier socket gets it as an event and a state, taken from its
 * queue here, so a test's next message is what it does itself.
 */
export async function seatBoth(path: string, tokens: readonly [string, string]) {
  const sockets = [await connect(path), await connect(path)] as const;
  sockets.forEach((s, i) => s.send({ type: "hello", seatToken: tokens[i] }));
  const welcomes = await Promise.all(sockets.map((s) => s.next((m) => m.type === "welcome")));
  const version = Math.max(...welcomes.map((w) => w.version as number));
  const newest = await Promise.all(sockets.map((s, i) => (welcomes[i]!.version < version ? s.next((m) => m.type === "state" && m.version >= version) : welcomes[i]!)));
  return { a: sockets[0], b: sockets[1], wa: newest[0]!, wb: newest[1]!, welcomes };
}
