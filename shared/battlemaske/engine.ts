// decide(): checks a command against the rules and returns the events it causes, or a typed rule error.
import { card, deck, isCard, isElixir, isSuit, type Card, type Effect, type Ruleset, type Suit } from "./cards.js";
import { ruleError, type RuleError } from "./errors.js";
import {
  EVENT_VERSION as v,
  type Command,
  type Deal,
  type Event,
  type Options,
  type Seat,
} from "./events.js";
import { rng, shuffle, type Seed } from "../rng.js";
import { subsets } from "../util.js";
import {
  applyInPlace,
  cloneState,
  conteSeat,
  effectOf,
  emptyState,
  other,
  pickCount,
  place,
  turnOf,
  type State,
} from "./state.js";

export type Decision = { readonly ok: true; readonly events: Event[] } | { readonly ok: false; readonly error: RuleError };

const SUIT_NAMES: Record<Ruleset, Record<Suit, { de: string; en: string }>> = {
  battlemaske: { P: { de: "Pfau", en: "Pfau (pride)" }, D: { de: "Dukaten", en: "Dukaten (greed)" }, G: { de: "Glut", en: "Glut (wrath)" } },
  zwiegespalten: { P: { de: "Kreuz ♣", en: "clubs ♣" }, D: { de: "Karo ♦", en: "diamonds ♦" }, G: { de: "Herz ♥", en: "hearts ♥" } },
};

/** The deal of game g, round r: the explicit deal of slot 3·(g−1) + r − 1 if given, else shuffled from the seed. */
export function dealFor(state: Pick<State, "options" | "seed" | "deals">, game: 1 | 2, round: 1 | 2 | 3): Deal {
  const explicit = state.deals[3 * (game - 1) + round - 1];
  if (explicit) return explicit;
  const cards = shuffle(deck(state.options.ruleset), rng(state.seed, "battlemaske", "deal", game, round));
  return { hands: [cards.slice(0, 10), cards.slice(10, 20)], aside: cards.slice(20) };
}

/** Who leads round r's first trick: the Conte in round 1; later the Conte at mirror 0–4, the Maske at 5–9. */
export function firstLeader(game: 1 | 2, round: 1 | 2 | 3, mirror: number): Seat {
  const conte = conteSeat(game);
  return round === 1 || mirror <= 4 ? conte : other(conte);
}

function roundDealt(state: Pick<State, "options" | "seed" | "deals">, game: 1 | 2, round: 1 | 2 | 3, mirror: number): Event {
  const deal = dealFor(state, game, round);
  return {
    type: "roundDealt",
    v,
    game,
    round,
    leader: firstLeader(game, round, mirror),
    hands: [deal.hands[0].slice(), deal.hands[1].slice()],
    aside: deal.aside.slice(),
  };
}

/**
 * The opening events of a new game: the options with the secret seed (and explicit deals, if any), then round 1's deal.
 * Explicit deals are trusted here; validate them with validateDeal first.
 */
export function newGame(options: Options, seed: Seed, deals?: ReadonlyArray<Deal | null>): Event[] {
  const created: Event = deals && deals.length > 0 ? { type: "gameCreated", v, options, seed, deals } : { type: "gameCreated", v, options, seed };
  const s = applyInPlace(emptyState(), created);
  return [created, roundDealt(s, 1, 1, 0)];
}

/** Checks an explicit deal: 10 cards per seat and 5 aside, every card of the rule set exactly once. Returns a reason or null. */
export function validateDeal(options: Options, deal: unknown): string | null {
  if (typeof deal !== "object" || deal === null) return "a deal must be an object with hands and aside";
  const { hands, aside } = deal as { hands?: unknown; aside?: unknown };
  if (!Array.isArray(hands) || hands.length !== 2) return "a deal needs hands: [[10 cards], [10 cards]]";
  if (!Array.isArray(aside)) return "a deal needs aside: [5 cards]";
  const all: unknown[] = [];
  for (const h of hands) {
    if (!Array.isArray(h) || h.length !== 10) return "each hand holds exactly 10 cards";
    all.push(...h);
  }
  if (aside.length !== 5) return "aside holds exactly 5 cards";
  all.push(...aside);
  const seen = new Set<string>();
  for (const c of all) {
    if (!isCard(options.ruleset, c)) return `${JSON.stringify(c)} is not a card of the ${options.ruleset} rule set`;
    if (seen.has(c)) return `${c} appears twice in the deal`;
    seen.add(c);
  }
  return null;
}

