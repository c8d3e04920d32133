// The daily deal: seed = HMAC-SHA256(DAILY_SECRET, date in Europe/Berlin); the commitment is SHA-256(seed), published
// beforehand; the seed itself is published once the day is over, so anyone can re-deal and check.

const berlin = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar date (YYYY-MM-DD) in Europe/Berlin at `now`. */
export function berlinDate(now: number): string {
  return berlin.format(new Date(now));
}

/** The date `days` after `date` (YYYY-MM-DD, calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** A real calendar date in YYYY-MM-DD form. */
export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

function hex(buf: ArrayBuffer): string {
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The day's seed: hex HMAC-SHA256 of the date under the server secret. The engine takes it as a string seed. */
export async function dailySeed(secret: string, date: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(date)));
}

/** What is published before the day: SHA-256 of the seed string (hex). */
export async function commitment(seed: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)));
}
