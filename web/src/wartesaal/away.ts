// The words for what a player lost while its connection to the Wartesaal was gone (ADR 046, ADR 048), in one place:
// the page's own memory of what it had open (web/src/lobby.ts) and the lobby's `away`, joined by lostWhileAway.
import type { Lang } from "../../../shared/catalog";
import type { LobbyServerMessage } from "../../../shared/lobby";

/**
 * What was lost while the connection was gone: what this page had open and no longer finds when back, joined with what
 * the lobby says it ended when it let the account go for silence (ADR 048; known after a reload and in a new tab too).
 * `challengedBy` / `challenged`: the other side of each challenge ended for it (to and from this player); `expired`:
 * those whose minute simply ran out meanwhile (not the connection's doing); `more` / `moreChallenged`: names beyond the
 * lobby's two lists;
 * `gw`: its open Goldwaage table closed, or its place at one lost; `told`: the lobby kept it (dismissing it tells the
 * lobby, which forgets it in every tab).
 */
export interface LostWhileAway {
  seek: boolean;
  challengedBy: readonly string[];
  challenged: readonly string[];
  expired: readonly string[];
  more: number;
  moreChallenged?: number;
  gw: "closed" | "left" | null;
  /** The other side of each table opened for the player while it was away, which it never came to (called off). */
  tables: readonly string[];
  told: boolean;
  /** Not the connection: the player left the page with its seek open (the page's own note, web/src/pages/Wartesaal.tsx). */
  left?: boolean;
}

/** What this page had open when its connection went (ADR 046): its own seek, and each challenge's other side and end. */
export interface HadOpen {
  readonly since: number;
  readonly seek: boolean;
  readonly challenges: ReadonlyArray<{ readonly id: string; readonly other: string; readonly incoming: boolean; readonly expiresAt: number }>;
  /** It sat at an open Goldwaage table (its own or another's). */
  readonly gw: boolean;
}

/**
 * What to tell a player back in the Wartesaal (null: nothing): what the page had open (`had`) and no longer finds
 * (`mine`: its seek is listed again; `open`: the ids of the challenges listed now), joined with the lobby's `away`.
 */
export function lostWhileAway(had: HadOpen | null, told: Extract<LobbyServerMessage, { type: "away" }> | null, mine: boolean, open: ReadonlySet<string>, now: number): LostWhileAway | null {
  const gone = (had?.challenges ?? []).filter((c) => !open.has(c.id));
  const toldBy = told?.challengedBy ?? [];
  const toldTo = told?.challenged ?? [];
  // The lobby names the first few it ended and counts the rest: a challenge this page had and lost that it does not name
  // is one of those counted while the count lasts — named here, no longer counted, and not "expired" because its
  // minute is over by now (a fresh-eyes pass with ten challenges read five of them twice, "und 5 weitere … verfallen"
  // and "… abgelaufen").
  let moreBy = told?.more ?? 0;
  let moreTo = told?.moreChallenged ?? 0;
  const counted = (c: HadOpen["challenges"][number]): boolean => {
    if (c.incoming ? toldBy.includes(c.other) : toldTo.includes(c.other)) return false;
    if (c.incoming && moreBy > 0) return (moreBy--, true);
    if (!c.incoming && moreTo > 0) return (moreTo--, true);
    return false;
  };
  const ended = gone.filter(counted);
  const rest = gone.filter((c) => !ended.includes(c));
  // A challenge whose minute ran out meanwhile expired, whatever the connection did (a fresh-eyes pass: blamed on it).
  const expired = rest.filter((c) => c.expiresAt <= now);
  const cut = [...ended, ...rest.filter((c) => c.expiresAt > now)];
  const join = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
  const lost: LostWhileAway = {
    seek: !mine && ((had?.seek ?? false) || (told?.seek ?? false)),
    challengedBy: join(toldBy, cut.filter((c) => c.incoming).map((c) => c.other)),
    challenged: join(toldTo, cut.filter((c) => !c.incoming).map((c) => c.other)),
    expired: [...new Set(expired.map((c) => c.other))].filter((n) => !toldBy.includes(n) && !toldTo.includes(n)),
    more: moreBy,
    ...(moreTo > 0 ? { moreChallenged: moreTo } : {}),
    gw: told?.gw ?? null,
    tables: told?.tables ?? [],
    told: told !== null,
  };
  const any = awaySays(lost);
  // Told by the lobby, it is answered even when nothing is left to say (so the lobby forgets it).
  return any || lost.told ? lost : null;
}

