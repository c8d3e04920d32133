// The game-agnostic room core: the append-only log, the fold (with take-backs), per-viewer messages, idempotent commands,
// resync, reconnect, clocks, computer seats. A game plugs in through RoomRules; nothing here knows Cloudflare.
import { flagFall, startClock, stepClock, takebackClock, type ClockState, type TimeControl } from "../../shared/room/clock.js";
import { HISTORY_CHUNK_BYTES, PROTOCOL_VERSION, utf8Bytes, type CoreMessage, type EventEntry, type HintPayload, type RoomEvent, type RoomResult, type RoomViewOf, type ServerMessageOf } from "../../shared/room/protocol.js";
import type { Seed } from "../../shared/rng.js";
import type { AdviseOf, ChooseOf, GameDefinition, Viewer } from "../../shared/room/game.js";
import { countsAt, RATED_MIN_CARDS, type RoomReport } from "../../shared/room/report.js";

export type { HintPayload, RoomEvent, RoomResult, RoomViewOf, ServerMessageOf } from "../../shared/room/protocol.js";
import type { LogEntry, LogStore, Outcome } from "./log.js";

export type { AdviseOf, ChooseOf, Viewer } from "../../shared/room/game.js";
/** The room's name for a game definition (shared/room/game.ts). */
export type RoomRules<S, E extends { readonly type: string }, O, V> = GameDefinition<S, E, O, V>;

const ROOM_EVENT_TYPES = new Set(["takebackRequested", "takebackDeclined", "takeback", "resigned", "timeout", "hintGiven", "noShow", "seated"]);

export function isRoomEvent<E extends { readonly type: string }>(e: E | RoomEvent): e is RoomEvent {
  return ROOM_EVENT_TYPES.has(e.type);
}

/** "hotseat": two players at one device, a room in the browser (web/src/room/local.ts) that never reports to the Worker. */
export type RoomKind = "computer" | "online" | "daily" | "table" | "hotseat";

export type SeatConfig =
  | { readonly type: "human"; readonly tokenHash: string }
  | { readonly type: "computer"; readonly level: string }
  /** Waiting for a friend: the seat goes to whoever first opens the invite link; the game starts then. */
  | { readonly type: "invite"; readonly inviteHash: string };

export interface RoomConfigOf<O> {
  readonly kind: RoomKind;
  readonly options: O;
  readonly seed: Seed;
  readonly rated: boolean;
  readonly seats: readonly SeatConfig[];
  /** null: no clock at all (against the computer). */
  readonly clock: TimeControl | null;
  /** The accounts at each seat (null for a computer or a guest without one), for the report at the end. */
  readonly accounts?: ReadonlyArray<string | null>;
  /**
   * The display names at each seat, as the Worker knew them when it set the room up (init) or seated a claimer
   * (claimInvite): null for a guest without a name, a computer or a free seat. Shown at the table (view.names).
   */
  readonly names?: ReadonlyArray<string | null>;
  /** Taler at stake in a rated game (moved by the Worker at the end). */
  readonly stake?: number;
  /**
   * Called off before the deal by the person at `seat` (a `cancel` message): the invites no longer seat anyone and
   * nothing is dealt. Like a claimed seat it changes the config, not the log: no game happened, so no event did either.
   */
  readonly cancelled?: { readonly seat: number; readonly time: number };
  /** Seats taken through an invite (claimInvite): a guest, not the table's host — it may not call the table off. */
  readonly invited?: readonly number[];
  /**
   * A person's seat that has not come to the table (no hello with its token) this long after the deal calls the game
   * off for everyone (a `noShow`, aborted: ADR 041). Set by the Worker (NO_SHOW_MS) at tables of two or more people;
   * absent: no such rule (rooms set up before it, the tests' cores, hot-seat).
   */
  readonly noShowMs?: number;
  /**
   * The clocks stand until every person's seat has come (a `seated` event, logged by the room at the last one's hello,
   * or right after the deal if all came before it). Set by the Worker with `noShowMs` at tables with a clock; absent:
   * the clocks run from the deal (rooms set up before it replay as they were).
   */
  readonly clockWaitsForSeats?: boolean;
}

export interface RoomStateOf<S, E> {
  readonly version: number;
  readonly game: S;
  /** The game events in effect (after take-backs), with their versions. */
  readonly effective: ReadonlyArray<{ version: number; event: E }>;
  readonly takebackRequest: { seat: number; version: number } | null;
  readonly lastDecline: { seat: number; time: number } | null;
  readonly helped: boolean[];
  /**
   * How the game ended other than by the rules: who (several seats only when their flags fell at one instant, or
   * several never came), how, when.
   */
  readonly ended: { readonly seats: readonly number[]; readonly how: "resign" | "leave" | "timeout" | "noShow"; readonly time: number } | null;
  readonly clock: ClockState | null;
  /** Every person's seat has come, or the config does not wait for it (clockWaitsForSeats): the clocks may run. */
  readonly seated: boolean;
  /** Cards played so far (take-backs do not undo the count) and when the game began: a rated game counts from 10 cards or 3 minutes. */
  readonly cardsPlayed: number;
  readonly startedAt: number;
  /**
   * When the game's 3 minutes (RATED_MIN_MS) began: the deal, or at a table whose clocks wait for every seat the
   * `seated` entry; null until then. A fresh-eyes pass: with the deal as the start, up to a minute of waiting for the
   * other player (ADR 047) counted toward the 3 minutes of a game whose clocks had not run.
   */
  readonly countsFrom: number | null;
  /** Accepted take-backs per seat in this game (bounded: TAKEBACKS_PER_SEAT). */
  readonly takebacks: readonly number[];
  /** Take-back requests per seat (bounded too: two seats asking and declining in turn never wait for the pause). */
  readonly requests: readonly number[];
  /** Seats that already got "Rat" for the position as it stands (reset by every move and take-back). */
  readonly hinted: readonly boolean[];
}


/**
 * Take-backs a seat may have accepted — and, separately, asked for — in one game. Each one appends events, so without a bound one player against the
 * computer could grow the log without limit (play, take back, play, …); a whole game has about 60 cards.
 */
export const TAKEBACKS_PER_SEAT = 100;
/** How long a player waits after a declined take-back before asking again. */
export const TAKEBACK_PAUSE_MS = 30_000;
/** Public remarks a seat may make while the table stands still (between two events). */
export const REMARKS_PER_PAUSE = 3;
/** A client this many versions behind gets a full view instead of the missing events. */
export const MAX_CATCH_UP = 500;
/** Messages whose text a room keeps beside their outcome (RoomCore `sent`): a few per seat's recent commands. */
const SENT_KEPT = 64;
export { RATED_MIN_CARDS, RATED_MIN_MS } from "../../shared/room/report.js";