/** The cards `seat` may play now (empty when it is not that seat's turn). */
export function legalCards(state: State, seat: Seat): Card[] {
  if (turnOf(state) !== seat) return [];
  const hand = state.hands[seat];
  const lead = state.trick[0];
  if (!lead) return hand.slice();
  const leadSuit = card(lead.card).suit;
  if (leadSuit === null) {
    // An elixir was led: follow the named suit if you can (an elixir does not count); otherwise anything.
    const named = hand.filter((c) => card(c).suit === state.namedSuit);
    return named.length > 0 ? named : hand.slice();
  }
  const follow = hand.filter((c) => card(c).suit === leadSuit || isElixir(c));
  if (hand.some((c) => card(c).suit === leadSuit)) return follow;
  // Without the suit: Battlemaske allows any card; Zwiegespalten demands an elixir if you hold one.
  if (state.options.ruleset === "zwiegespalten" && follow.length > 0) return follow;
  return hand.slice();
}

/** Every command `seat` may send now. */
export function legalCommands(state: State, seat: Seat): Command[] {
  if (state.phase === "play") {
    const out: Command[] = [];
    for (const c of legalCards(state, seat)) {
      if (state.trick.length === 0 && isElixir(c)) for (const suit of ["P", "D", "G"] as const) out.push({ type: "play", card: c, suit });
      else out.push({ type: "play", card: c });
    }
    return out;
  }
  if ((state.phase === "exchange" || state.phase === "swap") && state.picks[seat] === null) {
    const hand = state.hands[seat];
    const mustGiveElixir = state.phase === "exchange" && hand.filter(isElixir).length >= 2;
    const type = state.phase;
    return subsets(hand, pickCount(state))
      .filter((cards) => !mustGiveElixir || cards.some(isElixir))
      .map((cards) => ({ type, cards }));
  }
  return [];
}

/** Validates a pick of cards from the seat's own hand: known ids, no duplicates, held, and the required count. */
function checkPick(state: State, seat: Seat, cards: unknown, count: number, what: { de: string; en: string }): RuleError | null {
  if (!Array.isArray(cards)) return ruleError("BAD_COMMAND", `${what.de}: „cards“ muss eine Liste von Karten sein.`, `${what.en}: "cards" must be a list of cards.`);
  for (const c of cards) {
    if (!isCard(state.options.ruleset, c)) return unknownCard(state, c);
  }
  if (new Set(cards).size !== cards.length) return ruleError("DUPLICATE_CARD", `${what.de}: Jede Karte darf nur einmal gewählt werden.`, `${what.en}: each card may be picked only once.`);
  for (const c of cards as Card[]) {
    if (!state.hands[seat].includes(c)) return notInHand(c);
  }
  if (cards.length !== count) {
    return ruleError(
      "WRONG_CARD_COUNT",
      `${what.de}: Du musst genau ${count} ${count === 1 ? "Karte" : "Karten"} wählen, nicht ${cards.length}.`,
      `${what.en}: pick exactly ${count} card${count === 1 ? "" : "s"}, not ${cards.length}.`,
    );
  }
  return null;
}

function unknownCard(state: State, c: unknown): RuleError {
  const shown = typeof c === "string" ? c : JSON.stringify(c);
  return ruleError(
    "UNKNOWN_CARD",
    `„${shown}“ ist keine Karte dieses Spiels (${state.options.ruleset}).`,
    `"${shown}" is not a card of this game (${state.options.ruleset}).`,
  );
}

function notInHand(c: Card): RuleError {
  return ruleError("NOT_IN_HAND", `Die Karte ${c} hast du nicht auf der Hand.`, `You do not hold ${c}.`);
}

/** Who wins a complete trick, which effect the elixir had, and whether pride stole a trick. */
export function resolveTrick(
  ranking: readonly Suit[],
  lead: { seat: Seat; card: Card },
  follow: { seat: Seat; card: Card },
  tricks: readonly [number, number],
): { winner: Seat; effect: Effect | null; stolen: boolean } {
  const a = card(lead.card);
  const b = card(follow.card);
  const effect = effectOf(lead.card, follow.card);
  let leadWins: boolean;
  if (a.suit !== null && b.suit !== null) {
    // Same suit: the higher value; different suits: the higher-ranked suit (both are placed by now).
    leadWins = a.suit === b.suit ? a.value > b.value : ranking.indexOf(a.suit) > ranking.indexOf(b.suit);
  } else {
    // With an elixir the higher number wins: n+ beats n and loses to n+1.
    leadWins = a.strength > b.strength;
  }
  const winner = leadWins ? lead.seat : follow.seat;
  const stolen = effect === "pride" && tricks[other(winner)] > 0;
  return { winner, effect, stolen };
}

