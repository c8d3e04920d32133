// The Battlemaske room core: the log, the fold (with take-backs), per-viewer messages, commands, computer seats.
// It knows nothing of Cloudflare: the Durable Object hands it a LogStore and the time.
import {
  apply,
  decide,
  fold,
  newGame,
  redactEvent,
  roleOf,
  view,
  type Command,
  type Event,
  type Options,
  type RedactedEvent,
  type Seat,
  type State,
  type View,
  type Viewer,
} from "../../shared/battlemaske/index.js";
import type { ClientMessage } from "../../shared/protocol.js";
import type { Seed } from "../../shared/rng.js";
import type { LogEntry, LogStore, Outcome } from "./log.js";
import { flagFall, startClock, stepClock, type ClockState, type TimeControl } from "./clock.js";

export const ROOM_EVENT_VERSION = 1;

/** Room-level events, logged beside the engine's. */
export type RoomEvent =
  | { readonly type: "takebackRequested"; readonly v: 1; readonly seat: Seat }
  | { readonly type: "takebackDeclined"; readonly v: 1; readonly seat: Seat }
  /** Rolls the game back to the state before `toVersion`; the log keeps everything. */
  | { readonly type: "takeback"; readonly v: 1; readonly seat: Seat; readonly toVersion: number }
  | { readonly type: "resigned"; readonly v: 1; readonly seat: Seat; readonly how: "resign" | "leave" }
  /** "Rat": what the strong computer would do, for this seat only (others learn only that a hint was given). */
  | { readonly type: "hintGiven"; readonly v: 1; readonly seat: Seat; readonly hint: HintPayload }
  /** The seat's clock ran out (or, without a clock, it did not act for 10 minutes). */
  | { readonly type: "timeout"; readonly v: 1; readonly seat: Seat };

export type LoggedEvent = Event | RoomEvent;

export type RoomKind = "computer" | "online" | "daily";

export type SeatConfig =
  | { readonly type: "human"; readonly tokenHash: string }
  | { readonly type: "computer"; readonly level: string }
  /** Waiting for a friend: the seat goes to whoever first opens the invite link; the game starts then. */
  | { readonly type: "invite"; readonly inviteHash: string };

export interface RoomConfig {
  readonly kind: RoomKind;
  readonly options: Options;
  readonly seed: Seed;
  readonly rated: boolean;
  readonly seats: readonly [SeatConfig, SeatConfig];
  /** null: no clock at all (against the computer). */
  readonly clock: TimeControl | null;
  /** The accounts at each seat (null for a computer or a guest without one), for the report at the end. */
  readonly accounts?: readonly [string | null, string | null];
  /** Taler at stake in a rated game (moved by the Worker at the end). */
  readonly stake?: number;
}

/** A hint as logged: the cards to highlight, the suit to name, the reason, the estimated chance to win. */
export interface HintPayload {
  readonly cards: readonly string[];
  readonly suit: string | null;
  readonly reason: { readonly de: string; readonly en: string };
  readonly winChance: number;
}

/** Computes "Rat" for a seat from that seat's information only; null when it has nothing to decide. */
export type Advise = (state: State, seat: Seat, seed: string) => HintPayload | null;

/** A computer player: deterministic for its seed, sees only what `seat` may know. */
export type ChooseCommand = (state: State, seat: Seat, level: string, seed: string) => Command;

/** How long a player waits after a declined take-back before asking again. */
export const TAKEBACK_PAUSE_MS = 30_000;
/** A client this many versions behind gets a full view instead of the missing events. */
export const MAX_CATCH_UP = 500;

export type ServerMessage =
  | { type: "welcome"; room: string; seat: Seat | null; version: number; view: RoomView | null }
  | { type: "event"; version: number; time: number; actor: string; event: RedactedEvent | RoomEvent | { type: "hintGiven"; v: 1; seat: Seat } }
  | { type: "state"; version: number; view: RoomView }
  | { type: "ack"; clientSeq: number; version: number }
  | { type: "resync"; version: number; view: RoomView }
  | { type: "error"; clientSeq: number | null; code: string; message: string; messageDe: string };

