// The open-hand solver: exhaustive, memoised search for the fewest lives the rest of a round must cost when every hand is known.
import { card, type Card } from "./cards.js";
import type { Pan, Seat } from "./events.js";

/** A position of one round with every hand known: the cards still held per seat, the pans' weights (bottom first), whose turn. */
export interface Position {
  readonly limit: number;
  readonly turn: Seat;
  readonly hands: ReadonlyArray<readonly Card[]>;
  readonly left: readonly number[];
  readonly right: readonly number[];
}

/** A first move and the fewest lives the rest of the round then costs (its own tip and the round end included). */
export interface MoveValue {
  readonly card: Card;
  /** The pan a number or Ace goes to / a Jack or Queen acts on; null for a Jack or Queen on an empty scale. */
  readonly pan: Pan | null;
  readonly loss: number;
}

const ACE = 1;
const JACK = 11;
const QUEEN = 12;
const UNKNOWN = 15;

function codeOf(c: Card): number {
  const info = card(c);
  return info.kind === "number" ? info.weight : info.kind === "ace" ? ACE : info.kind === "jack" ? JACK : QUEEN;
}

function popcount(x: number): number {
  let n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
}

/**
 * One solver per position (a sampled world): the memo is keyed by the cards still held (a 12-bit mask, which also fixes
 * whose turn it is), the difference (mirrored so the left pan is the heavier one) and, while Jacks or Queens are still
 * held, the top m weights of each pan (m = how many are left: deeper cards can never surface).
 */
export class Solver {
  private readonly ids: Card[] = [];
  private readonly code: number[] = [];
  private readonly seatMask: number[];
  private readonly jqMask: number;
  private readonly players: number;
  private readonly limit: number;
  private readonly rootMask: number;
  private readonly rootTurn: Seat;
  private readonly memo = new Map<number | string, number>();
  private L: number[];
  private R: number[];
  private d: number;
  /** Search nodes visited (for benchmarks). */
  nodes = 0;

  constructor(pos: Position) {
    this.players = pos.hands.length;
    this.limit = pos.limit;
    this.seatMask = pos.hands.map(() => 0);
    let jq = 0;
    pos.hands.forEach((hand, seat) => {
      for (const c of hand) {
        const i = this.ids.length;
        this.ids.push(c);
        this.code.push(codeOf(c));
        this.seatMask[seat]! |= 1 << i;
        if (this.code[i]! >= JACK) jq |= 1 << i;
      }
    });
    if (this.ids.length > 12) throw new Error("the solver takes at most 12 cards");
    this.jqMask = jq;
    this.rootMask = (1 << this.ids.length) - 1;
    this.rootTurn = pos.turn;
    this.L = pos.left.slice();
    this.R = pos.right.slice();
    this.d = this.L.reduce((a, b) => a + b, 0) - this.R.reduce((a, b) => a + b, 0);
  }

  /** The fewest lives the rest of the round costs from the root position (or `cap` when it is at least that many). */
  minLoss(cap = 14): number {
    return this.minFrom(this.rootMask, this.rootTurn, cap);
  }

  /** Whether the rest of the round can be played without losing a life. */
  clearable(): boolean {
    return this.can(this.rootMask, this.rootTurn, 0);
  }

  /** Every first move of the seat to play, with the fewest lives the round then costs (counted up to `cap` + 1: "more than cap"). */
  moveValues(cap = 13): MoveValue[] {
    const out: MoveValue[] = [];
    const turn = this.rootTurn;
    const hand = this.rootMask & this.seatMask[turn]!;
    for (let i = 0; i < this.ids.length; i++) {
      if (!(hand & (1 << i))) continue;
      const code = this.code[i]!;
      const pans: Array<0 | 1 | null> = code < JACK ? [0, 1] : this.d === 0 ? [null] : ([0, 1] as const).filter((p) => (p === 0 ? this.L : this.R).length > 0);
      for (const pan of pans) {
        const loss = this.afterRoot(i, pan, (nm, next, cost) => cost + this.minFrom(nm, next, cap + 1 - cost));
        out.push({ card: this.ids[i]!, pan: pan === null ? null : pan === 0 ? "left" : "right", loss });
      }
    }
    return out;
  }

  /**
   * Whether the first move `c` on `pan` (null: a Jack or Queen on an empty scale) of the seat to play keeps the round's
   * cost at most `budget` lives, its own tip and the round end included: one budget question, so a caller that only
   * needs to compare moves asks no more than that needs (moveValues gives every value in full).
   */
  atMost(c: Card, pan: Pan | null, budget: number): boolean {
    const i = this.ids.indexOf(c);
    if (i < 0 || !((this.rootMask & this.seatMask[this.rootTurn]!) & (1 << i))) throw new Error(`${c} is not in the hand of the seat to play`);
    return this.afterRoot(i, pan === null ? null : pan === "left" ? 0 : 1, (nm, next, cost) => cost <= budget && this.can(nm, next, budget - cost));
  }

  /** `body` on the position after root card i on `pan` (emptied when it balanced or tipped; `cost`: the life its tip lost), then undone. */
  private afterRoot<T>(i: number, pan: 0 | 1 | null, body: (mask: number, next: Seat, cost: number) => T): T {
    const next = ((this.rootTurn + 1) % this.players) as Seat;
    const nm = this.rootMask & ~(1 << i);
    if (pan === null) return body(nm, next, 0); // a Jack or Queen on an empty scale: nothing happens
    const code = this.code[i]!;
    const d0 = this.d;
    const w = this.apply(code, pan);
    const d = this.d;
    let out: T;
    if (d === 0 || d > this.limit || d < -this.limit) {
      const sL = this.L;
      const sR = this.R;
      this.L = [];
      this.R = [];
      this.d = 0;
      out = body(nm, next, d === 0 ? 0 : 1);
      this.L = sL;
      this.R = sR;
    } else out = body(nm, next, 0);
    this.d = d0;
    this.undo(code, pan, w);
    return out;
  }

