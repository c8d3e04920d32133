// A finished game, as a room reports it (POST /internal/results): ratings, Taler, "Bilanz", the daily boards and the
// archive, written in one D1 batch keyed by the room, so a second report of the same game changes nothing.
import * as v from "valibot";
import { RULESETS, VARIANTS } from "../shared/battlemaske/index.js";
import { boardKey, type Role } from "./daily-score";
import { berlinDate } from "./daily-seed";
import { eloDeltas, pointDeltas } from "./ratings";
import { stakeStatements } from "./taler";

const Seat = v.picklist([0, 1]);
const RoleSchema = v.picklist(["conte", "maske"]);
const Account = v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(64)));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const ResultReport = v.object({
  room: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "room must be 1 to 64 characters of A-Z a-z 0-9 _ -")),
  kind: v.picklist(["computer", "online", "daily"]),
  rated: v.boolean(),
  options: v.object({ ruleset: v.picklist(RULESETS), variant: v.picklist(VARIANTS) }),
  level: v.nullable(v.pipe(v.string(), v.maxLength(32))),
  accounts: v.tuple([Account, Account]),
  result: v.object({ winner: v.nullable(Seat), draw: v.boolean(), reason: v.picklist(["rules", "resign", "leave", "timeout", "aborted"]) }),
  helped: v.tuple([v.boolean(), v.boolean()]),
  roles: v.tuple([RoleSchema, RoleSchema]),
  mirror: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  rounds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)),
  lastRoundTricks: v.tuple([Count, Count]),
  cardsPlayed: Count,
  startedAt: Count,
  finishedAt: Count,
  stake: Count,
  log: v.pipe(
    v.array(v.object({ version: v.pipe(v.number(), v.integer(), v.minValue(1)), time: v.number(), actor: v.string(), event: v.looseObject({ type: v.string() }) })),
    v.maxLength(20_000),
  ),
});
export type ResultReport = v.InferOutput<typeof ResultReport>;

/** A rated game counts only after 10 played cards or 3 minutes (the room already reports early exits as "aborted"). */
export const RATED_MIN_CARDS = 10;
export const RATED_MIN_MS = 3 * 60_000;

export interface RatingChange {
  readonly account: string;
  readonly points: number;
  readonly eloBefore: number;
  readonly eloAfter: number;
}

/** What the Worker made of a report; stored with the result and answered again for a repeated report. */
export interface ResultOutcome {
  readonly room: string;
  /** Whether ratings (points, Elo) and the stake moved. */
  readonly counted: boolean;
  readonly ratings: readonly RatingChange[];
  /** Taler moved from the loser to the winner (0: none). */
  readonly taler: number;
  /** The daily attempt's board entry, when this was a daily game. */
  readonly daily: {
    readonly date: string;
    readonly role: Role;
    readonly attempt: number;
    readonly reached: boolean;
    /** The attempt used "Rat" or "Karte zurück": marked "mit Hilfe" on the main board, never on the best board. */
    readonly helped: boolean;
    /** It ended after its day was over (the seed was public by then): on no board. */
    readonly late: boolean;
    /** It went on the main board: the day's first attempt, finished before the account started another one. */
    readonly firstBoard: boolean;
  } | null;
}

export interface Recorded {
  readonly duplicate: boolean;
  readonly outcome: ResultOutcome;
}

interface AccountRow {
  id: string;
  elo: number;
  rated_games: number;
  taler: number;
}

function levelOf(kind: string, rated: boolean, r: ResultReport): string {
  if (kind === "computer") return r.level ?? "computer";
  if (kind === "daily") return "daily";
  return rated ? "rated" : "friendly";
}

/** A report for a room the Worker never created (POST /internal/results answers 404). */
export class UnknownRoom extends Error {
  constructor(readonly room: string) {
    super(`no room ${room} was created by the Worker`);
  }
}

async function storedOutcome(db: D1Database, room: string): Promise<ResultOutcome | null> {
  const row = await db.prepare("SELECT outcome FROM results WHERE room = ?").bind(room).first<{ outcome: string }>();
  return row ? (JSON.parse(row.outcome) as ResultOutcome) : null;
}

