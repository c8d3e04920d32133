// The Goldwaage table's own reasoning, as pure functions of the seat's view: what a card would do (asked of the engine's
// decide, never re-derived), which buttons a card allows, each finished round replayed from the public record, and the
// open-hand solver's verdict on it. No DOM, no signals: tests/goldwaage/client-logic.test.ts drives them directly.
import { card as cardInfo, type Card } from "../../../shared/goldwaage/cards";
import { decide, pansFor } from "../../../shared/goldwaage/engine";
import type { Event, Options, Pan, Seat } from "../../../shared/goldwaage/events";
import { Solver, type Position } from "../../../shared/goldwaage/solver";
import { applyInPlace, cardsPerHand, choosesOpenCards, cloneState, limitFor, openCount, sumOf, type PanCard, type State } from "../../../shared/goldwaage/state";
import type { View } from "../../../shared/goldwaage/view";

export type Lang = "de" | "en";
type Text = { readonly de: string; readonly en: string };

/** Stands in for cards the seat cannot see: decide never looks at another seat's cards, only at how many there are. */
const HIDDEN = "?";

/**
 * A state the engine can judge one play on, built from a seat's view. Options say "nothing open" so that decide never
 * asks for a replacement open card: the outcome on the scale does not depend on open cards.
 */
function stateFor(v: View, seat: Seat): State {
  return {
    options: { players: v.players, level: "profi", variants: [] },
    seed: 0,
    deals: [],
    round: v.round as State["round"],
    limit: v.limit,
    phase: "play",
    // Lives only decide whether a loss ends the game; the preview reports the tip itself.
    lives: Math.max(v.lives, 1),
    livesLost: v.livesLost,
    livesLostByRound: [0, 0, 0, 0],
    starter: v.starter,
    turn: seat,
    hands: v.handSizes.map((n, s) => (s === seat && v.hand ? v.hand.slice() : Array.from({ length: n }, () => HIDDEN))),
    open: v.handSizes.map(() => []),
    shown: v.handSizes.map(() => true),
    wasOpen: v.handSizes.map(() => []),
    pans: { left: v.pans.left.slice(), right: v.pans.right.slice() },
    discard: [],
    played: [],
    result: null,
  };
}

/** What one play would do, as the engine decides it. */
export interface Preview {
  readonly card: Card;
  readonly pan: Pan | null;
  /** What a number or Ace would weigh there (an Ace as counterweight: the difference it closes). */
  readonly weight: number | null;
  readonly counterweight: boolean;
  /** The pans right after the card, before a balance or tip empties them. */
  readonly sums: readonly [number, number];
  readonly difference: number;
  readonly limit: number;
  /** balanced: the scale clears; tipped: a King turns; steady: next player; nothing: a Jack or Queen on an empty scale. */
  readonly outcome: "balanced" | "tipped" | "steady" | "nothing";
  /** It is the round's last card and cards would stay on the scale: a King turns at the round's end. */
  readonly endsUnbalanced: boolean;
}

/** The preview of `card` on `pan` (null: a Jack or Queen on an empty scale) for `seat`, or null when the engine refuses it. */
export function previewPlay(v: View, seat: Seat, card: Card, pan: Pan | null): Preview | null {
  const s = stateFor(v, seat);
  const d = decide(s, seat, pan === null ? { type: "play", card } : { type: "play", card, pan }, 0);
  if (!d.ok) return null;
  const played = d.events[0] as Extract<Event, { type: "cardPlayed" }>;
  const after = applyInPlace(cloneState(s), played);
  const sums: [number, number] = [sumOf(after.pans.left), sumOf(after.pans.right)];
  const has = (t: Event["type"]) => d.events.some((e) => e.type === t);
  const kind = cardInfo(card).kind;
  const outcome = played.pan === null ? "nothing" : has("scaleBalanced") ? "balanced" : has("scaleTipped") ? "tipped" : "steady";
  const ended = d.events.find((e): e is Extract<Event, { type: "roundEnded" }> => e.type === "roundEnded");
  return {
    card,
    pan: played.pan,
    weight: played.weight ?? null,
    // An Ace in the strictly lighter pan weighs the difference: it always balances.
    counterweight: kind === "ace" && played.pan !== null && v.sums[played.pan === "left" ? 0 : 1] < v.sums[played.pan === "left" ? 1 : 0],
    sums,
    difference: Math.abs(sums[0] - sums[1]),
    limit: v.limit,
    outcome,
    endsUnbalanced: ended?.unbalanced === true,
  };
}

