// Goldwaage open tables in the Wartesaal: a present account offers a table (players, level, variants), others join
// or leave it until its creator starts it; the seats left empty are computer team-mates. The tables and who sits at
// them are rows in the lobby's SQLite (they outlive hibernation); an account sits at one open table at a time. On
// start the rows are deleted before anything waits (a duplicated start finds nothing), then the Worker opens the room
// (POST /internal/lobby/goldwaage) with every account seated, and each account's sockets get only their own seat token.
import { exports } from "cloudflare:workers";
import type { Connection } from "partyserver";
import { validateOptions, type Options } from "../shared/goldwaage/index.js";
import type { GwTable, GwTableEnd, LobbyClientMessage, LobbyErrorCode, LobbyServerMessage } from "../shared/lobby.js";
import { newToken } from "./tokens";
import { clientAddress } from "./address";

/** Open Goldwaage tables at once (one per creator); every socket gets the whole list, at most four names each. */
export const MAX_GW_TABLES = 50;
/** Open tables created from one address (an attack pass filled all 50 from one address with 70 accounts). */
export const MAX_GW_TABLES_PER_ADDRESS = 5;

type GwMessage = Extract<LobbyClientMessage, { type: `gw-${string}` }>;

interface Who {
  readonly account: string;
  readonly name: string;
}

/** What the lobby lends this part: its storage, who is here, and its ways of telling. */
export interface GwHost {
  readonly db: SqlStorage;
  readonly secret: string | undefined;
  present(): readonly Who[];
  sendTo(account: string, message: LobbyServerMessage): void;
  broadcast(message: LobbyServerMessage): void;
  error(connection: Connection, code: LobbyErrorCode, message: string): void;
  /** Whether `account` may change the list everyone gets now (the lobby's per-account budget); if not, it was told so. */
  mayChange(connection: Connection, account: string, now: number): boolean;
  /** The opening of a table that started: its budget is the table limit, so `mayChange`'s token comes back. */
  paidOtherwise(connection: Connection, account: string): void;
  /** The accounts here from the socket's address (null: no per-address limits, the test harnesses). */
  accountsFrom(connection: Connection): Set<string> | null;
  /** Whether `account` is at a table or about to be (the Wartesaal's one game at a time, Lobby.busy). */
  busy(account: string): boolean;
  /** `accounts` count as busy while `opening` runs (a table being opened for them). */
  opening<T>(accounts: readonly string[], opening: () => Promise<T>): Promise<T>;
}

interface TableRow {
  id: string;
  creator: string;
  creator_name: string;
  options: string;
  created_at: number;
  [k: string]: SqlStorageValue;
}

interface SeatRow {
  table_id: string;
  account: string;
  name: string;
  [k: string]: SqlStorageValue;
}

/** What the Worker answers POST /internal/lobby/goldwaage with. */
interface Opened {
  room: string;
  socket: string;
  seats: Array<{ account: string; seat: number; seatToken: string }>;
}

export class GoldwaageTables {
  constructor(private readonly host: GwHost) {}

  init(): void {
    const db = this.host.db;
    db.exec("CREATE TABLE IF NOT EXISTS gw_tables (id TEXT PRIMARY KEY, creator TEXT NOT NULL UNIQUE, creator_name TEXT NOT NULL, options TEXT NOT NULL, created_at INTEGER NOT NULL)");
    // The account is the key: one open table per account, as its creator or as one who joined.
    db.exec("CREATE TABLE IF NOT EXISTS gw_seats (account TEXT PRIMARY KEY, table_id TEXT NOT NULL, name TEXT NOT NULL, joined_at INTEGER NOT NULL)");
  }

  /** The list as everyone sees it: only who is here (rows of those not back after a restart are pruned at the next change). */
  list(): LobbyServerMessage {
    const here = new Set(this.host.present().map((w) => w.account));
    const seats = this.host.db.exec<SeatRow>("SELECT table_id, account, name FROM gw_seats ORDER BY joined_at, rowid").toArray().filter((s) => here.has(s.account));
    const tables: GwTable[] = this.host.db
      .exec<TableRow>("SELECT * FROM gw_tables ORDER BY created_at")
      .toArray()
      .filter((t) => here.has(t.creator))
      .map((t) => ({ id: t.id, from: t.creator_name, options: JSON.parse(t.options) as Options, players: seats.filter((s) => s.table_id === t.id).map((s) => s.name) }));
    return { type: "gw-tables", tables };
  }

