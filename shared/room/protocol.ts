// The wire contract between a room and its clients, both directions, for every game: valibot schemas of every
// client → room message, the room → client messages, and the view envelope the room wraps around a game's view.
// The room (party/) and the client (web/) import these same types; nothing else declares them.
import * as v from "valibot";
import { describeIssue } from "../util.js";
import type { ClockState, TimeControl } from "./clock.js";

/**
 * The protocol's version: a client says which one it speaks in hello and the room answers with its own in welcome;
 * a client of another version is told to reload (PROTOCOL_MISMATCH) instead of misreading messages.
 */
export const PROTOCOL_VERSION = 1;
/**
 * Sockets one seat may hold at a table (its tabs and windows; 32, far above any person, and above what a seat's hello
 * budget lets through at once for a long log). A seat never counted against MAX_SOCKETS, so its holder could open
 * sockets without end, each one a copy of every frame the table sends (an attack pass opened 60). A hello
 * beyond it closes that seat's oldest socket (TOO_MANY_WINDOWS, 1008: the page there stops and says why; party/room-server.ts) — the newest
 * is the one a person just opened or a phone just came back on.
 */
export const MAX_SOCKETS_PER_SEAT = 32;

/**
 * The room's `history` messages carry at most about this many bytes each (a whole Battlemaske game is about 150 events,
 * some 25 KB; a game with many take-backs can be far longer): a long log comes in several messages, the last `done`.
 */
export const HISTORY_CHUNK_BYTES = 32 * 1024;

/**
 * A batched socket's frame (hello's `batch`) is closed before a message that would take it past about this many
 * characters of JSON: a long answer (a whole log's `history`) still comes in frames of about this size, never one big one.
 */
export const BATCH_FRAME_CHARS = HISTORY_CHUNK_BYTES;

/** The frames a batched socket gets for `texts` (each a serialised message), in order: JSON arrays of whole messages. */
export function batchFrames(texts: readonly string[]): string[] {
  const frames: string[] = [];
  let from = 0;
  let chars = 0;
  for (let i = 0; i < texts.length; i++) {
    if (i > from && chars + texts[i]!.length > BATCH_FRAME_CHARS) {
      frames.push(`[${texts.slice(from, i).join(",")}]`);
      from = i;
      chars = 0;
    }
    chars += texts[i]!.length + 1;
  }
  if (texts.length > from) frames.push(`[${texts.slice(from).join(",")}]`);
  return frames;
}

/** The messages of one frame a room sent: a batched socket's array, or the one message of any other socket's frame. */
export function framedMessages<M>(frame: unknown): M[] {
  return Array.isArray(frame) ? (frame as M[]) : [frame as M];
}

/** Largest message a room reads; anything bigger is refused unparsed. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * The heartbeat of every socket here (a game room's, the Wartesaal's): the page sends the bare text `ping` while it has
 * heard nothing for a while, and the runtime itself answers `pong` (a Durable Object's WebSocket auto-response), without
 * waking a hibernated room and without it counting against the socket's message budget. A page that hears nothing back
 * knows its connection is gone even when the socket never closed (a network that swallows frames), says so and opens a
 * new one. Not JSON, so no message of the protocol can be mistaken for it.
 */
export const HEARTBEAT = { ping: "ping", pong: "pong" } as const;

const CardId = v.pipe(v.string(), v.maxLength(4));
const Seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const BattlemaskeCommandSchema = v.variant("type", [
  v.strictObject({ type: v.literal("exchange"), cards: v.pipe(v.array(CardId), v.maxLength(3), v.readonly()) }),
  v.strictObject({ type: v.literal("play"), card: CardId, suit: v.optional(v.picklist(["P", "D", "G"])) }),
  v.strictObject({ type: v.literal("swap"), cards: v.pipe(v.array(CardId), v.maxLength(2), v.readonly()) }),
]);

const GoldwaageCardId = v.pipe(v.string(), v.maxLength(3));
const Pan = v.picklist(["left", "right"]);