type Refusal = Extract<Outcome, { ok: false }>;

function refusal(code: string, en: string, de: string): Refusal {
  return { ok: false, code, message: en, messageDe: de };
}

function outcomeMessage<V>(clientSeq: number, o: Outcome): ServerMessageOf<V> {
  return o.ok ? { type: "ack", clientSeq, version: o.version } : errorMessage(clientSeq, o);
}

function errorMessage<V>(clientSeq: number | null, o: Refusal): ServerMessageOf<V> {
  return { type: "error", clientSeq, code: o.code, message: o.message, messageDe: o.messageDe };
}

/** What handling one message gives: the reply to the sender, the entries appended (to broadcast), a remark for everyone, a next config. */
export interface Handled<E, O, V> {
  readonly reply: Array<ServerMessageOf<V>>;
  readonly appended: Array<LogEntry<E | RoomEvent>>;
  readonly notice?: ServerMessageOf<V>;
  readonly config?: RoomConfigOf<O>;
}

/** A room event as `viewer` may see it: a hint stays with its seat. */
function redactRoomEvent(e: RoomEvent, viewer: Viewer): unknown {
  return e.type === "hintGiven" && viewer !== e.seat ? { type: e.type, v: e.v, seat: e.seat } : e;
}

/** One room: not thread-safe by design — a Durable Object runs one event at a time. */
export class RoomCore<S, E extends { readonly type: string }, O, V> {
  protected room: RoomStateOf<S, E>;
  /**
   * The text of the message each recent outcome was judged for, by "seat/clientSeq" (memory only, the newest
   * SENT_KEPT). A client resends a command with its clientSeq unchanged, and gets the stored outcome again; but two tabs
   * of one browser that pick within the same few milliseconds can both take the next clientSeq before either stores it
   * (a fresh-eyes pass: acknowledged, never played, nothing said). A message whose clientSeq is known but whose text
   * differs is no resend: it was never played, and its tab is told so like any stale command (`missed: "own"`). After
   * hibernation the texts are gone and a known clientSeq is answered as a resend, as before — such a race is over in
   * milliseconds, long before a room hibernates.
   */
  private readonly sent = new Map<string, string>();

  constructor(
    readonly name: string,
    protected readonly rules: RoomRules<S, E, O, V>,
    protected readonly store: LogStore<E | RoomEvent>,
    readonly config: RoomConfigOf<O>,
    // The game's own computer players unless a test or a script brings others.
    private readonly choose: ChooseOf<S> = rules.computer.choose,
    private readonly advise: AdviseOf<S> | null = rules.computer.advise,
  ) {
    this.room = this.foldLog(store.read());
    this.came = config.noShowMs === undefined ? null : new Set(store.getMeta<number[]>("came") ?? []);
  }

  get version(): number {
    return this.room.version;
  }

  get state(): RoomStateOf<S, E> {
    return this.room;
  }

  get over(): boolean {
    return this.room.ended !== null || this.rules.isOver(this.room.game);
  }

  get result(): RoomResult | null {
    const r = this.room;
    if (r.ended) {
      // Nobody played against a seat that never came: called off for everyone, rated or not, whatever was played.
      if (r.ended.how === "noShow") return { winner: null, draw: false, reason: "aborted", absent: r.ended.seats.slice() };
      const early = !this.counts(r.ended.time);
      // Early timeouts too: otherwise two accounts could move a rating and a stake with a 30-second clock and no card.
      if (this.config.rated && early) return { winner: null, draw: false, reason: "aborted" };
      // Unrated, the table shows who won by the resignation, but no record counts it (worker/results.ts endedUncounted):
      // the view says so, or the result sheet said "Gewonnen!" where the Bilanz says "abgebrochen". So at a table of
      // two or more people: one who took a free seat and gave up at once cost the others a lost game (an attack).
      const amongPeople = this.config.kind === "online" || (this.config.kind === "table" && this.humanSeats().length >= 2);
      const uncounted = early && amongPeople ? { uncounted: true as const } : {};
      return { ...this.rules.forfeit(r.game, r.ended.seats), reason: r.ended.how, ...uncounted };
    }
    const byRules = this.rules.ruleResult(r.game);
    return byRules && { ...byRules, reason: "rules" };
  }

  /**
   * The report of a finished game for the Worker (shared/room/report.ts): the room's part, then the game's own
   * summary; the whole log, hands included (the game is over). null while it runs.
   */
  report(): (RoomReport & Record<string, unknown>) | null {
    const result = this.result;
    if (!result) return null;
    const r = this.room;
    const log = this.store.read();
    const computer = this.config.seats.find((s) => s.type === "computer");
    return {
      room: this.name,
      game: this.rules.id,
      kind: this.config.kind as RoomReport["kind"],
      rated: this.config.rated,
      level: computer && computer.type === "computer" ? computer.level : null,
      accounts: this.config.seats.map((_, i) => this.config.accounts?.[i] ?? null),
      result,
      helped: this.config.seats.map((_, i) => r.helped[i] === true),
      cardsPlayed: r.cardsPlayed,
      // The Worker judges "counts" by the same rule (worker/results.ts), so the report's start is when the 3 minutes began.
      startedAt: r.countsFrom ?? r.startedAt,
      finishedAt: log.at(-1)?.time ?? r.startedAt,
      stake: this.config.stake ?? 0,
      log,
      ...this.rules.report.summary(r.game),
    };
  }

  /** The fold of a whole log: game events through the engine, a take-back as a refold of the events before it. */
  foldLog(entries: ReadonlyArray<LogEntry<E | RoomEvent>>): RoomStateOf<S, E> {
    let r: RoomStateOf<S, E> = {
      version: 0,
      game: this.rules.fold([]),
      effective: [],
      takebackRequest: null,
      lastDecline: null,
      helped: this.config.seats.map(() => false),
      ended: null,
      clock: null,
      seated: this.config.clockWaitsForSeats !== true,
      cardsPlayed: 0,
      startedAt: 0,
      countsFrom: null,
      takebacks: this.config.seats.map(() => 0),
      requests: this.config.seats.map(() => 0),
      hinted: this.config.seats.map(() => false),
    };
    for (const e of entries) r = this.step(r, e);
    return r;
  }

