// What each replay step says: Battlemaske's with the table's own log sentences (web/src/battlemaske/log.ts, named by
// role as in hot-seat), plus the cards that changed hands (the replay shows every hand); Goldwaage's from its table's
// card names. Pure.
import type { Card as BmCard } from "../../../shared/battlemaske/cards";
import type { Event as BmEvent, Seat as BmSeat } from "../../../shared/battlemaske/events";
import { roleOf, type State as BmState } from "../../../shared/battlemaske/state";
import { view as bmView } from "../../../shared/battlemaske/view";
import { cardLabel, listOf, roleName } from "../../../shared/battlemaske/words";
import type { Lang } from "../../../shared/catalog";
import type { Event as GwEvent, Seat as GwSeat } from "../../../shared/goldwaage/events";
import type { State as GwState } from "../../../shared/goldwaage/state";
import { describeEvent } from "../battlemaske/log";
import { absentText } from "../room/no-show";
import type { Card as GwCard } from "../../../shared/goldwaage/cards";
import { cardName, panEffect, panPlace, type Lang as GwLang } from "../goldwaage/logic";
import type { ReplayStep } from "./fold";

export type Text = Record<Lang, string>;
const both = (f: (l: Lang) => string): Text => ({ de: f("de"), en: f("en") });

/** A Battlemaske step in words: the log's lines for the event, against the table just before it. */
export function battlemaskeStepText(step: ReplayStep<BmState, BmEvent>): Text[] {
  const s = step.before;
  const ev = step.entry.event;
  const lines = describeEvent(ev as { type: string }, step.entry.version, bmView(s, "spectator"), null, { de: "", en: "" }).map((x) => x.text);
  if (ev.type === "exchangeCompleted" || ev.type === "swapCompleted") {
    // The log at the table names only the viewer's own cards; the replay knows both sides.
    const rs = s.options.ruleset;
    const gave = (seat: BmSeat, l: Lang) => `${roleName(rs, roleOf(s, seat), l)}: ${listOf(ev.cards[seat].map((c: BmCard) => cardLabel(rs, c, l)), l)}`;
    lines.push(both((l) => `${l === "de" ? "Abgegeben" : "Given"} – ${gave(0, l)} · ${gave(1, l)}.`));
  }
  return lines;
}

/** Where the step stands in a Battlemaske game: its round (and game, Profi) and the trick being played. */
export function battlemaskePlace(s: BmState): { game: number; round: number; trick: number } {
  return { game: s.game, round: s.round, trick: Math.min(10, s.history.length + (s.trick.length > 0 ? 1 : 0)) };
}

// The table's own words for a play's pan (one wording for every card).
const panWord = (pan: "left" | "right" | null, l: GwLang, card: GwCard) => panPlace(pan, l) + panEffect(card, pan, l);

/** A Goldwaage step in words, with the seats named by `seatName`. */
export function goldwaageStepText(step: ReplayStep<GwState, GwEvent>, seatName: (s: GwSeat) => string): Text[] {
  const ev = step.entry.event;
  const after = step.after;
  switch (ev.type) {
    case "roundDealt":
      return [both((l) => (l === "de" ? `Runde ${ev.round}: neue Karten, Grenze ${ev.limit}; ${seatName(ev.starter)} beginnt.` : `Round ${ev.round}: new cards, limit ${ev.limit}; ${seatName(ev.starter)} starts.`))];
    case "cardsShown":
      return [both((l) => (l === "de" ? `${seatName(ev.seat)} zeigt offen: ${ev.cards.map((c) => cardName(c, l)).join(", ") || "–"}.` : `${seatName(ev.seat)} shows: ${ev.cards.map((c) => cardName(c, l)).join(", ") || "–"}.`))];
    case "cardPlayed":
      return [both((l) => (l === "de" ? `${seatName(ev.seat)} spielt ${cardName(ev.card, l)} ${panWord(ev.pan, l, ev.card)}.` : `${seatName(ev.seat)} plays ${cardName(ev.card, l)} ${panWord(ev.pan, l, ev.card)}.`))];
    case "scaleBalanced":
      return [both((l) => (l === "de" ? "Die Waage ist im Gleichgewicht und wird geleert." : "The scale balances and is emptied."))];
    case "scaleTipped":
      return [both((l) => (l === "de" ? `Die Waage kippt (Unterschied ${ev.difference})${ev.lifeLost ? ": ein König wird umgedreht" : ""}.` : `The scale tips (difference ${ev.difference})${ev.lifeLost ? ": a King is turned" : ""}.`))];
    case "roundEnded":
      return [both((l) => (l === "de" ? `Runde ${ev.round} vorbei${ev.unbalanced ? ", Karten blieben auf der Waage" : ""}; Leben: ${after.lives}.` : `Round ${ev.round} over${ev.unbalanced ? ", cards were left on the scale" : ""}; lives: ${after.lives}.`))];
    case "gameEnded":
      return [both((l) => (ev.result === "won" ? (l === "de" ? "Gewonnen: alle Runden geschafft." : "Won: every round cleared.") : l === "de" ? "Verloren: kein Leben mehr." : "Lost: no life left."))];
    default:
      return [];
  }
}

/** Room events (resigning, time, take-backs) at a Goldwaage table, where the Battlemaske log's sentences do not fit. */
export function roomStepText(ev: { type: string; seat?: number; seats?: readonly number[]; how?: string }, seatName: (s: number) => string): Text[] {
  // Several flags at one instant (a show phase nobody finished): all of them are named.
  const who = ev.seats && ev.seats.length > 1 ? ev.seats.map(seatName).join(", ") : ev.seat === undefined ? "" : seatName(ev.seat);
  switch (ev.type) {
    case "resigned":
      return [both((l) => (l === "de" ? `${who} ${ev.how === "leave" ? "verlässt den Tisch" : "gibt auf"}.` : `${who} ${ev.how === "leave" ? "leaves the table" : "resigns"}.`))];
    case "timeout":
      return [both((l) => (l === "de" ? `Die Zeit von ${who} ist abgelaufen.` : `${who}'s time ran out.`))];
    // Seats that never came to the table (ADR 041): named, however many.
    case "noShow":
      return [both((l) => absentText((ev.seats ?? []).map(seatName), l))];
    case "takeback":
      return [both((l) => (l === "de" ? `Karte zurück (${who}).` : `Take-back (${who}).`))];
    default:
      return [];
  }
}
