// The scenario runner's entry: dispatches a parsed scenario file by its "game".
import { MalformedScenario, runBattlemaskeScenario, type ScenarioOutput } from "./battlemaske/scenario.js";

export { MalformedScenario };
export type { ScenarioOutput };

export const SCENARIO_GAMES = ["battlemaske"] as const;

/** Runs one scenario (already parsed from JSON); throws MalformedScenario when it cannot be run. */
export function runScenario(raw: unknown): ScenarioOutput {
  const game = typeof raw === "object" && raw !== null ? (raw as { game?: unknown }).game : undefined;
  switch (game) {
    case "battlemaske":
      return runBattlemaskeScenario(raw);
    default:
      throw new MalformedScenario(`"game" must be one of ${SCENARIO_GAMES.map((g) => JSON.stringify(g)).join(", ")}, got ${JSON.stringify(game)}`);
  }
}
