// Determinized search: every candidate is played in each sampled world to the round's end (rollouts, then exact search), and the average kept.
import { countTrick, ELIXIR_MASK, FULL_MASK, GREED, legalFollow, lowBit, placeSuit, popcount, resolve, SUIT_OF } from "./fast.js";
import { randomInt } from "../../rng.js";
import { alphaMu } from "./alphamu.js";
import { beliefWorlds, type Belief, type Likelihood, type Sampler } from "./belief.js";
import { worlds, type Info } from "./info.js";
import { exactFollow, exactLead, giveOrder, greedyFollow, greedyGive, playout, wantsTrick, work, type SearchCtx } from "./policy.js";
import { gameLeaf, TABLES, trickLeaf } from "./values.js";

export interface SearchParams {
  /** Worlds per decision (all of them when fewer are consistent)… */
  readonly worlds: number;
  /** …but at most `budget / candidates` of them (at least `minWorlds`), so a decision's time stays bounded. */
  readonly budget: number;
  readonly minWorlds: number;
  /** Exact search once both hands are at or below this size. */
  readonly exactAt: number;
  /** A lead from a hand of this size is searched exactly with the opponent's reply (default `exactAt`; at most exactAt + 1). */
  readonly rootExactAt?: number;
  /** Exchange / greed swap: how many of the rule of thumb's best candidates are evaluated, and in how many worlds. */
  readonly pickTop: number;
  readonly pickWorlds: number;
  /** Voids and the elixir rule narrow the worlds (false: only the cards seen and given away). */
  readonly inference: boolean;
  readonly objective: "game" | "tricks";
  /**
   * Weight the worlds by the opponent's plays this round under the rule of thumb, softened by this ε (belief.ts); absent: all
   * consistent worlds weigh the same. `pool`: how many consistent worlds are weighted (all when there are that few).
   */
  readonly eps?: number;
  readonly pool?: number;
  /** Weight the worlds (`eps`) only with at most this many cards in hand: where the exact search runs. Absent: always. */
  readonly epsAt?: number;
  /**
   * Weight the worlds instead by the sampler model (belief.ts): the opponent's plays judged as the picks of a small search of
   * its own from what it knew then. Uses `pool` and `epsAt` as `eps` does.
   */
  readonly sampler?: Sampler;
  /**
   * A measuring hook: weight the worlds by a caller's model of the opponent (uses `pool` and `epsAt` as `eps` does). Only the
   * A/B runner passes one (the benchmark opponent's own policy as its model, a bound); no level may, as no JSON can.
   */
  readonly likelihood?: Likelihood;
  /** Sampled worlds are all different (drawn without replacement). */
  readonly distinct?: boolean;
  /**
   * Count the consistent worlds after the exchange's elixir rule whenever there are at most this many card sets (`worlds()`):
   * a pool (or `distinct` draw) that can hold them all then takes each once instead of drawing repeats. Absent: 0, as before.
   */
  readonly enumerate?: number;
  /** With at most this many cards in hand a play is scored over every consistent world, up to `allWorlds` (default 400) of them. */
  readonly allWorldsAt?: number;
  readonly allWorlds?: number;
  /**
   * Racing the candidates: after each `prune.every` worlds, a candidate whose mean so far is more than `prune.margin` below the
   * best one's (for the seat's role) is dropped, and its time goes to the others. Absent: every candidate sees every world.
   */
  readonly prune?: { readonly every: number; readonly margin: number };
  /**
   * Work limit: once the exact search has visited this many lead positions in a decision (and at least `minWorlds` worlds are
   * done), no further worlds are searched. Deterministic, unlike a clock; the worlds are visited in random order.
   */
  readonly nodeBudget?: number;
  /**
   * Spending time where the decision is close: after the first `worlds`, the candidates within `margin` (in win chance) of the
   * best are scored on `worlds` more, freshly drawn ones (only when the first ones were a sample, not every consistent world).
   */
  readonly refine?: { readonly margin: number; readonly worlds: number };
  /**
   * An opponent that does not see our cards: where the reply to a lead is searched exactly (the last tricks), this share of
   * each world's value assumes the opponent's rule-of-thumb reply instead of its best one. Absent or 0: always the best.
   */
  readonly replyMix?: number;
  /**
   * Alpha-mu (alphamu.ts) with at most `at` cards in hand (and within the exact search): the first `m` of our moves are one
   * strategy over all worlds, at most `worlds` of the decision's worlds (drawn from them at random). Absent: the plain search.
   */
  readonly alphaMu?: { readonly at: number; readonly m: number; readonly worlds: number };
  /**
   * An opponent that answers our lead from its own information: with at most `at` cards in hand, its reply is the card best
   * on average over `samples` guesses of our hand (from the cards it cannot see), each searched exactly; the rest of the
   * round is then searched exactly in the world. Absent: its reply is the best one knowing our hand.
   */
  readonly oppReply?: { readonly at: number; readonly samples: number };
  /**
   * The round-end values (values.ts `TABLES` shape: the Conte's chance from the start of round 2 and 3 per mirror) this seat
   * uses when it is the Conte / the Maske. Absent: the rule set's self-play table for both roles.
   */
  readonly tables?: { readonly conte?: readonly (readonly number[])[]; readonly maske?: readonly (readonly number[])[] };
}

