// A compact internal representation of one round for search: cards as ints 0–24, hands as bitmasks, the ranking as one int.
// It is separate from the event-sourced engine and cross-checked against it in tests/battlemaske/bots.fast.test.ts.
import { ELIXIRS, SUITS, type Card, type Ruleset, type Suit } from "../cards.js";

/** Card ints: suit s (0 P, 1 D, 2 G) value v → 7s + v − 1 (0–20); elixirs 21–24 in ascending order. */
export const NCARDS = 25;
export const ELIXIR_MASK = 0b1111 << 21;
export const SUIT_MASK: readonly number[] = [0x7f, 0x7f << 7, 0x7f << 14];
/** SUIT_OF[c]: 0–2, or −1 for an elixir. */
export const SUIT_OF: Int8Array = new Int8Array(NCARDS).map((_, c) => (c < 21 ? Math.floor(c / 7) : -1));
export const FULL_MASK = (1 << 25) - 1;

export interface Codec {
  readonly ruleset: Ruleset;
  /** strength[c]: suit card 2v, elixir n+ 2n+1 (as in cards.ts). */
  readonly strength: Int8Array;
  readonly ids: readonly Card[];
  readonly index: ReadonlyMap<Card, number>;
}

function makeCodec(ruleset: Ruleset): Codec {
  const ids: Card[] = [];
  const strength = new Int8Array(NCARDS);
  for (let s = 0; s < 3; s++) for (let v = 1; v <= 7; v++) {
    ids.push(`${SUITS[s]}${v}`);
    strength[s * 7 + v - 1] = 2 * v;
  }
  ELIXIRS[ruleset].forEach((n, k) => {
    ids.push(`E${n}`);
    strength[21 + k] = 2 * n + 1;
  });
  return { ruleset, strength, ids, index: new Map(ids.map((id, i) => [id, i])) };
}

export const CODECS: Readonly<Record<Ruleset, Codec>> = { battlemaske: makeCodec("battlemaske"), zwiegespalten: makeCodec("zwiegespalten") };

export function toMask(codec: Codec, cards: readonly Card[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << (codec.index.get(c) as number);
  return m;
}

export function fromMask(codec: Codec, mask: number): Card[] {
  const out: Card[] = [];
  for (let m = mask; m; m &= m - 1) out.push(codec.ids[lowBit(m)] as Card);
  return out;
}

export function lowBit(m: number): number {
  return 31 - Math.clz32(m & -m);
}

export function popcount(m: number): number {
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export const suitIndex = (s: Suit): number => (s === "P" ? 0 : s === "D" ? 1 : 2);

// Ranking as an int: bits 0–1 = weakest suit + 1, bits 2–3 = middle suit + 1 (0 = not placed); with two placed, the third is the strongest.
export function encodeRanking(ranking: readonly Suit[]): number {
  let rk = 0;
  if (ranking.length > 0) rk |= suitIndex(ranking[0] as Suit) + 1;
  if (ranking.length > 1) rk |= (suitIndex(ranking[1] as Suit) + 1) << 2;
  return rk;
}

export function decodeRanking(rk: number): Suit[] {
  const r0 = (rk & 3) - 1;
  const r1 = ((rk >> 2) & 3) - 1;
  if (r0 < 0) return [];
  if (r1 < 0) return [SUITS[r0] as Suit];
  return [SUITS[r0] as Suit, SUITS[r1] as Suit, SUITS[3 - r0 - r1] as Suit];
}

export function placeSuit(rk: number, s: number): number {
  const r0 = (rk & 3) - 1;
  if (r0 < 0) return s + 1;
  if (r0 === s) return rk;
  if (((rk >> 2) & 3) === 0) return rk | ((s + 1) << 2);
  return rk;
}

/** 0 weakest, 1 middle, 2 strongest, −1 not placed. */
export function rankOf(rk: number, s: number): number {
  const r0 = (rk & 3) - 1;
  if (r0 === s) return 0;
  const r1 = ((rk >> 2) & 3) - 1;
  if (r1 < 0) return -1;
  return r1 === s ? 1 : 2;
}

/** The cards the follower may play: `named` is the suit named on an elixir lead (0–2). */
export function legalFollow(hand: number, lead: number, named: number, zw: boolean): number {
  const ls = SUIT_OF[lead] as number;
  if (ls < 0) {
    const f = hand & (SUIT_MASK[named] as number);
    return f !== 0 ? f : hand;
  }
  if ((hand & (SUIT_MASK[ls] as number)) !== 0) return hand & ((SUIT_MASK[ls] as number) | ELIXIR_MASK);
  if (zw && (hand & ELIXIR_MASK) !== 0) return hand & ELIXIR_MASK;
  return hand;
}

/** Effects: 0 none, 1 pride, 2 greed, 3 wrath (by the suit card met by an elixir). */
export const NO_EFFECT = 0, PRIDE = 1, GREED = 2, WRATH = 3;

/**
 * Resolves a complete trick. `rk` is the ranking after the lead card was placed. Returns a packed int:
 * bit 0 = the leader won, bits 1–2 = effect, bits 3–6 = the ranking afterwards (wrath clears it).
 */
export function resolve(strength: Int8Array, rk: number, lead: number, follow: number): number {
  const sa = SUIT_OF[lead] as number;
  const sb = SUIT_OF[follow] as number;
  let r = rk;
  if (sb >= 0) r = placeSuit(r, sb);
  let leadWins: boolean;
  let effect = NO_EFFECT;
  if (sa >= 0 && sb >= 0) {
    leadWins = sa === sb ? lead > follow : rankOf(r, sa) > rankOf(r, sb);
  } else {
    leadWins = (strength[lead] as number) > (strength[follow] as number);
    if (sa < 0 && sb >= 0) effect = sb + 1;
    else if (sb < 0 && sa >= 0) effect = sa + 1;
  }
  if (effect === WRATH) r = 0;
  return (leadWins ? 1 : 0) | (effect << 1) | (r << 3);
}

/** Trick counts after a trick: packed t0 | t1 << 4, with pride's steal applied. */
export function countTrick(t0: number, t1: number, winner: number, effect: number): number {
  if (winner === 0) {
    t0 += 1;
    if (effect === PRIDE && t1 > 0) { t0 += 1; t1 -= 1; }
  } else {
    t1 += 1;
    if (effect === PRIDE && t0 > 0) { t1 += 1; t0 -= 1; }
  }
  return t0 | (t1 << 4);
}
