// The folded state of a Goldwaage game and apply(): how each event changes it.
import { card, type Card } from "./cards.js";
import type { Deal, Event, Level, Options, Pan, Players, Seat } from "./events.js";
import type { Seed } from "../rng.js";

/** setup: before the first deal; show: the round start, each seat picks its open cards; play; over. */
export type Phase = "setup" | "show" | "play" | "over";

/** A card on a pan and what it weighs there (an Ace as counterweight weighs the difference it closed). */
export interface PanCard {
  readonly card: Card;
  readonly weight: number;
}

/** One card played, public: everyone saw it (and an attentive player remembers it). */
export interface PlayRecord {
  readonly round: 1 | 2 | 3 | 4;
  readonly seat: Seat;
  readonly card: Card;
  readonly pan: Pan | null;
}

export interface State {
  options: Options;
  seed: Seed;
  deals: ReadonlyArray<Deal | null>;
  /** 0 before the first deal. */
  round: 0 | 1 | 2 | 3 | 4;
  limit: number;
  phase: Phase;
  /** Kings still face up: lives left. */
  lives: number;
  livesLost: number;
  livesLostByRound: number[];
  starter: Seat;
  /** Whose card it is (meaningful in the play phase). */
  turn: Seat;
  hands: Card[][];
  /** Each seat's open cards (a subset of its hand); on offene Hände the whole hand. */
  open: Card[][];
  /** Show phase: which seats have chosen their open cards. */
  shown: boolean[];
  /**
   * Each seat's cards that were open earlier in this round and are hidden again (swapped away) but still in its hand:
   * everyone saw them, and a card leaves a hand only by being played, so they are public knowledge.
   */
  wasOpen: Card[][];
  /** Bottom first, top card last. */
  pans: { left: PanCard[]; right: PanCard[] };
  discard: Card[];
  /** Every card played in this game, in order. */
  played: PlayRecord[];
  result: "won" | "lost" | null;
}

export const LIVES: Readonly<Record<Level, number>> = { leicht: 4, normal: 3, schwer: 2, profi: 3 };

/** RULES.md §2.2: 2 players 8/7/6/5, 3–4 players 9/8/7/6; ruhige Waage 7 (2 players) or 8 (3–4) in every round. */
export function limitFor(options: Pick<Options, "players" | "variants">, round: number): number {
  if (options.variants.includes("ruhige-waage")) return options.players === 2 ? 7 : 8;
  return (options.players === 2 ? 9 : 10) - round;
}

/** How many open cards a seat keeps (before the hand gets smaller): Profi none, offene Hände all, zwei offene Karten two, else one. */
export function openTarget(options: Pick<Options, "level" | "variants">): number {
  if (options.variants.includes("offene-haende")) return Infinity;
  if (options.level === "profi") return 0;
  return options.variants.includes("zwei-offene-karten") ? 2 : 1;
}

/** The number of open cards a hand of `size` cards must have. */
export function openCount(options: Pick<Options, "level" | "variants">, size: number): number {
  return Math.min(openTarget(options), size);
}

/** Whether seats choose their open cards at all (not on Profi, not on offene Hände). */
export function choosesOpenCards(options: Pick<Options, "level" | "variants">): boolean {
  const t = openTarget(options);
  return t > 0 && t !== Infinity;
}

export const cardsPerHand = (players: Players): number => 12 / players;
export const nextSeat = (seat: Seat, players: Players): Seat => ((seat + 1) % players) as Seat;
export const otherPan = (pan: Pan): Pan => (pan === "left" ? "right" : "left");

export const sumOf = (pan: readonly PanCard[]): number => {
  let s = 0;
  for (const p of pan) s += p.weight;
  return s;
};

/** [left, right] sums. */
export function sums(state: Pick<State, "pans">): [number, number] {
  return [sumOf(state.pans.left), sumOf(state.pans.right)];
}

export function emptyState(): State {
  return {
    options: { players: 2, level: "normal", variants: [] },
    seed: 0,
    deals: [],
    round: 0,
    limit: 0,
    phase: "setup",
    lives: 0,
    livesLost: 0,
    livesLostByRound: [0, 0, 0, 0],
    starter: 0,
    turn: 0,
    hands: [],
    open: [],
    shown: [],
    wasOpen: [],
    pans: { left: [], right: [] },
    discard: [],
    played: [],
    result: null,
  };
}

/** A deep copy of the parts apply() changes, so apply() stays pure while fold() mutates one private copy. */
export function cloneState(s: State): State {
  return {
    ...s,
    livesLostByRound: s.livesLostByRound.slice(),
    hands: s.hands.map((h) => h.slice()),
    open: s.open.map((h) => h.slice()),
    shown: s.shown.slice(),
    wasOpen: s.wasOpen.map((h) => h.slice()),
    pans: { left: s.pans.left.slice(), right: s.pans.right.slice() },
    discard: s.discard.slice(),
    played: s.played.slice(),
  };
}

