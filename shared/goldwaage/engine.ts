// decide(): checks a command against the rules and returns the events it causes, or a typed rule error.
import { card, DECK, isCard, type Card } from "./cards.js";
import { ruleError, type RuleError } from "./errors.js";
import { EVENT_VERSION as v, LEVELS, VARIANTS, type Command, type Deal, type Event, type Options, type Pan, type Players, type Seat } from "./events.js";
import { rng, shuffle, type Seed } from "../rng.js";
import { subsets } from "../util.js";
import {
  applyInPlace,
  cardsPerHand,
  choosesOpenCards,
  cloneState,
  emptyState,
  limitFor,
  nextSeat,
  openCount,
  otherPan,
  sumOf,
  type PanCard,
  type State,
} from "./state.js";

export type Decision = { readonly ok: true; readonly events: Event[] } | { readonly ok: false; readonly error: RuleError };

/** Checks options: 2–4 players, a level, known variants without repeats; Profi (nothing open) cannot be combined with a variant that opens cards. */
export function validateOptions(raw: unknown): string | null {
  if (typeof raw !== "object" || raw === null) return "options must be an object";
  const o = raw as Partial<Record<keyof Options, unknown>>;
  if (o.players !== 2 && o.players !== 3 && o.players !== 4) return "players must be 2, 3 or 4";
  if (!LEVELS.includes(o.level as never)) return `level must be one of ${LEVELS.join(", ")}`;
  if (!Array.isArray(o.variants)) return "variants must be a list";
  for (const x of o.variants) if (!VARIANTS.includes(x as never)) return `unknown variant ${JSON.stringify(x)} (known: ${VARIANTS.join(", ")})`;
  if (new Set(o.variants).size !== o.variants.length) return "a variant is named twice";
  if (o.level === "profi" && (o.variants.includes("offene-haende") || o.variants.includes("zwei-offene-karten"))) {
    return "Profi keeps every card hidden: it cannot be combined with offene-haende or zwei-offene-karten";
  }
  return null;
}

/** Checks explicit deals: at most four, each 12 distinct cards in `players` hands of 12/players, no card in two deals, a valid starter. */
export function validateDeals(options: Options, deals: readonly unknown[]): string | null {
  if (deals.length > 4) return `at most 4 deals (one per round), got ${deals.length}`;
  const seen = new Set<string>();
  for (const [i, d] of deals.entries()) {
    if (d === null) continue;
    if (typeof d !== "object") return `deal ${i}: a deal must be an object with hands`;
    const { hands, starter } = d as { hands?: unknown; starter?: unknown };
    if (!Array.isArray(hands) || hands.length !== options.players) return `deal ${i}: hands must list ${options.players} hands`;
    for (const h of hands) {
      if (!Array.isArray(h) || h.length !== cardsPerHand(options.players)) return `deal ${i}: each hand holds exactly ${cardsPerHand(options.players)} cards`;
      for (const c of h) {
        if (!isCard(c)) return `deal ${i}: ${JSON.stringify(c)} is not a Goldwaage card`;
        if (seen.has(c)) return `deal ${i}: ${c} is dealt twice`;
        seen.add(c);
      }
    }
    if (starter !== undefined && !(Number.isInteger(starter) && (starter as number) >= 0 && (starter as number) < options.players)) {
      return `deal ${i}: starter must be a seat 0–${options.players - 1}`;
    }
  }
  return null;
}

/** Round r's hands: the explicit deal if given; else the next 12 of the seeded shuffle of the cards no explicit deal uses. */
export function handsFor(state: Pick<State, "options" | "seed" | "deals">, round: 1 | 2 | 3 | 4): Card[][] {
  const n = state.options.players;
  const k = cardsPerHand(n);
  const explicit = state.deals[round - 1];
  if (explicit) return explicit.hands.map((h) => h.slice());
  const used = new Set(state.deals.flatMap((d) => (d ? d.hands.flat() : [])));
  const rest = shuffle(
    DECK.filter((c) => !used.has(c)),
    rng(state.seed, "goldwaage", "deal"),
  );
  let slot = 0;
  for (let r = 1; r < round; r++) if (!state.deals[r - 1]) slot++;
  const cards = rest.slice(12 * slot, 12 * slot + 12);
  return Array.from({ length: n }, (_, s) => cards.slice(s * k, s * k + k));
}

