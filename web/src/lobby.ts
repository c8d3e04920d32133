// The Wartesaal's socket: a ticket from POST /api/lobby/ticket for every (re)connect, hello with it, and the lobby's
// messages as signals. A lost socket reconnects with a fresh ticket; the lobby rebuilds presence from who is back.
import { createSignal } from "solid-js";
import type { Challenge, GwTable, LiveGame, LobbyClientMessage, LobbyPlayer, LobbyServerMessage, Seek } from "../../shared/lobby";
import { authHeaders, storedAccount, type Account } from "./account";
import { heartbeat } from "./room/heartbeat";
import { lostWhileAway, type HadOpen, type LostWhileAway } from "./wartesaal/away";

export type { LostWhileAway };

export type Matched = Extract<LobbyServerMessage, { type: "matched" }>;
export type Ended = Extract<LobbyServerMessage, { type: "ended" }>;
export type LobbyError = Extract<LobbyServerMessage, { type: "error" }>;

/** How long a new socket may take to open before it is given up and another tried. */
const CONNECT_MS = 10_000;

export function connectLobby(account: Account, on: { matched(m: Matched): void; ended(m: Ended): void; error(m: LobbyError): void; back?(lost: LostWhileAway): void; awaySeen?(): void }) {
  const [you, setYou] = createSignal<string | null>(null);
  const [players, setPlayers] = createSignal<readonly LobbyPlayer[]>([]);
  const [incoming, setIncoming] = createSignal<readonly Challenge[]>([]);
  const [outgoing, setOutgoing] = createSignal<readonly Challenge[]>([]);
  const [seeks, setSeeks] = createSignal<readonly Seek[]>([]);
  /** The running tables anyone may watch (the lobby's `live`). */
  const [live, setLive] = createSignal<readonly LiveGame[]>([]);
  const [connected, setConnected] = createSignal(false);
  /** This page has been in once: a later wait is a reconnect, said as such. */
  const [wasConnected, setWasConnected] = createSignal(false);
  const [gwTables, setGwTables] = createSignal<readonly GwTable[]>([]);
  // More parts of the page (the Goldwaage tables) hear every message too, without this file knowing them.
  const listeners = new Set<(m: LobbyServerMessage) => void>();
  let ws: WebSocket | null = null;
  let closed = false;
  /** The lobby refused this tab for good (too many tabs of this account): no more reconnecting. */
  let refused = false;
  /**
   * This device was signed out ("Auf anderen Geräten abmelden" on another one): its token gets no ticket (401), so the
   * page says so and stops trying, instead of "Verbindung wird wiederhergestellt …" for good.
   */
  const [signedOut, setSignedOut] = createSignal(false);
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Gives the current socket up (set for each socket as it opens). */
  let dead = () => {};
  /**
   * What was open when the connection went (own seek, challenges either way): the lobby closes a page it has not heard
   * for 45 s and ends what it had open (ADR 046), and the messages saying so never reached the page. Shown while away
   * (what still stands for a while), compared with the lists the lobby sends again after the next welcome.
   */
  const [awayHad, setAwayHad] = createSignal<HadOpen | null>(null);
  /** The lobby's own account of it (`away`, sent after the welcome, before the lists), until the lists come. */
  let told: Extract<LobbyServerMessage, { type: "away" }> | null = null;
  const beat = heartbeat({ isOpen: () => ws?.readyState === WebSocket.OPEN, ping: (text) => ws?.send(text), gone: () => dead() });

  async function open(): Promise<void> {
    let ticket: { ticket: string; socket: string };
    try {
      // The token as this browser keeps it now: signing out the other devices in another tab (or on the Konto page)
      // gave this one a fresh token, and the lobby closed this page's socket of the old one.
      const kept = storedAccount();
      const r = await fetch("/api/lobby/ticket", { method: "POST", headers: authHeaders(kept?.id === account.id ? kept : account) });
      if (r.status === 401) {
        setSignedOut(true);
        return;
      }
      if (!r.ok) throw new Error(String(r.status));
      ticket = (await r.json()) as { ticket: string; socket: string };
    } catch {
      if (!closed) retry = setTimeout(() => void open(), 2000);
      return;
    }
    if (closed) return;
    const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${ticket.socket}`);
    ws = socket;
    // A socket that never opens (a network that holds the handshake) is given up too: the heartbeat asks only open ones
    // (a fresh-eyes pass saw a page stay on "Verbinde mit dem Wartesaal …" for good).
    const opening = setTimeout(() => socket.readyState === WebSocket.CONNECTING && giveUp(), CONNECT_MS);
    socket.addEventListener("open", () => {
      clearTimeout(opening);
      beat.opened();
      socket.send(JSON.stringify({ type: "hello", ticket: ticket.ticket }));
      // The hello is a question as a ping is: unanswered within PONG_MS, the socket is given up.
      beat.sent();
    });
    const lost = (code: number) => {
      if (ws !== socket) return;
      ws = null;
      // Kept from the last time the page was in (not overwritten by a reconnect that failed before its welcome).
      if (connected())
        setAwayHad({
          since: Date.now(),
          seek: seeks().some((k) => k.from === you()),
          challenges: [...incoming().map((c) => ({ id: c.id, other: c.from, incoming: true, expiresAt: c.expiresAt })), ...outgoing().map((c) => ({ id: c.id, other: c.to, incoming: false, expiresAt: c.expiresAt }))],
          gw: gwTables().some((t) => t.players.includes(you() ?? "")),
        });
      // What the page shows is what the lobby says now: while the socket is down nobody is known to be here (a
      // challenge to someone shown from before would go nowhere). Back, the lobby sends every list again.
      setConnected(false);
      setPlayers([]);
      setIncoming([]);
      setOutgoing([]);
      setSeeks([]);
      setLive([]);
      setGwTables([]);
      // Refused for this account's number of tabs (TOO_MANY_SOCKETS, 1008): trying again every second would only be
      // refused again — this tab stays out until it is reloaded (the error said why). A full lobby (1013): wait longer.
      if (closed || refused || code === 1008) return;
      retry = setTimeout(() => void open(), code === 1013 ? 10_000 : 1000);
    };
    socket.addEventListener("close", (ev: CloseEvent) => lost(ev.code));
    // Gone quiet without closing (heartbeat.ts): given up at once — the browser's close of a dead socket may take a
    // minute — and a new one opened with a fresh ticket.
    const giveUp = () => {
      clearTimeout(opening);
      lost(1006);
      socket.close();
    };
    dead = giveUp;
    socket.addEventListener("message", (e: MessageEvent) => {
      // A socket given up hears nothing more here: the lists are the new socket's.
      if (ws !== socket || beat.heard(e.data)) return;
      let m: LobbyServerMessage;
      try {
        m = JSON.parse(String(e.data)) as LobbyServerMessage;
      } catch {
        return;
      }
      switch (m.type) {
        case "welcome":
          setYou(m.you);
          setConnected(true);
          setWasConnected(true);
          break;
        case "presence":
          setPlayers(m.players);
          break;
        case "challenges":
          setIncoming(m.incoming);
          setOutgoing(m.outgoing);
          break;
        case "seeks": {
          setSeeks(m.seeks);
          // After a welcome the lobby sends the challenges, then the seeks: both lists are the lobby's now.
          const had = awayHad();
          if ((had || told) && connected()) {
            const lost = lostWhileAway(had, told, m.seeks.some((k) => k.from === you()), new Set([...incoming(), ...outgoing()].map((c) => c.id)), Date.now());
            setAwayHad(null);
            told = null;
            if (lost) on.back?.(lost);
          }
          break;
        }
        case "away":
          told = m;
          break;
        case "away-seen":
          on.awaySeen?.();
          break;
        case "live":
          setLive(m.games);
          break;
        case "matched":
          on.matched(m);
          break;
        case "ended":
          on.ended(m);
          break;
        case "error":
          if (m.code === "TOO_MANY_SOCKETS") refused = true;
          on.error(m);
          break;
        case "gw-tables":
          setGwTables(m.tables);
          break;
      }
      for (const l of listeners) l(m);
    });
  }
  void open();

  return {
    you,
    players,
    incoming,
    outgoing,
    seeks,
    live,
    connected,
    wasConnected,
    signedOut,
    awayHad,
    gwTables,
    /** Hears every message from the lobby until the returned function is called. */
    listen(l: (m: LobbyServerMessage) => void): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    /** Sends `m`; while the lobby is not connected (or not yet welcomed this socket) it says so instead of dropping it. */
    send(m: LobbyClientMessage): void {
      if (connected() && ws?.readyState === WebSocket.OPEN) return ws.send(JSON.stringify(m));
      on.error({ type: "error", code: "NO_HELLO", message: "Not connected to the lobby right now: try again in a moment.", messageDe: "Gerade keine Verbindung zum Wartesaal – gleich noch einmal versuchen." });
    },
    close(): void {
      closed = true;
      clearTimeout(retry);
      beat.stop();
      ws?.close(1000, "left the Wartesaal");
    },
  };
}
