// What one seat knows (its information set) and the worlds consistent with it: the only door through which a bot sees a game.
import { randomInt } from "../../rng.js";
import type { Seat } from "../events.js";
import { conteSeat, other, pickCount, type Phase, type State } from "../state.js";
import { CODECS, ELIXIR_MASK, encodeRanking, FULL_MASK, lowBit, placeSuit, popcount, resolve, SUIT_MASK, SUIT_OF, suitIndex, toMask, type Codec } from "./fast.js";

/**
 * A seat's information, built only from what that seat may know: its own hand, its own picks and gifts, what it received,
 * the public table (tricks, ranking, the cards played, hand sizes, mirror). The opponent's hand, the aside cards and the
 * opponent's pending pick are never read.
 */
export interface Info {
  readonly codec: Codec;
  readonly zw: boolean;
  readonly seat: Seat;
  readonly conte: Seat;
  readonly phase: Phase;
  readonly round: 1 | 2 | 3;
  readonly mirror: number;
  readonly hand: number;
  /** Cards this seat handed over that the opponent still holds. */
  readonly oppKnown: number;
  readonly oppSize: number;
  /** The cards that are either hidden in the opponent's hand or aside. */
  readonly unknown: number;
  /** How many of the opponent's cards are hidden. */
  readonly oppHidden: number;
  /** Cards the opponent cannot hold among its hidden ones: suits it showed void in (in Zwiegespalten maybe the elixirs). */
  readonly voids: number;
  /** At most this many elixirs among the opponent's hidden cards (the exchange's elixir rule); 99 when unknown. */
  readonly elixirCap: number;
  /** Cards played this round (completed tricks and the table). */
  readonly played: number;
  readonly tricks: readonly [number, number];
  readonly rk: number;
  readonly leader: Seat;
  /** The card led in the current trick (−1 when none) and the named suit (−1 when none). */
  readonly lead: number;
  readonly named: number;
  readonly pickCount: number;
  /** What the opponent did this round after the exchange, in order: the evidence that weights the worlds (belief.ts). */
  readonly steps: readonly Step[];
  /** The cards the opponent gave us that we still hold: what it knows of our hand. */
  readonly oppGifts: number;
}

/**
 * One observed step of the opponent: a card it played (with what it knew then: the lead it answered, the ranking, the trick
 * counts), or a greed swap (the cards it received from us and gave us).
 */
export type Step =
  | {
      readonly kind: "play";
      readonly card: number;
      readonly lead: number;
      readonly named: number;
      readonly rk: number;
      readonly tOpp: number;
      readonly tMe: number;
      /** The cards played this round before this one (with the lead it answered): what the opponent had seen. */
      readonly played: number;
      /** The cards the opponent had given us by then and we had not played: what it knew of our hand. */
      readonly known: number;
    }
  | { readonly kind: "swap"; readonly got: number; readonly gave: number };

