// Computer opponents for Battlemaske / Zwiegespalten: Leicht, Mittel, Stark, the baselines random / greedy / pimc16, and the "Rat" hint.
// Pure and deterministic for a seed; each sees only its seat's information (info.ts).
import { SUITS, type Card, type Ruleset, type Suit } from "../cards.js";
import type { Command, Role, Seat } from "../events.js";
import { randomCommand } from "../random.js";
import { roleOf, turnOf, type State } from "../state.js";
import { rng, type Seed } from "../../rng.js";
import { ELIXIR_MASK, fromMask, FULL_MASK, popcount, SUIT_OF } from "./fast.js";
import { information, type Info } from "./info.js";
import { cardLabel, listOf, roleName, roleNoun, suitName } from "../words.js";
import { greedyFollow, greedyGive, greedyLead, wantsTrick } from "./policy.js";
import { pickSets, playCandidates, rankPicks, scorePicks, scorePlays, searchCtx, type Scored, type SearchParams } from "./search.js";

export type BotName = "random" | "greedy" | "pimc16" | "leicht" | "mittel" | "stark";
export const BOT_NAMES: readonly BotName[] = ["random", "greedy", "pimc16", "leicht", "mittel", "stark"];

export function isBotName(x: unknown): x is BotName {
  return typeof x === "string" && (BOT_NAMES as readonly string[]).includes(x);
}

interface LevelParams extends SearchParams {
  /** Chance of a slip: a uniformly random legal command instead of the search's choice. */
  readonly slip: number;
  /** Sizes that differ by rule set (the same exact search costs about twice as much in Battlemaske: ADR 008). */
  readonly byRuleset?: Partial<Record<Ruleset, Overrides>>;
  /** Sizes that differ by the seat's role in the game (after the rule set's; a rule set's own `byRole` replaces this one). */
  readonly byRole?: ByRole;
}

type ByRole = Partial<Record<Role, Partial<SearchParams>>>;
type Overrides = Partial<SearchParams> & { readonly byRole?: ByRole };

/** The levels and the sampling baseline. Every pick is scored by the game-level objective except pimc16's. */
export const LEVELS: Readonly<Record<"pimc16" | "leicht" | "mittel" | "stark", LevelParams>> = {
  pimc16: { worlds: 16, budget: 1e9, minWorlds: 16, exactAt: 0, pickTop: 1000, pickWorlds: 16, inference: false, objective: "tricks", slip: 0 },
  leicht: { worlds: 3, budget: 1e9, minWorlds: 3, exactAt: 0, pickTop: 2, pickWorlds: 3, inference: true, objective: "game", slip: 0.12 },
  mittel: { worlds: 10, budget: 1e9, minWorlds: 10, exactAt: 3, pickTop: 3, pickWorlds: 10, inference: true, objective: "game", slip: 0 },
  stark: {
    worlds: 40, budget: 240, minWorlds: 12, exactAt: 6, pickTop: 6, pickWorlds: 30, inference: true, objective: "game", slip: 0,
    // Zwiegespalten: within the exact search's reach the worlds are weighted by how likely the opponent's plays were
    // for a small sampler of its own (docs/bots.md "Issue 18, third attempt": 71.4 -> 74.9 % vs pimc16 over 1000
    // deals x 2; in Battlemaske it ranked the true world no better than the rule of thumb and gained nothing).
    byRuleset: { zwiegespalten: { exactAt: 7, sampler: { at: 9, samples: 6, exact: 2, eps: 0.3 }, pool: 120, epsAt: 7 } },
  },
};

/** A level's sizes for a rule set, and for the seat's role when it is given. */
export function levelParams(name: keyof typeof LEVELS, ruleset: Ruleset, role?: Role): LevelParams {
  const p = LEVELS[name];
  const over = p.byRuleset?.[ruleset];
  const merged = over ? { ...p, ...over } : p;
  const byRole = role === undefined ? undefined : (over?.byRole ?? p.byRole)?.[role];
  return byRole ? { ...merged, ...byRole } : merged;
}

