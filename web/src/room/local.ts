// Two players at one device: the same room core as an online table (party/core/room-core.ts) over a log in memory,
// kept in localStorage so a reload resumes the game. The page sends what a socket would send and gets back what a
// socket would deliver; nothing here touches the DOM or the network (a hot-seat game is reported to nobody).
//
// The curtain and the clock: only the player in front of the raised curtain thinks, so only that time is charged.
// The core never reads a clock (time comes in as `now`), so it is fed *table time*: device time minus all the time
// the curtain was down. While the curtain is down, table time stands, and so do the clocks; the flag-fall timer is
// set only while it is up. A reload brings the curtain down at the table time last stored.
import type { Event, Options, Seat, State, View } from "../../../shared/battlemaske/index";
import type { GameDefinition } from "../../../shared/room/game";
import { timeLeft, type TimeControl } from "../../../shared/room/clock";
import type { ClientMessage, CoreMessage } from "../../../shared/room/protocol";
import type { Seed } from "../../../shared/rng";
import { battlemaskeRules, type LoggedEvent, type RoomConfig, type RoomView, type ServerMessage } from "../../../party/core/battlemaske-core";
import { MemoryLogStore, type LogEntry } from "../../../party/core/log";
import { RoomCore } from "../../../party/core/room-core";

export const HOTSEAT_KEY = "spielcenter.hotseat";
/** The stored shape's version; anything else under the key (the page's own fold kept `{events, clock}`) is dropped. */
const FORMAT = 2;

/** What the room needs from the browser, passed in so a plain Node test can drive it with a fake clock. */
export interface LocalRoomDeps {
  /** localStorage, or null when it is blocked (the game runs, a reload starts over). */
  readonly storage: { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void } | null;
  readonly now: () => number;
  readonly setTimer: (run: () => void, ms: number) => unknown;
  readonly clearTimer: (timer: unknown) => void;
}

/** A client message as the page sends it; the room numbers it (clientSeq) as the connection does. */
export type LocalMessage = ClientMessage extends infer M ? (M extends { readonly clientSeq: number } ? Omit<M, "clientSeq"> : never) : never;

interface Stored {
  readonly format: typeof FORMAT;
  readonly config: RoomConfig;
  readonly entries: ReadonlyArray<LogEntry<LoggedEvent>>;
  /** The seat in front of the screen. */
  readonly shown: Seat;
  /** Table time when stored: the clocks resume from here. */
  readonly table: number;
}

/**
 * One device, one player at a time: where the game lets both pick at once (the exchange, the greed swap), the seats
 * pick one after the other, so only the seat in front of the curtain is to act and only its clock runs.
 */
function oneAtATime<S, E extends { readonly type: string }, O, V>(rules: GameDefinition<S, E, O, V>): GameDefinition<S, E, O, V> {
  return { ...rules, toAct: (state) => rules.toAct(state).slice(0, 1) };
}

const hotseatRules = oneAtATime(battlemaskeRules);

/** Both seats are people at this device; the token hashes only tell the two seats apart. */
export function hotseatConfig(options: Options, seed: Seed, clock: TimeControl | null): RoomConfig {
  return { kind: "hotseat", options, seed, rated: false, clock, seats: [{ type: "human", tokenHash: "hotseat-0" }, { type: "human", tokenHash: "hotseat-1" }] };
}

/** Fischer minutes + seconds per action. */
export function fischer(minutes: number, incrementSeconds: number): TimeControl {
  return { type: "fischer", initialMs: minutes * 60_000, incrementMs: incrementSeconds * 1000 };
}

export class LocalRoom {
  private readonly store = new MemoryLogStore<LoggedEvent>();
  private readonly core: RoomCore<State, Event, Options, View>;
  private clientSeq = 0;
  private timer: unknown = null;
  private listener: ((messages: ServerMessage[]) => void) | null = null;
  /** Device time the curtain has been down in all, and since when it is down now (null: up). */
  private downTotal: number;
  private downSince: number | null;
  private shownSeat: Seat;

  private constructor(
    private readonly deps: LocalRoomDeps,
    config: RoomConfig,
    entries: ReadonlyArray<LogEntry<LoggedEvent>>,
    shown: Seat,
    table: number,
  ) {
    this.store.append(entries);
    this.core = new RoomCore("hotseat", hotseatRules, this.store, config, () => {
      throw new Error("a hot-seat table has no computer seats");
    });
    // The curtain comes down at `table`: from now on table time = device time - downTotal.
    const now = deps.now();
    this.downSince = now;
    this.downTotal = now - table;
    this.shownSeat = shown;
  }

  /** A new game, dealt with the curtain down before the first player to act. */
  static create(deps: LocalRoomDeps, options: Options, seed: Seed, clock: TimeControl | null): LocalRoom {
    const room = new LocalRoom(deps, hotseatConfig(options, seed, clock), [], 0, deps.now());
    room.core.start(room.tableTime());
    room.shownSeat = room.seatToAct() ?? 0;
    room.save();
    return room;
  }

