// What a seat knows, read from its view only (never from the state): the unseen cards, and worlds consistent with them.
import { card, DECK, type Card } from "../cards.js";
import { shuffle } from "../../rng.js";
import type { Command, Pan, Seat } from "../events.js";
import type { Position } from "../solver.js";
import type { View } from "../view.js";

/** The cards the viewer cannot place: not in its hand, not open anywhere, not played in this game. */
export function unseen(view: View): Card[] {
  const known = new Set<Card>(view.hand ?? []);
  for (const o of view.open) for (const c of o) known.add(c);
  for (const o of view.wasOpen) for (const c of o) known.add(c);
  for (const p of view.played) known.add(p.card);
  return DECK.filter((c) => !known.has(c));
}

/** How many draws of one seat's hidden cards are tried before a world that breaks what its signals said is taken anyway. */
const CHECK_TRIES = 40;

/**
 * One possible deal of the others' hidden cards, drawn from the unseen cards: full hands per seat (the cards everyone
 * knows a seat holds — open, or shown earlier and still held — stay with it). `floors[s]`, when given, is the lowest
 * showOrder rank seat s's hidden cards may have (a team-mate that shows its heaviest card not shown yet holds nothing
 * heavier hidden). `checks[s]`, when given, says whether a full hand fits what seat s signalled with its plays; its hidden
 * cards are then drawn again until one fits (at most CHECK_TRIES times). Seats are dealt the most constrained first; the
 * floors' allowed sets are nested (all "rank ≥ r"), so a deal that exists is always found, and with one constrained seat
 * the draw is uniform. `allowed[s]`, when given, says which cards seat s's hidden ones may be (what its tips said); it
 * binds like a floor, first, and a seat too few of whose allowed cards are left is filled anyway.
 */
export function sampleWorld(
  view: View,
  random: () => number,
  pool: readonly Card[] = unseen(view),
  floors: ReadonlyArray<number | null> = [],
  checks: ReadonlyArray<((hand: readonly Card[]) => boolean) | null> = [],
  allowed: ReadonlyArray<((c: Card) => boolean) | null> = [],
): Card[][] {
  const seat = view.viewer as Seat;
  const deck = shuffle(pool, random);
  const taken = new Set<Card>();
  const hands: Card[][] = view.handSizes.map((_, s) => (s === seat ? (view.hand ?? []).slice() : knownCards(view, s)));
  const weight = (s: number) => (allowed[s] ? 200 : 0) + (checks[s] ? 100 : 0) + (floors[s] ?? -1);
  const order = view.handSizes.map((_, s) => s).filter((s) => s !== seat).sort((a, b) => weight(b) - weight(a) || a - b);
  for (const s of order) {
    let need = view.handSizes[s]! - hands[s]!.length;
    const floor = floors[s] ?? null;
    const check = checks[s] ?? null;
    const may = allowed[s] ?? null;
    const fits = (c: Card) => (floor === null || showRank(c) >= floor) && (may === null || may(c));
    if (check && need > 0) {
      // Rejection: draws of the seat's hidden cards until one fits what its signals said (the floor, the filter, the check).
      const free = deck.filter((c) => !taken.has(c) && fits(c));
      const base = free.length >= need ? free : deck.filter((c) => !taken.has(c));
      let pick: Card[] = [];
      // Each try is a partial shuffle of `base` as it was: the swaps are undone after it rather than copying `base`.
      const a = base.slice();
      const swaps: number[] = [];
      for (let t = 0; t < CHECK_TRIES; t++) {
        for (let k = 0; k < need; k++) {
          const j = k + Math.floor(random() * (a.length - k));
          swaps[k] = j;
          [a[k], a[j]] = [a[j]!, a[k]!];
        }
        pick = a.slice(0, need);
        for (let k = need - 1; k >= 0; k--) [a[k], a[swaps[k]!]] = [a[swaps[k]!]!, a[k]!];
        if (check([...hands[s]!, ...pick])) break;
      }
      for (const c of pick) {
        taken.add(c);
        hands[s]!.push(c);
      }
      continue;
    }
    // Two passes: the floor first; a seat whose open cards broke the convention (too few light cards unseen) is then filled anyway.
    for (const strict of floor === null && may === null ? [false] : [true, false]) {
      for (const c of deck) {
        if (need === 0) break;
        if (taken.has(c) || (strict && !fits(c))) continue;
        taken.add(c);
        hands[s]!.push(c);
        need--;
      }
    }
  }
  return hands;
}

/** The solver's position for a world: the view's pans and turn with the world's hands. */
export function positionOf(view: View, hands: Card[][]): Position {
  return {
    limit: view.limit,
    turn: (view.turn ?? view.viewer) as Seat,
    hands,
    left: view.pans.left.map((p) => p.weight),
    right: view.pans.right.map((p) => p.weight),
  };
}

