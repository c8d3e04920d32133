// Computer team-mates: they see only their own view (never the state), so they cannot read a hidden card.
import { card, type Card } from "../cards.js";
import type { Command, Pan, Players } from "../events.js";
import { rng, type Seed } from "../../rng.js";
import { Solver } from "../solver.js";
import type { View } from "../view.js";
import { cheapestGroups, type Refine } from "./lazy.js";
import { replyFinish, replyStart, type Chooser, type ReplyStart } from "./reply.js";
import { allFilters, allKnown, hiddenCount, lowestOfRank, suitFilters, suitOrdered, moves, openNeed, outcome, panSignals, playCommand, positionOf, sampleWorld, showOrder, signalFloors, tipFilters, unseen } from "./knowledge.js";

export type BotName = "simple" | "planner" | "strong";
export const BOT_NAMES: readonly BotName[] = ["simple", "planner", "strong"];

export interface Bot {
  readonly name: BotName;
  /** The bot's command for its view (a show at the round start, or a play on its turn). */
  act(view: View): Command;
}

export interface BotOptions {
  /** The bot's own seed: its samples are drawn from it and the public situation, so a seed fixes every decision. */
  readonly seed?: Seed;
  /** How many worlds planner and strong sample (planner 1, strong 24 by default). */
  readonly samples?: number;
  /**
   * strong only: the seats that run strong too. Their open cards are read as the convention's signal (the heaviest they
   * hold), so their hidden cards are sampled lighter. Default: every seat, as in the simulation; a room names its
   * computer seats, since a person's open card may mean anything.
   */
  readonly signalers?: readonly number[];
  /**
   * strong on Profi: partner-aware evaluation in a round's last `late` cards (counting every hand's cards, the mover's
   * included): the next seat answers each candidate move from its own information with `samples` worlds of its own, then
   * the open-hand solver values the rest (bots/reply.ts). null: the open-hand solver alone at every decision. Default:
   * `PROFI_PLAY[players].reply`.
   */
  readonly reply?: PartnerAware | null;
  /**
   * strong on Profi: the tip reading. strong then never tips the scale while it holds a card that does not, so a strong
   * partner that tipped held only cards that tip that scale, and the worlds it is sampled in say so (`tipFilters`).
   * Default: `PROFI_PLAY[players].tips`.
   */
  readonly tips?: boolean;
  /**
   * strong: value every move in every world in full instead of only the values that can change the choice — the same
   * move either way (the random draws are the same); the tests compare the two.
   */
  readonly exhaustive?: boolean;
  /**
   * strong on Profi: the suit rule. Cards of one rank act alike, so strong plays the lowest-suited one it holds, and a
   * strong partner that played a card held none of its rank in a lower suit (`suitFilters`). Default: `PROFI_PLAY[players].suits`.
   */
  readonly suits?: boolean;
  /**
   * strong: what a move's lives in a world cost. null: the lives themselves (capped). An objective: the chance to lose the
   * game with the lives left after this round (`winFrom`), lives only breaking ties.
   */
  readonly objective?: Objective | null;
}

/**
 * The game's result as the objective: `winFrom[r][L]` is the chance to win the game from the start of round r + 2 with L
 * lives (r = 0..2: rounds 2–4; after round 4 every L ≥ 0 wins), measured from strong's own games.
 */
export interface Objective {
  readonly winFrom: ReadonlyArray<ReadonlyArray<number>>;
}

/**
 * The cost of 0..cap lives lost in the rest of this round: the chance to lose the game afterwards (in thousandths), lives
 * breaking ties (their sum is at most 4 lives × 64 worlds = 256, below one step of 512). The table rises with the lives,
 * as cheapestGroups needs.
 */
export function objectiveCosts(objective: Objective, round: number, lives: number, cap: number): number[] {
  const win = (left: number) => (left < 0 ? 0 : round >= 4 ? 1 : objective.winFrom[round - 1]![Math.min(left, 3)]!);
  const out: number[] = [];
  for (let k = 0; k <= cap; k++) out.push(Math.round(1000 * (1 - win(lives - k))) * 512 + k);
  for (let k = 1; k <= cap; k++) out[k] = Math.max(out[k]!, out[k - 1]! + 1);
  return out;
}