/** A candidate: play `card` (naming `named` on an elixir lead, else −1), or give the cards of `give`. */
export interface Candidate {
  readonly card: number;
  readonly named: number;
  readonly give: number;
}

export interface Scored extends Candidate {
  /** The Conte's mean value over the worlds (its win chance with the game objective). */
  value: number;
  /** Share of worlds in which this seat wins the current trick (plays only). */
  trickWin: number;
  /** Mean trick difference right after this trick (plays only). */
  diffAfter: number;
}

export function searchCtx(info: Info, params: Pick<SearchParams, "exactAt" | "objective" | "tables">): SearchCtx {
  const start = (info.seat === info.conte ? params.tables?.conte : params.tables?.maske) ?? TABLES[info.codec.ruleset];
  return {
    codec: info.codec,
    strength: info.codec.strength,
    zw: info.zw,
    conte: info.conte as 0 | 1,
    leaf: params.objective === "game" ? gameLeaf(info.round, info.mirror, start) : trickLeaf(),
    exactAt: params.exactAt,
  };
}

/** Every play candidate of the seat to move: each legal card, and each suit to name on an elixir lead. */
export function playCandidates(info: Info): Candidate[] {
  const out: Candidate[] = [];
  const legal = info.lead < 0 ? info.hand : legalFollow(info.hand, info.lead, info.named, info.zw);
  for (let m = legal; m; m &= m - 1) {
    const c = lowBit(m);
    if (info.lead < 0 && (SUIT_OF[c] as number) < 0) for (let n = 0; n < 3; n++) out.push({ card: c, named: n, give: 0 });
    else out.push({ card: c, named: -1, give: 0 });
  }
  return out;
}

