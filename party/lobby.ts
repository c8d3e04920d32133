// The Wartesaal: one PartyServer instance ("main") on a SQLite-backed Durable Object. Who is online is read from the
// open sockets (each one's state, in its attachment), so it survives hibernation and rebuilds itself from whoever
// reconnects after a restart; open challenges are rows in the object's SQLite (they must outlive hibernation), ended
// by the object's alarm after CHALLENGE_MS. An accepted challenge's table is opened by the Worker
// (POST /internal/lobby/duel, authenticated with ROOM_SECRET), which seats both accounts with fresh seat tokens.
import { exports } from "cloudflare:workers";
import { Server, type Connection, type WSMessage } from "partyserver";
import { CHALLENGE_MS, LobbyClientMessageSchema, type Challenge, type ChallengeEnd, type DeclineReason, type LiveReport, type LobbyErrorCode, type LobbyPlayer, type LobbyServerMessage, type Terms } from "../shared/lobby.js";
import { parseJsonMessage } from "../shared/room/protocol.js";
import { NO_SHOW_MS } from "../shared/room/clock.js";
import { GoldwaageTables } from "./lobby-goldwaage";
import { LiveTables } from "./lobby-live";
import { TICKET_MS, verifyTicket, type TicketProfile } from "./lobby-ticket";
import { answerPings, decodeFrame, KeyedBudget, lastHeard, MessageBudget } from "./socket-limits";
import { nameSkeleton } from "../worker/names";
import { newToken } from "./tokens";
import { addressNetwork, clientAddress, exemptFromAddressLimits } from "./address";

/** The one lobby's name: /parties/lobby/main (the Worker routes no other). */
export const LOBBY_NAME = "main";
/** Sockets that said hello the lobby takes at once (each holds memory and gets every presence change). */
export const LOBBY_MAX_SOCKETS = 500;
/** Sockets that have not said hello yet, at most; one more closes the oldest of them (1013). */
export const LOBBY_MAX_PENDING = 32;
/** Sockets one account may have here (its tabs); a further hello is refused (TOO_MANY_SOCKETS, 1008). */
export const LOBBY_MAX_PER_ACCOUNT = 8;
/** Close code for a socket whose name another account now holds: its account renamed itself; a new ticket says how. */
export const CLOSE_RENAMED = 4001;
/** Close code for a socket whose page was not heard for LOBBY_SILENCE_MS (ADR 046): the page comes back with a new ticket. */
export const CLOSE_SILENT = 4002;
/**
 * Close code for a socket whose account signed out its other devices since its ticket: the device that did it comes
 * back with its fresh token; a device signed out gets no ticket any more (401).
 */
export const CLOSE_SIGNED_OUT = 4003;
/**
 * How long a greeted socket counts as there without its page heard (a ping, its hello, a message; ADR 046). The page
 * pings every 10 s, in a background tab too (each ping timed from the last frame received, which Chrome's once-a-minute
 * throttling of hidden tabs' timers spares; web/src/room/heartbeat.ts), so 45 s is four pings missed. Past it, the
 * socket is closed and its account, if that was its last socket, leaves: its challenges end ("left"), its seek and its
 * seats at open tables go. `LOBBY_SILENCE_MS` in the environment shortens it (the browser tests; at least 12 s).
 */
export const LOBBY_SILENCE_MS = 45_000;
/**
 * How long a socket may stay open without saying hello (a page says it within a second of connecting): sockets that
 * never do held an address's eight waiting places, and a player of that address came back 28 s late (an attack pass).
 */
export const LOBBY_HELLO_MS = 10_000;
/**
 * How long an account whose last socket closed other than by its page's own leaving (1000, 1001) still counts as here:
 * a page whose network blinked comes back within seconds with a new socket, and found its seek and challenges ended
 * "left" at the moment it came back (a fresh-eyes pass, 15 s offline). Meanwhile it is listed, may be challenged, and
 * what is meant for it is told at its hello (a seek taken: `matched` again).
 */
export const LOBBY_GRACE_MS = 10_000;
/** Per socket: a person sends a few messages a minute; far fewer than a game's commands. */
export const LOBBY_RATE_PER_S = 5;
export const LOBBY_RATE_BURST = 20;
export const LOBBY_RATE_CLOSE_AFTER = 100;
/**
 * Changes to the lists everyone here gets that one account may cause: its arrival (its first socket's hello; its
 * leaving is then free), a seek posted, a Goldwaage table opened or joined. `LIST_CHANGE_BURST` at once, then
 * `LIST_CHANGE_PER_S`; past that TOO_OFTEN, and nothing changes. Each such change sends a whole list to every socket
 * here, so one account looping them (eight tabs re-posting a seek, or one tab coming and going) sent a bystander 40–47
 * lists a second (an attack pass: 4.1 MB in 10 s with 60 seeks open, its round trips 2 → 133 ms). Withdrawing, leaving
 * and closing are never refused: each follows a change that was paid for. A Goldwaage table that is started gives its
 * opening back: starting tables has its own limit (the Worker's, 30 a minute per account).
 */
export const LIST_CHANGE_BURST = 10;
export const LIST_CHANGE_PER_S = 0.5;
/**
 * The same changes from one address (a network: an IPv6 /64 counts once), whatever its accounts: one address with many
 * accounts multiplied the per-account budget (an attack pass: 25 accounts coming and going, 674 player lists to a
 * bystander in 10 s). Larger than one account's, since people share addresses.
 */
export const ADDRESS_CHANGE_BURST = 30;
export const ADDRESS_CHANGE_PER_S = 2;
/** Challenges one account may send: a burst over the open ones' limit, then one every 2 s (challenge and withdraw in a loop made a target's list flicker). */
export const CHALLENGE_BURST = 12;
export const CHALLENGE_PER_S = 0.5;
/** Sockets from one address that said hello (a family or an office shares one; one address filled all 500 with 70 accounts). */
export const LOBBY_MAX_PER_ADDRESS = 40;
/** Sockets from one address waiting for their hello: past this its newest is closed, not someone else's oldest. */
export const LOBBY_MAX_PENDING_PER_ADDRESS = 8;
/** Open seeks posted from one address (MAX_GW_TABLES_PER_ADDRESS for tables: one address filled a list with 70 accounts). */
export const MAX_SEEKS_PER_ADDRESS = 10;
/** Open challenges one account may have sent at once. */
export const MAX_OUTGOING = 10;
/** Open seeks in the Wartesaal at once (one per account); every socket gets the whole list. */
export const MAX_SEEKS = 100;
/** How long what an account lost while away is kept to tell it (ADR 048), and how many names of each kind (then a count). */
export const AWAY_NOTE_MS = 10 * 60_000;
export const AWAY_NOTE_NAMES = 5;
/**
 * The list of running tables and who plays go to everyone at most this often. A room reports whenever a socket of a
 * game against the computer (or of a Goldwaage table) comes or goes, so one player dropping and reopening sockets in a
 * loop made the lobby send both whole lists to every visitor ~65 times a second (an attack pass: 17.5 MB in 10 s to one
 * bystander). The first change is told at once, the ones within the next second together at its end.
 */
export const LIVE_TELL_MS = 1000;

type Who = Omit<TicketProfile, "exp" | "gen">;
interface State {
  who: Who;
  /** The session generation of its ticket (TicketProfile.gen): closed when the account signs out its other devices. */
  gen?: number;
  /** The network it came from (`network`), kept from its hello: the per-address counts read it for every socket. */
  net?: string | null;
  /** When it said hello: the page counts as heard from then (a socket that never pings; ADR 046). */
  at?: number;
}

interface Row {
  id: string;
  from_account: string;
  from_name: string;
  to_account: string;
  to_name: string;
  terms: string;
  expires_at: number;
  /** 1: changed terms sent back for a challenge received (a counter), 0: a new challenge. */
  counter: number;
  [k: string]: SqlStorageValue;
}

/** What an account lost while away (ADR 048): names as JSON lists. */
interface AwayRow {
  account: string;
  seek: number;
  challenged_by: string;
  challenged: string;
  more: number;
  gw: string | null;
  until: number;
  tables: string;
  more_to: number;
  [k: string]: SqlStorageValue;
}

