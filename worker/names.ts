// Display names and recovery codes: the rules in one place, used by the validators and the tests.
import * as v from "valibot";

export const NAME_MIN = 3;
export const NAME_MAX = 20;
/** Letters and digits of any script, with single spaces, dots, hyphens and underscores between them. */
const NAME_PATTERN = /^[\p{L}\p{N}]+(?:[ ._-][\p{L}\p{N}]+)*$/u;
/** Names that would pass for the computer or the site. */
const RESERVED = new Set(["computer", "leicht", "mittel", "stark", "spielcenter", "admin", "system", "gast", "guest"]);

export const DisplayName = v.pipe(
  v.string("name must be a string"),
  v.transform((s) => s.normalize("NFC").trim()),
  v.check((s) => [...s].length >= NAME_MIN && [...s].length <= NAME_MAX, `name must be ${NAME_MIN} to ${NAME_MAX} characters long`),
  v.check((s) => NAME_PATTERN.test(s), "name may contain letters, digits and single spaces, dots, hyphens or underscores between them"),
  v.check((s) => !RESERVED.has(nameKey(s)), "this name is reserved"),
);

/** Uniqueness key: names differing only in case are the same name. */
export function nameKey(name: string): string {
  return name.normalize("NFC").toLowerCase();
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
