// The Wartesaal's running tables: what the rooms reported (party/live.ts), in the lobby's SQLite so the list survives
// hibernation and a restart; who plays where (LobbyPlayer.status "playing"); and the profiles (name, points, Elo) of
// accounts seen here, so that a player at a table — with no lobby socket — still shows in the list, as playing.
import type { LiveGame, LiveReport, LobbyPlayer } from "../shared/lobby.js";

/** Running tables the list holds; a new one beyond that pushes out the one that reported longest ago. */
export const MAX_LIVE = 200;
/**
 * Running tables one account may hold in the list; its table that reported longest ago gives way to a newer one. A
 * person plays at one table, maybe two; without a bound an account whose games against the computer report again and
 * again (every socket that comes or goes) stayed among the newest 200 and could push everyone else's out (an attack pass).
 */
export const MAX_LIVE_PER_ACCOUNT = 3;
/** A table that reported nothing for this long is dropped (a room that never said "ended"); rounds report far sooner. */
export const LIVE_STALE_MS = 12 * 60 * 60 * 1000;
/** Profiles kept for players at a table; the ones seen longest ago go first. */
export const MAX_PROFILES = 5000;
/** Names and seats as a room may report them, at most (the room sends what the Worker stored; this only bounds it). */
const MAX_SEATS = 4;
const MAX_NAME = 64;

interface LiveRow {
  room: string;
  accounts: string;
  game: string;
  updated_at: number;
  [k: string]: SqlStorageValue;
}

interface ProfileRow {
  account: string;
  name: string;
  points: number;
  elo: number;
  [k: string]: SqlStorageValue;
}

export interface Profile {
  readonly account: string;
  readonly name: string;
  readonly points: number;
  readonly elo: number;
}

/** Where an account plays now. */
export type Playing = NonNullable<LobbyPlayer["playing"]>;

export class LiveTables {
  constructor(private readonly db: SqlStorage) {
    db.exec("CREATE TABLE IF NOT EXISTS live (room TEXT PRIMARY KEY, accounts TEXT NOT NULL, game TEXT NOT NULL, updated_at INTEGER NOT NULL)");
    db.exec("CREATE TABLE IF NOT EXISTS profiles (account TEXT PRIMARY KEY, name TEXT NOT NULL, points INTEGER NOT NULL, elo REAL NOT NULL, seen_at INTEGER NOT NULL)");
  }

  /** A room's report: its row replaced, or removed once it ended. Answers whether the list changed. */
  record(report: LiveReport, now: number): boolean {
    if ("ended" in report) return this.db.exec("DELETE FROM live WHERE room = ?", String(report.room).slice(0, 64)).rowsWritten > 0;
    const g = report.live;
    const seats = g.seats.slice(0, MAX_SEATS).map((s) => ({ name: typeof s.name === "string" ? s.name.slice(0, MAX_NAME) : null, computer: s.computer === true }));
    const live: LiveGame = { ...g, room: String(g.room).slice(0, 64), seats };
    const accounts = report.accounts.slice(0, MAX_SEATS).map((a) => (typeof a === "string" ? a.slice(0, MAX_NAME) : null));
    const json = JSON.stringify(live);
    const old = this.db.exec<LiveRow>("SELECT * FROM live WHERE room = ?", live.room).toArray()[0];
    this.db.exec("INSERT OR REPLACE INTO live (room, accounts, game, updated_at) VALUES (?, ?, ?, ?)", live.room, JSON.stringify(accounts), json, now);
    // Bounded: per account, then in all, the rows that reported longest ago make room.
    let dropped = 0;
    for (const a of new Set(accounts.filter((x): x is string => x !== null))) {
      dropped += this.db.exec("DELETE FROM live WHERE room IN (SELECT live.room FROM live, json_each(live.accounts) AS j WHERE j.value = ? ORDER BY live.updated_at DESC LIMIT -1 OFFSET ?)", a, MAX_LIVE_PER_ACCOUNT).rowsWritten;
    }
    this.db.exec("DELETE FROM live WHERE room IN (SELECT room FROM live ORDER BY updated_at DESC LIMIT -1 OFFSET ?)", MAX_LIVE);
    return old?.game !== json || dropped > 0;
  }

  /** Drops tables silent for LIVE_STALE_MS; answers whether any went. */
  prune(now: number): boolean {
    return this.db.exec("DELETE FROM live WHERE updated_at < ?", now - LIVE_STALE_MS).rowsWritten > 0;
  }

  /** The running tables, the latest started first. */
  list(): LiveGame[] {
    return this.rows()
      .map((r) => JSON.parse(r.game) as LiveGame)
      .sort((x, y) => y.startedAt - x.startedAt);
  }

  /** Every account seated at a running table, with where it plays (the newest table, should there be two). */
  playing(): Map<string, Playing> {
    const out = new Map<string, Playing>();
    for (const r of this.rows()) {
      const g = JSON.parse(r.game) as LiveGame;
      const accounts = JSON.parse(r.accounts) as Array<string | null>;
      accounts.forEach((a, i) => {
        if (a === null || out.has(a)) return;
        out.set(a, { room: g.room, game: g.game, others: g.seats.flatMap((s, j) => (j === i ? [] : [s.computer ? null : s.name])) });
      });
    }
    return out;
  }

  /** Remembers a profile as its ticket showed it (at every hello). */
  remember(p: Profile, now: number): void {
    this.db.exec("INSERT OR REPLACE INTO profiles (account, name, points, elo, seen_at) VALUES (?, ?, ?, ?, ?)", p.account, p.name, p.points, p.elo, now);
    this.db.exec("DELETE FROM profiles WHERE account IN (SELECT account FROM profiles ORDER BY seen_at DESC LIMIT -1 OFFSET ?)", MAX_PROFILES);
  }

  /** The remembered profile of one account, if any. */
  profile(account: string): Profile | null {
    const r = this.db.exec<ProfileRow>("SELECT account, name, points, elo FROM profiles WHERE account = ?", account).toArray()[0];
    return r ? { account: r.account, name: r.name, points: r.points, elo: r.elo } : null;
  }

  /** Which of these accounts have no remembered profile. */
  unknown(accounts: readonly string[]): string[] {
    return accounts.filter((a) => this.db.exec("SELECT 1 FROM profiles WHERE account = ?", a).toArray().length === 0);
  }

  /** The remembered profiles of the accounts seated at running tables (one never seen here is missing). */
  seatedProfiles(): Profile[] {
    // A join on the rows' JSON, not a list of bound parameters (a query takes at most 100 of those).
    const rows = this.db.exec<ProfileRow>("SELECT DISTINCT p.account, p.name, p.points, p.elo FROM live, json_each(live.accounts) AS j JOIN profiles AS p ON p.account = j.value").toArray();
    return rows.map((r) => ({ account: r.account, name: r.name, points: r.points, elo: r.elo }));
  }

  private rows(): LiveRow[] {
    return this.db.exec<LiveRow>("SELECT * FROM live ORDER BY updated_at DESC").toArray();
  }
}
