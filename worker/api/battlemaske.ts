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

export const battlemaske = new Hono<{ Bindings: Cloudflare.Env }>().post("/computer", vJson(ComputerGame), async (c) => {
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
  };
  const stub = await getServerByName(c.env.BattlemaskeRoom, room);
  await stub.init(config);
  return c.json({ room, seat, seatToken, socket: `/parties/battlemaske-room/${room}` }, 201);
});
