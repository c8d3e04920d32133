// Cards of Goldwaage: 48 ids (rank + suit), their kind and weight; the four Kings are lives, not cards.

/** C ♣, D ♦, H ♥, S ♠. */
export type Suit = "C" | "D" | "H" | "S";
export const SUITS: readonly Suit[] = ["C", "D", "H", "S"];
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A", "J", "Q"] as const;
export type Rank = (typeof RANKS)[number];

/** A card id: rank and suit, "2C" … "10S", "AC", "JH", "QS". */
export type Card = string;

/** number: 2–10 weighs its value; ace: counterweight or 1; jack: moves a top card; queen: removes a top card. */
export type Kind = "number" | "ace" | "jack" | "queen";

export interface CardInfo {
  readonly id: Card;
  readonly rank: Rank;
  readonly suit: Suit;
  readonly kind: Kind;
  /** The face weight of a number card (2–10); 1 for an ace (its weight on the heavier pan or an empty scale); 0 for Jack and Queen. */
  readonly weight: number;
}

const INFO = new Map<Card, CardInfo>();
const ALL: Card[] = [];
for (const suit of SUITS) {
  for (const rank of RANKS) {
    const id = `${rank}${suit}`;
    const kind: Kind = rank === "A" ? "ace" : rank === "J" ? "jack" : rank === "Q" ? "queen" : "number";
    const weight = kind === "number" ? Number(rank) : kind === "ace" ? 1 : 0;
    INFO.set(id, { id, rank, suit, kind, weight });
    ALL.push(id);
  }
}

/** The 48 cards in canonical order (♣ 2…Q, ♦, ♥, ♠). */
export const DECK: readonly Card[] = ALL;

export function isCard(id: unknown): id is Card {
  return typeof id === "string" && INFO.has(id);
}

/** Facts about a known card id; throws for an unknown id (validate with isCard first). */
export function card(id: Card): CardInfo {
  const info = INFO.get(id);
  if (!info) throw new Error(`unknown card id ${JSON.stringify(id)}`);
  return info;
}

export function sortCards(cards: readonly Card[]): Card[] {
  return cards.slice().sort((a, b) => ALL.indexOf(a) - ALL.indexOf(b));
}