  /** The seats held by persons (the config never changes within an instance): computed once, not per event. */
  private humans: number[] | null = null;
  private humanSeats(): number[] {
    return (this.humans ??= this.config.seats.flatMap((s, i) => (s.type === "computer" ? [] : [i])));
  }

  /** One log entry folded into the room. */
  protected step(r: RoomStateOf<S, E>, entry: LogEntry<E | RoomEvent>): RoomStateOf<S, E> {
    const e = entry.event;
    const version = entry.version;
    if (!isRoomEvent(e)) {
      const game = this.rules.apply(r.game, e);
      const startedAt = r.version === 0 ? entry.time : r.startedAt;
      const countsFrom = r.version === 0 && r.seated ? entry.time : r.countsFrom;
      let clock = r.clock;
      const tc = this.config.clock;
      if (tc) {
        clock ??= startClock(tc, entry.time, this.config.seats.length);
        const running = this.clocksFor(game, r.ended, r.seated);
        // Before `seated` nobody's clock runs, and a move then earns no increment either (a fresh-eyes pass: the one who
        // waited exchanged and showed 3:02 of a 3-minute clock before any clock had run).
        clock = stepClock(clock, tc, entry.time, r.seated ? this.rules.actorOf(e) : null, this.rules.creditMs(e), running);
      }
      const cardsPlayed = r.cardsPlayed + (typeof this.rules.takebackMark(e) === "number" ? 1 : 0);
      // Any move lets a pending take-back request lapse.
      const hinted = r.hinted.some((h) => h) ? r.hinted.map(() => false) : r.hinted;
      return { ...r, version, game, effective: [...r.effective, { version, event: e }], takebackRequest: null, clock, cardsPlayed, startedAt, countsFrom, hinted };
    }
    switch (e.type) {
      case "takebackRequested":
        return { ...r, version, takebackRequest: { seat: e.seat, version }, requests: r.requests.map((n, i) => (i === e.seat ? n + 1 : n)) };
      case "takebackDeclined":
        return { ...r, version, takebackRequest: null, lastDecline: { seat: e.seat, time: entry.time } };
      case "hintGiven":
        return { ...r, version, helped: r.helped.map((h, i) => h || i === e.seat), hinted: r.hinted.map((h, i) => h || i === e.seat) };
      case "takeback": {
        // The cards go back; the clocks keep the time spent, lose the increments of the undone plays, and run for
        // whoever is to act in the restored position (takebackClock).
        const effective = r.effective.filter((x) => x.version < e.toVersion);
        const game = this.rules.fold(effective.map((x) => x.event));
        let clock = r.clock;
        const tc = this.config.clock;
        if (tc && clock) {
          const taken = this.config.seats.map(() => 0);
          for (const x of r.effective) {
            const actor = x.version >= e.toVersion ? this.rules.actorOf(x.event) : null;
            if (actor !== null) taken[actor]! += 1;
          }
          const running = this.clocksFor(game, r.ended, r.seated);
          clock = takebackClock(clock, tc, entry.time, taken, running);
        }
        const helped = r.helped.map((h, i) => h || i === e.seat);
        const takebacks = r.takebacks.map((n, i) => (i === e.seat ? n + 1 : n));
        // The cards that still stand, not every card ever played: a card played and taken back nine times made the
        // "10 cards" of a game that counts out of one card on the table (an attack pass: a friendly win booked at once).
        const cardsPlayed = effective.filter((x) => typeof this.rules.takebackMark(x.event) === "number").length;
        return { ...r, version, effective, game, helped, takebackRequest: null, takebacks, hinted: r.hinted.map(() => false), clock, cardsPlayed };
      }
      case "seated": {
        // The clocks start for whoever is to act now, charged nothing for the wait (nobody's ran until here).
        const tc = this.config.clock;
        const clock = r.clock && tc ? stepClock(r.clock, tc, entry.time, null, 0, this.clocksFor(r.game, r.ended, true)) : r.clock;
        return { ...r, version, seated: true, clock, countsFrom: r.countsFrom ?? entry.time };
      }
      case "noShow":
      case "resigned":
      case "timeout": {
        const how = e.type === "timeout" || e.type === "noShow" ? e.type : e.how;
        // The clocks stop where they stand: the running seats are charged up to the end, so a fallen flag shows 0:00.
        const tc = this.config.clock;
        const clock = r.clock && tc ? stepClock(r.clock, tc, entry.time, null, 0, []) : r.clock;
        const seats = e.type === "noShow" ? e.seats : e.type === "timeout" && e.seats && e.seats.length > 1 ? e.seats : [e.seat];
        return { ...r, version, ended: { seats, how, time: entry.time }, clock };
      }
    }
  }

  /** When the room must wake to end the game on time or call it off for a seat that never came (an alarm), or null. */
  nextAlarm(): number | null {
    if (this.over) return null;
    // A no-show's moment is never after the next flag fall (noShow takes the earlier of the two).
    return this.noShow()?.at ?? this.flag()?.at ?? null;
  }

  /** The next flag fall of the running clocks, or null (no clock, nothing dealt). */
  private flag(): ReturnType<typeof flagFall> {
    return this.config.clock && this.room.clock ? flagFall(this.room.clock, this.config.clock) : null;
  }

  /**
   * People's seats that have said hello at this table since it was set up (ADR 041), kept in the room's meta: one
   * write per seat and game. null where the rule is off (config.noShowMs absent).
   */
  private came: Set<number> | null;

  /** A seat said hello with its token: it came to the table (noted once). */
  private arrive(seat: number): void {
    if (!this.came || this.came.has(seat)) return;
    this.came.add(seat);
    this.store.putMeta("came", [...this.came]);
  }

  /**
   * The people's seats that have not come since the deal and when the game is called off for them, or null: only at a
   * table of two or more people whose config has the rule, while the game runs. `at` is NO_SHOW_MS after the deal, or
   * earlier when a flag falls first (a 30-second clock): with someone who never came, no game took place, whoever's
   * time ran out — fresh-eyes passes read "Ida hat verloren" for the absent Ida, and a draw on time with a rematch
   * offered when both flags fell together in the first exchange.
   */
  noShow(): { seats: number[]; at: number } | null {
    if (!this.came || this.config.noShowMs === undefined || this.over || this.room.version === 0) return null;
    const people = this.humanSeats();
    if (people.length < 2) return null;
    const seats = people.filter((s) => !this.came!.has(s));
    if (seats.length === 0) return null;
    const deadline = this.room.startedAt + this.config.noShowMs;
    const flag = this.flag();
    const first = flag && flag.at < deadline ? flag.at : deadline;
    return { seats, at: first };
  }

