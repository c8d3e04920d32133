// The guest account: created on first need, its bearer token kept in this browser (the recovery code shown on the daily page).
import { tr } from "./i18n";
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

/** A table the Worker did not open; `text` is what to tell the player when there is something to say (the table limit). */
export class TableRefused extends Error {
  constructor(readonly status: number, readonly text: string | null) {
    super(`${status}`);
  }
}

/**
 * No account could be made for this browser: `text` (and the message) says why, in the language shown then. A table
 * refused for it, as far as the pages that open tables are concerned: they show `text`.
 */
export class AccountRefused extends TableRefused {
  constructor(status: number, readonly text: string) {
    super(status, text);
    this.message = text;
  }
}

/** The words for a refused or failed account creation (a 429 is the per-address budget of new accounts per minute). */
export function accountRefusalText(status: number): string {
  if (status === 429) return tr("Von deiner Adresse wurden gerade zu viele neue Konten angelegt: versuch es in einer Minute noch einmal.", "Too many new accounts from your address just now: try again in a minute.");
  return status === 0
    ? tr("Keine Verbindung zum Spielcenter: prüfe deine Internetverbindung und versuch es noch einmal.", "No connection to the Spielcenter: check your internet connection and try again.")
    : tr(`Dein Konto konnte gerade nicht angelegt werden (Fehler ${status}): versuch es gleich noch einmal.`, `Your account could not be created just now (error ${status}): try again shortly.`);
}

/** The account being made: callers at once (the Bilanz asks for the account and the games together) share one. */
let making: Promise<Account> | null = null;

export async function ensureAccount(): Promise<Account> {
  const known = storedAccount();
  if (known) return known;
  making ??= makeAccount().finally(() => {
    making = null;
  });
  return making;
}

async function makeAccount(): Promise<Account> {
  // A fresh-eyes pass opened the Wartesaal in eleven new browsers at once: the twelfth got a 429 and a blank page with
  // an uncaught error. Refused, the caller gets the words to show.
  const res = await fetch("/api/accounts", { method: "POST" }).catch(() => null);
  if (!res || res.status !== 201) throw new AccountRefused(res?.status ?? 0, accountRefusalText(res?.status ?? 0));
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
 * A new recovery code for this account (the old one stops working at once, and every other device is signed out); this
 * browser keeps it, as it keeps the one it was created with, and the fresh token that comes with it.
 */
export async function renewRecoveryCode(): Promise<string> {
  const a = await ensureAccount();
  const res = await fetch("/api/me/recovery", { method: "POST", headers: authHeaders(a) });
  if (res.status !== 200) throw new Error(`POST /api/me/recovery: ${res.status}`);
  const { recoveryCode, token } = (await res.json()) as { recoveryCode: string; token: string };
  replaceAccount({ ...a, recoveryCode, token });
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

/** Whether `e` is a refusal of this browser's token: the device was signed out (another device signed out the others). */
export const isSignedOut = (e: unknown): boolean => e instanceof Error && e.message === "401";

/** What a signed-out device is told where it meets its dead token. */
export const signedOutText = () => tr("Dieses Gerät ist abgemeldet. Mit dem Wiederherstellungscode holst du dein Konto hierher zurück.", "This device is signed out. The recovery code brings your account back here.");

export async function loadMe(): Promise<Me> {
  const r = await fetch("/api/me", { headers: authHeaders(await ensureAccount()) });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as Me;
}

/** Opens a table for this browser's account (created on first need), so the game counts in its Bilanz and Meine Partien; answers the 201 body. */
export async function openTableAs<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json", ...authHeaders(await ensureAccount()) }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new TableRefused(res.status, tableRefusalText(res.status, (await res.json().catch(() => ({}))) as RefusalBody));
  return (await res.json()) as T;
}