/** The engine's view plus what the room adds: take-back state, help used, how the game ended. */
export interface RoomView {
  readonly game: View;
  readonly takeback: { readonly requestedBy: Seat | null; readonly allowed: boolean };
  readonly helped: readonly [boolean, boolean];
  readonly over: boolean;
  readonly result: RoomResult | null;
  /** The clocks as of `since`; a client counts the running seats down from there. */
  readonly clock: (ClockState & { readonly control: TimeControl }) | null;
}

export interface RoomState {
  readonly version: number;
  readonly game: State;
  /** The engine events in effect (after take-backs), with their versions. */
  readonly effective: ReadonlyArray<{ version: number; event: Event }>;
  readonly takebackRequest: { seat: Seat; version: number } | null;
  readonly lastDecline: { seat: Seat; time: number } | null;
  readonly helped: [boolean, boolean];
  /** How a game ended other than by the rules: a resignation, leaving, or time. */
  readonly ended: { readonly seat: Seat; readonly how: "resign" | "leave" | "timeout"; readonly time: number } | null;
  readonly clock: ClockState | null;
  /** Cards played so far (take-backs do not undo the count) and when the game began: a rated game counts from 10 cards or 3 minutes. */
  readonly cardsPlayed: number;
  readonly startedAt: number;
}

/** The result of a finished game: the winning seat (null for a draw or an aborted game) and how it came about. */
export interface RoomResult {
  readonly winner: Seat | null;
  readonly draw: boolean;
  readonly reason: "rules" | "resign" | "leave" | "timeout" | "aborted";
}

const ROOM_EVENT_TYPES = new Set(["takebackRequested", "takebackDeclined", "takeback", "resigned", "timeout", "hintGiven"]);

export function isRoomEvent(e: LoggedEvent): e is RoomEvent {
  return ROOM_EVENT_TYPES.has(e.type);
}

/** A room event as `viewer` may see it: a hint stays with its seat. */
function redactRoomEvent(e: RoomEvent, viewer: Viewer): RoomEvent | { type: "hintGiven"; v: 1; seat: Seat } {
  return e.type === "hintGiven" && viewer !== e.seat ? { type: e.type, v: e.v, seat: e.seat } : e;
}

export function emptyRoom(): RoomState {
  return { version: 0, game: fold([]), effective: [], takebackRequest: null, lastDecline: null, helped: [false, false], ended: null, clock: null, cardsPlayed: 0, startedAt: 0 };
}

function humanSeats(config: RoomConfig): Seat[] {
  return ([0, 1] as const).filter((s) => config.seats[s].type === "human");
}

/** One log entry folded into the room: engine events through the engine, a take-back as a refold of the events before it. */
export function stepRoom(r: RoomState, entry: LogEntry<LoggedEvent>, config: RoomConfig): RoomState {
  const e = entry.event;
  const version = entry.version;
  if (!isRoomEvent(e)) {
    const game = apply(r.game, e);
    const startedAt = r.version === 0 ? entry.time : r.startedAt;
    let clock = r.clock;
    if (config.clock) {
      clock ??= startClock(config.clock, entry.time);
      clock = stepClock(clock, config.clock, entry.time, e, game, game.phase === "over" || r.ended !== null, humanSeats(config));
    }
    const cardsPlayed = r.cardsPlayed + (e.type === "cardPlayed" ? 1 : 0);
    // Any move lets a pending take-back request lapse.
    return { ...r, version, game, effective: [...r.effective, { version, event: e }], takebackRequest: null, clock, cardsPlayed, startedAt };
  }
  switch (e.type) {
    case "takebackRequested":
      return { ...r, version, takebackRequest: { seat: e.seat, version } };
    case "takebackDeclined":
      return { ...r, version, takebackRequest: null, lastDecline: { seat: e.seat, time: entry.time } };
    case "hintGiven": {
      const helped: [boolean, boolean] = [r.helped[0], r.helped[1]];
      helped[e.seat] = true;
      return { ...r, version, helped };
    }
    case "takeback": {
      // The clocks keep the time spent; only the cards go back.
      const effective = r.effective.filter((x) => x.version < e.toVersion);
      const helped: [boolean, boolean] = [r.helped[0], r.helped[1]];
      helped[e.seat] = true;
      return { ...r, version, effective, game: fold(effective.map((x) => x.event)), helped, takebackRequest: null };
    }
    case "resigned":
    case "timeout": {
      const how = e.type === "timeout" ? "timeout" : e.how;
      const clock = r.clock && { ...r.clock, running: [] };
      return { ...r, version, ended: { seat: e.seat, how, time: entry.time }, clock };
    }
  }
}

