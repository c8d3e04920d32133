// The terms of a duel in words (clock, rule set, variant, kind and stake, roles): the Wartesaal's challenges and the
// invite page's question before a stake is risked say them alike.
import { roleName as sharedRoleName } from "../../../shared/battlemaske/words";
import type { Terms } from "../../../shared/lobby";
import { lang, minutesText, tr } from "../i18n";

/** A role by the rule set's name for it: Zwiegespalten calls Conte and Maske Hüter and Schatten. */
export const roleName = (r: "conte" | "maske", rs: Terms["ruleset"]) => sharedRoleName(rs, r, lang());
export const other = (r: "conte" | "maske") => (r === "conte" ? "maske" : "conte");

/** Every term in words; `from` is the sender, `mine` whether this page sent them. */
export function termsText(t: Terms, from: string, mine: boolean): string {
  return termsParts(t, from, mine).join(" · ");
}

/** The terms in words, one part per term: clock, rule set, variant, kind (and stake), roles. */
export function termsParts(t: Terms, from: string, mine: boolean): string[] {
  const clock = t.clock ? tr(`${minutesText(t.clock.minutes)} Min. + ${t.clock.increment} s pro Zug`, `${minutesText(t.clock.minutes)} min + ${t.clock.increment} s per move`) : tr("Ohne Uhr (Notbremse nach zehn Minuten)", "No clock (ten-minute emergency brake)");
  // "Einsatz 0 Taler" read as a stake nobody had set (a fresh-eyes pass): a rated game without one says so.
  const kind = t.kind === "rated" ? ((t.stake ?? 0) > 0 ? tr(`Gewertet, Einsatz ${t.stake} Taler`, `Rated, stake ${t.stake} Taler`) : tr("Gewertet, ohne Einsatz", "Rated, no stake")) : tr("Freundschaftlich", "Friendly");
  const role =
    t.role === "random" ? tr("Rollen zufällig", "Roles at random") : mine ? tr(`Du spielst ${roleName(t.role, t.ruleset)}`, `You play ${roleName(t.role, t.ruleset)}`) : tr(`${from} spielt ${roleName(t.role, t.ruleset)}, du ${roleName(other(t.role), t.ruleset)}`, `${from} plays ${roleName(t.role, t.ruleset)}, you ${roleName(other(t.role), t.ruleset)}`);
  return [clock, t.ruleset === "zwiegespalten" ? "Zwiegespalten" : "Battlemaske", t.variant === "profi" ? "Profi" : tr("Normal", "Normal"), kind, role];
}