  /** The alarm handler: idempotent — it ends the game only if a clock has really run out at `now`. */
  onAlarm(now: number): Array<LogEntry<E | RoomEvent>> {
    return this.settle(now);
  }

  /**
   * Ends the game on time if a flag has fallen by `now`: the `timeout` the alarm logs, by the room, at the moment the
   * flag fell (not when it was noticed: how late the alarm or the message came must not decide whether a rated game
   * was old enough to count, nor what the other clock shows; the flag falls after the last entry, so times stay in
   * order). The alarm is late under load and after an eviction, so every message that reads the game calls this
   * first (handle): a message after the flag fell is judged on the ended game, never on clocks that had run out.
   * Idempotent: once the game is over it appends nothing, so the alarm that fires later finds nothing to do.
   */
  settle(now: number): Array<LogEntry<E | RoomEvent>> {
    if (this.over) return [];
    // A seat that never came calls the game off at its deadline, or when a flag falls before it. Logged at that moment:
    // every message settles before it is judged, so nothing was logged after it.
    const absent = this.noShow();
    if (absent && now >= absent.at) {
      return this.commit(() => this.stage([{ type: "noShow", v: 1, seats: absent.seats }], absent.at, "room"));
    }
    const flag = this.flag();
    if (!flag || now < flag.at) return [];
    const together = flag.seats.length > 1 ? { seats: flag.seats } : {};
    return this.commit(() => this.stage([{ type: "timeout", v: 1, seat: flag.seat, ...together }], flag.at, "room"));
  }

  /** The seat a token hash belongs to, or null (a spectator). */
  seatFor(tokenHash: string | undefined): number | null {
    if (tokenHash === undefined) return null;
    const i = this.config.seats.findIndex((s) => s.type === "human" && s.tokenHash === tokenHash);
    return i >= 0 ? i : null;
  }

  /** The seat an invite opens, while it is still free (never at a table called off). */
  inviteSeat(inviteHash: string): number | null {
    if (this.config.cancelled) return null;
    const i = this.config.seats.findIndex((s) => s.type === "invite" && s.inviteHash === inviteHash);
    return i >= 0 ? i : null;
  }

  /**
   * Deals the game and lets computer seats act; does nothing when the log already holds the game or a seat is still free.
   * `present`: which seats have a page at the table now (the room server's presence). Where the no-show rule is on, a
   * seat has come only if it is here at the deal or says hello after it: a friend table's host who said hello and then
   * left before the friend came is not (a fresh-eyes pass: the clocks started at the deal, and the absent host lost a
   * rated game on time without seeing a card).
   */
  start(now: number, present?: readonly boolean[]): Array<LogEntry<E | RoomEvent>> {
    if (this.room.version > 0 || this.config.cancelled || this.config.seats.some((s) => s.type === "invite")) return [];
    if (present && this.came) {
      const here = this.humanSeats().filter((s) => present[s] === true);
      if (here.length !== this.came.size || here.some((s) => !this.came!.has(s))) {
        this.came = new Set(here);
        this.store.putMeta("came", here);
      }
    }
    return this.commit(() => [...this.stage(this.rules.newGame(this.config.options, this.config.seed), now, "room"), ...this.seatedEntries(now), ...this.runComputers(now)]);
  }

  /** Whose clocks run in `game`: the people to act, none once the game is over or ended, none before `seated`. */
  private clocksFor(game: S, ended: RoomStateOf<S, E>["ended"], seated: boolean): number[] {
    if (!seated || ended !== null || this.rules.isOver(game)) return [];
    return this.rules.toAct(game).filter((s) => this.humanSeats().includes(s));
  }

  /** The clocks wait for the seats, the game is dealt and running, and every person's seat has now come. */
  private seatedDue(): boolean {
    if (this.room.seated || this.room.version === 0 || this.over || !this.came) return false;
    return this.humanSeats().every((s) => this.came!.has(s));
  }

  /** The `seated` entry, staged, when it is due (seatedDue); else none. */
  private seatedEntries(now: number): Array<LogEntry<E | RoomEvent>> {
    return this.seatedDue() ? this.stage([{ type: "seated", v: 1 }], now, "room") : [];
  }

  viewFor(viewer: Viewer): RoomViewOf<V> {
    const r = this.room;
    // Before the deal there is no clock state yet; the table still shows the agreed clocks, full and standing.
    const c = r.clock ?? (this.config.clock && r.version === 0 ? startClock(this.config.clock, 0, this.config.seats.length) : null);
    const computers = this.config.seats.flatMap((s, i) => (s.type === "computer" ? [i] : []));
    return {
      game: this.gameView(viewer),
      waitingFor: this.config.seats.flatMap((s, i) => (s.type === "invite" ? [i] : [])),
      takeback: { requestedBy: r.takebackRequest?.seat ?? null, allowed: this.takebackAllowed(viewer), mine: viewer !== "spectator" && this.takebackAllowed(viewer) && this.takebackTarget(viewer) !== null },
      helped: r.helped.slice(),
      ...(this.config.names ? { names: this.config.seats.map((_, i) => this.config.names?.[i] ?? null) } : {}),
      ...(computers.length > 0 ? { computers } : {}),
      rated: this.config.rated,
      stake: this.config.stake ?? 0,
      over: this.over,
      result: this.result,
      ...(this.config.cancelled ? { cancelled: { seat: this.config.cancelled.seat } } : {}),
      ...(this.config.kind === "online" && r.version > 0 && !this.over && r.cardsPlayed < RATED_MIN_CARDS ? { early: r.countsFrom === null ? { cardsPlayed: r.cardsPlayed, startedAt: r.startedAt, waiting: true as const } : { cardsPlayed: r.cardsPlayed, startedAt: r.countsFrom } } : {}),
      clock: c && this.config.clock ? { control: this.config.clock, remaining: c.remaining.slice(), running: c.running.slice(), since: c.since, waitingSince: c.waitingSince.slice() } : null,
    };
  }

  /** The game as `viewer` sees it; before the deal (invited players missing), the game's waiting table. */
  protected gameView(viewer: Viewer): V {
    if (this.room.version === 0) return this.rules.waitingView(this.config.options, viewer);
    return this.rules.view(this.room.game, viewer);
  }

