// The room log in a SQLite-backed Durable Object: one row per event, an accepted command's outcome on the row of its last
// event, a command written by one statement (or one transaction where it takes several).
import type { LogEntry, LogStore, Outcome } from "./core/log";

/**
 * Refused commands change nothing, so only what the idempotency rule needs is kept of them: the last few per seat
 * (a client has one command in flight and resends only that one). Without the bound, a seated player could grow
 * the room's storage, and the memory of every later start, without limit by sending refused commands.
 */
export const REFUSALS_KEPT = 16;

/** Rows per INSERT: six bound values each, and a Durable Object's SQL takes at most 100 bound values per statement. */
const ROWS_PER_INSERT = 16;
/** The INSERT of `n` events, by n: constant texts, so workerd's statement cache prepares each once per room. */
const INSERTS: string[] = [];
function insertEvents(n: number): string {
  return (INSERTS[n] ??= `INSERT INTO events (version, time, actor, event, seat, client_seq) VALUES ${Array.from({ length: n }, () => "(?, ?, ?, ?, ?, ?)").join(", ")}`);
}

/**
 * The newest entries kept in memory (while the instance lives; hibernation drops them with it): a stale command's
 * check and a reconnect a few versions behind read the log's tail, which then costs no SELECT and no JSON.parse.
 */
export const TAIL_KEPT = 64;

export class SqlLogStore<E> implements LogStore<E> {
  /** Every accepted command's outcome by "seat/clientSeq", read once: a per-command SELECT was the room's largest storage cost. */
  private readonly outcomes = new Map<string, Outcome>();
  /** The last REFUSALS_KEPT refusals per seat, oldest first. */
  private readonly refusals = new Map<number, Map<number, Outcome>>();
  private opened = false;
  /** The log's last entries (at most TAIL_KEPT), in order; `tailFrom` the version before the first of them. */
  private tail: Array<LogEntry<E>> = [];
  private tailFrom = 0;
  /** The log's last version as written by this instance (null: not known yet, read on first need). */
  private last: number | null = null;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Whether this room was ever set up (its tables exist); reading this writes nothing. */
  exists(): boolean {
    return this.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'events'").one().n > 0;
  }

  /** Creates the tables if needed and reads the stored outcomes; called only for a room the Worker set up. */
  open(): this {
    if (this.opened) return this;
    this.opened = true;
    // seat/client_seq: on the last event of an accepted command, its (seat, clientSeq); else null. A room created
    // before they existed gets them here, and its older outcomes stay in `outcomes`, which is still read.
    this.storage.sql.exec(`CREATE TABLE IF NOT EXISTS events (
      version INTEGER PRIMARY KEY, time INTEGER NOT NULL, actor TEXT NOT NULL, event TEXT NOT NULL, seat INTEGER, client_seq INTEGER)`);
    if (!this.storage.sql.exec("SELECT * FROM events LIMIT 0").columnNames.includes("client_seq")) {
      this.storage.sql.exec("ALTER TABLE events ADD COLUMN seat INTEGER");
      this.storage.sql.exec("ALTER TABLE events ADD COLUMN client_seq INTEGER");
    }
    this.storage.sql.exec(`CREATE TABLE IF NOT EXISTS outcomes (
      seat INTEGER NOT NULL, client_seq INTEGER NOT NULL, outcome TEXT NOT NULL, PRIMARY KEY (seat, client_seq))`);
    this.storage.sql.exec(`CREATE TABLE IF NOT EXISTS refusals (
      seat INTEGER NOT NULL, client_seq INTEGER NOT NULL, outcome TEXT NOT NULL, PRIMARY KEY (seat, client_seq))`);
    for (const r of this.storage.sql.exec<{ seat: number; client_seq: number; outcome: string }>("SELECT seat, client_seq, outcome FROM outcomes")) {
      this.outcomes.set(`${r.seat}/${r.client_seq}`, JSON.parse(r.outcome) as Outcome);
    }
    for (const r of this.storage.sql.exec<{ seat: number; client_seq: number; version: number }>("SELECT seat, client_seq, version FROM events WHERE client_seq IS NOT NULL")) {
      this.outcomes.set(`${r.seat}/${r.client_seq}`, { ok: true, version: r.version });
    }
    for (const r of this.storage.sql.exec<{ seat: number; client_seq: number; outcome: string }>("SELECT seat, client_seq, outcome FROM refusals ORDER BY rowid")) {
      this.remember(r.seat, r.client_seq, JSON.parse(r.outcome) as Outcome);
    }
    return this;
  }

