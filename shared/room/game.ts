// The game definition: the one seam between a game and everything that runs it (rooms, Worker, client).
import type * as v from "valibot";
import type { Seed } from "../rng.js";
import type { HintPayload, RoomResult } from "./protocol.js";

export type Viewer = number | "spectator";

/**
 * A game as the room (and every other layer) sees it: its pure engine, what it hides, who must act, which events
 * are cards (take-backs, clocks), its result, its seats and its computer players. One per game, in the game's own
 * folder (shared/<game>/game.ts); the generic room core runs any of them.
 */
export interface GameDefinition<S, E extends { readonly type: string }, O, V> {
  /** The game's id in the catalog and in D1 (`games.game`), and its room class's path (/parties/<party>/<room>). */
  readonly id: string;
  readonly party: string;
  /** The Durable Object binding of its room class in wrangler.toml (env.<binding>). */
  readonly binding: string;
  /** How many seats a table of this game has. */
  readonly seats: { readonly min: number; readonly max: number };
  /** The valibot schema of this game's commands (the `command` of a client's command message). */
  readonly commands: v.GenericSchema;
  /** The computer players: a command for a seat from that seat's information only, and "Rat" (null: no hints). */
  readonly computer: {
    readonly choose: ChooseOf<S>;
    readonly advise: AdviseOf<S> | null;
    /**
     * The level of a computer team-mate that takes a free seat when a table's host starts without a friend who has not
     * come (the room's `fill`); absent: the game has no team-mates for people (a duel), and `fill` is refused.
     */
    readonly teammate?: string;
  };
  newGame(options: O, seed: Seed): E[];
  apply(state: S, event: E): S;
  fold(events: readonly E[]): S;
  decide(state: S, seat: number, command: unknown, now: number): { ok: true; events: E[] } | { ok: false; error: { code: string; message: { de: string; en: string } } };
  view(state: S, viewer: Viewer): V;
  /** The table before the deal (invited players still missing): the settings and empty seats, for `viewer`. */
  waitingView(options: O, viewer: Viewer): V;
  /** The event as `viewer` may see it while the game runs (some options deal open hands). */
  redact(event: E, viewer: Viewer, options: O): unknown;
  /** The seats that must act now (one to play, or several picking at once). */
  toAct(state: S): number[];
  isOver(state: S): boolean;
  /** The seat whose secret pick this event is (it changes nothing another seat can see), else null. */
  secretOf(event: E): number | null;
  /** "Karte zurück": the seat whose card this event plays, "boundary" where take-backs stop (a new round), else null. */
  takebackMark(event: E): number | "boundary" | null;
  /** Clocks: the seat whose own action this is (its increment is due), and how long the table shows the event. */
  actorOf(event: E): number | null;
  creditMs(event: E): number;
  /** The result by the rules once the game is over. */
  ruleResult(state: S): Omit<RoomResult, "reason"> | null;
  /**
   * The result when `seats` resign, leave or run out of time — one seat, except when several flags fell at the same
   * instant (two players: the other wins, or a draw when both fell; a team: it lost).
   */
  forfeit(state: S, seats: readonly number[]): Omit<RoomResult, "reason">;
  /**
   * Whose consent a take-back by `seat` needs, among `people` (the seats held by persons, `seat` included): none
   * against the computer; "unsupported" where the game cannot ask (several people would have to agree).
   */
  takebackConsent(seat: number, people: readonly number[]): number[] | "unsupported";
  /**
   * Fixed public remarks a seat may make ("Gut gespielt", …), and when: never while a round is played (Goldwaage's
   * silence rule). Absent: the game has none.
   */
  readonly remarks?: { readonly ids: readonly string[]; allowed(state: S): boolean };
  /** The game's part of the result report the room sends the Worker (shared/room/report.ts). */
  readonly report: GameReportOf<S>;
}

/**
 * A game's own part of the result report and how the Worker files it. The room's part (seats, accounts, result,
 * help, times, the log) is the same for every game: shared/room/report.ts.
 */
export interface GameReportOf<S> {
  /** valibot entries of the game's own fields; they may also narrow the room's (e.g. exactly two accounts). */
  readonly fields: v.ObjectEntries;
  /** The game's own fields, from the final state. */
  summary(state: S): Record<string, unknown>;
  /** The archive's columns for this game (`results.ruleset`, `results.variant`, and `level` where not the computer's). */
  archive(report: Readonly<Record<string, unknown>>): { readonly ruleset: string; readonly variant: string; readonly level?: string };
  /**
   * Where a finished game goes in a seat's Bilanz (`records`: game, level, role). `level` is the room's: the
   * computer's level, "friendly", "rated", "daily" or "table".
   */
  bilanz(report: Readonly<Record<string, unknown>>, seat: number, level: string): { readonly game: string; readonly level: string; readonly role: string };
}

/** A computer player: deterministic for its seed, sees only what `seat` may know; `levels` names every seat's computer level (null: a person). */
export type ChooseOf<S> = (state: S, seat: number, level: string, seed: string, levels: ReadonlyArray<string | null>) => unknown;
/** Computes "Rat" for a seat from that seat's information only; null when it has nothing to decide. */
export type AdviseOf<S> = (state: S, seat: number, seed: string) => HintPayload | null;
