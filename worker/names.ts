// Display names and recovery codes: the rules in one place, used by the validators and the tests.
import * as v from "valibot";
import { LATIN_CONFUSABLES } from "./confusables";

export const NAME_MIN = 3;
export const NAME_MAX = 20;
/**
 * Letters and digits of any script, with single spaces, dots, hyphens and underscores between them. A letter may carry
 * marks: Tamil, Hindi, Thai or Hebrew names are written with them ("ஸ்ரீ", "अनिल"; an attack pass found them refused).
 * How many, MARK_TOWER says, counted with the accents of composed letters taken apart (NFD): "à" plus three more
 * accents is a tower over one letter, not a name (a second pass saved one that NFKC had composed down to three).
 */
const NAME_PATTERN = /^(?:[\p{L}\p{N}]\p{M}*)+(?:[ ._-](?:[\p{L}\p{N}]\p{M}*)+)*$/u;
/** Vietnamese "ệ", Thai's vowel and tone, Hindi's nukta and vowel sign: two at most; three or more is a tower. */
const MARK_TOWER = /\p{M}{3,}/u;
/** Names that would pass for the computer, the site, its staff, its games and roles, or a program's placeholder. */
const RESERVED = [
  "computer", "leicht", "mittel", "stark", "spielcenter", "admin", "administrator", "system", "gast", "guest",
  "moderator", "mod", "support", "team", "staff", "spielleiter", "schiedsrichter", "official", "offiziell",
  "battlemaske", "zwiegespalten", "goldwaage", "tagesmaskerade", "conte", "maske", "profi", "bot", "root",
  "null", "undefined", "anonymous", "anonym", "niemand", "nobody",
];

/**
 * NFKC rather than NFC: compatibility forms (full-width "Ａｄｍｉｎ", ligatures, superscripts) become the plain
 * letters they display as, so the name that is validated, stored and shown is the one people read.
 */
const normalizeName = (s: string) => s.normalize("NFKC").trim();

export const DisplayName = v.pipe(
  v.string("name must be a string"),
  v.transform(normalizeName),
  v.check((s) => [...s].length >= NAME_MIN && [...s].length <= NAME_MAX, `name must be ${NAME_MIN} to ${NAME_MAX} characters long`),
  v.check((s) => !MARK_TOWER.test(s.normalize("NFD")), "a letter may carry at most two accents or marks"),
  v.check((s) => NAME_PATTERN.test(s), "name may contain letters, digits and single spaces, dots, hyphens or underscores between them"),
  // Letters by category that draw nothing (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 are \p{L}): a player
  // shown with an empty name. Default_Ignorable_Code_Point is Unicode's list of what renders invisibly.
  v.check((s) => !/\p{Default_Ignorable_Code_Point}/u.test(s), "name must not contain invisible characters"),
  // Modifier letters alone draw lines and marks (ـــ, ˍˍˍ, ーーー), not a name: one real letter or digit at least.
  v.check((s) => /[\p{Lu}\p{Ll}\p{Lt}\p{Lo}\p{N}]/u.test(s), "name needs at least one letter or digit that is not a mark or a line"),
  v.check((s) => !isReserved(s), "this name is reserved"),
);

/** Uniqueness key: names differing only in case are the same name. */
export function nameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase();
}

/**
 * Letters of other scripts that look like Latin ones (after lower-casing, plus the capitals whose small letter looks
 * different, such as Greek Η and Cyrillic Н, both read as H). Not Unicode's whole confusables table: the common ones.
 */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x", і: "i",
  ї: "i", ј: "j", ѕ: "s", ԁ: "d", ԛ: "q", ԝ: "w", ӏ: "l", Ӏ: "l", һ: "h", ү: "y", ҫ: "c", ө: "o", Н: "h",
  // Greek (capital Mu, Eta, Zeta and Nu look like M, H, Z and N; their small letters do not)
  α: "a", β: "b", γ: "y", ε: "e", ι: "i", κ: "k", μ: "u", ν: "v", ο: "o", ρ: "p", σ: "o", ς: "c", τ: "t", υ: "u",
  χ: "x", ω: "w", ϲ: "c", ϳ: "j", η: "n", Μ: "m", Η: "h", Ζ: "z", Ν: "n",
  // Latin letters that pass for others
  ı: "i", ȷ: "j", ɡ: "g", ɑ: "a", ʟ: "l", ɪ: "i", ʀ: "r", ᴅ: "d", ᴇ: "e", ß: "ss", ø: "o", đ: "d", ħ: "h", ł: "l",
  // Latin small capitals: a small "ADMIN" (ᴀᴅᴍɪɴ) reads as admin; Unicode's confusables leave most of them out.
  ᴀ: "a", ʙ: "b", ᴄ: "c", ꜰ: "f", ɢ: "g", ʜ: "h", ᴊ: "j", ᴋ: "k", ᴍ: "m", ɴ: "n", ᴏ: "o", ᴘ: "p", ꞯ: "q", ꜱ: "s",
  ᴛ: "t", ᴜ: "u", ᴠ: "v", ᴡ: "w", ʏ: "y", ᴢ: "z", ꞁ: "l",
};

const DIGIT = /^\p{Nd}$/u;

