// Card info and the announcement aid: texts computed from the view and the engine, never written per card.
import { card as cardInfo, type Card, type Suit } from "../../../shared/battlemaske/cards";
import { stateFromView } from "../../../shared/battlemaske/client-state";
import { decide } from "../../../shared/battlemaske/engine";
import type { Seat } from "../../../shared/battlemaske/events";
import type { View } from "../../../shared/battlemaske/view";
import type { Lang } from "../../../shared/catalog";
import { cardLabel, suitName } from "./cards";

const SUITS: Suit[] = ["P", "D", "G"];
const EFFECT: Record<Suit, Record<Lang, string>> = {
  P: { de: "Stolz: der Gewinner nimmt dem Verlierer zusätzlich einen Stich", en: "pride: the winner also takes one of the loser's tricks" },
  D: { de: "Gier: danach geben beide verdeckt bis zu zwei Karten weiter", en: "greed: afterwards both pass up to two cards face down" },
  G: { de: "Zorn: die Rangfolge wird gelöscht", en: "wrath: the ranking is cleared" },
};

/** Every card that has been on the table this round (the current trick included). */
export function playedCards(v: View): Set<Card> {
  return new Set([...v.history.flatMap((t) => t.cards.map((p) => p.card)), ...v.trick.map((p) => p.card)]);
}

/** The suits the opponent has shown void in since the last greed swap. */
export function opponentVoids(v: View, me: Seat): Set<Suit> {
  const out = new Set<Suit>();
  const o = me === 0 ? 1 : 0;
  const h = v.history;
  let from = 0;
  h.forEach((t, i) => {
    if (t.effect === "greed") from = i + 1;
  });
  for (const t of h.slice(from)) {
    const lead = t.cards[0];
    const follow = t.cards[1];
    if (!lead || !follow || follow.seat !== o) continue;
    const leadSuit = cardInfo(lead.card).suit;
    const ls = leadSuit ?? t.namedSuit;
    const fs = cardInfo(follow.card).suit;
    // After a suit lead an elixir may always be played; after an elixir lead only a void allows another card.
    if (ls && (leadSuit === null ? fs !== ls : fs !== null && fs !== ls)) out.add(ls);
  }
  return out;
}

