// The daily game's board as the Worker answers it (GET /api/daily/…/board, docs/api.md) and the client shows it.

/** One attempt on a daily board. */
export interface BoardEntry {
  rank: number;
  name: string | null;
  score: number | null;
  reached: boolean;
  rounds: number;
  mirror: number;
  finishedAt: number;
  /** Played with "Rat" or "Karte zurück" ("mit Hilfe"): only the main board holds such attempts. */
  helped: boolean;
}