/** The cards everyone knows seat s holds: its open cards, and those it showed earlier in the round and still holds. */
export function knownCards(view: View, s: number): Card[] {
  return [...(view.open[s] ?? []), ...(view.wasOpen[s] ?? [])];
}

/** How many of seat s's cards the viewer cannot name. */
export function hiddenCount(view: View, s: number): number {
  return s === view.viewer ? 0 : view.handSizes[s]! - knownCards(view, s).length;
}

/** Whether every hand is known to the viewer (offene Hände, or nothing hidden is left elsewhere). */
export function allKnown(view: View): boolean {
  return view.handSizes.every((_, s) => hiddenCount(view, s) === 0);
}

/** The result of one card on the view's scale: the new signed difference (left − right), and whether it balanced or tipped. */
export function outcome(view: View, c: Card, pan: Pan | null): { d: number; balanced: boolean; tipped: boolean; cleared: number } {
  const l = view.sums[0];
  const r = view.sums[1];
  let d = l - r;
  const info = card(c);
  const sign = pan === "left" ? 1 : -1;
  if (pan !== null) {
    if (info.kind === "number") d += sign * info.weight;
    else if (info.kind === "ace") d += sign * (sign * d < 0 ? Math.abs(d) : 1);
    else {
      const stack = view.pans[pan];
      const w = stack[stack.length - 1]!.weight;
      d -= (info.kind === "jack" ? 2 : 1) * sign * w;
    }
  }
  const empty = view.pans.left.length + view.pans.right.length === 0 && pan === null;
  const balanced = !empty && d === 0;
  const tipped = Math.abs(d) > view.limit;
  return { d: balanced || tipped ? 0 : d, balanced, tipped, cleared: view.pans.left.length + view.pans.right.length };
}

/** The distinct (card, pan) moves of the seat to play (a Jack or Queen on an empty scale has pan null). */
export function moves(view: View): Array<{ card: Card; pan: Pan | null }> {
  const out: Array<{ card: Card; pan: Pan | null }> = [];
  for (const c of view.hand ?? []) {
    const kind = card(c).kind;
    if (kind === "number" || kind === "ace") out.push({ card: c, pan: "left" }, { card: c, pan: "right" });
    else {
      const pans = (["left", "right"] as const).filter((p) => view.pans[p].length > 0);
      if (pans.length === 0) out.push({ card: c, pan: null });
      for (const p of pans) out.push({ card: c, pan: p });
    }
  }
  return out;
}

/** How many open cards a hand of `size` must show under the view's options (0 when seats do not choose). */
export function openNeed(view: View, size: number): number {
  if (view.variants.includes("offene-haende") || view.level === "profi") return 0;
  return Math.min(view.variants.includes("zwei-offene-karten") ? 2 : 1, size);
}

/** A play command: the move, and the open set after it when it must change or the bot wants it changed. */
export function playCommand(view: View, move: { card: Card; pan: Pan | null }, wanted: (rest: Card[], need: number) => Card[] | null): Command {
  const hand = view.hand ?? [];
  const rest = hand.filter((c) => c !== move.card);
  const need = openNeed(view, rest.length);
  const mine = view.open[view.viewer as Seat] ?? [];
  const keep = mine.filter((c) => c !== move.card);
  const base = move.pan === null ? { type: "play" as const, card: move.card } : { type: "play" as const, card: move.card, pan: move.pan };
  if (need === 0) return base;
  let show = wanted(rest, need);
  if (!show && keep.length < need) show = [...keep, ...rest.filter((c) => !keep.includes(c))].slice(0, need);
  if (!show || (show.length === keep.length && show.every((c) => keep.includes(c)))) return base;
  return { ...base, show };
}

/** A card's place in showOrder: heavier number cards first, then Ace, Jack, Queen (equal ranks: same weight). */
export function showRank(c: Card): number {
  const i = card(c);
  return i.kind === "number" ? 20 - i.weight : i.kind === "ace" ? 30 : i.kind === "jack" ? 31 : 32;
}

/** Cards ranked for showing: the heaviest number cards first (they need the largest difference), then Ace, Jack, Queen. */
export function showOrder(cards: readonly Card[]): Card[] {
  return cards.slice().sort((a, b) => showRank(a) - showRank(b) || DECK.indexOf(a) - DECK.indexOf(b));
}

/**
 * What the open cards of team-mates that show their heaviest card not shown yet say about the cards they have never
 * shown: nothing ranks before the last of their open cards (the cards shown earlier are known anyway). null for the
 * viewer, a seat not in `signalers`, or a seat with nothing open.
 */
export function signalFloors(view: View, signalers: readonly number[]): Array<number | null> {
  return view.handSizes.map((_, s) => {
    const open = view.open[s] ?? [];
    if (s === view.viewer || !signalers.includes(s) || open.length === 0) return null;
    return Math.max(...open.map(showRank));
  });
}

