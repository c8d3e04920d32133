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

/** The address a socket connected from, or null (none known: a direct call without CF-Connecting-IP). */
export function clientAddress(connection: { readonly uri: string | null }): string | null {
  if (!connection.uri) return null;
  try {
    return new URL(connection.uri).searchParams.get(ADDRESS_PARAM) || null;
  } catch {
    return null;
  }
}