/** Partner-aware evaluation in a round's last `late` cards, the next seat answering with `samples` worlds of its own. */
export interface PartnerAware {
  readonly late: number;
  readonly samples: number;
  /**
   * 2: the seat after the next one answers from its own view too (with its own `samples` worlds, drawn from a stream of
   * its own), before the solver values the rest. Default 1.
   */
  readonly depth?: 1 | 2;
}

/**
 * strong's Profi play per player count, chosen on paired screens and kept on 2000 paired games (docs/goldwaage.md,
 * "Issue 18, part 3, fourth attempt" and "fifth attempt"). With 4 players the partner-aware window lost games in its
 * screen (the seats' hands are 1–2 cards there, and its partner guesses from 2 of 3 unknown hands), so only the tip
 * reading is kept; with 2 players the tip reading on top of the window lost 2 games of 300 (won none), so it stays off
 * there. With 2 players the window goes two seats deep (strong's own next card, too, from its own view): +10 of 2000
 * paired games; with 3 players two seats deep lost 4 of 2000, so one seat there. With 3 players the suit rule and its
 * reading ("seventh attempt"): 1781 → 1813 of 2000 paired games (`--seed 1`), 1777 → 1791 on `--seed 2`; with 4 players
 * the same rule ("eighth attempt"): 1288 → 1306 (`--seed 1`), 1287 → 1315 (`--seed 2`), the same direction on both seeds
 * (together 423 / 469 games won by one side only, p = 0.13). With 2 players it lost 13 of 2000, so it stays off there.
 */
export const PROFI_PLAY: Readonly<Record<Players, { readonly reply: PartnerAware | null; readonly tips: boolean; readonly suits?: boolean }>> = {
  2: { reply: { late: 6, samples: 4, depth: 2 }, tips: false },
  3: { reply: { late: 6, samples: 4 }, tips: true, suits: true },
  4: { reply: null, tips: true, suits: true },
};

type Move = { card: Card; pan: Pan | null };
const keyOf = (m: Move) => `${m.card}/${m.pan ?? "-"}`;

/** The weights of the one-card-ahead score. */
export interface AheadWeights {
  /** Added for a card that balances the scale. */
  readonly balance: number;
}

/** strong's tie-break among moves of equal value: balancing is worth a lot. */
export const STRONG_AHEAD: AheadWeights = { balance: 20 };

/**
 * The seed's simple and planning programs. The seed does not say how they judge a card one ahead; this balance bonus is
 * the one free parameter, fitted so planner with one sample wins the published 66 % (2 players, Normal) — see
 * docs/goldwaage.md, "The planner and the published figures": with it the two-open-cards figure (80 %) is a check.
 */
export const SEED_AHEAD: AheadWeights = { balance: 2.85 };

/**
 * One card ahead: the move's immediate effect only. Tipping is worst, balancing good; otherwise leave a difference the
 * next seat's open card can close, get rid of heavy cards early and keep Aces, Jacks and Queens for the round's end.
 */
export function lookOneAhead(view: View, m: Move, w: AheadWeights = STRONG_AHEAD): number {
  const o = outcome(view, m.card, m.pan);
  if (o.tipped) return -100;
  const info = card(m.card);
  let score = o.balanced ? w.balance : -0.3 * Math.abs(o.d);
  if (info.kind === "number") score += 0.5 * info.weight;
  else if (!o.balanced) score -= 5;
  if (!o.balanced && o.d !== 0) {
    const next = ((view.viewer as number) + 1) % view.players;
    for (const c of view.open[next] ?? []) {
      const k = card(c);
      if (k.kind === "number" && k.weight === Math.abs(o.d)) score += 8;
      else if (k.kind === "ace") score += 4;
    }
  }
  return score;
}

function best(view: View, score: (m: Move) => number): Move {
  let top: Move | null = null;
  let topScore = -Infinity;
  for (const m of moves(view)) {
    const s = score(m);
    if (s > topScore) {
      top = m;
      topScore = s;
    }
  }
  return top as Move;
}

/**
 * Sampled worlds solved exactly: each world deals the unseen cards to the others' hidden slots; the solver gives every
 * own move's fewest lost lives in that world; the move with the smallest total wins (ties: one card ahead). With `reply`,
 * a move's value in a world is the partner-aware one (bots/reply.ts). Only the values that can change the winner are
 * computed (bots/lazy.ts); the worlds, and the partner's own worlds, are drawn as if every value were, so the move is
 * the same as summing them all.
 */
