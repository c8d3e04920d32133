// A game room as a PartyServer class on a SQLite-backed Durable Object: sockets, storage, alarms and seat tokens here;
// every rule and every message decision in the runtime-agnostic room core (party/core/room-core.ts).
import { exports } from "cloudflare:workers";
import { Server, type Connection, type WSMessage } from "partyserver";
import type { GameDefinition } from "../shared/room/game.js";
import { batchFrames, clientMessageSchema, MAX_SOCKETS_PER_SEAT, parseClientMessage, PROTOCOL_VERSION, type ClientMessageSchemaOf } from "../shared/room/protocol.js";
import type { LogEntry } from "./core/log";
import { LiveTeller } from "./live";
import { RoomCore, type RoomConfigOf, type RoomEvent, type ServerMessageOf, type Viewer } from "./core/room-core";
import { Rematcher } from "./rematch";
import { answerPings, decodeFrame, lastHeard, MessageBudget, TokenBucket } from "./socket-limits";
import { SqlLogStore } from "./sql-log-store";
import { hashToken } from "./tokens";
import { addressNetwork, clientAddress, exemptFromAddressLimits } from "./address";

/** Per socket: sustained messages per second, the burst allowed at once, and how many refused in a row close it. */
// Far above any person (and above a whole game's commands at once, for the bots of tests and benches), far below a flood.
export const RATE_PER_S = 50;
export const RATE_BURST = 100;
export const RATE_CLOSE_AFTER = 500;
/** Connections one table takes: the seats and plenty of spectators. */
export const MAX_SOCKETS = 64;
/**
 * Spectator sockets one network (an IPv4 address, an IPv6 /64: party/address.ts addressNetwork) may hold at a table.
 * Without it one stranger could hold all MAX_SOCKETS places by saying hello on 64 sockets and waiting, and every real
 * spectator would be refused for as long as he liked (a fresh-eyes attack). Eight leave room for a family or an office
 * behind one address, each with a tab or two.
 */
export const MAX_SPECTATORS_PER_NETWORK = 8;
export { MAX_SOCKETS_PER_SEAT };
/**
 * How long a seat's socket counts as there without a heartbeat heard (ADR 045): the page pings every 10 s (PING_MS),
 * but a browser runs a tab's timers only once a minute after five minutes in the background; shorter than that and a
 * player whose game waits in another tab would read as gone and back again every minute.
 */
export const STALE_MS = 70_000;

/** How long a socket over the cap (every counted one a spectator) has to say hello with a seat token. */
export const HELLO_GRACE_MS = 3_000;
/**
 * The characters the answers to hellos (welcome and view, the events a resuming socket missed, the log) may come to at
 * once for all spectators of one table together, and for each seat on its own, and per second after that (ADR 030). A
 * finished Profi duel's log is at most about 24,000 characters for a spectator, the longest a duel can reach (every
 * card taken back to the limit) about 85,000–99,000, a welcome with its view a few thousand: twenty spectators arriving
 * at once at the longest normal game use under half of it; a stranger opening socket after socket gets 200 KB a second.
 */
export const HELLO_BUDGET_CHARS = 1_000_000;
export const HELLO_REFILL_PER_S = 200_000;
/**
 * The spectators of one network (party/address.ts addressNetwork; IPv6 by its /48) have a hello budget of their own inside the table's:
 * one address that connected, said hello with the log and closed again in eight loops spent the shared budget, and a
 * real spectator was refused 15 times in 20 s (a fresh-eyes attack; the per-network cap counts open sockets only). A
 * dozen full logs at once, then about two a second.
 */
export const HELLO_BUDGET_PER_NETWORK_CHARS = 300_000;
export const HELLO_REFILL_PER_NETWORK_PER_S = 40_000;
/** Networks whose spectator budget is kept in memory at once; the longest-kept goes first. */
const HELLO_NETWORKS_KEPT = 256;
const MESSAGE_SCHEMAS = new WeakMap<AnyGame, ClientMessageSchemaOf>();
/** A failed report is tried again after this long (the Worker records each room once, so retries are safe). */
const REPORT_RETRY_MS = 30_000;
/** Failed sends to the Wartesaal after which a finished room stops retrying by its alarm (10 minutes of tries). */
const LIVE_RETRIES = 20;

interface ConnectionState {
  viewer: Viewer;
  /** The socket asked for batched frames in its hello: what the room sends it at once comes as one JSON array. */
  batch?: true;
  /** When it said hello (kept with the socket across hibernation): a seat's oldest socket goes first (MAX_SOCKETS_PER_SEAT). */
  at?: number;
}

// Any game's core and definition: the server only moves messages and entries between sockets, storage and the core.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCore = RoomCore<any, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyGame = GameDefinition<any, any, any, any>;

/**
 * The room of any game. A game's room class only names its definition:
 * `export class BattlemaskeRoom extends GameRoomServer { static override readonly game = battlemaskeGame; }`
 * (plus its Durable Object binding in wrangler.toml).
 */
export class GameRoomServer<Core extends AnyCore = AnyCore, O = unknown> extends Server {
  static override options = { hibernate: true };
  /** The game this room class runs (each subclass sets it). */
  static readonly game: AnyGame | null = null;