interface SeekRow {
  id: string;
  from_account: string;
  from_name: string;
  terms: string;
  created_at: number;
  [k: string]: SqlStorageValue;
}

/** What the Worker answers POST /internal/lobby/duel with. */
export interface Duel {
  room: string;
  socket: string;
  rated: boolean;
  challenger: { seat: 0 | 1; role: "conte" | "maske"; seatToken: string };
  accepter: { seat: 0 | 1; role: "conte" | "maske"; seatToken: string };
}

const ERRORS_DE: Record<LobbyErrorCode, string> = {
  BAD_MESSAGE: "Die Nachricht ist ungültig.",
  TOO_LARGE: "Die Nachricht ist zu groß.",
  RATE_LIMITED: "Zu viele Nachrichten; diese wurde nicht gelesen.",
  NO_HELLO: "Zuerst anmelden.",
  BAD_TICKET: "Die Anmeldung ist abgelaufen: bitte neu laden.",
  STALE_TICKET: "Dein Name hat sich geändert: die Verbindung wird neu aufgebaut.",
  SIGNED_OUT: "Dein Konto wurde auf anderen Geräten abgemeldet: die Verbindung wird neu aufgebaut.",
  NOT_PRESENT: "Diese Person ist nicht mehr im Wartesaal.",
  SELF: "Du kannst dich nicht selbst herausfordern.",
  CHALLENGE_OPEN: "Zwischen euch ist schon eine Herausforderung offen.",
  NO_CHALLENGE: "Diese Herausforderung ist nicht mehr offen.",
  NO_SEEK: "Dieses Gesuch ist nicht mehr offen.",
  SEEKS_FULL: "Es sind gerade zu viele Gesuche offen; nimm lieber eines an.",
  NOT_YOURS: "Diese Herausforderung gilt nicht dir.",
  STAKE_TOO_HIGH: "Der Einsatz ist zu hoch für einen von euch (Taler, die in offenen Partien als Einsatz stehen, sind gebunden).",
  TABLE_FAILED: "Der Tisch konnte nicht geöffnet werden.",
  BAD_OPTIONS: "Diese Einstellungen passen nicht zusammen.",
  NO_TABLE: "Dieser Tisch ist nicht mehr offen.",
  TABLE_FULL: "An diesem Tisch ist kein Platz mehr frei.",
  TABLES_FULL: "Es sind gerade zu viele Tische offen; setz dich lieber an einen.",
  AT_TABLE: "Du sitzt schon an einem offenen Tisch: verlass ihn zuerst.",
  PLAYING: "Diese Person spielt gerade.",
  BUSY: "Du sitzt an einem laufenden Tisch: beende erst diese Partie.",
  LOBBY_FULL: "Der Wartesaal ist gerade voll: bitte später noch einmal.",
  TOO_MANY_SOCKETS: "Der Wartesaal ist bei dir schon in zu vielen Tabs offen.",
  TABLE_LIMIT: "Zu viele neue Tische in kurzer Zeit: versucht es in einer Minute noch einmal.",
  TOO_OFTEN: "Zu viele Änderungen in kurzer Zeit: nichts geändert. Warte einen Moment und versuch es dann noch einmal.",
  ADDRESS_FULL: "Von deiner Adresse aus sind schon zu viele im Wartesaal: bitte später noch einmal.",
};

const toChallenge = (r: Row): Challenge => ({ id: r.id, from: r.from_name, to: r.to_name, terms: JSON.parse(r.terms) as Terms, expiresAt: r.expires_at, counter: r.counter === 1 });

export class Lobby extends Server {
  static override options = { hibernate: true };

  private readonly budget = new MessageBudget(LOBBY_RATE_PER_S, LOBBY_RATE_BURST, LOBBY_RATE_CLOSE_AFTER);
  /** Per account: the list changes it may cause (LIST_CHANGE_BURST, LIST_CHANGE_PER_S). */
  private readonly changes = new KeyedBudget(LIST_CHANGE_PER_S, LIST_CHANGE_BURST);
  /** Per address (network): the same changes and the challenges sent, from all its accounts together. */
  private readonly addressChanges = new KeyedBudget(ADDRESS_CHANGE_PER_S, ADDRESS_CHANGE_BURST);
  /** Per account: challenges sent (CHALLENGE_BURST, CHALLENGE_PER_S). */
  private readonly challengesSent = new KeyedBudget(CHALLENGE_PER_S, CHALLENGE_BURST);
  /** The presence last told to everyone (only to save messages: after hibernation the next change is told again). */
  private toldPresence: string | undefined;
  /** The alarm as this instance last set it (undefined: not read yet). */
  private alarmAt: number | null | undefined;
  /**
   * The order sockets connected in (a counter: time stands still within one event), to close the oldest that has not
   * said hello when too many wait. Memory only: after hibernation an unknown socket counts as the oldest.
   */
  private readonly connectedAt = new Map<string, number>();
  private connects = 0;
  /** When each socket that has not said hello was first seen (memory only: after hibernation, from the first sweep). */
  private readonly waitingSince = new Map<string, number>();
  /** When each greeted socket last sent a message (memory only; its pings and its hello are kept without it). */
  private readonly lastMessage = new Map<string, number>();
  /** Accounts whose last socket closed unasked, still counted as here until `until` (LOBBY_GRACE_MS; a timer ends it). */
  private readonly graced = new Map<string, { who: Who; until: number; timer: ReturnType<typeof setTimeout> }>();
  /** Sockets this object closed itself (sweep, rename): their close, if the runtime reports it, was handled already. */
  private readonly closedHere = new Set<string>();
  /** Accounts whose table the Worker is opening right now (`seat`): busy until it answers (`busy`). */
  private readonly opening = new Set<string>();
  /**
   * Accounts a rematch reserved (`reserve`, from the Worker before it opens the table): busy until their new table
   * reports, NO_SHOW_MS at most. Memory only: a restart forgets them, and by then the table has reported.
   */
  private readonly reserved = new Map<string, number>();
  /**
   * Sessions generations the Worker told of within the last minute (`signedOut`), for a hello that read the account's
   * row before the sign-out and greets after it. Kept a minute (a ticket's life), so a stranger's sign-outs of its own
   * accounts keep nothing here for long.
   */
  private readonly signedOutGen = new Map<string, { gen: number; at: number }>();
  /** When the running tables were last told to everyone, and the timer that tells the changes since (LIVE_TELL_MS). */
  private toldLiveAt = 0;
  private liveTimer: ReturnType<typeof setTimeout> | null = null;
  /** Goldwaage open tables (party/lobby-goldwaage.ts). */
  private readonly gw = new GoldwaageTables({
    db: this.ctx.storage.sql,
    secret: (this.env as Cloudflare.Env).ROOM_SECRET,
    present: () => this.present(),
    sendTo: (account, message) => this.sendTo(account, message),
    broadcast: (message) => this.tellEveryone(message),
    error: (connection, code, message) => this.error(connection, code, message),
    mayChange: (connection, account, now) => this.mayChange(connection, account, now),
    busy: (account) => this.busy(account),
    opening: async (accounts, open) => {
      for (const a of accounts) this.opening.add(a);
      try {
        return await open();
      } finally {
        for (const a of accounts) this.opening.delete(a);
      }
    },
    // A table opened and started is paid for by the Worker's table limit (30 a minute per account) instead.
    paidOtherwise: (connection, account) => {
      this.changes.refund(account);
      const net = this.network(connection);
      if (net !== null) this.addressChanges.refund(net);
    },
    accountsFrom: (connection) => this.accountsFrom(connection),
  });

  private get db(): SqlStorage {
    return this.ctx.storage.sql;
  }

  /** The running tables the rooms reported (party/lobby-live.ts). */
  private liveTables?: LiveTables;
  private get running(): LiveTables {
    return (this.liveTables ??= new LiveTables(this.db));
  }

