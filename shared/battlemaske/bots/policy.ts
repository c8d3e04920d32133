// The rule-of-thumb policy (the `greedy` bot and every rollout) and the exact search of a round's last tricks, on the fast representation.
import {
  countTrick,
  ELIXIR_MASK,
  GREED,
  legalFollow,
  lowBit,
  placeSuit,
  popcount,
  rankOf,
  resolve,
  SUIT_MASK,
  SUIT_OF,
  type Codec,
} from "./fast.js";

/** What a search needs besides the position: the rule set, which seat is the Conte, and the value of a round's end by trick difference. */
export interface SearchCtx {
  readonly codec: Codec;
  readonly strength: Int8Array;
  readonly zw: boolean;
  readonly conte: 0 | 1;
  /** leaf[d]: the Conte's value when the round ends with trick difference d (0–10). The Conte maximises it, the Maske minimises it. */
  readonly leaf: Float64Array;
  /** Both hands at or below this size: exact search to the round's end (0: rollouts all the way). */
  readonly exactAt: number;
}

// Scratch for greedySwap's two hands: read at once after each call, so one buffer serves the whole recursion.
const SCRATCH = new Int32Array(2);

/** A one-sided hand: more high cards (value 5 and up) than low ones (value 3 and down). */
function strongHand(strength: Int8Array, hand: number): boolean {
  let score = 0;
  for (let m = hand; m; m &= m - 1) {
    const s = strength[lowBit(m)] as number;
    if (s >= 10) score++;
    else if (s <= 7) score--;
  }
  return score >= 0;
}

/** Whether the rule of thumb wants this trick: the Maske pushes whichever way it is ahead, the Conte pulls level. */
export function wantsTrick(strength: Int8Array, isConte: boolean, tMe: number, tOpp: number, hand: number): boolean {
  if (tMe !== tOpp) return isConte ? tMe < tOpp : tMe > tOpp;
  return strongHand(strength, hand);
}

/** The greedy follow: the cheapest winner when it wants the trick (else the cheapest card), the dearest loser when not. */
export function greedyFollow(c: SearchCtx, hand: number, lead: number, named: number, rk: number, want: boolean): number {
  const legal = legalFollow(hand, lead, named, c.zw);
  const st = c.strength;
  let bestWin = -1, bestLose = -1, cheapest = -1;
  for (let m = legal; m; m &= m - 1) {
    const b = lowBit(m);
    const sb = st[b] as number;
    if (cheapest < 0 || sb < (st[cheapest] as number)) cheapest = b;
    const leadWins = (resolve(st, rk, lead, b) & 1) === 1;
    if (!leadWins) {
      if (bestWin < 0 || sb < (st[bestWin] as number)) bestWin = b;
    } else if (bestLose < 0 || sb > (st[bestLose] as number)) bestLose = b;
  }
  if (want) return bestWin >= 0 ? bestWin : cheapest;
  return bestLose >= 0 ? bestLose : (bestWin >= 0 ? bestWin : cheapest);
}

/** A lead's rough power: its number, plus its suit's place in the ranking. */
function leadScore(st: Int8Array, rk: number, card: number): number {
  const s = SUIT_OF[card] as number;
  return (st[card] as number) + (s >= 0 ? 2 * Math.max(0, rankOf(rk, s)) : 0);
}

/** The greedy lead: the strongest card to win, the weakest to lose. Returns card | namedSuit << 5 (named only for an elixir). */
export function greedyLead(c: SearchCtx, hand: number, rk: number, want: boolean, unseen: number): number {
  const st = c.strength;
  let best = -1, bestScore = 0;
  for (let m = hand; m; m &= m - 1) {
    const a = lowBit(m);
    const sc = leadScore(st, rk, a);
    if (best < 0 || (want ? sc > bestScore : sc < bestScore)) {
      best = a;
      bestScore = sc;
    }
  }
  if ((SUIT_OF[best] as number) >= 0) return best;
  return best | (nameSuit(st, best, want, unseen) << 5);
}

/** On an elixir lead: to win, name the suit with the fewest unseen cards above the elixir; to lose, the most. */
export function nameSuit(st: Int8Array, elixir: number, want: boolean, unseen: number): number {
  let best = 0, bestScore = 0;
  for (let s = 0; s < 3; s++) {
    let threats = 0;
    for (let m = unseen & (SUIT_MASK[s] as number); m; m &= m - 1) if ((st[lowBit(m)] as number) > (st[elixir] as number)) threats++;
    if (s === 0 || (want ? threats < bestScore : threats > bestScore)) {
      best = s;
      bestScore = threats;
    }
  }
  return best;
}

/**
 * The rule of thumb for giving cards away (exchange and greed swap): the Conte gives its middle cards and keeps high and low;
 * the Maske keeps a one-sided hand (gives its weakest when it wants tricks, its strongest when not).
 * Returns the cards ordered from most to least willing to give.
 */