  protected core: Core | null = null;
  private readonly budget = new MessageBudget(RATE_PER_S, RATE_BURST, RATE_CLOSE_AFTER);
  /** The alarm as this instance last set it (undefined: not read yet), so an unchanged alarm costs no storage write. */
  private alarmAt: number | null | undefined = undefined;
  /** The presence last told to every socket (see broadcastPresence). */
  private toldPresence: string | undefined = undefined;
  /** Its `connected` part: a seat told as gone that is heard again (a message) is told as back at once. */
  private toldConnected: readonly boolean[] = [];
  /**
   * When each socket last sent a message (memory only): a page that plays counts as heard as well as one that pings
   * (ADR 045; a fresh-eyes attack: a seat that sent commands but no pings read as gone). After hibernation the pings'
   * times, which the runtime keeps, are what is left.
   */
  private readonly lastMessage = new Map<string, number>();
  /**
   * The order sockets connected in (a counter, not the clock: time stands still within one event), to close the oldest
   * that has not said hello when the table is full. Memory only: after hibernation an unknown socket counts as oldest.
   */
  private readonly connectedAt = new Map<string, number>();
  private connects = 0;
  /** The timers of sockets let in over the cap until they say hello (see onConnect). */
  private readonly graces = new Map<string, ReturnType<typeof setTimeout>>();
  /**
   * What hellos are answered with (HELLO_BUDGET_CHARS): one budget all spectators of this table share, one per seat
   * — a stranger's sockets (or a player's, to slow the game while the other's clock runs) must not make the room build
   * and send views and logs without limit. Memory only: a fresh instance starts with full buckets, which is harmless.
   */
  private readonly helloBudgets = new Map<Viewer, TokenBucket>();
  /** The spectators' hello budget per network (HELLO_BUDGET_PER_NETWORK_CHARS), at most HELLO_NETWORKS_KEPT of them. */
  private readonly networkHelloBudgets = new Map<string, TokenBucket>();
  /** The spectators' history as sent, for the core and version it was built at: built once however many arrive. */
  private spectatorLog: { core: Core; version: number; texts: string[] } | null = null;
  protected store!: SqlLogStore<{ readonly type: string } | RoomEvent>;
  /** "Revanche" after the end (party/rematch.ts): outside the game's log, in the room's meta. */
  protected readonly rematch = new Rematcher({
    config: () => this.core?.config ?? null,
    over: () => this.core?.over === true,
    noShow: () => this.core?.result?.absent !== undefined,
    getMeta: (key) => this.store.getMeta(key),
    putMeta: (key, value) => this.store.putMeta(key, value),
    sendAll: (m) => {
      for (const c of this.getConnections<ConnectionState>()) if (c.state) this.send(c, [m]);
    },
    sendSeat: (seat, m) => {
      for (const c of this.getConnections<ConnectionState>()) if (c.state?.viewer === seat) this.send(c, [m]);
    },
    secret: () => (this.env as Cloudflare.Env).ROOM_SECRET,
    room: () => this.roomName(),
  });
  /** Tells the Wartesaal that this table runs and how it stands (party/live.ts). */
  private live!: LiveTeller;

  private get game(): AnyGame {
    const game = (this.constructor as typeof GameRoomServer).game;
    if (!game) throw new Error(`${this.constructor.name} names no game (static game)`);
    return game;
  }

  /** The room core for a config: the generic core over the class's game. */
  protected makeCore(name: string, store: SqlLogStore<{ readonly type: string } | RoomEvent>, config: RoomConfigOf<O>): Core {
    return new RoomCore(name, this.game, store, config) as Core;
  }

  /** The schema of the messages this game's clients send (built once per game). */
  protected get messages(): ClientMessageSchemaOf {
    const game = this.game;
    let schema = MESSAGE_SCHEMAS.get(game);
    if (!schema) MESSAGE_SCHEMAS.set(game, (schema = clientMessageSchema(game.commands)));
    return schema;
  }

  override onStart(): void {
    answerPings(this.ctx);
    // Nothing is written here: a room the Worker never set up (init) must not leave storage behind.
    this.store = new SqlLogStore(this.ctx.storage);
    this.live = new LiveTeller(this.env as Cloudflare.Env, this.store);
    const config = this.store.getMeta<RoomConfigOf<O>>("config");
    if (config) this.core = this.makeCore(this.roomName(), this.store.open(), config);
  }

  /** Called once by the Worker that creates the table (RPC); a second call with the room set up changes nothing. */
  async init(config: RoomConfigOf<O>): Promise<{ created: boolean; version: number }> {
    if (this.core) return { created: false, version: this.core.version };
    this.store.open();
    // A Durable Object woken by its alarm has no ctx.id.name, so the room keeps its own name.
    this.store.putMeta("roomName", this.name);
    const core = this.adopt(config);
    core.start(Date.now());
    await this.afterChange();
    return { created: true, version: core.version };
  }

