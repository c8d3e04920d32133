// Creating Goldwaage tables: the creator takes seat 0, invited friends the next seats, computer team-mates the rest.
import { Hono } from "hono";
import * as v from "valibot";
import { variantKey } from "../../shared/goldwaage/game.js";
import { LEVELS, validateOptions, VARIANTS, type Options } from "../../shared/goldwaage/index.js";
import type { GoldwaageRoomConfig } from "../../party/core/goldwaage-core";
import type { SeatConfig } from "../../party/core/room-core";
import { hashToken, newToken } from "../../party/tokens";
import { INVITED, openTable, socketOf } from "../tables";
import { optionalAccount, unauthorized } from "./auth";
import { accountTableLimit, tableLimit } from "./limit";
import { inviteClaimFor } from "./claim";
import { vJson } from "./validate";

const Table = v.strictObject({
  players: v.picklist([2, 3, 4]),
  level: v.optional(v.picklist(LEVELS), "normal"),
  variants: v.optional(v.pipe(v.array(v.picklist(VARIANTS)), v.maxLength(3)), []),
  /** How many seats go to friends by invite; the others are computer team-mates. */
  friends: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)), 0),
});

/**
 * Records and sets up a Goldwaage table ("table": unrated) with these seats and the accounts at them. A table of two
 * or more people has the duel's emergency brake (10 minutes without acting lose the game for the team): without it a
 * friend who closed the page held the others' table forever (a player pass). One person with computers has no clock.
 */
function openGoldwaage(env: Cloudflare.Env, options: Options, seats: SeatConfig[], accounts: ReadonlyArray<string | null>) {
  const people = seats.filter((s) => s.type !== "computer").length;
  const config: Omit<GoldwaageRoomConfig, "accounts"> = { kind: "table", options, seed: newToken(), rated: false, seats, clock: people > 1 ? { type: "brake" } : null };
  const record = { game: "goldwaage", kind: "table", rated: false, stake: 0, ruleset: "goldwaage", variant: variantKey(options), level: options.level, accounts } as const;
  return openTable(env, record, config);
}

/**
 * A Wartesaal table started by its creator (POST /internal/lobby/goldwaage): every account given is seated, in that
 * order, with its own fresh seat token; the seats beyond them are computer team-mates. The lobby hands each token
 * only to its account's sockets.
 */
export async function openLobbyGoldwaage(env: Cloudflare.Env, options: Options, accounts: readonly string[]): Promise<{ room: string; socket: string; seats: Array<{ account: string; seat: number; seatToken: string }> } | { error: "BAD_OPTIONS"; message: string }> {
  const problem = validateOptions(options);
  if (problem) return { error: "BAD_OPTIONS", message: `options: ${problem}` };
  if (accounts.length < 1 || accounts.length > options.players || new Set(accounts).size !== accounts.length) return { error: "BAD_OPTIONS", message: "accounts: 1 to players different accounts" };
  const tokens = accounts.map(() => newToken());
  const seats: SeatConfig[] = await Promise.all(tokens.map(async (t) => ({ type: "human", tokenHash: await hashToken(t) }) as const));
  while (seats.length < options.players) seats.push({ type: "computer", level: "strong" });
  const opened = await openGoldwaage(env, options, seats, accounts);
  return { room: opened.room, socket: socketOf("goldwaage", opened.room), seats: accounts.map((account, seat) => ({ account, seat, seatToken: tokens[seat]! })) };
}

export const goldwaage = new Hono<{ Bindings: Cloudflare.Env }>()
  .post("/table", tableLimit, vJson(Table), async (c) => {
    const body = c.req.valid("json");
    if (body.friends > body.players - 1) return c.json({ error: "BAD_REQUEST", message: "friends: at most players − 1" }, 400);
    // The engine's own rule for options (Profi shows nothing, no variant twice): a table it would refuse is not opened.
    const problem = validateOptions({ players: body.players, level: body.level, variants: body.variants });
    if (problem) return c.json({ error: "BAD_REQUEST", message: `options: ${problem}` }, 400);
    const account = await optionalAccount(c);
    if (account === null) return unauthorized(c);
    const limited = await accountTableLimit(c, account);
    if (limited) return limited;
    const seatToken = newToken();
    const seats: SeatConfig[] = [{ type: "human", tokenHash: await hashToken(seatToken) }];
    for (let s = 1; s < body.players; s++) seats.push(s <= body.friends ? INVITED : { type: "computer", level: "strong" });
    const options = { players: body.players, level: body.level, variants: [...new Set(body.variants)] };
    const opened = await openGoldwaage(c.env, options, seats, [account ?? null]);
    return c.json({ room: opened.room, seat: 0, seatToken, invites: opened.invites.map((i) => i.code), socket: socketOf("goldwaage", opened.room) }, 201);
  })
  // Claiming an invited seat by {room, invite}: the shared handler.
  .route("/", inviteClaimFor("goldwaage"));
