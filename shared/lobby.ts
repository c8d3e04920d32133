// The Wartesaal's wire contract (party/lobby.ts ⇄ web/src/pages/Wartesaal.tsx): the terms of a challenge, the
// messages a client sends (valibot), the ones the lobby sends back. Terms are always the sender's view: `role` is
// the role the one who sends them takes. The friend route (POST /api/games) reads the same terms.
import * as v from "valibot";
import { RULESETS, VARIANTS } from "./battlemaske/cards.js";
import { LEVELS as GW_LEVELS, VARIANTS as GW_VARIANTS, type Options as GwOptions } from "./goldwaage/events.js";
import type { TimeControl } from "./room/clock.js";

/** The highest stake a game may carry, in Taler. */
export const MAX_STAKE = 1000;
/** A challenge nobody answers ends after this long. */
export const CHALLENGE_MS = 60_000;
/** The time-control presets: minutes per player + seconds per action. */
export const CLOCK_PRESETS = [
  { minutes: 3, increment: 2 },
  { minutes: 5, increment: 3 },
  { minutes: 10, increment: 5 },
  { minutes: 15, increment: 10 },
] as const;
/** The fixed reasons a challenge may be declined with. */
export const DECLINE_REASONS = ["no-time", "other-clock", "other-kind", "other-stake"] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** A time control's minutes per player: from half a minute to three hours (the challenge form's field says so too). */
export const CLOCK_MINUTES = { min: 0.5, max: 180 } as const;

export const TermsSchema = v.pipe(
  v.strictObject({
    kind: v.picklist(["friendly", "rated"], "kind must be friendly or rated"),
    /** Minutes per player and seconds per action; null: no clock (the 10-minute emergency brake applies). */
    clock: v.nullable(
      v.strictObject({
        minutes: v.pipe(v.number(), v.minValue(CLOCK_MINUTES.min), v.maxValue(CLOCK_MINUTES.max)),
        increment: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(180)),
      }),
    ),
    ruleset: v.picklist(RULESETS),
    variant: v.picklist(VARIANTS),
    /** The sender's role; "random": the Worker draws it when the table opens. */
    role: v.picklist(["conte", "maske", "random"], "role must be conte, maske or random"),
    stake: v.optional(v.pipe(v.number(), v.integer("stake must be a whole number of Taler"), v.minValue(0), v.maxValue(MAX_STAKE))),
  }),
  v.check((g) => !g.stake || g.kind === "rated", "stake: only rated games carry a stake"),
);
export type Terms = v.InferOutput<typeof TermsSchema>;

/**
 * A Goldwaage table offered in the Wartesaal: the shape of POST /api/goldwaage/table's options. The engine's own
 * rule on combinations (validateOptions) is checked by the lobby, which answers BAD_OPTIONS with its reason.
 */
export const GwOptionsSchema = v.strictObject({
  players: v.picklist([2, 3, 4], "players must be 2, 3 or 4"),
  level: v.picklist(GW_LEVELS, "level must be leicht, normal, schwer or profi"),
  variants: v.pipe(v.array(v.picklist(GW_VARIANTS, "unknown variant")), v.maxLength(3)),
});

const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/, "id must be a challenge id"));
const Name = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

