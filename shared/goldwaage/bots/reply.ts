// Partner-aware evaluation: a world's move values where the next seat answers from its own information, not the solver's.
//
// The open-hand solver values a move as if every later seat saw every hand. For a team that is strategy fusion: in
// world W the solver lets the next team-mate "know" it must close exactly the difference this move leaves, whatever it
// could know. Here the next seat decides as a real team-mate would — from its hand in W and what is public after the
// move — and only the rest of the round after its answer is solved with open hands.
import { card, type Card } from "../cards.js";
import type { Pan, Seat } from "../events.js";
import { Solver } from "../solver.js";
import type { PanCard } from "../state.js";
import type { View } from "../view.js";

export type Move = { card: Card; pan: Pan | null };

/**
 * How a seat would choose from its own view (strong's rule, with the worlds it samples from that view), in two steps:
 * the call draws its worlds, the function it returns decides without drawing — so a caller may draw for every move and
 * decide only where the answer matters, with the same random stream as deciding everywhere.
 */
export type Chooser = (view: View) => () => Move;

/** The pans after one card, and whether the check emptied them with a lost life (a tip) or without (a balance). */
export function playOnPans(
  pans: View["pans"],
  limit: number,
  c: Card,
  pan: Pan | null,
): { left: PanCard[]; right: PanCard[]; cost: number } {
  const left = pans.left.slice();
  const right = pans.right.slice();
  if (pan === null || left.length + right.length === 0) {
    const info = card(c);
    // A Jack or Queen on an empty scale does nothing; a number or Ace on an empty scale is placed (pan given).
    if (info.kind === "jack" || info.kind === "queen" || pan === null) return { left, right, cost: 0 };
  }
  const sum = (p: PanCard[]) => p.reduce((a, b) => a + b.weight, 0);
  const mine = pan === "left" ? left : right;
  const other = pan === "left" ? right : left;
  const info = card(c);
  if (info.kind === "number") mine.push({ card: c, weight: info.weight });
  else if (info.kind === "ace") {
    const diff = sum(other) - sum(mine);
    mine.push({ card: c, weight: diff > 0 ? diff : 1 });
  } else if (info.kind === "jack") other.push(mine.pop() as PanCard);
  else mine.pop();
  const d = sum(left) - sum(right);
  if (d === 0) return { left: [], right: [], cost: 0 };
  if (d > limit || d < -limit) return { left: [], right: [], cost: 1 };
  return { left, right, cost: 0 };
}

/**
 * The view of the seat to play after `m`, in world `hands` (the mover's hand included): Profi only — nothing is open, so
 * the next seat's view is its hand in the world plus what is public (the pans, every card played, the lives).
 */
export function viewAfter(view: View, hands: readonly (readonly Card[])[], m: Move): { next: View; hands: Card[][]; cost: number } {
  const mover = (view.turn ?? view.viewer) as Seat;
  const after = playOnPans(view.pans, view.limit, m.card, m.pan);
  const rest = hands.map((h, s) => (s === mover ? h.filter((c) => c !== m.card) : h.slice()));
  const seat = ((mover + 1) % view.players) as Seat;
  const l = after.left.reduce((a, b) => a + b.weight, 0);
  const r = after.right.reduce((a, b) => a + b.weight, 0);
  const next: View = {
    ...view,
    viewer: seat,
    turn: seat,
    hand: rest[seat]!,
    handSizes: rest.map((h) => h.length),
    lives: Math.max(0, view.lives - after.cost),
    livesLost: view.livesLost + after.cost,
    pans: { left: after.left, right: after.right },
    sums: [l, r],
    difference: Math.abs(l - r),
    played: [...view.played, { round: view.round as 1 | 2 | 3 | 4, seat: mover, card: m.card, pan: m.pan }],
  };
  return { next, hands: rest, cost: after.cost };
}

const weights = (p: readonly PanCard[]) => p.map((x) => x.weight);

/**
 * Each move's lives in world `hands` (counted up to `cap`): the move, the next seat's answer as `choose` picks it from
 * that seat's own view, then the open-hand solver for the rest of the round. Two cards of one rank give the same value,
 * so only the first of them is valued (the others get none). When the round ends with the move, or the next seat has
 * nothing to choose from, it is the solver's value.
 */
export function replyValues(view: View, hands: readonly (readonly Card[])[], moves: readonly Move[], cap: number, choose: Chooser): Map<string, number> {
  const out = new Map<string, number>();
  const seen = new Set<string>();
  for (const m of moves) {
    const info = card(m.card);
    const same = `${info.rank}/${m.pan ?? "-"}`;
    if (seen.has(same)) continue;
    seen.add(same);
    out.set(`${m.card}/${m.pan ?? "-"}`, replyFinish(replyStart(view, hands, m, cap, choose), cap));
  }
  return out;
}

/**
 * A move played in a world, and the next seat's answer drawn but not yet decided (null: it has nothing to answer, or the
 * move already costs `cap`); `deeper`, when given, answers for the seat after it from that seat's own view too.
 */
export interface ReplyStart {
  readonly after: { next: View; hands: Card[][]; cost: number };
  readonly answer: (() => Move) | null;
  readonly deeper: Chooser | null;
}

/** The part of a move's partner-aware value that draws at random: the move on the pans and the next seat's own worlds. */
export function replyStart(view: View, hands: readonly (readonly Card[])[], m: Move, cap: number, choose: Chooser, deeper: Chooser | null = null): ReplyStart {
  const after = viewAfter(view, hands, m);
  const nextSeat = after.next.turn as Seat;
  return { after, answer: after.cost < cap && after.hands[nextSeat]!.length > 0 ? choose(after.next) : null, deeper };
}

/**
 * The rest of the value, with no draw from the caller's stream: the next seat's answer played (and with `deeper` the
 * answer of the seat after it), then the open-hand solver (at most `cap`).
 */
export function replyFinish(start: ReplyStart, cap: number): number {
  const a = start.after;
  let loss = a.cost;
  if (loss < cap) {
    if (start.answer === null) loss += solveRest(a.next, a.hands, cap - loss);
    else {
      let b = viewAfter(a.next, a.hands, start.answer());
      loss += b.cost;
      if (loss < cap && start.deeper && b.hands[b.next.turn as Seat]!.length > 0) {
        b = viewAfter(b.next, b.hands, start.deeper(b.next)());
        loss += b.cost;
      }
      if (loss < cap) loss += solveRest(b.next, b.hands, cap - loss);
    }
  }
  return Math.min(loss, cap);
}

function solveRest(v: View, hands: Card[][], cap: number): number {
  return new Solver({ limit: v.limit, turn: v.turn as Seat, hands, left: weights(v.pans.left), right: weights(v.pans.right) }).minLoss(cap);
}