/**
 * A decimal digit of any script read as its value ("٢", "२" and "2" are all 2). Unicode keeps every run of \p{Nd}
 * as whole blocks of ten from zero upwards, so the digit's place in its run gives its value.
 */
function digitValue(ch: string): string {
  const cp = ch.codePointAt(0)!;
  let k = 0;
  while (k < 100 && DIGIT.test(String.fromCodePoint(cp - k - 1))) k++;
  return String(k % 10);
}

/**
 * What a name looks like, for telling look-alikes apart: NFKC, digits of any script by value, letters of other
 * scripts that look like Latin ones mapped to those (the common ones above, then Unicode's confusables for every
 * script: Armenian օ, Cherokee Ꮓ, Lisu ꓚ, small capitals ᴏ …), marks that NFKC did not compose into a letter dropped,
 * lower case, the separators (space . _ -) dropped, and the usual Latin swaps (0 → o, 1 and i → l, rn → m, vv → w).
 * Two names with the same skeleton are the same name (accounts.name_skeleton is UNIQUE).
 */
export function nameSkeleton(name: string): string {
  let s = "";
  // Marks left after NFKC (none composed them into a letter) are dropped: "Mira" with a line under it is Mira.
  for (const ch of name.normalize("NFKC").replace(/\p{M}/gu, "")) {
    if (DIGIT.test(ch)) {
      s += digitValue(ch);
      continue;
    }
    const lower = ch.toLowerCase();
    s += CONFUSABLES[ch] ?? CONFUSABLES[lower] ?? LATIN_CONFUSABLES.get(ch) ?? LATIN_CONFUSABLES.get(lower) ?? lower;
  }
  return s
    .replace(/[ ._-]/g, "")
    .replace(/0/g, "o")
    .replace(/[1i]/g, "l")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

const RESERVED_SKELETONS = new Set(RESERVED.map(nameSkeleton));

/** The name without its accents: "Computeŕ" and "Cömputer" pass for the computer, though "Jürgen" is not "Jurgen". */
const withoutMarks = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "");

/** Reserved words and seat labels are compared without accents: nobody needs "Gäst 1" but to pass for a seat. */
function isReserved(name: string): boolean {
  return [name, withoutMarks(name)].some((n) => RESERVED_SKELETONS.has(nameSkeleton(n)) || isPlaceholder(n) || impersonates(n));
}

/**
 * The labels the site gives a seat without a name — "Gast 1" against "Gast 2", "Platz 3", "Spieler 2" — with a number:
 * a person called so would pass for another seat ("Gast 1 (Conte) – Gast 1 (Maske)": a fresh-eyes pass). Compared as
 * skeletons, where 1 reads l and 0 reads o.
 */
const PLACEHOLDERS = ["gast", "guest", "platz", "seat", "spieler", "player", "mitspieler", "gegner", "opponent", "computer", "bot"].map(nameSkeleton);
/** What counts as the seat's number: digits (1 reads l, 0 reads o), any other number sign, Han numerals, number words. */
const NUMBER_WORDS = ["eins", "zwei", "drei", "vier", "fünf", "fuenf", "sechs", "one", "two", "three", "four", "five", "six"].map(nameSkeleton);
const SEAT_NUMBER = new RegExp(`^(?:[lo2-9]|\\p{N}|[一二三四五六七八九十]|${NUMBER_WORDS.join("|")})+$`, "u");
function isPlaceholder(name: string): boolean {
  const k = nameSkeleton(name);
  return PLACEHOLDERS.some((p) => k.startsWith(p) && SEAT_NUMBER.test(k.slice(p.length)));
}

/**
 * Words that pass for the site's computer or staff wherever they stand in a name ("Computer Stark", "Admin Team",
 * "Moderator1", "Stark KI": a fresh-eyes pass), compared word by word (separators split; digits before or after a word
 * are dropped) — so "Botanik" or "Modesty" stay free, but not "Bot 7" or "Support-Team".
 */
const IMPERSONATING = new Set(
  ["computer", "ki", "bot", "cpu", "admin", "administrator", "moderator", "mod", "support", "staff", "system", "spielcenter", "spielleiter", "schiedsrichter", "official", "offiziell", "root"].map(nameSkeleton),
);
function impersonates(name: string): boolean {
  return name
    .normalize("NFKC")
    .split(/[ ._-]+/)
    .some((w) => [w, w.replace(/\p{Nd}+$/u, ""), w.replace(/^\p{Nd}+/u, "")].some((x) => x !== "" && IMPERSONATING.has(nameSkeleton(x))));
}

// Crockford's base32 without I, L, O, U: nothing to misread when copying the code by hand.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 20 random characters (100 bits) in groups of five: ABCDE-FGHJK-MNPQR-STVWX. */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join("");
  return chars.match(/.{5}/g)!.join("-");
}

/** The canonical form that is hashed: upper case, without separators. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

export const RecoveryCode = v.pipe(
  v.string("recoveryCode must be a string"),
  v.transform(normalizeRecoveryCode),
  v.regex(/^[0-9A-HJKMNP-TV-Z]{20}$/, "recoveryCode must be 20 characters of the recovery alphabet, e.g. ABCDE-FGHJK-MNPQR-STVWX"),
);
