// Runs the attack categories against one site and reports them; shared by npm run test:attack and tests/e2e/attack.test.ts.
import type { Site } from "../site.js";
import { newResult, check, type CategoryResult } from "./common.js";
import { hiddenGoldwaage, hiddenInformation } from "./hidden.js";
import { httpFuzz } from "./http-fuzz.js";
import { forcedRestarts } from "./restarts.js";
import { socketFuzz } from "./socket-fuzz.js";

export interface AttackSizes {
  /** Battlemaske games in the hidden-information scan. */
  readonly games: number;
  /** Goldwaage tables in the hidden-information scan (people and computers, Normal to Profi). */
  readonly tables: number;
  readonly messages: number;
  readonly http: number;
  readonly restarts: number;
}

export const DEFAULT_SIZES: AttackSizes = { games: 10, tables: 8, messages: 2000, http: 500, restarts: 3 };

/** A category that threw instead of finishing counts as one failed attack (the suite itself could not go on). */
async function guarded(name: string, run: () => Promise<CategoryResult>): Promise<CategoryResult> {
  try {
    return await run();
  } catch (e) {
    const r = newResult(name, `${name}: did not finish`);
    check(r, `${name} runs to the end`, e instanceof Error ? (e.stack ?? e.message) : String(e));
    return r;
  }
}

/** Every category, the restarts last (they kill the site the others use). */
export async function runAttacks(site: Site, sizes: AttackSizes, log?: (line: string) => void): Promise<CategoryResult[]> {
  const out: CategoryResult[] = [];
  out.push(await guarded("hidden", () => hiddenInformation(site.url, { games: sizes.games, log })));
  log?.(summaryLine(out.at(-1)!));
  if (sizes.tables > 0) {
    out.push(await guarded("hidden-goldwaage", () => hiddenGoldwaage(site.url, { games: sizes.tables, log })));
    log?.(summaryLine(out.at(-1)!));
  }
  out.push(await guarded("socket", () => socketFuzz(site.url, { messages: sizes.messages, log })));
  log?.(summaryLine(out.at(-1)!));
  out.push(await guarded("http", () => httpFuzz(site.url, { requests: sizes.http, log })));
  log?.(summaryLine(out.at(-1)!));
  if (sizes.restarts > 0) {
    out.push(await guarded("restarts", () => forcedRestarts(site, { restarts: sizes.restarts, log })));
    log?.(summaryLine(out.at(-1)!));
  }
  return out;
}

function summaryLine(r: CategoryResult): string {
  return `${r.name}: ${r.passed}/${r.tried} answered as they must be (${(r.ms / 1000).toFixed(1)} s)`;
}

/** The human report: per category the counts and the description, then the first failures with details. */
export function report(results: readonly CategoryResult[], firstFailures = 5): string {
  const lines: string[] = [];
  for (const r of results) {
    const ok = r.passed === r.tried;
    lines.push(`${ok ? "PASS" : "FAIL"} ${r.name.padEnd(9)} ${String(r.passed).padStart(6)} / ${String(r.tried).padEnd(6)} ${r.description}`);
    const notes = Object.entries(r.notes).map(([k, v]) => `${k} ${v}`).join(", ");
    lines.push(`     ${notes}${notes ? ", " : ""}${(r.ms / 1000).toFixed(1)} s`);
    for (const f of r.failures.slice(0, firstFailures)) lines.push(`     ✗ ${f.attack}\n         ${f.detail}`);
    if (r.tried - r.passed > firstFailures) lines.push(`     … and ${r.tried - r.passed - firstFailures} more failures`);
  }
  return lines.join("\n");
}
