// "Tagesmaskerade": the same deal for everyone each day (Europe/Berlin), played against Stark; boards per day and role.
import { Hono } from "hono";
import * as v from "valibot";
import type { RoomConfig } from "../../party/core/battlemaske-core";
import { hashToken, newToken } from "../../party/tokens";
import { boardKey, type BoardKey } from "../daily-score";
import { addDays, berlinDate, commitment, dailySeed, isDate } from "../daily-seed";
import { openTable } from "../tables";
import { accountOf, requireAccount, type AccountEnv } from "./auth";
import { accountTableLimit, tableLimit } from "./limit";
import { vJson, vParam, vQuery } from "./validate";
import { DAILY_OPTIONS, type BoardEntry } from "../../shared/daily.js";
export type { BoardEntry };
export { DAILY_OPTIONS };


/** The daily game's rules (shared/daily.ts, where the page re-deals a past day) play against Stark, no clock, unrated. */
export const DAILY_LEVEL = "stark";
/** "Noch einmal" as often as this per day; each attempt costs a room and a bot. */
export const MAX_ATTEMPTS_PER_DAY = 50;
export const BOARD_SIZE = 100;
/** How long a board's top 100 may be served from a cache (edge and isolate); a new result for the day clears it here. */
export const BOARD_TTL_S = 5;

const DateParam = v.strictObject({ date: v.pipe(v.string(), v.check(isDate, "date must be a calendar date YYYY-MM-DD")) });
const BoardQuery = v.strictObject({
  role: v.picklist(["conte", "maske"], "role must be conte or maske"),
  board: v.optional(v.picklist(["first", "best"], "board must be first or best"), "first"),
});
const AttemptBody = v.strictObject({ role: v.picklist(["conte", "maske"], "role must be conte or maske") });
const RoomParam = v.strictObject({ room: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16}$/, "room must be a room name")) });

/** Where an attempt stands on one of its day's boards: the rank it has there (or would have), and whether it is the entry. */
export interface BoardPlace {
  readonly rank: number;
  /** This attempt is the account's entry on that board (the first attempt on "first", the best one without help on "best"). */
  readonly onBoard: boolean;
  /** How many entries the board has. */
  readonly of: number;
}

/** The attempt's rank among the other accounts' entries of a board: those ranking above its key, plus one. */
async function placeOn(db: D1Database, date: string, role: string, board: string, account: string, room: string, key: BoardKey): Promise<BoardPlace> {
  const row = await db
    .prepare(
      `SELECT
         (SELECT COUNT(*) FROM daily_board o WHERE o.date = ?1 AND o.role = ?2 AND o.board = ?3 AND o.account_id <> ?4 AND
            (o.reached > ?6 OR (o.reached = ?6 AND (o.k1 < ?7 OR (o.k1 = ?7 AND (o.k2 < ?8 OR (o.k2 = ?8 AND o.finished_at < ?9))))))) AS above,
         (SELECT COUNT(*) FROM daily_board o WHERE o.date = ?1 AND o.role = ?2 AND o.board = ?3 AND o.account_id <> ?4) AS others,
         (SELECT room FROM daily_board o WHERE o.date = ?1 AND o.role = ?2 AND o.board = ?3 AND o.account_id = ?4) AS own`,
    )
    .bind(date, role, board, account, room, key.reached, key.k1, key.k2, key.finishedAt)
    .first<{ above: number; others: number; own: string | null }>();
  return { rank: (row?.above ?? 0) + 1, onBoard: row?.own === room, of: (row?.others ?? 0) + (row?.own ? 1 : 0) };
}

interface BoardRow {
  account_id: string;
  name: string | null;
  reached: number;
  k1: number;
  k2: number;
  finished_at: number;
  score: number | null;
  rounds: number;
  mirror: number;
  helped: number;
}

const entry = (r: BoardRow, rank: number): BoardEntry => ({ rank, name: r.name, score: r.score, reached: r.reached === 1, rounds: r.rounds, mirror: r.mirror, finishedAt: r.finished_at, helped: r.helped === 1 });

// The isolate's own short memo in front of the edge cache: a hot board costs no D1 query and no cache lookup, and
// concurrent misses share one query (no stampede when the memo expires under load).
const memo = new Map<string, { until: number; entries: Promise<BoardEntry[]> }>();
const MEMO_MAX = 256;
/** Boards exist from this date to today; other dates are answered without a query (the site is younger). */
export const FIRST_BOARD_DATE = "2000-01-01";
const cacheUrl = (date: string, role: string, board: string) => `https://board.spielcenter.invalid/${date}/${role}/${board}`;
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** Drops a day's cached boards (called when a result for that day arrives). */
export async function forgetBoards(date: string): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  for (const role of ["conte", "maske"]) {
    for (const board of ["first", "best"]) {
      memo.delete(`${date}/${role}/${board}`);
      jobs.push(edgeCache().delete(cacheUrl(date, role, board)));
    }
  }
  await Promise.all(jobs);
}