/** The pans `card` may go to or act on now; empty: a Jack or Queen on an empty scale, which goes to the discard. */
export function pansAllowed(v: View, card: Card): Pan[] {
  return pansFor({ left: v.pans.left.slice(), right: v.pans.right.slice() }, card);
}

/** How many open cards the seat keeps after playing `card`, and whether it must choose them (a played open card to replace). */
export function openChoiceAfter(v: View, seat: Seat, card: Card): { need: number; keep: Card[]; required: boolean; possible: boolean } {
  const options = { level: v.level, variants: v.variants };
  const hand = v.hand ?? [];
  const rest = hand.filter((c) => c !== card);
  const need = openCount(options, rest.length);
  const keep = (v.open[seat] ?? []).filter((c) => c !== card);
  const choosing = choosesOpenCards(options);
  // A swap makes sense only when some other card could be open instead.
  return { need, keep, required: choosing && keep.length < need && rest.length > need, possible: choosing && rest.length > need };
}

/** A suit's sign: ♣ ♦ ♥ ♠. */
export const SUIT_SIGN: Readonly<Record<string, string>> = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function cardName(id: Card, lang: Lang): string {
  const c = cardInfo(id);
  const suit = SUIT_SIGN[c.suit];
  const rank = c.rank === "J" ? (lang === "de" ? "B" : "J") : c.rank === "Q" ? (lang === "de" ? "D" : "Q") : c.rank;
  return `${rank}${suit}`;
}