/** The events after the round's last trick: the mirror moves, then the next round, the game's end, or the match's. */
function endOfRound(s: State): Event[] {
  const moved = Math.abs(s.tricks[0] - s.tricks[1]);
  const mirror = s.mirror + moved;
  const out: Event[] = [{ type: "roundEnded", v, tricks: [s.tricks[0], s.tricks[1]], moved, mirror }];
  if (mirror < 10 && s.round < 3) {
    out.push(roundDealt(s, s.game, (s.round + 1) as 2 | 3, mirror));
    return out;
  }
  out.push({ type: "gameEnded", v, game: s.game, winner: mirror >= 10 ? "maske" : "conte" });
  if (s.options.variant === "profi") {
    if (s.game === 1) out.push(roundDealt(s, 2, 1, 0));
    else out.push(matchEnded(s.results[0]!, { mirror, rounds: s.round }));
  }
  return out;
}

/** Profi: each seat scores the fields the mirror moved while it was the Maske (at most 10); ties at 10 go to fewer rounds. */
function matchEnded(first: { mirror: number; rounds: number }, second: { mirror: number; rounds: number }): Event {
  // Seat 1 is the Maske of game 1, seat 0 of game 2.
  const scores: [number, number] = [Math.min(10, second.mirror), Math.min(10, first.mirror)];
  let winner: Seat | null = null;
  if (scores[0] !== scores[1]) winner = scores[0] > scores[1] ? 0 : 1;
  else if (scores[0] === 10 && first.rounds !== second.rounds) winner = second.rounds < first.rounds ? 0 : 1;
  return { type: "matchEnded", v, scores, winner, draw: winner === null };
}

/** The Profi scores so far: each seat's fields as Maske, the running game's mirror included. */
export function matchScores(state: State): [number, number] {
  const first = state.results[0]?.mirror ?? (state.game === 1 ? state.mirror : 0);
  const second = state.game === 2 ? state.mirror : 0;
  return [Math.min(10, second), Math.min(10, first)];
}

function decidePick(state: State, seat: Seat, command: { cards?: unknown }, kind: "exchange" | "swap"): Decision {
  const what = kind === "exchange" ? { de: "Tausch", en: "Exchange" } : { de: "Gier-Tausch", en: "Greed swap" };
  if (state.phase !== kind) return wrongPhase(state, kind === "exchange" ? { de: "Jetzt wird nicht getauscht", en: "There is no exchange now" } : { de: "Jetzt gibt es keinen Gier-Tausch", en: "There is no greed swap now" });
  if (state.picks[seat] !== null) return { ok: false, error: ruleError("ALREADY_SUBMITTED", `${what.de}: Du hast deine Karten schon gewählt.`, `${what.en}: you have already picked your cards.`) };
  const error = checkPick(state, seat, command.cards, pickCount(state), what);
  if (error) return { ok: false, error };
  const cards = (command.cards as Card[]).slice();
  if (kind === "exchange" && state.hands[seat].filter(isElixir).length >= 2 && !cards.some(isElixir)) {
    return {
      ok: false,
      error: ruleError(
        "ELIXIR_REQUIRED",
        "Tausch: Wer zwei oder mehr Elixiere hält, muss mindestens ein Elixier abgeben.",
        "Exchange: holding two or more elixirs, you must give at least one elixir.",
      ),
    };
  }
  const events: Event[] = [kind === "exchange" ? { type: "exchangeSubmitted", v, seat, cards } : { type: "swapSubmitted", v, seat, cards }];
  const theirs = state.picks[other(seat)];
  if (theirs !== null) {
    const both: [Card[], Card[]] = seat === 0 ? [cards, theirs.slice()] : [theirs.slice(), cards];
    events.push(kind === "exchange" ? { type: "exchangeCompleted", v, cards: both } : { type: "swapCompleted", v, cards: both });
  }
  return { ok: true, events };
}

function wrongPhase(state: State, what: { de: string; en: string }): Decision {
  const phase = { exchange: ["getauscht", "the exchange"], swap: ["der Gier-Tausch gewählt", "the greed swap"], play: ["gespielt", "play"], setup: ["nichts", "nothing"], over: ["nichts", "nothing"] }[state.phase];
  return { ok: false, error: ruleError("WRONG_PHASE", `${what.de}: jetzt wird ${phase[0]}.`, `${what.en}: the game is at ${phase[1]}.`) };
}