async function loadTop(db: D1Database, date: string, role: string, board: string): Promise<BoardEntry[]> {
  const cached = await edgeCache().match(cacheUrl(date, role, board));
  if (cached) return (await cached.json()) as BoardEntry[];
  const rows = await db
    .prepare(
      `SELECT b.account_id, a.name, b.reached, b.k1, b.k2, b.finished_at, b.score, b.rounds, b.mirror, b.helped FROM daily_board b JOIN accounts a ON a.id = b.account_id
       WHERE b.date = ? AND b.role = ? AND b.board = ? ORDER BY b.reached DESC, b.k1, b.k2, b.finished_at LIMIT ?`,
    )
    .bind(date, role, board, BOARD_SIZE)
    .all<BoardRow>();
  const entries = rows.results.map((r, i) => entry(r, i + 1));
  await edgeCache().put(cacheUrl(date, role, board), new Response(JSON.stringify(entries), { headers: { "content-type": "application/json", "cache-control": `max-age=${BOARD_TTL_S}` } }));
  return entries;
}

function topEntries(db: D1Database, date: string, role: string, board: string): Promise<BoardEntry[]> {
  const key = `${date}/${role}/${board}`;
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && hit.until > now) return hit.entries;
  const entries = loadTop(db, date, role, board);
  const slot = { until: now + Math.min(1000, BOARD_TTL_S * 1000), entries };
  memo.delete(key);
  memo.set(key, slot);
  // Bounded: a stranger asking for many dates must not grow the isolate's memory (a Map iterates oldest first).
  while (memo.size > MEMO_MAX) memo.delete(memo.keys().next().value!);
  // A failed load is not remembered.
  entries.catch(() => memo.get(key) === slot && memo.delete(key));
  return entries;
}

/** The caller's own place: their row and how many rows rank above it. */
async function ownEntry(db: D1Database, account: string, date: string, role: string, board: string): Promise<BoardEntry | null> {
  const row = await db
    .prepare(
      `SELECT b.account_id, a.name, b.reached, b.k1, b.k2, b.finished_at, b.score, b.rounds, b.mirror, b.helped,
              (SELECT COUNT(*) FROM daily_board o WHERE o.date = b.date AND o.role = b.role AND o.board = b.board AND
                 (o.reached > b.reached OR (o.reached = b.reached AND (o.k1 < b.k1 OR (o.k1 = b.k1 AND
                 (o.k2 < b.k2 OR (o.k2 = b.k2 AND o.finished_at < b.finished_at))))))) AS above
       FROM daily_board b JOIN accounts a ON a.id = b.account_id WHERE b.date = ? AND b.role = ? AND b.board = ? AND b.account_id = ?`,
    )
    .bind(date, role, board, account)
    .first<BoardRow & { above: number }>();
  return row ? entry(row, row.above + 1) : null;
}

async function dayInfo(secret: string, date: string, today: string) {
  const seed = await dailySeed(secret, date);
  return { date, commitment: await commitment(seed), seed: date < today ? seed : null };
}