function remove(cards: Card[], c: Card): void {
  const i = cards.indexOf(c);
  if (i >= 0) cards.splice(i, 1);
}

function emptyScale(s: State): void {
  for (const p of s.pans.left) s.discard.push(p.card);
  for (const p of s.pans.right) s.discard.push(p.card);
  s.pans = { left: [], right: [] };
}

function loseLife(s: State, lifeLost: boolean): void {
  if (!lifeLost) return;
  s.lives -= 1;
  s.livesLost += 1;
  s.livesLostByRound[s.round - 1]! += 1;
}

/** Folds one event into `s` in place (the private fast path of fold and apply). */
export function applyInPlace(s: State, e: Event): State {
  switch (e.type) {
    case "gameCreated":
      s.options = e.options;
      s.seed = e.seed;
      s.deals = e.deals ?? [];
      s.lives = LIVES[e.options.level];
      s.hands = Array.from({ length: e.options.players }, () => []);
      s.open = Array.from({ length: e.options.players }, () => []);
      s.shown = Array.from({ length: e.options.players }, () => false);
      s.wasOpen = Array.from({ length: e.options.players }, () => []);
      return s;
    case "roundDealt": {
      s.round = e.round;
      s.limit = e.limit;
      s.starter = e.starter;
      s.turn = e.starter;
      s.hands = e.hands.map((h) => h.slice());
      const all = s.options.variants.includes("offene-haende");
      s.open = s.hands.map((h) => (all ? h.slice() : []));
      s.shown = s.hands.map(() => false);
      s.wasOpen = s.hands.map(() => []);
      s.pans = { left: [], right: [] };
      s.phase = choosesOpenCards(s.options) ? "show" : "play";
      return s;
    }
    case "cardsShown": {
      // The cards swapped away stay known; a card shown again is open, not "was open". (A played card left the hand.)
      const before = s.open[e.seat]!;
      const was = s.wasOpen[e.seat]!.filter((c) => !e.cards.includes(c));
      for (const c of before) if (!e.cards.includes(c) && s.hands[e.seat]!.includes(c) && !was.includes(c)) was.push(c);
      s.wasOpen[e.seat] = was;
      s.open[e.seat] = e.cards.slice();
      if (s.phase === "show") {
        s.shown[e.seat] = true;
        if (s.shown.every(Boolean)) s.phase = "play";
      }
      return s;
    }
    case "cardPlayed": {
      remove(s.hands[e.seat]!, e.card);
      remove(s.open[e.seat]!, e.card);
      remove(s.wasOpen[e.seat]!, e.card);
      s.played.push({ round: s.round as 1 | 2 | 3 | 4, seat: e.seat, card: e.card, pan: e.pan });
      s.turn = nextSeat(e.seat, s.options.players);
      const kind = card(e.card).kind;
      if (kind === "number" || kind === "ace") {
        // A scale event (balanced/tipped) follows when needed; a pan always gets a weight here.
        s.pans = { ...s.pans, [e.pan as Pan]: [...s.pans[e.pan as Pan], { card: e.card, weight: e.weight ?? card(e.card).weight }] };
      } else if (e.pan === null) {
        s.discard.push(e.card);
      } else {
        const from = s.pans[e.pan].slice();
        const top = from.pop() as PanCard;
        if (kind === "jack") {
          const to = otherPan(e.pan);
          s.pans = { ...s.pans, [e.pan]: from, [to]: [...s.pans[to], top] } as State["pans"];
          s.discard.push(e.card);
        } else {
          s.pans = { ...s.pans, [e.pan]: from };
          s.discard.push(top.card, e.card);
        }
      }
      return s;
    }
    case "scaleBalanced":
      emptyScale(s);
      return s;
    case "scaleTipped":
      emptyScale(s);
      loseLife(s, e.lifeLost);
      return s;
    case "roundEnded":
      if (e.unbalanced) {
        emptyScale(s);
        loseLife(s, e.lifeLost);
      }
      return s;
    case "gameEnded":
      s.result = e.result;
      s.phase = "over";
      return s;
  }
}

/** apply(state, event): the state after one event; `state` is left unchanged. */
export function apply(state: State, event: Event): State {
  return applyInPlace(cloneState(state), event);
}

/** fold(events): the state of a game from its whole log. */
export function fold(events: readonly Event[]): State {
  let s = emptyState();
  for (const e of events) s = applyInPlace(s, e);
  return s;
}
