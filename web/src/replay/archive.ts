// The archive of a finished game (GET /api/games/<id>), read as anyone reads it: without a token, so the replay shows
// exactly what a public link shows (a daily game only once its day is over, even to its own player).
import type { ArchivedEntry } from "./fold";

export interface Archive {
  readonly id: string;
  readonly game: "battlemaske" | "goldwaage";
  readonly kind: string;
  readonly rated: boolean;
  readonly options: Record<string, unknown>;
  readonly level: string | null;
  /** `account` false: a computer's seat (or a guest's without an account). */
  readonly players: ReadonlyArray<{ readonly name: string | null; readonly account?: boolean }>;
  readonly roles?: readonly ["conte" | "maske", "conte" | "maske"];
  readonly result: { readonly winner: number | null; readonly draw: boolean; readonly reason: string; readonly team?: "won" | "lost" };
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly log: ReadonlyArray<ArchivedEntry<{ readonly type: string }>>;
}

/** `notFound`'s `exists`: the Worker opened a table of that name (it may still run, or its archive is on its way). */
export type Loaded = { readonly kind: "ok"; readonly archive: Archive } | { readonly kind: "notYet"; readonly date: string | null } | { readonly kind: "notFound"; readonly exists: boolean };

export const archiveUrl = (id: string): string => `/api/games/${encodeURIComponent(id)}`;

/** The archive; a game that just ended may take a moment to be filed, so an unknown one is asked again a few times. */
export async function loadArchive(id: string, tries = 4): Promise<Loaded> {
  for (let i = 1; ; i++) {
    const l = await loadOnce(id);
    if (l.kind !== "notFound") return l;
    // A name the Worker never gave a table is said at once, and without "watch it live" (a player pass waited 4.5 s for
    // a made-up id, then was offered to watch a game that never was).
    if (i === 1 && !(await tableExists(id))) return { kind: "notFound", exists: false };
    if (i >= tries) return l;
    await new Promise((res) => setTimeout(res, 700 * i));
  }
}

/** Whether a table of this name was ever opened (GET /api/games/<id>/table: 404 only for one never created). */
async function tableExists(id: string): Promise<boolean> {
  const r = await fetch(`${archiveUrl(id)}/table`).catch(() => null);
  return r === null || r.status !== 404;
}

async function loadOnce(id: string): Promise<Loaded> {
  const r = await fetch(archiveUrl(id));
  if (r.ok) {
    const a = (await r.json()) as Archive;
    // A catalog entry (an id like "battlemaske") is no finished game.
    return Array.isArray(a.log) ? { kind: "ok", archive: a } : { kind: "notFound", exists: false };
  }
  if (r.status === 404) {
    const body = (await r.json().catch(() => ({}))) as { error?: string; date?: string };
    if (body.error === "NOT_YET") return { kind: "notYet", date: typeof body.date === "string" ? body.date : null };
    return { kind: "notFound", exists: true };
  }
  throw new Error(`archive answered ${r.status}`);
}

/** Which seats a computer held: the log names it as the actor of their moves. */
export function computerSeats(log: Archive["log"]): Set<number> {
  const out = new Set<number>();
  for (const e of log) {
    const seat = (e.event as { seat?: unknown }).seat;
    if (e.actor === "computer" && typeof seat === "number") out.add(seat);
  }
  return out;
}

/** Where the replay page's link back leads, and its words. */
export interface WayBack {
  readonly href: string;
  readonly de: string;
  readonly en: string;
}

/**
 * The replay page's way back (a player pass found none but the browser's back button): a daily game's replay to the
 * Tagesspiel, where its attempt was played and its boards stand; a game this browser's account played (`mine`) to
 * Meine Partien, where it is listed; any other to the start page — a public link opened by a stranger, or a game
 * watched as a spectator (Meine Partien would not list it; a later player pass found "Zurück zu Meine Partien" there).
 */
export function wayBack(daily: boolean, mine: boolean): WayBack {
  if (daily) return { href: "/tagesspiel", de: "Zurück zur Tagesmaskerade", en: "Back to the daily game" };
  if (mine) return { href: "/bilanz", de: "Zurück zu Meine Partien", en: "Back to my games" };
  return { href: "/", de: "Zur Startseite", en: "To the start page" };
}