export function sampledPlay(
  view: View,
  samples: number,
  random: () => number,
  ahead: AheadWeights = STRONG_AHEAD,
  floors: ReadonlyArray<number | null> = [],
  checks: ReadonlyArray<((hand: readonly Card[]) => boolean) | null> = [],
  reply: Chooser | null = null,
  safeOnly = false,
  allowed: ReadonlyArray<((c: Card) => boolean) | null> = [],
  lazy = true,
  deeper: ((random: () => number) => Chooser) | null = null,
  objective: Objective | null = null,
): Move {
  return prepareSampled(view, samples, random, ahead, floors, checks, reply, safeOnly, allowed, lazy, deeper, objective)();
}

/**
 * sampledPlay in two steps: every random draw happens here (the worlds, then per world and move the partner's own worlds,
 * in that order), and the returned function finds the move without drawing again — so it may skip any solving.
 */
function prepareSampled(
  view: View,
  samples: number,
  random: () => number,
  ahead: AheadWeights,
  floors: ReadonlyArray<number | null>,
  checks: ReadonlyArray<((hand: readonly Card[]) => boolean) | null>,
  reply: Chooser | null,
  safeOnly: boolean,
  allowed: ReadonlyArray<((c: Card) => boolean) | null>,
  lazy = true,
  deeper: ((random: () => number) => Chooser) | null = null,
  objective: Objective | null = null,
): () => Move {
  const pool = unseen(view);
  const hidden = view.handSizes.reduce((a, _, s) => a + hiddenCount(view, s), 0);
  // One world is enough when nothing is hidden, or when the unseen cards are exactly one seat's hidden cards.
  const holders = view.handSizes.filter((_, s) => hiddenCount(view, s) > 0).length;
  const worlds = allKnown(view) || (pool.length === hidden && holders <= 1) ? 1 : samples;
  // Lives beyond the ones still left (plus the one that loses) make no difference.
  // With the game's result as the objective every life up to the one that loses counts (losing 3 of 3 lives still wins).
  const cap = objective ? view.lives + 1 : Math.min(3, view.lives + 1);
  const costs = objective ? objectiveCosts(objective, view.round, view.lives, cap) : null;
  const cost = (v: number) => (costs ? costs[Math.min(v, cap)]! : Math.min(v, cap));
  const own = moves(view);
  // Two cards of one rank on one pan do the same: one group per rank and pan, its first move in `own` speaks for it.
  const groupOf: number[] = [];
  const heads: Move[] = [];
  const names: string[] = [];
  for (const m of own) {
    const name = `${card(m.card).rank}/${m.pan ?? "-"}`;
    let g = names.indexOf(name);
    if (g < 0) {
      g = names.length;
      names.push(name);
      heads.push(m);
    }
    groupOf.push(g);
  }
  const hands: Card[][][] = [];
  const answers: Array<Array<ReplyStart>> = [];
  for (let w = 0; w < worlds; w++) {
    const h = sampleWorld(view, random, pool, floors, checks, allowed);
    hands.push(h);
    // The seat after the next one decides only once the next one's answer is known: it draws from a stream of its own.
    if (reply) answers.push(heads.map((m) => replyStart(view, h, m, cap, reply, deeper ? deeper(rng(random(), "goldwaage-deeper")) : null)));
  }
  // A tip only when every card tips: then a partner that sees a tip knows the seat held no safe card.
  const tips = (m: Move) => outcome(view, m.card, m.pan).tipped;
  if (!lazy) {
    // The reference: every value summed, the smallest total wins (ties: one card ahead).
    return () => {
      const total = new Map<string, number>();
      hands.forEach((h, w) => {
        const values = reply
          ? heads.map((m, g) => ({ ...m, loss: replyFinish(answers[w]![g]!, cap) }))
          : new Solver(positionOf(view, h)).moveValues(cap);
        for (const v of values) total.set(keyOf(v), (total.get(keyOf(v)) ?? 0) + cost(v.loss));
      });
      const barred = safeOnly && moves(view).some((m) => !tips(m) && total.has(keyOf(m)));
      return best(view, (m) => (barred && tips(m) ? -Infinity : -(total.get(keyOf(m)) ?? Infinity) * 1000 + lookOneAhead(view, m, ahead)));
    };
  }
  return () => {
    const solvers: Array<Solver | null> = hands.map(() => null);
    const solver = (w: number) => (solvers[w] ??= new Solver(positionOf(view, hands[w]!)));
    // With a partner, a move's solver value is a lower bound of its partner-aware one (a partner from its own view closes
    // no more than a seeing one): the bound is proven first, then the answer played out. `proven[i]`: the solver's part is done.
    const proven = new Uint8Array(heads.length * worlds);
    const refine: Refine = (g, w, lb) => {
      const m = heads[g]!;
      if (!reply || !proven[g * worlds + w]) {
        if (solver(w).atMost(m.card, m.pan, lb)) {
          if (!reply) return { lb, exact: true };
          proven[g * worlds + w] = 1;
          return { lb, exact: false };
        }
        return { lb: lb + 1, exact: false };
      }
      return { lb: replyFinish(answers[w]![g]!, cap), exact: true };
    };
    const barred = safeOnly && heads.some((m) => !tips(m));
    const candidates = heads.map((_, g) => g).filter((g) => !(barred && tips(heads[g]!)));
    const { winners, total } = cheapestGroups(heads.length, worlds, cap, candidates, refine, true, costs);
    // The first move of a winning group speaks for it; among the winners (equal totals) one card ahead decides, as before.
    let top = heads[winners[0]!]!;
    let topScore = -Infinity;
    own.forEach((m, i) => {
      const g = groupOf[i]!;
      if (heads[g] !== m || !winners.includes(g)) return;
      const score = -(total ?? 0) * 1000 + lookOneAhead(view, m, ahead);
      if (score > topScore) {
        top = m;
        topScore = score;
      }
    });
    return top;
  };
}