/** One play of the current round, and whether the scale was empty before it. */
export interface RoundPlay {
  readonly seat: Seat;
  readonly card: Card;
  readonly pan: Pan | null;
  readonly emptyBefore: boolean;
  /** The pans' weights just before the play (bottom first). */
  readonly left: readonly number[];
  readonly right: readonly number[];
  /** Whether the play tipped the scale. */
  readonly tipped: boolean;
}

/** The signed difference (left − right) after card `c` on `pan` of a scale of weights; pan null: a Jack or Queen on an empty scale. */
export function differenceAfter(L: readonly number[], R: readonly number[], c: Card, pan: Pan | null): number {
  const sum = (p: readonly number[]) => p.reduce((a, b) => a + b, 0);
  const d = sum(L) - sum(R);
  if (pan === null) return d;
  const info = card(c);
  const sign = pan === "left" ? 1 : -1;
  if (info.kind === "number") return d + sign * info.weight;
  if (info.kind === "ace") return d + sign * (sign * d < 0 ? Math.abs(d) : 1);
  const stack = pan === "left" ? L : R;
  // A Jack moves the pan's top weight to the other pan (twice its weight off the difference), a Queen removes it.
  return d - (info.kind === "jack" ? 2 : 1) * sign * (stack[stack.length - 1] ?? 0);
}

/** Whether card `c` has a move that does not tip a scale of weights L, R at `limit` (a Jack or Queen acts only on a pan with cards; on an empty scale it does nothing). */
export function safeCard(c: Card, L: readonly number[], R: readonly number[], limit: number): boolean {
  const kind = card(c).kind;
  if ((kind === "jack" || kind === "queen") && L.length + R.length === 0) return true;
  return (["left", "right"] as const).some(
    (pan) => (kind === "number" || kind === "ace" || (pan === "left" ? L : R).length > 0) && Math.abs(differenceAfter(L, R, c, pan)) <= limit,
  );
}

/** Whether a hand holds a move that does not tip a scale of weights L, R at `limit`. */
export function hasSafeMove(hand: readonly Card[], L: readonly number[], R: readonly number[], limit: number): boolean {
  return hand.some((c) => safeCard(c, L, R, limit));
}

/** The current round's plays replayed on a scale of weights (the view does not keep an Ace's weight), to know which were leads onto an empty scale and which tipped. */
export function roundPlays(view: View): RoundPlay[] {
  const L: number[] = [];
  const R: number[] = [];
  const sum = (p: number[]) => p.reduce((a, b) => a + b, 0);
  const out: RoundPlay[] = [];
  for (const p of view.played) {
    if (p.round !== view.round) continue;
    const emptyBefore = L.length + R.length === 0;
    const tipped = Math.abs(differenceAfter(L, R, p.card, p.pan)) > view.limit;
    out.push({ seat: p.seat, card: p.card, pan: p.pan, emptyBefore, left: L.slice(), right: R.slice(), tipped });
    const info = card(p.card);
    if (p.pan === null) continue; // a Jack or Queen on an empty scale: nothing happens
    const mine = p.pan === "left" ? L : R;
    const other = p.pan === "left" ? R : L;
    if (info.kind === "number") mine.push(info.weight);
    else if (info.kind === "ace") mine.push(sum(mine) < sum(other) ? sum(other) - sum(mine) : 1);
    else if (info.kind === "jack") other.push(mine.pop() as number);
    else mine.pop();
    const d = sum(L) - sum(R);
    if (d === 0 || Math.abs(d) > view.limit) {
      L.length = 0;
      R.length = 0;
    }
  }
  return out;
}

/**
 * What signalling team-mates said with the pan of their leads onto an empty scale (left and right are mirror images
 * there, so the pan is free): `bit(rest)` of the cards they kept after that lead. Returns, per seat, a check of a
 * candidate full hand (null when nothing was said): the hand then was the candidate plus what the seat played since.
 */
export function panSignals(view: View, signalers: readonly number[], bit: (rest: readonly Card[]) => boolean): Array<((hand: readonly Card[]) => boolean) | null> {
  const plays = roundPlays(view);
  return view.handSizes.map((_, s) => {
    if (s === view.viewer || !signalers.includes(s)) return null;
    const said: Array<{ later: Card[]; left: boolean }> = [];
    plays.forEach((p, i) => {
      if (p.seat !== s || !p.emptyBefore || p.pan === null) return;
      if (card(p.card).kind !== "number" && card(p.card).kind !== "ace") return;
      said.push({ later: plays.slice(i + 1).filter((q) => q.seat === s).map((q) => q.card), left: p.pan === "left" });
    });
    if (said.length === 0) return null;
    return (hand) => said.every((x) => bit([...hand, ...x.later]) === x.left);
  });
}