export function foldRoom(entries: ReadonlyArray<LogEntry<LoggedEvent>>, config: RoomConfig): RoomState {
  return entries.reduce((r, e) => stepRoom(r, e, config), emptyRoom());
}

/** What the room reports to the Worker once the game is over (POST /internal/results, docs/api.md). */
export interface GameReport {
  readonly room: string;
  readonly kind: RoomKind;
  readonly rated: boolean;
  readonly options: Options;
  readonly level: string | null;
  readonly accounts: readonly [string | null, string | null];
  readonly result: RoomResult;
  readonly helped: readonly [boolean, boolean];
  readonly roles: readonly ["conte" | "maske", "conte" | "maske"];
  readonly mirror: number;
  readonly rounds: number;
  readonly lastRoundTricks: readonly [number, number];
  readonly cardsPlayed: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly stake: number;
  readonly log: ReadonlyArray<LogEntry<LoggedEvent>>;
}

/** A rated game counts only after 10 played cards or 3 minutes; ended earlier by leaving or resigning, it is aborted. */
export const RATED_MIN_CARDS = 10;
export const RATED_MIN_MS = 3 * 60 * 1000;

export function roomResult(r: RoomState, config: RoomConfig): RoomResult | null {
  if (r.ended) {
    const early = r.cardsPlayed < RATED_MIN_CARDS && r.ended.time - r.startedAt < RATED_MIN_MS;
    if (config.rated && early && r.ended.how !== "timeout") return { winner: null, draw: false, reason: "aborted" };
    return { winner: r.ended.seat === 0 ? 1 : 0, draw: false, reason: r.ended.how };
  }
  const g = r.game;
  if (g.phase !== "over") return null;
  if (g.match) return { winner: g.match.winner, draw: g.match.draw, reason: "rules" };
  const winner = ([0, 1] as const).find((s) => roleOf(g, s) === g.winner) ?? null;
  return { winner, draw: false, reason: "rules" };
}

const SUBMISSIONS = new Set(["exchangeSubmitted", "swapSubmitted"]);

function errorOutcome(code: string, en: string, de: string): Extract<Outcome, { ok: false }> {
  return { ok: false, code, message: en, messageDe: de };
}

/** The room core of one Battlemaske table. Not thread-safe by design: a Durable Object runs one event at a time. */
export class BattlemaskeRoomCore {
  private room: RoomState;

  constructor(
    readonly name: string,
    private readonly store: LogStore<LoggedEvent>,
    readonly config: RoomConfig,
    private readonly choose: ChooseCommand,
    private readonly advise: Advise | null = null,
  ) {
    this.room = foldRoom(store.read(), config);
  }

  get version(): number {
    return this.room.version;
  }

  get state(): RoomState {
    return this.room;
  }

  get over(): boolean {
    return this.room.ended !== null || this.room.game.phase === "over";
  }

  get result(): RoomResult | null {
    return roomResult(this.room, this.config);
  }

  /** The report of a finished game (the whole log, hands included: the game is over), or null while it runs. */
  report(): GameReport | null {
    const result = this.result;
    if (!result) return null;
    const r = this.room;
    const log = this.store.read();
    const computer = this.config.seats.find((s) => s.type === "computer");
    return {
      room: this.name,
      kind: this.config.kind,
      rated: this.config.rated,
      options: this.config.options,
      level: computer && computer.type === "computer" ? computer.level : null,
      accounts: this.config.accounts ?? [null, null],
      result,
      helped: [r.helped[0], r.helped[1]],
      roles: [roleOf(r.game, 0), roleOf(r.game, 1)],
      mirror: Math.min(10, r.game.mirror),
      rounds: r.game.round,
      lastRoundTricks: [r.game.tricks[0], r.game.tricks[1]],
      cardsPlayed: r.cardsPlayed,
      startedAt: r.startedAt,
      finishedAt: log.at(-1)?.time ?? r.startedAt,
      stake: this.config.stake ?? 0,
      log,
    };
  }

