// The room's append-only log as an interface, so the room core runs against SQLite in a Durable Object or memory in a test.

export interface LogEntry<E = unknown> {
  /** 1, 2, 3, … without gaps: the event's position in the log. */
  readonly version: number;
  /** Milliseconds since the epoch, as passed in by the caller (the core never reads a clock). */
  readonly time: number;
  /** Who caused it: "0" / "1" for a seat, "computer" for a computer seat, "room" for the room itself. */
  readonly actor: string;
  readonly event: E;
}

/** The stored answer to a command, so a duplicate (seat, clientSeq) is answered the same way and never applied twice. */
export type Outcome = { readonly ok: true; readonly version: number } | { readonly ok: false; readonly code: string; readonly message: string; readonly messageDe: string };

export interface LogStore<E = unknown> {
  /** All entries with version > after, in order. */
  read(after?: number): Array<LogEntry<E>>;
  /** Appends entries and (optionally) a command's outcome in one transaction. */
  append(entries: ReadonlyArray<LogEntry<E>>, outcome?: { seat: number; clientSeq: number; outcome: Outcome }): void;
  outcome(seat: number, clientSeq: number): Outcome | undefined;
  /** Small room settings (the room's config, its name). */
  getMeta<T>(key: string): T | undefined;
  putMeta(key: string, value: unknown): void;
}

/** A LogStore in memory: for tests and for the room core in plain Node. */
export class MemoryLogStore<E = unknown> implements LogStore<E> {
  private entries: Array<LogEntry<E>> = [];
  private outcomes = new Map<string, Outcome>();
  private meta = new Map<string, string>();

  read(after = 0): Array<LogEntry<E>> {
    return this.entries.filter((e) => e.version > after);
  }
  append(entries: ReadonlyArray<LogEntry<E>>, outcome?: { seat: number; clientSeq: number; outcome: Outcome }): void {
    let next = (this.entries.at(-1)?.version ?? 0) + 1;
    for (const e of entries) {
      if (e.version !== next++) throw new Error(`log gap: expected version ${next - 1}, got ${e.version}`);
    }
    // Stored as JSON, as SQLite would: no shared references survive.
    this.entries.push(...entries.map((e) => JSON.parse(JSON.stringify(e)) as LogEntry<E>));
    if (outcome) this.outcomes.set(`${outcome.seat}/${outcome.clientSeq}`, outcome.outcome);
  }
  outcome(seat: number, clientSeq: number): Outcome | undefined {
    return this.outcomes.get(`${seat}/${clientSeq}`);
  }
  getMeta<T>(key: string): T | undefined {
    const raw = this.meta.get(key);
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }
  putMeta(key: string, value: unknown): void {
    this.meta.set(key, JSON.stringify(value));
  }
}