export function giveOrder(st: Int8Array, hand: number, isConte: boolean, wantTricks: boolean): number[] {
  const cards: number[] = [];
  for (let m = hand; m; m &= m - 1) cards.push(lowBit(m));
  return cards.sort((x, y) => giveKey(st[x] as number, isConte, wantTricks) - giveKey(st[y] as number, isConte, wantTricks) || x - y);
}

/** The greedy pick of k cards; with `elixirRule` (two or more elixirs held) at least one elixir. */
export function greedyGive(st: Int8Array, hand: number, k: number, isConte: boolean, wantTricks: boolean, elixirRule: boolean): number {
  const order = giveOrder(st, hand, isConte, wantTricks);
  let give = 0;
  for (let i = 0; i < k && i < order.length; i++) give |= 1 << (order[i] as number);
  if (elixirRule && (give & ELIXIR_MASK) === 0) {
    const el = order.find((x) => (SUIT_OF[x] as number) < 0) as number;
    const last = order[k - 1] as number;
    give = (give & ~(1 << last)) | (1 << el);
  }
  return give;
}

/** How willing the rule of thumb is to give a card of strength s away (smaller: sooner). */
function giveKey(s: number, isConte: boolean, wantTricks: boolean): number {
  if (isConte) return Math.abs(s - 8.5);
  return wantTricks ? s : -s;
}

/** greedyGive of at most two cards without the elixir rule, without allocating: it runs inside the exact search. */
function giveTwo(st: Int8Array, hand: number, isConte: boolean, wantTricks: boolean): number {
  let a = -1, ka = 0, b = -1, kb = 0;
  // Cards come in ascending order, so a strictly smaller key is needed to go ahead of an earlier card (giveOrder's tie-break).
  for (let m = hand; m; m &= m - 1) {
    const x = lowBit(m);
    const k = giveKey(st[x] as number, isConte, wantTricks);
    if (a < 0 || k < ka) {
      b = a; kb = ka;
      a = x; ka = k;
    } else if (b < 0 || k < kb) {
      b = x; kb = k;
    }
  }
  return (a >= 0 ? 1 << a : 0) | (b >= 0 ? 1 << b : 0);
}

/** The greedy greed swap for both seats at once: returns the new hands packed as [h0, h1]. */
export function greedySwap(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, out: Int32Array): void {
  const st = c.strength;
  const g0 = giveTwo(st, h0, c.conte === 0, wantsTrick(st, c.conte === 0, t0, t1, h0));
  const g1 = giveTwo(st, h1, c.conte === 1, wantsTrick(st, c.conte === 1, t1, t0, h1));
  out[0] = (h0 & ~g0) | g1;
  out[1] = (h1 & ~g1) | g0;
}

/** Plays the round on with the greedy policy for both until the hands reach `exactAt`, then searches exactly; the Conte's value. */
export function playout(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, rk: number, leader: number, played: number): number {
  const st = c.strength;
  const tmp = SCRATCH;
  while (h0 !== 0 && popcount(h0) > c.exactAt) {
    const hl = leader === 0 ? h0 : h1;
    const hf = leader === 0 ? h1 : h0;
    const tl = leader === 0 ? t0 : t1;
    const tf = leader === 0 ? t1 : t0;
    const lead = greedyLead(c, hl, rk, wantsTrick(st, leader === c.conte, tl, tf, hl), ~(played | hl) & 0x1ffffff);
    const a = lead & 31;
    const named = lead >> 5;
    const sa = SUIT_OF[a] as number;
    const rk1 = sa >= 0 ? placeSuit(rk, sa) : rk;
    const b = greedyFollow(c, hf, a, named, rk1, wantsTrick(st, leader !== c.conte, tf, tl, hf));
    const res = resolve(st, rk1, a, b);
    const winner = (res & 1) === 1 ? leader : 1 - leader;
    const eff = (res >> 1) & 3;
    rk = res >> 3;
    const t = countTrick(t0, t1, winner, eff);
    t0 = t & 15;
    t1 = t >> 4;
    if (leader === 0) { h0 &= ~(1 << a); h1 &= ~(1 << b); } else { h1 &= ~(1 << a); h0 &= ~(1 << b); }
    played |= (1 << a) | (1 << b);
    if (eff === GREED && h0 !== 0) {
      greedySwap(c, h0, h1, t0, t1, tmp);
      h0 = tmp[0] as number;
      h1 = tmp[1] as number;
    }
    leader = winner;
  }
  if (h0 === 0) return c.leaf[Math.abs(t0 - t1)] as number;
  return exactLead(c, h0, h1, t0, t1, rk, leader);
}

