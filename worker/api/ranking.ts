// GET /api/ranking: the ranking of points and of Elo over every account that has played a rated game — the top 100,
// and with a bearer token the caller's own place (even far below the top). Ties: the other figure, then the account id
// (stable, and not something a player can pick to climb).
import { Hono } from "hono";
import * as v from "valibot";
import { optionalAccount, unauthorized } from "./auth";
import { vQuery } from "./validate";

export const RANKING_TOP = 100;

const Query = v.strictObject({ by: v.optional(v.picklist(["points", "elo"], "by must be points or elo"), "points") });

interface Row {
  id: string;
  name: string | null;
  points: number;
  elo: number;
  rated_games: number;
}

// The two orders, each matching one partial index of migration 0005.
const ORDER = { points: "points DESC, elo DESC, id", elo: "elo DESC, points DESC, id" } as const;
// "Ahead of (p, e)" in the same order: a greater first figure, or an equal one and a greater second. Equal in both is
// the same place (1, 2, 2, 4 …); the id only fixes the order in which equals are listed.
const AHEAD = {
  points: "(points > ?1 OR (points = ?1 AND elo > ?2))",
  elo: "(elo > ?2 OR (elo = ?2 AND points > ?1))",
} as const;

const entry = (r: Row, place: number) => ({ place, name: r.name, points: r.points, elo: Math.round(r.elo), ratedGames: r.rated_games });

export const ranking = new Hono<{ Bindings: Cloudflare.Env }>().get("/", vQuery(Query), async (c) => {
  const { by } = c.req.valid("query");
  const caller = await optionalAccount(c);
  if (caller === null) return unauthorized(c);
  const db = c.env.DB;
  const top = db.prepare(`SELECT id, name, points, elo, rated_games FROM accounts WHERE rated_games > 0 ORDER BY ${ORDER[by]} LIMIT ${RANKING_TOP}`);
  const total = db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE rated_games > 0");
  const [rows, count] = await db.batch([top, total]);
  const ranked = rows!.results as Row[];
  // Equal in both figures: the place of the first of them.
  const places: number[] = [];
  ranked.forEach((r, i) => places.push(i > 0 && r.points === ranked[i - 1]!.points && r.elo === ranked[i - 1]!.elo ? places[i - 1]! : i + 1));
  const list = ranked.map((r, i) => entry(r, places[i]!));
  let mine: ReturnType<typeof entry> | null = null;
  let unranked = false;
  if (caller) {
    const self = await db.prepare("SELECT id, name, points, elo, rated_games FROM accounts WHERE id = ?").bind(caller).first<Row>();
    if (self && self.rated_games > 0) {
      const ahead = await db.prepare(`SELECT COUNT(*) AS n FROM accounts WHERE rated_games > 0 AND ${AHEAD[by]}`).bind(self.points, self.elo).first<{ n: number }>();
      mine = entry(self, (ahead?.n ?? 0) + 1);
    } else unranked = true;
  }
  // Without a token the answer is everybody's: a short public cache. With one it carries the caller's place.
  c.header("cache-control", caller ? "private, no-store" : "public, max-age=30");
  return c.json({ by, total: (count!.results[0] as { n: number }).n, top: list, me: mine, ...(caller ? { unranked } : {}) }, 200);
});