export function information(state: State, seat: Seat): Info {
  const codec = CODECS[state.options.ruleset];
  const zw = state.options.ruleset === "zwiegespalten";
  const opp = other(seat);
  const hand = toMask(codec, state.hands[seat]);
  let played = 0;
  let oppPlayed = 0;
  let voids = 0;
  for (const t of state.history) {
    for (const p of t.cards) {
      const c = codec.index.get(p.card) as number;
      played |= 1 << c;
      if (p.seat === opp) oppPlayed |= 1 << c;
    }
    const lead = t.cards[0];
    const follow = t.cards[1];
    if (!lead || !follow || follow.seat !== opp) continue;
    const a = codec.index.get(lead.card) as number;
    const b = codec.index.get(follow.card) as number;
    const sa = SUIT_OF[a] as number;
    const sb = SUIT_OF[b] as number;
    if (sa < 0) {
      // An elixir was led: not following the named suit shows the opponent had none.
      const n = suitIndex(t.namedSuit ?? "P");
      if (sb !== n) voids |= SUIT_MASK[n] as number;
    } else if (sb !== sa && sb >= 0) {
      voids |= SUIT_MASK[sa] as number;
      if (zw) voids |= ELIXIR_MASK; // Zwiegespalten: without the suit an elixir is compulsory
    }
  }
  const steps = opponentSteps(state, seat, codec);
  let lead = -1;
  for (const p of state.trick) {
    const c = codec.index.get(p.card) as number;
    played |= 1 << c;
    if (p.seat === opp) oppPlayed |= 1 << c;
    if (lead < 0) lead = c;
  }
  const gaveMask = toMask(codec, state.given[seat]);
  const receivedMask = toMask(codec, state.given[opp]);
  const oppKnown = gaveMask & ~hand & ~played;
  const oppSize = state.hands[opp].length; // public: the hand sizes are on the table
  const exchanged = state.phase !== "exchange";
  const unknown = FULL_MASK & ~hand & ~played & ~oppKnown;
  let elixirCap = 99;
  if (exchanged) {
    const oppGave = toMask(codec, state.given[opp].slice(0, state.round));
    if ((oppGave & ELIXIR_MASK) === 0) {
      // The opponent held at most one elixir when dealt; its dealt cards are all it ever held that did not come from us.
      const outside = popcount((oppPlayed | receivedMask) & ~gaveMask & ELIXIR_MASK);
      if (outside <= 1) elixirCap = 1 - outside;
    }
  }
  return {
    codec,
    zw,
    seat,
    conte: conteSeat(state.game),
    phase: state.phase,
    round: state.round,
    mirror: state.mirror,
    hand,
    oppKnown,
    oppSize,
    unknown,
    oppHidden: oppSize - popcount(oppKnown),
    voids: voids & unknown,
    elixirCap,
    played,
    tricks: [state.tricks[0], state.tricks[1]],
    rk: encodeRanking(state.ranking),
    leader: state.leader,
    lead,
    named: state.namedSuit === null ? -1 : suitIndex(state.namedSuit),
    pickCount: pickCount(state),
    steps,
    oppGifts: receivedMask & hand,
  };
}

