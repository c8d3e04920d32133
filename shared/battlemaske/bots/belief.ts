// Worlds weighted by how likely the opponent's plays this round were in them, under a model of its play (the rule of thumb).
// A world fixes the opponent's hand now; its hand at each earlier play is rebuilt backwards from the observed steps.
import { legalFollow, popcount } from "./fast.js";
import { worlds, type Info } from "./info.js";
import { greedyFollow, greedyLead, wantsTrick, type SearchCtx } from "./policy.js";

/**
 * The chance of the opponent's observed plays if its hand now is `hand`: each play is the rule of thumb's card with
 * probability 1 − ε + ε / n and each other legal card ε / n (n legal cards). ε = 1 makes every world equally likely.
 */
export function likelihood(info: Info, ctx: SearchCtx, hand: number, eps: number): number {
  const st = ctx.strength;
  const oppIsConte = info.seat !== info.conte;
  let p = 1;
  let h = hand;
  for (let i = info.steps.length - 1; i >= 0; i--) {
    const s = info.steps[i] as Info["steps"][number];
    h = handBefore(s, h);
    if (s.kind === "swap") continue;
    const want = wantsTrick(st, oppIsConte, s.tOpp, s.tMe, h);
    let pick: number, n: number;
    if (s.lead < 0) {
      pick = greedyLead(ctx, h, s.rk, want, 0) & 31;
      n = popcount(h);
    } else {
      const legal = legalFollow(h, s.lead, s.named, ctx.zw);
      if ((legal & (1 << s.card)) === 0) return 0; // the world contradicts the rules (cannot happen when voids are used)
      pick = greedyFollow(ctx, h, s.lead, s.named, s.rk, want);
      n = popcount(legal);
    }
    if (n > 1) p *= (pick === s.card ? 1 - eps : 0) + eps / n;
  }
  return p;
}

/** The opponent's hand just before step `s`, from its hand just after it. */
function handBefore(s: Info["steps"][number], h: number): number {
  // Backwards over a greed swap: the opponent had given `gave` and not yet received `got`.
  return s.kind === "swap" ? (h & ~s.got) | s.gave : h | (1 << s.card);
}

/** The opponent's hand before each of its plays this round (in order) if it holds `hand` now: what `likelihood` judges. */
export function handsAtPlays(info: Info, hand: number): number[] {
  const out: number[] = [];
  let h = hand;
  for (let i = info.steps.length - 1; i >= 0; i--) {
    const s = info.steps[i] as Info["steps"][number];
    h = handBefore(s, h);
    if (s.kind === "play") out.unshift(h);
  }
  return out;
}

export interface Belief {
  /** The opponent's hidden cards per world (as `worlds` returns them). */
  readonly ws: number[];
  /** Each world's weight; they sum to 1. */
  readonly wt: Float64Array;
}

/**
 * Up to `n` worlds for a decision. From up to `pool` consistent worlds (all of them when there are that few, else `pool` drawn
 * without repeats) each is weighted by `likelihood`; if at most `n` remain they are kept with their weights, else `n` are drawn
 * in proportion to the weights (systematic resampling: each world about weight · n times) and weigh the same.
 */
export function beliefWorlds(info: Info, ctx: SearchCtx, n: number, pool: number, eps: number, random: () => number): Belief {
  const cand = worlds(info, Math.max(n, pool), random, true, true);
  const w = new Float64Array(cand.length);
  let sum = 0;
  for (let i = 0; i < cand.length; i++) {
    w[i] = eps >= 1 ? 1 : likelihood(info, ctx, info.oppKnown | (cand[i] as number), eps);
    sum += w[i] as number;
  }
  if (!(sum > 0)) {
    w.fill(1);
    sum = cand.length;
  }
  if (cand.length <= n) return { ws: cand, wt: w.map((x) => x / sum) };
  const ws: number[] = [];
  const step = sum / n;
  let acc = 0, i = 0;
  for (let k = 0, u = random() * step; k < n; k++, u += step) {
    while (i < cand.length - 1 && acc + (w[i] as number) <= u) acc += w[i++] as number;
    ws.push(cand[i] as number);
  }
  return { ws, wt: new Float64Array(n).fill(1 / n) };
}