  override onStart(): void {
    answerPings(this.ctx);
    const set = Number((this.env as Cloudflare.Env).LOBBY_SILENCE_MS);
    if (Number.isFinite(set) && set >= 12_000) this.silenceMs = Math.min(set, LOBBY_SILENCE_MS);
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS challenges (id TEXT PRIMARY KEY, from_account TEXT NOT NULL, from_name TEXT NOT NULL,
       to_account TEXT NOT NULL, to_name TEXT NOT NULL, terms TEXT NOT NULL, expires_at INTEGER NOT NULL)`,
    );
    // Added after the first lobbies were created: their table gets the column once.
    if (!this.db.exec<{ name: string }>("PRAGMA table_info(challenges)").toArray().some((c) => c.name === "counter")) this.db.exec("ALTER TABLE challenges ADD COLUMN counter INTEGER NOT NULL DEFAULT 0");
    this.gw.init();
    this.db.exec("CREATE TABLE IF NOT EXISTS seeks (id TEXT PRIMARY KEY, from_account TEXT NOT NULL UNIQUE, from_name TEXT NOT NULL, terms TEXT NOT NULL, created_at INTEGER NOT NULL)");
    // Each side's `matched` of a table opened in the last NO_SHOW_MS, told again at its account's hello (ADR 046).
    this.db.exec("CREATE TABLE IF NOT EXISTS matches (account TEXT NOT NULL, room TEXT NOT NULL, message TEXT NOT NULL, until INTEGER NOT NULL, PRIMARY KEY (account, room))");
    // What an account lost when the lobby let it go for silence (ADR 048), one row per account: told at each hello until
    // read (`away-seen`) or AWAY_NOTE_MS passed — after a reload and in a new tab too. Names as JSON lists, each capped.
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS lost_while_away (account TEXT PRIMARY KEY, seek INTEGER NOT NULL, challenged_by TEXT NOT NULL,
       challenged TEXT NOT NULL, more INTEGER NOT NULL, gw TEXT, until INTEGER NOT NULL, tables TEXT NOT NULL DEFAULT '[]')`,
    );
    // Added after the first version: a table of that version gets the column once.
    const columns = this.db.exec<{ name: string }>("PRAGMA table_info(lost_while_away)").toArray().map((c) => c.name);
    if (!columns.includes("tables")) this.db.exec("ALTER TABLE lost_while_away ADD COLUMN tables TEXT NOT NULL DEFAULT '[]'");
    // `more` counted the names beyond both lists and the page said them as challengers; `more_to` counts the player's own.
    if (!columns.includes("more_to")) this.db.exec("ALTER TABLE lost_while_away ADD COLUMN more_to INTEGER NOT NULL DEFAULT 0");
  }

  /**
   * Only sockets that said hello count against LOBBY_MAX_SOCKETS (checked at the hello); of those that have not, at
   * most LOBBY_MAX_PENDING wait, and one more closes the oldest of them (1013): sockets that only connect shut nobody out.
   */
  override onConnect(connection: Connection): void {
    this.connectedAt.set(connection.id, ++this.connects);
    this.waitingSince.set(connection.id, Date.now());
    // A socket here, greeted or not, is looked at by the alarm (sweep): one that never says hello is closed.
    void this.scheduleAlarm(Date.now());
    const mine = this.network(connection);
    // Waiting sockets per network; the one to make room is the oldest of the network that holds the most (one address
    // opening 200 sockets a second closed everyone else's before their hello, an attack pass).
    const waiting = new Map<string, { n: number; oldest: Connection | null; at: number }>();
    let pending = 0;
    for (const c of this.getConnections<State>()) {
      if (c.state) continue;
      pending++;
      const key = this.network(c) ?? "";
      const w = waiting.get(key) ?? { n: 0, oldest: null, at: Infinity };
      w.n++;
      const at = this.connectedAt.get(c.id) ?? -Infinity;
      if (c.id !== connection.id && at < w.at) [w.oldest, w.at] = [c, at];
      waiting.set(key, w);
    }
    if (mine !== null && (waiting.get(mine)?.n ?? 0) > LOBBY_MAX_PENDING_PER_ADDRESS) {
      this.connectedAt.delete(connection.id);
      return connection.close(1013, "too many sockets from this address wait for their hello");
    }
    if (pending > LOBBY_MAX_PENDING) {
      let most: { n: number; oldest: Connection | null; at: number } | null = null;
      for (const w of waiting.values()) if (w.oldest && (!most || w.n > most.n || (w.n === most.n && w.at < most.at))) most = w;
      if (most?.oldest) {
        this.connectedAt.delete(most.oldest.id);
        most.oldest.close(1013, "too many sockets wait for their hello");
      }
    }
  }

  /** The accounts with a socket here from the same network as `connection`'s; null where address limits do not apply. */
  private accountsFrom(connection: Connection): Set<string> | null {
    const net = this.network(connection);
    if (net === null) return null;
    const out = new Set<string>();
    for (const c of this.getConnections<State>()) if (c.state && this.netOf(c) === net) out.add(c.state.who.account);
    return out;
  }

  /** A greeted socket's network as kept at its hello (worked out again for one greeted before it was kept). */
  private netOf(connection: Connection<State>): string | null {
    return connection.state?.net !== undefined ? connection.state.net : this.network(connection);
  }

  /** The network a socket came from, for the per-address limits; null where they do not apply (the test harnesses). */
  private network(connection: Connection): string | null {
    const ip = clientAddress(connection);
    if (exemptFromAddressLimits(this.env as Cloudflare.Env, ip)) return null;
    return addressNetwork(ip) ?? "unknown";
  }

  override onRequest(): Response {
    return Response.json({ error: "WEBSOCKET_ONLY", message: "The Wartesaal speaks WebSocket only: connect with Upgrade: websocket." }, { status: 426, headers: { upgrade: "websocket" } });
  }

  override onClose(connection: Connection<State>, code: number): void {
    this.forget(connection);
    // Closed by the page as it leaves (its own close, a tab shut or navigated away): gone at once; otherwise a grace.
    this.left(connection, code !== 1000 && code !== 1001);
  }

  override onError(connection: Connection<State>): void {
    this.forget(connection);
    this.left(connection, true);
  }

  /** The memory kept per socket, dropped when it goes. */
  private forget(connection: Connection): void {
    this.connectedAt.delete(connection.id);
    this.waitingSince.delete(connection.id);
    this.lastMessage.delete(connection.id);
  }

  override async onMessage(connection: Connection<State>, raw: WSMessage): Promise<void> {
    const admitted = this.budget.admit(connection);
    if (admitted === "closed") return;
    if (admitted === "refused") return this.error(connection, "RATE_LIMITED", `At most ${LOBBY_RATE_PER_S} messages per second (bursts of ${LOBBY_RATE_BURST}); this one was not read.`);
    const text = typeof raw === "string" ? raw : decodeFrame(raw);
    const parsed = typeof text === "string" ? parseJsonMessage(text, LobbyClientMessageSchema) : text;
    if (!parsed.ok) return this.error(connection, parsed.code, parsed.message);
    const msg = parsed.message;
    const now = Date.now();
    // A socket closed here (renamed, silent, signed out) may still send before its close is through: not read.
    if (this.closedHere.has(connection.id)) return;
    // Any message that parsed counts as the page heard (ADR 046), as its pings do.
    this.lastMessage.set(connection.id, now);
    if (msg.type === "hello") {
      const profile = await verifyTicket((this.env as Cloudflare.Env).ROOM_SECRET, msg.ticket, now);
      if (!profile) return this.error(connection, "BAD_TICKET", "The ticket is not valid or has expired: get a new one (POST /api/lobby/ticket).");
      const { exp: _exp, gen, ...who } = profile;
      // A ticket vouches for the name it was issued with, for a minute; an account that renamed itself since must not
      // come back under the old name (another account may hold it now, and challenges by that name would reach the
      // wrong one). The client fetches a ticket for every connect, so only a stale or replayed ticket is refused here:
      // closed as "renamed", the page comes back with a fresh ticket.
      let current: { name: string | null; sessions_gen: number } | null;
      try {
        current = await (this.env as Cloudflare.Env).DB.prepare("SELECT name, sessions_gen FROM accounts WHERE id = ?").bind(who.account).first<{ name: string | null; sessions_gen: number }>();
      } catch {
        return connection.close(1011, "the account could not be read: try again");
      }
      // Issued before the account signed out its other devices (read now, or told while this hello read the row).
      if (current && gen < Math.max(current.sessions_gen, this.signedOutGen.get(who.account)?.gen ?? 0)) {
        this.error(connection, "SIGNED_OUT", "This ticket was issued before the account signed out its other devices: sign in again (a recovery code) or get a new ticket with the new token.");
        return connection.close(CLOSE_SIGNED_OUT, "signed out");
      }
      if (current?.name !== who.name) {
        this.error(connection, "STALE_TICKET", "This ticket carries a name the account no longer has: get a new ticket (POST /api/lobby/ticket).");
        return connection.close(CLOSE_RENAMED, "renamed");
      }
      let greeted = 0;
      let mine = 0;
      let fromHere = 0;
      const here = this.network(connection);
      for (const c of this.getConnections<State>()) {
        if (c.id === connection.id || !c.state) continue;
        greeted++;
        if (c.state.who.account === who.account) mine++;
        if (here !== null && this.netOf(c) === here) fromHere++;
      }
      if (greeted >= LOBBY_MAX_SOCKETS) {
        this.error(connection, "LOBBY_FULL", `The Wartesaal takes at most ${LOBBY_MAX_SOCKETS} sockets: try again later.`);
        return connection.close(1013, "the Wartesaal is full");
      }
      if (mine >= LOBBY_MAX_PER_ACCOUNT) {
        this.error(connection, "TOO_MANY_SOCKETS", `At most ${LOBBY_MAX_PER_ACCOUNT} sockets per account: close another tab.`);
        return connection.close(1008, "too many sockets for this account");
      }
      if (fromHere >= LOBBY_MAX_PER_ADDRESS) {
        this.error(connection, "ADDRESS_FULL", `The Wartesaal takes at most ${LOBBY_MAX_PER_ADDRESS} sockets from one address: try again later.`);
        return connection.close(1013, "too many sockets from this address");
      }
      // An arrival (no other socket of this account here) changes everyone's list of who is here; a refused one
      // waits (1013: the client tries again in 10 s) and changes nothing.
      const back = this.graced.get(who.account);
      if (mine === 0 && !back && !this.admitChange(connection, who.account, now)) {
        this.tooOften(connection);
        return connection.close(1013, "coming and going too often");
      }
      this.connectedAt.delete(connection.id);
      this.waitingSince.delete(connection.id);
      this.dropRenamed(who);
      connection.setState({ who, gen, net: here, at: now });
      if (back) {
        clearTimeout(back.timer);
        this.graced.delete(who.account);
      }
      void this.scheduleAlarm(now);
      this.running.remember(who, now);
      this.send(connection, { type: "welcome", you: who.name });
      // First: a table that waits for this account takes the page there before it reads the lists.
      const again = this.db.exec<{ message: string }>("SELECT message FROM matches WHERE account = ? AND until > ? ORDER BY until", who.account, now).toArray();
      for (const m of again) this.sendRaw(connection, m.message);
      // Back in time for its table: the page goes there, so the note need not say it missed it.
      if (again.length > 0) this.db.exec("UPDATE lost_while_away SET tables = '[]' WHERE account = ?", who.account);
      // Then what it lost while the lobby could not hear it (before the lists, so the page says it with its own).
      const away = this.awayNote(who.account, now);
      if (away) this.send(connection, away);
      this.send(connection, this.challengesOf(who.account));
      this.send(connection, this.seeksMessage());
      this.send(connection, this.gw.list());
      if (this.running.prune(now)) this.broadcastLive();
      else this.send(connection, this.liveMessage());
      return this.broadcastPresence(undefined, connection);
    }
    const me = connection.state?.who;
    if (!me) return this.error(connection, "NO_HELLO", "Say hello with a ticket first.");
    this.expire(now);
    switch (msg.type) {
      case "challenge":
        return this.challenge(connection, me, msg.to, msg.terms, now);
      case "accept":
        return this.accept(connection, me, msg.id);
      case "decline":
        return this.end(connection, me, msg.id, "to", "declined", msg.reason);
      case "withdraw":
        return this.end(connection, me, msg.id, "from", "withdrawn");
      case "seek":
        return this.postSeek(connection, me, msg.terms, now);
      case "unseek":
        return this.endSeek(connection, me, msg.id);
      case "take":
        return this.take(connection, me, msg.id);
      case "away-seen":
        // Read in one tab: forgotten, and gone from the account's other tabs.
        if (this.db.exec("DELETE FROM lost_while_away WHERE account = ?", me.account).rowsWritten > 0) this.sendTo(me.account, { type: "away-seen" });
        return;
      case "gw-open":
      case "gw-join":
      case "gw-leave":
      case "gw-start":
      case "gw-close":
        return this.gw.handle(connection, me, msg, now);
      case "counter": {
        const row = this.row(msg.id);
        if (!row) return this.error(connection, "NO_CHALLENGE", "This challenge is no longer open.");
        if (row.to_account !== me.account) return this.error(connection, "NOT_YOURS", "Only the one challenged can send changed terms back.");
        // The old challenge ends only once the new one passed every check: a refused counter changes nothing.
        return this.challenge(connection, me, row.from_name, msg.terms, now, row);
      }
    }
  }

  override async onAlarm(): Promise<void> {
    // A fired alarm is gone from storage: read it again rather than trust the remembered time.
    this.alarmAt = undefined;
    const now = Date.now();
    this.sweep(now);
    this.expire(now);
  }

  /**
   * How long a greeted socket may go unheard (LOBBY_SILENCE_MS, or the environment's shorter setting, never under 12 s:
   * the page pings every 10 s), one may wait for its hello, and an account's grace lasts. Fields, so that the workers
   * tests can shorten them as they do the rooms' staleMs.
   */
  silenceMs = LOBBY_SILENCE_MS;
  helloMs = LOBBY_HELLO_MS;
  graceMs = LOBBY_GRACE_MS;

  /** How often the alarm looks at the sockets while any is here: a third of the silence allowed. */
  private get sweepMs(): number {
    return Math.round(this.silenceMs / 3);
  }

  /**
   * Closes the sockets whose page was not heard for silenceMs, and those that never said hello within LOBBY_HELLO_MS
   * (ADR 046). The runtime answers a page's pings without waking the object and keeps the time of the last one; a
   * network that went (a lid closed, a tunnel, a frozen tab) leaves its socket open here for minutes, and the others
   * saw that player as "frei", challenged it and waited out the minute. An account whose last socket went leaves as if
   * it had closed it: its challenges end ("left"), its seek and its seats at open tables go, and everyone learns.
   */
  private sweep(now: number): void {
    const silenceMs = this.silenceMs;
    const open = new Set<string>();
    for (const c of this.getConnections()) open.add(c.id);
    for (const id of this.closedHere) if (!open.has(id)) this.closedHere.delete(id);
    const dropped = new Map<string, Who>();
    for (const c of this.getConnections<State>()) {
      if (!c.state) {
        const since = this.waitingSince.get(c.id);
        if (since === undefined) this.waitingSince.set(c.id, now);
        else if (now - since >= this.helloMs) {
          this.forget(c);
          // Not 1008: a page whose hello was lost on the way comes back (the client gives up only on 1008).
          c.close(CLOSE_SILENT, "no hello");
        }
        continue;
      }
      if (now - lastHeard(this.ctx, c, c.state.at, this.lastMessage.get(c.id)) < silenceMs) continue;
      dropped.set(c.state.who.account, c.state.who);
      this.forget(c);
      this.closedHere.add(c.id);
      c.close(CLOSE_SILENT, `nothing heard for ${Math.round(silenceMs / 1000)} s`);
    }
    for (const [account, g] of this.graced) if (g.until <= now) this.endGrace(account);
    this.db.exec("DELETE FROM matches WHERE until <= ?", now);
    this.db.exec("DELETE FROM lost_while_away WHERE until <= ?", now);
    if (dropped.size === 0) return;
    for (const who of dropped.values()) if (!this.socketsOf(who.account) && !this.graced.has(who.account)) this.gone(who, true);
    this.broadcastPresence();
  }

  /**
   * A room's report (Durable Object RPC from party/live.ts): its table runs (and how it stands) or ended. Everyone
   * here learns the list and who plays when that changed. Only rooms call this; no socket reaches it.
   */
  async live(report: LiveReport): Promise<void> {
    const now = Date.now();
    const pruned = this.running.prune(now);
    // A table laid from here that ended (or was called off) keeps nobody busy any more (`busy`); a running one makes its
    // accounts busy by itself, so a rematch's reservation is done.
    if ("ended" in report) this.db.exec("DELETE FROM matches WHERE room = ?", String(report.room).slice(0, 64));
    else for (const a of report.accounts) if (typeof a === "string") this.reserved.delete(a);
    if (!this.running.record(report, now) && !pruned) return;
    if (!("ended" in report)) await this.learnProfiles(report.accounts.filter((a): a is string => typeof a === "string"), now);
    this.tellLiveSoon();
  }

  /** Both lists to everyone now, or at the end of LIVE_TELL_MS after the last time (with every change since). */
  private tellLiveSoon(): void {
    if (this.liveTimer) return;
    const tell = () => {
      this.liveTimer = null;
      this.toldLiveAt = Date.now();
      this.broadcastLive();
      this.broadcastPresence();
    };
    const wait = this.toldLiveAt + LIVE_TELL_MS - Date.now();
    if (wait <= 0) tell();
    // A pending timer keeps the object from hibernating until it has told the change.
    else this.liveTimer = setTimeout(tell, wait);
  }

  /**
   * A rated game was booked (Durable Object RPC from the Worker's /internal/results): the accounts' points and Elo as
   * D1 now holds them replace what their sockets said at hello and what the list remembered, and everyone here learns
   * the list (a player pass saw an opponent's points and Elo from before the game until it came back). Only the Worker
   * calls this; no socket reaches it. At most two accounts per call.
   */
  async standings(accounts: readonly string[]): Promise<void> {
    const ids = [...new Set(accounts)].slice(0, 2);
    if (ids.length === 0) return;
    let rows: Array<{ id: string; points: number; elo: number }>;
    try {
      rows = (await (this.env as Cloudflare.Env).DB.prepare(`SELECT id, points, elo FROM accounts WHERE id IN (${ids.map(() => "?").join(", ")})`).bind(...ids).all<{ id: string; points: number; elo: number }>()).results;
    } catch (err) {
      console.error(`lobby: reading standings failed: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const now = Date.now();
    for (const r of rows) {
      for (const c of this.getConnections<State>()) {
        const who = c.state?.who;
        if (who?.account === r.id) c.setState({ ...c.state!, who: { ...who, points: r.points, elo: r.elo } });
      }
      const known = this.running.profile(r.id);
      if (known) this.running.remember({ ...known, points: r.points, elo: r.elo }, now);
    }
    this.broadcastPresence();
  }

  /**
   * The account signed out its other devices (Durable Object RPC from the Worker's POST /api/me/sessions/revoke): its
   * sockets greeted with a ticket of an earlier session generation than `gen` are closed (CLOSE_SIGNED_OUT), and later
   * hellos with such tickets refused. What the account had open here ends at once — its challenges, its seek, its seats
   * at open tables: the lobby cannot tell which device made them, and a challenge the signed-out device sent was
   * accepted by an accomplice within the grace, the account's stake held (a fresh-eyes attack). The device that signed
   * the others out comes back with its fresh token. Only the Worker calls this; no socket reaches it.
   */
  async signedOut(account: string, gen: number): Promise<void> {
    const now = Date.now();
    for (const [a, s] of this.signedOutGen) if (now - s.at > TICKET_MS) this.signedOutGen.delete(a);
    this.signedOutGen.set(account, { gen, at: now });
    let who: Who | undefined;
    for (const c of this.getConnections<State>()) {
      if (!c.state || c.state.who.account !== account || (c.state.gen ?? 0) >= gen || this.closedHere.has(c.id)) continue;
      who = c.state.who;
      this.forget(c);
      this.closedHere.add(c.id);
      c.close(CLOSE_SIGNED_OUT, "signed out");
    }
    const graced = this.graced.get(account);
    if (graced) {
      clearTimeout(graced.timer);
      this.graced.delete(account);
    }
    who ??= graced?.who;
    if (!who || this.socketsOf(account)) return;
    this.gone(who);
    this.broadcastPresence();
  }

  /**
   * A rematch's table is about to open for `accounts` after the table `after` (Durable Object RPC from the Worker's
   * /internal/lobby/duel):
   * false when one of them is busy (at a table, or one being opened), else they count as busy from now until their
   * new table reports — so the Wartesaal's one game at a time holds for rematches too (an attack opened a second rated
   * table by a rematch, the stake held twice). Only the Worker calls this.
   */
  async reserve(accounts: readonly string[], after: string): Promise<boolean> {
    const ids = [...new Set(accounts)].slice(0, 2);
    // The table the rematch follows may not have told its end yet: it keeps nobody busy here.
    if (ids.some((a) => this.busy(a, after))) return false;
    const until = Date.now() + NO_SHOW_MS;
    for (const a of ids) this.reserved.set(a, until);
    return true;
  }

  /** A reserved rematch table could not be opened (the stake, the table budget): its accounts are free again. */
  async release(accounts: readonly string[]): Promise<void> {
    for (const a of accounts.slice(0, 2)) this.reserved.delete(a);
  }

  /**
   * Players who came to the table another way (an invite link, the computer) and never said hello here: their
   * public profile once from D1, so that they too show as playing. A failure only leaves them out of the list.
   */
  private async learnProfiles(accounts: readonly string[], now: number): Promise<void> {
    const missing = this.running.unknown(accounts);
    if (missing.length === 0) return;
    try {
      const rows = await (this.env as Cloudflare.Env).DB.prepare(`SELECT id, name, points, elo FROM accounts WHERE id IN (${missing.map(() => "?").join(", ")}) AND name IS NOT NULL`)
        .bind(...missing)
        .all<{ id: string; name: string; points: number; elo: number }>();
      for (const r of rows.results) this.running.remember({ account: r.id, name: r.name, points: r.points, elo: r.elo }, now);
    } catch (err) {
      console.error(`lobby: reading the profiles of players at a table failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private liveMessage(): LobbyServerMessage {
    return { type: "live", games: this.running.list() };
  }

  private broadcastLive(): void {
    this.tellEveryone(this.liveMessage());
  }

  /** To every socket that said hello (Server.broadcast would reach sockets not yet greeted too). */
  private tellEveryone(message: LobbyServerMessage): void {
    for (const c of this.getConnections<State>()) if (c.state) this.send(c, message);
  }

  /**
   * A new challenge from `me` to the player named `to`, who must be here now; `countering`: the challenge received that
   * this one answers with changed terms — it does not count as open between them, and it ends ("countered") only once
   * every check passed.
   */
  private challenge(connection: Connection, me: Who, to: string, terms: Terms, now: number, countering?: Row): void {
    const target = this.present().find((w) => w.name === to);
    if (!target) return this.error(connection, "NOT_PRESENT", `${to} is not in the Wartesaal.`);
    if (target.account === me.account) return this.error(connection, "SELF", "You cannot challenge yourself.");
    // One game at a time: a challenge from the table of a running game could never be accepted (accept says PLAYING).
    if (this.busy(me.account)) return this.error(connection, "BUSY", "You are at a running table: finish that game first.");
    if (this.busy(target.account)) return this.error(connection, "PLAYING", `${to} is playing a game right now.`);
    const open = this.db
      .exec<{ n: number }>("SELECT COUNT(*) AS n FROM challenges WHERE ((from_account = ? AND to_account = ?) OR (from_account = ? AND to_account = ?)) AND id <> ?", me.account, target.account, target.account, me.account, countering?.id ?? "")
      .one().n;
    if (open > 0) return this.error(connection, "CHALLENGE_OPEN", `A challenge between you and ${to} is open already: answer or withdraw it first.`);
    const mine = this.db.exec<{ n: number }>("SELECT COUNT(*) AS n FROM challenges WHERE from_account = ?", me.account).one().n;
    // The same code as one open between the two (clients know it), but its own words: a fresh-eyes pass read "Zwischen
    // euch ist schon eine Herausforderung offen" for an eleventh player it had never challenged.
    if (mine >= MAX_OUTGOING) return this.error(connection, "CHALLENGE_OPEN", `At most ${MAX_OUTGOING} open challenges at once: withdraw one or wait for an answer.`, `Du hast schon ${MAX_OUTGOING} Herausforderungen offen – mehr gehen nicht auf einmal. Zieh eine zurück oder warte auf eine Antwort.`);
    // Sending and withdrawing in a loop made the target's list flicker (an attack pass: 573 messages in 10 s from one
    // account, 5,558 from ten): each challenge costs the sender's budget and its address's.
    if (!this.admitWithAddress(this.challengesSent, connection, me.account, now)) return this.tooOften(connection);
    if (countering) this.remove(countering, "countered", me.name);
    const id = newToken().slice(0, 16);
    this.db.exec("INSERT INTO challenges (id, from_account, from_name, to_account, to_name, terms, expires_at, counter) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", id, me.account, me.name, target.account, target.name, JSON.stringify(terms), now + CHALLENGE_MS, countering ? 1 : 0);
    this.tellChallenges(me.account, target.account);
    void this.scheduleAlarm(now);
  }

  /**
   * Accepts a challenge: the row is deleted before anything waits, so a second (duplicated, stale) accept finds nothing
   * and seats nobody; then the Worker opens the table with both seated, and each side gets its own seat token.
   */
  private async accept(connection: Connection, me: Who, id: string): Promise<void> {
    const row = this.row(id);
    if (!row) return this.error(connection, "NO_CHALLENGE", "This challenge is no longer open.");
    if (row.to_account !== me.account) return this.error(connection, "NOT_YOURS", "Only the one challenged can accept.");
    if (!this.present().some((w) => w.account === row.from_account)) {
      this.remove(row, "left", row.from_name);
      return this.error(connection, "NOT_PRESENT", `${row.from_name} has left the Wartesaal.`);
    }
    if (this.refusedPlaying(connection, row.from_account, row.from_name, me)) return;
    this.db.exec("DELETE FROM challenges WHERE id = ?", id);
    this.tellChallenges(row.from_account, row.to_account);
    await this.seat(connection, row, me);
  }

  /**
   * A new game is never matched onto an account already at a running table (its stake could not be guaranteed, nor
   * its attention): PLAYING when either side plays. Sends the error and answers true then; changes nothing.
   */
  private refusedPlaying(connection: Connection, other: string, otherName: string, me: Who): boolean {
    if (this.busy(me.account)) this.error(connection, "BUSY", "You are at a running table: finish that game first.");
    else if (this.busy(other)) this.error(connection, "PLAYING", `${otherName} is playing a game right now.`);
    else return false;
    return true;
  }

  /**
   * Whether `account` is at a table or about to be: a running table the rooms reported, one being opened for it now
   * (`opening`, while the Worker is asked), or one laid for it within NO_SHOW_MS whose room has not reported yet
   * (`matches`). Without the last two, two challenges accepted at the same moment both passed the check while the first
   * table was being opened: two rated tables, the stake held twice, one of them called off a minute later (an attack).
   */
  private busy(account: string, except?: string): boolean {
    const until = this.reserved.get(account);
    if (until !== undefined && until <= Date.now()) this.reserved.delete(account);
    if (this.opening.has(account) || (until !== undefined && until > Date.now())) return true;
    const at = this.running.playing().get(account);
    if (at && at.room !== except) return true;
    return this.db.exec("SELECT 1 FROM matches WHERE account = ? AND until > ? AND room <> ? LIMIT 1", account, Date.now(), except ?? "").toArray().length > 0;
  }

  /**
   * The table for an accepted challenge or a taken seek (`pair`: its sender and the one who said yes, `me`): each side
   * gets its own seat token. The challenge or seek is already gone when this waits, so it runs once per one of them.
   */
  /**
   * `restore`: a taken seek's way back when the taker's own table budget is spent (TABLE_LIMIT): then only the taker
   * is told, and the seek stands again — an attack pass emptied everyone's seeks with a spent budget, each take refused
   * yet each seek gone.
   */
  private async seat(connection: Connection, pair: Pick<Row, "id" | "from_account" | "from_name" | "to_account" | "to_name" | "terms">, me: Who, restore?: () => void): Promise<void> {
    const id = pair.id;
    const both = [pair.from_account, pair.to_account];
    for (const a of both) this.opening.add(a);
    let duel: Awaited<ReturnType<typeof this.openTable>>;
    try {
      duel = await this.openTable(pair, clientAddress(connection));
    } finally {
      for (const a of both) this.opening.delete(a);
    }
    if ("error" in duel && duel.error === "TABLE_LIMIT" && restore) {
      restore();
      return this.error(connection, duel.error, duel.message);
    }
    if ("error" in duel) {
      for (const account of [pair.from_account, pair.to_account]) this.sendTo(account, { type: "ended", id, how: "failed", by: null });
      // A stake one side cannot afford is a reason both must learn (the challenger would only see "failed"); any
      // other failure is told to the one who said yes.
      if (duel.error !== "STAKE_TOO_HIGH") return this.error(connection, duel.error, duel.message);
      for (const account of [pair.from_account, pair.to_account]) this.sendTo(account, { type: "error", code: duel.error, message: duel.message, messageDe: ERRORS_DE[duel.error] });
      return;
    }
    const ended: LobbyServerMessage = { type: "ended", id, how: "accepted", by: me.name };
    const until = Date.now() + NO_SHOW_MS;
    for (const [account, side, opponent] of [[pair.from_account, duel.challenger, pair.to_name], [pair.to_account, duel.accepter, pair.from_name]] as const) {
      const matched: LobbyServerMessage = { type: "matched", id, room: duel.room, socket: duel.socket, rated: duel.rated, seat: side.seat, role: side.role, seatToken: side.seatToken, opponent };
      this.sendTo(account, ended);
      this.sendTo(account, matched);
      // A socket gone silent, or none in a grace, never got it: told again at the account's hello while the table waits
      // for it (a fresh-eyes pass: a seek taken while its poster's network was gone left the poster in the Wartesaal,
      // "spielt gegen …", its game called off a minute later). A page that has the table's seat already ignores it.
      this.db.exec("INSERT OR REPLACE INTO matches (account, room, message, until) VALUES (?, ?, ?, ?)", account, duel.room, JSON.stringify({ ...matched, again: true }), until);
    }
  }

  /** `address`: the socket's that said yes, whose table budget the table spends too (worker/api/limit.ts). */
  private async openTable(row: Pick<Row, "from_account" | "to_account" | "terms">, address: string | null): Promise<Duel | { error: "STAKE_TOO_HIGH" | "TABLE_LIMIT" | "TABLE_FAILED"; message: string }> {
    try {
      const res = await exports.default.fetch("https://spielcenter.internal/internal/lobby/duel", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${(this.env as Cloudflare.Env).ROOM_SECRET}` },
        body: JSON.stringify({ challenger: row.from_account, accepter: row.to_account, terms: JSON.parse(row.terms) as Terms, address }),
      });
      if (res.ok) return (await res.json()) as Duel;
      const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
      if (body.error === "STAKE_TOO_HIGH") return { error: "STAKE_TOO_HIGH", message: body.message ?? "The stake is too high." };
      if (body.error === "TABLE_LIMIT") return { error: "TABLE_LIMIT", message: body.message ?? "Too many new tables; try again in a minute." };
      console.error(`lobby: the Worker refused a table: ${res.status} ${JSON.stringify(body)}`);
      return { error: "TABLE_FAILED", message: "The table could not be opened." };
    } catch (err) {
      console.error(`lobby: opening a table failed: ${err instanceof Error ? err.message : String(err)}`);
      return { error: "TABLE_FAILED", message: "The table could not be opened." };
    }
  }

  /** An open seek: terms anyone present may take. One per account; a second replaces the first. */
  private postSeek(connection: Connection, me: Who, terms: Terms, now: number): void {
    if (this.busy(me.account)) return this.error(connection, "BUSY", "You are at a running table: finish that game first.");
    const open = this.db.exec<{ n: number }>("SELECT COUNT(*) AS n FROM seeks WHERE from_account <> ?", me.account).one().n;
    if (open >= MAX_SEEKS) return this.error(connection, "SEEKS_FULL", `At most ${MAX_SEEKS} open seeks at once; take one instead.`);
    const neighbours = this.accountsFrom(connection);
    if (neighbours) {
      const fromHere = this.db.exec<{ from_account: string }>("SELECT from_account FROM seeks WHERE from_account <> ?", me.account).toArray().filter((r) => neighbours.has(r.from_account)).length;
      if (fromHere >= MAX_SEEKS_PER_ADDRESS) return this.error(connection, "SEEKS_FULL", `At most ${MAX_SEEKS_PER_ADDRESS} open seeks from one address; take one instead.`);
    }
    if (!this.mayChange(connection, me.account, now)) return;
    this.db.exec("INSERT OR REPLACE INTO seeks (id, from_account, from_name, terms, created_at) VALUES (?, ?, ?, ?, ?)", newToken().slice(0, 16), me.account, me.name, JSON.stringify(terms), now);
    this.broadcastSeeks();
  }

  private endSeek(connection: Connection, me: Who, id: string): void {
    const seek = this.seek(id);
    if (!seek) return this.error(connection, "NO_SEEK", "This seek is no longer open.");
    if (seek.from_account !== me.account) return this.error(connection, "NOT_YOURS", "Only its poster can withdraw a seek.");
    this.db.exec("DELETE FROM seeks WHERE id = ?", id);
    this.broadcastSeeks();
  }

  /** Takes a seek: gone for everyone before the table is opened, so two takers never both sit down. */
  private async take(connection: Connection, me: Who, id: string): Promise<void> {
    const seek = this.seek(id);
    if (!seek) return this.error(connection, "NO_SEEK", "This seek is no longer open.");
    if (seek.from_account === me.account) return this.error(connection, "SELF", "You cannot take your own seek.");
    if (this.refusedPlaying(connection, seek.from_account, seek.from_name, me)) return;
    this.db.exec("DELETE FROM seeks WHERE id = ?", id);
    this.broadcastSeeks();
    // A poster whose socket went without a close (a restart) has left all the same.
    if (!this.present().some((w) => w.account === seek.from_account)) return this.error(connection, "NOT_PRESENT", `${seek.from_name} has left the Wartesaal.`);
    await this.seat(connection, { id, from_account: seek.from_account, from_name: seek.from_name, to_account: me.account, to_name: me.name, terms: seek.terms }, me, () => {
      // Back in its place, unless its poster has left or posted another meanwhile (one seek per account).
      if (!this.present().some((w) => w.account === seek.from_account)) return;
      if (this.db.exec<{ n: number }>("SELECT COUNT(*) AS n FROM seeks WHERE from_account = ?", seek.from_account).one().n > 0) return;
      this.db.exec("INSERT INTO seeks (id, from_account, from_name, terms, created_at) VALUES (?, ?, ?, ?, ?)", seek.id, seek.from_account, seek.from_name, seek.terms, seek.created_at);
      this.broadcastSeeks();
    });
  }

  private seek(id: string): SeekRow | null {
    return this.db.exec<SeekRow>("SELECT * FROM seeks WHERE id = ?", id).toArray()[0] ?? null;
  }

  private seeksMessage(): LobbyServerMessage {
    const here = new Set(this.present().map((w) => w.account));
    const rows = this.db.exec<SeekRow>("SELECT * FROM seeks ORDER BY created_at").toArray().filter((r) => here.has(r.from_account));
    return { type: "seeks", seeks: rows.map((r) => ({ id: r.id, from: r.from_name, terms: JSON.parse(r.terms) as Terms })) };
  }

  private broadcastSeeks(): void {
    this.tellEveryone(this.seeksMessage());
  }

  /** Declining (by the one challenged) or withdrawing (by the sender). */
  private end(connection: Connection, me: Who, id: string, side: "from" | "to", how: ChallengeEnd, reason?: DeclineReason): void {
    const row = this.row(id);
    if (!row) return this.error(connection, "NO_CHALLENGE", "This challenge is no longer open.");
    if ((side === "to" ? row.to_account : row.from_account) !== me.account) return this.error(connection, "NOT_YOURS", side === "to" ? "Only the one challenged can decline." : "Only the sender can withdraw a challenge.");
    this.remove(row, how, me.name, reason);
  }

  private remove(row: Row, how: ChallengeEnd, by: string | null, reason?: DeclineReason, lost = false): void {
    this.db.exec("DELETE FROM challenges WHERE id = ?", row.id);
    const ended: LobbyServerMessage = { type: "ended", id: row.id, how, by, ...(reason ? { reason } : {}), ...(lost ? { lost: true as const } : {}) };
    for (const account of [row.from_account, row.to_account]) this.sendTo(account, ended);
    this.tellChallenges(row.from_account, row.to_account);
  }

  /** Ends every challenge whose minute is over, and sets the alarm to the next one. */
  private expire(now: number): void {
    for (const row of this.db.exec<Row>("SELECT * FROM challenges WHERE expires_at <= ?", now).toArray()) this.remove(row, "expired", null);
    void this.scheduleAlarm(now);
  }

  /**
   * Keeps the alarm no later than the earliest expiry and, while any socket is here, the next sweep (sweepMs from now).
   * An alarm already set earlier stays (it fires, does what is due and sets the next): so a busy lobby writes the alarm
   * about once per sweepMs, not once per message; with nobody here and nothing open there is none.
   */
  private async scheduleAlarm(now: number): Promise<void> {
    const expiry = this.db.exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM challenges").one().at;
    let anyone = false;
    for (const _ of this.getConnections()) {
      anyone = true;
      break;
    }
    const due = Math.min(expiry ?? Infinity, anyone ? now + this.sweepMs : Infinity);
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (due === Infinity) {
      if (this.alarmAt === null) return;
      this.alarmAt = null;
      return this.ctx.storage.deleteAlarm();
    }
    if (this.alarmAt !== null && this.alarmAt <= due) return;
    this.alarmAt = due;
    await this.ctx.storage.setAlarm(due);
  }

  /**
   * A socket gone: if it was its account's last one, that account leaves — at once, or (`grace`) after LOBBY_GRACE_MS
   * unless a socket of it says hello before: its challenges end ("left"), its seek and seats go, and everyone learns.
   */
  private left(connection: Connection<State>, grace: boolean): void {
    if (this.closedHere.delete(connection.id)) return;
    const who = connection.state?.who;
    const last = who !== undefined && !this.socketsOf(who.account, connection);
    if (who && last && grace && !this.graced.has(who.account)) this.grace(who);
    else if (who && last && !this.graced.has(who.account)) this.gone(who);
    this.broadcastPresence(connection);
  }

  /** `who`'s last socket went without its page closing it: it stays listed for LOBBY_GRACE_MS unless a socket comes back. */
  private grace(who: Who): void {
    const timer = setTimeout(() => this.endGrace(who.account), this.graceMs + 50);
    this.graced.set(who.account, { who, until: Date.now() + this.graceMs, timer });
  }

  /** Whether `account` has a greeted socket here, `except` not counted. */
  private socketsOf(account: string, except?: Connection): boolean {
    for (const c of this.getConnections<State>()) if (c.id !== except?.id && !this.closedHere.has(c.id) && c.state?.who.account === account) return true;
    return false;
  }

  /** The grace of an account ran out (the timer, or a sweep after hibernation lost it): it leaves unless back. */
  private endGrace(account: string): void {
    const g = this.graced.get(account);
    if (!g) return;
    clearTimeout(g.timer);
    this.graced.delete(account);
    if (this.socketsOf(account)) return;
    this.gone(g.who, true);
    this.broadcastPresence();
  }

  /**
   * An account's last socket went: its challenges end ("left"), its seek and its place at open tables too. `away`: not
   * by its page (closed for silence, or a grace ran out) — what it lost is kept to tell it at its next hello (ADR 048).
   */
  private gone(who: Who, away = false): void {
    const by: string[] = [];
    const to: string[] = [];
    // Oldest first, as they were sent.
    for (const row of this.db.exec<Row>("SELECT * FROM challenges WHERE from_account = ? OR to_account = ? ORDER BY expires_at", who.account, who.account).toArray()) {
      if (row.to_account === who.account) by.push(row.from_name);
      else to.push(row.to_name);
      this.remove(row, "left", who.name, undefined, away);
    }
    const seek = this.db.exec("DELETE FROM seeks WHERE from_account = ?", who.account).rowsWritten > 0;
    if (seek) this.broadcastSeeks();
    const gw = this.gw.left(who, away);
    // A table opened for it within the last NO_SHOW_MS (its seek taken, its challenge accepted) while its page could not
    // hear it: the seat token went only in `matched`, so it never came; if it is not back within the minute, the game is
    // called off without it (a fresh-eyes pass was told only "dein Gesuch ist nicht mehr offen").
    const tables = away ? this.db.exec<{ message: string }>("SELECT message FROM matches WHERE account = ? AND until > ? ORDER BY until", who.account, Date.now()).toArray().map((m) => (JSON.parse(m.message) as { opponent: string }).opponent) : [];
    if (away && (seek || by.length + to.length + tables.length > 0 || gw)) this.noteAway(who.account, seek, by, to, gw, tables);
  }

  /**
   * Keeps what an account lost while away (ADR 048), joined with what an earlier absence not yet read left: one row per
   * account, AWAY_NOTE_NAMES names of each kind (the first ones, as sent) and a count of the rest — bounded, however
   * many strangers challenge it.
   */
  private noteAway(account: string, seek: boolean, by: readonly string[], to: readonly string[], gw: "closed" | "left" | null, tables: readonly string[]): void {
    const now = Date.now();
    const old = this.db.exec<AwayRow>("SELECT * FROM lost_while_away WHERE account = ? AND until > ?", account, now).toArray()[0];
    const join = (before: readonly string[], added: readonly string[]) => [...new Set([...before, ...added])];
    const allBy = join(old ? (JSON.parse(old.challenged_by) as string[]) : [], by);
    const allTo = join(old ? (JSON.parse(old.challenged) as string[]) : [], to);
    const more = (old?.more ?? 0) + Math.max(0, allBy.length - AWAY_NOTE_NAMES);
    const moreTo = (old?.more_to ?? 0) + Math.max(0, allTo.length - AWAY_NOTE_NAMES);
    const allTables = join(old ? (JSON.parse(old.tables) as string[]) : [], tables).slice(0, AWAY_NOTE_NAMES);
    this.db.exec(
      "INSERT OR REPLACE INTO lost_while_away (account, seek, challenged_by, challenged, more, gw, until, tables, more_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      account,
      seek || old?.seek === 1 ? 1 : 0,
      JSON.stringify(allBy.slice(0, AWAY_NOTE_NAMES)),
      JSON.stringify(allTo.slice(0, AWAY_NOTE_NAMES)),
      more,
      gw ?? old?.gw ?? null,
      now + AWAY_NOTE_MS,
      JSON.stringify(allTables),
      moreTo,
    );
  }

  /** The `away` message for `account`, or null when there is nothing (left) to tell. */
  private awayNote(account: string, now: number): LobbyServerMessage | null {
    const row = this.db.exec<AwayRow>("SELECT * FROM lost_while_away WHERE account = ? AND until > ?", account, now).toArray()[0];
    if (!row) return null;
    return { type: "away", seek: row.seek === 1, challengedBy: JSON.parse(row.challenged_by) as string[], challenged: JSON.parse(row.challenged) as string[], more: row.more, ...(row.more_to > 0 ? { moreChallenged: row.more_to } : {}), gw: row.gw === "closed" || row.gw === "left" ? row.gw : null, tables: JSON.parse(row.tables) as string[] };
  }

  /**
   * A name belongs to one account (D1 keeps the look-alike skeletons unique): sockets of another account that still
   * carry `who`'s name entered before their account renamed itself. They are closed (CLOSE_RENAMED; the client comes
   * back with a fresh ticket and its new name), so the list never shows a name twice and a challenge by name reaches
   * the account that holds it now.
   */
  private dropRenamed(who: Who): void {
    const key = nameSkeleton(who.name);
    const stale = new Map<string, Who>();
    for (const c of this.getConnections<State>()) {
      const other = c.state?.who;
      if (!other || other.account === who.account || nameSkeleton(other.name) !== key) continue;
      stale.set(other.account, other);
      this.closedHere.add(c.id);
      c.close(CLOSE_RENAMED, "renamed");
    }
    for (const other of stale.values()) if (!this.present().some((w) => w.account === other.account)) this.gone(other);
  }

  /** Who is here: one entry per account with a socket that said hello (several tabs count once), or in its grace. */
  private present(gone?: Connection): Who[] {
    const seen = new Map<string, Who>();
    for (const c of this.getConnections<State>()) {
      if ((gone && c.id === gone.id) || this.closedHere.has(c.id)) continue;
      const who = c.state?.who;
      if (who && !seen.has(who.account)) seen.set(who.account, who);
    }
    for (const [account, g] of this.graced) if (!seen.has(account)) seen.set(account, g.who);
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  private broadcastPresence(gone?: Connection, to?: Connection): void {
    // Who is here, and who plays at a table (no lobby socket there, but online all the same) as far as seen here once.
    const playing = this.running.playing();
    const here = this.present(gone);
    const known = new Set(here.map((w) => w.account));
    const seated = this.running.seatedProfiles().filter((p) => !known.has(p.account));
    const players: LobbyPlayer[] = [...here, ...seated]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((w) => {
        const at = playing.get(w.account);
        return { name: w.name, points: w.points, elo: Math.round(w.elo), status: at ? "playing" : "idle", ...(at ? { playing: at } : {}) };
      });
    const message: LobbyServerMessage = { type: "presence", players };
    const key = JSON.stringify(players);
    const changed = key !== this.toldPresence;
    this.toldPresence = key;
    for (const c of this.getConnections<State>()) {
      if ((gone && c.id === gone.id) || !c.state) continue;
      if (changed || c.id === to?.id) this.send(c, message);
    }
  }

  private row(id: string): Row | null {
    return this.db.exec<Row>("SELECT * FROM challenges WHERE id = ?", id).toArray()[0] ?? null;
  }

  private challengesOf(account: string): LobbyServerMessage {
    const rows = this.db.exec<Row>("SELECT * FROM challenges WHERE from_account = ? OR to_account = ? ORDER BY expires_at", account, account).toArray();
    return { type: "challenges", incoming: rows.filter((r) => r.to_account === account).map(toChallenge), outgoing: rows.filter((r) => r.from_account === account).map(toChallenge) };
  }

  private tellChallenges(...accounts: string[]): void {
    for (const account of accounts) this.sendTo(account, this.challengesOf(account));
  }

  private sendTo(account: string, message: LobbyServerMessage): void {
    for (const c of this.getConnections<State>()) if (c.state?.who.account === account) this.send(c, message);
  }

  /** Whether `account` may change a list everyone gets now (LIST_CHANGE_BURST, LIST_CHANGE_PER_S); if not, it is told so. */
  private mayChange(connection: Connection, account: string, now: number): boolean {
    if (this.admitChange(connection, account, now)) return true;
    this.tooOften(connection);
    return false;
  }

  /** A list change: a token from the account's budget and its address's, or neither. */
  private admitChange(connection: Connection, account: string, now: number): boolean {
    return this.admitWithAddress(this.changes, connection, account, now);
  }

  /** A token from `budget` for the account and one from its address's budget, or neither (the first given back). */
  private admitWithAddress(budget: KeyedBudget, connection: Connection, account: string, now: number): boolean {
    if (!budget.admit(account, now)) return false;
    const net = this.network(connection);
    if (net === null || this.addressChanges.admit(net, now)) return true;
    budget.refund(account);
    return false;
  }

  private tooOften(connection: Connection): void {
    this.error(connection, "TOO_OFTEN", `At most ${LIST_CHANGE_BURST} changes at once, then one every ${1 / LIST_CHANGE_PER_S} s (coming in, seeks, Goldwaage tables opened or joined): nothing changed; try again in a moment.`);
  }

  /** `messageDe`: where one code covers more than one case, the German words of this one (else the code's). */
  private error(connection: Connection, code: LobbyErrorCode, message: string, messageDe = ERRORS_DE[code]): void {
    this.send(connection, { type: "error", code, message, messageDe });
  }

  private send(connection: Connection, message: LobbyServerMessage): void {
    this.sendRaw(connection, JSON.stringify(message));
  }

  /** A message serialised already (a stored `matched`, or by send). */
  private sendRaw(connection: Connection, text: string): void {
    // A socket closed meanwhile (the lobby closed it a moment ago, or its peer went): nothing to tell. send() throws
    // then, and an attack pass saw the throw uncaught in the log.
    try {
      connection.send(text);
    } catch {
      // gone
    }
  }
}
