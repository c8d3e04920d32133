// What the round table says about the clock that already runs for the next round (a player pass: a clock ran out
// behind the box while its player read it). Pure, for the table and its unit test.
import type { Lang } from "../../../../shared/catalog";
import { brakeLeftMs, formatClock, timeLeft, type ClockState, type TimeControl } from "../../../../shared/room/clock";

/**
 * `names` (per seat): at one shared device (hot-seat) the clocks that run are named by their roles — "Deine Uhr" was
 * nobody's there, and both may run (the exchange; a player pass).
 */
export function roundClockText(c: (ClockState & { readonly control: TimeControl }) | null, me: number, now: number, lang: Lang, names?: readonly string[]): string | null {
  if (names && c && c.control.type === "fischer" && c.running.length > 0) {
    const left = timeLeft(c, c.control, now);
    const each = c.running.map((s) => `${names[s]} ${formatClock(left[s] ?? 0)}`).join(" · ");
    return lang === "de" ? `${c.running.length > 1 ? "Die Uhren laufen" : "Die Uhr läuft"} schon: ${each}` : `${c.running.length > 1 ? "The clocks are" : "The clock is"} running: ${each}`;
  }
  if (!c || !c.running.includes(me)) return null;
  if (c.control.type === "brake") {
    // Without a clock only the brake's last minute matters (ten minutes to read a round table are plenty).
    const left = brakeLeftMs(c, me, now);
    if (left >= 60_000) return null;
    return lang === "de" ? `Noch ${formatClock(left)}, dann ist die Partie verloren.` : `${formatClock(left)} left, then the game is lost.`;
  }
  const left = formatClock(timeLeft(c, c.control, now)[me] ?? 0);
  return lang === "de" ? `Deine Uhr läuft schon: ${left}` : `Your clock is running: ${left}`;
}
