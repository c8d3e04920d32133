// The words and the countdown for seats that never came to the table (ADR 041), shared by both games' tables and the
// replay: one wording wherever it is said.
import { NO_SHOW_MS } from "../../../shared/room/clock";
import type { Lang } from "../../../shared/catalog";

/** Time left until the game is called off, for display: never more than the minute (the room's clock may run ahead). */
export function noShowLeftMs(at: number, now: number): number {
  return Math.min(NO_SHOW_MS, Math.max(0, at - now));
}

/**
 * While waiting: "Anna ist noch nicht an den Tisch gekommen: Abbruch in 0:42 (zählt nicht)." (several: a list first).
 * `clocksStand`: a duel's chess clocks wait for both seats (the `seated` event), and the waiting player is told so.
 */
export function lateText(names: readonly string[], left: string, lang: Lang, clocksStand = false): string {
  const who = names.join(", ");
  const stand = !clocksStand ? "" : lang === "de" ? " Die Uhren laufen erst, wenn ihr beide am Tisch seid." : " The clocks start once you are both at the table.";
  if (lang === "de") return (names.length === 1 ? `${who} ist noch nicht an den Tisch gekommen: Abbruch in ${left} (zählt nicht).` : `Noch nicht an den Tisch gekommen: ${who}. Abbruch in ${left} (zählt nicht).`) + stand;
  return (names.length === 1 ? `${who} has not come to the table yet: called off in ${left} (does not count).` : `Not at the table yet: ${who}. Called off in ${left} (does not count).`) + stand;
}

/** Afterwards: "Nicht an den Tisch gekommen: Anna, Ben. Die Partie ist abgebrochen und zählt nicht." */
export function absentText(names: readonly string[], lang: Lang): string {
  const who = names.join(", ");
  return lang === "de" ? `Nicht an den Tisch gekommen: ${who}. Die Partie ist abgebrochen und zählt nicht.` : `Did not come to the table: ${who}. The game is called off and does not count.`;
}