  /**
   * The answer to hello: the full view, or — given the last version the client saw — only what it missed. A page
   * without its log (`history`, no `lastVersion`) gets the whole log after the welcome, redacted for the viewer.
   */
  hello(viewer: Viewer, lastVersion?: number, history = false): Array<ServerMessageOf<V>> {
    const seat = viewer === "spectator" ? null : viewer;
    const version = this.room.version;
    if (lastVersion === undefined || lastVersion > version) {
      const welcome: ServerMessageOf<V> = { type: "welcome", protocol: PROTOCOL_VERSION, room: this.name, seat, version, view: this.viewFor(viewer) };
      return history && lastVersion === undefined ? [welcome, ...this.historyFor(viewer)] : [welcome];
    }
    const welcome: ServerMessageOf<V> = { type: "welcome", protocol: PROTOCOL_VERSION, room: this.name, seat, version, view: null };
    if (version - lastVersion > MAX_CATCH_UP) return [welcome, { type: "resync", version, view: this.viewFor(viewer) }];
    return [welcome, ...this.messagesFor(viewer, this.store.read(lastVersion))];
  }

  /** One logged event as `viewer` may receive it: the same redaction for live events, catch-up and history. */
  private entryFor(viewer: Viewer, e: LogEntry<E | RoomEvent>): EventEntry {
    return { version: e.version, time: e.time, actor: e.actor, event: this.redacted(viewer, e) };
  }

  private redacted(viewer: Viewer, e: LogEntry<E | RoomEvent>): unknown {
    return isRoomEvent(e.event) ? redactRoomEvent(e.event, viewer) : this.rules.redact(e.event, viewer, this.config.options);
  }

  /**
   * A batch's messages for each of `viewers` (seats, "spectator"; each distinct viewer computed once however many of
   * its sockets are open), as the JSON text sent: messagesFor(viewer, entries), byte for byte. An event whose redaction
   * is the very same object for several viewers (nothing hidden from any of them: the redaction returned the event
   * itself) is serialised once and its text shared; every other event and every view is that viewer's own.
   */
  serializedFor(viewers: Iterable<Viewer>, entries: ReadonlyArray<LogEntry<E | RoomEvent>>): Map<Viewer, string[]> {
    const texts = entries.map(() => new Map<unknown, string>());
    const out = new Map<Viewer, string[]>();
    for (const viewer of viewers) {
      if (out.has(viewer)) continue;
      const messages = entries.map((e, i) => {
        const event = this.redacted(viewer, e);
        let text = texts[i]!.get(event);
        if (text === undefined) texts[i]!.set(event, (text = JSON.stringify({ type: "event", version: e.version, time: e.time, actor: e.actor, event })));
        return text;
      });
      messages.push(JSON.stringify({ type: "state", version: this.room.version, view: this.viewFor(viewer) }));
      out.set(viewer, messages);
    }
    return out;
  }

  /** The event messages for `viewer` (redacted), then the view after them. */
  messagesFor(viewer: Viewer, entries: ReadonlyArray<LogEntry<E | RoomEvent>>): Array<ServerMessageOf<V>> {
    const out: Array<ServerMessageOf<V>> = entries.map((e) => ({ type: "event", ...this.entryFor(viewer, e) }));
    out.push({ type: "state", version: this.room.version, view: this.viewFor(viewer) });
    return out;
  }

  /**
   * The whole log so far as `viewer` may see it — every event redacted exactly as it was sent live — in `history`
   * messages of about HISTORY_CHUNK_BYTES each, the last one `done` (one empty `done` message for an empty log).
   * Not bounded by MAX_CATCH_UP: it is the log the page shows, however long, and no view follows each event.
   */
  historyFor(viewer: Viewer): Array<ServerMessageOf<V>> {
    const version = this.room.version;
    const out: Array<ServerMessageOf<V>> = [];
    let entries: EventEntry[] = [];
    let bytes = 0;
    for (const e of this.store.read(0)) {
      const entry = this.entryFor(viewer, e);
      const size = utf8Bytes(JSON.stringify(entry));
      if (entries.length > 0 && bytes + size > HISTORY_CHUNK_BYTES) {
        out.push({ type: "history", version, entries, done: false });
        entries = [];
        bytes = 0;
      }
      entries.push(entry);
      bytes += size + 1;
    }
    out.push({ type: "history", version, entries, done: true });
    return out;
  }

  /**
   * Handles one parsed message from `viewer`: the reply to the sender and the entries appended (to broadcast). A table
   * called off (`cancel`) comes back as `config`, the room's next config: the caller stores it, builds the core anew
   * from it and tells every socket (a core's config never changes within an instance).
   */
  handle(viewer: Viewer, msg: CoreMessage, now: number): Handled<E, O, V> {
    // A flag that fell before this message ends the game first (the alarm may not have run yet), and the message is
    // answered against the ended game: the timeout is logged as what happened, the command is not. Not for what reads
    // no clock: a spectator's act (refused whatever the table), a rematch (the room server's), a cancel (before the deal).
    const timed = msg.type === "hello" || (viewer !== "spectator" && msg.type !== "rematch" && msg.type !== "cancel");
    const settled = timed ? this.settle(now) : [];
    const answer = this.answer(viewer, msg, now);
    return settled.length === 0 ? answer : { ...answer, appended: [...settled, ...answer.appended] };
  }