function roundDealt(state: Pick<State, "options" | "seed" | "deals" | "starter">, round: 1 | 2 | 3 | 4): Event {
  const explicit = state.deals[round - 1]?.starter;
  const starter = explicit ?? (round === 1 ? 0 : nextSeat(state.starter, state.options.players));
  return { type: "roundDealt", v, round, limit: limitFor(state.options, round), starter, hands: handsFor(state, round) };
}

/** The opening events of a new game: the options with the secret seed (and explicit deals), then round 1's deal. Validate options and deals first. */
export function newGame(options: Options, seed: Seed, deals?: ReadonlyArray<Deal | null>): Event[] {
  const opts: Options = { players: options.players, level: options.level, variants: options.variants.slice() };
  const created: Event = deals && deals.length > 0 ? { type: "gameCreated", v, options: opts, seed, deals } : { type: "gameCreated", v, options: opts, seed };
  const s = applyInPlace(emptyState(), created);
  return [created, roundDealt(s, 1)];
}

/** What a card does: the pan it goes to or acts on (null: nothing happens) and the weight of a number or Ace there. */
export interface Effect {
  readonly pan: Pan | null;
  readonly weight?: number;
}

/** The weight of an Ace put on `pan`: the difference in the strictly lighter pan (a counterweight), else 1. */
export function aceWeight(pans: State["pans"], pan: Pan): number {
  const mine = sumOf(pans[pan]);
  const theirs = sumOf(pans[otherPan(pan)]);
  return mine < theirs ? theirs - mine : 1;
}

/** The pans a card may name now: both for a number or Ace; for a Jack or Queen each pan holding cards (none on an empty scale). */
export function pansFor(pans: State["pans"], c: Card): Pan[] {
  const kind = card(c).kind;
  if (kind === "number" || kind === "ace") return ["left", "right"];
  return (["left", "right"] as const).filter((p) => pans[p].length > 0);
}

function err(code: RuleError["code"], de: string, en: string): Decision {
  return { ok: false, error: ruleError(code, de, en) };
}

/** Checks a set of open cards: a list of distinct known cards, all in `hand`, exactly `count` of them. */
function checkOpenSet(cards: unknown, hand: readonly Card[], count: number): RuleError | null {
  if (!Array.isArray(cards)) return ruleError("BAD_COMMAND", "„show“ bzw. „cards“ muss eine Liste von Karten sein.", '"show" or "cards" must be a list of cards.');
  for (const c of cards) if (!isCard(c)) return unknownCard(c);
  if (new Set(cards).size !== cards.length) return ruleError("DUPLICATE_CARD", "Jede offene Karte darf nur einmal genannt werden.", "Each open card may be named only once.");
  for (const c of cards as Card[]) {
    if (!hand.includes(c)) return ruleError("NOT_IN_HAND", `Offene Karte ${c}: Die hast du nicht (mehr) auf der Hand.`, `Open card ${c}: you do not hold it (any more).`);
  }
  if (cards.length !== count) {
    return ruleError(
      "WRONG_OPEN_COUNT",
      `Du musst genau ${count} ${count === 1 ? "Karte" : "Karten"} offen zeigen, nicht ${cards.length}.`,
      `You must show exactly ${count} open card${count === 1 ? "" : "s"}, not ${cards.length}.`,
    );
  }
  return null;
}

function unknownCard(c: unknown): RuleError {
  const shown = typeof c === "string" ? c : JSON.stringify(c);
  return ruleError("UNKNOWN_CARD", `„${shown}“ ist keine Karte von Goldwaage (z. B. 7C, 10H, AS, JD, QC).`, `"${shown}" is not a Goldwaage card (e.g. 7C, 10H, AS, JD, QC).`);
}

function showNotAllowed(state: State): Decision {
  return state.options.level === "profi"
    ? err("SHOW_NOT_ALLOWED", "Auf der Stufe Profi bleiben alle Karten verdeckt: Es wird nichts gezeigt.", "On Profi every card stays hidden: nothing is shown.")
    : err("SHOW_NOT_ALLOWED", "Bei offenen Händen liegen alle Karten offen: Es gibt nichts zu wählen.", "With open hands every card is open: there is nothing to choose.");
}

