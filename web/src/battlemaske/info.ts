// Card info and the announcement aid: texts computed from the view and the engine, never written per card.
import { card as cardInfo, EFFECT_OF_SUIT, SUITS, type Card, type Ruleset, type Suit } from "../../../shared/battlemaske/cards";
import { stateFromView } from "../../../shared/battlemaske/client-state";
import { decide } from "../../../shared/battlemaske/engine";
import type { Seat } from "../../../shared/battlemaske/events";
import type { View } from "../../../shared/battlemaske/view";
import type { Lang } from "../../../shared/catalog";
import { cardLabel, effectLine, effectName, effectRule, listOf, lower, roleNoun, capital, suitName, towards, trackName } from "../../../shared/battlemaske/words";

/** Every card that has been on the table this round (the current trick included). */
export function playedCards(v: View): Set<Card> {
  return new Set([...v.history.flatMap((t) => t.cards.map((p) => p.card)), ...v.trick.map((p) => p.card)]);
}

/** The suits the opponent has shown void in since the last greed swap. */
export function opponentVoids(v: View, me: Seat): Set<Suit> {
  const out = new Set<Suit>();
  const o = me === 0 ? 1 : 0;
  // With no card left there is nothing to be void in: the struck suits stood beside "0 Karten" at a game's end.
  if (v.handSizes[o] === 0) return out;
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

/** "in Pfau und Glut": suits named after "keine Karte … mehr". */
const suits = (rs: Ruleset, ss: readonly Suit[], lang: Lang) => listOf(ss.map((s) => suitName(rs, s, lang)), lang);

/** "2 Karten" / "1 Karte" / "keine Karte" (en "2 cards", "1 card", "no card"). */
function cardCount(n: number, lang: Lang): string {
  if (lang === "de") return n === 0 ? "keine Karte" : n === 1 ? "1 Karte" : `${n} Karten`;
  return n === 0 ? "no card" : n === 1 ? "1 card" : `${n} cards`;
}

/** What the opponent surely holds or lacks, in one sentence. */
export function opponentKnowledge(v: View, me: Seat, lang: Lang): string | null {
  const de = lang === "de";
  const parts: string[] = [];
  if (v.knownAtOpponent.length) parts.push((de ? "hält sicher " : "surely holds ") + listOf(v.knownAtOpponent.map((c) => cardLabel(v.ruleset, c, lang)), lang));
  const voids = [...opponentVoids(v, me)];
  if (voids.length) parts.push(de ? `hat in ${suits(v.ruleset, voids, lang)} keine Karte mehr` : `has no card left in ${suits(v.ruleset, voids, lang)}`);
  if (!parts.length) return null;
  return (de ? "Dein Gegner " : "Your opponent ") + parts.join(de ? " und " : " and ") + ".";
}

/** Why a card of the hand may not be played now, from the engine's refusal. */
function whyNot(v: View, me: Seat, id: Card, lang: Lang, it: string): string {
  const de = lang === "de";
  const rs = v.ruleset;
  const d = decide(stateFromView(v), me, { type: "play", card: id }, 0);
  const code = d.ok ? "" : d.error.code;
  const lead = v.trick[0];
  const ledSuit = lead ? cardInfo(lead.card).suit : null;
  const start = de ? `Jetzt darfst du ${it} nicht spielen: ` : "You may not play it now: ";
  if (code === "MUST_FOLLOW_SUIT" && ledSuit) return start + (de ? `Du musst ${suitName(rs, ledSuit, lang)} bedienen oder ein Elixier spielen.` : `you must follow ${suitName(rs, ledSuit, lang)} or play an elixir.`);
  if (code === "MUST_PLAY_ELIXIR" && ledSuit) return start + (de ? `Du hast keine Karte in ${suitName(rs, ledSuit, lang)}, also musst du ein Elixier spielen.` : `you have no ${suitName(rs, ledSuit, lang)} card, so you must play an elixir.`);
  if (code === "MUST_FOLLOW_NAMED_SUIT" && v.namedSuit)
    return start + (de ? `Du musst die ${rs === "zwiegespalten" ? "genannte" : "angesagte"} Farbe ${suitName(rs, v.namedSuit, lang)} bedienen.` : `you must follow the named suit, ${suitName(rs, v.namedSuit, lang)}.`);
  return start + (de ? "Du musst bedienen." : "you must follow suit.");
}

/** The card info window's sentences for a card of the viewer's hand (or on the table). */
export function cardInfoLines(v: View, me: Seat, id: Card, lang: Lang, inHand: boolean): string[] {
  const de = lang === "de";
  const c = cardInfo(id);
  const rs = v.ruleset;
  const zw = rs === "zwiegespalten";
  const name = cardLabel(rs, id, lang);
  // The pronoun for the card: "ein Elixier" → es; "die Karte" → sie.
  const it = de ? (c.suit === null ? "es" : "sie") : "it";
  const out: string[] = [];
  if (c.suit === null) {
    out.push(
      de
        ? `${name}: ein Elixier ohne Farbe, etwas mehr wert als ${c.value}. Es schlägt jede Farbkarte bis zum Wert ${c.value} und verliert gegen jede ab ${c.value + 1}. Trifft es auf eine Farbkarte, löst deren Farbe ihre Wirkung aus.`
        : `${name}: an elixir without a suit, worth a little more than ${c.value}. It beats every suit card up to ${c.value} and loses to every one from ${c.value + 1}. Meeting a suit card, that suit's effect follows.`,
    );
    if (inHand) out.push(de ? `Spielst du ${it} aus, ${zw ? "nennst du eine Farbe" : "sagst du eine Farbe an"}, die dein Gegner bedienen muss.` : "Leading it, you name a suit your opponent must follow.");
  } else {
    const rank = v.ranking.indexOf(c.suit);
    const rankText = rank < 0 ? (de ? "noch nicht in der Rangfolge" : "not ranked yet") : [de ? "die schwächste Farbe" : "the weakest suit", de ? "die mittlere Farbe" : "the middle suit", de ? "die stärkste Farbe" : "the strongest suit"][rank]!;
    const suit = suitName(rs, c.suit, lang);
    out.push(de ? `${name}: Farbe ${suit} (${rankText}), Wert ${zw && c.value === 1 ? "1 (Ass)" : c.value}.` : `${name}: suit ${suit} (${rankText}), value ${zw && c.value === 1 ? "1 (ace)" : c.value}.`);
    out.push(whenElixirMeets(rs, c.suit, lang));
    const seen = playedCards(v);
    const higher: string[] = [];
    for (let n = c.value + 1; n <= 7; n++) {
      const h = `${c.suit}${n}`;
      if (!seen.has(h) && !(v.hand ?? []).includes(h)) higher.push(cardLabel(rs, h, lang));
    }
    if (c.value === 7) out.push(de ? "Keine Karte dieser Farbe ist höher." : "No card of this suit is higher.");
    else out.push(higher.length ? (de ? `Höher und noch nicht aufgetaucht: ${listOf(higher, lang)}.` : `Higher and not seen yet: ${listOf(higher, lang)}.`) : de ? "Jede höhere Karte dieser Farbe ist schon gespielt oder in deiner Hand." : "Every higher card of this suit is played or in your hand.");
  }
  // The hand's "⇄" mark says this (Hand.tsx): what the opponent gave, it knows this seat holds.
  if (inHand && v.received.includes(id) && (v.hand ?? []).includes(id))
    out.push(de ? `Dein Gegner hat ${it} dir in dieser Runde gegeben (⇄) – er weiß, dass du ${it} hältst.` : "Your opponent gave it to you this round (⇄) – it knows you hold it.");
  if (inHand && v.turn === me && v.phase === "play") {
    const legal = v.legalCards.includes(id);
    const lead = v.trick[0];
    if (!legal) out.push(whyNot(v, me, id, lang, it));
    else if (lead) {
      const d = decide(stateFromView(v), me, { type: "play", card: id }, 0);
      if (d.ok) {
        const taken = d.events.find((e) => e.type === "trickTaken") as { winner: Seat; effect?: "pride" | "greed" | "wrath" } | undefined;
        if (taken) {
          out.push(de ? `${capital(it)} ${taken.winner === me ? "gewinnt" : "verliert"} diesen Stich.` : `It ${taken.winner === me ? "wins" : "loses"} this trick.`);
          if (taken.effect) out.push(effectLine(rs, taken.effect, lang, Math.min(2, (v.hand?.length ?? 1) - 1)));
        }
      }
    } else out.push(de ? "Du spielst aus: Jede Karte ist erlaubt." : "You lead: any card is allowed.");
  }
  const know = opponentKnowledge(v, me, lang);
  if (know) out.push(know);
  return out;
}

/** "Trifft ein Elixier auf Pfau, folgt Stolz: …" — what a suit does against an elixir, in a sentence. */
function whenElixirMeets(rs: Ruleset, s: Suit, lang: Lang, cards?: number): string {
  const e = EFFECT_OF_SUIT[s];
  const suit = suitName(rs, s, lang);
  const rule = effectRule(rs, e, lang, cards);
  if (lang === "de") return rs === "zwiegespalten" ? `Trifft ein Elixier auf ${suit}, gilt: ${rule}` : `Trifft ein Elixier auf ${suit}, folgt ${effectName(rs, e, lang)}: ${rule}`;
  return rs === "zwiegespalten" ? `When an elixir meets ${suit}, ${lower(rule)}` : `When an elixir meets ${suit}, ${effectName(rs, e, lang)} follows: ${lower(rule)}`;
}

/** One suit of the announcement aid: what can still beat the elixir, what is known of the opponent, the effect, how many you hold. */
export interface AidLines {
  readonly beat: string;
  readonly opponent: string;
  readonly effect: string;
  readonly held: string;
}

/**
 * The announcement aid for leading elixir `id`: per suit, the cards of that suit that can still beat it (higher values
 * neither played nor in your hand), what you surely know of the opponent there, the effect if they follow, and your count.
 */
export function announcementAid(v: View, me: Seat, id: Card, lang: Lang): Record<Suit, AidLines> {
  const de = lang === "de";
  const rs = v.ruleset;
  const n = cardInfo(id).value;
  const seen = playedCards(v);
  const hand = v.hand ?? [];
  const voids = opponentVoids(v, me);
  // After this trick each holds one card less; the greed swap takes two, or one when only one is left.
  const left = Math.min(2, Math.max(0, hand.length - 1));
  const out = {} as Record<Suit, AidLines>;
  for (const s of SUITS) {
    const suit = suitName(rs, s, lang);
    const beat: string[] = [];
    for (let k = n + 1; k <= 7; k++) if (!seen.has(`${s}${k}`) && !hand.includes(`${s}${k}`)) beat.push(cardLabel(rs, `${s}${k}`, lang));
    const known = v.knownAtOpponent.filter((c) => c[0] === s);
    const knownBeats = known.some((c) => cardInfo(c).value > n);
    const held = hand.filter((c) => c[0] === s).length;
    const opponent = voids.has(s)
      ? de
        ? `Dein Gegner hat in ${suit} keine Karte mehr.`
        : `Your opponent has no ${suit} card left.`
      : known.length
        ? de
          ? `Dein Gegner hält sicher ${listOf(known.map((c) => cardLabel(rs, c, lang)), lang)}${knownBeats ? " und kann damit dein Elixier schlagen" : ""}.`
          : `Your opponent surely holds ${listOf(known.map((c) => cardLabel(rs, c, lang)), lang)}${knownBeats ? ", which beats your elixir" : ""}.`
        : de
          ? `Über ${suit} bei deinem Gegner weißt du nichts sicher.`
          : `You know nothing sure about your opponent's ${suit}.`;
    const e = EFFECT_OF_SUIT[s];
    const rule = effectRule(rs, e, lang, left);
    // A suit the opponent has shown void in cannot be followed: what follows is the effect of the card it plays instead
    // ("keine Karte mehr" and then "Bedient er, folgt …" read as a contradiction: a fresh-eyes pass).
    const effect = voids.has(s)
      ? de
        ? "Bedienen kann er nicht: Die Wirkung richtet sich nach der Karte, die er stattdessen legt."
        : "Your opponent cannot follow: the effect depends on the card played instead."
      : de
      ? rs === "zwiegespalten"
        ? `Bedient er mit ${suit}: ${rule}`
        : `Bedient er, folgt ${effectName(rs, e, lang)}: ${rule}`
      : rs === "zwiegespalten"
        ? `If your opponent follows with ${suit}: ${lower(rule)}`
        : `If your opponent follows, ${effectName(rs, e, lang)}: ${lower(rule)}`;
    out[s] = {
      beat: beat.length
        ? de
          ? `Diese Karten können dein Elixier noch schlagen: ${listOf(beat, lang)}.`
          : `These cards can still beat your elixir: ${listOf(beat, lang)}.`
        : de
          ? `Keine Karte in ${suit} kann dein Elixier noch schlagen.`
          : `No ${suit} card can beat your elixir any more.`,
      opponent,
      effect,
      held: de ? `Du hältst ${cardCount(held, lang)} in ${suit}.` : `You hold ${cardCount(held, lang)} in ${suit}.`,
    };
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
      ? "Zu Beginn jeder Runde ist keine Farbe eingereiht. Die erste gespielte Farbe wird die schwächste, die zweite die mittlere, die dritte sofort die stärkste. Zwei Farbkarten verschiedener Farben: Die höher eingereihte Farbe gewinnt, egal welcher Wert."
      : "At the start of each round no suit is ranked. The first suit played becomes the weakest, the second the middle one, the third at once the strongest. Two suit cards of different suits: the higher-ranked suit wins, whatever the values.",
  );
  if (!s) {
    out.unshift(de ? `Dieser Platz (${RANK_WORDS.de[place]}) ist noch frei.` : `This place (${RANK_WORDS.en[place]}) is still free.`);
  } else {
    const seen = playedCards(v);
    const hand = v.hand ?? [];
    const unseen = [1, 2, 3, 4, 5, 6, 7].filter((n) => !seen.has(`${s}${n}`) && !hand.includes(`${s}${n}`)).map((n) => cardLabel(rs, `${s}${n}`, lang));
    const held = hand.filter((c) => c[0] === s).length;
    out.unshift(de ? `${suitName(rs, s, lang)} ist jetzt ${RANK_WORDS.de[place]} Farbe.` : `${suitName(rs, s, lang)} is now ${RANK_WORDS.en[place]} suit.`);
    out.push(whenElixirMeets(rs, s, lang));
    out.push(
      de
        ? `Du hältst ${cardCount(held, lang)} dieser Farbe. ${unseen.length ? `Noch nicht aufgetaucht: ${listOf(unseen, lang)}.` : "Alle anderen Karten dieser Farbe sind schon gespielt."}`
        : `You hold ${cardCount(held, lang)} of this suit. ${unseen.length ? `Not seen yet: ${listOf(unseen, lang)}.` : "Every other card of this suit has been played."}`,
    );
    if (opponentVoids(v, me).has(s)) out.push(de ? `Dein Gegner hat in ${suitName(rs, s, lang)} keine Karte mehr.` : `Your opponent has no ${suitName(rs, s, lang)} card left.`);
  }
  return out;
}

/**
 * The info window of a track field (or the preview): what standing there means, and how the round's tricks would move it.
 * The roles are named in the rule set's words (`roleOf` is kept for callers; the articles come from the words).
 */
export function fieldInfoLines(v: View, field: number, lang: Lang, _roleOf?: (r: "conte" | "maske") => string): string[] {
  const de = lang === "de";
  const rs = v.ruleset;
  const zw = rs === "zwiegespalten";
  const conte = v.tricks[v.roles[0] === "conte" ? 0 : 1];
  const maske = v.tricks[v.roles[0] === "maske" ? 0 : 1];
  const d = Math.abs(conte - maske);
  const preview = Math.min(10, v.mirror + d);
  const C = roleNoun(rs, "conte", lang);
  const M = roleNoun(rs, "maske", lang);
  const Cn = roleNoun(rs, "conte", lang).replace(/^(der|die|the) /, "");
  const Mn = roleNoun(rs, "maske", lang).replace(/^(der|die|the) /, "");
  const fields = (n: number) => (de ? `${n} ${n === 1 ? "Feld" : "Felder"}` : `${n} field${n === 1 ? "" : "s"}`);
  const out: string[] = [];
  if (zw)
    out.push(
      de
        ? `Feld ${field} der Leiste (${field === 1 ? "1 Leistenkarte" : `${field} Leistenkarten`} offen). Nach jeder Runde rückt ${M} um den Unterschied der Stiche vor, egal wer mehr hat. Erreicht er das Ende der Leiste (10), gewinnt er sofort; ist die Leiste nach der dritten Runde nicht durch, gewinnt ${C}.`
        : `Field ${field} of the track (${field === 1 ? "1 track card" : `${field} track cards`} face up). After each round ${M} advances by the difference in tricks, no matter who has more. Reaching the end of the track (10), the Shadow wins at once; if the track is not through after the third round, ${C} wins.`,
    );
  else
    out.push(
      de
        ? `Feld ${field} des Spiegels. Nach jeder Runde rückt der Spiegel um den Unterschied der Stiche vor, immer ${towards(rs, "maske", lang)} hin. Erreicht er 10, gewinnt ${M} sofort; steht er nach der dritten Runde auf 9 oder weniger, gewinnt ${C}.`
        : `Field ${field} of the mirror. After each round the mirror moves by the difference in tricks, always ${towards(rs, "maske", lang)}. Reaching 10, ${M} wins at once; at 9 or less after the third round, ${C} wins.`,
    );
  const track = trackName(rs, lang);
  const theTrack = de ? (zw ? `die ${track}` : `der ${track}`) : `the ${track}`;
  if (field === v.mirror) out.push(de ? (zw ? `Hier steht ${M} jetzt (Runde ${v.round} von 3).` : `Hier steht der Spiegel jetzt (Runde ${v.round} von 3).`) : `${capital(zw ? M : theTrack)} stands here now (round ${v.round} of 3).`);
  else if (field < v.mirror) out.push(de ? (zw ? `Dieses Feld hat ${M} schon hinter sich.` : "Dieses Feld hat der Spiegel schon hinter sich.") : `${capital(zw ? M : theTrack)} has already passed this field.`);
  out.push(
    de
      ? `Stiche jetzt ${Cn} ${conte} : ${maske} ${Mn} → Unterschied ${d}; endete die Runde jetzt, stünde ${zw ? M : "der Spiegel"} auf ${preview}.`
      : `Tricks now ${Cn} ${conte} : ${maske} ${Mn} → difference ${d}; if the round ended now, ${zw ? M : "the mirror"} would stand at ${preview}.`,
  );
  if (field === preview && preview !== v.mirror) out.push(de ? "Dorthin zeigt die gestrichelte Vorschau." : "The dashed preview points here.");
  if (field === 10)
    out.push(
      preview >= 10
        ? de
          ? `Achtung: So erreicht ${zw ? M : "der Spiegel"} 10 – ${M} gewänne.`
          : `Watch out: this way ${zw ? M : "the mirror"} reaches 10 – ${M} would win.`
        : de
          ? `Dafür fehlen noch ${fields(10 - preview)}.`
          : `${10 - preview} more ${10 - preview === 1 ? "field is" : "fields are"} needed for that.`,
    );
  return out;
}

/** The info window of the opponent's hidden cards: how many, and only what is known for sure. */
export function hiddenInfoLines(v: View, me: Seat, lang: Lang): string[] {
  const de = lang === "de";
  const o = me === 0 ? 1 : 0;
  const n = v.handSizes[o];
  const out = [de ? `Eine verdeckte Karte deines Gegners; er hält ${cardCount(n, lang)}.` : `A hidden card of your opponent, who holds ${cardCount(n, lang)}.`];
  out.push(opponentKnowledge(v, me, lang) ?? (de ? "Welche es sind, weißt du noch nicht sicher." : "Which ones, you do not know for sure yet."));
  if (v.phase !== "exchange" && !v.gave.length) out.push(de ? "Karten, die du ihm gibst, kennst du danach sicher." : "Cards you hand over are known to you for sure afterwards.");
  return out;
}