/** Records one finished game exactly once. Plain function: the rooms may call it directly as well as through the route. */
export async function recordResult(db: D1Database, r: ResultReport, now = Date.now()): Promise<Recorded> {
  // All reads in one round trip: an earlier outcome, the Worker's record of the room, the daily attempt, the accounts.
  const [known, game, invited, attempt, later, found] = await db.batch([
    db.prepare("SELECT outcome FROM results WHERE room = ?").bind(r.room),
    db.prepare("SELECT kind, rated, stake, account0, account1 FROM games WHERE room = ?").bind(r.room),
    db.prepare("SELECT seat, account_id FROM invites WHERE room = ? AND claimed = 1").bind(r.room),
    db.prepare("SELECT account_id, date, role, attempt FROM daily_attempts WHERE room = ?").bind(r.room),
    // When the same account began its next attempt that day (a first attempt must end before it to count as first).
    db
      .prepare("SELECT MIN(o.created_at) AS at FROM daily_attempts a JOIN daily_attempts o ON o.account_id = a.account_id AND o.date = a.date AND o.attempt > a.attempt WHERE a.room = ?")
      .bind(r.room),
    db.prepare("SELECT id, elo, rated_games, taler FROM accounts WHERE id IN (?1, ?2)").bind(r.accounts[0] ?? "", r.accounts[1] ?? ""),
  ]);
  const earlier = known!.results[0] as { outcome: string } | undefined;
  if (earlier) return { duplicate: true, outcome: JSON.parse(earlier.outcome) as ResultOutcome };

  // Only rooms the Worker created are booked: a leaked ROOM_SECRET cannot invent games.
  const g = game!.results[0] as { kind: string; rated: number; stake: number; account0: string | null; account1: string | null } | undefined;
  if (!g) throw new UnknownRoom(r.room);
  // An account is booked at a seat only if the Worker seated it there (as creator, or by its claim of the invite) and
  // the room reports it there too (the room records the account that claimed each seat token); else the seat counts as
  // a guest. Kind, rating and stake are the Worker's own record, never the report's.
  const seated: [string | null, string | null] = [g.account0, g.account1];
  for (const i of invited!.results as Array<{ seat: number; account_id: string | null }>) if (i.seat === 0 || i.seat === 1) seated[i.seat] = i.account_id;
  const ids = ([0, 1] as const).map((s) => (seated[s] !== null && seated[s] === r.accounts[s] ? seated[s] : null)) as [string | null, string | null];
  const rated = g.rated === 1;
  const stake = rated ? g.stake : 0;
  const rows = ids.map((id) => (found!.results as AccountRow[]).find((a) => a.id === id) ?? null) as [AccountRow | null, AccountRow | null];
  const accounts = rows.map((a) => a?.id ?? null) as [string | null, string | null];

  const { winner, draw, reason } = r.result;
  const early = r.cardsPlayed < RATED_MIN_CARDS && r.finishedAt - r.startedAt < RATED_MIN_MS;
  // A game between two people that ended early other than by the rules (resigned, left, timed out before 10 cards and
  // 3 minutes) counts for nobody's records either: otherwise one person with a guest seat and an account could book
  // friendly wins without a card played (the room reports it "aborted" when rated; unrated it shows the resignation).
  const earlyExit = g.kind === "online" && early && reason !== "rules";
  const decided = reason !== "aborted" && !earlyExit && (draw || winner !== null);
  const counted = rated && decided && rows[0] !== null && rows[1] !== null && accounts[0] !== accounts[1] && !(early && reason !== "rules");

  const stmts: D1PreparedStatement[] = [];
  const ratings: RatingChange[] = [];
  let taler = 0;
  if (counted) {
    const [a0, a1] = rows as [AccountRow, AccountRow];
    const score0 = draw ? 0.5 : winner === 0 ? 1 : 0;
    const elo = eloDeltas({ elo: a0.elo, ratedGames: a0.rated_games }, { elo: a1.elo, ratedGames: a1.rated_games }, score0);
    const points = pointDeltas(draw ? null : winner);
    for (const s of [0, 1] as const) {
      const a = rows[s]!;
      ratings.push({ account: a.id, points: points[s], eloBefore: Math.round(a.elo), eloAfter: Math.round(a.elo + elo[s]) });
      // Relative updates: two games of one account reported at the same time both count.
      stmts.push(db.prepare("UPDATE accounts SET points = points + ?, elo = elo + ?, rated_games = rated_games + 1 WHERE id = ?").bind(points[s], elo[s], a.id));
    }
    if (stake > 0 && !draw && winner !== null) {
      const w = rows[winner]!;
      const l = rows[winner === 0 ? 1 : 0]!;
      taler = Math.min(stake, l.taler);
      stmts.push(...stakeStatements(db, r.room, w.id, l.id, stake, now));
    }
  }

  if (decided) {
    const level = levelOf(g.kind, rated, r);
    for (const s of [0, 1] as const) {
      const id = accounts[s];
      if (!id) continue;
      const role = r.options.variant === "profi" ? "profi" : r.roles[s];
      const [w, l, d] = draw ? [0, 0, 1] : winner === s ? [1, 0, 0] : [0, 1, 0];
      stmts.push(
        db
          .prepare(
            `INSERT INTO records (account_id, game, level, role, helped, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT DO UPDATE SET wins = wins + excluded.wins, losses = losses + excluded.losses, draws = draws + excluded.draws`,
          )
          .bind(id, r.options.ruleset, level, role, r.helped[s] ? 1 : 0, w, l, d),
      );
    }
  }

  let daily: ResultOutcome["daily"] = null;
  const at = attempt!.results[0] as { account_id: string; date: string; role: Role; attempt: number } | undefined;
  // A daily attempt counts for its day only if it ended before the day did: at midnight (Europe/Berlin) the day's seed
  // is published, and an attempt finished after that could have been played knowing every card (ADR 004).
  if (g.kind === "daily" && at && berlinDate(r.finishedAt) === at.date) {
    const seat = r.roles[0] === at.role ? 0 : 1;
    const reached = !draw && winner === seat && reason === "rules";
    const helped = r.helped[seat] ? 1 : 0;
    const key = boardKey({ role: at.role, reached, mirror: r.mirror, rounds: r.rounds, lastRoundTricks: r.lastRoundTricks, finishedAt: r.finishedAt });
    const values = [at.date, at.role, at.account_id, r.room, key.reached, key.k1, key.k2, key.finishedAt, key.score, r.rounds, r.mirror, helped] as const;
    const insert = "INSERT INTO daily_board (date, role, board, account_id, room, reached, k1, k2, finished_at, score, rounds, mirror, helped) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    const [date, role, ...rest] = values;
    // The first attempt is on the main board as it was played; one with help carries the mark "mit Hilfe" there. But
    // only if it ended before the account started another attempt that day: the other attempt shows the same deal
    // (and, in the other role, Stark's hand), so a first attempt finished after it could be played knowing the cards.
    const next = (later!.results[0] as { at: number | null } | undefined)?.at ?? null;
    const first = at.attempt === 1 && (next === null || next > r.finishedAt);
    if (first) stmts.push(db.prepare(`${insert} ON CONFLICT DO NOTHING`).bind(date, role, "first", ...rest));
    if (!helped) {
      stmts.push(
        db
          .prepare(
            `${insert} ON CONFLICT DO UPDATE SET room = excluded.room, reached = excluded.reached, k1 = excluded.k1, k2 = excluded.k2,
               finished_at = excluded.finished_at, score = excluded.score, rounds = excluded.rounds, mirror = excluded.mirror
             WHERE excluded.reached > reached OR (excluded.reached = reached AND (excluded.k1 < k1 OR (excluded.k1 = k1 AND
               (excluded.k2 < k2 OR (excluded.k2 = k2 AND excluded.finished_at < finished_at)))))`,
          )
          .bind(date, role, "best", ...rest),
      );
    }
    daily = { date: at.date, role: at.role, attempt: at.attempt, reached, helped: helped === 1, late: false, firstBoard: first };
  } else if (g.kind === "daily" && at) {
    daily = { date: at.date, role: at.role, attempt: at.attempt, reached: false, helped: r.helped[r.roles[0] === at.role ? 0 : 1], late: true, firstBoard: false };
  }

  const outcome: ResultOutcome = { room: r.room, counted, ratings, taler, daily };
  // The result row goes first: a concurrent duplicate fails on its primary key and the whole batch rolls back.
  stmts.unshift(
    db
      .prepare(
        `INSERT INTO results (room, kind, rated, counted, ruleset, variant, level, account0, account1, winner, draw, reason, report, outcome, log, started_at, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        r.room, g.kind, rated ? 1 : 0, counted ? 1 : 0, r.options.ruleset, r.options.variant, r.level, accounts[0], accounts[1], winner, draw ? 1 : 0, reason,
        JSON.stringify({ ...r, log: undefined }), JSON.stringify(outcome), JSON.stringify(r.log), r.startedAt, r.finishedAt,
      ),
  );
  try {
    await db.batch(stmts);
  } catch (e) {
    const again = await storedOutcome(db, r.room);
    if (again) return { duplicate: true, outcome: again };
    throw e;
  }
  return { duplicate: false, outcome };
}

/**
 * For a room in the same Worker script that prefers a direct call to the HTTP route: validates `body` like
 * POST /internal/results does (throws a ValiError when it does not fit) and records it once.
 * Import it from "worker/results" (not "worker/index", which imports the rooms).
 */
export async function recordReport(db: D1Database, body: unknown, now = Date.now()): Promise<Recorded> {
  return recordResult(db, v.parse(ResultReport, body), now);
}
