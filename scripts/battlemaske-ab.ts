// A/B runs of Stark against a baseline bot on the sim's deals, one line per game, for paired comparisons of Stark's settings.
//   npx tsx scripts/battlemaske-ab.ts run OUT.jsonl RULESET FROM TO ['{"exactAt":7}'] [OPPONENT=pimc16]
//     plays deals FROM..TO−1 of `npm run sim -- --seed 1` twice (Stark as the Conte, then as the Maske) with LEVELS.stark
//     overridden by the JSON (a `byRuleset` key replaces Stark's per-rule-set sizes); prints a summary with Stark's ms.
//   npx tsx scripts/battlemaske-ab.ts compare A.jsonl B.jsonl
//     the paired difference B − A over the games both files hold (per deal, ± 1.96 standard errors of the mean).
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import type { Ruleset } from "../shared/battlemaske/index.js";
import { isBotName, LEVELS, type BotName } from "../shared/battlemaske/bots/index.js";
import { playGame } from "./sim-battlemaske.js";

function run(out: string, ruleset: Ruleset, from: number, to: number, overrides: string, opp: BotName): void {
  const over = JSON.parse(overrides) as Record<string, unknown>;
  const base = LEVELS.stark;
  // LEVELS is read at every decision, so replacing Stark's entry here changes only this process.
  (LEVELS as unknown as Record<string, unknown>).stark = { ...base, ...over, byRuleset: over.byRuleset ?? base.byRuleset };
  writeFileSync(out, "");
  const times: number[] = [];
  const wins = [0, 0];
  for (let g = from; g < to; g++) {
    for (let pass = 0; pass < 2; pass++) {
      const bots: [BotName, BotName] = pass === 0 ? ["stark", opp] : [opp, "stark"];
      const t: [number[], number[]] = [[], []];
      // The same game and bot seeds as `npm run sim -- --seed 1 --swap-roles` with Stark given as --conte.
      const r = playGame(ruleset, `sim/1/${g}`, bots, `bot/1/${g}/${pass}`, t);
      const starkWon = (pass === 0) === r.conteWon;
      times.push(...t[pass]);
      if (starkWon) wins[pass]++;
      appendFileSync(out, `${JSON.stringify({ g, pass, starkWon, mirror: r.mirror })}\n`);
    }
    if ((g + 1 - from) % 25 === 0) process.stderr.write(`${g + 1 - from} deals: Stark as the Conte ${wins[0]}, as the Maske ${wins[1]}\n`);
  }
  const n = to - from;
  times.sort((a, b) => a - b);
  const q = (p: number) => Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(1));
  const mean = Number((times.reduce((a, b) => a + b, 0) / times.length).toFixed(1));
  const rate = (x: number) => Number(x.toFixed(4));
  process.stdout.write(`${JSON.stringify({ over, ruleset, deals: `${from}-${to - 1}`, games: 2 * n, starkWins: wins[0] + wins[1], rate: rate((wins[0] + wins[1]) / (2 * n)), asConte: rate(wins[0] / n), asMaske: rate(wins[1] / n), ms: { mean, p95: q(0.95), p99: q(0.99), max: q(1) } })}\n`);
}

function load(file: string): Map<string, number> {
  const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");
  return new Map(lines.map((l) => {
    const o = JSON.parse(l) as { g: number; pass: number; starkWon: boolean };
    return [`${o.g}/${o.pass}`, o.starkWon ? 1 : 0];
  }));
}

function compare(fa: string, fb: string): void {
  const a = load(fa), b = load(fb);
  const perDeal = new Map<number, number>();
  const sa = [0, 0], sb = [0, 0];
  let games = 0;
  for (const [key, vb] of b) {
    const va = a.get(key);
    if (va === undefined) continue;
    const [g, pass] = key.split("/").map(Number) as [number, number];
    perDeal.set(g, (perDeal.get(g) ?? 0) + (vb - va) / 2);
    sa[pass] += va;
    sb[pass] += vb;
    games++;
  }
  const d = [...perDeal.values()];
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const se = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1) / d.length);
  const pct = (x: number, n: number) => (100 * x / n).toFixed(1);
  const half = games / 2;
  process.stdout.write(`${games} games (${d.length} deals): A ${pct(sa[0] + sa[1], games)} % (as the Conte ${pct(sa[0], half)} / as the Maske ${pct(sa[1], half)}), B ${pct(sb[0] + sb[1], games)} % (${pct(sb[0], half)} / ${pct(sb[1], half)}), B − A ${(100 * mean).toFixed(1)} ± ${(196 * se).toFixed(1)} points\n`);
}

const [mode, ...rest] = process.argv.slice(2).filter((x) => x !== "--");
if (mode === "run" && rest.length >= 4) {
  const [out, ruleset, from, to, overrides, opp] = rest as [string, Ruleset, string, string, string?, string?];
  if (opp !== undefined && !isBotName(opp)) throw new Error(`unknown bot ${opp}`);
  run(out, ruleset, Number(from), Number(to), overrides ?? "{}", (opp ?? "pimc16") as BotName);
} else if (mode === "compare" && rest.length === 2) compare(rest[0] as string, rest[1] as string);
else {
  process.stderr.write("usage: battlemaske-ab.ts run OUT.jsonl RULESET FROM TO [JSON] [OPPONENT] | compare A.jsonl B.jsonl\n");
  process.exitCode = 2;
}