/** Replays the round's public tricks (ranking and trick counts before each card) and greed swaps from the seat's view. */
function opponentSteps(state: State, seat: Seat, codec: Codec): Step[] {
  const opp = other(seat);
  const steps: Step[] = [];
  const st = codec.strength;
  let rk = 0, tMe = 0, tOpp = 0;
  let swapAt = state.round; // the first `round` cards of each given list are the exchange; greed swaps follow in order
  let left = 10;
  let played = 0;
  let gifts = toMask(codec, state.given[opp].slice(0, state.round));
  const trickSteps = (cards: readonly { seat: Seat; card: string }[], named: number): void => {
    const a = cards[0];
    if (!a) return;
    const ca = codec.index.get(a.card as never) as number;
    const sa = SUIT_OF[ca] as number;
    if (a.seat === opp) steps.push({ kind: "play", card: ca, lead: -1, named: -1, rk, tOpp, tMe, played, known: gifts & ~played });
    const rk1 = sa >= 0 ? placeSuit(rk, sa) : rk;
    const b = cards[1];
    const cb = b ? (codec.index.get(b.card as never) as number) : -1;
    if (b && b.seat === opp) steps.push({ kind: "play", card: cb, lead: ca, named, rk: rk1, tOpp, tMe, played: played | (1 << ca), known: gifts & ~played & ~(1 << ca) });
    played |= (1 << ca) | (cb >= 0 ? 1 << cb : 0);
  };
  for (const t of state.history) {
    const named = t.namedSuit === null ? -1 : suitIndex(t.namedSuit);
    trickSteps(t.cards, named);
    const a = codec.index.get((t.cards[0] as { card: string }).card as never) as number;
    const b = codec.index.get((t.cards[1] as { card: string }).card as never) as number;
    const sa = SUIT_OF[a] as number;
    const res = resolve(st, sa >= 0 ? placeSuit(rk, sa) : rk, a, b);
    rk = res >> 3;
    tMe = t.winner === seat ? tMe + (t.stolen ? 2 : 1) : tMe - (t.stolen ? 1 : 0);
    tOpp = t.winner === opp ? tOpp + (t.stolen ? 2 : 1) : tOpp - (t.stolen ? 1 : 0);
    left--;
    if (t.effect === "greed" && left > 0) {
      const k = Math.min(2, left);
      const got = toMask(codec, state.given[seat].slice(swapAt, swapAt + k));
      const gave = toMask(codec, state.given[opp].slice(swapAt, swapAt + k));
      swapAt += k;
      // A swap still pending (both picks not yet made) has not changed the hands: it is not a step yet.
      if (popcount(got) === k && popcount(gave) === k) {
        steps.push({ kind: "swap", got, gave });
        gifts = (gifts | gave) & ~got; // it knows we hold what it gave us, and that we gave some of them back
      }
    }
  }
  trickSteps(state.trick, state.namedSuit === null ? -1 : suitIndex(state.namedSuit));
  return steps;
}

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/**
 * The opponent's hidden cards in worlds consistent with `info` (each a mask; the rest of `unknown` is aside): all of them when
 * there are at most `n`, else `n` drawn uniformly. With `inference` false only the cards seen and given away count (no voids,
 * no elixir rule), as the pimc16 baseline does.
 *
 * "At most `n`" is judged before the elixir rule: when the rule leaves `n` or fewer of more than `n` card sets, `n` are drawn
 * anyway, and with `distinct` the draws run out of new worlds and repeat some (after 20·n redraws). `enumerate` (issue 18,
 * fifth attempt; 0, the default, keeps the old behaviour and random stream) counts the worlds after the rule whenever there
 * are at most that many card sets, and returns them all, each once, when there are at most `n`; otherwise the draws are the
 * same as without it.
 */
export function worlds(info: Info, n: number, random: () => number, inference = true, distinct = false, enumerate = 0): number[] {
  const h = info.oppHidden;
  let pool = inference ? info.unknown & ~info.voids : info.unknown;
  if (popcount(pool) < h) pool = info.unknown; // cannot happen with a true history; stay safe
  const cap = inference ? info.elixirCap : 99;
  const ok = (m: number) => cap >= 4 || popcount(m & ELIXIR_MASK) <= cap;
  const cards: number[] = [];
  for (let m = pool; m; m &= m - 1) cards.push(lowBit(m));
  if (h === 0) return [0];
  const sets = binomial(cards.length, h);
  if (sets <= n || sets <= enumerate) {
    const out: number[] = [];
    const go = (from: number, left: number, mask: number) => {
      if (left === 0) {
        if (ok(mask)) out.push(mask);
        return;
      }
      for (let i = from; i <= cards.length - left; i++) go(i + 1, left - 1, mask | (1 << (cards[i] as number)));
    };
    go(0, h, 0);
    if (out.length > 0 && out.length <= n) return out;
  }
  const out: number[] = [];
  const a = cards.slice();
  // Without repeats: a world drawn again is redrawn (a bounded number of times, so a narrow pool cannot loop forever).
  const seen = distinct ? new Set<number>() : null;
  for (let w = 0, redraws = 0; w < n; w++) {
    let mask = 0;
    for (let tries = 0; tries < 200; tries++) {
      mask = 0;
      for (let i = 0; i < h; i++) {
        const j = i + randomInt(random, a.length - i);
        const tmp = a[i] as number;
        a[i] = a[j] as number;
        a[j] = tmp;
        mask |= 1 << (a[i] as number);
      }
      if (ok(mask)) break;
    }
    if (seen) {
      if (seen.has(mask) && redraws++ < 20 * n) {
        w--;
        continue;
      }
      seen.add(mask);
    }
    out.push(mask);
  }
  return out;
}
