// The guest account: created on first need, its bearer token kept in this browser (the recovery code shown on the daily page).
import { tableRefusalText, type RefusalBody } from "./ui/refusals";

export interface Account {
  id: string;
  token: string;
  recoveryCode?: string;
}

const KEY = "spielcenter.account";

export function storedAccount(): Account | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Account) : null;
  } catch {
    return null;
  }
}

export async function ensureAccount(): Promise<Account> {
  const known = storedAccount();
  if (known) return known;
  const res = await fetch("/api/accounts", { method: "POST" });
  if (res.status !== 201) throw new Error(`POST /api/accounts: ${res.status}`);
  const a = (await res.json()) as Account;
  try {
    localStorage.setItem(KEY, JSON.stringify(a));
  } catch {
    // a guest for this visit only
  }
  return a;
}

export function authHeaders(a: Account | null): Record<string, string> {
  return a ? { authorization: `Bearer ${a.token}` } : {};
}

/** Another account for this browser (recovered with its code); the old token is forgotten here, not revoked. */
export function replaceAccount(a: Account): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(a));
  } catch {
    // storage blocked: nothing to keep
  }
}

/**
 * "Sign out other devices": the server drops every token of the account, this browser's too, and answers with a
 * fresh one for this browser, which replaces the old one here.
 */
export async function signOutOtherDevices(): Promise<void> {
  const a = await ensureAccount();
  const res = await fetch("/api/me/sessions/revoke", { method: "POST", headers: authHeaders(a) });
  if (res.status !== 200) throw new Error(`POST /api/me/sessions/revoke: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  replaceAccount({ ...a, token });
}

/**
 * A new recovery code for this account (the old one stops working at once); this browser keeps it, as it keeps the one
 * it was created with.
 */
export async function renewRecoveryCode(): Promise<string> {
  const a = await ensureAccount();
  const res = await fetch("/api/me/recovery", { method: "POST", headers: authHeaders(a) });
  if (res.status !== 200) throw new Error(`POST /api/me/recovery: ${res.status}`);
  const { recoveryCode } = (await res.json()) as { recoveryCode: string };
  replaceAccount({ ...a, recoveryCode });
  return recoveryCode;
}

/** The account as GET /api/me reports it: its name and standing, and its records per game, level and role. */
export interface Me {
  id: string;
  name: string | null;
  points: number;
  elo: number;
  ratedGames: number;
  taler: number;
  /** Taler staked at games not yet booked (held until then, ADR 031): what may still be staked is taler − held. */
  held: number;
  records: Array<{ game: string; level: string; role: string; helped: boolean; wins: number; losses: number; draws: number }>;
}

export async function loadMe(): Promise<Me> {
  const r = await fetch("/api/me", { headers: authHeaders(await ensureAccount()) });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as Me;
}

/** A table the Worker did not open; `text` is what to tell the player when there is something to say (the table limit). */
export class TableRefused extends Error {
  constructor(readonly status: number, readonly text: string | null) {
    super(`${status}`);
  }
}

/** Opens a table for this browser's account (created on first need), so the game counts in its Bilanz and Meine Partien; answers the 201 body. */
export async function openTableAs<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json", ...authHeaders(await ensureAccount()) }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new TableRefused(res.status, tableRefusalText(res.status, (await res.json().catch(() => ({}))) as RefusalBody));
  return (await res.json()) as T;
}
