// The game's own words in German and English, per rule set: suits, cards, roles, the track, the effects, and the people
// a sentence is about (you, the computer, your opponent, a named player, a role in hot-seat). Pure: the hints (bots),
// the log and the table build every sentence from these.
import type { Card, Effect, Ruleset, Suit } from "./cards.js";
import type { Role } from "./events.js";

export type Lang = "de" | "en";

const SUIT_NAMES: Record<Ruleset, Record<Suit | "E", Record<Lang, string>>> = {
  battlemaske: {
    P: { de: "Pfau", en: "Pfau" },
    D: { de: "Dukaten", en: "Dukaten" },
    G: { de: "Glut", en: "Glut" },
    E: { de: "Elixier", en: "Elixir" },
  },
  zwiegespalten: {
    P: { de: "Kreuz", en: "Clubs" },
    D: { de: "Karo", en: "Diamonds" },
    G: { de: "Herz", en: "Hearts" },
    E: { de: "Elixier", en: "Elixir" },
  },
};

/** Zwiegespalten's faces: ♣ ♦ ♥, the elixirs are the small spades. */
export const FRENCH: Record<Suit | "E", string> = { P: "♣", D: "♦", G: "♥", E: "♠" };

export function suitName(ruleset: Ruleset, suit: Suit | "E", lang: Lang): string {
  return SUIT_NAMES[ruleset][suit][lang];
}

/** The corner label: "6", "3+" (elixirs), "A" for a Zwiegespalten one. */
export function faceLabel(ruleset: Ruleset, id: Card): string {
  const v = Number(id.slice(1));
  if (id[0] === "E") return `${v}+`;
  return ruleset === "zwiegespalten" && v === 1 ? "A" : String(v);
}

/** A card as sentences name it: "Pfau 6", "Elixier 3+"; Zwiegespalten as its rules write it: "6♥", "A♣", "4♠". */
export function cardLabel(ruleset: Ruleset, id: Card, lang: Lang): string {
  const suit = id[0] as Suit | "E";
  if (ruleset === "zwiegespalten") {
    const v = Number(id.slice(1));
    return `${suit !== "E" && v === 1 ? "A" : v}${FRENCH[suit]}`;
  }
  return `${suitName(ruleset, suit, lang)} ${faceLabel(ruleset, id)}`;
}