/**
 * What a team-mate's tip says on Profi: strong with the tip reading never tips the scale while it holds a card that does
 * not (the rule of its play, see strongBot), so a signalling seat that tipped held only cards that tip that scale. Whether
 * a card is safe does not depend on the other cards, so this is a filter per card: per seat, which cards its hidden ones
 * may be — those that would have tipped the scale at each of its tips in this round — or null when it has not tipped
 * with cards left, or when a card it played since would have been safe then (the convention broken: read nothing).
 */
export function tipFilters(view: View, signalers: readonly number[]): Array<((c: Card) => boolean) | null> {
  const plays = roundPlays(view);
  return view.handSizes.map((_, s) => {
    if (s === view.viewer || !signalers.includes(s) || view.handSizes[s] === 0) return null;
    const tips: RoundPlay[] = [];
    let broken = false;
    plays.forEach((p, i) => {
      if (p.seat !== s || !p.tipped) return;
      tips.push(p);
      const held = [p.card, ...plays.slice(i + 1).filter((q) => q.seat === s).map((q) => q.card)];
      if (hasSafeMove(held, p.left, p.right, view.limit)) broken = true;
    });
    if (tips.length === 0 || broken) return null;
    return (c) => tips.every((p) => !safeCard(c, p.left, p.right, view.limit));
  });
}

/** A suit's place in the deck's order (♣ ♦ ♥ ♠). */
export function suitIndex(c: Card): number {
  return "CDHS".indexOf(card(c).suit);
}

/**
 * The lowest-suited card of `c`'s rank in `hand` (cards of one rank act alike, so the suit is a free choice): strong with
 * the suit rule plays that one, so a team-mate that played a card held no card of its rank in a lower suit.
 */
export function lowestOfRank(hand: readonly Card[], c: Card): Card {
  const rank = card(c).rank;
  return hand.filter((x) => card(x).rank === rank).sort((a, b) => suitIndex(a) - suitIndex(b))[0] ?? c;
}

/**
 * What the suit rule says (strong plays the lowest-suited card of a rank it holds): per signalling seat, which cards its
 * hidden ones may be — none of a rank it played in this round in a suit below the one played — or null when it said
 * nothing. Broken (a seat that later played a lower suit of a rank it played before): read nothing.
 */
export function suitFilters(view: View, signalers: readonly number[]): Array<((c: Card) => boolean) | null> {
  const plays = view.played.filter((p) => p.round === view.round);
  return view.handSizes.map((_, s) => {
    if (s === view.viewer || !signalers.includes(s) || view.handSizes[s] === 0) return null;
    const mine = plays.filter((p) => p.seat === s).map((p) => p.card);
    if (mine.length === 0) return null;
    // rank → the lowest suit index played: nothing below it is held. (A second play of the rank in a higher suit would say
    // more — nothing below that one either — but it is rare, and this is the reading measured in the seventh attempt.)
    const below = new Map<string, number>();
    let broken = false;
    mine.forEach((c, i) => {
      const r = card(c).rank;
      // A later play of the same rank in a lower suit means the rule was not followed.
      if (mine.slice(i + 1).some((x) => card(x).rank === r && suitIndex(x) < suitIndex(c))) broken = true;
      below.set(r, Math.min(below.get(r) ?? 4, suitIndex(c)));
    });
    if (broken) return null;
    return (c) => {
      const b = below.get(card(c).rank);
      return b === undefined || suitIndex(c) > b;
    };
  });
}

/** Per seat, a card passes when every given filter lets it (null: no filter at all). */
export function allFilters(...lists: ReadonlyArray<ReadonlyArray<((c: Card) => boolean) | null>>): Array<((c: Card) => boolean) | null> {
  const n = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: n }, (_, s) => {
    const fs = lists.map((l) => l[s] ?? null).filter((f): f is (c: Card) => boolean => f !== null);
    return fs.length === 0 ? null : fs.length === 1 ? fs[0]! : (c: Card) => fs.every((f) => f(c));
  });
}

/**
 * The hand with each rank's cards in suit order (♣ ♦ ♥ ♠) in the places that rank's cards hold, so the first card of each
 * rank is its lowest suit and the ranks keep their order: the search, which takes each rank's first card for the group,
 * then values the card the suit rule plays.
 */
export function suitOrdered(hand: readonly Card[]): Card[] {
  const byRank = new Map<string, Card[]>();
  for (const c of hand) byRank.set(card(c).rank, [...(byRank.get(card(c).rank) ?? []), c]);
  for (const cs of byRank.values()) cs.sort((a, b) => suitIndex(a) - suitIndex(b));
  return hand.map((c) => byRank.get(card(c).rank)!.shift()!);
}
