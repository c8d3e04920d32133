// Alpha-mu (Cazenave & Ventos, "The αμ Search Algorithm for the Game of Bridge", 2019) over a round's last tricks: a search
// over all the worlds at once in which our own card is the same in every world we cannot tell apart (no strategy fusion for
// us within M of our moves), while the opponent, as in the plain per-world search, knows the world. A node's value is a
// Pareto front of vectors (one value per world, each vector a strategy of ours); the opponent's moves combine the fronts
// of its cards world by world with the minimum for us.
import { countTrick, GREED, legalFollow, lowBit, placeSuit, resolve, SUIT_OF } from "./fast.js";
import { exactFollow, exactLead, greedySwap, type SearchCtx } from "./policy.js";

/** A position of the search, common to every world except the opponent's hand (per world). */
interface Node {
  readonly mine: number;
  readonly opp: Int32Array;
  /** The worlds still possible here (the opponent's cards so far fit them). */
  readonly live: readonly number[];
  readonly t0: number;
  readonly t1: number;
  readonly rk: number;
  readonly leader: number;
  /** The card on the table (−1: a lead is due) and its named suit. */
  readonly lead: number;
  readonly named: number;
}

/** Vectors of our value per world (the Conte's value times `sign`); worlds not live in a subtree hold +Infinity. */
type Front = Float64Array[];

const SCRATCH = new Int32Array(2);

export interface AlphaMuResult {
  /** Per root candidate (the order given): the Conte's value of its best strategy, the weighted mean over the worlds. */
  readonly values: number[];
}

/**
 * Scores the root candidates (card and named suit, named −1 unless leading an elixir) of the seat `me` holding `mine`, in
 * the worlds `opp` (the opponent's whole hand per world, weights `wt`), with at most `m` of our moves (the root's
 * included) searched as one strategy over all worlds; after that each world is searched exactly. m = 1 is the plain
 * per-world search's mean.
 */
export function alphaMu(
  c: SearchCtx, me: number, mine: number, opp: readonly number[], wt: ArrayLike<number>,
  t0: number, t1: number, rk: number, leader: number, lead: number, named: number,
  cands: readonly { card: number; named: number }[], m: number,
): AlphaMuResult {
  const sign = me === c.conte ? 1 : -1;
  const live = opp.map((_, i) => i);
  const root: Node = { mine, opp: Int32Array.from(opp), live, t0, t1, rk, leader, lead, named };
  const W = opp.length;
  let wsum = 0;
  for (let i = 0; i < W; i++) wsum += wt[i] as number;
  const values = cands.map((cand) => {
    const f = afterMyMove(c, me, sign, root, cand.card, cand.named, m - 1);
    let best = -Infinity;
    for (const v of f) {
      let s = 0;
      for (let i = 0; i < W; i++) s += (wt[i] as number) * (v[i] as number);
      if (s > best) best = s;
    }
    return (sign * best) / wsum;
  });
  return { values };
}

/** The front of a node: our move (a union of our cards' fronts), the opponent's (their world-wise minimum), or exact values. */
function front(c: SearchCtx, me: number, sign: number, n: Node, m: number): Front {
  const mover = n.lead < 0 ? n.leader : 1 - n.leader;
  if (n.mine === 0 && n.lead < 0) return [leafVector(c, sign, n, () => c.leaf[Math.abs(n.t0 - n.t1)] as number)];
  if (mover === me) {
    if (m <= 0) return [exactVector(c, me, sign, n)];
    let out: Front = [];
    if (n.lead < 0) {
      for (let x = n.mine; x; x &= x - 1) {
        const card = lowBit(x);
        const names = (SUIT_OF[card] as number) >= 0 ? 1 : 3;
        for (let k = 0; k < names; k++) out = union(out, afterMyMove(c, me, sign, n, card, names === 1 ? -1 : k, m - 1));
      }
    } else {
      for (let x = legalFollow(n.mine, n.lead, n.named, c.zw); x; x &= x - 1) out = union(out, afterMyMove(c, me, sign, n, lowBit(x), -1, m - 1));
    }
    return out;
  }
  // The opponent's move: each card (and named suit) it may play in some live world, over the worlds where it may.
  const W = n.opp.length;
  let acc: Front = [new Float64Array(W).fill(Infinity)]; // the neutral start of a world-wise minimum
  const moves = new Map<number, number[]>();
  for (const w of n.live) {
    const h = n.opp[w] as number;
    if (n.lead < 0) {
      for (let x = h; x; x &= x - 1) {
        const card = lowBit(x);
        const names = (SUIT_OF[card] as number) >= 0 ? 1 : 3;
        for (let k = 0; k < names; k++) push(moves, card | ((names === 1 ? 0 : k + 1) << 5), w);
      }
    } else for (let x = legalFollow(h, n.lead, n.named, c.zw); x; x &= x - 1) push(moves, lowBit(x), w);
  }
  for (const [mv, ws] of moves) {
    const card = mv & 31;
    const nm = (mv >> 5) - 1;
    const f = afterOppMove(c, me, sign, n, card, nm, ws, m);
    acc = combine(acc, f);
  }
  return acc;
}

function push(map: Map<number, number[]>, key: number, w: number): void {
  const l = map.get(key);
  if (l) l.push(w);
  else map.set(key, [w]);
}