function decidePlay(state: State, seat: Seat, command: { card?: unknown; suit?: unknown }): Decision {
  if (state.phase !== "play") return wrongPhase(state, { de: "Jetzt wird keine Karte gespielt", en: "No card can be played now" });
  if (turnOf(state) !== seat) return { ok: false, error: ruleError("NOT_YOUR_TURN", "Du bist nicht am Zug.", "It is not your turn.") };
  const c = command.card;
  if (!isCard(state.options.ruleset, c)) return { ok: false, error: unknownCard(state, c) };
  if (!state.hands[seat].includes(c)) return { ok: false, error: notInHand(c) };
  const leading = state.trick.length === 0;
  const hasSuit = command.suit !== undefined && command.suit !== null;
  if (leading && isElixir(c)) {
    if (!hasSuit) return { ok: false, error: ruleError("SUIT_REQUIRED", "Wer ein Elixier ausspielt, muss eine Farbe ansagen (P, D oder G).", "Leading an elixir, you must name a suit (P, D or G).") };
    if (!isSuit(command.suit)) return { ok: false, error: ruleError("UNKNOWN_SUIT", `„${String(command.suit)}“ ist keine Farbe: P (Pfau), D (Dukaten) oder G (Glut).`, `"${String(command.suit)}" is not a suit: P (Pfau), D (Dukaten) or G (Glut).`) };
  } else if (hasSuit) {
    return { ok: false, error: ruleError("SUIT_NOT_ALLOWED", "Eine Farbe wird nur angesagt, wenn man ein Elixier ausspielt.", "A suit is named only when leading an elixir.") };
  }
  if (!leading && !legalCards(state, seat).includes(c)) return { ok: false, error: followError(state) };

  const played: Event = leading && isElixir(c) ? { type: "cardPlayed", v, seat, card: c, suit: command.suit as Suit } : { type: "cardPlayed", v, seat, card: c };
  if (leading) return { ok: true, events: [played] };

  // Complete the trick on a scratch copy: placing the follow card may rank its suit before the comparison.
  const s = applyInPlace(cloneState(state), played);
  const lead = s.trick[0]!;
  const follow = s.trick[1]!;
  const { winner, effect, stolen } = resolveTrick(s.ranking, lead, follow, s.tricks);
  const taken: Event = { type: "trickTaken", v, winner, ...(effect ? { effect } : {}), ...(stolen ? { stolen: true as const } : {}) };
  applyInPlace(s, taken);
  const events: Event[] = [played, taken];
  if (s.hands[0].length === 0 && s.hands[1].length === 0) events.push(...endOfRound(s));
  return { ok: true, events };
}

function followError(state: State): RuleError {
  const lead = state.trick[0]!;
  const leadSuit = card(lead.card).suit;
  if (leadSuit === null) {
    const n = SUIT_NAMES[state.options.ruleset][state.namedSuit as Suit];
    return ruleError("MUST_FOLLOW_NAMED_SUIT", `Angesagt ist ${n.de}: Du musst ${n.de} bedienen; ein Elixier zählt nicht.`, `${n.en} was named: you must follow it; an elixir does not count.`);
  }
  const n = SUIT_NAMES[state.options.ruleset][leadSuit];
  const holdsSuit = state.hands[other(lead.seat)].some((c) => card(c).suit === leadSuit);
  if (holdsSuit) return ruleError("MUST_FOLLOW_SUIT", `Ausgespielt ist ${n.de}: Du musst ${n.de} bedienen oder ein Elixier spielen.`, `${n.en} was led: follow suit or play an elixir.`);
  return ruleError("MUST_PLAY_ELIXIR", `Ausgespielt ist ${n.de} und du hast keine: In Zwiegespalten musst du dann ein Elixier spielen.`, `${n.en} was led and you have none: in Zwiegespalten you must then play an elixir.`);
}

/** decide(state, seat, command, now): the events a command causes, or why it is refused. `now` is the command's time (ms). */
export function decide(state: State, seat: unknown, command: unknown, now: number): Decision {
  void now; // time enters as data for the room's clocks; the rules themselves do not depend on it
  if (seat !== 0 && seat !== 1) return { ok: false, error: ruleError("INVALID_SEAT", "Es gibt nur die Plätze 0 (Conte) und 1 (Maske).", "There are only seats 0 (Conte) and 1 (Maske).") };
  if (typeof command !== "object" || command === null) return badCommand();
  if (state.phase === "over" || state.phase === "setup") {
    return { ok: false, error: ruleError("GAME_OVER", state.phase === "over" ? "Das Spiel ist vorbei." : "Das Spiel hat noch nicht begonnen.", state.phase === "over" ? "The game is over." : "The game has not started.") };
  }
  const cmd = command as { type?: unknown };
  switch (cmd.type) {
    case "exchange":
      return decidePick(state, seat, cmd as { cards?: unknown }, "exchange");
    case "swap":
      return decidePick(state, seat, cmd as { cards?: unknown }, "swap");
    case "play":
      return decidePlay(state, seat, cmd as { card?: unknown; suit?: unknown });
    default:
      return badCommand();
  }
}

function badCommand(): Decision {
  return { ok: false, error: ruleError("BAD_COMMAND", "Unbekannter Befehl: erwartet wird exchange, play oder swap.", "Unknown command: expected exchange, play or swap.") };
}

export type { Command };