  async handle(connection: Connection, me: Who, msg: GwMessage, now: number): Promise<void> {
    this.prune();
    // One game at a time, as for duels: a player at a running table was seated at a Goldwaage table too (an attack).
    if ((msg.type === "gw-open" || msg.type === "gw-join") && this.host.busy(me.account)) return this.host.error(connection, "BUSY", "You are at a running table: finish that game first.");
    switch (msg.type) {
      case "gw-open":
        return this.open(connection, me, msg.options, now);
      case "gw-join":
        return this.join(connection, me, msg.id, now);
      case "gw-leave": {
        const t = this.table(msg.id);
        if (!t) return this.host.error(connection, "NO_TABLE", "This table is no longer open.");
        if (t.creator === me.account) return this.close(connection, me, msg.id);
        if (this.host.db.exec("DELETE FROM gw_seats WHERE account = ? AND table_id = ?", me.account, msg.id).rowsWritten === 0) return this.host.error(connection, "NOT_YOURS", "You are not at this table.");
        return this.broadcast();
      }
      case "gw-close":
        return this.close(connection, me, msg.id);
      case "gw-start":
        return this.start(connection, me, msg.id);
    }
  }

  /** An account's last socket has gone: it leaves its table, and a table it opened ends for those who joined. */
  left(who: Who, lost = false): "closed" | "left" | null {
    const db = this.host.db;
    const own = db.exec<TableRow>("SELECT * FROM gw_tables WHERE creator = ?", who.account).toArray()[0];
    if (own) {
      this.end(own.id, "left", who.name, who.account, lost);
      this.broadcast();
      return "closed";
    }
    if (db.exec("DELETE FROM gw_seats WHERE account = ?", who.account).rowsWritten === 0) return null;
    this.broadcast();
    return "left";
  }

  private open(connection: Connection, me: Who, options: Options, now: number): void {
    const problem = validateOptions(options);
    if (problem) return this.host.error(connection, "BAD_OPTIONS", `options: ${problem}`);
    if (this.seatOf(me.account)) return this.host.error(connection, "AT_TABLE", "You are at an open table already: leave it first.");
    const n = this.host.db.exec<{ n: number }>("SELECT COUNT(*) AS n FROM gw_tables").one().n;
    if (n >= MAX_GW_TABLES) return this.host.error(connection, "TABLES_FULL", `At most ${MAX_GW_TABLES} open tables at once; join one instead.`);
    const neighbours = this.host.accountsFrom(connection);
    if (neighbours) {
      const fromHere = this.host.db.exec<{ creator: string }>("SELECT creator FROM gw_tables").toArray().filter((t) => neighbours.has(t.creator)).length;
      if (fromHere >= MAX_GW_TABLES_PER_ADDRESS) return this.host.error(connection, "TABLES_FULL", `At most ${MAX_GW_TABLES_PER_ADDRESS} open tables from one address; join one instead.`);
    }
    if (!this.host.mayChange(connection, me.account, now)) return;
    const id = newToken().slice(0, 16);
    const clean = { players: options.players, level: options.level, variants: [...options.variants] };
    this.host.db.exec("INSERT INTO gw_tables (id, creator, creator_name, options, created_at) VALUES (?, ?, ?, ?, ?)", id, me.account, me.name, JSON.stringify(clean), now);
    this.host.db.exec("INSERT INTO gw_seats (account, table_id, name, joined_at) VALUES (?, ?, ?, ?)", me.account, id, me.name, now);
    this.broadcast();
  }

  private join(connection: Connection, me: Who, id: string, now: number): void {
    const t = this.table(id);
    if (!t) return this.host.error(connection, "NO_TABLE", "This table is no longer open.");
    if (this.seatOf(me.account)) return this.host.error(connection, "AT_TABLE", "You are at an open table already: leave it first.");
    const seated = this.host.db.exec<{ n: number }>("SELECT COUNT(*) AS n FROM gw_seats WHERE table_id = ?", id).one().n;
    if (seated >= (JSON.parse(t.options) as Options).players) return this.host.error(connection, "TABLE_FULL", "This table is full.");
    if (!this.host.mayChange(connection, me.account, now)) return;
    this.host.db.exec("INSERT INTO gw_seats (account, table_id, name, joined_at) VALUES (?, ?, ?, ?)", me.account, id, me.name, now);
    this.broadcast();
  }

  private close(connection: Connection, me: Who, id: string): void {
    const t = this.table(id);
    if (!t) return this.host.error(connection, "NO_TABLE", "This table is no longer open.");
    if (t.creator !== me.account) return this.host.error(connection, "NOT_YOURS", "Only its creator can close a table.");
    this.end(id, "closed", me.name, me.account);
    this.broadcast();
  }