  /** When the room must wake to end the game on time (a Durable Object alarm), or null. */
  nextAlarm(): number | null {
    if (this.over || !this.config.clock || !this.room.clock) return null;
    return flagFall(this.room.clock, this.config.clock)?.at ?? null;
  }

  /** The alarm handler: idempotent — it ends the game only if a clock has really run out at `now`. */
  onAlarm(now: number): Array<LogEntry<LoggedEvent>> {
    if (this.over || !this.config.clock || !this.room.clock) return [];
    const flag = flagFall(this.room.clock, this.config.clock);
    if (!flag || now < flag.at) return [];
    return this.append([{ type: "timeout", v: 1, seat: flag.seat }], now, "room");
  }

  /** The seat a token hash belongs to, or null (a spectator). */
  seatFor(tokenHash: string | undefined): Seat | null {
    if (tokenHash === undefined) return null;
    const i = this.config.seats.findIndex((s) => s.type === "human" && s.tokenHash === tokenHash);
    return i === 0 || i === 1 ? i : null;
  }

  /** The seat an invite opens, while it is still free. */
  inviteSeat(inviteHash: string): Seat | null {
    const i = this.config.seats.findIndex((s) => s.type === "invite" && s.inviteHash === inviteHash);
    return i === 0 || i === 1 ? i : null;
  }

  /** Deals the game and lets computer seats act; does nothing when the log already holds the game or a seat is still free. */
  start(now: number): Array<LogEntry<LoggedEvent>> {
    if (this.room.version > 0 || this.config.seats.some((s) => s.type === "invite")) return [];
    const appended = this.append(newGame(this.config.options, this.config.seed), now, "room");
    return [...appended, ...this.runComputers(now)];
  }

  viewFor(viewer: Viewer): RoomView {
    const r = this.room;
    return {
      game: view(r.game, viewer),
      takeback: { requestedBy: r.takebackRequest?.seat ?? null, allowed: !this.config.rated && !this.over },
      helped: [r.helped[0], r.helped[1]],
      over: this.over,
      result: this.result,
      clock: r.clock && this.config.clock ? { control: this.config.clock, remaining: [r.clock.remaining[0], r.clock.remaining[1]], running: r.clock.running.slice(), since: r.clock.since, waitingSince: [r.clock.waitingSince[0], r.clock.waitingSince[1]] } : null,
    };
  }

  /** The answer to hello: the full view, or — given the last version the client saw — only what it missed. */
  hello(viewer: Viewer, lastVersion?: number): ServerMessage[] {
    const seat = viewer === "spectator" ? null : viewer;
    const version = this.room.version;
    if (lastVersion === undefined || lastVersion > version) {
      return [{ type: "welcome", room: this.name, seat, version, view: this.viewFor(viewer) }];
    }
    const welcome: ServerMessage = { type: "welcome", room: this.name, seat, version, view: null };
    if (version - lastVersion > MAX_CATCH_UP) return [welcome, { type: "resync", version, view: this.viewFor(viewer) }];
    return [welcome, ...this.messagesFor(viewer, this.store.read(lastVersion))];
  }

  /** The event messages for `viewer` (redacted), then the view after them. */
  messagesFor(viewer: Viewer, entries: ReadonlyArray<LogEntry<LoggedEvent>>): ServerMessage[] {
    const out: ServerMessage[] = entries.map((e) => ({
      type: "event",
      version: e.version,
      time: e.time,
      actor: e.actor,
      event: isRoomEvent(e.event) ? redactRoomEvent(e.event, viewer) : redactEvent(e.event, viewer),
    }));
    out.push({ type: "state", version: this.room.version, view: this.viewFor(viewer) });
    return out;
  }

