// How well a model of the opponent's play ranks the true world: at Stark's decisions in the last tricks of games against
// pimc16 (the A/B runner's deals and seeds), the true opponent hand's likelihood is compared with that of sampled worlds.
//   npx tsx scripts/battlemaske-rank.ts RULESET FROM TO '[{"name":"rot","eps":0.5}, {"name":"s","sampler":{…}}, {"name":"own","policy":{…}}]'
// Per model: the true world's mean percentile rank among up to 100 other consistent worlds (0.5: the model tells nothing;
// ties count half), the share of positions where it ranks in the top quarter, and the ms per weighted world.
import { other, type Command, type Ruleset, type Seat, type State } from "../shared/battlemaske/index.js";
import { botCommand, levelParams } from "../shared/battlemaske/bots/index.js";
import { popcount, toMask } from "../shared/battlemaske/bots/fast.js";
import { information, worlds } from "../shared/battlemaske/bots/info.js";
import { likelihood, samplerLikelihood, type Sampler } from "../shared/battlemaske/bots/belief.js";
import { searchCtx } from "../shared/battlemaske/bots/search.js";
import { rng } from "../shared/rng.js";
import { playGame, type Player } from "./sim-battlemaske.js";
import { policyLikelihood, type PolicyModel } from "./lib/battlemaske-policy.js";

interface Model {
  readonly name: string;
  readonly eps?: number;
  readonly sampler?: Sampler;
  /** pimc16's own policy as the model (the bound for any model of it; scripts/lib/battlemaske-policy.ts). */
  readonly policy?: PolicyModel;
  /** Judge only the plays made with at most this many cards (rule-of-thumb models; the sampler has its own `at`). */
  readonly at?: number;
}

const [ruleset, from, to, json] = process.argv.slice(2).filter((x) => x !== "--") as [Ruleset, string, string, string];
const models = JSON.parse(json) as Model[];
const exactAt = levelParams("stark", ruleset).exactAt;
const stats = models.map(() => ({ sum: 0, top: 0, n: 0, ms: 0, weighed: 0 }));
let positions = 0;

// Stark's seat: before each of its decisions in the last tricks, measure; then play as Stark.
const measuring = (state: State, seat: Seat, seed: string): Command => {
  const info = information(state, seat);
  if (info.phase === "play" && popcount(info.hand) <= exactAt && info.steps.some((s) => s.kind === "play")) {
    const truth = toMask(info.codec, state.hands[other(seat)]);
    const others = worlds(info, 101, rng(seed, "rank"), true, true).map((w) => info.oppKnown | w).filter((w) => w !== truth).slice(0, 100);
    if (others.length >= 5) {
      const ctx = searchCtx(info, levelParams("stark", ruleset));
      positions++;
      models.forEach((m, k) => {
        const lik = (h: number) => (m.policy ? policyLikelihood(info, h, m.policy) : m.sampler ? samplerLikelihood(info, ctx, h, m.sampler) : likelihood(info, ctx, h, m.eps ?? 0.5, m.at ?? 99));
        const t0 = performance.now();
        const lt = lik(truth);
        const lo = others.map(lik);
        const s = stats[k] as (typeof stats)[number];
        s.ms += performance.now() - t0;
        s.weighed += others.length + 1;
        let below = 0;
        for (const x of lo) below += x < lt * (1 - 1e-9) ? 1 : x <= lt * (1 + 1e-9) ? 0.5 : 0;
        const pr = below / lo.length;
        s.sum += pr;
        s.top += pr >= 0.75 ? 1 : 0;
        s.n++;
      });
    }
  }
  return botCommand("stark", state, seat, seed);
};

for (let g = Number(from); g < Number(to); g++) {
  for (let pass = 0; pass < 2; pass++) {
    const bots: [Player, Player] = pass === 0 ? [measuring, "pimc16"] : ["pimc16", measuring];
    playGame(ruleset, `sim/1/${g}`, bots, `bot/1/${g}/${pass}`, [[], []]);
  }
}
for (const [k, m] of models.entries()) {
  const s = stats[k] as (typeof stats)[number];
  process.stdout.write(`${JSON.stringify({ model: m.name, ruleset, deals: `${from}-${Number(to) - 1}`, positions: s.n, percentile: Number((s.sum / s.n).toFixed(3)), topQuarter: Number((s.top / s.n).toFixed(3)), msPerWorld: Number((s.ms / s.weighed).toFixed(3)) })}\n`);
}
process.stderr.write(`${positions} positions\n`);