export const GoldwaageCommandSchema = v.variant("type", [
  v.strictObject({ type: v.literal("show"), cards: v.pipe(v.array(GoldwaageCardId), v.maxLength(6), v.readonly()) }),
  v.strictObject({ type: v.literal("play"), card: GoldwaageCardId, pan: v.optional(Pan), show: v.optional(v.pipe(v.array(GoldwaageCardId), v.maxLength(6), v.readonly())) }),
]);

/** What a seat may do about a rematch: offer one (an offer crossing the other's is an acceptance), answer, take it back. */
export const RematchActions = ["offer", "accept", "decline", "withdraw"] as const;

/** The messages a client may send to a room whose game commands follow `command` (the game definition's `commands`). */
export function clientMessageSchema<C extends v.GenericSchema>(command: C) {
  return v.variant("type", [
    v.strictObject({
      type: v.literal("hello"),
      /** The protocol version the client speaks (PROTOCOL_VERSION); absent: an older client, treated as version 1. */
      protocol: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
      seatToken: v.optional(v.pipe(v.string(), v.maxLength(128))),
      lastVersion: v.optional(Seq),
      /**
       * A page that holds no game log yet (a reload, "Partie fortsetzen") asks for the whole log so far, redacted for
       * its seat: the room answers the welcome with `history` messages. Ignored with `lastVersion` (the client has it).
       */
      history: v.optional(v.boolean()),
      /**
       * The socket takes the messages the room sends it at once (a command's events, state and ack; a hello's answer)
       * as one frame holding a JSON array of them, in the order they would have come one by one (BATCH_FRAME_CHARS).
       * Absent: one message per frame, as always.
       */
      batch: v.optional(v.boolean()),
    }),
    v.strictObject({ type: v.literal("command"), clientSeq: Seq, baseVersion: Seq, command }),
    v.strictObject({ type: v.literal("takeback"), clientSeq: Seq, action: v.picklist(["request", "accept", "decline"]) }),
    v.strictObject({ type: v.literal("hint"), clientSeq: Seq }),
    v.strictObject({ type: v.literal("resign"), clientSeq: Seq }),
    /**
     * Leaves a running game (it is lost, or called off while it does not count yet). `uncounted`: the player was told the
     * game does not count yet (view.early) and agreed to that: if it counts by the time the room reads the message (the
     * tenth card came, the three minutes passed), the room refuses LEAVE_COUNTS_NOW and nothing happens.
     */
    v.strictObject({ type: v.literal("leave"), clientSeq: Seq, uncounted: v.optional(v.literal(true)) }),
    /**
     * Calls the table off before the deal: its host (a seat not taken by invite), while a seat still waits for its player. Nothing was
     * dealt, so nothing is lost or reported; the invites stop working and everyone at the table is told (view.cancelled).
     */
    v.strictObject({ type: v.literal("cancel"), clientSeq: Seq }),
    /**
     * Starts before every invite is taken: the host of a table whose free seats a computer may play (a Goldwaage table of
     * people) gives each seat still waiting for its person to a computer team-mate, and the cards are dealt. The invites
     * of those seats stop working.
     */
    v.strictObject({ type: v.literal("fill"), clientSeq: Seq }),
    /** One of the game's fixed public remarks (GameDefinition.remarks), only when the game allows it (never in a round). */
    v.strictObject({ type: v.literal("remark"), clientSeq: Seq, remark: v.pipe(v.string(), v.maxLength(32)) }),
    /** "Revanche" after the end of a game between two accounts (party/rematch.ts): not a game event, never logged. */
    v.strictObject({ type: v.literal("rematch"), clientSeq: Seq, action: v.picklist(RematchActions) }),
    /**
     * "Who is at the table now?": answered with a `presence` message (and everyone else told if it changed). The room
     * server's, never the core's: a page waiting for another person asks now and then, since a seat whose page has not
     * been heard for a while (its heartbeat) no longer counts as there, and only an awake room can tell (ADR 045).
     */
    v.strictObject({ type: v.literal("presence") }),
  ]);
}

export const ClientMessageSchema = clientMessageSchema(BattlemaskeCommandSchema);
export const GoldwaageClientMessageSchema = clientMessageSchema(GoldwaageCommandSchema);

