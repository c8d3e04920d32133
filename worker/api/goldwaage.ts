// Creating Goldwaage tables: the creator takes seat 0, invited friends the next seats, computer team-mates the rest.
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import * as v from "valibot";
import { LEVELS, VARIANTS } from "../../shared/goldwaage/index.js";
import type { GoldwaageRoomConfig } from "../../party/core/goldwaage-core";
import type { SeatConfig } from "../../party/core/room-core";
import { hashToken, newToken } from "../../party/tokens";
import { vJson } from "./validate";

const Table = v.strictObject({
  players: v.picklist([2, 3, 4]),
  level: v.optional(v.picklist(LEVELS), "normal"),
  variants: v.optional(v.pipe(v.array(v.picklist(VARIANTS)), v.maxLength(3)), []),
  /** How many seats go to friends by invite; the others are computer team-mates. */
  friends: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)), 0),
});

const Invite = v.strictObject({ room: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,32}$/)), invite: v.pipe(v.string(), v.minLength(20), v.maxLength(128)) });

export const goldwaage = new Hono<{ Bindings: Cloudflare.Env }>()
  .post("/table", vJson(Table), async (c) => {
    const body = c.req.valid("json");
    if (body.friends > body.players - 1) return c.json({ error: "BAD_REQUEST", message: "friends: at most players − 1" }, 400);
    const room = newToken().slice(0, 16);
    const seatToken = newToken();
    const invites: string[] = [];
    const seats: SeatConfig[] = [{ type: "human", tokenHash: await hashToken(seatToken) }];
    for (let s = 1; s < body.players; s++) {
      if (s <= body.friends) {
        const invite = newToken();
        invites.push(invite);
        seats.push({ type: "invite", inviteHash: await hashToken(invite) });
      } else {
        seats.push({ type: "computer", level: "strong" });
      }
    }
    const config: GoldwaageRoomConfig = {
      kind: "table",
      options: { players: body.players, level: body.level, variants: [...new Set(body.variants)] },
      seed: newToken(),
      rated: false,
      seats,
      clock: null,
    };
    await (await getServerByName(c.env.GoldwaageRoom, room)).init(config);
    return c.json({ room, seat: 0, seatToken, invites, socket: `/parties/goldwaage-room/${room}` }, 201);
  })
  /** An invite claims its seat once; the game starts when every invited seat is taken. */
  .post("/invite", vJson(Invite), async (c) => {
    const { room, invite } = c.req.valid("json");
    const seatToken = newToken();
    const claimed = await (await getServerByName(c.env.GoldwaageRoom, room)).claimInvite(await hashToken(invite), await hashToken(seatToken));
    if (!claimed) return c.json({ error: "INVITE_TAKEN", message: "This invite has been used or does not exist." }, 409);
    return c.json({ room, seat: claimed.seat, seatToken, socket: `/parties/goldwaage-room/${room}` }, 200);
  });
