// The room log in a SQLite-backed Durable Object: one row per event, command outcomes beside it, written in one transaction.
import type { LogEntry, LogStore, Outcome } from "./core/log";

export class SqlLogStore<E> implements LogStore<E> {
  /** Every stored outcome by "seat/clientSeq", read once: a per-command SELECT was the room's largest storage cost. */
  private readonly outcomes = new Map<string, Outcome>();

  constructor(private readonly storage: DurableObjectStorage) {
    storage.sql.exec(`CREATE TABLE IF NOT EXISTS events (
      version INTEGER PRIMARY KEY, time INTEGER NOT NULL, actor TEXT NOT NULL, event TEXT NOT NULL)`);
    storage.sql.exec(`CREATE TABLE IF NOT EXISTS outcomes (
      seat INTEGER NOT NULL, client_seq INTEGER NOT NULL, outcome TEXT NOT NULL, PRIMARY KEY (seat, client_seq))`);
    for (const r of storage.sql.exec<{ seat: number; client_seq: number; outcome: string }>("SELECT seat, client_seq, outcome FROM outcomes")) {
      this.outcomes.set(`${r.seat}/${r.client_seq}`, JSON.parse(r.outcome) as Outcome);
    }
  }

  read(after = 0): Array<LogEntry<E>> {
    return this.storage.sql
      .exec<{ version: number; time: number; actor: string; event: string }>("SELECT version, time, actor, event FROM events WHERE version > ? ORDER BY version", after)
      .toArray()
      .map((r) => ({ version: r.version, time: r.time, actor: r.actor, event: JSON.parse(r.event) as E }));
  }

  append(entries: ReadonlyArray<LogEntry<E>>, outcome?: { seat: number; clientSeq: number; outcome: Outcome }): void {
    this.storage.transactionSync(() => {
      for (const e of entries) {
        // INTEGER PRIMARY KEY: a version written twice fails the whole transaction instead of duplicating an event.
        this.storage.sql.exec("INSERT INTO events (version, time, actor, event) VALUES (?, ?, ?, ?)", e.version, e.time, e.actor, JSON.stringify(e.event));
      }
      if (outcome) {
        this.storage.sql.exec("INSERT INTO outcomes (seat, client_seq, outcome) VALUES (?, ?, ?)", outcome.seat, outcome.clientSeq, JSON.stringify(outcome.outcome));
      }
    });
    // Only after the transaction committed: a failed append leaves no outcome behind.
    if (outcome) this.outcomes.set(`${outcome.seat}/${outcome.clientSeq}`, JSON.parse(JSON.stringify(outcome.outcome)) as Outcome);
  }

  outcome(seat: number, clientSeq: number): Outcome | undefined {
    return this.outcomes.get(`${seat}/${clientSeq}`);
  }

  getMeta<T>(key: string): T | undefined {
    return this.storage.kv.get<T>(key);
  }

  putMeta(key: string, value: unknown): void {
    this.storage.kv.put(key, value);
  }
}