  /**
   * Gives an invited seat to the first caller with its invite (the Worker's claimSeat, worker/tables.ts, after its
   * checks), and records the claiming account at that seat: the room's report names the accounts that really held the
   * seats. The game starts once no seat is free. Later calls get null.
   */
  async claimInvite(inviteHash: string, tokenHash: string, account: string | null = null, name: string | null = null): Promise<{ seat: number } | { cancelled: true } | null> {
    const core = this.core;
    // Called off by its host before the friend came: the Worker says so instead of "used".
    if (core?.config.cancelled) return { cancelled: true };
    const seat = core?.inviteSeat(inviteHash) ?? null;
    if (!core || seat === null) return null;
    const seats = core.config.seats.map((s, i) => (i === seat ? { type: "human" as const, tokenHash } : s));
    const accounts = core.config.seats.map((_, i) => (i === seat ? account : core.config.accounts?.[i] ?? null));
    const names = core.config.seats.map((_, i) => (i === seat ? name : core.config.names?.[i] ?? null));
    const invited = [...(core.config.invited ?? []), seat];
    const next = this.adopt({ ...(core.config as RoomConfigOf<O>), seats, accounts, names, invited });
    // Whoever has a page here now has come (ADR 041, 047); a host who said hello and left must come back within the minute.
    const started = next.start(Date.now(), this.presence());
    this.broadcastEntries(next, started);
    // Sockets already watching (the creator's) learn the new name with the view; before the deal no entry carries it.
    if (started.length === 0) {
      for (const c of this.getConnections<ConnectionState>()) if (c.state) this.send(c, [{ type: "state", version: next.version, view: next.viewFor(c.state.viewer) }]);
    } else {
      // Dealt now: the host learns from the presence that the claimer has a minute to come (ADR 041).
      this.broadcastPresence();
    }
    await this.afterChange();
    return { seat };
  }

  /**
   * The cap (MAX_SOCKETS) counts spectators and sockets that have not said hello; a seat never counts, so the holder
   * of a seat token always gets in. A socket over the cap makes room by closing the oldest one that has not said hello
   * (1013): sockets that only connect cannot lock the players out. When every counted socket is a spectator, the new
   * one may still be a seat's: it gets HELLO_GRACE_MS to say hello with its seat token, else it is closed (1013); a
   * spectator's hello over the cap is refused (TABLE_FULL, 1013).
   */
  override onConnect(connection: Connection): void {
    this.connectedAt.set(connection.id, ++this.connects);
    let counted = 0;
    let oldest: Connection | null = null;
    let oldestAt = Infinity;
    for (const c of this.getConnections<ConnectionState>()) {
      const viewer = c.state?.viewer;
      if (typeof viewer === "number") continue;
      counted++;
      if (viewer !== undefined || c.id === connection.id) continue;
      // Unknown after hibernation: connected before anything this instance saw, so the oldest.
      const at = this.connectedAt.get(c.id) ?? -Infinity;
      if (at < oldestAt) [oldest, oldestAt] = [c, at];
    }
    if (counted <= MAX_SOCKETS) return;
    if (oldest) return this.makeRoom(oldest);
    this.graces.set(
      connection.id,
      setTimeout(() => {
        this.graces.delete(connection.id);
        if (!(connection as Connection<ConnectionState>).state) this.makeRoom(connection);
      }, HELLO_GRACE_MS),
    );
  }

  /** A socket that never said hello closed to make room: told why in a typed error first, as a refused hello is. */
  private makeRoom(connection: Connection): void {
    if (connection.readyState === WebSocket.OPEN) this.send(connection, [{ type: "error", clientSeq: null, code: "TABLE_FULL", message: `This table has too many connections (at most ${MAX_SOCKETS} watch it): try again later.`, messageDe: "An diesem Tisch sind gerade zu viele Verbindungen: später noch einmal versuchen." }]);
    this.refuse(connection, "this table has too many connections");
  }