/** The result of thinking: the command, and (for searching bots) the Conte's estimated value of it and all scores. */
export interface Thought {
  readonly command: Command;
  readonly best: Scored | null;
}

/** True when `seat` has a decision to make now. */
export function mustAct(state: State, seat: Seat): boolean {
  if (state.phase === "play") return turnOf(state) === seat;
  if (state.phase === "exchange" || state.phase === "swap") return state.picks[seat] === null;
  return false;
}

/** The command bot `name` sends for `seat` (which must have a decision to make), deterministic for `seed`. */
export function botCommand(name: BotName, state: State, seat: Seat, seed: Seed): Command {
  return think(name, state, seat, seed).command;
}

export function think(name: BotName, state: State, seat: Seat, seed: Seed): Thought {
  if (!mustAct(state, seat)) throw new Error(`seat ${seat} has nothing to decide in phase ${state.phase}`);
  const random = rng(seed, "battlemaske-bot", name);
  if (name === "random") return { command: randomCommand(state, seat, random) as Command, best: null };
  const info = information(state, seat);
  if (name === "greedy") return { command: greedyCommand(info), best: null };
  const params = levelParams(name, state.options.ruleset, roleOf(state, seat));
  if (params.slip > 0 && random() < params.slip) return { command: randomCommand(state, seat, random) as Command, best: null };
  return searchCommand(info, params, random);
}

function toCommand(info: Info, s: { card: number; named: number; give: number }): Command {
  const ids = info.codec.ids;
  if (info.phase === "play") {
    const card = ids[s.card] as Card;
    return s.named >= 0 ? { type: "play", card, suit: SUITS[s.named] as Suit } : { type: "play", card };
  }
  return { type: info.phase === "exchange" ? "exchange" : "swap", cards: fromMask(info.codec, s.give) };
}

function wants(info: Info): boolean {
  return wantsTrick(info.codec.strength, info.seat === info.conte, info.tricks[info.seat] as number, info.tricks[1 - info.seat] as number, info.hand);
}

/** The rule-of-thumb bot: no search at all. */
function greedyCommand(info: Info): Command {
  const st = info.codec.strength;
  const isConte = info.seat === info.conte;
  const want = wants(info);
  if (info.phase === "play") {
    const ctx = searchCtx(info, { exactAt: 0, objective: "tricks" });
    if (info.lead < 0) {
      const x = greedyLead(ctx, info.hand, info.rk, want, FULL_MASK & ~info.hand & ~info.played);
      const card = x & 31;
      return toCommand(info, { card, named: (SUIT_OF[card] as number) < 0 ? x >> 5 : -1, give: 0 });
    }
    return toCommand(info, { card: greedyFollow(ctx, info.hand, info.lead, info.named, info.rk, want), named: -1, give: 0 });
  }
  const rule = info.phase === "exchange" && popcount(info.hand & ELIXIR_MASK) >= 2;
  return toCommand(info, { card: -1, named: -1, give: greedyGive(st, info.hand, info.pickCount, isConte, want, rule) });
}

function isCommand(info: Info, c: { card: number; named: number }, cmd: Command): boolean {
  return cmd.type === "play" && info.codec.ids[c.card] === cmd.card && (c.named < 0 ? cmd.suit === undefined : SUITS[c.named] === cmd.suit);
}

/** Picks the best candidate for the seat's role: the Conte maximises the Conte's value, the Maske minimises it. */
function best(info: Info, scored: Scored[]): Scored {
  const conte = info.seat === info.conte;
  let b = scored[0] as Scored;
  for (const s of scored) if (conte ? s.value > b.value + 1e-12 : s.value < b.value - 1e-12) b = s;
  return b;
}

