// Goldwaage scenarios: the rules as data — options, seed, explicit deals and commands in, one JSON state out.
import * as v from "valibot";
import { describeIssue } from "../util.js";
import type { Card } from "./cards.js";
import { decide, newGame, validateDeals, validateOptions } from "./engine.js";
import type { Deal, Event, Options, Seat } from "./events.js";
import { MalformedScenario } from "../battlemaske/scenario.js";
import { applyInPlace, fold, sumOf, type State } from "./state.js";

const ScenarioSchema = v.looseObject({
  game: v.literal("goldwaage"),
  options: v.optional(v.looseObject({}), {}),
  seed: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.string()]), 0),
  deals: v.optional(v.array(v.nullable(v.unknown()))),
  commands: v.array(v.looseObject({})),
});

/** The state a scenario prints: full information (every hand), the contract of `npm run scenario`. */
export interface GoldwaageScenarioState {
  round: number;
  limit: number;
  /** Lives left. */
  lives: number;
  livesLost: number;
  /** Card ids, bottom first, top card last. */
  pans: { left: Card[]; right: Card[] };
  sums: [number, number];
  hands: Card[][];
  open: Card[][];
  turn: Seat;
  phase: State["phase"];
  result: "won" | "lost" | null;
}

export type GoldwaageScenarioOutput =
  | { ok: true; state: GoldwaageScenarioState }
  | { ok: false; index: number; error: { code: string; message: string }; state: GoldwaageScenarioState };

export function goldwaageScenarioState(s: State): GoldwaageScenarioState {
  return {
    round: s.round,
    limit: s.limit,
    lives: s.lives,
    livesLost: s.livesLost,
    pans: { left: s.pans.left.map((p) => p.card), right: s.pans.right.map((p) => p.card) },
    sums: [sumOf(s.pans.left), sumOf(s.pans.right)],
    hands: s.hands.map((h) => h.slice()),
    open: s.open.map((o) => o.slice()),
    turn: s.turn,
    phase: s.phase,
    result: s.result,
  };
}

export function runGoldwaageScenario(raw: unknown): GoldwaageScenarioOutput {
  return runGoldwaageScenarioWithLog(raw).output;
}

/** Runs a parsed-JSON Goldwaage scenario, stopping at the first rejected command; also returns the event log. */
export function runGoldwaageScenarioWithLog(raw: unknown): { output: GoldwaageScenarioOutput; events: Event[] } {
  const parsed = v.safeParse(ScenarioSchema, raw);
  if (!parsed.success) {
    const { path, message } = describeIssue(parsed.issues, "(top level)");
    throw new MalformedScenario(`at ${path}: ${message}`);
  }
  const sc = parsed.output;
  const o = sc.options as Record<string, unknown>;
  const unknownKey = Object.keys(o).find((k) => !["players", "level", "variants"].includes(k));
  if (unknownKey) throw new MalformedScenario(`at options.${unknownKey}: unknown option (players, level, variants)`);
  const candidate = { players: o["players"] ?? 2, level: o["level"] ?? "normal", variants: o["variants"] ?? [] };
  const why = validateOptions(candidate);
  if (why) throw new MalformedScenario(`at options: ${why}`);
  const options = candidate as Options;
  const deals = sc.deals ?? [];
  const bad = validateDeals(options, deals);
  if (bad) throw new MalformedScenario(`at deals: ${bad}`);
  const events = newGame(options, sc.seed, deals as Array<Deal | null>);
  let state = fold(events);
  for (const [index, command] of sc.commands.entries()) {
    const decision = decide(state, command["seat"], command, index);
    if (!decision.ok) {
      const error = { code: decision.error.code, message: decision.error.message.en };
      return { output: { ok: false, index, error, state: goldwaageScenarioState(state) }, events };
    }
    for (const e of decision.events) state = applyInPlace(state, e);
    events.push(...decision.events);
  }
  return { output: { ok: true, state: goldwaageScenarioState(state) }, events };
}