  /** The stored game, rebuilt from its log; null when there is none, or it is unreadable or in an older format (then it is dropped). */
  static load(deps: LocalRoomDeps): LocalRoom | null {
    let raw: string | null = null;
    try {
      raw = deps.storage?.getItem(HOTSEAT_KEY) ?? null;
    } catch {
      return null;
    }
    if (!raw) return null;
    try {
      const s = JSON.parse(raw) as Partial<Stored>;
      if (s.format !== FORMAT || !s.config || !Array.isArray(s.entries) || (s.shown !== 0 && s.shown !== 1) || typeof s.table !== "number") throw new Error("not a stored hot-seat room");
      const room = new LocalRoom(deps, s.config, s.entries, s.shown, s.table);
      if (room.core.version === 0) throw new Error("an empty log");
      return room;
    } catch {
      LocalRoom.forget(deps);
      return null;
    }
  }

  static forget(deps: LocalRoomDeps): void {
    try {
      deps.storage?.removeItem(HOTSEAT_KEY);
    } catch {
      // nothing stored
    }
  }

  /** The seat in front of the screen: the one to act, or the last one to act once nobody is. */
  get shown(): Seat {
    return this.shownSeat;
  }

  get curtainDown(): boolean {
    return this.downSince !== null;
  }

  get version(): number {
    return this.core.version;
  }

  /** The room's view for the seat in front of the screen, its clocks in device time (standing while the curtain is down). */
  view(): RoomView {
    return this.onDevice(this.core.viewFor(this.shownSeat));
  }

  /** The seat in front of the screen is ready: the curtain goes up and table time runs again. */
  raise(): void {
    if (this.downSince === null) return;
    this.downTotal += this.deps.now() - this.downSince;
    this.downSince = null;
    this.schedule();
  }

  /** What a socket would deliver after a change (events for the seat in front of the screen, then its view). */
  listen(listener: ((messages: ServerMessage[]) => void) | null): void {
    this.listener = listener;
    if (listener) this.schedule();
  }

  /** One message from `seat`, as its socket would send it; the reply (ack or error) as the core gives it. */
  send(seat: Seat, message: LocalMessage): ServerMessage[] {
    // A command after the flag fell comes too late: the core logs the timeout first and refuses it (RoomCore.handle).
    const { reply, appended } = this.core.handle(seat, { ...message, clientSeq: ++this.clientSeq } as CoreMessage, this.tableTime());
    this.publish(appended);
    return reply;
  }

  /** Stores the game now (say, when the page is hidden), so a reload charges the time up to here. */
  persist(): void {
    this.save();
  }

  /** Stops the flag-fall timer and the listener (the page is gone). */
  close(): void {
    this.listener = null;
    this.clearTimer();
  }

  private tableTime(): number {
    return (this.downSince ?? this.deps.now()) - this.downTotal;
  }

  private seatToAct(): Seat | null {
    if (this.core.over) return null;
    return (hotseatRules.toAct(this.core.state.game)[0] as Seat | undefined) ?? null;
  }

  /**
   * After new entries: the curtain comes down when another seat is to act, and after every round that ends with the game
   * going on — both players read the round table together, and the next round's cards behind it were one player's hand,
   * face up (a player pass); store; tell the page.
   */
  private publish(entries: ReadonlyArray<LogEntry<LoggedEvent>>): void {
    if (entries.length === 0) return;
    const next = this.seatToAct();
    const roundOver = next !== null && entries.some((e) => e.event.type === "roundEnded");
    if (next !== null && (next !== this.shownSeat || (roundOver && this.downSince === null))) {
      this.shownSeat = next;
      this.downSince = this.deps.now();
    }
    this.save();
    this.schedule();
    const messages = this.core.messagesFor(this.shownSeat, entries).map((m) => (m.type === "state" ? { ...m, view: this.onDevice(m.view) } : m));
    this.listener?.(messages);
  }

  private checkFlag(): void {
    this.publish(this.core.onAlarm(this.tableTime()));
  }

  /** The flag-fall timer, in device time; none while the curtain is down (the clocks stand). */
  private schedule(): void {
    this.clearTimer();
    const at = this.core.nextAlarm();
    if (at === null || this.downSince !== null) return;
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      this.checkFlag();
      this.schedule();
    }, Math.max(0, at + this.downTotal - this.deps.now()));
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  /** The clocks as the table counts them down from device time: shifted by the time the curtain was down, or standing while it is. */
  private onDevice(v: RoomView): RoomView {
    const c = v.clock;
    if (!c) return v;
    if (this.downSince !== null) return { ...v, clock: { ...c, remaining: timeLeft(c, c.control, this.tableTime()), running: [], since: this.deps.now() } };
    const shift = this.downTotal;
    return { ...v, clock: { ...c, since: c.since + shift, waitingSince: c.waitingSince.map((t) => t + shift) } };
  }

  private save(): void {
    const stored: Stored = { format: FORMAT, config: this.core.config, entries: this.store.read(), shown: this.shownSeat, table: this.tableTime() };
    try {
      this.deps.storage?.setItem(HOTSEAT_KEY, JSON.stringify(stored));
    } catch {
      // storage full or blocked: the game runs on, a reload starts over
    }
  }
}