  /** Handles one parsed message from `viewer`: the reply to the sender and the entries appended (to broadcast). */
  handle(viewer: Viewer, msg: ClientMessage, now: number): { reply: ServerMessage[]; appended: Array<LogEntry<LoggedEvent>> } {
    if (msg.type === "hello") return { reply: this.hello(viewer, msg.lastVersion), appended: [] };
    const clientSeq = msg.clientSeq;
    if (viewer === "spectator") {
      return { reply: [errorMessage(clientSeq, errorOutcome("NOT_A_PLAYER", "Spectators cannot act; send your seat token in hello.", "Zuschauer können nicht spielen; schicke dein Platz-Token mit hello."))], appended: [] };
    }
    const seat = viewer;
    const known = this.store.outcome(seat, clientSeq);
    if (known) return { reply: [outcomeMessage(clientSeq, known)], appended: [] };

    if (msg.type === "command" && msg.baseVersion < this.room.version && this.isStale(seat, msg.baseVersion)) {
      // Judged on a table the client has not seen: not applied, not remembered; the client resends after the resync.
      return { reply: [{ type: "resync", version: this.room.version, view: this.viewFor(seat) }], appended: [] };
    }
    const result = this.decideMessage(seat, msg, now);
    if ("error" in result) {
      this.store.append([], { seat, clientSeq, outcome: result.error });
      return { reply: [outcomeMessage(clientSeq, result.error)], appended: [] };
    }
    const appended = this.append(result.events, now, String(seat), { seat, clientSeq });
    appended.push(...this.runComputers(now));
    return { reply: [{ type: "ack", clientSeq, version: appended[0]!.version + result.events.length - 1 }], appended };
  }

  /** A command based on an old version is stale unless everything since then is the other seat's secret pick. */
  private isStale(seat: Seat, baseVersion: number): boolean {
    return this.store.read(baseVersion).some((e) => !(SUBMISSIONS.has(e.event.type) && (e.event as { seat?: number }).seat !== seat));
  }

  private decideMessage(seat: Seat, msg: Exclude<ClientMessage, { type: "hello" }>, now: number): { events: LoggedEvent[] } | { error: Extract<Outcome, { ok: false }> } {
    if (this.over) return { error: errorOutcome("GAME_OVER", "The game is over.", "Das Spiel ist vorbei.") };
    switch (msg.type) {
      case "command": {
        if (msg.baseVersion > this.room.version) {
          return { error: errorOutcome("BAD_VERSION", `baseVersion ${msg.baseVersion} is ahead of the room (${this.room.version}).`, `baseVersion ${msg.baseVersion} liegt vor dem Stand des Tisches (${this.room.version}).`) };
        }
        const d = decide(this.room.game, seat, msg.command as Command, now);
        if (!d.ok) return { error: errorOutcome(d.error.code, d.error.message.en, d.error.message.de) };
        return { events: d.events };
      }
      case "resign":
      case "leave":
        return { events: [{ type: "resigned", v: 1, seat, how: msg.type }] };
      case "takeback":
        return this.decideTakeback(seat, msg.action, now);
      case "hint":
        return this.decideHint(seat);
    }
  }

  private decideTakeback(seat: Seat, action: "request" | "accept" | "decline", now: number): { events: LoggedEvent[] } | { error: Extract<Outcome, { ok: false }> } {
    if (this.config.rated) return { error: errorOutcome("TAKEBACK_NOT_ALLOWED", "No take-backs in rated games.", "In gewerteten Partien gibt es kein „Karte zurück“.") };
    const other: Seat = seat === 0 ? 1 : 0;
    const againstComputer = this.config.seats[other].type === "computer";
    const pending = this.room.takebackRequest;
    if (action === "request") {
      const target = this.takebackTarget(seat);
      if (target === null) return { error: errorOutcome("TAKEBACK_NOTHING", "You have played no card in this round to take back.", "Du hast in dieser Runde keine Karte gespielt, die du zurücknehmen könntest.") };
      if (againstComputer) return { events: [{ type: "takeback", v: 1, seat, toVersion: target }] };
      if (pending) return { error: errorOutcome("TAKEBACK_PENDING", "A take-back request is already waiting for an answer.", "Eine Bitte um „Karte zurück“ wartet schon auf Antwort.") };
      const declined = this.room.lastDecline;
      if (declined && declined.seat === other && now - declined.time < TAKEBACK_PAUSE_MS) {
        const s = Math.ceil((TAKEBACK_PAUSE_MS - (now - declined.time)) / 1000);
        return { error: errorOutcome("TAKEBACK_TOO_SOON", `Your opponent declined; ask again in ${s} s.`, `Dein Gegner hat abgelehnt; frag in ${s} s wieder.`) };
      }
      return { events: [{ type: "takebackRequested", v: 1, seat }] };
    }
    if (!pending || pending.seat !== other) return { error: errorOutcome("TAKEBACK_NONE_PENDING", "Your opponent has not asked for a take-back.", "Dein Gegner hat nicht um „Karte zurück“ gebeten.") };
    if (action === "decline") return { events: [{ type: "takebackDeclined", v: 1, seat }] };
    const target = this.takebackTarget(other);
    if (target === null) return { error: errorOutcome("TAKEBACK_NOTHING", "There is no card of your opponent's left to take back in this round.", "In dieser Runde gibt es keine Karte deines Gegners mehr zurückzunehmen.") };
    return { events: [{ type: "takeback", v: 1, seat: other, toVersion: target }] };
  }

