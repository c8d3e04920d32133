// What every socket server here (the game rooms, the lobby) does before reading a message: a binary frame decoded as
// UTF-8 within the size limit, and a per-socket message budget (a token bucket); and a plain token bucket for budgets
// that several sockets share (a table's spectators' history).
import type { Connection } from "partyserver";
import { HEARTBEAT, MAX_MESSAGE_BYTES } from "../shared/room/protocol.js";

/**
 * The runtime answers every socket's `ping` with `pong` itself (docs/protocol.md "Heartbeat"): a hibernated Durable
 * Object is not woken and its message budget is not touched. Set at every start: the pair belongs to the object.
 */
export function answerPings(ctx: DurableObjectState): void {
  ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT.ping, HEARTBEAT.pong));
}

/**
 * When a socket's page was last heard (ADR 045, 046): its last `ping` (the time the runtime keeps with its answer,
 * without waking the object), its hello (`helloAt`, from the socket's attachment) or its last message (`messageAt`,
 * kept in memory). 0 for a socket never heard at all.
 */
export function lastHeard(ctx: DurableObjectState, socket: Connection, helloAt: number | undefined, messageAt: number | undefined): number {
  return Math.max(ctx.getWebSocketAutoResponseTimestamp(socket)?.getTime() ?? 0, helloAt ?? 0, messageAt ?? 0);
}

/**
 * A binary frame as text: its bytes counted before decoding (a frame over the limit is not decoded at all), and bytes
 * that are not UTF-8 refused instead of silently replaced.
 */
export function decodeFrame(raw: ArrayBuffer | ArrayBufferView): string | { ok: false; code: "TOO_LARGE" | "BAD_MESSAGE"; message: string } {
  const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  if (bytes.byteLength > MAX_MESSAGE_BYTES) return { ok: false, code: "TOO_LARGE", message: `a message may hold at most ${MAX_MESSAGE_BYTES} bytes (UTF-8)` };
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, code: "BAD_MESSAGE", message: "a binary message must be UTF-8 JSON" };
  }
}

/**
 * The per-socket message budget: `burst` messages at once, `perSecond` sustained. A message over budget is "refused"
 * (the caller answers RATE_LIMITED and does not read it); a socket refused more than `closeAfter` times without a
 * pause is closed (1008) and gets "closed". "Without a pause": the count starts again only when a message finds the
 * bucket refilled by two or more — a flood is admitted one message per refill (every 1/perSecond s), and counting
 * "in a row" from each of those never reached `closeAfter`, so a flooding socket was answered for ever (the attacker
 * pass). The buckets live in memory only: after hibernation a socket starts with a full bucket, which is harmless.
 */
export class MessageBudget {
  private readonly buckets = new WeakMap<Connection, { tokens: number; at: number; refused: number }>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    readonly closeAfter: number,
  ) {}

  admit(connection: Connection, now = Date.now()): "ok" | "refused" | "closed" {
    let b = this.buckets.get(connection);
    if (!b) this.buckets.set(connection, (b = { tokens: this.burst, at: now, refused: 0 }));
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) * this.perSecond) / 1000);
    b.at = now;
    if (b.tokens >= 1) {
      if (b.tokens >= 2) b.refused = 0;
      b.tokens -= 1;
      return "ok";
    }
    b.refused += 1;
    if (b.refused > this.closeAfter) {
      connection.close(1008, "too many messages");
      return "closed";
    }
    return "refused";
  }
}

/**
 * A budget of some cost (characters sent, say) that several sockets share: `capacity` at once, refilled at `perSecond`.
 * A request is admitted while the bucket is not in debt, and then charged what it really cost — known only once it is
 * answered — possibly into debt: a cost larger than the whole bucket still goes through when the bucket is full, and
 * the next request waits until the debt is paid off. `now` comes in (a Durable Object's clock stands still within one
 * event), and time running backwards adds nothing.
 */
export class TokenBucket {
  private tokens: number;
  private at: number | null = null;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  private refill(now: number): void {
    if (this.at !== null) this.tokens = Math.min(this.capacity, this.tokens + (Math.max(0, now - this.at) * this.perSecond) / 1000);
    this.at = this.at === null ? now : Math.max(this.at, now);
  }

  /** Whether a request may go ahead now: something is left. */
  admits(now: number): boolean {
    this.refill(now);
    return this.tokens > 0;
  }

  /** Spends what an admitted request cost. */
  charge(cost: number, now: number): void {
    this.refill(now);
    this.tokens -= cost;
  }
}

/**
 * One token bucket per key (an account): `burst` at once, `perSecond` sustained; `admit` takes a token or says no.
 * Buckets that have refilled are dropped whenever more than `keep` are held, so the map holds only keys that spent
 * something lately — at most `keep` plus those that spent within the last `burst / perSecond` seconds. In memory
 * only: after hibernation every key starts full again, which is harmless (a flood keeps the object awake).
 */
export class KeyedBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    readonly keep = 1000,
  ) {}

  admit(key: string, now = Date.now()): boolean {
    if (this.buckets.size > this.keep) this.prune(now);
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (Math.max(0, now - b.at) * this.perSecond) / 1000);
    b.at = Math.max(b.at, now);
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Gives back one token taken by `admit` (never above `burst`): the change it paid for turned out to be paid otherwise. */
  refund(key: string): void {
    const b = this.buckets.get(key);
    if (b) b.tokens = Math.min(this.burst, b.tokens + 1);
  }

  /** How many keys are held (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) if (b.tokens + (Math.max(0, now - b.at) * this.perSecond) / 1000 >= this.burst) this.buckets.delete(key);
  }
}