export type ClientMessageSchemaOf = ReturnType<typeof clientMessageSchema<v.GenericSchema>>;
/** A message as the room reads it: the game's command is checked by the game's schema and decided by its engine. */
export type ClientMessage = v.InferOutput<ClientMessageSchemaOf>;
/** What the room core reads: every message but `presence`, which the room server answers from its sockets. */
export type CoreMessage = Exclude<ClientMessage, { type: "presence" }>;

/** Stable codes of protocol errors (rule errors keep the engine's codes). */
export type ProtocolErrorCode =
  | "BAD_MESSAGE"
  | "TOO_LARGE"
  | "NO_HELLO"
  | "NOT_A_PLAYER"
  | "BAD_SEAT_TOKEN"
  | "BAD_VERSION"
  | "TAKEBACK_NOT_ALLOWED"
  | "TAKEBACK_NOTHING"
  | "TAKEBACK_PENDING"
  | "TAKEBACK_NONE_PENDING"
  | "TAKEBACK_TOO_SOON"
  | "GAME_OVER"
  | "GAME_NOT_STARTED"
  | "TABLE_CANCELLED"
  | "CANCEL_TOO_LATE"
  | "NOT_THE_HOST"
  | "RATE_LIMITED"
  | "TAKEBACK_LIMIT"
  | "HINT_ALREADY_GIVEN"
  | "NO_SPECTATORS"
  | "PROTOCOL_MISMATCH"
  | "REMARK_NOT_ALLOWED"
  | "REMARK_LIMIT"
  | "REMATCH_NOT_ALLOWED"
  | "REMATCH_NONE_PENDING"
  /** A seat's sixth rematch offer after one game (MAX_REMATCH_OFFERS): nothing is sent to anyone. */
  | "REMATCH_LIMIT"
  | "REMATCH_DONE"
  | "STAKE_TOO_HIGH"
  | "TABLE_LIMIT"
  | "TABLE_FULL"
  /** A spectator's hello while its address (an IPv6 /64) already watches the table with 8 sockets: closed 1013. */
  | "TOO_MANY_SPECTATORS"
  /** To a seat's oldest socket when a hello for that seat would make it more than 32 (MAX_SOCKETS_PER_SEAT): closed 1008, the page stops. */
  | "TOO_MANY_WINDOWS"
  /** A hello while its viewer's hello budget (the table's spectators together, or the seat) is spent: closed 1013, try again. */
  | "TABLE_BUSY"
  /** A second hello on a socket that has said hello: nothing is answered but this (a reconnect is a new socket). */
  | "HELLO_REPEATED";

export interface ErrorMessage {
  readonly type: "error";
  readonly clientSeq: number | null;
  readonly code: string;
  readonly message: string;
  readonly messageDe: string;
}

/** The UTF-8 size of a string (lone surrogates count as the 3 bytes of U+FFFD, as an encoder writes them). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Parses one raw socket message: the typed message, or a protocol error to send back. The size limit counts UTF-8 bytes. */
export function parseClientMessage(raw: string, schema: ClientMessageSchemaOf = ClientMessageSchema): { ok: true; message: ClientMessage } | { ok: false; code: ProtocolErrorCode; message: string } {
  return parseJsonMessage(raw, schema);
}

/** Parses one raw socket message against any valibot schema (a room's, the lobby's): at most MAX_MESSAGE_BYTES of UTF-8 JSON. */
export function parseJsonMessage<S extends v.GenericSchema>(raw: string, schema: S): { ok: true; message: v.InferOutput<S> } | { ok: false; code: "TOO_LARGE" | "BAD_MESSAGE"; message: string } {
  // Every UTF-16 unit is at least one byte, at most three: only the range in between needs counting.
  if (raw.length > MAX_MESSAGE_BYTES || (raw.length * 3 > MAX_MESSAGE_BYTES && utf8Bytes(raw) > MAX_MESSAGE_BYTES)) {
    return { ok: false, code: "TOO_LARGE", message: `a message may hold at most ${MAX_MESSAGE_BYTES} bytes (UTF-8)` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: "BAD_MESSAGE", message: "not valid JSON" };
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) {
    const { path, message } = describeIssue(parsed.issues, "message");
    return { ok: false, code: "BAD_MESSAGE", message: `${path}: ${message}` };
  }
  return { ok: true, message: parsed.output };
}