  /** Before `connection` joins `seat`: that seat's oldest sockets closed until it holds fewer than MAX_SOCKETS_PER_SEAT. */
  private makeRoomForSeat(seat: number, connection: Connection): void {
    // Only open ones: a socket already closing is going anyway, and closing it again would throw.
    const mine = [...this.getConnections<ConnectionState>()].filter((c) => c.id !== connection.id && c.state?.viewer === seat && c.readyState === WebSocket.OPEN);
    // By the hello's time, kept in the socket's state across hibernation (the connect order in memory is not: after a
    // hibernation every socket looked equally old, and a fresh-eyes pass saw the newest tab closed); then connect order.
    const age = (c: Connection<ConnectionState>) => [c.state?.at ?? -Infinity, this.connectedAt.get(c.id) ?? -Infinity] as const;
    mine.sort((a, b) => age(a)[0] - age(b)[0] || age(a)[1] - age(b)[1]);
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_SOCKETS_PER_SEAT + 1))) {
      this.send(old, [{ type: "error", clientSeq: null, code: "TOO_MANY_WINDOWS", message: `This seat is open in more than ${MAX_SOCKETS_PER_SEAT} windows; this one, among the oldest, was closed. Reload it to play here.`, messageDe: `Dieser Platz ist in mehr als ${MAX_SOCKETS_PER_SEAT} Fenstern offen; dieses, eines der ältesten, wurde getrennt. Neu laden, um hier weiterzuspielen.` }], old.state?.batch === true);
      this.forget(old);
      old.close(1008, "this seat is open in too many windows");
    }
  }

  private refuse(connection: Connection, reason: string): void {
    this.forget(connection);
    connection.close(1013, reason);
  }

  /** Drops what memory holds for a socket (its connect time, its grace timer). */
  private forget(connection: Connection): void {
    this.connectedAt.delete(connection.id);
    this.lastMessage.delete(connection.id);
    clearTimeout(this.graces.get(connection.id) ?? null);
    this.graces.delete(connection.id);
  }

  /** A socket gone: the others learn whether its seat is still there (another tab of the same seat may be). */
  override onClose(connection: Connection): void {
    this.forget(connection);
    this.gone(connection);
  }

  override onError(connection: Connection): void {
    this.forget(connection);
    this.gone(connection);
  }

  /** The others learn who is still here; a seat whose last socket went takes its rematch offer with it. */
  private gone(connection: Connection): void {
    this.broadcastPresence(connection);
    const viewer = (connection as Connection<ConnectionState>).state?.viewer;
    if (typeof viewer === "number" && this.presence(connection)[viewer] === false) this.rematch.left(viewer);
  }

  /**
   * Which seats have a socket open now, read from the sockets themselves (getConnections() and each one's state, which
   * partyserver keeps in the socket's attachment; getConnections() lists only open ones): nothing in memory, so it
   * survives hibernation. Computer seats are
   * always there; a free (invited) seat is not. `gone` is a socket closing right now, which may still be listed.
   */
  protected presence(gone?: Connection): boolean[] {
    const core = this.core;
    if (!core) return [];
    const connected = core.config.seats.map((s) => s.type === "computer");
    const now = Date.now();
    for (const c of this.getConnections<ConnectionState>()) {
      if (gone && c.id === gone.id) continue;
      const viewer = c.state?.viewer;
      if (typeof viewer === "number" && viewer < connected.length && this.heard(c, now)) connected[viewer] = true;
    }
    return connected;
  }

  /**
   * Whether a seat's socket still counts as there (ADR 045): a page pings every PING_MS (its heartbeat, which the
   * runtime answers and timestamps without waking the room), so one whose last ping — or its hello, if later — is older
   * than STALE_MS has lost its network although its socket was never closed (a fresh-eyes pass: the opponent read
   * "verbunden" all the while). A socket that never pings at all (a script, not the site's page) counts from its hello.
   */
  private heard(c: Connection<ConnectionState>, now: number): boolean {
    return now - lastHeard(this.ctx, c, c.state?.at, this.lastMessage.get(c.id)) < this.staleMs;
  }

  /** STALE_MS; a test sets less (runInDurableObject) rather than wait a minute and more. */
  staleMs = STALE_MS;

  /**
   * Tells `to` (a socket that just said hello) which seats are connected, and every other socket that said hello when
   * that changed (after a hello, when a socket closes). Only changes go to everyone: a socket saying hello again and
   * again must not make the room write to all 64 sockets each time. What was last told is a memory only to save
   * messages: after hibernation it is gone, and the next change is told to everyone once more.
   */
  /** Sockets watching without a seat, `except` one (a socket closing, or the one saying hello now). */
  private spectators(except?: Connection): number {
    let n = 0;
    // A socket this room has closed (to make room) is no spectator any more, though its close is still under way.
    for (const c of this.getConnections<ConnectionState>()) if (c.state?.viewer === "spectator" && c.id !== except?.id && c.readyState === WebSocket.OPEN) n++;
    return n;
  }

  /** The hello budget of `connection`'s network as a spectator; null for the harnesses' own machine (exempt). */
  private networkHelloBudget(connection: Connection): TokenBucket | null {
    const address = clientAddress(connection);
    if (exemptFromAddressLimits(this.env as Cloudflare.Env, address)) return null;
    // IPv6 by its /48 here (a home line gets a /56 or a /48: six of its /64s, each with a budget of its own, spent the
    // table's shared one — a second attack pass).
    const v64 = addressNetwork(address) ?? "unknown";
    const network = v64.endsWith("::/64") ? `${v64.split(":").slice(0, 3).join(":")}::/48` : v64;
    let b = this.networkHelloBudgets.get(network);
    if (!b) {
      if (this.networkHelloBudgets.size >= HELLO_NETWORKS_KEPT) this.networkHelloBudgets.delete(this.networkHelloBudgets.keys().next().value!);
      this.networkHelloBudgets.set(network, (b = new TokenBucket(HELLO_BUDGET_PER_NETWORK_CHARS, HELLO_REFILL_PER_NETWORK_PER_S)));
    }
    return b;
  }

  /**
   * Spectator sockets from `connection`'s network, `connection` not counted: read from the sockets (their upgrade URL
   * keeps the address through hibernation), so nothing in memory can drift. The harnesses' machine is exempt as from
   * the Worker's limits; otherwise sockets without an address (none in production) share one network.
   */
  private spectatorsFrom(connection: Connection): number {
    const address = clientAddress(connection);
    if (exemptFromAddressLimits(this.env as Cloudflare.Env, address)) return 0;
    const network = addressNetwork(address);
    let n = 0;
    for (const c of this.getConnections<ConnectionState>()) if (c.state?.viewer === "spectator" && c.id !== connection.id && addressNetwork(clientAddress(c)) === network) n++;
    return n;
  }

  /**
   * When every spectator place is taken: the spectator socket that makes room for `connection`'s hello, or null. The
   * places are shared out fairly between networks: a newcomer whose network holds c places takes one from the network
   * holding the most, L, when L ≥ c + 2 (so the two end at least as even as they were; equal shares never trade places,
   * and the one closed, coming back, is refused). Eight networks of MAX_SPECTATORS_PER_NETWORK each could otherwise keep
   * every other spectator out for as long as they liked; now that takes MAX_SOCKETS networks. The victim is that
   * network's newest socket (the least watched so far). The harnesses' exempt machine neither takes nor gives places.
   */
  private fairShareVictim(connection: Connection): Connection<ConnectionState> | null {
    const env = this.env as Cloudflare.Env;
    const address = clientAddress(connection);
    if (exemptFromAddressLimits(env, address)) return null;
    const own = addressNetwork(address);
    const byNetwork = new Map<string | null, Connection<ConnectionState>[]>();
    for (const c of this.getConnections<ConnectionState>()) {
      if (c.state?.viewer !== "spectator" || c.id === connection.id || c.readyState !== WebSocket.OPEN) continue;
      const a = clientAddress(c);
      if (exemptFromAddressLimits(env, a)) continue;
      const network = addressNetwork(a);
      const list = byNetwork.get(network);
      if (list) list.push(c);
      else byNetwork.set(network, [c]);
    }
    const mine = byNetwork.get(own)?.length ?? 0;
    let largest: Connection<ConnectionState>[] | null = null;
    for (const [network, list] of byNetwork) if (network !== own && list.length >= mine + 2 && list.length > (largest?.length ?? 0)) largest = list;
    if (!largest) return null;
    // Unknown connect time (from before hibernation): older than anything this instance saw.
    const at = (c: Connection) => this.connectedAt.get(c.id) ?? -Infinity;
    return largest.reduce((newest, c) => (at(c) > at(newest) ? c : newest));
  }

  /** `before`: the serialised answer to `to`'s hello, sent in one go with the presence. */
  protected broadcastPresence(gone?: Connection, to?: Connection, before: readonly string[] = []): void {
    if (!this.core) return;
    const noShow = this.core.noShow();
    const message = { type: "presence" as const, connected: this.presence(gone), spectators: this.spectators(gone), ...(noShow ? { noShow } : {}) };
    const key = JSON.stringify(message);
    const changed = key !== this.toldPresence;
    this.toldPresence = key;
    this.toldConnected = message.connected;
    let answered = false;
    for (const c of this.getConnections<ConnectionState>()) {
      if ((gone && c.id === gone.id) || !c.state) continue;
      // `to` (the socket saying hello) gets its answer (`before`) and the presence together: one frame when batched.
      if (c.id === to?.id) {
        this.frames(c, [...before, key]);
        answered = true;
      } else if (changed) this.frames(c, [key]);
    }
    if (to && !answered) this.frames(to, [...before, key]);
    if (changed) this.tellLobby(this.core, gone);
  }

  /** The Wartesaal's list (party/live.ts), with whether a person sits at the table now (`gone`: a socket closing). */
  private tellLobby(core: Core, gone?: Connection): void {
    // Read from the sockets only when the report needs it (a game against the computer, a Goldwaage table): not on
    // every command of a duel.
    const present = () => {
      const here = this.presence(gone);
      return core.config.seats.some((s, i) => s.type !== "computer" && here[i] === true);
    };
    // Untold at the end (no next change to carry it): the alarm tries again, a bounded number of times (after that the
    // lobby's own expiry drops the table).
    this.live.update(core, this.game, present, () => {
      const tries = (this.store.getMeta<number>("liveRetries") ?? 0) + 1;
      this.store.putMeta("liveRetries", tries);
      if (core.over && tries <= LIVE_RETRIES) void this.setAlarmAt(Date.now() + REPORT_RETRY_MS);
    });
  }

  /** Plain HTTP to a room (no WebSocket upgrade): a typed answer instead of the library's text. */
  override onRequest(): Response {
    return Response.json({ error: "WEBSOCKET_ONLY", message: "A room speaks WebSocket only: connect with Upgrade: websocket." }, { status: 426, headers: { upgrade: "websocket" } });
  }

  /** Ends a game on time. Alarms fire at least once, maybe twice: the core appends a timeout only when one is really due. */
  override async onAlarm(): Promise<void> {
    // The alarm that fired is gone (an alarm is at most one, and only this handler runs now): the next one is set anew.
    this.alarmAt = null;
    const core = this.core;
    if (!core) return;
    this.broadcastEntries(core, core.onAlarm(Date.now()));
    await this.afterChange();
  }

  override async onMessage(connection: Connection<ConnectionState>, raw: WSMessage): Promise<void> {
    // A message that arrived before this room closed the socket (it made room for a newer one, or refused it): not read.
    // Answering it threw "send() after close()" and cut the hello's presence round short (a fresh-eyes attack: 70
    // spectators at once).
    if (connection.readyState !== WebSocket.OPEN) return;
    if (!this.admit(connection)) return;
    this.lastMessage.set(connection.id, Date.now());
    const text = typeof raw === "string" ? raw : decodeFrame(raw);
    const parsed = typeof text === "string" ? parseClientMessage(text, this.messages) : text;
    if (!parsed.ok) return this.send(connection, [{ type: "error", clientSeq: null, code: parsed.code, message: parsed.message, messageDe: parsed.code === "TOO_LARGE" ? "Die Nachricht ist zu groß." : "Die Nachricht ist ungültig." }]);
    const core = this.core;
    if (!core) return this.send(connection, [{ type: "error", clientSeq: null, code: "NO_GAME", message: "There is no game at this table.", messageDe: "An diesem Tisch gibt es kein Spiel." }]);
    const msg = parsed.message;
    if (msg.type === "hello") {
      // A refused hello is answered in the framing it asked for (an array of one when batched), as everything after.
      const refuse = (m: ServerMessageOf<unknown>) => this.send(connection, [m], msg.batch === true);
      // One hello per socket (the web client says it once, when the socket opens; a reconnect is a new socket): each
      // one is a view built and sent, and sixty spectator sockets saying it forty times a second, within the message
      // budget, once slowed both players' answers from 4 ms to 800 ms (a fresh-eyes attack). Refused before any work.
      if (connection.state) return refuse({ type: "error", clientSeq: null, code: "HELLO_REPEATED", message: "This socket has said hello already; to start over, open a new socket.", messageDe: "Diese Verbindung ist schon angemeldet; für einen Neuanfang neu verbinden." });
      // A client of another protocol version would misread the messages: it is told to reload instead.
      if ((msg.protocol ?? 1) !== PROTOCOL_VERSION) return refuse({ type: "error", clientSeq: null, code: "PROTOCOL_MISMATCH", message: `This page speaks protocol ${msg.protocol}, the room ${PROTOCOL_VERSION}: reload the page.`, messageDe: "Die Seite ist veraltet: bitte neu laden." });
      let viewer: Viewer = "spectator";
      if (msg.seatToken !== undefined) {
        const seat = core.seatFor(await hashToken(msg.seatToken));
        if (seat === null) return refuse({ type: "error", clientSeq: null, code: "BAD_SEAT_TOKEN", message: "This seat token does not belong to this table.", messageDe: "Dieses Platz-Token gehört nicht zu diesem Tisch." });
        viewer = seat;
      }
      // A daily attempt shows the day's deal as it is played — the same cards for every attempt of that day — so
      // nobody watches one; it is published with the day's seed once the day is over (ADR 004).
      if (viewer === "spectator" && core.config.kind === "daily") return refuse({ type: "error", clientSeq: null, code: "NO_SPECTATORS", message: "A daily attempt cannot be watched; its game is published once the day is over.", messageDe: "Ein Tagesspiel kann man nicht zuschauen; es wird veröffentlicht, wenn der Tag vorbei ist." });
      if (viewer === "spectator") {
        if (this.spectators(connection) >= MAX_SOCKETS) {
          const victim = this.fairShareVictim(connection);
          if (!victim) {
            refuse({ type: "error", clientSeq: null, code: "TABLE_FULL", message: `At most ${MAX_SOCKETS} sockets watch a table.`, messageDe: "An diesem Tisch schauen schon zu viele zu." });
            return this.refuse(connection, "this table has too many spectators");
          }
          if (victim.readyState === WebSocket.OPEN) this.send(victim, [{ type: "error", clientSeq: null, code: "TABLE_FULL", message: "This table is full: your place went to a spectator from an address with fewer places here. Close another tab watching it to come back.", messageDe: "Der Tisch ist voll: dein Platz ging an einen Zuschauer von einer Adresse, die hier weniger Plätze hat. Schließe ein anderes Fenster, das zuschaut, um wiederzukommen." }], victim.state?.batch === true);
          this.refuse(victim, "this table is full: the place went to another address");
        }
        if (this.spectatorsFrom(connection) >= MAX_SPECTATORS_PER_NETWORK) {
          refuse({ type: "error", clientSeq: null, code: "TOO_MANY_SPECTATORS", message: `At most ${MAX_SPECTATORS_PER_NETWORK} sockets from one address watch a table: close another tab watching it.`, messageDe: `Von einer Adresse können höchstens ${MAX_SPECTATORS_PER_NETWORK} Fenster diesem Tisch zuschauen: schließe ein anderes.` });
          return this.refuse(connection, "too many spectators from this address");
        }
      }
      const now = Date.now();
      // The answer comes from the viewer's hello budget (the spectators': one for the table): admitted while it is not
      // in debt, then charged what was sent. Beyond it the hello is refused before any work, and the socket closed to
      // come back later (partysocket does); no well-behaved page gets near it.
      let budget = this.helloBudgets.get(viewer);
      if (!budget) this.helloBudgets.set(viewer, (budget = new TokenBucket(HELLO_BUDGET_CHARS, HELLO_REFILL_PER_S)));
      const own = viewer === "spectator" ? this.networkHelloBudget(connection) : null;
      if (own && !own.admits(now)) {
        refuse({ type: "error", clientSeq: null, code: "TABLE_BUSY", message: "You have started watching this table too often just now: try again in a moment.", messageDe: "Du hast gerade zu oft angefangen, diesem Tisch zuzuschauen: gleich noch einmal versuchen." });
        return this.refuse(connection, "too many hellos from this address: try again later");
      }
      if (!budget.admits(now)) {
        const [message, messageDe] =
          viewer === "spectator"
            ? ["Too many people started watching this table at once: try again in a moment.", "Gerade kommen sehr viele Zuschauer an diesen Tisch: gleich noch einmal versuchen."]
            : ["This seat has said hello too often just now: try again in a moment.", "Dieser Platz hat sich gerade zu oft angemeldet: gleich noch einmal versuchen."];
        refuse({ type: "error", clientSeq: null, code: "TABLE_BUSY", message, messageDe });
        return this.refuse(connection, "too many hellos: try again later");
      }
      if (typeof viewer === "number") this.makeRoomForSeat(viewer, connection);
      const history = msg.history === true && msg.lastVersion === undefined;
      // A flag that fell before this hello ends the game first (RoomCore.handle): the others learn it as from the
      // alarm; this socket, not yet among them, sees it in its welcome.
      const waited = core.noShow() !== null;
      const { reply, appended } = core.handle(viewer, { ...msg, history: history && viewer !== "spectator" }, now);
      this.broadcastEntries(core, appended);
      // A spectator's log is the same for every spectator: serialised once per version.
      const log = history && viewer === "spectator" ? this.spectatorHistory(core) : [];
      // Said hello: no longer the one to close when the table is full (a spectator counts from now on as one).
      clearTimeout(this.graces.get(connection.id) ?? null);
      this.graces.delete(connection.id);
      connection.setState({ viewer, ...(msg.batch === true ? { batch: true as const } : {}), at: now });
      // The welcome (and what the log adds to it), after the game an offered rematch and a seat's own new table if one
      // was opened (a reload finds it), then who is at the table now; the others learn that if it changed.
      const texts = (messages: ReadonlyArray<ServerMessageOf<unknown>>) => messages.map((m) => JSON.stringify(m));
      const answer = [...texts(reply.slice(0, 1)), ...log, ...texts(reply.slice(1)), ...texts(this.rematch.hello(viewer))];
      const cost = answer.reduce((n, t) => n + t.length, 0);
      budget.charge(cost, now);
      own?.charge(cost, now);
      this.broadcastPresence(undefined, connection, answer);
      // The last seat came: the alarm kept for the no-show deadline moves to the next real one (a room left idle would
      // otherwise be woken for nothing a minute after the deal: one write per game instead of one wake). Before the
      // change's own alarm, which only ever moves it earlier (the clocks' start, `seated`, is such a change).
      if (waited && core.noShow() === null) await this.setAlarmAt(core.nextAlarm(), true);
      if (appended.length > 0) return this.afterChange();
      return;
    }
    const state = connection.state;
    if (!state) return this.send(connection, [{ type: "error", clientSeq: "clientSeq" in msg ? msg.clientSeq : null, code: "NO_HELLO", message: "Say hello first.", messageDe: "Zuerst hello senden." }]);
    // "Who is here?" (ADR 045): answered from the sockets, the others told if it changed; nothing for the core.
    if (msg.type === "presence") return this.broadcastPresence(undefined, connection);
    // A seat told as gone that speaks again is back: the others learn it now, not at the next question.
    if (typeof state.viewer === "number" && this.toldConnected[state.viewer] === false) this.broadcastPresence();
    if (msg.type === "rematch") {
      // Whether the game is over is the clock's to say too: an offer after a fallen flag is an offer after the end.
      const settled = core.settle(Date.now());
      if (settled.length > 0) {
        this.broadcastEntries(core, settled);
        await this.afterChange();
      }
      const refused = await this.rematch.handle(state.viewer, msg.action, msg.clientSeq, clientAddress(connection));
      return refused ? this.send(connection, [refused]) : undefined;
    }
    const { reply, appended, notice, config } = core.handle(state.viewer, msg, Date.now());
    if (config) return this.reconfigure(config, connection, reply);
    // A remark goes to everyone at the table now (it is not logged: nobody gets it later), to the sender before its ack.
    const answer = notice ? [notice, ...reply] : reply;
    // The events first (a command's; a late flag's timeout, which may come with a remark too), the answer after them: a
    // client that acts on its ack acts on the table the ack refers to.
    if (appended.length > 0) this.broadcastEntries(core, appended, { to: connection, messages: answer });
    else this.send(connection, answer);
    if (notice) for (const c of this.getConnections<ConnectionState>()) if (c.state?.viewer !== undefined && c.id !== connection.id) this.send(c, [notice]);
    if (appended.length > 0) return this.afterChange();
  }

  /** The spectators' history texts at the core's version: serialised once per version, however many spectators ask. */
  private spectatorHistory(core: Core): readonly string[] {
    const cached = this.spectatorLog;
    if (cached?.core === core && cached.version === core.version) return cached.texts;
    const texts = core.historyFor("spectator").map((m) => JSON.stringify(m));
    this.spectatorLog = { core, version: core.version, texts };
    return texts;
  }

  /** The room's next config (a seat claimed, the table called off): stored, and the core built anew from it. */
  private adopt(config: RoomConfigOf<O>): Core {
    this.store.putMeta("config", config);
    const next = this.makeCore(this.roomName(), this.store, config);
    this.core = next;
    return next;
  }

  /**
   * A table called off before the deal (`cancel`): the config that says so is stored as a claimed seat's is, the core is
   * built anew from it, and every socket at the table gets the view that says so (a second tab of the host, an invited
   * friend already seated at a Goldwaage table, a spectator); the sender's ack comes after its view.
   */
  private async reconfigure(config: RoomConfigOf<O>, from: Connection<ConnectionState>, reply: ReadonlyArray<ServerMessageOf<unknown>>): Promise<void> {
    const next = this.adopt(config);
    // A staked table called off: the host's held stake is free again (ADR 031). Not awaited; should it fail, the hold
    // of a table nobody joined lapses by itself within the hour.
    if (config.cancelled && (config.stake ?? 0) > 0) this.ctx.waitUntil(this.calledOff());
    for (const c of this.getConnections<ConnectionState>()) {
      if (!c.state) continue;
      const state: ServerMessageOf<unknown> = { type: "state", version: next.version, view: next.viewFor(c.state.viewer) };
      this.send(c, c.id === from.id ? [state, ...reply] : [state]);
    }
    // The free seats given to computers (`fill`): no seat waits any more, so the cards are dealt now, as when the last
    // invite is claimed (a table called off deals nothing).
    const started = next.start(Date.now(), this.presence());
    if (started.length === 0) return;
    this.broadcastEntries(next, started);
    this.broadcastPresence();
    await this.afterChange();
  }

  /**
   * The per-socket message budget (a token bucket): RATE_BURST messages at once, RATE_PER_S sustained. A message over
   * budget is answered with a typed RATE_LIMITED error and not read; a socket that keeps going is closed (1008).
   * The bucket lives in memory only: after hibernation a socket starts with a full bucket, which is harmless.
   */
  private admit(connection: Connection): boolean {
    const admitted = this.budget.admit(connection);
    if (admitted === "refused") this.send(connection, [{ type: "error", clientSeq: null, code: "RATE_LIMITED", message: `At most ${RATE_PER_S} messages per second (bursts of ${RATE_BURST}); this one was not read.`, messageDe: "Zu viele Nachrichten; diese wurde nicht gelesen." }]);
    return admitted === "ok";
  }

  /** After the log grew: keep the alarm at the next flag fall; once the game is over, report it to the Worker once. */
  protected async afterChange(): Promise<void> {
    const core = this.core;
    await this.setAlarmAt(core?.nextAlarm() ?? null);
    // Not awaited: the Wartesaal's list never holds up the game. Untold at the end (no next change): the alarm tries again.
    if (core) this.tellLobby(core);
    // A hot-seat game is played in the browser (web/src/room/local.ts) and is nobody's record: never reported.
    if (!core?.over || core.config.kind === "hotseat" || this.store.getMeta<string>("reported")) return;
    const sent = await this.report(core);
    // Delivered, or refused as malformed (a 4xx will never succeed): either way this room is done reporting.
    if (sent !== "retry") this.store.putMeta("reported", sent);
    else await this.setAlarmAt(Date.now() + REPORT_RETRY_MS);
  }

  /** POST /internal/tables/called-off: the Worker releases the stakes held for this unplayed table. */
  private async calledOff(): Promise<void> {
    try {
      const res = await exports.default.fetch("https://spielcenter.internal/internal/tables/called-off", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${(this.env as Cloudflare.Env).ROOM_SECRET}` },
        body: JSON.stringify({ room: this.roomName() }),
      });
      if (!res.ok) console.error(`room ${this.roomName()}: the Worker refused the call-off: ${res.status} ${await res.text()}`);
    } catch (err) {
      console.error(`room ${this.roomName()}: telling the call-off failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** POST /internal/results through the Worker itself, authenticated with ROOM_SECRET: "ok", "refused" (4xx, final) or "retry". */
  private async report(core: Core): Promise<"ok" | "refused" | "retry"> {
    const body = core.report();
    if (!body) return "retry";
    try {
      const res = await exports.default.fetch("https://spielcenter.internal/internal/results", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${(this.env as Cloudflare.Env).ROOM_SECRET}` },
        body: JSON.stringify(body),
      });
      if (res.ok) return "ok";
      console.error(`room ${core.name}: the Worker refused the report: ${res.status} ${await res.text()}`);
      return res.status >= 400 && res.status < 500 ? "refused" : "retry";
    } catch (err) {
      console.error(`room ${core.name}: reporting failed: ${err instanceof Error ? err.message : String(err)}`);
      return "retry";
    }
  }

  /**
   * Keeps the room's one alarm no later than `at` (null: none wanted, the alarm is deleted). An alarm already set
   * earlier stays: it fires early, the handler (idempotent: it appends a timeout only when one is really due) finds
   * nothing and sets the next one. The deadline moves later after nearly every action — the emergency brake's ten
   * minutes always, a Fischer clock mostly — and rewriting the alarm each time was a storage write per command.
   * `exactly`: set it to `at` even when that is later (once per game, when the last seat came: ADR 041).
   */
  protected async setAlarmAt(at: number | null, exactly = false): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (at === this.alarmAt) return;
    if (!exactly && at !== null && this.alarmAt !== null && this.alarmAt < at) return;
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
    this.alarmAt = at;
  }

  /**
   * A batch to every socket that said hello: each viewer's messages computed and serialised once (core.serializedFor),
   * however many of its sockets are open, and a public event's text shared between viewers; a socket gets only its
   * own viewer's texts.
   */
  protected broadcastEntries(core: Core, entries: ReadonlyArray<LogEntry<{ readonly type: string } | RoomEvent>>, reply?: { to: Connection; messages: ReadonlyArray<ServerMessageOf<unknown>> }): void {
    if (entries.length === 0) return;
    const sockets: Array<[Connection<ConnectionState>, Viewer]> = [];
    for (const c of this.getConnections<ConnectionState>()) {
      const viewer = c.state?.viewer;
      if (viewer !== undefined) sockets.push([c, viewer]);
    }
    const texts = core.serializedFor(sockets.map(([, viewer]) => viewer), entries);
    for (const [c, viewer] of sockets) {
      const own = texts.get(viewer)!;
      // The command's sender gets its ack after the batch (reply.to may be a socket that never said hello: then alone).
      this.frames(c, c.id === reply?.to.id ? [...own, ...reply.messages.map((m) => JSON.stringify(m))] : own);
    }
    if (reply && !sockets.some(([c]) => c.id === reply.to.id)) this.send(reply.to, reply.messages);
  }

  /** `batched`: the framing when the socket has none stored yet (a hello refused before its state is set). */
  private send(connection: Connection, messages: ReadonlyArray<ServerMessageOf<unknown>>, batched?: boolean): void {
    if (messages.length > 0) this.frames(connection, messages.map((m) => JSON.stringify(m)), batched);
  }

  /** Serialised messages to one socket: one frame each, or — a socket that asked for batches — JSON arrays of them. */
  private frames(connection: Connection, texts: readonly string[], batched = (connection as Connection<ConnectionState>).state?.batch === true): void {
    // A socket closed while this message was handled (by the room, or a close frame in flight) has nobody to tell.
    if (connection.readyState !== WebSocket.OPEN) return;
    if (batched) for (const frame of batchFrames(texts)) connection.send(frame);
    else for (const text of texts) connection.send(text);
  }

  private roomName(): string {
    return this.store.getMeta<string>("roomName") ?? this.name;
  }
}