const heaviestFirst = (rest: readonly Card[], need: number) => showOrder(rest).slice(0, need);

function botRandom(seed: Seed, name: BotName, view: View): () => number {
  return rng(seed, "goldwaage-bot", name, view.viewer as number, view.round, view.played.length, view.phase);
}

function showCommand(view: View): Command {
  const hand = view.hand ?? [];
  return { type: "show", cards: heaviestFirst(hand, openNeed(view, hand.length)) };
}

/** The seed's simple program: one card ahead until the round's last six cards, then one sampled world solved exactly. */
export function simpleBot(options: BotOptions = {}): Bot {
  const seed = options.seed ?? 0;
  return {
    name: "simple",
    act(view) {
      if (view.phase === "show") return showCommand(view);
      const left = view.handSizes.reduce((a, b) => a + b, 0);
      const move = left <= 6 ? sampledPlay(view, 1, botRandom(seed, "simple", view), SEED_AHEAD) : best(view, (m) => lookOneAhead(view, m, SEED_AHEAD));
      return playCommand(view, move, () => null);
    },
  };
}

/** The seed's planning program: one card ahead, and for the round's last eight cards `samples` sampled worlds solved exactly. */
export function plannerBot(options: BotOptions = {}): Bot {
  const seed = options.seed ?? 0;
  const samples = options.samples ?? 1;
  return {
    name: "planner",
    act(view) {
      if (view.phase === "show") return showCommand(view);
      const left = view.handSizes.reduce((a, b) => a + b, 0);
      const move = left <= 8 ? sampledPlay(view, samples, botRandom(seed, "planner", view), SEED_AHEAD) : best(view, (m) => lookOneAhead(view, m, SEED_AHEAD));
      return playCommand(view, move, () => null);
    },
  };
}

/**
 * The pan of a lead on Profi, where nothing is open and the plays are the only signal: on an empty scale left and right
 * are mirror images, so strong leads a number or Ace to the left when the cards it keeps are heavy — their number
 * weights average 6 or more (an Ace, Jack or Queen counts 0) — and to the right when they are lighter.
 */
export function heavyRest(rest: readonly Card[]): boolean {
  return rest.reduce((a, c) => a + (card(c).kind === "number" ? card(c).weight : 0), 0) >= 6 * rest.length;
}

/**
 * How strong would answer from a team-mate's view on Profi: strong's own rule with `samples` worlds drawn from what that
 * seat cannot see, fitted to the leads' pans of the signalling seats. The realistic-partner bound (bound.ts) uses it as
 * the next seat's answer.
 */
