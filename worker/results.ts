// A finished game, as a room reports it (POST /internal/results): ratings, Taler, "Bilanz", the daily boards and the
// archive, written in one D1 batch keyed by the room, so a second report of the same game changes nothing. Each concern
// (who held the seats, ratings and stake, records, the daily board, the archive) is one function below; recordResult
// reads everything in one round trip and writes everything in one batch (ADR 005).
import * as v from "valibot";
import type { GameDefinition } from "../shared/room/game.js";
import { countsAt, RATED_MIN_CARDS, RATED_MIN_MS, reportSchemaOf } from "../shared/room/report.js";
import { boardKey, type Role } from "./daily-score";
import { berlinDate } from "./daily-seed";
import { eloDeltas, pointDeltas } from "./ratings";
import { TABLE_GAMES, type TableGame } from "./tables";
import { releaseStatement, stakeStatements } from "./taler";

const REPORTS = new Map<unknown, ReturnType<typeof reportSchemaOf>>(Object.values(TABLE_GAMES).map((game) => [game.id, reportSchemaOf(game)]));
const NO_SUCH_GAME = v.object({ game: v.picklist([...REPORTS.keys()] as string[]) }) as unknown as ReturnType<typeof reportSchemaOf>;

/**
 * A room's result report, for any game: the room's part and the game's own (shared/room/report.ts), checked by the
 * schema of the game it names (so an error names the field, not "no schema matched"). Without `game`: Battlemaske.
 */
export const ResultReport = v.lazy((input) => {
  const game = typeof input === "object" && input !== null && "game" in input ? (input as { game: unknown }).game : "battlemaske";
  return REPORTS.get(game) ?? NO_SUCH_GAME;
});
export type ResultReport = v.InferOutput<typeof ResultReport>;
/** Battlemaske's report, the one with roles, mirror and rounds (the daily board reads them). */
type BattlemaskeReport = v.InferOutput<ReturnType<typeof reportSchemaOf>> & { readonly game: "battlemaske"; readonly roles: readonly [Role, Role]; readonly mirror: number; readonly rounds: number; readonly lastRoundTricks: readonly [number, number] };

export { RATED_MIN_CARDS, RATED_MIN_MS };

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

interface GameRow {
  game: TableGame;
  kind: string;
  rated: number;
  stake: number;
  account0: string | null;
  account1: string | null;
}

/** Everything a report is checked against, read in one round trip. */
interface Known {
  readonly earlier: ResultOutcome | null;
  readonly game: GameRow | undefined;
  readonly invited: ReadonlyArray<{ seat: number; account_id: string | null }>;
  readonly attempt: { account_id: string; date: string; role: Role; attempt: number } | undefined;
  /** When the same account began its next daily attempt that day, if it did. */
  readonly nextAttemptAt: number | null;
  readonly accounts: readonly AccountRow[];
}

async function readKnown(db: D1Database, r: ResultReport): Promise<Known> {
  const ids = [0, 1, 2, 3].map((s) => r.accounts[s] ?? "");
  const [known, game, invited, attempt, later, found] = await db.batch([
    db.prepare("SELECT outcome FROM results WHERE room = ?").bind(r.room),
    db.prepare("SELECT game, kind, rated, stake, account0, account1 FROM games WHERE room = ?").bind(r.room),
    db.prepare("SELECT seat, account_id FROM invites WHERE room = ? AND claimed = 1").bind(r.room),
    db.prepare("SELECT account_id, date, role, attempt FROM daily_attempts WHERE room = ?").bind(r.room),
    db
      .prepare("SELECT MIN(o.created_at) AS at FROM daily_attempts a JOIN daily_attempts o ON o.account_id = a.account_id AND o.date = a.date AND o.attempt > a.attempt WHERE a.room = ?")
      .bind(r.room),
    db.prepare("SELECT id, elo, rated_games, taler FROM accounts WHERE id IN (?1, ?2, ?3, ?4)").bind(...ids),
  ]);
  const earlier = known!.results[0] as { outcome: string } | undefined;
  return {
    earlier: earlier ? (JSON.parse(earlier.outcome) as ResultOutcome) : null,
    game: game!.results[0] as GameRow | undefined,
    invited: invited!.results as Array<{ seat: number; account_id: string | null }>,
    attempt: attempt!.results[0] as Known["attempt"],
    nextAttemptAt: (later!.results[0] as { at: number | null } | undefined)?.at ?? null,
    accounts: found!.results as AccountRow[],
  };
}

/**
 * The account booked at each seat: only one the Worker seated there (as creator, or by its claim of the invite) and
 * the room reports there too (the room records the account that claimed each seat token); else the seat counts as a
 * guest. null for a guest, a computer seat, or an account that no longer exists.
 */
