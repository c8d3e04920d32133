// The client's address as the Worker saw it when a socket connected (CF-Connecting-IP), for the table limit of what a
// socket opens (a Wartesaal table, an accepted challenge, a rematch). The Worker writes it into the upgrade URL, which
// partyserver keeps with the socket (Connection.uri survives hibernation); a value the client put there is replaced.

/** The upgrade URL's parameter that carries the address (set only by the Worker's /parties route). */
export const ADDRESS_PARAM = "_addr";

/** The upgrade request as the room gets it: the client's own `_addr` dropped, the Worker's added when it knows one. */
export function withClientAddress(request: Request): Request {
  const url = new URL(request.url);
  url.searchParams.delete(ADDRESS_PARAM);
  const ip = request.headers.get("cf-connecting-ip")?.trim();
  if (ip) url.searchParams.set(ADDRESS_PARAM, ip.slice(0, 64));
  return new Request(url, request);
}

/** The machine itself: only exempt from the per-address limits when RATE_LIMIT_LOOPBACK is "off" (the test harnesses). */
const isLoopback = (ip: string) => ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");

/**
 * The harnesses' exemption from every per-address limit (the Worker's budgets, a table's spectators per network):
 * RATE_LIMIT_LOOPBACK="off" and no address or the machine itself. Otherwise a missing address is one shared address,
 * so leaving the header out is no way around a limit (Cloudflare always sets it).
 */
export const exemptFromAddressLimits = (env: { readonly RATE_LIMIT_LOOPBACK?: string }, ip: string | null) => env.RATE_LIMIT_LOOPBACK === "off" && (ip === null || isLoopback(ip));

/**
 * The network an address stands for when counting what one person holds: an IPv4 address itself, an IPv6 address by
 * its first 64 bits (one subscriber gets a whole /64 and can pick any address in it, so counting full IPv6 addresses
 * would count nothing), an IPv4-mapped IPv6 address as the IPv4 one. null for none; a string that is no address at all
 * is its own network (lower-cased), so it still counts as one.
 */
export function addressNetwork(ip: string | null): string | null {
  if (ip === null) return null;
  const a = ip.trim().toLowerCase().split("%")[0]!; // a zone index (fe80::1%eth0) says nothing about the network
  if (!a.includes(":")) return a;
  const halves = a.split("::");
  if (halves.length > 2) return a;
  const left = halves[0] ? halves[0].split(":") : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(right.at(-1) ?? left.at(-1) ?? "") ? (right.length > 0 ? right : left).pop()! : null;
  const width = v4 ? 6 : 8; // a trailing dotted IPv4 fills the last two groups
  const groups = halves.length === 2 ? [...left, ...Array<string>(Math.max(0, width - left.length - right.length)).fill("0"), ...right] : left;
  if (groups.length !== width || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return a;
  const numbers = groups.map((g) => parseInt(g, 16));
  if (v4 && numbers.slice(0, 5).every((x) => x === 0) && numbers[5] === 0xffff) return v4;
  return `${numbers.slice(0, 4).map((x) => x.toString(16)).join(":")}::/64`;
}

/** The address a socket connected from, or null (none known: a direct call without CF-Connecting-IP). */
export function clientAddress(connection: { readonly uri: string | null }): string | null {
  if (!connection.uri) return null;
  try {
    return new URL(connection.uri).searchParams.get(ADDRESS_PARAM) || null;
  } catch {
    return null;
  }
}