  read(after = 0): Array<LogEntry<E>> {
    // The tail holds every entry after `tailFrom` up to the last one written, so any read starting there is served
    // from memory. The entries are the objects the core staged and folded; nobody mutates a logged entry.
    if (this.last !== null && after >= this.tailFrom) return this.tail.filter((e) => e.version > after);
    const rows = this.storage.sql
      .exec<{ version: number; time: number; actor: string; event: string }>("SELECT version, time, actor, event FROM events WHERE version > ? ORDER BY version", after)
      .toArray()
      .map((r) => ({ version: r.version, time: r.time, actor: r.actor, event: JSON.parse(r.event) as E }));
    if (after === 0) this.keep(rows, 0);
    return rows;
  }

  /** Remembers the newest entries of a log that ends with `entries` (whose first follows version `from`). */
  private keep(entries: ReadonlyArray<LogEntry<E>>, from: number): void {
    const all = this.last !== null && from === this.last ? [...this.tail, ...entries] : [...entries];
    const start = this.last !== null && from === this.last ? this.tailFrom : from;
    const drop = Math.max(0, all.length - TAIL_KEPT);
    this.tail = all.slice(drop);
    this.tailFrom = drop > 0 ? all[drop - 1]!.version : start;
    this.last = all.at(-1)?.version ?? from;
  }

  append(entries: ReadonlyArray<LogEntry<E>>, outcome?: { seat: number; clientSeq: number; outcome: Outcome }): void {
    const refused = outcome !== undefined && !outcome.outcome.ok;
    // An accepted command's outcome is the version of its last event: it goes on that event's row.
    const at = outcome?.outcome.ok ? outcome.outcome.version : null;
    const onRow = at !== null && entries.some((e) => e.version === at);
    const insert = (rows: ReadonlyArray<LogEntry<E>>) =>
      // INTEGER PRIMARY KEY: a version written twice fails the statement (and its transaction) instead of duplicating an event.
      this.storage.sql.exec(insertEvents(rows.length), ...rows.flatMap((e) => [e.version, e.time, e.actor, JSON.stringify(e.event), ...(onRow && e.version === at ? [outcome!.seat, outcome!.clientSeq] : [null, null])]));
    if (entries.length > 0 && entries.length <= ROWS_PER_INSERT && (!outcome || onRow)) {
      // One statement is atomic by itself: every row of it or none. No transaction around it (one less per command).
      insert(entries);
    } else {
      this.storage.transactionSync(() => {
        for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) insert(entries.slice(i, i + ROWS_PER_INSERT));
        if (outcome && !refused && !onRow) {
          this.storage.sql.exec("INSERT INTO outcomes (seat, client_seq, outcome) VALUES (?, ?, ?)", outcome.seat, outcome.clientSeq, JSON.stringify(outcome.outcome));
        } else if (outcome && refused) {
          this.storage.sql.exec("INSERT OR REPLACE INTO refusals (seat, client_seq, outcome) VALUES (?, ?, ?)", outcome.seat, outcome.clientSeq, JSON.stringify(outcome.outcome));
          this.storage.sql.exec(
            "DELETE FROM refusals WHERE seat = ?1 AND rowid NOT IN (SELECT rowid FROM refusals WHERE seat = ?1 ORDER BY rowid DESC LIMIT ?2)",
            outcome.seat,
            REFUSALS_KEPT,
          );
        }
      });
    }
    // Only after the transaction committed: a failed append leaves no outcome (and no tail entry) behind.
    if (entries.length > 0 && this.last !== null) this.keep(entries, entries[0]!.version - 1);
    if (!outcome) return;
    const copy = JSON.parse(JSON.stringify(outcome.outcome)) as Outcome;
    if (refused) this.remember(outcome.seat, outcome.clientSeq, copy);
    else this.outcomes.set(`${outcome.seat}/${outcome.clientSeq}`, copy);
  }

  outcome(seat: number, clientSeq: number): Outcome | undefined {
    return this.outcomes.get(`${seat}/${clientSeq}`) ?? this.refusals.get(seat)?.get(clientSeq);
  }

  /** How many refusals are kept for a seat (tests). */
  refusalsKept(seat: number): number {
    return this.refusals.get(seat)?.size ?? 0;
  }

  getMeta<T>(key: string): T | undefined {
    return this.storage.kv.get<T>(key);
  }

  putMeta(key: string, value: unknown): void {
    this.storage.kv.put(key, value);
  }

  private remember(seat: number, clientSeq: number, outcome: Outcome): void {
    let kept = this.refusals.get(seat);
    if (!kept) this.refusals.set(seat, (kept = new Map()));
    kept.delete(clientSeq);
    kept.set(clientSeq, outcome);
    while (kept.size > REFUSALS_KEPT) kept.delete(kept.keys().next().value!);
  }
}
