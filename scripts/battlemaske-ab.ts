// A/B runs of Stark against a baseline bot on the sim's deals, one line per game, for paired comparisons of Stark's settings.
//   npx tsx scripts/battlemaske-ab.ts run OUT.jsonl RULESET FROM TO ['{"exactAt":7}'] [OPPONENT=pimc16]
//     plays deals FROM..TO−1 of `npm run sim -- --seed 1` twice (Stark as the Conte, then as the Maske) with LEVELS.stark
//     overridden by the JSON (a `byRuleset` key replaces Stark's per-rule-set sizes); prints a summary with Stark's ms.
//     `"oracle": true` in the JSON makes Stark's seat an oracle: the same search, but handed the one true world (the
//     opponent's real hand) instead of sampled ones — a bound on what any inference about the hidden cards could gain;
//     `"oracle": {"play": [1, 6], "picks": false}` only in play with 1–6 cards in hand (the exchange and swaps as Stark).
//     `"policy": {"at": 9, "k": 8, "eps": 0.1}` (with `pool` and `epsAt`) weights the worlds by pimc16's own policy as the
//     model of the opponent (scripts/lib/battlemaske-policy.ts): the bound for any model of pimc16, never a level.
//     `"pass": 0` (or 1) plays only Stark's games as the Conte (the Maske): for a setting that changes one role only, whose
//     other games are those of the file it is compared with.
//   npx tsx scripts/battlemaske-ab.ts compare A.jsonl B.jsonl
//     the paired difference B − A over the games both files hold (per deal, ± 1.96 standard errors of the mean).
//   npx tsx scripts/battlemaske-ab.ts bias A.jsonl
//     how the deals split: won by Stark in both roles, lost in both, or won by the same role (the Maske / the Conte) both times.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { other, type Command, type Ruleset, type Seat, type State } from "../shared/battlemaske/index.js";
import { botCommand, isBotName, LEVELS, levelParams, searchCommand, type BotName } from "../shared/battlemaske/bots/index.js";
import { popcount, toMask } from "../shared/battlemaske/bots/fast.js";
import { information } from "../shared/battlemaske/bots/info.js";
import { rng } from "../shared/rng.js";
import { playGame, type Player } from "./sim-battlemaske.js";
import { policyHook, type PolicyModel } from "./lib/battlemaske-policy.js";

/** Where the oracle (below) sees the truth: in play with a hand of `play[0]`–`play[1]` cards, and in the exchange / greed swap. */
interface OracleScope {
  readonly play: readonly [number, number];
  readonly picks: boolean;
}

/**
 * Stark's search given the truth: the only world is the opponent's real hidden cards (its whole hand in the exchange; its
 * hand before a pending greed swap). The aside cards and later rounds' deals stay unknown to it as they are to everyone
 * (each round is a fresh deal and nothing is drawn from the aside cards). Outside `scope` it is the plain Stark, so a narrow
 * scope tells where knowing the cards pays (the last tricks, where strategy fusion lives, or the early ones). Only for
 * measuring: it reads the opponent's hand.
 */
function oracle(scope: OracleScope): (state: State, seat: Seat, seed: string) => Command {
  return (state, seat, seed) => {
    const info = information(state, seat);
    const n = popcount(info.hand);
    const sees = info.phase === "play" ? n >= scope.play[0] && n <= scope.play[1] : scope.picks;
    if (!sees) return botCommand("stark", state, seat, seed);
    const truth = toMask(info.codec, state.hands[other(seat)]) & ~info.oppKnown;
    return searchCommand(info, levelParams("stark", state.options.ruleset), rng(seed, "battlemaske-bot", "stark"), [truth]).command;
  };
}