function list(items: string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${lang === "de" ? "und" : "and"} ${items[items.length - 1]}`;
}

/** What the opponent surely holds or lacks, in one sentence. */
export function opponentKnowledge(v: View, me: Seat, lang: Lang): string | null {
  const parts: string[] = [];
  if (v.knownAtOpponent.length) parts.push((lang === "de" ? "hält sicher " : "surely holds ") + list(v.knownAtOpponent.map((c) => cardLabel(v.ruleset, c, lang)), lang));
  const voids = [...opponentVoids(v, me)];
  if (voids.length) parts.push((lang === "de" ? "hat kein " : "has no ") + list(voids.map((s) => suitName(v.ruleset, s, lang)), lang) + (lang === "de" ? " mehr" : " left"));
  if (!parts.length) return null;
  return (lang === "de" ? "Dein Gegner " : "Your opponent ") + parts.join(lang === "de" ? " und " : " and ") + ".";
}

/** The card info window's sentences for a card of the viewer's hand (or on the table). */
export function cardInfoLines(v: View, me: Seat, id: Card, lang: Lang, inHand: boolean): string[] {
  const de = lang === "de";
  const c = cardInfo(id);
  const rs = v.ruleset;
  const out: string[] = [];
  if (c.suit === null) {
    out.push(
      de
        ? `${cardLabel(rs, id, lang)}: ein Elixier ohne Farbe. Es schlägt jede Karte bis zum Wert ${c.value} und verliert gegen ${c.value + 1} und höher. Trifft es auf eine Farbkarte, löst deren Farbe ihren Effekt aus.`
        : `${cardLabel(rs, id, lang)}: an elixir without a suit. It beats every card up to ${c.value} and loses to ${c.value + 1} and higher. Meeting a suit card, that suit's effect follows.`,
    );
    if (inHand) out.push(de ? "Spielst du es aus, sagst du eine Farbe an, die der Gegner bedienen muss." : "Leading it, you name a suit the opponent must follow.");
  } else {
    const rank = v.ranking.indexOf(c.suit);
    const rankText = rank < 0 ? (de ? "noch nicht in der Rangfolge" : "not ranked yet") : [de ? "die schwächste Farbe" : "the weakest suit", de ? "die mittlere Farbe" : "the middle suit", de ? "die stärkste Farbe" : "the strongest suit"][rank]!;
    out.push(
      de
        ? `${cardLabel(rs, id, lang)}: Farbe ${suitName(rs, c.suit, lang)} (${rankText}), Wert ${c.value}. Trifft ein Elixier auf ${suitName(rs, c.suit, lang)}, folgt ${EFFECT[c.suit].de}.`
        : `${cardLabel(rs, id, lang)}: suit ${suitName(rs, c.suit, lang)} (${rankText}), value ${c.value}. When an elixir meets ${suitName(rs, c.suit, lang)}, ${EFFECT[c.suit].en} follows.`,
    );
    const seen = playedCards(v);
    const higher = [];
    for (let n = c.value + 1; n <= 7; n++) {
      const h = `${c.suit}${n}`;
      if (!seen.has(h) && !(v.hand ?? []).includes(h)) higher.push(cardLabel(rs, h, lang));
    }
    out.push(higher.length ? (de ? `Noch nicht aufgetaucht und höher: ${list(higher, lang)}.` : `Higher and not seen yet: ${list(higher, lang)}.`) : de ? "Keine höhere Karte dieser Farbe ist mehr offen." : "No higher card of this suit is still out.");
  }
  if (inHand && v.turn === me && v.phase === "play") {
    const legal = v.legalCards.includes(id);
    const lead = v.trick[0];
    if (!legal) out.push(de ? "Jetzt darfst du sie nicht spielen: du musst bedienen." : "You may not play it now: you must follow suit.");
    else if (lead) {
      const d = decide(stateFromView(v), me, { type: "play", card: id }, 0);
      if (d.ok) {
        const taken = d.events.find((e) => e.type === "trickTaken") as { winner: Seat; effect?: string } | undefined;
        if (taken) {
          out.push(taken.winner === me ? (de ? "Sie gewinnt diesen Stich." : "It wins this trick.") : de ? "Sie verliert diesen Stich." : "It loses this trick.");
          if (taken.effect) {
            const s: Suit = taken.effect === "pride" ? "P" : taken.effect === "greed" ? "D" : "G";
            out.push((de ? "Effekt: " : "Effect: ") + EFFECT[s][lang] + ".");
          }
        }
      }
    } else out.push(de ? "Du spielst aus: jede Karte ist erlaubt." : "You lead: any card is allowed.");
  }
  const know = opponentKnowledge(v, me, lang);
  if (know) out.push(know);
  return out;
}

/** The announcement aid for leading elixir `id`: per suit what naming it means. */
export function announcementAid(v: View, me: Seat, id: Card, lang: Lang): Record<Suit, string> {
  const de = lang === "de";
  const n = cardInfo(id).value;
  const seen = playedCards(v);
  const hand = v.hand ?? [];
  const voids = opponentVoids(v, me);
  const out = {} as Record<Suit, string>;
  for (const s of SUITS) {
    const beat: string[] = [];
    for (let k = 1; k <= n; k++) if (!seen.has(`${s}${k}`) && !hand.includes(`${s}${k}`)) beat.push(String(k));
    const known = v.knownAtOpponent.filter((c) => c[0] === s).map((c) => cardLabel(v.ruleset, c, lang));
    const held = hand.filter((c) => c[0] === s).length;
    const parts = [
      voids.has(s) ? (de ? "Gegner hat keine mehr" : "opponent has none left") : known.length ? (de ? `Gegner hält sicher ${list(known, lang)}` : `opponent surely holds ${list(known, lang)}`) : de ? "über den Gegner nichts sicher" : "nothing sure about the opponent",
      beat.length ? (de ? `schlägt noch ${beat.join(", ")}` : `still beats ${beat.join(", ")}`) : de ? "schlägt keine offene Karte mehr" : "beats no card still out",
      (de ? "bedient er: " : "if followed: ") + EFFECT[s][lang].split(":")[0],
      de ? `du hältst ${held}` : `you hold ${held}`,
    ];
    out[s] = parts.join(" · ");
  }
  return out;
}