export function partnerChooser(samples: number, random: () => number, signalers: readonly number[], lazy = true, rules: PartnerRules = {}): Chooser {
  // The pans' reading depends only on the round's plays (and who reads): within one decision the partner's views differ
  // in the hand the world gives it, so the reading is made once per played move.
  const readings = new Map<string, { checks: ReturnType<typeof panSignals>; allowed: ReturnType<typeof allFilters> }>();
  return (v) => {
    const key = [v.viewer, v.round, v.limit, ...v.played.filter((p) => p.round === v.round).map((p) => `${p.seat}${p.card}${p.pan ?? "-"}`)].join("|");
    let r = readings.get(key);
    if (!r) {
      const allowed = rules.suits ? suitFilters(v, signalers) : [];
      readings.set(key, (r = { checks: panSignals(v, signalers, heavyRest), allowed }));
    }
    return prepareSampled(v, samples, random, STRONG_AHEAD, [], r.checks, null, false, r.allowed, lazy);
  };
}

/**
 * The readings a modelled partner makes as a strong partner would (off by default, the partner of the fourth attempt's
 * window): the suit reading (with 3 players on Profi). It does not apply the tip rule or reading: the window's partner
 * never did, and doing so changed none of 302 screened games.
 */
export interface PartnerRules {
  readonly suits?: boolean;
}

/** strong's worlds per decision: more on Profi, where nothing is open and the worlds differ most. */
export function strongSamples(view: Pick<View, "level" | "players">): number {
  return view.level === "profi" ? PROFI_SAMPLES : 24;
}
const PROFI_SAMPLES = 64;

/**
 * The default team-mate: sampled worlds solved exactly from the round's first card. Its open card is the heaviest one it
 * has not shown yet this round (a new one after every play while any is left), so the team-mates learn one more of its
 * cards each turn and know the never-shown ones are lighter; on Profi its leads' pans say whether its other cards are heavy.
 */
export function strongBot(options: BotOptions = {}): Bot {
  const seed = options.seed ?? 0;
  return {
    name: "strong",
    act(view) {
      if (view.phase === "show") return showCommand(view);
      const signalers = options.signalers ?? view.handSizes.map((_, s) => s);
      const floors = signalFloors(view, signalers);
      const profi = view.level === "profi";
      const play = PROFI_PLAY[view.players as Players];
      const tipRead = profi && (options.tips ?? play.tips);
      const checks = profi ? panSignals(view, signalers, heavyRest) : [];
      const suitRule = profi && (options.suits ?? play.suits ?? false);
      const allowed = allFilters(tipRead ? tipFilters(view, signalers) : [], suitRule ? suitFilters(view, signalers) : []);
      const random = botRandom(seed, "strong", view);
      const reply = profi ? (options.reply === undefined ? play.reply : options.reply) : null;
      const left = view.handSizes.reduce((a, b) => a + b, 0);
      const lazy = !options.exhaustive;
      // The window's modelled partner reads the suits as the real one does.
      const partnerRules: PartnerRules = { suits: suitRule };
      const chooser = reply !== null && left <= reply.late ? partnerChooser(reply.samples, random, signalers, lazy, partnerRules) : null;
      const deeper = chooser && reply?.depth === 2 ? (r: () => number) => partnerChooser(reply.samples, r, signalers, lazy, partnerRules) : null;
      // With the suit rule the search sees each rank's lowest suit first, so the window's modelled partner reads the card played.
      const searched = suitRule ? { ...view, hand: suitOrdered(view.hand ?? []) } : view;
      let move = sampledPlay(searched, options.samples ?? strongSamples(view), random, STRONG_AHEAD, floors, checks, chooser, tipRead, allowed, lazy, deeper, options.objective ?? null);
      if (profi && move.pan !== null && view.pans.left.length + view.pans.right.length === 0) {
        move = { card: move.card, pan: heavyRest((view.hand ?? []).filter((c) => c !== move.card)) ? "left" : "right" };
      }
      // The suit rule: cards of one rank act alike, so the lowest suit of the chosen rank is played (a partner reads it).
      if (suitRule) move = { card: lowestOfRank(view.hand ?? [], move.card), pan: move.pan };
      const me = view.viewer as number;
      const seen = [...(view.open[me] ?? []), ...(view.wasOpen[me] ?? [])];
      return playCommand(view, move, (rest, need) => [...showOrder(rest.filter((c) => !seen.includes(c))), ...showOrder(rest.filter((c) => seen.includes(c)))].slice(0, need));
    },
  };
}

export function makeBot(name: BotName, options: BotOptions = {}): Bot {
  return name === "simple" ? simpleBot(options) : name === "planner" ? plannerBot(options) : strongBot(options);
}