export const daily = new Hono<AccountEnv>()
  /** Today's commitment (SHA-256 of the seed) and yesterday's seed, so anyone can check yesterday's deal. */
  .get("/", async (c) => {
    const today = berlinDate(Date.now());
    const previous = addDays(today, -1);
    const [now, prev] = await Promise.all([dayInfo(c.env.DAILY_SECRET, today, today), dayInfo(c.env.DAILY_SECRET, previous, today)]);
    return c.json({ date: today, commitment: now.commitment, previous: { date: previous, seed: prev.seed!, commitment: prev.commitment } });
  })
  /** Starts an attempt: a daily room against Stark with the day's seed. The first attempt of the day goes on the main board. */
  .post("/attempts", requireAccount, tableLimit, vJson(AttemptBody), async (c) => {
    const { role } = c.req.valid("json");
    const account = c.var.account;
    const limited = await accountTableLimit(c, account);
    if (limited) return limited;
    const now = Date.now();
    const date = berlinDate(now);
    const room = newToken().slice(0, 16);
    const seatToken = newToken();
    const seat = role === "conte" ? 0 : 1;
    const db = c.env.DB;
    const accounts: [string | null, string | null] = seat === 0 ? [account, null] : [null, account];
    let attempt: number;
    try {
      const row = await db
        .prepare(
          `INSERT INTO daily_attempts (room, account_id, date, role, attempt, created_at)
           SELECT ?1, ?2, ?3, ?4, COUNT(*) + 1, ?5 FROM daily_attempts WHERE account_id = ?2 AND date = ?3 HAVING COUNT(*) < ?6 RETURNING attempt`,
        )
        .bind(room, account, date, role, now, MAX_ATTEMPTS_PER_DAY)
        .first<{ attempt: number }>();
      if (!row) return c.json({ error: "TOO_MANY_ATTEMPTS" as const, message: `At most ${MAX_ATTEMPTS_PER_DAY} attempts per day.` }, 429);
      attempt = row.attempt;
    } catch (e) {
      // Two attempts started at the same moment: the UNIQUE (account, date, attempt) refused the second.
      if (String(e).includes("UNIQUE")) return c.json({ error: "CONFLICT" as const, message: "Another attempt is being started; try again." }, 409);
      throw e;
    }
    const human = { type: "human", tokenHash: await hashToken(seatToken) } as const;
    const computer = { type: "computer", level: DAILY_LEVEL } as const;
    const config: Omit<RoomConfig, "accounts"> = {
      kind: "daily",
      options: DAILY_OPTIONS,
      seed: await dailySeed(c.env.DAILY_SECRET, date),
      rated: false,
      seats: seat === 0 ? [human, computer] : [computer, human],
      clock: null,
    };
    await openTable(c.env, { game: "battlemaske", kind: "daily", rated: false, stake: 0, ruleset: DAILY_OPTIONS.ruleset, variant: DAILY_OPTIONS.variant, level: DAILY_LEVEL, accounts }, config, room);
    return c.json({ room, seatToken, seat, date, attempt, socket: `/parties/battlemaske-room/${room}` }, 201);
  })
  /**
   * One of the caller's own attempts: its daily score once the room has reported the end (`finished`), and where it
   * stands on the day's boards. Someone else's attempt, or no attempt: 404.
   */
  .get("/attempts/:room", requireAccount, vParam(RoomParam), async (c) => {
    const { room } = c.req.valid("param");
    const db = c.env.DB;
    const at = await db.prepare("SELECT account_id, date, role, attempt FROM daily_attempts WHERE room = ?").bind(room).first<{ account_id: string; date: string; role: "conte" | "maske"; attempt: number }>();
    if (!at || at.account_id !== c.var.account) return c.json({ error: "NO_ATTEMPT" as const, message: "You have no daily attempt at this table." }, 404);
    c.header("cache-control", "private, no-store");
    const base = { room, date: at.date, role: at.role, attempt: at.attempt };
    const res = await db.prepare("SELECT report, outcome FROM results WHERE room = ?").bind(room).first<{ report: string; outcome: string }>();
    if (!res) return c.json({ ...base, finished: false as const });
    const r = JSON.parse(res.report) as { roles: ["conte" | "maske", "conte" | "maske"]; mirror: number; rounds: number; lastRoundTricks: [number, number]; finishedAt: number; helped: boolean[]; result: { winner: number | null; draw: boolean; reason: string } };
    const daily = (JSON.parse(res.outcome) as { daily: { reached: boolean; helped: boolean; late: boolean; firstBoard: boolean } | null }).daily;
    const seat = r.roles[0] === at.role ? 0 : 1;
    const reached = daily?.reached ?? (!r.result.draw && r.result.winner === seat && r.result.reason === "rules");
    const key = boardKey({ role: at.role, reached, mirror: r.mirror, rounds: r.rounds, lastRoundTricks: r.lastRoundTricks, finishedAt: r.finishedAt });
    const late = daily?.late ?? false;
    const [first, best] = late ? [null, null] : await Promise.all([placeOn(db, at.date, at.role, "first", at.account_id, room, key), placeOn(db, at.date, at.role, "best", at.account_id, room, key)]);
    return c.json({
      ...base,
      finished: true as const,
      reached,
      score: key.score,
      mirror: r.mirror,
      rounds: r.rounds,
      helped: daily?.helped ?? r.helped[seat] === true,
      late,
      firstBoard: daily?.firstBoard ?? false,
      boards: { first, best },
    });
  })
  /** A day's commitment, and its seed once the day is over (null before). Commitments are published up to a day ahead. */
  .get("/:date", vParam(DateParam), async (c) => {
    const { date } = c.req.valid("param");
    const today = berlinDate(Date.now());
    if (date > addDays(today, 1)) return c.json({ error: "NOT_YET" as const, message: `The commitment for ${date} is not published yet.` }, 404);
    return c.json(await dayInfo(c.env.DAILY_SECRET, date, today));
  })
  /** The top 100 of a day and role ("first": each account's first attempt; "best": its best attempt without help), plus the caller's own rank. */
  .get("/:date/leaderboard", vParam(DateParam), vQuery(BoardQuery), async (c) => {
    const { date } = c.req.valid("param");
    const { role, board } = c.req.valid("query");
    if (date > berlinDate(Date.now())) return c.json({ error: "NOT_YET" as const, message: `There is no board for ${date} yet.` }, 404);
    if (date < FIRST_BOARD_DATE) return c.json({ error: "NOT_FOUND" as const, message: `There are no boards before ${FIRST_BOARD_DATE}.` }, 404);
    const account = c.req.header("authorization") ? await accountOf(c) : null;
    const entries = await topEntries(c.env.DB, date, role, board);
    if (!account) {
      c.header("cache-control", `public, max-age=${BOARD_TTL_S}`);
      return c.json({ date, role, board, entries });
    }
    c.header("cache-control", "private, no-store");
    return c.json({ date, role, board, entries, me: await ownEntry(c.env.DB, account, date, role, board) });
  });