  /** "Rat" is a help like "Karte zurück": against the computer and in the daily game it is logged and counts "mit Hilfe". */
  private decideHint(seat: Seat): { events: LoggedEvent[] } | { error: Extract<Outcome, { ok: false }> } {
    if (this.config.kind === "online" || !this.advise) return { error: errorOutcome("HINT_NOT_ALLOWED", "Hints are only for games against the computer.", "„Rat“ gibt es nur in Partien gegen den Computer.") };
    const hint = this.advise(this.room.game, seat, `${String(this.config.seed)}/hint/${seat}/${this.room.version}`);
    if (!hint) return { error: errorOutcome("HINT_NOTHING", "You have nothing to decide right now.", "Du hast gerade nichts zu entscheiden.") };
    return { events: [{ type: "hintGiven", v: 1, seat, hint }] };
  }

  /** The version of `seat`'s last card in the current round (what "Karte zurück" returns to), or null. */
  private takebackTarget(seat: Seat): number | null {
    const effective = this.room.effective;
    for (let i = effective.length - 1; i >= 0; i--) {
      const { version, event } = effective[i]!;
      if (event.type === "roundDealt") return null;
      if (event.type === "cardPlayed" && event.seat === seat) return version;
    }
    return null;
  }

  /** Computer seats act until a human must (or the game is over); each bot's seed comes from the game's seed and the version. */
  private runComputers(now: number): Array<LogEntry<LoggedEvent>> {
    const appended: Array<LogEntry<LoggedEvent>> = [];
    for (let guard = 0; guard < 1000 && !this.over; guard++) {
      const seat = this.computerToAct();
      if (seat === null) break;
      const cfg = this.config.seats[seat] as { type: "computer"; level: string };
      const command = this.choose(this.room.game, seat, cfg.level, `${String(this.config.seed)}/computer/${seat}/${this.room.version}`);
      const d = decide(this.room.game, seat, command, now);
      if (!d.ok) throw new Error(`computer seat ${seat} chose an illegal command: ${d.error.code}`);
      appended.push(...this.append(d.events, now, "computer"));
    }
    return appended;
  }

  private computerToAct(): Seat | null {
    const g = this.room.game;
    for (const seat of [0, 1] as const) {
      if (this.config.seats[seat].type !== "computer") continue;
      if (g.phase === "play" && (g.trick.length === 0 ? g.leader : g.leader === 0 ? 1 : 0) === seat) return seat;
      if ((g.phase === "exchange" || g.phase === "swap") && g.picks[seat] === null) return seat;
    }
    return null;
  }

  private append(events: readonly LoggedEvent[], now: number, actor: string, command?: { seat: Seat; clientSeq: number }): Array<LogEntry<LoggedEvent>> {
    let version = this.room.version;
    const entries = events.map((event) => ({ version: ++version, time: now, actor, event }));
    this.store.append(entries, command ? { ...command, outcome: { ok: true, version } } : undefined);
    for (const e of entries) this.room = stepRoom(this.room, e, this.config);
    return entries;
  }
}

function outcomeMessage(clientSeq: number, o: Outcome): ServerMessage {
  return o.ok ? { type: "ack", clientSeq, version: o.version } : errorMessage(clientSeq, o);
}

function errorMessage(clientSeq: number | null, o: Extract<Outcome, { ok: false }>): ServerMessage {
  return { type: "error", clientSeq, code: o.code, message: o.message, messageDe: o.messageDe };
}
