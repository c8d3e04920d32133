// The daily game's board as the Worker answers it (GET /api/daily/…/board, docs/api.md) and the client shows it, and the
// day's rules and cards, which the Worker deals and the page re-deals from a day's published code.
import { dealFor } from "./battlemaske/engine.js";
import type { Deal } from "./battlemaske/events.js";

/** One attempt on a daily board. */
export interface BoardEntry {
  rank: number;
  name: string | null;
  score: number | null;
  reached: boolean;
  rounds: number;
  mirror: number;
  finishedAt: number;
  /** Played with "Rat" or "Karte zurück" ("mit Hilfe"): only the main board holds such attempts. */
  helped: boolean;
}

/** The daily game's rules: Battlemaske, one game of three rounds, against Stark, no clock, unrated. */
export const DAILY_OPTIONS = { ruleset: "battlemaske", variant: "single" } as const;

/**
 * A day's three deals from its code (published once the day is over): the same cards every attempt of that day was
 * dealt, round by round (seat 0 is the Conte in a one-game match), whatever was played.
 */
export function dailyDeals(seed: string): Deal[] {
  return ([1, 2, 3] as const).map((round) => dealFor({ options: DAILY_OPTIONS, seed, deals: [] }, 1, round));
}
