// Battlemaske scenarios: the rules as data — options, seed, explicit deals and commands in, one JSON state out.
import * as v from "valibot";
import { describeIssue } from "../util.js";
import { RULESETS, VARIANTS, type Card, type Suit } from "./cards.js";
import { decide, matchScores, newGame, validateDeal } from "./engine.js";
import type { Deal, Event, Options, Role, Seat } from "./events.js";
import { applyInPlace, fold, type State } from "./state.js";

const ScenarioSchema = v.looseObject({
  game: v.literal("battlemaske"),
  options: v.optional(
    v.strictObject({
      ruleset: v.optional(v.picklist(RULESETS), "battlemaske"),
      variant: v.optional(v.picklist(VARIANTS), "single"),
    }),
    {},
  ),
  seed: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.string()]), 0),
  deals: v.optional(v.array(v.nullable(v.unknown()))),
  commands: v.array(v.looseObject({})),
});

/** The state a scenario prints: full information (both hands), the contract of `npm run scenario`. */
export interface ScenarioState {
  game: 1 | 2;
  round: 1 | 2 | 3;
  phase: State["phase"];
  mirror: number;
  tricks: [number, number];
  ranking: Suit[];
  hands: [Card[], Card[]];
  trick: Card[];
  leader: Seat;
  winner: Role | null;
  match: { scores: [number, number]; winner: Seat | null; draw: boolean } | null;
}

export type ScenarioOutput =
  | { ok: true; state: ScenarioState }
  | { ok: false; index: number; error: { code: string; message: string }; state: ScenarioState };

export function scenarioState(s: State): ScenarioState {
  return {
    game: s.game,
    round: s.round,
    phase: s.phase,
    mirror: Math.min(10, s.mirror),
    tricks: [s.tricks[0], s.tricks[1]],
    ranking: s.ranking.slice(),
    hands: [s.hands[0].slice(), s.hands[1].slice()],
    trick: s.trick.map((p) => p.card),
    leader: s.leader,
    winner: s.winner,
    match:
      s.options.variant === "profi"
        ? s.match
          ? { scores: [s.match.scores[0], s.match.scores[1]], winner: s.match.winner, draw: s.match.draw }
          : { scores: matchScores(s), winner: null, draw: false }
        : null,
  };
}

/** Thrown for a scenario that cannot be run at all (exit code 2 in the CLI); rule errors are outputs, not exceptions. */
export class MalformedScenario extends Error {}

/** Runs a parsed-JSON Battlemaske scenario: stops at the first rejected command. */
export function runBattlemaskeScenario(raw: unknown): ScenarioOutput {
  return runBattlemaskeScenarioWithLog(raw).output;
}

/** The same, also returning the event log the commands produced (for tests and replays). */
export function runBattlemaskeScenarioWithLog(raw: unknown): { output: ScenarioOutput; events: Event[] } {
  const parsed = v.safeParse(ScenarioSchema, raw);
  if (!parsed.success) {
    const { path, message } = describeIssue(parsed.issues, "(top level)");
    throw new MalformedScenario(`at ${path}: ${message}`);
  }
  const sc = parsed.output;
  const options: Options = { ruleset: sc.options.ruleset, variant: sc.options.variant };
  const slots = options.variant === "profi" ? 6 : 3;
  if (sc.deals && sc.deals.length > slots) throw new MalformedScenario(`at deals: at most ${slots} deals for the ${options.variant} variant, got ${sc.deals.length}`);
  const deals: Array<Deal | null> = [];
  for (const [i, d] of (sc.deals ?? []).entries()) {
    if (d === null) {
      deals.push(null);
      continue;
    }
    const why = validateDeal(options, d);
    if (why) throw new MalformedScenario(`at deals.${i}: ${why}`);
    deals.push(d as Deal);
  }
  const events = newGame(options, sc.seed, deals);
  let state = fold(events);
  for (const [index, command] of sc.commands.entries()) {
    const decision = decide(state, command["seat"], command, index);
    if (!decision.ok) {
      const error = { code: decision.error.code, message: decision.error.message.en };
      return { output: { ok: false, index, error, state: scenarioState(state) }, events };
    }
    for (const e of decision.events) state = applyInPlace(state, e);
    events.push(...decision.events);
  }
  return { output: { ok: true, state: scenarioState(state) }, events };
}