/** The search's command for `info`; `given` replaces the worlds (only the sim's oracle passes it, see scorePlays). */
export function searchCommand(info: Info, params: SearchParams, random: () => number, given?: readonly number[]): Thought {
  if (info.phase === "play") {
    // The rule of thumb's card goes first, so that it wins ties (exact endgames often value several cards the same).
    const g = greedyCommand(info);
    const cands = playCandidates(info).sort((x, y) => Number(isCommand(info, y, g)) - Number(isCommand(info, x, g)));
    const scored = scorePlays(info, params, random, cands, given);
    const b = best(info, scored);
    return { command: toCommand(info, b), best: b };
  }
  const rule = info.phase === "exchange" && popcount(info.hand & ELIXIR_MASK) >= 2;
  const sets = rankPicks(info, pickSets(info.hand, info.pickCount, rule)).slice(0, params.pickTop);
  const scored = scorePicks(info, params, random, sets, given);
  const b = best(info, scored);
  return { command: toCommand(info, b), best: b };
}

// ---------------------------------------------------------------------------------------------------------------------
// Rat: what Stark would do, why, and the chance to win, from the seat's information only.

export interface Hint {
  readonly command: Command;
  /** The card or cards to highlight, and the suit to name on an elixir lead. */
  readonly cards: readonly Card[];
  readonly suit: Suit | null;
  readonly reason: { readonly de: string; readonly en: string };
  /** This seat's estimated chance to win the game, 0–1. */
  readonly winChance: number;
}

const pct = (p: number) => `${Math.round(p * 100)} %`;

/**
 * hint(state, seat): what Stark would do in this seat, a short reason in German and English, and the seat's chance to win.
 * Null when the seat has nothing to decide. Deterministic: the seed defaults to the game's public progress.
 */
export function hint(state: State, seat: Seat, seed?: Seed): Hint | null {
  if (!mustAct(state, seat)) return null;
  const s = seed ?? `hint/${state.game}/${state.round}/${state.phase}/${state.history.length}/${state.trick.length}/${seat}`;
  const info = information(state, seat);
  const random = rng(s, "battlemaske-bot", "stark"); // the same stream as Stark's, so hint and Stark agree for a seed
  const t = searchCommand(info, levelParams("stark", state.options.ruleset, roleOf(state, seat)), random);
  const b = t.best as Scored;
  const conte = seat === info.conte;
  const winChance = Math.min(1, Math.max(0, conte ? b.value : 1 - b.value));
  const ruleset = state.options.ruleset;
  const cmd = t.command;
  if (cmd.type === "play") {
    const now = Math.abs(info.tricks[0] - info.tricks[1]);
    return { command: cmd, cards: [cmd.card], suit: cmd.suit ?? null, reason: playReason(ruleset, cmd, b.trickWin, b.diffAfter, now, state.trick.length === 0), winChance };
  }
  return { command: cmd, cards: cmd.cards.slice(), suit: null, reason: pickReason(ruleset, cmd, conte, wants(info)), winChance };
}

/**
 * Rat for a card, as an order and what follows: "Spiel Elixier 2+ aus und sag Dukaten an: Du gibst den Stich … ab; …".
 * `trickWin`: the chance to take this trick; `diffAfter` / `diffNow`: the trick difference after it (expected) and now.
 */