/** Scores play candidates over the worlds; the caller picks the best for its role. */
export function scorePlays(info: Info, params: SearchParams, random: () => number, cands: Candidate[], given?: readonly number[]): Scored[] {
  const ctx = searchCtx(info, params);
  const few = popcount(info.hand) <= (params.allWorldsAt ?? 0);
  const n = few ? (params.allWorlds ?? 400) : Math.min(params.worlds, Math.max(params.minWorlds, Math.floor(params.budget / Math.max(1, cands.length))));
  const { ws, wt } = decisionWorlds(info, ctx, params, n, random, given);
  const me = info.seat;
  const opp = 1 - me;
  const scored: Scored[] = cands.map((c) => ({ ...c, value: 0, trickWin: 0, diffAfter: 0 }));
  const [t0, t1] = info.tricks;
  const st = ctx.strength;
  const exactNow = popcount(info.hand) <= Math.min(params.exactAt + 1, params.rootExactAt ?? params.exactAt);
  const sign = me === info.conte ? 1 : -1;
  // One world's rollout (or exact search) of candidate s, added with weight w: a closure per world, not per node.
  const playWorld = (s: Scored, hOpp: number, w: number): void => {
    const a0 = me === 0 ? info.hand : hOpp;
    const a1 = me === 0 ? hOpp : info.hand;
    let lead: number, follow: number, leader: number, rk: number;
    let wv = w;
    if (info.lead < 0) {
      lead = s.card;
      leader = me;
      const sa = SUIT_OF[lead] as number;
      rk = sa >= 0 ? placeSuit(info.rk, sa) : info.rk;
      // With replyMix the opponent's reply is that share of the time its rule-of-thumb card, else its best (exact) one.
      const mix = exactNow ? (params.replyMix ?? 0) : 1;
      // The rule-of-thumb reply: played out below, and with an exact reply it still says whether the trick is likely won.
      follow = greedyFollow(ctx, hOpp, lead, s.named, rk, wantsTrick(st, opp === ctx.conte, info.tricks[opp] as number, info.tricks[me] as number, hOpp));
      if (mix < 1) {
        // Both hands are small: the opponent's reply is searched exactly too (from its own information with oppReply).
        const or = params.oppReply;
        const v = or && popcount(info.hand) <= or.at
          ? replyFromItsView(ctx, info, me, hOpp, lead, s.named, rk, or.samples)
          : exactFollow(ctx, a0, a1, t0, t1, rk, me, lead, s.named);
        s.value += w * (1 - mix) * v;
        if (mix === 0) {
          // For the reason only: the greedy reply says whether the trick is likely won.
          const res = resolve(st, rk, lead, follow);
          const won = (res & 1) === 1;
          const t = countTrick(t0, t1, won ? me : opp, (res >> 1) & 3);
          s.trickWin += won ? w : 0;
          s.diffAfter += w * Math.abs((t & 15) - (t >> 4));
          return;
        }
        wv = w * mix; // the rule-of-thumb reply below gets the rest of the world's value (trickWin and diffAfter all of it)
      }
    } else {
      lead = info.lead;
      follow = s.card;
      leader = opp;
      rk = info.rk; // the lead's suit is placed already
    }
    const res = resolve(st, rk, lead, follow);
    const winner = (res & 1) === 1 ? leader : 1 - leader;
    const eff = (res >> 1) & 3;
    const t = countTrick(t0, t1, winner, eff);
    let h0 = a0, h1 = a1;
    if (leader === 0) { h0 &= ~(1 << lead); h1 &= ~(1 << follow); } else { h1 &= ~(1 << lead); h0 &= ~(1 << follow); }
    const played = info.played | (1 << lead) | (1 << follow);
    s.trickWin += winner === me ? w : 0;
    s.diffAfter += w * Math.abs((t & 15) - (t >> 4));
    if (eff === GREED && h0 !== 0) {
      const out = swapHands(ctx, h0, h1, t & 15, t >> 4);
      h0 = out[0];
      h1 = out[1];
    }
    s.value += wv * playout(ctx, h0, h1, t & 15, t >> 4, res >> 3, winner, played);
  };
  const live = scored.slice();
  let wsum = 0;
  const nodes0 = work.nodes;
  for (let wi = 0; wi < ws.length; wi++) {
    if (params.nodeBudget !== undefined && wi >= params.minWorlds && work.nodes - nodes0 > params.nodeBudget) break;
    const hOpp = info.oppKnown | (ws[wi] as number);
    const w = wt[wi] as number;
    if (params.prune && wi > 0 && wi % params.prune.every === 0 && live.length > 1) prune(live, sign, params.prune.margin * wsum);
    wsum += w;
    for (const s of live) playWorld(s, hOpp, w);
  }
  // The weighted mean over the worlds searched (all of them unless the work limit stopped early).
  for (const s of scored) {
    s.value /= wsum;
    s.trickWin /= wsum;
    s.diffAfter /= wsum;
  }
  if (live.length < scored.length) {
    // Dropped candidates were scored on fewer worlds: put them out of reach of the best instead of comparing partial sums.
    for (const s of scored) if (!live.includes(s)) s.value = sign > 0 ? -Infinity : Infinity;
  }
  const am = params.alphaMu;
  if (am && info.phase === "play" && popcount(info.hand) <= Math.min(am.at, params.exactAt) && scored.length > 1) {
    // Each candidate's value becomes its best strategy's over a random subset of the worlds; trickWin and diffAfter stay.
    const k = Math.min(am.worlds, ws.length);
    const order = ws.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(random, i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const pick = ws.length > k ? order.slice(0, k) : ws.map((_, i) => i);
    const opp = pick.map((i) => info.oppKnown | (ws[i] as number));
    const wts = pick.map((i) => wt[i] as number);
    const lead = info.lead;
    const r = alphaMu(ctx, me, info.hand, opp, wts, t0, t1, info.rk, lead < 0 ? me : 1 - me, lead, info.named, scored, am.m);
    scored.forEach((s, i) => (s.value = r.values[i] as number));
  }
  const r = params.refine;
  if (r && given === undefined && ws.length >= n && live.length > 1) {
    // A close decision gets more worlds: the candidates within `margin` of the best are scored on `worlds` fresh ones too.
    let top = -Infinity;
    for (const s of live) if (sign * s.value > top) top = sign * s.value;
    const close = live.filter((s) => sign * s.value >= top - r.margin);
    if (close.length > 1) {
      const more = decisionWorlds(info, ctx, params, r.worlds, random);
      for (const s of close) {
        s.value *= wsum;
        s.trickWin *= wsum;
        s.diffAfter *= wsum;
      }
      let extra = 0;
      for (let wi = 0; wi < more.ws.length; wi++) {
        const w = more.wt[wi] as number;
        extra += w;
        for (const s of close) playWorld(s, info.oppKnown | (more.ws[wi] as number), w);
      }
      for (const s of close) {
        s.value /= wsum + extra;
        s.trickWin /= wsum + extra;
        s.diffAfter /= wsum + extra;
      }
    }
  }
  return scored;
}

/**
 * Our lead's value in the world where the opponent holds `hOpp`, if the opponent answers it without seeing our hand: each
 * legal reply is scored by the exact search over `samples` guesses of our other cards (the cards it cannot see, with the
 * ones it gave us), the reply best on average for its role is played, and the rest is searched exactly with the true hands.
 */
function replyFromItsView(ctx: SearchCtx, info: Info, me: number, hOpp: number, lead: number, named: number, rk: number, samples: number): number {
  const legal = legalFollow(hOpp, lead, named, ctx.zw);
  const mine = info.hand & ~(1 << lead);
  const after = (r: number, rest: number): number => {
    const res = resolve(ctx.strength, rk, lead, r);
    const winner = (res & 1) === 1 ? me : 1 - me;
    const eff = (res >> 1) & 3;
    const t = countTrick(info.tricks[0], info.tricks[1], winner, eff);
    let h0 = me === 0 ? rest : hOpp & ~(1 << r);
    let h1 = me === 0 ? hOpp & ~(1 << r) : rest;
    if (h0 === 0 && h1 === 0) return ctx.leaf[Math.abs((t & 15) - (t >> 4))] as number;
    if (eff === GREED) {
      const out = swapHands(ctx, h0, h1, t & 15, t >> 4);
      h0 = out[0];
      h1 = out[1];
    }
    return exactLead(ctx, h0, h1, t & 15, t >> 4, res >> 3, winner);
  };
  if ((legal & (legal - 1)) === 0) return after(lowBit(legal), mine);
  const pool: number[] = [];
  for (let x = FULL_MASK & ~hOpp & ~info.played & ~(1 << lead) & ~info.oppGifts; x; x &= x - 1) pool.push(lowBit(x));
  const need = popcount(mine) - popcount(info.oppGifts & mine);
  // Its guesses are a pure function of the position (a small generator seeded by it), as the search's worlds are of the seed.
  let seed = (Math.imul(hOpp, 0x9e3779b1) ^ Math.imul(lead + 1, 0x85ebca77) ^ Math.imul(info.played + 3, 0xc2b2ae3d)) | 1;
  const sum = new Float64Array(25);
  for (let k = 0; k < samples; k++) {
    let guess = info.oppGifts & mine;
    for (let i = 0; i < need && i < pool.length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const j = i + ((seed >>> 0) % (pool.length - i));
      const c = pool[i] as number;
      pool[i] = pool[j] as number;
      pool[j] = c;
      guess |= 1 << c;
    }
    for (let x = legal; x; x &= x - 1) sum[lowBit(x)] = (sum[lowBit(x)] as number) + after(lowBit(x), guess);
  }
  const sign = 1 - me === ctx.conte ? 1 : -1;
  let best = -1;
  for (let x = legal; x; x &= x - 1) {
    const r = lowBit(x);
    if (best < 0 || sign * (sum[r] as number) > sign * (sum[best] as number) + 1e-12) best = r;
  }
  return after(best, mine);
}

/** Drops from `live` every candidate whose sum so far is more than `margin` below the best's for `sign` (the Conte's +1). */
function prune(live: Scored[], sign: number, margin: number): void {
  let best = -Infinity;
  for (const s of live) if (sign * s.value > best) best = sign * s.value;
  for (let i = live.length - 1; i >= 0; i--) if (sign * (live[i] as Scored).value < best - margin) live.splice(i, 1);
}

/**
 * The worlds of a decision and their weights (relative): weighted by the opponent's plays when `params.eps` is set. `given`
 * replaces them (the sim's oracle, which is handed the true world: a bound on what better inference could gain, never a level).
 */
function decisionWorlds(info: Info, ctx: SearchCtx, params: SearchParams, n: number, random: () => number, given?: readonly number[]): Belief {
  let b: Belief;
  if (given !== undefined) b = { ws: given.slice(), wt: new Float64Array(given.length).fill(1) };
  else if (params.likelihood !== undefined && (params.epsAt === undefined || popcount(info.hand) <= params.epsAt)) b = beliefWorlds(info, ctx, n, params.pool ?? n, 1, random, params.likelihood, params.enumerate);
  else if (params.sampler !== undefined && (params.epsAt === undefined || popcount(info.hand) <= params.epsAt)) b = beliefWorlds(info, ctx, n, params.pool ?? n, 1, random, params.sampler, params.enumerate);
  else if (params.eps !== undefined && (params.epsAt === undefined || popcount(info.hand) <= params.epsAt)) b = beliefWorlds(info, ctx, n, params.pool ?? n, params.eps, random, undefined, params.enumerate);
  else {
    const ws = worlds(info, n, random, params.inference, params.distinct === true, params.enumerate);
    // Weight 1 each and one division at the end: the same floating-point sums as an unweighted mean.
    b = { ws, wt: new Float64Array(ws.length).fill(1) };
  }
  if (params.nodeBudget !== undefined) {
    // The work limit may stop before the last world: an enumeration's order must not decide which ones are left out.
    for (let i = b.ws.length - 1; i > 0; i--) {
      const j = randomInt(random, i + 1);
      [b.ws[i], b.ws[j]] = [b.ws[j] as number, b.ws[i] as number];
      [b.wt[i], b.wt[j]] = [b.wt[j] as number, b.wt[i] as number];
    }
  }
  return b;
}

function swapHands(ctx: SearchCtx, h0: number, h1: number, t0: number, t1: number): [number, number] {
  const k = Math.min(2, popcount(h0));
  const st = ctx.strength;
  const g0 = greedyGive(st, h0, k, ctx.conte === 0, wantsTrick(st, ctx.conte === 0, t0, t1, h0), false);
  const g1 = greedyGive(st, h1, k, ctx.conte === 1, wantsTrick(st, ctx.conte === 1, t1, t0, h1), false);
  return [(h0 & ~g0) | g1, (h1 & ~g1) | g0];
}

/** All k-subsets of `hand` (as masks) that obey the exchange's elixir rule when `elixirRule` is set. */
export function pickSets(hand: number, k: number, elixirRule: boolean): number[] {
  const cards: number[] = [];
  for (let m = hand; m; m &= m - 1) cards.push(lowBit(m));
  const out: number[] = [];
  const go = (from: number, left: number, mask: number) => {
    if (left === 0) {
      if (!elixirRule || (mask & ELIXIR_MASK) !== 0) out.push(mask);
      return;
    }
    for (let i = from; i <= cards.length - left; i++) go(i + 1, left - 1, mask | (1 << (cards[i] as number)));
  };
  go(0, k, 0);
  return out;
}

/** The rule of thumb's order of picks: the Conte keeps high and low cards, the Maske a one-sided hand. Best first. */
export function rankPicks(info: Info, sets: number[]): number[] {
  const st = info.codec.strength;
  const isConte = info.seat === info.conte;
  const want = wantsTrick(st, isConte, info.tricks[info.seat] as number, info.tricks[1 - info.seat] as number, info.hand);
  const order = giveOrder(st, info.hand, isConte, want);
  const pos = new Int8Array(25);
  order.forEach((c, i) => (pos[c] = i));
  const score = (give: number): number => {
    const keep = info.hand & ~give;
    let hi = 0, lo = 0, side = 0, p = 0;
    for (let m = keep; m; m &= m - 1) {
      const s = st[lowBit(m)] as number;
      if (s >= 10) hi++;
      else if (s <= 7) lo++;
      side += s - 8.5;
    }
    for (let m = give; m; m &= m - 1) p += pos[lowBit(m)] as number;
    return isConte ? -3 * Math.abs(hi - lo) - p : Math.abs(side) - p;
  };
  const scores = new Map(sets.map((g) => [g, score(g)]));
  return sets.slice().sort((x, y) => (scores.get(y) as number) - (scores.get(x) as number) || x - y);
}

/**
 * Scores exchange or greed-swap picks: in each world the opponent gives by the rule of thumb, then the round is played out.
 * In the exchange the opponent's whole hand is unknown (10 of the 15 cards we do not hold).
 */
export function scorePicks(info: Info, params: SearchParams, random: () => number, gives: number[], given?: readonly number[]): Scored[] {
  const ctx = searchCtx(info, params);
  const { ws, wt } = decisionWorlds(info, ctx, params, params.pickWorlds, random, given);
  const me = info.seat;
  const opp = 1 - me;
  const st = ctx.strength;
  const k = info.pickCount;
  const exchange = info.phase === "exchange";
  const [t0, t1] = info.tricks;
  const scored: Scored[] = gives.map((g) => ({ card: -1, named: -1, give: g, value: 0, trickWin: 0, diffAfter: 0 }));
  let wsum = 0;
  const nodes0 = work.nodes;
  for (let wi = 0; wi < ws.length; wi++) {
    if (params.nodeBudget !== undefined && wi >= params.minWorlds && work.nodes - nodes0 > params.nodeBudget) break;
    const hOpp = info.oppKnown | (ws[wi] as number);
    const w = wt[wi] as number;
    wsum += w;
    const oppIsConte = opp === ctx.conte;
    const oppGive = greedyGive(st, hOpp, k, oppIsConte, wantsTrick(st, oppIsConte, info.tricks[opp] as number, info.tricks[me] as number, hOpp), exchange && popcount(hOpp & ELIXIR_MASK) >= 2);
    for (const s of scored) {
      const mine = (info.hand & ~s.give) | oppGive;
      const theirs = (hOpp & ~oppGive) | s.give;
      const h0 = me === 0 ? mine : theirs;
      const h1 = me === 0 ? theirs : mine;
      s.value += w * playout(ctx, h0, h1, t0, t1, info.rk, info.leader, info.played);
    }
  }
  for (const s of scored) s.value /= wsum;
  return scored;
}