  /** Its creator starts it: the rows go first, so a second start (duplicated, stale) finds nothing and opens nothing. */
  private async start(connection: Connection, me: Who, id: string): Promise<void> {
    const t = this.table(id);
    if (!t) return this.host.error(connection, "NO_TABLE", "This table is no longer open.");
    if (t.creator !== me.account) return this.host.error(connection, "NOT_YOURS", "Only its creator can start a table.");
    const options = JSON.parse(t.options) as Options;
    const seats = this.host.db.exec<SeatRow>("SELECT table_id, account, name FROM gw_seats WHERE table_id = ? ORDER BY joined_at, rowid", id).toArray();
    if (this.host.busy(me.account)) return this.host.error(connection, "BUSY", "You are at a running table: finish that game first.");
    const playing = seats.find((s) => this.host.busy(s.account));
    if (playing) return this.host.error(connection, "PLAYING", `${playing.name} is playing a game right now: start when the game is over, or without them after they leave.`);
    this.drop(id);
    this.broadcast();
    const accounts = seats.map((s) => s.account);
    const opened = await this.host.opening(accounts, () => this.openRoom(options, accounts, clientAddress(connection)));
    if ("error" in opened) {
      for (const s of seats) this.host.sendTo(s.account, { type: "gw-ended", id, how: "failed", by: null });
      return opened.error === "TABLE_LIMIT" ? this.host.error(connection, "TABLE_LIMIT", opened.message) : this.host.error(connection, "TABLE_FAILED", "The table could not be opened.");
    }
    this.host.paidOtherwise(connection, me.account);
    const players = Array.from({ length: options.players }, (_, seat) => seats[seat]?.name ?? null);
    for (const s of opened.seats) {
      this.host.sendTo(s.account, { type: "gw-ended", id, how: "started", by: me.name });
      this.host.sendTo(s.account, { type: "gw-matched", id, game: "goldwaage", room: opened.room, socket: opened.socket, seat: s.seat, seatToken: s.seatToken, level: options.level, players });
    }
  }

  /** `address`: the starter's socket's, whose table budget the table spends too (worker/api/limit.ts). */
  private async openRoom(options: Options, accounts: string[], address: string | null): Promise<Opened | { error: "TABLE_LIMIT" | "TABLE_FAILED"; message: string }> {
    try {
      const res = await exports.default.fetch("https://spielcenter.internal/internal/lobby/goldwaage", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.host.secret}` },
        body: JSON.stringify({ accounts, options, address }),
      });
      if (res.ok) return (await res.json()) as Opened;
      const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
      if (body.error === "TABLE_LIMIT") return { error: "TABLE_LIMIT", message: body.message ?? "Too many new tables; try again in a minute." };
      console.error(`lobby: the Worker refused a Goldwaage table: ${res.status} ${JSON.stringify(body)}`);
    } catch (err) {
      console.error(`lobby: opening a Goldwaage table failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { error: "TABLE_FAILED", message: "The table could not be opened." };
  }

  /** Ends a table for everyone at it but `except` (who did it, and knows). */
  /** `lost`: with `left`, the creator did not leave by its page; the lobby stopped hearing it (ADR 046, 048). */
  private end(id: string, how: GwTableEnd, by: string, except: string, lost = false): void {
    const seats = this.host.db.exec<SeatRow>("SELECT account FROM gw_seats WHERE table_id = ?", id).toArray();
    this.drop(id);
    for (const s of seats) if (s.account !== except) this.host.sendTo(s.account, { type: "gw-ended", id, how, by, ...(lost ? { lost: true as const } : {}) });
  }

  private drop(id: string): void {
    this.host.db.exec("DELETE FROM gw_seats WHERE table_id = ?", id);
    this.host.db.exec("DELETE FROM gw_tables WHERE id = ?", id);
  }

  /**
   * After a restart the sockets are gone without a close: whoever is not back has left, their tables with them. Run
   * before every change, so a stale seat never fills a table nor blocks an account.
   */
  private prune(): void {
    const here = new Set(this.host.present().map((w) => w.account));
    let changed = false;
    for (const t of this.host.db.exec<TableRow>("SELECT * FROM gw_tables").toArray()) {
      if (!here.has(t.creator)) {
        this.end(t.id, "left", t.creator_name, t.creator);
        changed = true;
      }
    }
    for (const s of this.host.db.exec<SeatRow>("SELECT account FROM gw_seats").toArray()) {
      if (!here.has(s.account)) changed = this.host.db.exec("DELETE FROM gw_seats WHERE account = ?", s.account).rowsWritten > 0 || changed;
    }
    if (changed) this.broadcast();
  }

  private table(id: string): TableRow | null {
    return this.host.db.exec<TableRow>("SELECT * FROM gw_tables WHERE id = ?", id).toArray()[0] ?? null;
  }

  private seatOf(account: string): SeatRow | null {
    return this.host.db.exec<SeatRow>("SELECT table_id, account, name FROM gw_seats WHERE account = ?", account).toArray()[0] ?? null;
  }

  private broadcast(): void {
    this.host.broadcast(this.list());
  }
}
