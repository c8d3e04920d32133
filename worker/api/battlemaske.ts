// Creating Battlemaske tables: the Worker sets a room up and hands the player a seat token only it will ever see.
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import * as v from "valibot";
import { RULESETS, VARIANTS } from "../../shared/battlemaske/index.js";
import type { RoomConfig } from "../../party/core/battlemaske-core";
import { hashToken, newToken } from "../../party/tokens";
import { vJson } from "./validate";

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
    const room = newToken().slice(0, 16);
    const seatToken = newToken();
    const invite = newToken();
    const seat = body.role === "conte" ? 0 : 1;
    const creator = { type: "human", tokenHash: await hashToken(seatToken) } as const;
    const friend = { type: "invite", inviteHash: await hashToken(invite) } as const;
    const config: RoomConfig = {
      kind: "online",
      options: { ruleset: body.ruleset, variant: body.variant },
      seed: newToken(),
      rated: body.rated,
      seats: seat === 0 ? [creator, friend] : [friend, creator],
      clock: body.clock ? { type: "fischer", initialMs: Math.round(body.clock.minutes * 60_000), incrementMs: body.clock.increment * 1000 } : { type: "brake" },
    };
    await (await getServerByName(c.env.BattlemaskeRoom, room)).init(config);
    return c.json({ room, seat, seatToken, invite, socket: `/parties/battlemaske-room/${room}` }, 201);
  })
  /** Opening the invite claims the free seat once; a second claim is refused. */
  .post("/invite", vJson(Invite), async (c) => {
    const { room, invite } = c.req.valid("json");
    const seatToken = newToken();
    const claimed = await (await getServerByName(c.env.BattlemaskeRoom, room)).claimInvite(await hashToken(invite), await hashToken(seatToken));
    if (!claimed) return c.json({ error: "INVITE_TAKEN", message: "This invite has been used or does not exist." }, 409);
    return c.json({ room, seat: claimed.seat, seatToken, socket: `/parties/battlemaske-room/${room}` }, 200);
  })
  .post("/computer", vJson(ComputerGame), async (c) => {
  const body = c.req.valid("json");
  const room = newToken().slice(0, 16);
  const seatToken = newToken();
  const seat = body.role === "conte" ? 0 : 1;
  const human = { type: "human", tokenHash: await hashToken(seatToken) } as const;
  const computer = { type: "computer", level: body.level } as const;
  const config: RoomConfig = {
    kind: "computer",
    options: { ruleset: body.ruleset, variant: body.variant },
    seed: newToken(),
    rated: false,
    seats: seat === 0 ? [human, computer] : [computer, human],
    clock: null, // against the computer: no clock, no Elo, no Taler (seed 004)
  };
  const stub = await getServerByName(c.env.BattlemaskeRoom, room);
  await stub.init(config);
  return c.json({ room, seat, seatToken, socket: `/parties/battlemaske-room/${room}` }, 201);
});