function bookedAccounts(g: GameRow, known: Known, r: ResultReport): Array<AccountRow | null> {
  const seated: Array<string | null> = r.accounts.map((_, s) => (s === 0 ? g.account0 : s === 1 ? g.account1 : null));
  for (const i of known.invited) if (i.seat >= 0 && i.seat < seated.length) seated[i.seat] = i.account_id;
  // One account is booked once per game, at its first seat: should it ever hold two seats of one table (the claim
  // refuses that; this is the second guard), a later seat counts as a guest's — no second Bilanz row, no second game
  // in Meine Partien, no duel against itself.
  const booked = new Set<string>();
  return seated.map((id, s) => {
    if (id === null || id !== r.accounts[s] || booked.has(id)) return null;
    booked.add(id);
    return known.accounts.find((a) => a.id === id) ?? null;
  });
}

/** Points, Elo and the stake of a rated duel that counted; relative updates, so two games of one account reported at once both count. */
function ratingStatements(db: D1Database, r: ResultReport, rows: ReadonlyArray<AccountRow | null>, stake: number, now: number): { stmts: D1PreparedStatement[]; ratings: RatingChange[]; taler: number } {
  const [a0, a1] = rows as [AccountRow, AccountRow];
  const { winner, draw } = r.result;
  const score0 = draw ? 0.5 : winner === 0 ? 1 : 0;
  const elo = eloDeltas({ elo: a0.elo, ratedGames: a0.rated_games }, { elo: a1.elo, ratedGames: a1.rated_games }, score0);
  const points = pointDeltas(draw ? null : (winner as 0 | 1 | null));
  const stmts: D1PreparedStatement[] = [];
  const ratings: RatingChange[] = [];
  for (const s of [0, 1] as const) {
    const a = rows[s]!;
    ratings.push({ account: a.id, points: points[s], eloBefore: Math.round(a.elo), eloAfter: Math.round(a.elo + elo[s]) });
    stmts.push(db.prepare("UPDATE accounts SET points = points + ?, elo = elo + ?, rated_games = rated_games + 1 WHERE id = ?").bind(points[s], elo[s], a.id));
  }
  let taler = 0;
  if (stake > 0 && !draw && winner !== null) {
    const w = rows[winner]!;
    const l = rows[winner === 0 ? 1 : 0]!;
    taler = Math.min(stake, l.taler);
    stmts.push(...stakeStatements(db, r.room, w.id, l.id, stake, now));
  }
  return { stmts, ratings, taler };
}

/** One win, loss or draw in each booked seat's Bilanz, filed where the game says (its definition's report.bilanz). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function recordStatements(db: D1Database, r: ResultReport, game: GameDefinition<any, any, any, any>, level: string, accounts: ReadonlyArray<string | null>): D1PreparedStatement[] {
  const { winner, draw, team } = r.result;
  return accounts.flatMap((id, s) => {
    if (!id) return [];
    const at = game.report.bilanz(r, s, level);
    // A team's result is every member's; a duel's is the seat's own.
    const won = team !== undefined ? team === "won" : winner === s;
    const [w, l, d] = draw ? [0, 0, 1] : won ? [1, 0, 0] : [0, 1, 0];
    return [
      db
        .prepare(
          `INSERT INTO records (account_id, game, level, role, helped, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT DO UPDATE SET wins = wins + excluded.wins, losses = losses + excluded.losses, draws = draws + excluded.draws`,
        )
        .bind(id, at.game, at.level, at.role, r.helped[s] ? 1 : 0, w, l, d),
    ];
  });
}

/**
 * A daily attempt on the boards. It counts for its day only if it ended before the day did: at midnight
 * (Europe/Berlin) the day's seed is published, and an attempt finished after that could have been played knowing
 * every card (ADR 004).
 */
function dailyStatements(db: D1Database, r: BattlemaskeReport, at: NonNullable<Known["attempt"]>, nextAttemptAt: number | null): { stmts: D1PreparedStatement[]; daily: NonNullable<ResultOutcome["daily"]> } {
  const seat = r.roles[0] === at.role ? 0 : 1;
  if (berlinDate(r.finishedAt) !== at.date) {
    return { stmts: [], daily: { date: at.date, role: at.role, attempt: at.attempt, reached: false, helped: r.helped[seat] === true, late: true, firstBoard: false } };
  }
  const { winner, draw, reason } = r.result;
  const reached = !draw && winner === seat && reason === "rules";
  const helped = r.helped[seat] ? 1 : 0;
  const key = boardKey({ role: at.role, reached, mirror: r.mirror, rounds: r.rounds, lastRoundTricks: r.lastRoundTricks, finishedAt: r.finishedAt });
  const values = [at.date, at.role, at.account_id, r.room, key.reached, key.k1, key.k2, key.finishedAt, key.score, r.rounds, r.mirror, helped] as const;
  const insert = "INSERT INTO daily_board (date, role, board, account_id, room, reached, k1, k2, finished_at, score, rounds, mirror, helped) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  const [date, role, ...rest] = values;
  const stmts: D1PreparedStatement[] = [];
  // The first attempt is on the main board as it was played; one with help carries the mark "mit Hilfe" there. But
  // only if it ended before the account started another attempt that day: the other attempt shows the same deal
  // (and, in the other role, Stark's hand), so a first attempt finished after it could be played knowing the cards.
  const first = at.attempt === 1 && (nextAttemptAt === null || nextAttemptAt > r.finishedAt);
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
  return { stmts, daily: { date: at.date, role: at.role, attempt: at.attempt, reached, helped: helped === 1, late: false, firstBoard: first } };
}