  private answer(viewer: Viewer, msg: CoreMessage, now: number): Handled<E, O, V> {
    if (msg.type === "hello") {
      if (viewer !== "spectator") this.arrive(viewer);
      // The last seat come: the clocks' start is logged first, so this socket's welcome shows them running (the room
      // server broadcasts it to the sockets already there; this one is not among them yet).
      const seated = this.seatedDue() ? this.commit(() => this.seatedEntries(now)) : [];
      return { reply: this.hello(viewer, msg.lastVersion, msg.history === true), appended: seated };
    }
    const clientSeq = msg.clientSeq;
    if (viewer === "spectator") {
      return { reply: [errorMessage(clientSeq, refusal("NOT_A_PLAYER", "Spectators cannot act; send your seat token in hello.", "Zuschauer können nicht spielen; schicke dein Platz-Token mit hello."))], appended: [] };
    }
    const seat = viewer;
    if (msg.type === "remark") return this.remark(seat, clientSeq, msg.remark, now);
    // A rematch is the room server's (party/rematch.ts): a room without one (hot-seat, the tests' cores) has none.
    if (msg.type === "rematch") return { reply: [errorMessage(clientSeq, refusal("REMATCH_NOT_ALLOWED", "This table offers no rematch.", "An diesem Tisch gibt es keine Revanche."))], appended: [] };
    const known = this.store.outcome(seat, clientSeq);
    const first = known ? this.sent.get(`${seat}/${clientSeq}`) : undefined;
    if (first !== undefined && first !== JSON.stringify(msg)) return { reply: [{ type: "resync", version: this.room.version, view: this.viewFor(seat), clientSeq, missed: "own" }], appended: [] };
    if (known) return { reply: [outcomeMessage(clientSeq, known)], appended: [] };
    if (msg.type === "cancel") {
      this.remember(seat, msg);
      return this.callOff(seat, clientSeq, now);
    }
    if (msg.type === "fill") {
      this.remember(seat, msg);
      return this.fill(seat, clientSeq);
    }

    // A game that is over judges nothing: GAME_OVER whatever the command's base (a late flag's timeout is newer than any).
    const since = msg.type === "command" && !this.over && msg.baseVersion < this.room.version ? this.store.read(msg.baseVersion) : null;
    if (since && this.isStale(seat, since)) {
      // Judged on a table the client has not seen: not applied, not remembered; the client may send it again after the
      // resync. Which command, and whether its own seat moved meanwhile (a second tab's move came first), let the client
      // tell its player why nothing happened (a player pass: the second tab was not told).
      const missed = since.some((e) => e.actor === String(seat)) ? "own" : "table";
      return { reply: [{ type: "resync", version: this.room.version, view: this.viewFor(seat), clientSeq, missed }], appended: [] };
    }
    const result = this.decideMessage(seat, msg, now);
    this.remember(seat, msg);
    if ("error" in result) {
      this.store.append([], { seat, clientSeq, outcome: result.error });
      return { reply: [outcomeMessage(clientSeq, result.error)], appended: [] };
    }
    // The command's events, the computer seats' replies and the command's outcome: one write, one transaction.
    const version = this.room.version + result.events.length;
    const appended = this.commit(() => [...this.stage(result.events, now, String(seat)), ...this.runComputers(now)], { seat, clientSeq, outcome: { ok: true, version } });
    return { reply: [{ type: "ack", clientSeq, version }], appended };
  }

  /**
   * "Tisch auflösen": before the deal the table's host (a seat not taken through an invite) calls the table off — a host whose friend never comes (or who set
   * the wrong clock) must not leave a live invite behind that seats the friend at a table nobody will play. Asked again
   * (the same or another seat) it is answered as done; once the cards are dealt it is too late (leave or resign then).
   */
  private callOff(seat: number, clientSeq: number, now: number): { reply: Array<ServerMessageOf<V>>; appended: []; config?: RoomConfigOf<O> } {
    if (this.config.cancelled) return { reply: [{ type: "ack", clientSeq, version: this.room.version }], appended: [] };
    const refuse = (o: Refusal) => this.refuseStored(seat, clientSeq, o);
    if (this.room.version > 0) return refuse(refusal("CANCEL_TOO_LATE", "The cards are dealt: a running game can only be left or resigned.", "Die Karten sind gegeben: eine laufende Partie kann man nur verlassen oder aufgeben."));
    // A friend who sat down cannot end the host's table for everyone (a fresh-eyes attack: the others were then told
    // that the host had called it off); it may just go, and its seat stays held.
    if (this.config.invited?.includes(seat)) return refuse(refusal("NOT_THE_HOST", "Only the player who opened this table can call it off.", "Nur wer den Tisch eröffnet hat, kann ihn auflösen."));
    return { reply: [{ type: "ack", clientSeq, version: 0 }], appended: [], config: { ...this.config, cancelled: { seat, time: now } } };
  }

  /**
   * "Ohne sie beginnen": before the deal the host of a table of people with computer team-mates (kind "table") gives
   * every seat still waiting for its person to a computer, so the game can start without a friend who does not come (a
   * player pass: the table waited for good, its host could only call it off). Like a claimed seat it changes the config,
   * not the log; the room deals once the config is adopted. Asked again after the deal it is too late.
   */
  private fill(seat: number, clientSeq: number): { reply: Array<ServerMessageOf<V>>; appended: []; config?: RoomConfigOf<O> } {
    const refuse = (o: Refusal) => this.refuseStored(seat, clientSeq, o);
    const teammate = this.rules.computer.teammate;
    if (teammate === undefined || this.config.kind !== "table") return refuse(refusal("FILL_NOT_ALLOWED", "Only a table with computer team-mates can start with a computer in a free seat.", "Nur an einem Tisch mit Computer-Mitspielern kann ein Computer einen freien Platz übernehmen."));
    if (this.config.cancelled) return refuse(refusal("TABLE_CANCELLED", "This table was called off before the deal.", "Dieser Tisch wurde vor dem Austeilen aufgelöst."));
    if (this.room.version > 0 || !this.config.seats.some((s) => s.type === "invite")) return refuse(refusal("FILL_TOO_LATE", "Every seat is taken: the game is under way.", "Alle Plätze sind besetzt: Die Partie läuft schon."));
    if (this.config.invited?.includes(seat)) return refuse(refusal("NOT_THE_HOST", "Only the player who opened this table can start it without the others.", "Nur wer den Tisch eröffnet hat, kann ohne die anderen beginnen."));
    const seats = this.config.seats.map((s): SeatConfig => (s.type === "invite" ? { type: "computer", level: teammate } : s));
    return { reply: [{ type: "ack", clientSeq, version: 0 }], appended: [], config: { ...this.config, seats } };
  }

  /** Refused as every refused command is: remembered for its clientSeq (a resend gets the same answer), nothing else kept. */
  private refuseStored(seat: number, clientSeq: number, o: Refusal): { reply: Array<ServerMessageOf<V>>; appended: [] } {
    this.store.append([], { seat, clientSeq, outcome: o });
    return { reply: [outcomeMessage<V>(clientSeq, o)], appended: [] };
  }

  /** Keeps the text of a message whose outcome is about to be stored (see `sent`). */
  private remember(seat: number, msg: CoreMessage & { clientSeq: number }): void {
    const key = `${seat}/${msg.clientSeq}`;
    this.sent.delete(key);
    this.sent.set(key, JSON.stringify(msg));
    if (this.sent.size > SENT_KEPT) this.sent.delete(this.sent.keys().next().value!);
  }