function decideShow(state: State, seat: Seat, command: { cards?: unknown }): Decision {
  if (!choosesOpenCards(state.options)) return showNotAllowed(state);
  if (state.phase !== "show") {
    return err("WRONG_PHASE", "Offene Karten wählt man zu Beginn der Runde; danach tauscht man sie mit „show“ beim Ausspielen.", "Open cards are chosen at the round start; later they change with the play's \"show\".");
  }
  if (state.shown[seat]) return err("ALREADY_SHOWN", "Du hast deine offenen Karten für diese Runde schon gewählt.", "You have already chosen your open cards for this round.");
  const hand = state.hands[seat]!;
  const error = checkOpenSet(command.cards, hand, openCount(state.options, hand.length));
  if (error) return { ok: false, error };
  return { ok: true, events: [{ type: "cardsShown", v, seat, cards: (command.cards as Card[]).slice() }] };
}

/** The card's effect on the scale, or why the named pan is refused. */
function effectOf(state: State, c: Card, pan: unknown): Effect | RuleError {
  if (pan !== undefined && pan !== null && pan !== "left" && pan !== "right") {
    return ruleError("UNKNOWN_PAN", `„${String(pan)}“ ist keine Schale: „left“ oder „right“.`, `"${String(pan)}" is not a pan: "left" or "right".`);
  }
  const kind = card(c).kind;
  const p = (pan ?? null) as Pan | null;
  const emptyScale = state.pans.left.length === 0 && state.pans.right.length === 0;
  if (kind === "number" || kind === "ace") {
    if (p === null) return ruleError("MISSING_PAN", `Sag, in welche Schale ${c} kommt: „pan“: „left“ oder „right“.`, `Say which pan ${c} goes to: "pan": "left" or "right".`);
    return { pan: p, weight: kind === "ace" ? aceWeight(state.pans, p) : card(c).weight };
  }
  if (emptyScale) return { pan: null };
  const what = kind === "jack" ? { de: "Bube", en: "Jack" } : { de: "Dame", en: "Queen" };
  if (p === null) return ruleError("MISSING_PAN", `Sag, auf welche Schale der ${what.de} wirkt: „pan“: „left“ oder „right“.`, `Say which pan the ${what.en} acts on: "pan": "left" or "right".`);
  if (state.pans[p].length === 0) {
    return ruleError("EMPTY_PAN", `Die ${p === "left" ? "linke" : "rechte"} Schale ist leer: Der ${what.de} wirkt auf eine Schale mit Karten.`, `The ${p} pan is empty: the ${what.en} acts on a pan that holds cards.`);
  }
  return { pan: p };
}

function decidePlay(state: State, seat: Seat, command: { card?: unknown; pan?: unknown; show?: unknown }): Decision {
  if (state.phase !== "play") return err("WRONG_PHASE", "Erst wählen alle ihre offenen Karten („show“), dann wird gespielt.", 'First everyone chooses their open cards ("show"), then cards are played.');
  if (state.turn !== seat) return err("NOT_YOUR_TURN", `Du bist nicht am Zug: Platz ${state.turn} ist dran.`, `It is not your turn: seat ${state.turn} is to play.`);
  const c = command.card;
  if (!isCard(c)) return { ok: false, error: unknownCard(c) };
  const hand = state.hands[seat]!;
  if (!hand.includes(c)) return err("NOT_IN_HAND", `Die Karte ${c} hast du nicht auf der Hand.`, `You do not hold ${c}.`);
  const effect = effectOf(state, c, command.pan);
  if ("code" in effect) return { ok: false, error: effect };

  // The open cards after the play: a given set (a replacement or a swap), a forced one, or the remaining open cards.
  const rest = hand.filter((x) => x !== c);
  const need = openCount(state.options, rest.length);
  const keep = state.open[seat]!.filter((x) => x !== c);
  let shown: Card[] | null = null;
  if (command.show !== undefined) {
    if (!choosesOpenCards(state.options)) return showNotAllowed(state);
    const error = checkOpenSet(command.show, rest, need);
    if (error) return { ok: false, error };
    const next = command.show as Card[];
    if (next.length !== keep.length || next.some((x) => !keep.includes(x))) shown = next.slice();
  } else if (choosesOpenCards(state.options) && keep.length < need) {
    if (rest.length > need) {
      return err("SHOW_REQUIRED", `Du hast deine offene Karte gespielt: Zeig mit „show“ eine andere (${need} offen).`, `You played an open card: name the new open set with "show" (${need} open).`);
    }
    shown = rest.slice(); // the last card(s) are open anyway
  }

  const s = cloneState(state);
  const events: Event[] = [];
  const push = (e: Event) => {
    applyInPlace(s, e);
    events.push(e);
  };
  push(effect.weight === undefined ? { type: "cardPlayed", v, seat, card: c, pan: effect.pan } : { type: "cardPlayed", v, seat, card: c, pan: effect.pan, weight: effect.weight });
  // The check after every card (a Jack or Queen on an empty scale changes nothing and is not checked).
  if (effect.pan !== null) {
    const l = sumOf(s.pans.left);
    const r = sumOf(s.pans.right);
    if (l === r) push({ type: "scaleBalanced", v });
    else if (Math.abs(l - r) > s.limit) {
      const lifeLost = s.lives > 0;
      push({ type: "scaleTipped", v, difference: Math.abs(l - r), lifeLost });
      if (!lifeLost) {
        push({ type: "gameEnded", v, result: "lost" });
        return { ok: true, events };
      }
    }
  }
  if (shown) push({ type: "cardsShown", v, seat, cards: shown });
  if (s.hands.every((h) => h.length === 0)) {
    const unbalanced = s.pans.left.length + s.pans.right.length > 0;
    const lifeLost = unbalanced && s.lives > 0;
    push({ type: "roundEnded", v, round: s.round as 1 | 2 | 3 | 4, unbalanced, lifeLost });
    if (unbalanced && !lifeLost) push({ type: "gameEnded", v, result: "lost" });
    else if (s.round < 4) push(roundDealt(s, (s.round + 1) as 2 | 3 | 4));
    else push({ type: "gameEnded", v, result: "won" });
  }
  return { ok: true, events };
}

