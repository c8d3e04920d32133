// Card info and the announcement aid: texts computed from the view and the engine, never written per card.
import { card as cardInfo, SUITS, type Card, type Suit } from "../../../shared/battlemaske/cards";
import { stateFromView } from "../../../shared/battlemaske/client-state";
import { decide } from "../../../shared/battlemaske/engine";
import type { Seat } from "../../../shared/battlemaske/events";
import type { View } from "../../../shared/battlemaske/view";
import type { Lang } from "../../../shared/catalog";
import { cardLabel, suitName } from "./cards";

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

const RANK_WORDS: Record<Lang, string[]> = { de: ["die schwächste", "die mittlere", "die stärkste"], en: ["the weakest", "the middle", "the strongest"] };

/** The info window of a ranking plaque: the place, how places are given, the suit's effect, what is still out. */
export function suitInfoLines(v: View, me: Seat, place: 0 | 1 | 2, lang: Lang): string[] {
  const de = lang === "de";
  const rs = v.ruleset;
  const s = v.ranking[place] as Suit | undefined;
  const out: string[] = [];
  out.push(
    de
      ? "Zu Beginn jeder Runde ist keine Farbe eingereiht. Die erste gespielte Farbe wird die schwächste, die zweite die mittlere, die dritte sofort die stärkste. Zwei Farbkarten verschiedener Farben: die höher eingereihte Farbe gewinnt, egal welcher Wert."
      : "At the start of each round no suit is ranked. The first suit played becomes the weakest, the second the middle one, the third at once the strongest. Two suit cards of different suits: the higher-ranked suit wins, whatever the values.",
  );
  if (!s) {
    out.unshift(de ? `Dieser Platz (${RANK_WORDS.de[place]}) ist noch frei.` : `This place (${RANK_WORDS.en[place]}) is still free.`);
  } else {
    const seen = playedCards(v);
    const hand = v.hand ?? [];
    const out7 = [1, 2, 3, 4, 5, 6, 7].filter((n) => !seen.has(`${s}${n}`) && !hand.includes(`${s}${n}`)).map(String);
    out.unshift(de ? `${suitName(rs, s, lang)} ist jetzt ${RANK_WORDS.de[place]} Farbe.` : `${suitName(rs, s, lang)} is now ${RANK_WORDS.en[place]} suit.`);
    out.push((de ? `Trifft ein Elixier auf ${suitName(rs, s, lang)}, folgt ` : `When an elixir meets ${suitName(rs, s, lang)}, `) + EFFECT[s][lang] + (de ? "." : " follows."));
    out.push(de ? `Du hältst ${hand.filter((c) => c[0] === s).length} Karte(n) dieser Farbe; noch nicht aufgetaucht: ${out7.length ? out7.join(", ") : "keine"}.` : `You hold ${hand.filter((c) => c[0] === s).length} card(s) of this suit; not seen yet: ${out7.length ? out7.join(", ") : "none"}.`);
    if (opponentVoids(v, me).has(s)) out.push(de ? `Dein Gegner hat kein ${suitName(rs, s, lang)} mehr.` : `Your opponent has no ${suitName(rs, s, lang)} left.`);
  }
  return out;
}

/** The info window of a mirror field (or the preview): what standing there means, and how the round's tricks would move it. */
export function fieldInfoLines(v: View, field: number, lang: Lang, roleOf: (r: "conte" | "maske") => string): string[] {
  const de = lang === "de";
  const conte = v.tricks[v.roles[0] === "conte" ? 0 : 1];
  const maske = v.tricks[v.roles[0] === "maske" ? 0 : 1];
  const d = Math.abs(conte - maske);
  const preview = Math.min(10, v.mirror + d);
  const [C, M] = [roleOf("conte"), roleOf("maske")];
  const out: string[] = [];
  out.push(
    de
      ? `Feld ${field} des Spiegels. Nach jeder Runde rückt der Spiegel um den Unterschied der Stiche vor, immer Richtung ${M}. Erreicht er 10, gewinnt ${M} sofort; steht er nach der dritten Runde auf 9 oder weniger, gewinnt ${C}.`
      : `Field ${field} of the mirror. After each round the mirror moves by the difference in tricks, always towards the ${M}. Reaching 10, the ${M} wins at once; at 9 or less after the third round, the ${C} wins.`,
  );
  if (field === v.mirror) out.push(de ? `Hier steht der Spiegel jetzt (Runde ${v.round} von 3).` : `The mirror stands here now (round ${v.round} of 3).`);
  else if (field < v.mirror) out.push(de ? "Dieses Feld hat der Spiegel schon hinter sich." : "The mirror has already passed this field.");
  out.push(
    de
      ? `Stiche jetzt ${C} ${conte} : ${maske} ${M} → Unterschied ${d}; endete die Runde jetzt, stünde der Spiegel auf ${preview}.`
      : `Tricks now ${C} ${conte} : ${maske} ${M} → difference ${d}; if the round ended now, the mirror would stand at ${preview}.`,
  );
  if (field === preview && preview !== v.mirror) out.push(de ? "Dorthin zeigt die gestrichelte Vorschau." : "The dashed preview points here.");
  if (field === 10) out.push(preview >= 10 ? (de ? `Achtung: so erreicht der Spiegel 10 – ${M} gewänne.` : `Watch out: this way the mirror reaches 10 – the ${M} would win.`) : de ? `Dafür fehlen noch ${10 - preview} Felder.` : `${10 - preview} more fields are needed for that.`);
  return out;
}

/** The info window of the opponent's hidden cards: how many, and only what is known for sure. */
export function hiddenInfoLines(v: View, me: Seat, lang: Lang): string[] {
  const de = lang === "de";
  const o = me === 0 ? 1 : 0;
  const out = [de ? `Eine verdeckte Karte deines Gegners; er hält ${v.handSizes[o]}. Welche, weißt du nicht – außer:` : `A hidden card of your opponent, who holds ${v.handSizes[o]}. Which ones you do not know – except:`];
  out.push(opponentKnowledge(v, me, lang) ?? (de ? "Über seine Karten weißt du noch nichts sicher." : "You know nothing about them for sure yet."));
  if (v.phase !== "exchange" && !v.gave.length) out.push(de ? "Karten, die du ihm gibst, kennst du danach sicher." : "Cards you hand over are known to you for sure afterwards.");
  return out;
}
