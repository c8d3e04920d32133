// Creating Battlemaske tables: the Worker sets a room up and hands the player a seat token only it will ever see.
import { Hono } from "hono";
import * as v from "valibot";
import { RULESETS, VARIANTS } from "../../shared/battlemaske/index.js";
import type { RoomConfig } from "../../party/core/battlemaske-core";
import { hashToken, newToken } from "../../party/tokens";
import { openTable, socketOf } from "../tables";
import { openDuel } from "./games";
import { optionalAccount, unauthorized } from "./auth";
import { accountTableLimit, tableLimit } from "./limit";
import { inviteClaimFor } from "./claim";
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

export const battlemaske = new Hono<{ Bindings: Cloudflare.Env }>()
  /** The older friend route: the same table as POST /api/games (openDuel), for a guest too when friendly. */
  .post("/online", tableLimit, vJson(OnlineGame), async (c) => {
    const body = c.req.valid("json");
    const account = await optionalAccount(c);
    if (account === null) return unauthorized(c);
    // A rated game is between two accounts: a guest may create friendly games only.
    if (body.rated && !account) return c.json({ error: "UNAUTHORIZED" as const, message: "A rated game needs an account: send authorization: Bearer <token>." }, 401);
    const limited = await accountTableLimit(c, account);
    if (limited) return limited;
    const opened = await openDuel(c.env, account ?? null, { kind: body.rated ? "rated" : "friendly", clock: body.clock, ruleset: body.ruleset, variant: body.variant, role: body.role });
    if ("error" in opened) return c.json({ error: opened.error, message: opened.message }, 409);
    return c.json({ room: opened.room, seat: opened.seat, seatToken: opened.seatToken, invite: opened.inviteCode, socket: opened.socket }, 201);
  })
  // Claiming an invited seat by {room, invite}: the shared handler.
  .route("/", inviteClaimFor("battlemaske"))
  .post("/computer", tableLimit, vJson(ComputerGame), async (c) => {
    const body = c.req.valid("json");
    const account = await optionalAccount(c);
    if (account === null) return unauthorized(c);
    const limited = await accountTableLimit(c, account);
    if (limited) return limited;
    const seatToken = newToken();
    const seat = body.role === "conte" ? 0 : 1;
    const human = { type: "human", tokenHash: await hashToken(seatToken) } as const;
    const computer = { type: "computer", level: body.level } as const;
    const config: Omit<RoomConfig, "accounts"> = {
      kind: "computer",
      options: { ruleset: body.ruleset, variant: body.variant },
      seed: newToken(),
      rated: false,
      seats: seat === 0 ? [human, computer] : [computer, human],
      clock: null, // against the computer: no clock, no Elo, no Taler (seed 004)
    };
    const accounts = seat === 0 ? [account ?? null, null] : [null, account ?? null];
    const opened = await openTable(c.env, { game: "battlemaske", kind: "computer", rated: false, stake: 0, ruleset: body.ruleset, variant: body.variant, level: body.level, accounts }, config);
    return c.json({ room: opened.room, seat, seatToken, socket: socketOf("battlemaske", opened.room) }, 201);
  });