  /** A command based on an old version is stale unless everything since then (`since`) is another seat's secret pick. */
  private isStale(seat: number, since: ReadonlyArray<LogEntry<E | RoomEvent>>): boolean {
    return since.some((e) => {
      // The clocks' start changes nothing a move is judged on: a card played as the other seat came is played.
      if (isRoomEvent(e.event)) return e.event.type === "seated" ? false : e.event.type !== "hintGiven" || e.event.seat === seat;
      const owner = this.rules.secretOf(e.event);
      return owner === null || owner === seat;
    });
  }

  /**
   * A public remark: one of the game's fixed set, only when the game allows it (never in a round), at most
   * REMARKS_PER_PAUSE per seat while the table stands still. Not logged — it changes nothing in the game — but told
   * to everyone at the table (`notice`).
   */
  private remark(seat: number, clientSeq: number, remark: string, now: number): { reply: Array<ServerMessageOf<V>>; appended: []; notice?: ServerMessageOf<V> } {
    const remarks = this.rules.remarks;
    const refuse = (o: Refusal) => ({ reply: [errorMessage<V>(clientSeq, o)], appended: [] as [] });
    if (!remarks || !remarks.ids.includes(remark)) return refuse(refusal("REMARK_NOT_ALLOWED", "This table knows no such remark.", "Diese Bemerkung gibt es an diesem Tisch nicht."));
    // After the game (ended by the rules, a resignation or time) a remark is always fine; before it, the game decides.
    if (this.room.version === 0 || !(this.over || remarks.allowed(this.room.game))) return refuse(refusal("REMARK_NOT_ALLOWED", "Remarks only between rounds and after the game: during a round nobody talks.", "Bemerkungen nur zwischen den Runden und nach dem Spiel: Während einer Runde wird nicht geredet."));
    if (this.remarksAt?.version !== this.room.version) this.remarksAt = { version: this.room.version, counts: new Map() };
    const n = this.remarksAt.counts.get(seat) ?? 0;
    if (n >= REMARKS_PER_PAUSE) return refuse(refusal("REMARK_LIMIT", `At most ${REMARKS_PER_PAUSE} remarks per pause.`, `Höchstens ${REMARKS_PER_PAUSE} Bemerkungen pro Pause.`));
    this.remarksAt.counts.set(seat, n + 1);
    return { reply: [{ type: "ack", clientSeq, version: this.room.version }], appended: [], notice: { type: "remark", seat, remark, time: now } };
  }

  /** Remarks made per seat while the table stands at `version` (memory only: after hibernation the count starts again). */
  private remarksAt: { version: number; counts: Map<number, number> } | null = null;

  private decideMessage(seat: number, msg: Exclude<CoreMessage, { type: "hello" | "remark" | "rematch" | "cancel" | "fill" }>, now: number): { events: Array<E | RoomEvent> } | { error: Refusal } {
    if (this.room.version === 0 && this.config.cancelled) {
      return { error: refusal("TABLE_CANCELLED", "This table was called off before the deal: nothing will be played here.", "Dieser Tisch wurde vor dem Geben aufgelöst: hier wird nicht gespielt.") };
    }
    if (this.room.version === 0) {
      return { error: refusal("GAME_NOT_STARTED", "The game has not started yet: a seat is still waiting for its player.", "Das Spiel hat noch nicht begonnen: ein Platz wartet noch auf seinen Spieler.") };
    }
    if (this.over) return { error: refusal("GAME_OVER", "The game is over.", "Das Spiel ist vorbei.") };
    switch (msg.type) {
      case "command": {
        if (msg.baseVersion > this.room.version) {
          return { error: refusal("BAD_VERSION", `baseVersion ${msg.baseVersion} is ahead of the room (${this.room.version}).`, `baseVersion ${msg.baseVersion} liegt vor dem Stand des Tisches (${this.room.version}).`) };
        }
        const d = this.rules.decide(this.room.game, seat, msg.command, now);
        if (!d.ok) return { error: refusal(d.error.code, d.error.message.en, d.error.message.de) };
        return { events: d.events };
      }
      case "leave":
        // Told "zählt noch nicht" and it counts by now: not what the player agreed to (a fresh-eyes pass lost points,
        // Elo and a stake after the dialog's three minutes ran out while it stood open).
        if (msg.uncounted && this.counts(now)) return { error: refusal("LEAVE_COUNTS_NOW", "The game counts now: leaving would lose it. Nothing happened; ask again.", "Die Partie zählt jetzt: Wer geht, verliert sie. Es ist nichts geschehen; frag noch einmal.") };
        return { events: [{ type: "resigned", v: 1, seat, how: "leave" }] };
      case "resign":
        return { events: [{ type: "resigned", v: 1, seat, how: "resign" }] };
      case "takeback":
        return this.decideTakeback(seat, msg.action, now);
      case "hint":
        return this.decideHint(seat);
    }
  }

  /** Whether a game between people ending at `at` counts (10 cards or 3 minutes; view.early says the same). */
  private counts(at: number): boolean {
    return countsAt(this.room.cardsPlayed, this.room.countsFrom, at);
  }