/**
 * A game between two people that ended early other than by the rules (resigned, left, timed out before 10 cards and
 * 3 minutes) counts for nobody's records either: otherwise one person with a guest seat and an account could book
 * friendly wins without a card played (the room reports it "aborted" when rated; unrated it shows the resignation).
 * The same at a table of several people (`people`: the accounts booked at its seats): a stranger who took a free seat
 * at an open Goldwaage table and gave up at once booked a lost game for the whole team (a fresh-eyes attack). A table
 * of one person with computer team-mates counts as it ends: nobody else's record is at stake there.
 * Meine Partien calls such a game "abgebrochen" too (worker/api/me.ts).
 */
export function endedUncounted(kind: string, cardsPlayed: number, startedAt: number, finishedAt: number, reason: string, people: number): boolean {
  return (kind === "online" || (kind === "table" && people >= 2)) && !countsAt(cardsPlayed, startedAt, finishedAt) && reason !== "rules";
}

/** The archive: the result row (its primary key makes a concurrent duplicate fail the whole batch) and one row per booked seat. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function archiveStatements(db: D1Database, r: ResultReport, g: GameRow, game: GameDefinition<any, any, any, any>, accounts: ReadonlyArray<string | null>, counted: boolean, outcome: ResultOutcome): D1PreparedStatement[] {
  const { winner, draw, reason, team } = r.result;
  const { ruleset, variant, level = r.level } = game.report.archive(r);
  return [
    db
      .prepare(
        `INSERT INTO results (room, game, kind, rated, counted, ruleset, variant, level, account0, account1, winner, draw, reason, team, report, outcome, log, started_at, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        r.room, game.id, g.kind, g.rated === 1 ? 1 : 0, counted ? 1 : 0, ruleset, variant, level, accounts[0] ?? null, accounts[1] ?? null, winner, draw ? 1 : 0, reason, team ?? null,
        JSON.stringify({ ...r, log: undefined }), JSON.stringify(outcome), JSON.stringify(r.log), r.startedAt, r.finishedAt,
      ),
    ...accounts.flatMap((id, seat) => (id ? [db.prepare("INSERT INTO result_seats (room, seat, account_id, finished_at) VALUES (?, ?, ?, ?)").bind(r.room, seat, id, r.finishedAt)] : [])),
  ];
}

/** Records one finished game exactly once. Plain function: the rooms may call it directly as well as through the route. */
export async function recordResult(db: D1Database, r: ResultReport, now = Date.now()): Promise<Recorded> {
  const known = await readKnown(db, r);
  if (known.earlier) return { duplicate: true, outcome: known.earlier };

  // Only rooms the Worker created are booked: a leaked ROOM_SECRET cannot invent games. Kind, rating and stake are
  // the Worker's own record, never the report's; so is the game (a report of another game's shape is refused).
  const g = known.game;
  const game = g ? TABLE_GAMES[g.game] : undefined;
  if (!g || !game || (r.game ?? "battlemaske") !== game.id) throw new UnknownRoom(r.room);
  const rows = bookedAccounts(g, known, r);
  const accounts = rows.map((a) => a?.id ?? null);
  const rated = g.rated === 1;

  const { winner, draw, reason, team } = r.result;
  const early = !countsAt(r.cardsPlayed, r.startedAt, r.finishedAt);
  const earlyExit = endedUncounted(g.kind, r.cardsPlayed, r.startedAt, r.finishedAt, reason, rows.filter((a) => a !== null).length) || r.result.uncounted === true;
  const decided = reason !== "aborted" && !earlyExit && (draw || winner !== null || team !== undefined);
  // Ratings move only in a rated duel between two different accounts.
  const counted = rated && decided && rows.length === 2 && rows[0] !== null && rows[1] !== null && accounts[0] !== accounts[1] && !(early && reason !== "rules");

  const stmts: D1PreparedStatement[] = [];
  let ratings: RatingChange[] = [];
  let taler = 0;
  if (counted) {
    const moved = ratingStatements(db, r, rows, rated ? g.stake : 0, now);
    stmts.push(...moved.stmts);
    ({ ratings, taler } = moved);
  }
  if (decided) stmts.push(...recordStatements(db, r, game, levelOf(g.kind, rated, r), accounts));

  let daily: ResultOutcome["daily"] = null;
  if (g.kind === "daily" && known.attempt && game.id === "battlemaske") {
    const d = dailyStatements(db, r as BattlemaskeReport, known.attempt, known.nextAttemptAt);
    stmts.push(...d.stmts);
    daily = d.daily;
  }

  // The stakes held for this table end with its booking, counted or not (ADR 031); in this batch, so exactly once.
  if (g.stake > 0) stmts.push(releaseStatement(db, r.room));

  const outcome: ResultOutcome = { room: r.room, counted, ratings, taler, daily };
  // The result row goes first: a concurrent duplicate fails on its primary key and the whole batch rolls back.
  stmts.unshift(...archiveStatements(db, r, g, game, accounts, counted, outcome));
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
