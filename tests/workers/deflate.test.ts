// A room's socket answers an offer of permessage-deflate with a small window (worker/deflate.ts), and no offer with none.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { origin } from "./api-helpers";
import { WINDOW_BITS } from "../../worker/deflate";

async function room(): Promise<string> {
  const r = await exports.default.fetch(`${origin}/api/battlemaske/online`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ role: "conte", clock: null }) });
  return ((await r.json()) as { socket: string }).socket;
}

async function upgrade(path: string, offer?: string): Promise<Response> {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (offer !== undefined) headers["Sec-WebSocket-Extensions"] = offer;
  const r = await exports.default.fetch(`${origin}${path}`, { headers });
  expect(r.status).toBe(101);
  r.webSocket!.accept();
  r.webSocket!.close(1000);
  return r;
}

describe("a room socket's permessage-deflate", () => {
  it("narrows the window of an offer the way a browser makes it (client_max_window_bits offered)", async () => {
    const r = await upgrade(await room(), "permessage-deflate; client_max_window_bits");
    expect(r.headers.get("sec-websocket-extensions")).toBe(`permessage-deflate; server_no_context_takeover; server_max_window_bits=${WINDOW_BITS}; client_max_window_bits=${WINDOW_BITS}`);
  });
  it("names no client window the client did not offer", async () => {
    const r = await upgrade(await room(), "permessage-deflate");
    expect(r.headers.get("sec-websocket-extensions")).toBe(`permessage-deflate; server_no_context_takeover; server_max_window_bits=${WINDOW_BITS}`);
  });
  it("adds nothing to no offer or to an offer of something else (workerd answers those as it always did)", async () => {
    expect((await upgrade(await room())).headers.get("sec-websocket-extensions")).toBeNull();
    expect((await upgrade(await room(), "x-webkit-deflate-frame")).headers.get("sec-websocket-extensions") ?? "").not.toContain("permessage-deflate");
  });
});