  private decideTakeback(seat: number, action: "request" | "accept" | "decline", now: number): { events: RoomEvent[] } | { error: Refusal } {
    if (this.config.rated) return { error: refusal("TAKEBACK_NOT_ALLOWED", "No take-backs in rated games.", "In gewerteten Partien gibt es kein „Karte zurück“.") };
    // Whose consent it needs is the game's to say (a duel: the other person; against the computer: nobody).
    const consent = this.rules.takebackConsent(seat, this.humanSeats());
    const pending = this.room.takebackRequest;
    const limited = (s: number) => (this.room.takebacks[s] ?? 0) >= TAKEBACKS_PER_SEAT || (this.room.requests[s] ?? 0) >= TAKEBACKS_PER_SEAT;
    if (action === "request") {
      // A game that cannot ask for this consent refuses first, whatever else holds: the views say "not allowed" too.
      if (consent === "unsupported" || consent.length > 1) return { error: refusal("TAKEBACK_NOT_ALLOWED", "Take-backs need every other player's consent; only two-player games ask for it.", "„Karte zurück“ braucht die Zustimmung aller; gefragt wird nur zu zweit.") };
      if (limited(seat)) return { error: refusal("TAKEBACK_LIMIT", `At most ${TAKEBACKS_PER_SEAT} take-backs per player and game.`, `Höchstens ${TAKEBACKS_PER_SEAT}-mal „Karte zurück“ pro Spieler und Partie.`) };
      const target = this.takebackTarget(seat);
      if (target === null) return { error: refusal("TAKEBACK_NOTHING", "You have played no card in this round to take back.", "Du hast in dieser Runde keine Karte gespielt, die du zurücknehmen könntest.") };
      if (consent.length === 0) return { events: [{ type: "takeback", v: 1, seat, toVersion: target }] };
      if (pending) return { error: refusal("TAKEBACK_PENDING", "A take-back request is already waiting for an answer.", "Eine Bitte um „Karte zurück“ wartet schon auf Antwort.") };
      const declined = this.room.lastDecline;
      if (declined && declined.seat !== seat && now - declined.time < TAKEBACK_PAUSE_MS) {
        const s = Math.ceil((TAKEBACK_PAUSE_MS - (now - declined.time)) / 1000);
        return { error: refusal("TAKEBACK_TOO_SOON", `Your opponent declined; ask again in ${s} s.`, `Dein Gegner hat abgelehnt; frag in ${s} s wieder.`) };
      }
      return { events: [{ type: "takebackRequested", v: 1, seat }] };
    }
    // Only the seat whose consent the request needs may answer it.
    const asked = pending && this.rules.takebackConsent(pending.seat, this.humanSeats());
    if (!pending || pending.seat === seat || asked === "unsupported" || !asked?.includes(seat)) return { error: refusal("TAKEBACK_NONE_PENDING", "Your opponent has not asked for a take-back.", "Dein Gegner hat nicht um „Karte zurück“ gebeten.") };
    if (action === "decline") return { events: [{ type: "takebackDeclined", v: 1, seat }] };
    if (limited(pending.seat)) return { error: refusal("TAKEBACK_LIMIT", `At most ${TAKEBACKS_PER_SEAT} take-backs per player and game.`, `Höchstens ${TAKEBACKS_PER_SEAT}-mal „Karte zurück“ pro Spieler und Partie.`) };
    const target = this.takebackTarget(pending.seat);
    if (target === null) return { error: refusal("TAKEBACK_NOTHING", "There is no card of your opponent's left to take back in this round.", "In dieser Runde gibt es keine Karte deines Gegners mehr zurückzunehmen.") };
    return { events: [{ type: "takeback", v: 1, seat: pending.seat, toVersion: target }] };
  }

  /** "Rat" is a help like "Karte zurück": against the computer and in the daily game it is logged and counts "mit Hilfe". */
  private decideHint(seat: number): { events: RoomEvent[] } | { error: Refusal } {
    if (this.config.kind === "online" || !this.advise) return { error: refusal("HINT_NOT_ALLOWED", "Hints are only for games against the computer.", "„Rat“ gibt es nur in Partien gegen den Computer.") };
    // Asked again for the same position: the hint is in the log already; another copy would only grow it.
    if (this.room.hinted[seat]) return { error: refusal("HINT_ALREADY_GIVEN", "You got the hint for this position already (see the game log).", "Den Rat für diese Stellung hast du schon bekommen (siehe Spielverlauf).") };
    const hint = this.advise(this.room.game, seat, `${String(this.config.seed)}/hint/${seat}/${this.room.version}`);
    if (!hint) return { error: refusal("HINT_NOTHING", "You have nothing to decide right now.", "Du hast gerade nichts zu entscheiden.") };
    return { events: [{ type: "hintGiven", v: 1, seat, hint }] };
  }

  /**
   * Whether "Karte zurück" can be asked at this table at all, by the same rule decideTakeback applies: not rated, not
   * over, and a consent the game can ask for (nobody's, or the one other person's). A table of three people at
   * Goldwaage has none, so its views must not advertise what every request would refuse (a fresh-eyes finding).
   * A spectator sees whether any seat could ask.
   */
  private takebackAllowed(viewer: Viewer): boolean {
    if (this.config.rated || this.over) return false;
    const people = this.humanSeats();
    const askable = (seat: number) => {
      const consent = this.rules.takebackConsent(seat, people);
      return consent !== "unsupported" && consent.length <= 1;
    };
    return viewer === "spectator" ? people.some(askable) : askable(viewer);
  }

  /** The version of `seat`'s last card in the current round (what "Karte zurück" returns to), or null. */
  private takebackTarget(seat: number): number | null {
    const effective = this.room.effective;
    for (let i = effective.length - 1; i >= 0; i--) {
      const { version, event } = effective[i]!;
      const mark = this.rules.takebackMark(event);
      if (mark === "boundary") return null;
      if (mark === seat) return version;
    }
    return null;
  }

  /** Computer seats act until a human must (or the game is over); each bot's seed comes from the game's seed and the version. */
  private runComputers(now: number): Array<LogEntry<E | RoomEvent>> {
    const appended: Array<LogEntry<E | RoomEvent>> = [];
    for (let guard = 0; guard < 1000 && !this.over; guard++) {
      const seat = this.rules.toAct(this.room.game).find((s) => this.config.seats[s]?.type === "computer");
      if (seat === undefined) break;
      const cfg = this.config.seats[seat] as { type: "computer"; level: string };
      const levels = this.config.seats.map((s) => (s.type === "computer" ? s.level : null));
      const command = this.choose(this.room.game, seat, cfg.level, `${String(this.config.seed)}/computer/${seat}/${this.room.version}`, levels);
      const d = this.rules.decide(this.room.game, seat, command, now);
      if (!d.ok) throw new Error(`computer seat ${seat} chose an illegal command: ${d.error.code}`);
      appended.push(...this.stage(d.events, now, "computer"));
    }
    return appended;
  }

  /** Folds events into the room in memory only (commit writes them); the computer seats decide on the staged room. */
  private stage(events: ReadonlyArray<E | RoomEvent>, now: number, actor: string): Array<LogEntry<E | RoomEvent>> {
    let version = this.room.version;
    const entries = events.map((event) => ({ version: ++version, time: now, actor, event }));
    for (const e of entries) this.room = this.step(this.room, e);
    return entries;
  }

  /**
   * Stages entries (`build`), then appends them and the command's outcome to the log in one write — one transaction
   * per command however many events it and the computer seats' replies cause. If the write fails, the room is put back
   * as it was: nothing of the command is kept, in storage or in memory, and nothing is broadcast.
   */
  private commit(build: () => Array<LogEntry<E | RoomEvent>>, outcome?: { seat: number; clientSeq: number; outcome: Outcome }): Array<LogEntry<E | RoomEvent>> {
    const before = this.room;
    try {
      const entries = build();
      this.store.append(entries, outcome);
      return entries;
    } catch (err) {
      this.room = before;
      throw err;
    }
  }
}
