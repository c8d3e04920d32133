// The result report a room sends the Worker once its game is over (POST /internal/results): one schema, read by both.
// The room's part is the same for every game; each game adds its own fields (GameDefinition.report.fields).
import * as v from "valibot";
import type { GameDefinition } from "./game.js";

const Account = v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(64)));
export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const SeatIndex = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3));

/** A rated game counts only after 10 played cards or 3 minutes; ended earlier by leaving or resigning, it is aborted. */
export const RATED_MIN_CARDS = 10;
export const RATED_MIN_MS = 3 * 60 * 1000;

/**
 * Whether a game between people whose 3 minutes began at `startedAt` counts if it ends at `at` with `cardsPlayed` cards
 * down; `startedAt` null: they have not begun (a seat has not come, ADR 047), so only the cards count.
 */
export const countsAt = (cardsPlayed: number, startedAt: number | null, at: number): boolean => cardsPlayed >= RATED_MIN_CARDS || (startedAt !== null && at - startedAt >= RATED_MIN_MS);

/** The kinds of table the Worker opens (worker/tables.ts); a hot-seat game never leaves the browser. */
export const REPORTED_KINDS = ["computer", "online", "daily", "table"] as const;

/** How the game ended; a game narrows who can win (a duel: seat 0 or 1). */
export function resultSchema(winner: v.GenericSchema<number>) {
  return v.object({
    winner: v.nullable(winner),
    draw: v.boolean(),
    reason: v.picklist(["rules", "resign", "leave", "timeout", "aborted"]),
    team: v.optional(v.picklist(["won", "lost"])),
    /**
     * The room's word that no record counts this end (an early end among people: RoomResult.uncounted). The Worker
     * honours it beside its own rule, which sees only the accounts: a guest who opened a Goldwaage table and resigned at
     * once booked a loss for the account that had joined, while the table said "Zählt nicht" (a fresh-eyes attack).
     */
    uncounted: v.optional(v.literal(true)),
  });
}

/** The room's part of every report. */
export const roomReportEntries = {
  room: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "room must be 1 to 64 characters of A-Z a-z 0-9 _ -")),
  kind: v.picklist(REPORTED_KINDS),
  rated: v.boolean(),
  /** The computer's level, where a computer seat played against people. */
  level: v.nullable(v.pipe(v.string(), v.maxLength(32))),
  /** The account at each seat as the room recorded it (null: a computer seat or a guest). */
  accounts: v.pipe(v.array(Account), v.minLength(1), v.maxLength(4)),
  result: resultSchema(SeatIndex),
  /** Per seat: whether it used "Rat" or "Karte zurück". */
  helped: v.pipe(v.array(v.boolean()), v.maxLength(4)),
  cardsPlayed: Count,
  startedAt: Count,
  finishedAt: Count,
  stake: Count,
  log: v.pipe(
    v.array(v.object({ version: v.pipe(v.number(), v.integer(), v.minValue(1)), time: v.number(), actor: v.string(), event: v.looseObject({ type: v.string() }) })),
    v.maxLength(20_000),
  ),
};

/** A game's report schema: the room's entries, the game's id, and the game's own fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function reportSchemaOf(game: GameDefinition<any, any, any, any>) {
  // Battlemaske's reports predate the `game` field: a report without one is Battlemaske's (docs/api.md).
  const id = game.id === "battlemaske" ? v.optional(v.literal(game.id), game.id) : v.literal(game.id);
  return v.object({ ...roomReportEntries, game: id, ...game.report.fields });
}

/** The room's part of a report as the room builds it. */
export type RoomReport = v.InferOutput<v.ObjectSchema<typeof roomReportEntries, undefined>> & { readonly game: string };