export function playReason(ruleset: Ruleset, cmd: Extract<Command, { type: "play" }>, trickWin: number, diffAfter: number, diffNow: number, leading = false): { de: string; en: string } {
  const zw = ruleset === "zwiegespalten";
  const card = { de: cardLabel(ruleset, cmd.card, "de"), en: cardLabel(ruleset, cmd.card, "en") };
  const order = cmd.suit
    ? {
        de: `Spiel ${card.de} aus und ${zw ? `nenn ${suitName(ruleset, cmd.suit, "de")}` : `sag ${suitName(ruleset, cmd.suit, "de")} an`}`,
        en: `Lead ${card.en} and name ${suitName(ruleset, cmd.suit, "en")}`,
      }
    : { de: `Spiel ${card.de}`, en: `Play ${card.en}` };
  const p = trickWin;
  const certain = p >= 0.999 || p <= 0.001;
  // Said as a fact only when the cards decide it (following a card on the table). A lead's trick is the opponent's to
  // decide: every world Stark looked at may agree, and the opponent still answer otherwise ("Du gibst den Stich ab",
  // and the player won it: a player pass).
  const sure = certain && !leading;
  const win = p >= 0.5;
  // A coin flip is not "wahrscheinlich" either way (a second pass read "Du gewinnst den Stich wahrscheinlich (50 %)").
  const open = !certain && Math.abs(p - 0.5) < 0.05;
  const de1 = open ? `der Stich ist offen (${pct(p)})` : win ? `Du gewinnst den Stich${sure ? "" : certain ? " voraussichtlich" : ` wahrscheinlich (${pct(p)})`}` : `Du gibst den Stich${sure ? "" : certain ? " voraussichtlich" : ` wahrscheinlich (${pct(1 - p)})`} ab`;
  const en1 = open ? `the trick is a toss-up (${pct(p)})` : win ? `you ${sure ? "" : certain ? "will likely " : "probably "}win the trick${sure || certain ? "" : ` (${pct(p)})`}` : `you ${sure ? "" : certain ? "will likely " : "probably "}give the trick away${sure || certain ? "" : ` (${pct(1 - p)})`}`;
  // An uncertain trick makes the difference after it a mean over both outcomes, even when it is a whole number: a
  // 50 % trick at 7 gives "7", which the trick can never leave (8 or 6) — said "etwa", never "bleibt".
  const exact = sure && Math.abs(diffAfter - Math.round(diffAfter)) < 1e-9;
  const dd = Math.round(diffAfter);
  const likely = certain && !sure && Math.abs(diffAfter - Math.round(diffAfter)) < 1e-9;
  const de2 = exact && dd === diffNow ? `der Abstand bleibt ${dd}` : `der Abstand ist dann ${exact ? "" : likely ? "voraussichtlich " : "etwa "}${dd}`;
  const en2 = exact && dd === diffNow ? `the difference stays ${dd}` : `the difference is then ${exact ? "" : likely ? "likely " : "about "}${dd}`;
  return { de: `${order.de}: ${de1}; ${de2}.`, en: `${order.en}: ${en1}; ${en2}.` };
}

/** Rat for the exchange or the greed swap: the cards to give and the role's rule of thumb (the chance stands beside it). */
export function pickReason(ruleset: Ruleset, cmd: Extract<Command, { cards: readonly Card[] }>, conte: boolean, strong: boolean): { de: string; en: string } {
  const names = { de: cmd.cards.map((c) => cardLabel(ruleset, c, "de")), en: cmd.cards.map((c) => cardLabel(ruleset, c, "en")) };
  const as = { de: roleName(ruleset, conte ? "conte" : "maske", "de"), en: roleNoun(ruleset, conte ? "conte" : "maske", "en") };
  const why = conte
    ? { de: `als ${as.de} behältst du hohe und niedrige Karten, um Stiche gezielt zu gewinnen oder abzugeben`, en: `as ${as.en} you keep high and low cards to win or give away tricks at will` }
    : strong
      ? { de: `als ${as.de} behältst du eine einseitig starke Hand`, en: `as ${as.en} you keep a one-sidedly strong hand` }
      : { de: `als ${as.de} behältst du eine einseitig schwache Hand`, en: `as ${as.en} you keep a one-sidedly weak hand` };
  const what =
    cmd.type === "exchange"
      ? { de: ruleset === "zwiegespalten" ? "Tauschen" : "Tausch", en: "Exchange" }
      : { de: ruleset === "zwiegespalten" ? "Karten tauschen" : "Gier-Tausch", en: ruleset === "zwiegespalten" ? "Swap" : "Greed swap" };
  return { de: `${what.de}: Gib ${listOf(names.de, "de")} ab – ${why.de}.`, en: `${what.en}: give ${listOf(names.en, "en")} – ${why.en}.` };
}
