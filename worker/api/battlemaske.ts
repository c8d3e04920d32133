// Creating Battlemaske tables: the Worker sets a room up and hands the player a seat token only it will ever see.
import { Hono, type Context } from "hono";
import { getServerByName } from "partyserver";
import * as v from "valibot";
import { RULESETS, VARIANTS } from "../../shared/battlemaske/index.js";
import type { RoomConfig } from "../../party/core/battlemaske-core";
import { hashToken, newToken } from "../../party/tokens";
import { accountOf } from "./auth";
import { vJson } from "./validate";

type Ctx = Context<{ Bindings: Cloudflare.Env }>;

/** The caller's account when an authorization header is sent: undefined without one, null for a wrong token (→ 401). */
async function optionalAccount(c: Ctx): Promise<string | null | undefined> {
  if (!c.req.header("authorization")) return undefined;
  return accountOf(c);
}

const unauthorized = (c: Ctx) => c.json({ error: "UNAUTHORIZED" as const, message: "The bearer token is not valid; leave it out to play as a guest." }, 401);

/** Records who sits where, so the result counts for the account ("Bilanz", archive list). */
async function recordGame(c: Ctx, room: string, kind: string, rated: boolean, options: { ruleset: string; variant: string }, level: string | null, accounts: readonly [string | null, string | null], inviteHash: string | null, inviteSeat: number | null): Promise<void> {
  await c.env.DB.prepare(
    "INSERT INTO games (room, kind, rated, stake, ruleset, variant, level, account0, account1, invite_hash, invite_seat, created_at) VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(room, kind, rated ? 1 : 0, options.ruleset, options.variant, level, accounts[0], accounts[1], inviteHash, inviteSeat, Date.now())
    .run();
}

const ComputerGame = v.strictObject({
  role: v.picklist(["conte", "maske"]),
  level: v.picklist(["leicht", "mittel", "stark"]),
  ruleset: v.optional(v.picklist(RULESETS), "battlemaske"),
  variant: v.optional(v.picklist(VARIANTS), "single"),
});

const OnlineGame = v.strictObject({
  role: v.picklist(["conte", "maske"]),
  rated: v.optional(v.boolean(), false),
  /** Minutes per player and seconds per action; null: no clock, with the 10-minute emergency brake. */
  clock: v.optional(
    v.nullable(v.strictObject({ minutes: v.pipe(v.number(), v.minValue(0.5), v.maxValue(180)), increment: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(180)) })),
    null,
  ),
  ruleset: v.optional(v.picklist(RULESETS), "battlemaske"),
  variant: v.optional(v.picklist(VARIANTS), "single"),
});

const Invite = v.strictObject({ room: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,32}$/)), invite: v.pipe(v.string(), v.minLength(20), v.maxLength(128)) });

export const battlemaske = new Hono<{ Bindings: Cloudflare.Env }>()
  .post("/online", vJson(OnlineGame), async (c) => {
    const body = c.req.valid("json");
    const account = await optionalAccount(c);
    if (account === null) return unauthorized(c);
    const room = newToken().slice(0, 16);
    const seatToken = newToken();
    const invite = newToken();
    const seat = body.role === "conte" ? 0 : 1;
    const creator = { type: "human", tokenHash: await hashToken(seatToken) } as const;
    const friend = { type: "invite", inviteHash: await hashToken(invite) } as const;
    const accounts: [string | null, string | null] = seat === 0 ? [account ?? null, null] : [null, account ?? null];
    const config: RoomConfig = {
      kind: "online",
      options: { ruleset: body.ruleset, variant: body.variant },
      seed: newToken(),
      rated: body.rated,
      seats: seat === 0 ? [creator, friend] : [friend, creator],
      clock: body.clock ? { type: "fischer", initialMs: Math.round(body.clock.minutes * 60_000), incrementMs: body.clock.increment * 1000 } : { type: "brake" },
      ...(account ? { accounts } : {}),
    };
    if (account) await recordGame(c, room, "online", body.rated, config.options, null, accounts, friend.inviteHash, 1 - seat);
    await (await getServerByName(c.env.BattlemaskeRoom, room)).init(config);
    return c.json({ room, seat, seatToken, invite, socket: `/parties/battlemaske-room/${room}` }, 201);
  })
  /** Opening the invite claims the free seat once; a second claim is refused. */
  .post("/invite", vJson(Invite), async (c) => {
    const { room, invite } = c.req.valid("json");
    const account = await optionalAccount(c);
    if (account === null) return unauthorized(c);
    const seatToken = newToken();
    const inviteHash = await hashToken(invite);
    const claimed = await (await getServerByName(c.env.BattlemaskeRoom, room)).claimInvite(inviteHash, await hashToken(seatToken));
    if (!claimed) return c.json({ error: "INVITE_TAKEN", message: "This invite has been used or does not exist." }, 409);
    // The room was created with an account (so the Worker knows it): the claiming account takes the other seat.
    if (account) await c.env.DB.prepare(`UPDATE games SET invite_claimed = 1, ${claimed.seat === 0 ? "account0" : "account1"} = ? WHERE invite_hash = ? AND room = ?`).bind(account, inviteHash, room).run();
    return c.json({ room, seat: claimed.seat, seatToken, socket: `/parties/battlemaske-room/${room}` }, 200);
  })
  .post("/computer", vJson(ComputerGame), async (c) => {
  const body = c.req.valid("json");
  const account = await optionalAccount(c);
  if (account === null) return unauthorized(c);
  const room = newToken().slice(0, 16);
  const seatToken = newToken();
  const seat = body.role === "conte" ? 0 : 1;
  const accounts: [string | null, string | null] = seat === 0 ? [account ?? null, null] : [null, account ?? null];
  const human = { type: "human", tokenHash: await hashToken(seatToken) } as const;
  const computer = { type: "computer", level: body.level } as const;
  const config: RoomConfig = {
    kind: "computer",
    options: { ruleset: body.ruleset, variant: body.variant },
    seed: newToken(),
    rated: false,
    seats: seat === 0 ? [human, computer] : [computer, human],
    clock: null, // against the computer: no clock, no Elo, no Taler (seed 004)
    ...(account ? { accounts } : {}),
  };
  if (account) await recordGame(c, room, "computer", false, config.options, body.level, accounts, null, null);
  const stub = await getServerByName(c.env.BattlemaskeRoom, room);
  await stub.init(config);
  return c.json({ room, seat, seatToken, socket: `/parties/battlemaske-room/${room}` }, 201);
});
