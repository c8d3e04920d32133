// What a seat held by a person without a name is called, the same at the table, for a spectator, in the Wartesaal and
// in a replay. Pure (no i18n state), so its rule is tested in Node.
import type { Lang } from "../../../shared/catalog";

const GUEST: Record<Lang, string> = { de: "Gast", en: "Guest" };

/**
 * "Gast" when that seat is the only nameless person at the table; with several, each is told apart by its seat number
 * ("Gast 1", "Gast 2"), as several computer seats are "Computer 2", "Computer 3". Two guests were both "Gast" to each
 * other (a player pass).
 */
export function guestName(seat: number, guests: number): Record<Lang, string> {
  return guests > 1 ? { de: `${GUEST.de} ${seat + 1}`, en: `${GUEST.en} ${seat + 1}` } : GUEST;
}

/** How many seats a person without a name holds: not a computer, not still free, no name. */
export function countGuests(seats: number, named: (seat: number) => boolean, other: (seat: number) => boolean): number {
  let n = 0;
  for (let s = 0; s < seats; s++) if (!named(s) && !other(s)) n++;
  return n;
}
