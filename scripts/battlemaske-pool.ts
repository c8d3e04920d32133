// How Stark's weighted worlds cover the consistent ones: at Stark's decisions in the last tricks of games against pimc16
// (the A/B runner's deals and seeds), every consistent world is enumerated (up to 3003) and weighted by the sampler model.
//   npx tsx scripts/battlemaske-pool.ts RULESET FROM TO ['{"at":9,"samples":6,"exact":2,"eps":0.3}']
// Per hand size: positions, the median number of consistent worlds, the share with more than Stark's pool (120), the true
// world's mean posterior mass (and that mass times the number of worlds: 1 = the model tells nothing), the effective number
// of worlds 1 / Σ p² (how many worlds the posterior spreads over), and the mass of the heaviest 40 worlds.
import { other, type Command, type Ruleset, type Seat, type State } from "../shared/battlemaske/index.js";
import { botCommand, levelParams } from "../shared/battlemaske/bots/index.js";
import { popcount, toMask } from "../shared/battlemaske/bots/fast.js";
import { information, worlds } from "../shared/battlemaske/bots/info.js";
import { samplerLikelihood, type Sampler } from "../shared/battlemaske/bots/belief.js";
import { searchCtx } from "../shared/battlemaske/bots/search.js";
import { rng } from "../shared/rng.js";
import { playGame, type Player } from "./sim-battlemaske.js";

const [ruleset, from, to, json] = process.argv.slice(2).filter((x) => x !== "--") as [Ruleset, string, string, string?];
const stark = levelParams("stark", ruleset);
const model: Sampler = json ? (JSON.parse(json) as Sampler) : (stark.sampler ?? { at: 9, samples: 6, exact: 2, eps: 0.3 });
const at = stark.epsAt ?? stark.exactAt;
interface Row { counts: number[]; over: number; mass: number; gain: number; ess: number; top40: number; ms: number }
const rows = new Map<number, Row>();

const measuring = (state: State, seat: Seat, seed: string): Command => {
  const info = information(state, seat);
  const size = popcount(info.hand);
  if (info.phase === "play" && size <= at && info.steps.some((s) => s.kind === "play")) {
    const all = worlds(info, 3003, rng(seed, "pool"), true, true).map((w) => info.oppKnown | w);
    const truth = toMask(info.codec, state.hands[other(seat)]);
    if (all.length > 1 && all.length <= 3003 && all.includes(truth)) {
      const ctx = searchCtx(info, stark);
      const t0 = performance.now();
      const w = all.map((h) => samplerLikelihood(info, ctx, h, model));
      const ms = performance.now() - t0;
      const sum = w.reduce((a, x) => a + x, 0);
      if (sum > 0) {
        const p = w.map((x) => x / sum);
        const r = rows.get(size) ?? { counts: [], over: 0, mass: 0, gain: 0, ess: 0, top40: 0, ms: 0 };
        const pt = p[all.indexOf(truth)] as number;
        r.counts.push(all.length);
        r.over += all.length > (stark.pool ?? 120) ? 1 : 0;
        r.mass += pt;
        r.gain += pt * all.length;
        r.ess += 1 / p.reduce((a, x) => a + x * x, 0);
        r.top40 += p.slice().sort((a, b) => b - a).slice(0, 40).reduce((a, x) => a + x, 0);
        r.ms += ms;
        rows.set(size, r);
      }
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
for (const [size, r] of [...rows].sort((a, b) => b[0] - a[0])) {
  const n = r.counts.length;
  const c = r.counts.slice().sort((a, b) => a - b);
  const f = (x: number) => Number(x.toFixed(3));
  process.stdout.write(`${JSON.stringify({ ruleset, deals: `${from}-${Number(to) - 1}`, cards: size, positions: n, medianWorlds: c[Math.floor(n / 2)], overPool: f(r.over / n), trueMass: f(r.mass / n), trueMassTimesWorlds: f(r.gain / n), effectiveWorlds: f(r.ess / n), top40Mass: f(r.top40 / n), msPerPosition: f(r.ms / n) })}\n`);
}