/** Room-level events, logged beside the game's own. */
export type RoomEvent =
  | { readonly type: "takebackRequested"; readonly v: 1; readonly seat: number }
  | { readonly type: "takebackDeclined"; readonly v: 1; readonly seat: number }
  /** Rolls the game back to the state before `toVersion`; the log keeps everything. */
  | { readonly type: "takeback"; readonly v: 1; readonly seat: number; readonly toVersion: number }
  | { readonly type: "resigned"; readonly v: 1; readonly seat: number; readonly how: "resign" | "leave" }
  /** "Rat": advice for this seat only (others learn only that a hint was given). */
  | { readonly type: "hintGiven"; readonly v: 1; readonly seat: number; readonly hint: HintPayload }
  /**
   * The seat's clock ran out (or, without a clock, it did not act for 10 minutes). `seats`, only when several flags fell
   * at the same instant: all of them (`seat` is the first); a duel where both fell is a draw.
   */
  | { readonly type: "timeout"; readonly v: 1; readonly seat: number; readonly seats?: readonly number[] }
  /** These people's seats never came to the table within NO_SHOW_MS of the deal: the game is called off (aborted). */
  | { readonly type: "noShow"; readonly v: 1; readonly seats: readonly number[] }
  /**
   * Every person's seat has come to the table (at a table whose config has `clockWaitsForSeats`): the clocks start now.
   * Until it, nobody's clock runs (a fresh-eyes pass: both lost 52 s while a duel waited for its second player).
   */
  | { readonly type: "seated"; readonly v: 1 };

/** A hint as logged: the cards to highlight, the suit to name, the reason, the estimated chance to win. */
export interface HintPayload {
  readonly cards: readonly string[];
  readonly suit: string | null;
  readonly reason: { readonly de: string; readonly en: string };
  readonly winChance: number;
}

/** The result of a finished game: the winning seat (null for a draw, an aborted or a cooperative game) and how it came about. */
export interface RoomResult {
  readonly winner: number | null;
  readonly draw: boolean;
  readonly reason: "rules" | "resign" | "leave" | "timeout" | "aborted";
  /** Cooperative games: the team's result. */
  readonly team?: "won" | "lost";
  /**
   * An unrated game between people that ended before 10 cards and 3 minutes other than by the rules: the forfeit stands
   * at the table, but no record counts it (a rated one is `aborted` instead). Absent otherwise.
   */
  readonly uncounted?: true;
  /** Aborted because these seats never came to the table (a `noShow`). Absent otherwise. */
  readonly absent?: readonly number[];
}

/** The game's view plus what the room adds: take-back state, help used, how the game ended, the clocks. */
export interface RoomViewOf<V> {
  readonly game: V;
  /** Seats still waiting for an invited player (the game is dealt once this is empty). */
  readonly waitingFor: readonly number[];
  /** `mine`: this seat has a card of the current round it could ask back (false for a spectator). */
  readonly takeback: { readonly requestedBy: number | null; readonly allowed: boolean; readonly mine?: boolean };
  readonly helped: readonly boolean[];
  /**
   * Each seat's display name as the Worker knew it when the seat was taken (the account's name; null for a guest
   * without one, a computer seat, or a seat still free). Absent at a table that names nobody (hot-seat).
   */
  readonly names?: ReadonlyArray<string | null>;
  /**
   * The seats a computer plays (public from the start: who sits where is no secret). Absent at a table without one.
   * A team-mate invited to a Goldwaage table otherwise learnt it only when that seat first acted.
   */
  readonly computers?: readonly number[];
  /** The table's terms as the Worker opened it: rated, and the Taler at stake (0: none). */
  readonly rated?: boolean;
  readonly stake?: number;
  readonly over: boolean;
  readonly result: RoomResult | null;
  /** The table was called off before the deal (a `cancel` from `seat`): nothing will be dealt here. Absent otherwise. */
  readonly cancelled?: { readonly seat: number };
  /**
   * A game between people (a duel) that does not count yet: the cards played so far and when its 3 minutes began (room
   * time: the deal, or where the clocks wait for every seat, when the last seat came). It counts from RATED_MIN_CARDS
   * cards or RATED_MIN_MS after `startedAt`; ended earlier by leaving, resigning or a flag, a rated one is aborted and an
   * unrated one counts for no record. `waiting`: a seat has not come yet, so the 3 minutes have not begun (`startedAt`
   * is the deal then) and only cards count. Absent once the tenth card is down, after the end, and at other tables. The
   * leave question says which case applies now.
   */
  readonly early?: { readonly cardsPlayed: number; readonly startedAt: number; readonly waiting?: true };
  /**
   * The clocks as of `since`; a client counts the running seats down from there. Before the deal (a friend still to
   * come) the agreed time control with full clocks, none running.
   */
  readonly clock: (ClockState & { readonly control: TimeControl }) | null;
}

