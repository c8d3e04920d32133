// The Worker's refusals to open a table or take a seat that a player can do something about, as text in the language
// shown now: the table limit (429) and a stake not covered (409 STAKE_TOO_HIGH, with the caller's own Taler figures).
import { tr } from "../i18n";

export interface RefusalBody {
  readonly error?: string;
  readonly taler?: number;
  readonly held?: number;
  readonly available?: number;
  /** The other side cannot cover it: the host of the invite, or the opponent. */
  readonly host?: true;
  readonly opponent?: true;
}

/** Too many new tables in a minute (per address or per account; docs/api.md). */
export const tableLimitText = () => tr("Zu viele neue Tische in kurzer Zeit: versuch es in einer Minute noch einmal.", "Too many new tables in a short time: try again in a minute.");

/** A stake not covered: the caller's own (how much of its Taler is free, how much held at open games), or the other side's. */
export function stakeText(b: RefusalBody): string {
  if (b.host) return tr("Wer den Tisch eröffnet hat, kann den Einsatz nicht mehr decken.", "The player who opened this table can no longer cover the stake.");
  if (b.opponent) return tr("Dein Gegner kann den Einsatz nicht decken.", "Your opponent cannot cover the stake.");
  if (b.held && b.held > 0 && b.available !== undefined && b.taler !== undefined) {
    return tr(
      `Nicht genug freie Taler für diesen Einsatz: ${b.available} von ${b.taler} sind frei, ${b.held} stehen als Einsatz in offenen Partien.`,
      `Not enough free Taler for this stake: ${b.available} of ${b.taler} are free, ${b.held} are staked at open games.`,
    );
  }
  return tr("Du hast nicht genug Taler für diesen Einsatz.", "You do not have enough Taler for this stake.");
}

/** The text for a refused table (429 or STAKE_TOO_HIGH), or null for any other answer. */
export function tableRefusalText(status: number, body: RefusalBody): string | null {
  if (status === 429) return tableLimitText();
  if (body.error === "STAKE_TOO_HIGH") return stakeText(body);
  return null;
}