  /** The fewest lives from here, or `cap` when it is at least that many. */
  private minFrom(mask: number, turn: Seat, cap = 14): number {
    for (let b = 0; b < cap; b++) if (this.can(mask, turn, b)) return b;
    return Math.max(cap, 0);
  }

  /** Puts a card on pan 0 (left) or 1 (right), or lets a Jack or Queen act on it; sets the difference; returns the weight moved. */
  private apply(code: number, pan: 0 | 1): number {
    const d0 = this.d;
    const P = pan === 0 ? this.L : this.R;
    const sign = pan === 0 ? 1 : -1;
    if (code === JACK) {
      const w = P.pop() as number;
      (pan === 0 ? this.R : this.L).push(w);
      this.d = d0 - 2 * sign * w;
      return w;
    }
    if (code === QUEEN) {
      const w = P.pop() as number;
      this.d = d0 - sign * w;
      return w;
    }
    const w = code === ACE ? (sign * d0 < 0 ? (d0 < 0 ? -d0 : d0) : 1) : code;
    P.push(w);
    this.d = d0 + sign * w;
    return w;
  }

  /** Undoes apply() on the same pans (the caller restores the difference). */
  private undo(code: number, pan: 0 | 1, w: number): void {
    const P = pan === 0 ? this.L : this.R;
    if (code === JACK) {
      (pan === 0 ? this.R : this.L).pop();
      P.push(w);
    } else if (code === QUEEN) P.push(w);
    else P.pop();
  }

  private key(mask: number): number | string {
    const m = popcount(mask & this.jqMask);
    const d = this.d;
    const head = mask | ((d < 0 ? -d : d) << 12);
    if (m === 0 || d === 0) return head;
    const heavy = d > 0 ? this.L : this.R;
    const light = d > 0 ? this.R : this.L;
    if (m <= 4) {
      // 2m nibbles (top first, 0 past the bottom) above the 16-bit head: at most 48 bits, an exact number.
      let code = 0;
      for (let k = 0; k < m; k++) {
        const j = heavy.length - 1 - k;
        code = code * 16 + (j >= 0 ? heavy[j]! : 0);
      }
      for (let k = 0; k < m; k++) {
        const j = light.length - 1 - k;
        code = code * 16 + (j >= 0 ? light[j]! : 0);
      }
      return code * 65536 + head;
    }
    const codes = [head];
    for (const stack of [heavy, light]) {
      for (let k = 0; k < m; k++) {
        const j = stack.length - 1 - k;
        codes.push(j >= 0 ? stack[j]! : 0);
      }
    }
    return String.fromCharCode(...codes);
  }

  /** Can the rest of the round (from `mask`, `turn` to play, the pans as they are) be played losing at most `budget` lives? */
  private can(mask: number, turn: Seat, budget: number): boolean {
    this.nodes++;
    const d0 = this.d;
    if (mask === 0) return (d0 === 0 ? 0 : 1) <= budget;
    const key = this.key(mask);
    const e = this.memo.get(key);
    const lb = e === undefined ? 0 : e & 15;
    const ub = e === undefined ? UNKNOWN : e >> 4;
    if (ub <= budget) return true;
    if (lb > budget) return false;
    const next = (turn + 1 === this.players ? 0 : turn + 1) as Seat;
    const hand = mask & this.seatMask[turn]!;
    const limit = this.limit;
    let tried = 0;
    let ok = false;
    for (let bits = hand; bits !== 0 && !ok; bits &= bits - 1) {
      const i = 31 - Math.clz32(bits & -bits);
      const code = this.code[i]!;
      if ((tried >> code) & 1) continue; // two cards of one rank in one hand do the same
      tried |= 1 << code;
      const nm = mask & ~(1 << i);
      if (code >= JACK && d0 === 0) {
        ok = this.can(nm, next, budget); // nothing happens on an empty scale
        continue;
      }
      for (let pan: 0 | 1 = 0; pan <= 1 && !ok; pan++) {
        if (pan === 1 && d0 === 0) break; // on an empty scale left and right are mirror images
        if (code >= JACK && (pan === 0 ? this.L : this.R).length === 0) continue;
        const w = this.apply(code, pan as 0 | 1);
        const d = this.d;
        if (d === 0 || d > limit || d < -limit) {
          const cost = d === 0 ? 0 : 1;
          if (cost <= budget) {
            const sL = this.L;
            const sR = this.R;
            this.L = [];
            this.R = [];
            this.d = 0;
            ok = this.can(nm, next, budget - cost);
            this.L = sL;
            this.R = sR;
          }
        } else ok = this.can(nm, next, budget);
        this.d = d0;
        this.undo(code, pan as 0 | 1, w);
      }
    }
    if (ok) this.memo.set(key, lb | (Math.min(ub, budget) << 4));
    else this.memo.set(key, Math.max(lb, budget + 1) | (ub << 4));
    return ok;
  }
}

/** The fewest lives the rest of a round costs with open hands and perfect play. */
export function minLivesLost(pos: Position): number {
  return new Solver(pos).minLoss();
}

/** Whether the rest of a round can be played without losing a life, with open hands and perfect play. */
export function clearable(pos: Position): boolean {
  return new Solver(pos).clearable();
}