export const LobbyClientMessageSchema = v.variant("type", [
  /** The ticket from POST /api/lobby/ticket. */
  v.strictObject({ type: v.literal("hello"), ticket: v.pipe(v.string(), v.maxLength(2048)) }),
  v.strictObject({ type: v.literal("challenge"), to: Name, terms: TermsSchema }),
  v.strictObject({ type: v.literal("accept"), id: Id }),
  v.strictObject({ type: v.literal("decline"), id: Id, reason: v.optional(v.picklist(DECLINE_REASONS)) }),
  /** Changed terms sent back: the challenge ends and a new one goes the other way. */
  v.strictObject({ type: v.literal("counter"), id: Id, terms: TermsSchema }),
  v.strictObject({ type: v.literal("withdraw"), id: Id }),
  /** An open seek: terms anyone may take (one per account: a new one replaces it). */
  v.strictObject({ type: v.literal("seek"), terms: TermsSchema }),
  v.strictObject({ type: v.literal("unseek"), id: Id }),
  v.strictObject({ type: v.literal("take"), id: Id }),
  /** Goldwaage open tables (party/lobby-goldwaage.ts): open one (one per account), join, leave, its creator starts or closes it. */
  v.strictObject({ type: v.literal("gw-open"), options: GwOptionsSchema }),
  v.strictObject({ type: v.literal("gw-join"), id: Id }),
  v.strictObject({ type: v.literal("gw-leave"), id: Id }),
  v.strictObject({ type: v.literal("gw-start"), id: Id }),
  v.strictObject({ type: v.literal("gw-close"), id: Id }),
  /** The player has read what it lost while away (`away`): the lobby forgets it and tells the account's other tabs. */
  v.strictObject({ type: v.literal("away-seen") }),
]);
export type LobbyClientMessage = v.InferOutput<typeof LobbyClientMessageSchema>;

export interface LobbyPlayer {
  readonly name: string;
  readonly points: number;
  readonly elo: number;
  readonly status: "idle" | "playing";
  /** While "playing": the table (its room, to watch it), the game and the others at it (null: a computer or a guest). */
  readonly playing?: { readonly room: string; readonly game: string; readonly others: ReadonlyArray<string | null> };
}

/** One seat of a running table as the Wartesaal shows it: the name (null: a guest without one) or a computer. */
export interface LiveSeat {
  readonly name: string | null;
  readonly computer: boolean;
}

/**
 * A running table as the Wartesaal lists it, from what its room reported (party/live.ts): who plays, the rules, the
 * clock, the score so far (Battlemaske: the mirror; Goldwaage: the lives), rated or not. Public only: nothing hidden.
 */
export interface LiveGame {
  readonly room: string;
  /** The game's id in the catalog ("battlemaske", "goldwaage"). */
  readonly game: string;
  readonly kind: "online" | "computer" | "table";
  readonly seats: readonly LiveSeat[];
  /** As the archive files it: Battlemaske's rule set and variant; Goldwaage's "goldwaage", its variants and level. */
  readonly ruleset: string;
  readonly variant: string;
  readonly level: string | null;
  readonly round: number;
  /** Battlemaske: the mirror (0–10); null for other games. */
  readonly mirror: number | null;
  /** Goldwaage: the team's lives left; null for other games. */
  readonly lives: number | null;
  readonly clock: TimeControl | null;
  readonly rated: boolean;
  readonly stake: number;
  readonly startedAt: number;
}

/** What a room tells the lobby (Durable Object RPC, party/live.ts → party/lobby.ts): its table running, or ended. */
export type LiveReport = { readonly live: LiveGame; readonly accounts: ReadonlyArray<string | null> } | { readonly room: string; readonly ended: true };

export interface Challenge {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly terms: Terms;
  readonly expiresAt: number;
  /** Changed terms sent back for a challenge the sender received (shown as such, not as a new challenge). */
  readonly counter: boolean;
}

export interface Seek {
  readonly id: string;
  readonly from: string;
  readonly terms: Terms;
}

/** An open Goldwaage table: its creator (always the first of `players`), who joined so far, and its options. */
export interface GwTable {
  readonly id: string;
  readonly from: string;
  readonly options: GwOptions;
  /** Names in the order they sat down; seats beyond them become computer team-mates at the start. */
  readonly players: readonly string[];
}

/** Why an open Goldwaage table ended for those at it: started, closed by its creator, its creator left, or it failed to open. */
export type GwTableEnd = "started" | "closed" | "left" | "failed";

export type ChallengeEnd = "accepted" | "declined" | "expired" | "withdrawn" | "countered" | "left" | "failed";