// Exact values by null-window tests: the leaf falls strictly with the final trick difference d, so the value is leaf[d*] for one
// d*, and "value ≥ leaf[d]" is a cheap test. d* has the parity of |D| + k (every trick moves d by 1 or 3) and lies within 3k of |D|.
const GAP = 1e-9; // far below the 0.002 between neighbouring leaf values

function lowestD(D: number, k: number): number {
  const lo = Math.abs(D) - 3 * k;
  return lo >= 0 ? lo : (Math.abs(D) + k) & 1;
}

function highestD(D: number, k: number): number {
  let hi = Math.abs(D) + 3 * k;
  while (hi > 10) hi -= 2;
  return hi;
}

/** leadNode's full-window value, found by a binary search of null-window tests over the possible trick differences. */
export function exactLead(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, rk: number, leader: number): number {
  const k = popcount(leader === 0 ? h0 : h1);
  let lo = lowestD(t0 - t1, k), hi = highestD(t0 - t1, k);
  while (lo < hi) {
    const mid = lo + (((hi - lo) >> 2) << 1);
    const x = c.leaf[mid] as number;
    if (leadNode(c, h0, h1, t0, t1, rk, leader, x - GAP, x) >= x) hi = mid;
    else lo = mid + 2;
  }
  return c.leaf[lo] as number;
}

/** followNode's full-window value, the same way (a copy rather than a callback: a closure per call costs in the search). */
export function exactFollow(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, rk: number, leader: number, lead: number, named: number): number {
  const k = popcount(leader === 0 ? h1 : h0);
  let lo = lowestD(t0 - t1, k), hi = highestD(t0 - t1, k);
  while (lo < hi) {
    const mid = lo + (((hi - lo) >> 2) << 1);
    const x = c.leaf[mid] as number;
    if (followNode(c, h0, h1, t0, t1, rk, leader, lead, named, x - GAP, x) >= x) hi = mid;
    else lo = mid + 2;
  }
  return c.leaf[lo] as number;
}

// Transposition table of the exact search, one per decision (a new SearchCtx starts a new generation): lead positions recur
// across candidates, worlds and move orders. Entries hold bounds on the Conte's value, so alpha-beta's results stay exact.
const TT_BITS = 16;
const TT_SIZE = 1 << TT_BITS;
// Packed for few cache misses: keys [h0, h1, meta | (best lead + 1) << 16, generation], values [lower, upper bound].
const TT_KEY = new Int32Array(4 * TT_SIZE);
const TT_VAL = new Float64Array(2 * TT_SIZE);
let ttGen = 0;
let ttCtx: SearchCtx | null = null;

/** Lead positions the exact search has visited (never reset: callers take differences), a deterministic measure of its work. */
export const work = { nodes: 0 };

/** Exact minimax with alpha-beta from a lead (both hands known; greed swaps by the rule of thumb). The Conte's value. */
export function leadNode(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, rk: number, leader: number, alpha: number, beta: number): number {
  work.nodes++;
  const hl = leader === 0 ? h0 : h1;
  if (hl === 0) return c.leaf[Math.abs(t0 - t1)] as number;
  if ((hl & (hl - 1)) === 0) {
    // The last trick: one card each, so the named suit cannot matter.
    const a = lowBit(hl);
    const sa = SUIT_OF[a] as number;
    const res = resolve(c.strength, sa >= 0 ? placeSuit(rk, sa) : rk, a, lowBit(leader === 0 ? h1 : h0));
    const t = countTrick(t0, t1, (res & 1) === 1 ? leader : 1 - leader, (res >> 1) & 3);
    return c.leaf[Math.abs((t & 15) - (t >> 4))] as number;
  }
  if (c !== ttCtx) {
    ttCtx = c;
    ttGen = (ttGen + 1) | 0;
  }
  const meta = t0 | (t1 << 4) | (rk << 8) | (leader << 12);
  const i = (Math.imul(h0, 0x9e3779b1) ^ Math.imul(h1 ^ (meta << 19), 0x85ebca77) ^ Math.imul(meta, 0xc2b2ae3d)) >>> (32 - TT_BITS);
  let first = -1;
  let lo = -Infinity, hi = Infinity;
  const k4 = i << 2;
  if (TT_KEY[k4 + 3] === ttGen && TT_KEY[k4] === h0 && TT_KEY[k4 + 1] === h1 && ((TT_KEY[k4 + 2] as number) & 0xffff) === meta) {
    lo = TT_VAL[2 * i] as number;
    hi = TT_VAL[2 * i + 1] as number;
    if (lo >= beta) return lo;
    if (hi <= alpha || lo === hi) return hi;
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    first = ((TT_KEY[k4 + 2] as number) >> 16) - 1;
  }
  const best = searchLeads(c, h0, h1, t0, t1, rk, leader, alpha, beta, first);
  if (best <= alpha) hi = best;
  else if (best >= beta) lo = best;
  else lo = hi = best;
  TT_KEY[k4] = h0;
  TT_KEY[k4 + 1] = h1;
  TT_KEY[k4 + 2] = meta | ((bestLead + 1) << 16);
  TT_KEY[k4 + 3] = ttGen;
  TT_VAL[2 * i] = lo;
  TT_VAL[2 * i + 1] = hi;
  return best;
}

