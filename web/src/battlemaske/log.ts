// The game log ("Spielverlauf"): each room event explained in words, computed from the event and the table before it.
import type { Card, Ruleset, Suit } from "../../../shared/battlemaske/cards";
import type { Role, Seat } from "../../../shared/battlemaske/events";
import type { TrickRecord } from "../../../shared/battlemaske/state";
import type { View } from "../../../shared/battlemaske/view";
import type { Lang } from "../../../shared/catalog";
import { cardLabel, suitName } from "./cards";

export interface LogEntry {
  readonly key: string;
  readonly text: Record<Lang, string>;
  /** Effects and round ends stand out. */
  readonly strong?: boolean;
}

export interface RoundSummary {
  readonly game: 1 | 2;
  readonly round: number;
  /** Tricks per role. */
  readonly conte: number;
  readonly maske: number;
  readonly moved: number;
  readonly mirror: number;
  readonly gameWinner: Role | null;
}

type Ev = { readonly type: string; readonly [k: string]: any };

const ROLE: Record<Role, Record<Lang, string>> = { conte: { de: "Conte", en: "Conte" }, maske: { de: "Maske", en: "Maske" } };
const ROLE_ZW: Record<Role, Record<Lang, string>> = { conte: { de: "Hüter", en: "Keeper" }, maske: { de: "Schatten", en: "Shadow" } };

export function roleName(ruleset: Ruleset, role: Role, lang: Lang): string {
  return (ruleset === "zwiegespalten" ? ROLE_ZW : ROLE)[role][lang];
}

/** "Du" / "Der Computer" / "Conte" — who did it, seen from `me` (null: hot-seat, name by role). */
function who(v: View, seat: Seat, me: Seat | null, opponent: Record<Lang, string>): Record<Lang, string> {
  if (me === null) return { de: roleName(v.ruleset, v.roles[seat], "de"), en: roleName(v.ruleset, v.roles[seat], "en") };
  return seat === me ? { de: "Du", en: "You" } : opponent;
}

const both = (f: (l: Lang) => string): Record<Lang, string> => ({ de: f("de"), en: f("en") });
const cards = (rs: Ruleset, cs: readonly Card[], l: Lang) => cs.map((c) => cardLabel(rs, c, l)).join(", ");

export function effectText(effect: string, stolen: boolean, winner: Record<Lang, string>, lang: Lang): string {
  if (lang === "de") {
    if (effect === "pride") return stolen ? `Stolz: ${winner.de} nimmt zusätzlich einen Stich des Verlierers (+2 / −1).` : "Stolz: Der Verlierer hat noch keinen Stich, es gibt nichts zu nehmen.";
    if (effect === "greed") return "Gier: Beide geben gleich verdeckt bis zu zwei Karten weiter.";
    return "Zorn: Die Rangfolge wird gelöscht; die nächste Farbe wird wieder die schwächste.";
  }
  if (effect === "pride") return stolen ? `Pride: ${winner.en} also takes one of the loser's tricks (+2 / −1).` : "Pride: the loser has no trick yet, nothing to take.";
  if (effect === "greed") return "Greed: both now pass up to two cards face down.";
  return "Wrath: the ranking is cleared; the next suit becomes the weakest again.";
}

/** One trick in words (used for the log and to seed it after a reload). */
export function trickEntry(v: View, t: TrickRecord, me: Seat | null, opp: Record<Lang, string>, key: string): LogEntry[] {
  const w = who(v, t.winner, me, opp);
  const played = both((l) => t.cards.map((p) => `${who(v, p.seat, me, opp)[l]}: ${cardLabel(v.ruleset, p.card, l)}`).join(" · "));
  const out: LogEntry[] = [
    {
      key,
      text: both((l) => `${played[l]} — ${l === "de" ? (me !== null && t.winner === me ? "du gewinnst den Stich" : `${w.de} gewinnt den Stich`) : me !== null && t.winner === me ? "you win the trick" : `${w.en} wins the trick`}.`),
    },
  ];
  if (t.effect) out.push({ key: key + "e", strong: true, text: both((l) => effectText(t.effect!, t.stolen, w, l)) });
  return out;
}