/** "a, b und c" / "a, b and c". */
export function listOf(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${lang === "de" ? "und" : "and"} ${items[items.length - 1]}`;
}

export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------------------------------------------------------------
// Roles and the track.

const ROLES: Record<Ruleset, Record<Role, Record<Lang, string>>> = {
  battlemaske: { conte: { de: "Conte", en: "Conte" }, maske: { de: "Maske", en: "Maske" } },
  zwiegespalten: { conte: { de: "Hüter", en: "Keeper" }, maske: { de: "Schatten", en: "Shadow" } },
};
/** The German article of each role (die Maske; der Conte, der Hüter, der Schatten). */
const FEMININE: Record<Ruleset, Record<Role, boolean>> = { battlemaske: { conte: false, maske: true }, zwiegespalten: { conte: false, maske: false } };

/** The bare role name: "Conte", "Maske", "Hüter", "Schatten" (en "Keeper", "Shadow"). */
export function roleName(ruleset: Ruleset, role: Role, lang: Lang): string {
  return ROLES[ruleset][role][lang];
}

/** The role with its article in a case: "der Conte" / "die Maske" / "dem Schatten" / "zur Maske"… (en "the Maske"). */
export function roleNoun(ruleset: Ruleset, role: Role, lang: Lang, kase: "nom" | "dat" = "nom"): string {
  const name = ROLES[ruleset][role][lang];
  if (lang === "en") return `the ${name}`;
  const f = FEMININE[ruleset][role];
  return `${kase === "nom" ? (f ? "die" : "der") : f ? "der" : "dem"} ${name}`;
}

/** "zur Maske" / "zum Schatten" (en "towards the Maske"). */
export function towards(ruleset: Ruleset, role: Role, lang: Lang): string {
  if (lang === "en") return `towards the ${roleName(ruleset, role, lang)}`;
  return `${FEMININE[ruleset][role] ? "zur" : "zum"} ${roleName(ruleset, role, lang)}`;
}

/** The track: Battlemaske's Spiegel, Zwiegespalten's Leiste. */
export function trackName(ruleset: Ruleset, lang: Lang): string {
  return ruleset === "zwiegespalten" ? (lang === "de" ? "Leiste" : "track") : lang === "de" ? "Spiegel" : "mirror";
}

/** A game and the two-game variant in the rule set's words: Partie / Profi-Partie, Zwiegespalten's Rückspiel. */
export function matchName(ruleset: Ruleset, lang: Lang): string {
  return ruleset === "zwiegespalten" ? (lang === "de" ? "Rückspiel" : "return match") : lang === "de" ? "Profi-Partie" : "Profi match";
}

// ---------------------------------------------------------------------------------------------------------------------
// People: who a sentence is about, and the verb forms for them.

/** You, or someone named in the third person: nominative and dative with their article, lower case ("der Computer"). */
export type Person =
  | { readonly you: true }
  | { readonly you: false; readonly de: string; readonly deDat: string; readonly en: string; /** the label beside a score, when not the bare name */ readonly tag?: Record<Lang, string> };

export const YOU: Person = { you: true };
export const COMPUTER: Person = { you: false, de: "der Computer", deDat: "dem Computer", en: "the computer" };
export const OPPONENT: Person = { you: false, de: "dein Gegner", deDat: "deinem Gegner", en: "your opponent" };

/** A player by name ("Anna"): names take no article. */
export function named(name: string): Person {
  return { you: false, de: name, deDat: name, en: name };
}

/** A seat named by its role (hot-seat, or a replay): "die Maske", "der Hüter". */
export function byRole(ruleset: Ruleset, role: Role): Person {
  return { you: false, de: roleNoun(ruleset, role, "de"), deDat: roleNoun(ruleset, role, "de", "dat"), en: roleNoun(ruleset, role, "en") };
}

/**
 * The person behind a table label: the table names the other side "Computer", "Gegner" or "Gegenüber" (and you "Du");
 * anything else is a player's name.
 */
export function personOf(label: Record<Lang, string> | string): Person {
  const l = typeof label === "string" ? { de: label, en: label } : label;
  const is = (...words: string[]) => words.includes(l.de) || words.includes(l.en);
  if (is("Du", "You", "du", "you")) return YOU;
  if (is("Computer", "Der Computer", "The computer")) return COMPUTER;
  if (is("Gegner", "Opponent", "Gegenüber", "Opposite", "Dein Gegner", "Your opponent")) return OPPONENT;
  return { you: false, de: l.de, deDat: l.de, en: l.en };
}

/** The subject: "Du" / "der Computer" (capital at the start of a sentence). */
export function subject(p: Person, lang: Lang, start = false): string {
  const s = p.you ? (lang === "de" ? "du" : "you") : p[lang];
  return start ? capital(s) : s;
}

/** The dative (German): "dir", "dem Computer", "deinem Gegner", "Anna"; English the object: "you", "the computer". */
export function object(p: Person, lang: Lang): string {
  if (p.you) return lang === "de" ? "dir" : "you";
  return lang === "de" ? p.deDat : p.en;
}

/** The verb for the person: verb(p, "de", "spielst", "spielt"); English verb(p, "en", "play", "plays"). */
export function verb(p: Person, you: string, other: string): string {
  return p.you ? you : other;
}

/** The label beside a card or a score: "Du", "Computer", "Anna", "Maske" (no article). */
export function label(p: Person, lang: Lang): string {
  if (p.you) return lang === "de" ? "Du" : "You";
  if (p.tag) return p.tag[lang];
  return capital(p[lang].replace(/^(der|die|dein|the|your) /i, ""));
}

// ---------------------------------------------------------------------------------------------------------------------
// The effects, in the rule set's words.

export const SUIT_OF_EFFECT: Record<Effect, Suit> = { pride: "P", greed: "D", wrath: "G" };

/** The effect's name: Stolz / Gier / Zorn; Zwiegespalten by its suit and deed: "♣ Kreuz", … */
export function effectName(ruleset: Ruleset, effect: Effect, lang: Lang): string {
  if (ruleset === "zwiegespalten") {
    const s = SUIT_OF_EFFECT[effect];
    return `${FRENCH[s]} ${suitName(ruleset, s, lang)}`;
  }
  return { pride: { de: "Stolz", en: "Pride" }, greed: { de: "Gier", en: "Greed" }, wrath: { de: "Zorn", en: "Wrath" } }[effect][lang];
}

/** What each effect does, as a whole sentence (the rules' words); `cards` is how many each swaps (greed), if known. */
export function effectRule(ruleset: Ruleset, effect: Effect, lang: Lang, cards?: number): string {
  const de = lang === "de";
  if (effect === "pride")
    return ruleset === "zwiegespalten"
      ? de
        ? "Wer den Stich gewinnt, stiehlt dem anderen zusätzlich einen schon gewonnenen Stich."
        : "Whoever wins the trick also steals one trick the other has already won."
      : de
        ? "Wer den Stich gewinnt, nimmt dem anderen zusätzlich einen schon gewonnenen Stich weg."
        : "Whoever wins the trick also takes one trick the other has already won.";
  if (effect === "greed") {
    if (cards === 0) return de ? "Nach dem letzten Stich gibt es keine Karten mehr zu tauschen." : "After the last trick there are no cards left to swap.";
    if (cards === 1) return de ? "Nach dem Stich wählen beide verdeckt ihre letzte Handkarte und tauschen sie." : "After the trick both secretly pick their last hand card and swap them.";
    if (cards === 2) return de ? "Nach dem Stich wählen beide verdeckt zwei Handkarten und tauschen sie." : "After the trick both secretly pick two hand cards and swap them.";
    return de
      ? "Nach dem Stich wählen beide verdeckt zwei Handkarten und tauschen sie (eine, wenn nur noch eine übrig ist)."
      : "After the trick both secretly pick two hand cards and swap them (one if only one is left).";
  }
  return de
    ? "Die Rangfolge wird zurückgesetzt und baut sich mit den nächsten Farben neu auf."
    : "The ranking is cleared and builds up anew with the next suits.";
}

/** An effect as a line: "Stolz: Wer den Stich gewinnt, …" / "Pride: whoever wins the trick, …". */
export function effectLine(ruleset: Ruleset, effect: Effect, lang: Lang, cards?: number): string {
  const rule = effectRule(ruleset, effect, lang, cards);
  return `${effectName(ruleset, effect, lang)}: ${lang === "en" ? lower(rule) : rule}`;
}

export const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