/** "Anna", "Anna und Ben", "Anna, Ben und Cora" (+ "und 2 weiteren" after "von", "und 2 weitere" after "an"). */
function names(list: readonly string[], more: number, lang: Lang, accusative = false): string {
  const and = lang === "de" ? "und" : "and";
  const all = more > 0 ? [...list, lang === "de" ? `${more} ${accusative ? "weitere" : "weiteren"}` : `${more} more`] : [...list];
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(", ")} ${and} ${all.at(-1)!}`;
}

/** The sentences, in order: the seek, the challenges cut off (to and from the player), those that expired, the table. */
export function awayText(lost: LostWhileAway, lang: Lang): string {
  const de = lang === "de";
  if (lost.left) return de ? "Als du den Wartesaal verlassen hast, wurde dein Gesuch zurückgezogen." : "When you left the lobby, your seek was withdrawn.";
  const out: string[] = [de ? (lost.seek ? "Deine Verbindung war weg: dein Gesuch ist nicht mehr offen." : "Deine Verbindung war weg.") : lost.seek ? "Your connection was gone: your seek is no longer open." : "Your connection was gone."];
  const by = lost.challengedBy;
  if (by.length > 0 || lost.more > 0) {
    const n = by.length + lost.more;
    const who = names(by, lost.more, lang);
    out.push(de ? (n === 1 ? `Die Herausforderung von ${who} ist damit verfallen.` : `Die Herausforderungen von ${who} sind damit verfallen.`) : n === 1 ? `The challenge from ${who} lapsed with it.` : `The challenges from ${who} lapsed with it.`);
  }
  const to = lost.challenged;
  const moreTo = lost.moreChallenged ?? 0;
  if (to.length > 0 || moreTo > 0) {
    const who = names(to, moreTo, lang, true);
    out.push(de ? (to.length + moreTo === 1 ? `Deine Herausforderung an ${who} ist verfallen.` : `Deine Herausforderungen an ${who} sind verfallen.`) : to.length + moreTo === 1 ? `Your challenge to ${who} lapsed.` : `Your challenges to ${who} lapsed.`);
  }
  // A table opened for the player while it was away: it never came, so the game was called off without it (ADR 041).
  const tables = lost.tables;
  if (tables.length > 0) {
    const who = names(tables, 0, lang);
    out.push(de ? `Während du weg warst, war mit ${who} ein Tisch für dich gedeckt; da du nicht kamst, ist die Partie abgebrochen (zählt nicht).` : `While you were away, a table with ${who} was laid for you; as you did not come, the game was called off (it does not count).`);
  }
  if (lost.gw === "closed") out.push(de ? "Dein offener Goldwaage-Tisch ist aufgelöst." : "Your open Goldwaage table was closed.");
  if (lost.gw === "left") out.push(de ? "Deinen Platz am offenen Goldwaage-Tisch hast du verloren." : "You lost your seat at the open Goldwaage table.");
  // Expired meanwhile: their minute ran out, not the connection's doing — said apart.
  const ex = lost.expired;
  if (ex.length > 0) {
    const who = names(ex, 0, lang);
    out.push(de ? (ex.length === 1 ? `Die Herausforderung mit ${who} ist abgelaufen.` : `Die Herausforderungen mit ${who} sind abgelaufen.`) : ex.length === 1 ? `The challenge with ${who} has expired.` : `The challenges with ${who} have expired.`);
  }
  // Only expired ones: the connection lost nothing, so it is not blamed.
  if (!lost.seek && by.length + lost.more + to.length + moreTo + tables.length === 0 && lost.gw === null) out.shift();
  return out.join(" ");
}

/** Whether there is anything to say (the lobby's `away` is answered even when the page has nothing left to show). */
export function awaySays(lost: LostWhileAway): boolean {
  return lost.seek || lost.challengedBy.length + lost.challenged.length + lost.expired.length + lost.tables.length > 0 || lost.more > 0 || (lost.moreChallenged ?? 0) > 0 || lost.gw !== null;
}

/**
 * While the connection is gone: what the page had open stands for the others only a short while (`fresh`), then it is
 * probably gone. A network close reaches the lobby at once and ends them after its 10 s grace; a dead network only
 * after 45 s without a ping (ADR 046) — the page cannot tell which, so it promises no more than the grace (a fresh-eyes
 * pass read "steht noch" for 25 s after the others had lost it).
 */
export function awayNote(had: { seek: boolean; challenges: number; gw: boolean }, fresh: boolean, lang: Lang): string {
  const de = lang === "de";
  const parts = [...(had.seek ? [de ? "dein Gesuch" : "your seek"] : []), ...(had.challenges > 0 ? [de ? (had.challenges === 1 ? "deine Herausforderung" : "deine Herausforderungen") : had.challenges === 1 ? "your challenge" : "your challenges"] : []), ...(had.gw ? [de ? "dein Goldwaage-Tisch" : "your Goldwaage table"] : [])];
  const lists = de ? "Listen und Knöpfe kommen zurück, sobald die Verbindung steht." : "Lists and buttons come back once the connection is up.";
  if (parts.length === 0) return lists;
  const what = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} ${de ? "und" : "and"} ${parts.at(-1)!}`;
  const What = what[0]!.toUpperCase() + what.slice(1);
  const one = parts.length === 1 && had.challenges <= 1;
  if (fresh) return de ? `${What} ${one ? "bleibt" : "bleiben"} für die anderen nur kurz offen – ist die Verbindung nicht bald zurück, schließt der Wartesaal das. ${lists}` : `${What} ${one ? "stays" : "stay"} open for the others only a short while – unless the connection is back soon, the lobby closes ${one ? "it" : "them"}. ${lists}`;
  return de ? `${What} ${one ? "ist" : "sind"} für die anderen wohl nicht mehr offen. ${lists}` : `${What} ${one ? "is" : "are"} probably no longer open for the others. ${lists}`;
}
