// Worlds weighted by how likely the opponent's plays this round were in them, under a model of its play (the rule of thumb).
// A world fixes the opponent's hand now; its hand at each earlier play is rebuilt backwards from the observed steps.
import { countTrick, FULL_MASK, GREED, legalFollow, lowBit, placeSuit, popcount, resolve, SUIT_OF } from "./fast.js";
import { worlds, type Info, type Step } from "./info.js";
import { exactFollow, greedyFollow, greedyLead, greedySwap, nameSuit, playout, wantsTrick, type SearchCtx } from "./policy.js";

/**
 * The chance of the opponent's observed plays if its hand now is `hand`: each play is the rule of thumb's card with
 * probability 1 − ε + ε / n and each other legal card ε / n (n legal cards). ε = 1 makes every world equally likely.
 * Only the plays made with at most `at` cards in hand are judged.
 */
export function likelihood(info: Info, ctx: SearchCtx, hand: number, eps: number, at = 99): number {
  const st = ctx.strength;
  const oppIsConte = info.seat !== info.conte;
  let p = 1;
  let h = hand;
  for (let i = info.steps.length - 1; i >= 0; i--) {
    const s = info.steps[i] as Info["steps"][number];
    h = handBefore(s, h);
    if (s.kind === "swap" || popcount(h) > at) continue; // `at`: only the plays made with at most that many cards
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

/** Any model's chance of the opponent's plays this round if its hand now is `hand` (a caller's model: `SearchParams.likelihood`). */
export type Likelihood = (info: Info, ctx: SearchCtx, hand: number) => number;

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
export function beliefWorlds(info: Info, ctx: SearchCtx, n: number, pool: number, eps: number, random: () => number, model?: Sampler | Likelihood, enumerate = 0): Belief {
  // `enumerate`: count the consistent worlds after the elixir rule (worlds()), so that a pool that holds them all gets each once.
  const cand = worlds(info, Math.max(n, pool), random, true, true, enumerate);
  const w = new Float64Array(cand.length);
  let sum = 0;
  for (let i = 0; i < cand.length; i++) {
    const hand = info.oppKnown | (cand[i] as number);
    w[i] = typeof model === "function" ? model(info, ctx, hand) : model !== undefined ? samplerLikelihood(info, ctx, hand, model) : eps >= 1 ? 1 : likelihood(info, ctx, hand, eps);
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

/**
 * A model of a reasonable opponent: at each of its plays it ran a small determinized search of its own (Mittel-like) from
 * what it knew then — its hand, the cards played, the cards it had given us — over `samples` guesses of our hand.
 */
export interface Sampler {
  /** Only its plays made with at most this many cards in hand are judged (the last tricks, where the gap is). */
  readonly at: number;
  /** Guesses of our hand per judged play. */
  readonly samples: number;
  /** Its exact search of the last tricks (rule-of-thumb rollouts before that). */
  readonly exact: number;
  /** The observed card has probability (1 − ε) / |best| when it is one of the search's best cards, plus ε / n. */
  readonly eps: number;
  /** Instead of the best cards: a softmax over the cards' values (win chance for its role) with this inverse temperature. */
  readonly beta?: number;
}

// Memo of samplerProb: one judged play is a pure function of the public position, the opponent's hand and the model, and
// recurs at every later decision of the round (and in every world that gives it the same hand then).
const MEMO = new Map<string, Float64Array>();

/** The chance of the opponent's observed plays (those judged by `m`) if its hand now is `hand`, under the sampler model. */
export function samplerLikelihood(info: Info, ctx: SearchCtx, hand: number, m: Sampler): number {
  return judgedPlays(info, hand, m.at, (h, s) => samplerProb(info, ctx, h, s, m));
}

/**
 * The product of `prob(h, s)` over the opponent's plays `s` this round made with at most `at` cards in hand (`h`: its hand
 * then, rebuilt backwards from `hand`, its hand now). Any model of its play: the sampler, or a caller's.
 */
export function judgedPlays(info: Info, hand: number, at: number, prob: (h: number, s: Extract<Step, { kind: "play" }>) => number): number {
  let p = 1;
  let h = hand;
  for (let i = info.steps.length - 1; i >= 0; i--) {
    const s = info.steps[i] as Step;
    h = handBefore(s, h);
    if (s.kind === "swap" || popcount(h) > at) continue;
    p *= prob(h, s);
    if (p === 0) return 0;
  }
  return p;
}

/** The chance that the opponent, holding `h`, chose the card of play step `s` under the sampler model. */
export function samplerProb(info: Info, ctx: SearchCtx, h: number, s: Extract<Step, { kind: "play" }>, m: Sampler): number {
  const legal = s.lead < 0 ? h : legalFollow(h, s.lead, s.named, ctx.zw);
  if ((legal & (1 << s.card)) === 0) return 0;
  const n = popcount(legal);
  if (n === 1) return 1;
  // Keyed without the card played: the same search judges every card the opponent could have played there.
  const key = `${info.codec.ruleset}|${info.conte}|${info.seat}|${info.round}|${info.mirror}|${s.played}|${s.lead}|${s.named}|${s.rk}|${s.tOpp}|${s.tMe}|${s.known}|${h}|${m.samples}|${m.exact}|${m.eps}|${m.beta}`;
  let probs = MEMO.get(key);
  if (probs === undefined) {
    probs = samplerProbs(info, ctx, h, s, legal, m);
    // Bounded for a phone's tab (the computer thinks in the browser): 200,000 entries were tens of MB. Its values are pure,
    // so a clear costs time, never a different decision; a round's decisions reuse far fewer keys than this.
    if (MEMO.size > 20_000) MEMO.clear();
    MEMO.set(key, probs);
  }
  return probs[s.card] as number;
}

/** The model's chance of each legal card (by card index). */
function samplerProbs(info: Info, ctx: SearchCtx, h: number, s: Extract<Step, { kind: "play" }>, legal: number, m: Sampler): Float64Array {
  const n = popcount(legal);
  const v = samplerValues(info, ctx, h, s, legal, m);
  const sign = 1 - info.seat === ctx.conte ? 1 : -1;
  let top = -Infinity;
  for (let x = legal; x; x &= x - 1) top = Math.max(top, sign * (v[lowBit(x)] as number));
  const p = new Float64Array(25);
  if (m.beta !== undefined) {
    let z = 0;
    for (let x = legal; x; x &= x - 1) z += Math.exp(m.beta * (sign * (v[lowBit(x)] as number) - top));
    for (let x = legal; x; x &= x - 1) p[lowBit(x)] = (1 - m.eps) * Math.exp(m.beta * (sign * (v[lowBit(x)] as number) - top)) / z + m.eps / n;
  } else {
    let best = 0;
    for (let x = legal; x; x &= x - 1) if (sign * (v[lowBit(x)] as number) >= top - 1e-9) best++;
    for (let x = legal; x; x &= x - 1) p[lowBit(x)] = (sign * (v[lowBit(x)] as number) >= top - 1e-9 ? (1 - m.eps) / best : 0) + m.eps / n;
  }
  return p;
}

/**
 * The opponent's own search at step `s`: each legal card's mean value (the Conte's) over `m.samples` guesses of our hand drawn
 * from what it could not see, each played on by the rule of thumb and searched exactly in the last `m.exact` tricks.
 */
function samplerValues(info: Info, outer: SearchCtx, h: number, s: Extract<Step, { kind: "play" }>, legal: number, m: Sampler): Float64Array {
  const c: SearchCtx = { ...outer, exactAt: m.exact };
  const st = c.strength;
  const opp = 1 - info.seat;
  const me = info.seat;
  const oppLeads = s.lead < 0;
  const mySize = oppLeads ? popcount(h) : popcount(h) - 1;
  const pool = FULL_MASK & ~h & ~s.played & ~s.known;
  const cards: number[] = [];
  for (let x = pool; x; x &= x - 1) cards.push(lowBit(x));
  const need = mySize - popcount(s.known);
  const v = new Float64Array(25);
  // A small deterministic generator seeded by the position, so a judged play is a pure function of it (the memo relies on it).
  let seed = (Math.imul(h, 0x9e3779b1) ^ Math.imul(s.played + 1, 0x85ebca77) ^ Math.imul(s.lead + 7, 0xc2b2ae3d)) | 1;
  const next = (k: number): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % k;
  };
  const tOppMe = [s.tOpp, s.tMe];
  const t0 = opp === 0 ? (tOppMe[0] as number) : (tOppMe[1] as number);
  const t1 = opp === 0 ? (tOppMe[1] as number) : (tOppMe[0] as number);
  const tmp = new Int32Array(2);
  const unseen = FULL_MASK & ~h & ~s.played;
  const wantOpp = wantsTrick(st, opp === c.conte, s.tOpp, s.tMe, h);
  for (let k = 0; k < m.samples; k++) {
    let mine = s.known;
    for (let i = 0; i < need && i < cards.length; i++) {
      const j = i + next(cards.length - i);
      const t = cards[i] as number;
      cards[i] = cards[j] as number;
      cards[j] = t;
      mine |= 1 << t;
    }
    const a0 = opp === 0 ? h : mine;
    const a1 = opp === 0 ? mine : h;
    for (let x = legal; x; x &= x - 1) {
      const card = lowBit(x);
      let lead: number, follow: number, leader: number, rk: number, named: number;
      if (oppLeads) {
        lead = card;
        leader = opp;
        const sa = SUIT_OF[lead] as number;
        named = sa >= 0 ? -1 : nameSuit(st, lead, wantOpp, unseen);
        rk = sa >= 0 ? placeSuit(s.rk, sa) : s.rk;
        if (popcount(mine) <= c.exactAt) {
          v[card] = (v[card] as number) + exactFollow(c, a0, a1, t0, t1, rk, opp, lead, named);
          continue;
        }
        follow = greedyFollow(c, mine, lead, named, rk, wantsTrick(st, me === c.conte, s.tMe, s.tOpp, mine));
      } else {
        lead = s.lead;
        follow = card;
        leader = me;
        rk = s.rk;
        if ((mine & (1 << lead)) !== 0) mine &= ~(1 << lead); // cannot happen: the lead is among the played cards
      }
      const res = resolve(st, rk, lead, follow);
      const winner = (res & 1) === 1 ? leader : 1 - leader;
      const eff = (res >> 1) & 3;
      const t = countTrick(t0, t1, winner, eff);
      let h0 = a0, h1 = a1;
      // The lead of a follow step is not in our guessed hand (it was played): only the follower's card leaves a hand then.
      if (oppLeads) {
        if (leader === 0) { h0 &= ~(1 << lead); h1 &= ~(1 << follow); } else { h1 &= ~(1 << lead); h0 &= ~(1 << follow); }
      } else if (opp === 0) h0 &= ~(1 << follow);
      else h1 &= ~(1 << follow);
      if (eff === GREED && h0 !== 0) {
        greedySwap(c, h0, h1, t & 15, t >> 4, tmp);
        h0 = tmp[0] as number;
        h1 = tmp[1] as number;
      }
      v[card] = (v[card] as number) + playout(c, h0, h1, t & 15, t >> 4, res >> 3, winner, s.played | (1 << lead) | (1 << follow));
    }
  }
  return v;
}