/** The card's name read aloud: "Kreuz 7", "Herz Bube". */
export function spokenCard(id: Card, lang: Lang): string {
  const c = cardInfo(id);
  const suit = lang === "de" ? { C: "Kreuz", D: "Karo", H: "Herz", S: "Pik" }[c.suit] : { C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[c.suit];
  const rank = { A: lang === "de" ? "Ass" : "ace", J: lang === "de" ? "Bube" : "jack", Q: lang === "de" ? "Dame" : "queen" }[c.rank as "A" | "J" | "Q"] ?? c.rank;
  return lang === "de" ? `${suit} ${rank}` : `${rank} of ${suit}`;
}

/**
 * Where a card was played, in the words of every line that tells a play (the feed, the round sheet, the replay): "auf die
 * rechte Schale", "on the right pan" — one wording for every card, a number card's as a Jack's or Queen's (a player pass
 * read "Kreuz 7 rechts" beside "Herz Bube auf die rechte Schale"); null: the empty scale.
 */
export function panPlace(pan: Pan | null, lang: Lang): string {
  if (pan === null) return lang === "de" ? "auf die leere Waage" : "on the empty scale";
  return lang === "de" ? `auf die ${pan === "left" ? "linke" : "rechte"} Schale` : `on the ${pan} pan`;
}

/**
 * What a Jack or a Queen played on `pan` does to it, after the pan's words (" – ihre oberste Karte wandert auf die linke
 * Schale"); "" for any other card. "Dame auf die linke Schale" alone read as if the Queen lay there (a player pass).
 */
export function panEffect(card: Card, pan: Pan | null, lang: Lang, top?: { readonly card: Card; readonly weight: number }): string {
  const rank = cardInfo(card).rank;
  if (pan === null || (rank !== "J" && rank !== "Q")) return "";
  const de = lang === "de";
  // The top card by name where the teller knows it (the feed follows the pans): a fresh-eyes pass could not tell from
  // the log which card went ("ihre oberste Karte"). An Ace with the weight it has there.
  const named = top ? `, ${spokenCard(top.card, lang)}${cardInfo(top.card).rank === "A" ? ` (${top.weight})` : ""},` : "";
  if (rank === "Q") return de ? ` – ihre oberste Karte${named} geht mit der Dame weg` : ` – its top card${named} goes with the queen`;
  const other: Pan = pan === "left" ? "right" : "left";
  return de ? ` – ihre oberste Karte${named} wandert ${panPlace(other, lang)}` : ` – its top card${named} moves to the ${other} pan`;
}

/** The feed's line for a card played: "Du: Kreuz 7 auf die rechte Schale", an Ace with its weight, a Jack or Queen with what it does, the empty scale's "tut nichts". */
export function playedLine(who: string, card: Card, pan: Pan | null, weight: number | undefined, lang: Lang, top?: { readonly card: Card; readonly weight: number }): string {
  const de = lang === "de";
  if (pan === null) return `${who}: ${spokenCard(card, lang)} ${panPlace(null, lang)} – ${de ? "tut nichts" : "does nothing"}`;
  const ace = cardInfo(card).rank === "A" ? (de ? `, wiegt ${weight}` : `, weighs ${weight}`) : "";
  return `${who}: ${spokenCard(card, lang)} ${panPlace(pan, lang)}${ace}${panEffect(card, pan, lang, top)}`;
}

/** The line shown (and spoken) before a play: what it does to the scale, with the warning when it tips. */
export function previewText(p: Preview, lang: Lang): string {
  return previewParts(p, lang).join("");
}

/**
 * The preview in two parts: what the play does, and the limit's reminder (" (Grenze 8, noch 4 Luft)", or "") that a
 * phone in landscape leaves out of the pans' buttons (the limit stands at the scale beside them).
 */
export function previewParts(p: Preview, lang: Lang): [string, string] {
  const [main, reminder] = previewWords(p, lang);
  // A Jack's or Queen's button says first what it does to that pan: "← Links" moved the left pan's top card to the
  // right, which only the sums told (a player pass).
  const rank = cardInfo(p.card).rank;
  if (p.pan === null || (rank !== "J" && rank !== "Q")) return [main, reminder];
  const de = lang === "de";
  const lead = rank === "Q" ? (de ? "oberste Karte weg: " : "top card off: ") : de ? `oberste Karte nach ${p.pan === "left" ? "rechts" : "links"}: ` : `top card to the ${p.pan === "left" ? "right" : "left"}: `;
  return [lead + main, reminder];
}

function previewWords(p: Preview, lang: Lang): [string, string] {
  const de = lang === "de";
  const [l, r] = p.sums;
  if (p.outcome === "nothing") return [de ? "tut nichts: leere Waage, die Karte geht auf den Ablagestapel" : "does nothing: the scale is empty, so the card goes to the discard pile", ""];
  if (p.outcome === "tipped") return [de ? `kippt: Unterschied ${p.difference} > Grenze ${p.limit}` : `tips: difference ${p.difference} > limit ${p.limit}`, ""];
  if (p.outcome === "balanced") {
    if (p.counterweight) return [de ? `Gegengewicht: das Ass wiegt ${p.weight}, ${l} zu ${r} – Gleichgewicht` : `counterweight: the ace weighs ${p.weight}, ${l} to ${r} – balanced`, ""];
    return [de ? `${l} zu ${r} – Gleichgewicht` : `${l} to ${r} – balanced`, ""];
  }
  const room = p.limit - p.difference;
  const base = de ? `${l} zu ${r}, Unterschied ${p.difference}` : `${l} to ${r}, difference ${p.difference}`;
  const reminder = de ? ` (Grenze ${p.limit}, noch ${room} Luft)` : ` (limit ${p.limit}, ${room} to spare)`;
  // The last card's warning follows the reminder and is never left out.
  if (p.endsUnbalanced) return [base + reminder + (de ? " – letzte Karte: die Waage bleibt ungleich, ein König wird umgedreht" : " – last card: the scale stays unbalanced, a King is turned"), ""];
  return [base, reminder];
}

/**
 * A pan button's title for the chosen card: "← Links" / "Rechts →", but for a Jack the way its pan's top card goes,
 * "Links → rechts" / "links ← Rechts" (the capital names the pan it acts on): "← Links" pointed left while the card moved
 * right (a player pass).
 */
export function putTitle(pan: Pan, chosen: Card | null, lang: Lang): string {
  const de = lang === "de";
  if (chosen !== null && cardInfo(chosen).kind === "jack") return pan === "left" ? (de ? "Links → rechts" : "Left → right") : de ? "links ← Rechts" : "left ← Right";
  return pan === "left" ? (de ? "← Links" : "← Left") : de ? "Rechts →" : "Right →";
}

/** A short name of a play for buttons: "links: 7 zu 4". */
export function putLabel(pan: Pan, lang: Lang): string {
  return lang === "de" ? (pan === "left" ? "Linke Schale" : "Rechte Schale") : pan === "left" ? "Left pan" : "Right pan";
}

// ---- Finished rounds: replayed from the public record of played cards ----

export interface PlayedStep {
  readonly seat: Seat;
  readonly card: Card;
  readonly pan: Pan | null;
  readonly sums: readonly [number, number];
  readonly outcome: Preview["outcome"];
  readonly difference: number;
}

export type Loss = { readonly kind: "tipped"; readonly seat: Seat; readonly card: Card; readonly difference: number } | { readonly kind: "unbalanced" };

export interface RoundReport {
  readonly round: number;
  readonly limit: number;
  readonly starter: Seat;
  /** Each seat's cards of this round, as dealt (known once all are played). */
  readonly hands: Card[][];
  readonly steps: PlayedStep[];
  readonly losses: Loss[];
  /** All 12 cards were played (a game lost mid-round leaves its round incomplete). */
  readonly complete: boolean;
  /** The scale as the round's last card left it, before the round's end cleared it (null: the round did not end). */
  readonly endPans: { readonly left: readonly PanCard[]; readonly right: readonly PanCard[] } | null;
}

/** Plays `plays` through the engine on an empty scale from `hands`: the steps and the lives they cost. */
function replay(players: Options["players"], limit: number, hands: Card[][], starter: Seat, plays: ReadonlyArray<{ seat: Seat; card: Card; pan: Pan | null }>): { steps: PlayedStep[]; losses: Loss[]; state: State; endPans: RoundReport["endPans"] } {
  let s: State = {
    options: { players, level: "profi", variants: [] },
    seed: 0,
    deals: [],
    round: 1,
    limit,
    phase: "play",
    lives: 99,
    livesLost: 0,
    livesLostByRound: [0, 0, 0, 0],
    starter,
    turn: starter,
    hands: hands.map((h) => h.slice()),
    open: hands.map(() => []),
    shown: hands.map(() => true),
    wasOpen: hands.map(() => []),
    pans: { left: [], right: [] },
    discard: [],
    played: [],
    result: null,
  };
  const steps: PlayedStep[] = [];
  const losses: Loss[] = [];
  let endPans: RoundReport["endPans"] = null;
  for (const p of plays) {
    const d = decide(s, p.seat, p.pan === null ? { type: "play", card: p.card } : { type: "play", card: p.card, pan: p.pan }, 0);
    if (!d.ok) break;
    let sums: [number, number] = [0, 0];
    let outcome: Preview["outcome"] = p.pan === null ? "nothing" : "steady";
    let difference = 0;
    for (const e of d.events) {
      if (e.type === "roundDealt" || e.type === "gameEnded") break;
      // The live table is already dealt anew when the round table opens: keep what the last card left on the scale.
      if (e.type === "roundEnded") endPans = { left: s.pans.left.slice(), right: s.pans.right.slice() };
      s = applyInPlace(s, e);
      if (e.type === "cardPlayed") {
        sums = [sumOf(s.pans.left), sumOf(s.pans.right)];
        difference = Math.abs(sums[0] - sums[1]);
      }
      if (e.type === "scaleBalanced") outcome = "balanced";
      if (e.type === "scaleTipped") {
        outcome = "tipped";
        losses.push({ kind: "tipped", seat: p.seat, card: p.card, difference: e.difference });
      }
      if (e.type === "roundEnded" && e.unbalanced) losses.push({ kind: "unbalanced" });
    }
    steps.push({ seat: p.seat, card: p.card, pan: p.pan, sums, outcome, difference });
  }
  return { steps, losses, state: s, endPans };
}

/** Every round of the game so far whose cards have been played (all of them when the game is over), from the view's record. */
export function roundReports(v: Pick<View, "played" | "players" | "variants" | "round" | "phase">): RoundReport[] {
  const out: RoundReport[] = [];
  const last = v.phase === "over" ? v.round : v.round - 1;
  for (let r = 1; r <= last; r++) {
    const plays = v.played.filter((p) => p.round === r);
    if (plays.length === 0) continue;
    const starter = plays[0]!.seat;
    const hands: Card[][] = Array.from({ length: v.players }, (_, s) => plays.filter((p) => p.seat === s).map((p) => p.card));
    const limit = limitFor({ players: v.players, variants: v.variants }, r);
    const { steps, losses, endPans } = replay(v.players, limit, hands, starter, plays);
    const complete = plays.length === 12 && hands.every((h) => h.length === cardsPerHand(v.players));
    // The replay has lives to spare and only the cards played as hands: a round the game ended early "ends" there too.
    out.push({ round: r, limit, starter, hands, steps, losses, complete, endPans: complete ? endPans : null });
  }
  return out;
}

/** The scale at a round's end in words: "empty", or each pan's cards (an Ace with the weight it had there) and sum. */
export function endScaleText(end: NonNullable<RoundReport["endPans"]>, lang: Lang): string {
  const de = lang === "de";
  if (end.left.length + end.right.length === 0) return de ? "Am Ende war die Waage leer." : "At the end the scale was empty.";
  const pan = (cards: readonly PanCard[]) =>
    cards.length === 0 ? (de ? "leer" : "empty") : `${cards.map((c) => (cardInfo(c.card).kind === "ace" ? `${cardName(c.card, lang)} (= ${c.weight})` : cardName(c.card, lang))).join(" ")} = ${sumOf(cards)}`;
  const d = Math.abs(sumOf(end.left) - sumOf(end.right));
  return de ? `Am Ende lag auf der Waage: links ${pan(end.left)}, rechts ${pan(end.right)} – Unterschied ${d}.` : `At the end the scale held: left ${pan(end.left)}, right ${pan(end.right)} – difference ${d}.`;
}

export interface Verdict {
  readonly clearable: boolean;
  /** The fewest lives perfect play with open hands must lose in this round. */
  readonly minLoss: number;
  /** Unclearable by parity alone: no Queen and no Ace, and the number cards add up to an odd total. */
  readonly parity: boolean;
}

/** The open-hand solver on a whole round from its deal: could it have been played without losing a life? */
export function roundVerdict(hands: ReadonlyArray<readonly Card[]>, starter: Seat, limit: number): Verdict {
  const pos: Position = { limit, turn: starter, hands, left: [], right: [] };
  const solver = new Solver(pos);
  const clearable = solver.clearable();
  const all = hands.flat().map((c) => cardInfo(c));
  const parity = !all.some((c) => c.kind === "ace" || c.kind === "queen") && all.reduce((t, c) => t + (c.kind === "number" ? c.weight : 0), 0) % 2 === 1;
  return { clearable, minLoss: clearable ? 0 : solver.minLoss(), parity };
}

/** `solved`: the team played the round through without losing a life ("Diese Runde war lösbar" read as a reproach there). */
export function verdictText(v: Verdict, lang: Lang, solved = false): string {
  const de = lang === "de";
  if (v.clearable && solved) return de ? "Geschafft: Diese Runde war lösbar, und ihr habt sie gelöst." : "Done: this round could be cleared, and you cleared it.";
  if (v.clearable) return de ? "Diese Runde war lösbar" : "This round could be cleared";
  if (v.parity) return de ? "nicht lösbar: keine Dame und kein Ass, ungerade Summe" : "not clearable: no Queen and no Ace, odd total";
  const n = v.minLoss;
  return de ? `nicht lösbar: jede Spielweise kostet mindestens ${n} ${n === 1 ? "Leben" : "Leben"}` : `not clearable: every way of playing costs at least ${n} ${n === 1 ? "life" : "lives"}`;
}

/** One line that clears the round, card by card (from the solver's move values), or null when none exists. */
export function clearingLine(hands: ReadonlyArray<readonly Card[]>, starter: Seat, limit: number): PlayedStep[] | null {
  const players = hands.length as Options["players"];
  const plays: Array<{ seat: Seat; card: Card; pan: Pan | null }> = [];
  let { state } = replay(players, limit, hands.map((h) => h.slice()), starter, []);
  for (let i = 0; i < 12 && state.hands.some((h) => h.length > 0); i++) {
    const pos: Position = { limit, turn: state.turn, hands: state.hands, left: state.pans.left.map((p) => p.weight), right: state.pans.right.map((p) => p.weight) };
    const move = new Solver(pos).moveValues(0).find((m) => m.loss === 0);
    if (!move) return null;
    // The solver tries one pan of an empty scale; a Jack or Queen on it names none.
    const kind = cardInfo(move.card).kind;
    const empty = state.pans.left.length + state.pans.right.length === 0;
    const pan = (kind === "jack" || kind === "queen") && empty ? null : move.pan;
    plays.push({ seat: state.turn, card: move.card, pan });
    state = replay(players, limit, hands.map((h) => h.slice()), starter, plays).state;
  }
  return replay(players, limit, hands.map((h) => h.slice()), starter, plays).steps;
}

export function lossText(l: Loss, lang: Lang, seatName: (s: Seat) => string): string {
  if (l.kind === "unbalanced") return lang === "de" ? "Rundenende mit Karten auf der Waage" : "Round ended with cards on the scale";
  return lang === "de"
    ? `Gekippt durch ${cardName(l.card, lang)} von ${seatName(l.seat)}: Unterschied ${l.difference}`
    : `Tipped by ${cardName(l.card, lang)} from ${seatName(l.seat)}: difference ${l.difference}`;
}

/** The round sheet's count of Kings turned: "1 Leben verloren." (the list above it says why). */
export function livesLostText(n: number, lang: Lang): string {
  return lang === "de" ? `${n} Leben verloren.` : `${n} ${n === 1 ? "life" : "lives"} lost.`;
}

/**
 * The end sheet's line on the lives. "Leben übrig: 0 von 3" under "Gewonnen!" read as a contradiction to a player pass
 * (a team that turns its last King in round 4 still wins: it loses only when a life is due and none is left), so the
 * two ends with no King left say it in words; `round` is the round the game ended in.
 */
export function endLivesText(won: boolean, lives: number, of: number, round: number, lang: Lang): string {
  if (won && lives === 0) return lang === "de" ? "Gerade noch: kein Leben mehr übrig, aber alle vier Runden geschafft." : "Only just: no lives left, but all four rounds played.";
  if (!won && lives === 0) return lang === "de" ? `Kein Leben mehr übrig, in Runde ${round} von 4.` : `No lives left, in round ${round} of 4.`;
  return lang === "de" ? `Leben übrig: ${lives} von ${of}` : `Lives left: ${lives} of ${of}`;
}

export type { Text };