/** decide(state, seat, command, now): the events a command causes, or why it is refused. `now` is the command's time (ms). */
export function decide(state: State, seat: unknown, command: unknown, now: number): Decision {
  void now; // time enters as data for the room's clocks; the rules do not depend on it
  const n = state.options.players;
  if (!(typeof seat === "number" && Number.isInteger(seat) && seat >= 0 && seat < n)) {
    return err("INVALID_SEAT", `Es gibt nur die Plätze 0 bis ${n - 1}.`, `There are only seats 0 to ${n - 1}.`);
  }
  if (typeof command !== "object" || command === null) return badCommand();
  if (state.phase === "over" || state.phase === "setup") {
    return state.phase === "over" ? err("GAME_OVER", "Das Spiel ist vorbei.", "The game is over.") : err("GAME_OVER", "Das Spiel hat noch nicht begonnen.", "The game has not started.");
  }
  const cmd = command as { type?: unknown };
  switch (cmd.type) {
    case "show":
      return decideShow(state, seat as Seat, cmd as { cards?: unknown });
    case "play":
      return decidePlay(state, seat as Seat, cmd as { card?: unknown; pan?: unknown; show?: unknown });
    default:
      return badCommand();
  }
}

function badCommand(): Decision {
  return err("BAD_COMMAND", "Unbekannter Befehl: erwartet wird show oder play.", "Unknown command: expected show or play.");
}

export { subsets };

/** Every command `seat` may send now: each open set at the round start; each card with each pan and each choice of open cards. */
export function legalCommands(state: State, seat: Seat): Command[] {
  if (state.phase === "show") {
    if (state.shown[seat]) return [];
    const hand = state.hands[seat]!;
    return subsets(hand, openCount(state.options, hand.length)).map((cards) => ({ type: "show", cards }));
  }
  if (state.phase !== "play" || state.turn !== seat) return [];
  const out: Command[] = [];
  const hand = state.hands[seat]!;
  const choosing = choosesOpenCards(state.options);
  for (const c of hand) {
    const pans: Array<Pan | undefined> = pansFor(state.pans, c);
    if (pans.length === 0) pans.push(undefined);
    const rest = hand.filter((x) => x !== c);
    const need = openCount(state.options, rest.length);
    const keep = state.open[seat]!.filter((x) => x !== c);
    const required = choosing && keep.length < need && rest.length > need;
    const sets = choosing ? subsets(rest, need).filter((set) => set.length !== keep.length || set.some((x) => !keep.includes(x))) : [];
    for (const pan of pans) {
      const base = pan === undefined ? { type: "play" as const, card: c } : { type: "play" as const, card: c, pan };
      if (!required) out.push(base);
      for (const show of sets) out.push({ ...base, show });
    }
  }
  return out;
}

export type { Command, PanCard, Players };