function run(out: string, ruleset: Ruleset, from: number, to: number, overrides: string, opp: BotName): void {
  const { oracle: useOracle, policy, pass: onlyPass, ...over } = JSON.parse(overrides) as Record<string, unknown>;
  // A function cannot come in the JSON: the policy bound is given as its sizes and becomes the search's hook here.
  const hook = policy === undefined ? {} : { likelihood: policyHook(policy as PolicyModel) };
  const scope: OracleScope | undefined = useOracle === true ? { play: [0, 10], picks: true } : (useOracle as OracleScope | undefined);
  const stark: Player = scope ? oracle(scope) : "stark";
  const base = LEVELS.stark;
  // LEVELS is read at every decision, so replacing Stark's entry here changes only this process.
  const byRuleset = (over.byRuleset ?? base.byRuleset) as Record<string, Record<string, unknown>> | undefined;
  // The hook goes into the rule set's entry too, so that it outranks the entry's own model (Zwiegespalten's sampler).
  const withHook = policy === undefined ? byRuleset : Object.fromEntries(Object.entries(byRuleset ?? {}).map(([r, v]) => [r, { ...v, ...hook, ...over }]));
  (LEVELS as unknown as Record<string, unknown>).stark = { ...base, ...over, ...hook, byRuleset: withHook };
  writeFileSync(out, "");
  const times: number[] = [];
  const wins = [0, 0];
  for (let g = from; g < to; g++) {
    for (let pass = 0; pass < 2; pass++) {
      if (onlyPass !== undefined && pass !== onlyPass) continue;
      const bots: [Player, Player] = pass === 0 ? [stark, opp] : [opp, stark];
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
  const played = onlyPass === undefined ? 2 : 1;
  times.sort((a, b) => a - b);
  const q = (p: number) => Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(1));
  const mean = Number((times.reduce((a, b) => a + b, 0) / times.length).toFixed(1));
  const rate = (x: number) => Number(x.toFixed(4));
  process.stdout.write(`${JSON.stringify({ over, policy: policy ?? false, oracle: scope ?? false, ruleset, deals: `${from}-${to - 1}`, games: played * n, starkWins: wins[0] + wins[1], rate: rate((wins[0] + wins[1]) / (played * n)), asConte: onlyPass === 1 ? null : rate(wins[0] / n), asMaske: onlyPass === 0 ? null : rate(wins[1] / n), ms: { mean, p95: q(0.95), p99: q(0.99), max: q(1) } })}\n`);
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
  // Per deal the mean difference over the games both files hold (both roles, or one when a file played one pass).
  const perDeal = new Map<number, { sum: number; n: number }>();
  const sa = [0, 0], sb = [0, 0], count = [0, 0];
  for (const [key, vb] of b) {
    const va = a.get(key);
    if (va === undefined) continue;
    const [g, pass] = key.split("/").map(Number) as [number, number];
    const e = perDeal.get(g) ?? { sum: 0, n: 0 };
    perDeal.set(g, { sum: e.sum + vb - va, n: e.n + 1 });
    sa[pass] += va;
    sb[pass] += vb;
    count[pass]++;
  }
  const d = [...perDeal.values()].map((e) => e.sum / e.n);
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const se = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1) / d.length);
  const pct = (x: number, n: number) => (n === 0 ? "–" : (100 * x / n).toFixed(1));
  const games = count[0] + count[1];
  process.stdout.write(`${games} games (${d.length} deals): A ${pct(sa[0] + sa[1], games)} % (as the Conte ${pct(sa[0], count[0])} / as the Maske ${pct(sa[1], count[1])}), B ${pct(sb[0] + sb[1], games)} % (${pct(sb[0], count[0])} / ${pct(sb[1], count[1])}), B − A ${(100 * mean).toFixed(1)} ± ${(196 * se).toFixed(1)} points
`);
}

/** A deal whose two games the same role won is the deal's bias, whoever played it; the rest Stark won or lost twice. */
function bias(file: string): void {
  const a = load(file);
  const n = { both: 0, none: 0, maske: 0, conte: 0 };
  for (const [key, asConte] of a) {
    const [g, pass] = key.split("/").map(Number) as [number, number];
    const asMaske = pass === 0 ? a.get(`${g}/1`) : undefined;
    if (asMaske === undefined) continue;
    if (asConte && asMaske) n.both++;
    else if (!asConte && !asMaske) n.none++;
    else if (asMaske) n.maske++;
    else n.conte++;
  }
  const deals = n.both + n.none + n.maske + n.conte;
  const pct = (x: number) => `${x} (${(100 * x / deals).toFixed(1)} %)`;
  process.stdout.write(`${deals} deals: Stark won both ${pct(n.both)}, lost both ${pct(n.none)}, the Maske won both ${pct(n.maske)}, the Conte won both ${pct(n.conte)}\n`);
}

const [mode, ...rest] = process.argv.slice(2).filter((x) => x !== "--");
if (mode === "run" && rest.length >= 4) {
  const [out, ruleset, from, to, overrides, opp] = rest as [string, Ruleset, string, string, string?, string?];
  if (opp !== undefined && !isBotName(opp)) throw new Error(`unknown bot ${opp}`);
  run(out, ruleset, Number(from), Number(to), overrides ?? "{}", (opp ?? "pimc16") as BotName);
} else if (mode === "compare" && rest.length === 2) compare(rest[0] as string, rest[1] as string);
else if (mode === "bias" && rest.length === 1) bias(rest[0] as string);
else {
  process.stderr.write("usage: battlemaske-ab.ts run OUT.jsonl RULESET FROM TO [JSON] [OPPONENT] | compare A.jsonl B.jsonl | bias A.jsonl\n");
  process.exitCode = 2;
}
