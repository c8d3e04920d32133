// The caller's own account: profile with points, Elo, Taler and "Bilanz", the display name, the Taler ledger, "Meine Partien".
import { Hono } from "hono";
import * as v from "valibot";
import { addDays, berlinDate } from "../daily-seed";
import { hashToken } from "../../party/tokens";
import { DisplayName, nameKey, nameSkeleton, newRecoveryCode } from "../names";
import { endedUncounted } from "../results";
import { heldSql } from "../taler";
import { newSession, requireAccount, type AccountEnv } from "./auth";
import { vJson, vQuery } from "./validate";
import { getServerByName } from "partyserver";
import { LOBBY_NAME } from "../../party/lobby";

const NameBody = v.strictObject({ name: DisplayName });
const Page = v.strictObject({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, "limit must be a number from 1 to 100"), v.transform(Number), v.minValue(1), v.maxValue(100)), "20"),
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, "before must be a time in milliseconds"), v.transform(Number))),
});

interface AccountRow {
  id: string;
  name: string | null;
  points: number;
  elo: number;
  rated_games: number;
  taler: number;
}

export const me = new Hono<AccountEnv>()
  .use(requireAccount)
  .get("/", async (c) => {
    const db = c.env.DB;
    const id = c.var.account;
    const [acc, rec] = await db.batch([
      db.prepare(`SELECT id, name, points, elo, rated_games, taler, ${heldSql("a.id", 2)} AS held FROM accounts a WHERE id = ?1`).bind(id, Date.now()),
      db.prepare("SELECT game, level, role, helped, wins, losses, draws FROM records WHERE account_id = ? ORDER BY game, level, role, helped").bind(id),
    ]);
    const a = acc!.results[0] as AccountRow & { held: number };
    const records = (rec!.results as Array<{ game: string; level: string; role: string; helped: number; wins: number; losses: number; draws: number }>).map((r) => ({ ...r, helped: r.helped === 1 }));
    return c.json({ id: a.id, name: a.name, points: a.points, elo: Math.round(a.elo), ratedGames: a.rated_games, taler: a.taler, held: a.held, records });
  })
  /** Chooses or changes the display name; names are unique regardless of case and of look-alike letters (name_skeleton). */
  .put("/name", vJson(NameBody), async (c) => {
    const { name } = c.req.valid("json");
    try {
      await c.env.DB.prepare("UPDATE accounts SET name = ?, name_key = ?, name_skeleton = ? WHERE id = ?").bind(name, nameKey(name), nameSkeleton(name), c.var.account).run();
    } catch (e) {
      if (String(e).includes("UNIQUE")) return c.json({ error: "NAME_TAKEN" as const, message: `The name "${name}" is taken.` }, 409);
      throw e;
    }
    return c.json({ id: c.var.account, name }, 200);
  })
  /**
   * "Sign out other devices": every token of the account dies (this one too); this device gets a fresh one. The session
   * generation counts up, and the Wartesaal closes the account's sockets of earlier ones and refuses their tickets: a
   * device signed out kept its lobby socket and could accept a staked challenge for the account (a fresh-eyes attack).
   * This device's own lobby sockets are closed too; its page comes back at once with the fresh token.
   */
  .post("/sessions/revoke", async (c) => {
    if (!(await signOutBudget(c.env, c.var.account))) return signOutRefused(c);
    return c.json({ token: await signOutEverywhere(c.env, c.var.account) }, 200);
  })
  /**
   * A new recovery code; the old one stops working at once. Signing out other devices does not stop someone who knows
   * the code (it recovers a fresh token), so a code that was shown to someone must be replaceable — and the new code
   * signs every other device out again (as "sign out other devices"; this one gets a fresh token): a stolen token that
   * minted a code and recovered with it after the owner's sign-out stayed signed in through the owner's new code (a
   * fresh-eyes attack, following the Konto page's own advice).
   */
  .post("/recovery", async (c) => {
    if (!(await signOutBudget(c.env, c.var.account))) return signOutRefused(c);
    const recoveryCode = newRecoveryCode();
    await c.env.DB.prepare("UPDATE accounts SET recovery_hash = ? WHERE id = ?").bind(await hashToken(recoveryCode.replace(/-/g, "")), c.var.account).run();
    const token = await signOutEverywhere(c.env, c.var.account);
    c.header("cache-control", "private, no-store");
    return c.json({ recoveryCode, token }, 200);
  })
  .get("/ledger", vQuery(Page), async (c) => {
    const { limit } = c.req.valid("query");
    const rows = await c.env.DB.prepare("SELECT delta, reason, room, created_at AS time FROM ledger WHERE account_id = ? ORDER BY id DESC LIMIT ?").bind(c.var.account, limit).all();
    return c.json({ entries: rows.results });
  })
  /** "Meine Partien": finished games of every seat this account held, newest first; each replayable at GET /api/games/{id}. */
  .get("/games", vQuery(Page), async (c) => {
    const { limit, before } = c.req.valid("query");
    const id = c.var.account;
    const db = c.env.DB;
    const mine = "SELECT room, seat FROM result_seats WHERE account_id = ?1 AND finished_at < ?2 ORDER BY finished_at DESC LIMIT ?3";
    const [own, named] = await db.batch([
      db
        .prepare(
          `SELECT r.room, r.game, r.kind, r.rated, r.ruleset, r.variant, r.level, r.winner, r.draw, r.reason, r.team, r.finished_at, r.started_at, json_extract(r.report, '$.cardsPlayed') AS cards_played, json_extract(r.report, '$.result.uncounted') AS room_uncounted, m.seat, d.date AS daily_date
           FROM (${mine}) m JOIN results r ON r.room = m.room LEFT JOIN daily_attempts d ON d.room = r.room ORDER BY r.finished_at DESC`,
        )
        .bind(id, before ?? Number.MAX_SAFE_INTEGER, limit),
      // The names at the other seats of those games (a duel's opponent, a team's other players).
      db
        .prepare(`SELECT s.room, s.seat, a.name FROM result_seats s JOIN accounts a ON a.id = s.account_id WHERE s.room IN (SELECT room FROM (${mine})) AND s.account_id <> ?1`)
        .bind(id, before ?? Number.MAX_SAFE_INTEGER, limit),
    ]);
    type Row = { room: string; game: string; kind: string; rated: number; ruleset: string; variant: string; level: string | null; winner: number | null; draw: number; reason: string; team: string | null; finished_at: number; started_at: number; cards_played: number | null; room_uncounted: number | null; seat: number; daily_date: string | null };
    const today = berlinDate(Date.now());
    const others = named!.results as Array<{ room: string; seat: number; name: string | null }>;
    const games = (own!.results as Row[]).map((r) => {
      // An early end no record counts (worker/results.ts endedUncounted) is "aborted" here too, not a win or a loss.
      const players = others.filter((o) => o.room === r.room).sort((a, b) => a.seat - b.seat);
      const uncounted = endedUncounted(r.kind, r.cards_played ?? 0, r.started_at, r.finished_at, r.reason, 1 + players.length) || r.room_uncounted === 1;
      // Before a draw or a team's result: two flags falling together before the first card were listed "Remis" under the
      // sheet's "steht als abgebrochen" (a fresh-eyes pass).
      const outcome = uncounted ? "aborted" : r.draw ? "draw" : r.team ? (r.team === "won" ? "win" : "loss") : r.winner === null ? "aborted" : r.winner === r.seat ? "win" : "loss";
      const opponent = r.game === "battlemaske" ? (players[0]?.name ?? null) : null;
      return { id: r.room, game: r.game, kind: r.kind, rated: r.rated === 1, ruleset: r.ruleset, variant: r.variant, level: r.level, seat: r.seat, outcome, reason: r.reason, opponent, others: players.map((p) => ({ seat: p.seat, name: p.name })), finishedAt: r.finished_at,
        // A daily game's whole log is public from the day after it (its seed decides every attempt of that day);
        // until then GET /api/games/{id} serves only its own player's view of it (bearer).
        ...(r.daily_date ? { date: r.daily_date, logPublicFrom: r.daily_date < today ? null : addDays(r.daily_date, 1) } : {}) };
    });
    return c.json({ games });
  });

