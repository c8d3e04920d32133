// The computer's levels in Battlemaske as the player reads them, in the language shown (the replay said "Computer ·
// Mittel" in English: a player pass).
import { tr } from "./i18n";

export function duelLevelName(level: string): string {
  const names: Record<string, [string, string]> = { leicht: ["Leicht", "Easy"], mittel: ["Mittel", "Medium"], stark: ["Stark", "Strong"] };
  const n = names[level];
  return n ? tr(n[0], n[1]) : level;
}