/** Our card played at node n: the next node's front with `m` of our moves left. */
function afterMyMove(c: SearchCtx, me: number, sign: number, n: Node, card: number, named: number, m: number): Front {
  if (n.lead < 0) {
    const sa = SUIT_OF[card] as number;
    return front(c, me, sign, { ...n, lead: card, named, rk: sa >= 0 ? placeSuit(n.rk, sa) : n.rk }, m);
  }
  return afterTrick(c, me, sign, n, n.live, n.opp, card, m);
}

/** The opponent's card played at node n in the worlds `ws`. */
function afterOppMove(c: SearchCtx, me: number, sign: number, n: Node, card: number, named: number, ws: readonly number[], m: number): Front {
  if (n.lead < 0) {
    const sa = SUIT_OF[card] as number;
    return front(c, me, sign, { ...n, live: ws, lead: card, named, rk: sa >= 0 ? placeSuit(n.rk, sa) : n.rk }, m);
  }
  return afterTrick(c, me, sign, n, ws, n.opp, card, m);
}

/** The follower's card `follow` ends the trick in the worlds `ws`: the same result in each (the cards and ranking are common). */
function afterTrick(c: SearchCtx, me: number, sign: number, n: Node, ws: readonly number[], opp: Int32Array, follow: number, m: number): Front {
  const res = resolve(c.strength, n.rk, n.lead, follow);
  const winner = (res & 1) === 1 ? n.leader : 1 - n.leader;
  const eff = (res >> 1) & 3;
  const t = countTrick(n.t0, n.t1, winner, eff);
  const myCard = n.leader === me ? n.lead : follow;
  const oppCard = n.leader === me ? follow : n.lead;
  const next = new Int32Array(opp.length);
  for (const w of ws) next[w] = (opp[w] as number) & ~(1 << oppCard);
  const mine = n.mine & ~(1 << myCard);
  const child: Node = { mine, opp: next, live: ws, t0: t & 15, t1: t >> 4, rk: res >> 3, leader: winner, lead: -1, named: -1 };
  if (eff === GREED && mine !== 0) {
    // A greed swap gives us cards that differ by world: our moves are no longer common, so each world is searched exactly.
    return [leafVector(c, sign, child, (w) => {
      const h0 = me === 0 ? mine : (next[w] as number);
      const h1 = me === 0 ? (next[w] as number) : mine;
      greedySwap(c, h0, h1, child.t0, child.t1, SCRATCH);
      return exactLead(c, SCRATCH[0] as number, SCRATCH[1] as number, child.t0, child.t1, child.rk, winner);
    })];
  }
  return front(c, me, sign, child, m);
}

/** Each live world's exact value at node n (our moves no longer shared). */
function exactVector(c: SearchCtx, me: number, sign: number, n: Node): Float64Array {
  return leafVector(c, sign, n, (w) => {
    const h0 = me === 0 ? n.mine : (n.opp[w] as number);
    const h1 = me === 0 ? (n.opp[w] as number) : n.mine;
    return n.lead < 0 ? exactLead(c, h0, h1, n.t0, n.t1, n.rk, n.leader) : exactFollow(c, h0, h1, n.t0, n.t1, n.rk, n.leader, n.lead, n.named);
  });
}

function leafVector(c: SearchCtx, sign: number, n: Node, value: (w: number) => number): Float64Array {
  const v = new Float64Array(n.opp.length).fill(Infinity);
  for (const w of n.live) v[w] = sign * value(w);
  return v;
}

/** a is at least b in every world. */
function dominates(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i] as number) < (b[i] as number)) return false;
  return true;
}

/**
 * A front is cut to this many vectors (the best by their sum over the live worlds): pairs multiply at every opponent move,
 * and with M ≤ 3 a longer front is rare (not part of alpha-mu as published; it bounds the time).
 */
const MAX_FRONT = 48;

/** The Pareto front (for us, larger is better) of `xs`: vectors another one dominates are dropped, equal ones kept once. */
function reduce(xs: Front): Front {
  let out: Front = [];
  for (const x of xs) {
    if (out.some((y) => dominates(y, x))) continue;
    for (let i = out.length - 1; i >= 0; i--) if (dominates(x, out[i] as Float64Array)) out.splice(i, 1);
    out.push(x);
  }
  if (out.length > MAX_FRONT) {
    const sum = (v: Float64Array) => v.reduce((s, x) => (x === Infinity ? s : s + x), 0);
    out = out.map((v) => ({ v, s: sum(v) })).sort((a, b) => b.s - a.s).slice(0, MAX_FRONT).map((e) => e.v);
  }
  return out;
}

function union(a: Front, b: Front): Front {
  return reduce(a.concat(b));
}

/** The opponent picks per world: every pair of strategies (one per branch) gives the world-wise minimum. */
function combine(a: Front, b: Front): Front {
  if (b.length === 1 && a.length === 1) {
    const x = a[0] as Float64Array, y = b[0] as Float64Array;
    const v = new Float64Array(x.length);
    for (let i = 0; i < x.length; i++) v[i] = Math.min(x[i] as number, y[i] as number);
    return [v];
  }
  const out: Front = [];
  for (const x of a) {
    for (const y of b) {
      const v = new Float64Array(x.length);
      for (let i = 0; i < x.length; i++) v[i] = Math.min(x[i] as number, y[i] as number);
      out.push(v);
    }
  }
  return reduce(out);
}
