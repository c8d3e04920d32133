// The scenario runner's entry: dispatches a parsed scenario file by its "game".
import { MalformedScenario, runBattlemaskeScenario, type ScenarioOutput as BattlemaskeScenarioOutput } from "./battlemaske/scenario.js";
import { runGoldwaageScenario, type GoldwaageScenarioOutput } from "./goldwaage/scenario.js";

export { MalformedScenario };
export type ScenarioOutput = BattlemaskeScenarioOutput | GoldwaageScenarioOutput;

export const SCENARIO_GAMES = ["battlemaske", "goldwaage"] as const;

/** Runs one scenario (already parsed from JSON); throws MalformedScenario when it cannot be run. */
export function runScenario(raw: unknown): ScenarioOutput {
  const game = typeof raw === "object" && raw !== null ? (raw as { game?: unknown }).game : undefined;
  switch (game) {
    case "battlemaske":
      return runBattlemaskeScenario(raw);
    case "goldwaage":
      return runGoldwaageScenario(raw);
    default:
      throw new MalformedScenario(`"game" must be one of ${SCENARIO_GAMES.map((g) => JSON.stringify(g)).join(", ")}, got ${JSON.stringify(game)}`);
  }
}