// The lead (card | named << 5) that gave searchLeads' result, read right after the call.
let bestLead = -1;

/** Tries every lead (the move `first` first, when given) with alpha-beta; sets bestLead. */
function searchLeads(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, rk: number, leader: number, alpha: number, beta: number, first: number): number {
  const hl = leader === 0 ? h0 : h1;
  const max = leader === c.conte;
  const hf = leader === 0 ? h1 : h0;
  let best = max ? -Infinity : Infinity;
  let move = -1;
  for (let k = first >= 0 ? -1 : 0, m = hl; k < 0 || m; k++) {
    let a: number;
    if (k < 0) a = first & 31;
    else {
      a = 31 - Math.clz32(m);
      m &= ~(1 << a);
    }
    const sa = SUIT_OF[a] as number;
    const rk1 = sa >= 0 ? placeSuit(rk, sa) : rk;
    let seen0 = -1, seen1 = -1;
    for (let n = 0; n < (sa >= 0 ? 1 : 3); n++) {
      if (k < 0 && sa < 0 && n !== first >> 5) continue;
      if (k >= 0 && a === (first & 31) && (sa >= 0 || n === first >> 5)) continue; // searched first already
      if (sa < 0) {
        // Naming a suit only matters through what the follower may play: skip a name that allows the same cards.
        const legal = legalFollow(hf, a, n, c.zw);
        if (legal === seen0 || legal === seen1) continue;
        if (seen0 < 0) seen0 = legal; else seen1 = legal;
      }
      const v = followNode(c, h0, h1, t0, t1, rk1, leader, a, n, alpha, beta);
      if (max ? v > best : v < best) {
        best = v;
        move = a | ((sa >= 0 ? 0 : n) << 5);
      }
      if (max) {
        if (best > alpha) alpha = best;
      } else if (best < beta) beta = best;
      if (alpha >= beta) {
        bestLead = move;
        return best;
      }
    }
  }
  bestLead = move;
  return best;
}

/** The follower's exact reply to `lead` (with `rk` the ranking after the lead was placed). */
export function followNode(c: SearchCtx, h0: number, h1: number, t0: number, t1: number, rk: number, leader: number, lead: number, named: number, alpha: number, beta: number): number {
  const f = 1 - leader;
  const hf = f === 0 ? h0 : h1;
  const max = f === c.conte;
  const legal = legalFollow(hf, lead, named, c.zw);
  let best = max ? -Infinity : Infinity;
  const tmp = SCRATCH;
  const st = c.strength;
  // Move order for cutoffs: the cheapest card that wins the trick, then the dearest that loses it, then the rest.
  let w = -1, l = -1;
  for (let m = legal; m; m &= m - 1) {
    const b = lowBit(m);
    if ((resolve(st, rk, lead, b) & 1) === 0) {
      if (w < 0 || (st[b] as number) < (st[w] as number)) w = b;
    } else if (l < 0 || (st[b] as number) > (st[l] as number)) l = b;
  }
  let rest = legal & ~(w >= 0 ? 1 << w : 0) & ~(l >= 0 ? 1 << l : 0);
  for (let k = 0; ; k++) {
    let b: number;
    if (k === 0) {
      if (w < 0) continue;
      b = w;
    } else if (k === 1) {
      if (l < 0) continue;
      b = l;
    } else {
      if (rest === 0) break;
      b = lowBit(rest);
      rest &= rest - 1;
    }
    const res = resolve(st, rk, lead, b);
    const winner = (res & 1) === 1 ? leader : f;
    const eff = (res >> 1) & 3;
    const t = countTrick(t0, t1, winner, eff);
    let n0 = h0, n1 = h1;
    if (leader === 0) { n0 &= ~(1 << lead); n1 &= ~(1 << b); } else { n1 &= ~(1 << lead); n0 &= ~(1 << b); }
    if (eff === GREED && n0 !== 0) {
      greedySwap(c, n0, n1, t & 15, t >> 4, tmp);
      n0 = tmp[0] as number;
      n1 = tmp[1] as number;
    }
    const v = leadNode(c, n0, n1, t & 15, t >> 4, res >> 3, winner, alpha, beta);
    if (max) {
      if (v > best) best = v;
      if (best > alpha) alpha = best;
    } else {
      if (v < best) best = v;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) return best;
  }
  return best;
}
