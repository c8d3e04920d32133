// Guest accounts without passwords: POST /api/accounts hands out an id, a bearer token and a recovery code;
// only their hashes are stored. A recovery code carries the account to another device.
import { Hono } from "hono";
import * as v from "valibot";
import { hashToken, newToken } from "../../party/tokens";
import { RecoveryCode, newRecoveryCode } from "../names";
import { START_TALER } from "../taler";
import { newSession } from "./auth";
import { perAddress } from "./limit";
import { vJson } from "./validate";

const Recover = v.strictObject({ recoveryCode: RecoveryCode });

/** At most ACCOUNT_LIMIT's budget of new accounts and recovery attempts per client address and minute (worker/api/limit.ts). */
const limited = perAddress((env) => env.ACCOUNT_LIMIT, "accounts", "Too many accounts or recovery attempts from this address; try again in a minute.");

export const accounts = new Hono<{ Bindings: Cloudflare.Env }>()
  .use(limited)
  .post("/", async (c) => {
    const id = newToken().slice(0, 16);
    const recoveryCode = newRecoveryCode();
    const now = Date.now();
    const { token, insert } = await newSession(c.env.DB, id, now);
    await c.env.DB.batch([
      c.env.DB.prepare("INSERT INTO accounts (id, recovery_hash, taler, created_at) VALUES (?, ?, ?, ?)").bind(id, await hashToken(recoveryCode.replace(/-/g, "")), START_TALER, now),
      insert,
      c.env.DB.prepare("INSERT INTO ledger (account_id, delta, reason, room, created_at) VALUES (?, ?, 'start', NULL, ?)").bind(id, START_TALER, now),
    ]);
    return c.json({ id, token, recoveryCode }, 201);
  })
  /** Another device: the recovery code yields a new token for the same account (the old device keeps its own). */
  .post("/recover", vJson(Recover), async (c) => {
    const { recoveryCode } = c.req.valid("json");
    const row = await c.env.DB.prepare("SELECT id FROM accounts WHERE recovery_hash = ?").bind(await hashToken(recoveryCode)).first<{ id: string }>();
    if (!row) return c.json({ error: "BAD_RECOVERY_CODE" as const, message: "No account has this recovery code." }, 401);
    const { token, insert } = await newSession(c.env.DB, row.id);
    await insert.run();
    return c.json({ id: row.id, token }, 200);
  });
