// permessage-deflate for a room's socket with a small window: the layer that holds the client's socket (Miniflare's
// entry locally, the runtime on Cloudflare) compresses every frame and keeps a zlib state per socket for as long as it
// is open, hibernated or not. Messages are small JSON, so a 1 KB window compresses them nearly as well as 32 KB, for a
// fraction of the memory (zlib's deflate state is 2^(bits+2) bytes plus its hash tables) and of the match search.

/** The window both sides use (RFC 7692's minimum that zlib supports well is 9; 10 keeps JSON keys in reach). */
export const WINDOW_BITS = 10;

/**
 * A room's 101 answer with the extension response the outer layer then uses as it is (it fills in the client's own
 * offer only when the answer names none). Only when the client offered permessage-deflate: a server may always add
 * `server_no_context_takeover` and `server_max_window_bits`, and `client_max_window_bits` only where it was offered.
 */
export function smallDeflate(request: Request, response: Response): Response {
  const offer = request.headers.get("sec-websocket-extensions") ?? "";
  if (response.status !== 101 || !response.webSocket || !/(^|,)\s*permessage-deflate\s*(;|,|$)/i.test(offer)) return response;
  const first = offer.split(",").find((o) => o.trim().toLowerCase().startsWith("permessage-deflate")) ?? "";
  const clientBits = /client_max_window_bits/i.test(first) ? `; client_max_window_bits=${WINDOW_BITS}` : "";
  const headers = new Headers(response.headers);
  headers.set("sec-websocket-extensions", `permessage-deflate; server_no_context_takeover; server_max_window_bits=${WINDOW_BITS}${clientBits}`);
  return new Response(null, { status: 101, statusText: response.statusText, headers, webSocket: response.webSocket });
}
