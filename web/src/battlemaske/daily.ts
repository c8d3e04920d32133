// The daily game's result in words, for the result sheet: its daily score, and — for a Conte who gave up — the mirror
// the score counts instead of the one on the table. Pure, so the sentences are tested without a table (tests/web/).
import type { Lang } from "../../../shared/catalog";

export interface DailyEnd {
  readonly role: "conte" | "maske";
  /** The goal reached: a Conte's win, a Maske's field 10. */
  readonly reached: boolean;
  /** The mirror on the table at the end (capped at 10 for the words). */
  readonly mirror: number;
  /** The round the game ended in. */
  readonly rounds: number;
  /** How the game ended: "rules", "resign", "leave", … */
  readonly reason: string;
}

const roundsText = (n: number, l: Lang) => (l === "de" ? `${n} ${n === 1 ? "Runde" : "Runden"}` : `${n} round${n === 1 ? "" : "s"}`);

/** Whether the player gave the game up (resigned or left) rather than losing it on the table. */
const gaveUp = (e: DailyEnd) => !e.reached && (e.reason === "resign" || e.reason === "leave");

/** The daily score as the result sheet shows it ("Tageswertung: …"), in the board's terms. */
export function dailyScoreText(e: DailyEnd, l: Lang): string {
  const de = l === "de";
  const mirror = Math.min(10, e.mirror);
  const how = gaveUp(e) ? (e.reason === "leave" ? (de ? " (Partie verlassen)" : " (left the game)") : de ? " (aufgegeben)" : " (resigned)") : "";
  if (e.role === "conte") return e.reached ? (de ? `Spiegel ${mirror} – gehalten` : `mirror ${mirror} – held`) : (de ? `verfehlt: Spiegel 10 in Runde ${e.rounds}` : `missed: mirror 10 in round ${e.rounds}`) + how;
  if (e.reached) return de ? `Feld 10 in ${roundsText(e.rounds, l)}` : `field 10 in ${roundsText(e.rounds, l)}`;
  // A Maske who gave up did so during its last round, not after it ("nach 1 Runde" before any trick: a player pass).
  if (gaveUp(e)) return (de ? `verfehlt: Spiegel ${mirror} in Runde ${e.rounds}` : `missed: mirror ${mirror} in round ${e.rounds}`) + how;
  return de ? `verfehlt: Spiegel ${mirror} nach ${roundsText(e.rounds, l)}` : `missed: mirror ${mirror} after ${roundsText(e.rounds, l)}`;
}

/**
 * The sheet's mirror line for a Conte who gave the daily game up: the score counts it as the Maske reaching 10 in that
 * round, so the sheet says so instead of the table's "Spiegel: 0 / 10" beside "verfehlt: Spiegel 10 in Runde 1" (a
 * player pass read the two as a contradiction). Null otherwise: the table's mirror is the score's.
 */
export function dailyMirrorText(e: DailyEnd, l: Lang): string | null {
  if (e.role !== "conte" || !gaveUp(e)) return null;
  const what = e.reason === "leave" ? (l === "de" ? "Das Verlassen" : "Leaving") : l === "de" ? "Die Aufgabe" : "Resigning";
  return l === "de"
    ? `Spiegel für die Tageswertung: 10 / 10 – ${what} zählt, als hätte die Maske in Runde ${e.rounds} Feld 10 erreicht (am Tisch stand der Spiegel auf ${Math.min(10, e.mirror)}).`
    : `Mirror for the daily score: 10 / 10 – ${what.toLowerCase()} counts as the Maske reaching field 10 in round ${e.rounds} (on the table the mirror stood at ${Math.min(10, e.mirror)}).`;
}
