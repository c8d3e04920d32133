// Lobby tickets: the Worker vouches for an account's public profile for a minute (POST /api/lobby/ticket), signed with
// ROOM_SECRET (HMAC-SHA-256); the lobby checks the signature and the expiry and trusts nothing else a socket says about
// who it is. The bearer token itself never goes to the lobby.

export interface TicketProfile {
  readonly account: string;
  readonly name: string;
  readonly points: number;
  readonly elo: number;
  /**
   * The account's session generation when the ticket was issued (`accounts.sessions_gen`): "sign out other devices"
   * counts it up, and the lobby refuses a ticket of an earlier one.
   */
  readonly gen: number;
  /** When the ticket stops being accepted (ms since the epoch). */
  readonly exp: number;
}

/** A ticket is good for this long after the Worker issues it. */
export const TICKET_MS = 60_000;

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(`lobby-ticket:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function signTicket(secret: string, profile: TicketProfile): Promise<string> {
  const body = b64url(new TextEncoder().encode(JSON.stringify(profile)));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key(secret), new TextEncoder().encode(body)));
  return `${body}.${b64url(mac)}`;
}

/** The profile a ticket vouches for, or null (forged, malformed, expired, or no secret configured). */
export async function verifyTicket(secret: string | undefined, ticket: string, now = Date.now()): Promise<TicketProfile | null> {
  if (!secret) return null;
  const m = /^([A-Za-z0-9_-]{1,1500})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!m) return null;
  try {
    if (!(await crypto.subtle.verify("HMAC", await key(secret), unb64url(m[2]!), new TextEncoder().encode(m[1]!)))) return null;
    const p = JSON.parse(new TextDecoder().decode(unb64url(m[1]!))) as TicketProfile;
    if (typeof p.account !== "string" || typeof p.name !== "string" || typeof p.points !== "number" || typeof p.elo !== "number" || typeof p.gen !== "number" || typeof p.exp !== "number") return null;
    return p.exp > now ? p : null;
  } catch {
    return null;
  }
}