/** One logged event as a viewer receives it (in an `event` message, or as an entry of `history`). */
export interface EventEntry {
  readonly version: number;
  readonly time: number;
  readonly actor: string;
  readonly event: unknown;
}

/** Whether each seat has a socket open at the room now (a computer seat counts as there). */
export interface PresenceMessage {
  readonly type: "presence";
  /** connected[seat]: a socket that said hello for that seat is open (computer seats: always true). */
  readonly connected: readonly boolean[];
  /** How many sockets watch without a seat (absent from rooms before spectators were counted). */
  readonly spectators?: number;
  /**
   * People's seats that have not come to the table since the deal, and when the game is called off if they still have
   * not (NO_SHOW_MS after the deal). Absent when every seat came (or the table has one person only).
   */
  readonly noShow?: { readonly seats: readonly number[]; readonly at: number };
}

export interface RemarkMessage {
  readonly type: "remark";
  readonly seat: number;
  /** The remark's id among the game's fixed set (the client shows it in its language). */
  readonly remark: string;
  readonly time: number;
}

/**
 * Where a rematch stands, to everyone at the table whenever it changes (and after hello while there is one): `by` is
 * the seat that offered (offered) or declined (declined); `code` why opening failed (STAKE_TOO_HIGH, TABLE_LIMIT, TABLE_FAILED).
 */
export interface RematchMessage {
  readonly type: "rematch";
  readonly state: "none" | "offered" | "declined" | "opening" | "opened" | "failed";
  readonly by: number | null;
  readonly code?: string;
  /** Once opened: the new table's room — public, as every running table is in the live list — so spectators can follow. */
  readonly room?: string;
}

/** The new table of an accepted rematch, to one seat's own sockets only: its seat there and its own seat token. */
export interface RematchReadyMessage {
  readonly type: "rematchReady";
  readonly room: string;
  readonly socket: string;
  readonly seat: number;
  readonly role: "conte" | "maske";
  readonly seatToken: string;
  readonly rated: boolean;
}

export type ServerMessageOf<V> =
  | RematchMessage
  | RematchReadyMessage
  | { type: "welcome"; protocol: number; room: string; seat: number | null; version: number; view: RoomViewOf<V> | null }
  | { type: "event"; version: number; time: number; actor: string; event: unknown }
  /** The log so far as this viewer may see it (asked for with hello's `history`), after the welcome; `done` on the last part. */
  | { type: "history"; version: number; entries: readonly EventEntry[]; done: boolean }
  | PresenceMessage
  /** A seat's public remark, to everyone at the table at that moment (not logged: it changes nothing in the game). */
  | RemarkMessage
  | { type: "state"; version: number; view: RoomViewOf<V> }
  | { type: "ack"; clientSeq: number; version: number }
  /**
   * Take this view. In answer to a stale command also `clientSeq` (the command not applied) and `missed`: what the
   * command had not seen — `own` when that includes a move of its own seat (another tab or device of the player came
   * first), `table` when only others' — so the client can say why its move was dropped.
   */
  | { type: "resync"; version: number; view: RoomViewOf<V>; clientSeq?: number; missed?: "own" | "table" }
  | { type: "error"; clientSeq: number | null; code: string; message: string; messageDe: string };