/** Explains one event; `before` is the view just before it (null when unknown). */
export function describeEvent(ev: Ev, version: number, before: View | null, me: Seat | null, opp: Record<Lang, string>): LogEntry[] {
  const key = String(version);
  if (!before) return [];
  const v = before;
  const rs = v.ruleset;
  switch (ev.type) {
    case "roundDealt":
      return [{ key, strong: true, text: both((l) => (l === "de" ? `Spiel ${ev.game}, Runde ${ev.round}: neue Karten.` : `Game ${ev.game}, round ${ev.round}: new cards.`)) }];
    case "exchangeSubmitted":
    case "swapSubmitted": {
      const w = who(v, ev.seat, me, opp);
      return [{ key, text: both((l) => (l === "de" ? `${w.de} ${me !== null && ev.seat === me ? "hast" : "hat"} gewählt.` : `${w.en} ${me !== null && ev.seat === me ? "have" : "has"} picked.`)) }];
    }
    case "exchangeCompleted":
    case "swapCompleted": {
      const name = ev.type === "exchangeCompleted" ? { de: "Tausch", en: "Exchange" } : { de: "Gier-Tausch", en: "Greed swap" };
      if (me === null || !Array.isArray(ev.cards)) return [{ key, text: both((l) => `${name[l]}: ${l === "de" ? "Die Karten wechseln die Hand." : "the cards change hands."}`) }];
      const gave = ev.cards[me] as Card[];
      const got = ev.cards[me === 0 ? 1 : 0] as Card[];
      return [{ key, text: both((l) => (l === "de" ? `${name.de}: du gibst ${cards(rs, gave, l)} und bekommst ${cards(rs, got, l)}.` : `${name.en}: you give ${cards(rs, gave, l)} and get ${cards(rs, got, l)}.`)) }];
    }
    case "cardPlayed": {
      const w = who(v, ev.seat, me, opp);
      const mine = me !== null && ev.seat === me;
      const named = ev.suit ? (l: Lang) => (l === "de" ? ` und ${mine ? "sagst" : "sagt"} ${suitName(rs, ev.suit as Suit, l)} an` : `, naming ${suitName(rs, ev.suit as Suit, l)}`) : () => "";
      return [{ key, text: both((l) => `${w[l]} ${l === "de" ? (me !== null && ev.seat === me ? "spielst" : "spielt") : me !== null && ev.seat === me ? "play" : "plays"} ${cardLabel(rs, ev.card, l)}${named(l)}.`) }];
    }
    case "trickTaken": {
      // `before` is the table before the whole batch: the trick's cards may have come in the same batch, so only the event counts.
      const record = { winner: ev.winner as Seat, effect: (ev.effect ?? null) as string | null, stolen: !!ev.stolen };
      const w = who(v, ev.winner, me, opp);
      const out: LogEntry[] = [{ key, text: both((l) => (l === "de" ? (me !== null && ev.winner === me ? "Du gewinnst den Stich." : `${w.de} gewinnt den Stich.`) : me !== null && ev.winner === me ? "You win the trick." : `${w.en} wins the trick.`)) }];
      if (record.effect) out.push({ key: key + "e", strong: true, text: both((l) => effectText(record.effect!, record.stolen, w, l)) });
      return out;
    }
    case "roundEnded": {
      const conteSeat: Seat = v.roles[0] === "conte" ? 0 : 1;
      const c = ev.tricks[conteSeat];
      const m = ev.tricks[conteSeat === 0 ? 1 : 0];
      const shown = Math.min(10, ev.mirror);
      return [
        {
          key,
          strong: true,
          text: both((l) =>
            l === "de"
              ? `Runde vorbei: ${roleName(rs, "conte", l)} ${c} : ${m} ${roleName(rs, "maske", l)} → der Spiegel rückt ${ev.moved} ${ev.moved === 1 ? "Feld" : "Felder"} auf ${shown}.`
              : `Round over: ${roleName(rs, "conte", l)} ${c} : ${m} ${roleName(rs, "maske", l)} → the mirror moves ${ev.moved} to ${shown}.`,
          ),
        },
      ];
    }
    case "gameEnded":
      return [{ key, strong: true, text: both((l) => (l === "de" ? `Spiel ${ev.game} zu Ende: ${roleName(rs, ev.winner, l)} gewinnt.` : `Game ${ev.game} over: ${roleName(rs, ev.winner, l)} wins.`)) }];
    case "matchEnded":
      return [{ key, strong: true, text: both((l) => (l === "de" ? `Profi-Partie zu Ende: ${ev.scores[0]} : ${ev.scores[1]}.` : `Profi match over: ${ev.scores[0]} : ${ev.scores[1]}.`)) }];
    case "takeback":
      return [{ key, strong: true, text: both((l) => (l === "de" ? "Karte zurück: der Tisch steht wieder vor der letzten eigenen Karte." : "Take-back: the table is back before the last own card.")) }];
    case "takebackRequested":
      return [{ key, text: both((l) => (l === "de" ? "Bitte um „Karte zurück“." : "Take-back requested.")) }];
    case "takebackDeclined":
      return [{ key, text: both((l) => (l === "de" ? "„Karte zurück“ abgelehnt." : "Take-back declined.")) }];
    case "hintGiven":
      return [{ key, text: both((l) => (l === "de" ? "Rat eingeholt (die Partie zählt „mit Hilfe“)." : "Advice taken (the game counts as \"with help\").")) }];
    case "resigned": {
      const w = who(v, ev.seat, me, opp);
      return [{ key, strong: true, text: both((l) => (l === "de" ? `${w.de} ${ev.how === "leave" ? "verlässt den Tisch" : "gibt auf"}.` : `${w.en} ${ev.how === "leave" ? "left the table" : "resigned"}.`)) }];
    }
    case "timeout":
      return [{ key, strong: true, text: both((l) => (l === "de" ? "Die Zeit ist abgelaufen." : "Time ran out.")) }];
    default:
      return [];
  }
}

/** The log after a reload: the completed tricks of the current round, from the view. */
export function seedLog(v: View, me: Seat | null, opp: Record<Lang, string>): LogEntry[] {
  const out: LogEntry[] = [{ key: "seed", strong: true, text: both((l) => (l === "de" ? `Spiel ${v.game}, Runde ${v.round}.` : `Game ${v.game}, round ${v.round}.`)) }];
  v.history.forEach((t, i) => out.push(...trickEntry(v, t, me, opp, `seed${i}`)));
  return out;
}