export type LobbyErrorCode = "BAD_MESSAGE" | "TOO_LARGE" | "RATE_LIMITED" | "NO_HELLO" | "BAD_TICKET" | "STALE_TICKET" | "SIGNED_OUT" | "NOT_PRESENT" | "SELF" | "CHALLENGE_OPEN" | "NO_CHALLENGE" | "NO_SEEK" | "SEEKS_FULL" | "NOT_YOURS" | "STAKE_TOO_HIGH" | "TABLE_FAILED" | "BAD_OPTIONS" | "NO_TABLE" | "TABLE_FULL" | "TABLES_FULL" | "AT_TABLE" | "PLAYING" | "BUSY" | "LOBBY_FULL" | "TOO_MANY_SOCKETS" | "TABLE_LIMIT" | "TOO_OFTEN" | "ADDRESS_FULL";

export type LobbyServerMessage =
  | { readonly type: "welcome"; readonly you: string }
  | { readonly type: "presence"; readonly players: readonly LobbyPlayer[] }
  /** Every open challenge from or to the socket's account, whenever that changes. */
  | { readonly type: "challenges"; readonly incoming: readonly Challenge[]; readonly outgoing: readonly Challenge[] }
  /** `lost`: with `left`, the one who left did not leave by its page: the lobby stopped hearing it (ADR 046). */
  | { readonly type: "ended"; readonly id: string; readonly how: ChallengeEnd; readonly by: string | null; readonly reason?: DeclineReason; readonly lost?: true }
  /**
   * Right after the welcome (and any `matched` again), at every hello until the player has read it (`away-seen`) or
   * AWAY_NOTE_MS passed: what this account lost when the lobby let it go for silence (ADR 048) — its seek, the
   * challenges sent to it (`challengedBy`, oldest first) and by it (`challenged`), at most AWAY_NOTE_NAMES names each
   * and `more` / `moreChallenged` beyond them (absent: none), and its open Goldwaage table (`gw`: "closed", its own, or
   * "left", one it had joined).
   */
  | {
      readonly type: "away";
      readonly seek: boolean;
      readonly challengedBy: readonly string[];
      readonly challenged: readonly string[];
      readonly more: number;
      readonly moreChallenged?: number;
      readonly gw: "closed" | "left" | null;
      /** The other side of each table opened for it (a seek taken, a challenge accepted) that it never came to. */
      readonly tables: readonly string[];
    }
  /** To every tab of the account: the player has read the `away` in one of them (it goes from all). */
  | { readonly type: "away-seen" }
  /** Every open seek, to everyone, whenever that changes. */
  | { readonly type: "seeks"; readonly seeks: readonly Seek[] }
  /** Every running table anyone may watch, to everyone, whenever the list changes (newest first). */
  | { readonly type: "live"; readonly games: readonly LiveGame[] }
  /** An accepted challenge's (or a taken seek's) table: this account's own seat and seat token. */
  | {
      readonly type: "matched";
      readonly id: string;
      readonly room: string;
      readonly socket: string;
      readonly seat: 0 | 1;
      readonly role: "conte" | "maske";
      readonly seatToken: string;
      readonly rated: boolean;
      readonly opponent: string;
      /** Told again at a hello, within NO_SHOW_MS of the table's opening: the first may never have reached this page. */
      readonly again?: true;
    }
  /** Every open Goldwaage table, to everyone, whenever that changes. */
  | { readonly type: "gw-tables"; readonly tables: readonly GwTable[] }
  /** To the creator and everyone who joined, when the table they were at ended (`by`: who closed or left). */
  | { readonly type: "gw-ended"; readonly id: string; readonly how: GwTableEnd; readonly by: string | null; readonly lost?: true }
  /** A started Goldwaage table: this account's own seat and seat token; `players` by seat (null: a computer team-mate). */
  | { readonly type: "gw-matched"; readonly id: string; readonly game: "goldwaage"; readonly room: string; readonly socket: string; readonly seat: number; readonly seatToken: string; readonly level: string; readonly players: ReadonlyArray<string | null> }
  | { readonly type: "error"; readonly code: LobbyErrorCode; readonly message: string; readonly messageDe: string };