/**
 * Every token of `account` dies and one fresh token is made for the caller's device. The session generation counts up
 * (`signed_out_at` too: a rematch of a table opened before is refused, worker/api/internal.ts), and the Wartesaal closes
 * the account's sockets of earlier tickets: a device signed out kept its lobby socket and accepted a staked challenge
 * for the account (a fresh-eyes attack).
 */
async function signOutEverywhere(env: Cloudflare.Env, account: string): Promise<string> {
  const { token, insert } = await newSession(env.DB, account);
  const [, gen] = await env.DB.batch([
    env.DB.prepare("DELETE FROM sessions WHERE account_id = ?").bind(account),
    env.DB.prepare("UPDATE accounts SET sessions_gen = sessions_gen + 1, signed_out_at = ? WHERE id = ? RETURNING sessions_gen").bind(Date.now(), account),
    insert,
  ]);
  const now = (gen?.results[0] as { sessions_gen: number } | undefined)?.sessions_gen ?? 0;
  try {
    await (await getServerByName(env.Lobby, LOBBY_NAME)).signedOut(account, now);
  } catch (err) {
    // The tokens are dead and every later ticket of an earlier generation is refused; only sockets already open stay
    // until they next reconnect. Said in the log, not to the player, whose sign-out did happen.
    console.error(`sign-out: telling the Wartesaal failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  return token;
}

/**
 * Signing out (and a new recovery code, which signs out too) wakes the Wartesaal and writes D1 each time: ten a minute
 * per account (ACCOUNT_LIMIT's budget, keyed by the account) — an attack pass sent 1,099 in 10 s from six accounts.
 */
async function signOutBudget(env: Cloudflare.Env, account: string): Promise<boolean> {
  return (await env.ACCOUNT_LIMIT.limit({ key: `signout:account:${account}` })).success;
}

function signOutRefused(c: { header(name: string, value: string): void; json: (body: unknown, status: 429) => Response }): Response {
  c.header("retry-after", "60");
  return c.json({ error: "RATE_LIMITED" as const, message: "Signed out or made a new code too often just now; try again in a minute." }, 429);
}
