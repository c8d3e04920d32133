// Cards of Battlemaske / Zwiegespalten: ids, suits, values and the two rule sets' elixirs.

export type Ruleset = "battlemaske" | "zwiegespalten";
export type Variant = "single" | "profi";
export const RULESETS: readonly Ruleset[] = ["battlemaske", "zwiegespalten"];
export const VARIANTS: readonly Variant[] = ["single", "profi"];

/** P = Pfau / ♣ (pride), D = Dukaten / ♦ (greed), G = Glut / ♥ (wrath). */
export type Suit = "P" | "D" | "G";
export const SUITS: readonly Suit[] = ["P", "D", "G"];

export type Effect = "pride" | "greed" | "wrath";
export const EFFECT_OF_SUIT: Readonly<Record<Suit, Effect>> = { P: "pride", D: "greed", G: "wrath" };

/** A card id: a suit letter and 1–7 ("P1" … "G7"), or "E<n>" for the elixir n+. */
export type Card = string;

export interface CardInfo {
  readonly id: Card;
  /** null for an elixir: elixirs have no suit. */
  readonly suit: Suit | null;
  /** Face value: 1–7 for suit cards, n for the elixir n+. */
  readonly value: number;
  /** Strength in a comparison by number: suit card n → 2n, elixir n+ → 2n+1 (beats n, loses to n+1). */
  readonly strength: number;
}

export const ELIXIRS: Readonly<Record<Ruleset, readonly number[]>> = {
  battlemaske: [1, 2, 3, 4],
  zwiegespalten: [2, 3, 4, 5],
};

const INFO = new Map<Card, CardInfo>();
for (const suit of SUITS) {
  for (let v = 1; v <= 7; v++) INFO.set(`${suit}${v}`, { id: `${suit}${v}`, suit, value: v, strength: 2 * v });
}
for (let v = 1; v <= 5; v++) INFO.set(`E${v}`, { id: `E${v}`, suit: null, value: v, strength: 2 * v + 1 });

const DECKS: Record<Ruleset, readonly Card[]> = {
  battlemaske: deckFor("battlemaske"),
  zwiegespalten: deckFor("zwiegespalten"),
};

function deckFor(ruleset: Ruleset): Card[] {
  const cards: Card[] = [];
  for (const suit of SUITS) for (let v = 1; v <= 7; v++) cards.push(`${suit}${v}`);
  for (const v of ELIXIRS[ruleset]) cards.push(`E${v}`);
  return cards;
}

/** The 25 cards of a rule set in canonical order (P1…P7, D1…D7, G1…G7, elixirs ascending). */
export function deck(ruleset: Ruleset): readonly Card[] {
  return DECKS[ruleset];
}

/** True when `id` is a card of this rule set (E1 only in battlemaske, E5 only in zwiegespalten). */
export function isCard(ruleset: Ruleset, id: unknown): id is Card {
  if (typeof id !== "string") return false;
  const info = INFO.get(id);
  return info !== undefined && (info.suit !== null || ELIXIRS[ruleset].includes(info.value));
}

/** Facts about a known card id; throws for an unknown id (validate with isCard first). */
export function card(id: Card): CardInfo {
  const info = INFO.get(id);
  if (!info) throw new Error(`unknown card id ${JSON.stringify(id)}`);
  return info;
}

export function isElixir(id: Card): boolean {
  return card(id).suit === null;
}

export function isSuit(value: unknown): value is Suit {
  return value === "P" || value === "D" || value === "G";
}

/** Sorts cards in canonical deck order (for display and stable comparisons). */
export function sortCards(cards: readonly Card[]): Card[] {
  const order = (c: Card) => {
    const i = card(c);
    return i.suit === null ? 100 + i.value : SUITS.indexOf(i.suit) * 10 + i.value;
  };
  return cards.slice().sort((a, b) => order(a) - order(b));
}
