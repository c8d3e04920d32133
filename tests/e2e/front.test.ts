// The site's front (scripts/lib/front.mjs, ADR 021): a TCP pipe to the Worker's own address around wrangler's dev proxy.
// Here against plain Node servers: what it must keep (bytes both ways, an upgraded connection, a close) and what it
// does without a target (refuses, as a closed port would).
import { once } from "node:events";
import http from "node:http";
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startFront } from "../../scripts/lib/front.mjs";
import { freePort } from "../../scripts/lib/site.js";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  closers.push(() => new Promise((r) => server.close(r)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function front(target: () => string | null, refused?: () => void | Promise<unknown>, tries = 3): Promise<number> {
  const port = await freePort();
  const f = await startFront({ host: "127.0.0.1", port, target, refused, tries, waitMs: 20 });
  closers.unshift(() => f.close());
  return port;
}

/** Everything the socket receives until the other side closes it. */
async function readAll(s: Socket): Promise<string> {
  let got = "";
  s.on("data", (d) => (got += d));
  await once(s, "close");
  return got;
}

describe("the front", () => {
  it("carries HTTP requests and answers, keep-alive, several on one connection", async () => {
    const seen: string[] = [];
    const upstream = await listen(http.createServer((req, res) => (seen.push(req.url!), res.end(`hello ${req.url}`))));
    const port = await front(() => upstream);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(async () => agent.destroy());
    const get = (path: string) =>
      new Promise<string>((resolve, reject) => {
        http.get(`http://127.0.0.1:${port}${path}`, { agent }, (res) => {
          let body = "";
          res.on("data", (d) => (body += d)).on("end", () => resolve(body));
        }).on("error", reject);
      });
    expect(await get("/a")).toBe("hello /a");
    expect(await get("/b")).toBe("hello /b");
    expect(seen).toEqual(["/a", "/b"]);
  });

  it("passes an upgraded connection through byte for byte, both ways, and a close from the server reaches the client after its last bytes", async () => {
    const big = "x".repeat(8 << 20);
    const upstream = await listen(
      createServer((s) => {
        s.once("data", (d) => {
          // Answers the first bytes with an echo and a megabyte, then closes at once: nothing may be cut off.
          s.write(`echo:${d}|`);
          s.end(big);
        });
      }),
    );
    const port = await front(() => upstream);
    const client = connect({ host: "127.0.0.1", port });
    await once(client, "connect");
    client.write("GET /parties/x HTTP/1.1\r\nUpgrade: websocket\r\n\r\n");
    // A slow reader: the front still holds bytes for the client when the server has long closed.
    await new Promise((r) => setTimeout(r, 300));
    const got = await readAll(client);
    expect(got.startsWith("echo:GET /parties/x HTTP/1.1")).toBe(true);
    expect(got.length).toBe(`echo:GET /parties/x HTTP/1.1\r\nUpgrade: websocket\r\n\r\n|`.length + big.length);
  });

  it("a client that closes closes its upstream connection too", async () => {
    let upstreamSocket: Socket | null = null;
    const upstream = await listen(createServer((s) => void (upstreamSocket = s)));
    const port = await front(() => upstream);
    const client = connect({ host: "127.0.0.1", port });
    await once(client, "connect");
    for (let i = 0; i < 50 && !upstreamSocket; i++) await new Promise((r) => setTimeout(r, 20));
    expect(upstreamSocket).not.toBeNull();
    const closed = once(upstreamSocket!, "close");
    client.end();
    await closed;
  });

  it("without a target it closes each connection at once; a refused upstream is reported, tried again, then closed", async () => {
    let target: string | null = null;
    let refusals = 0;
    const port = await front(() => target, () => void refusals++);
    const a = connect({ host: "127.0.0.1", port });
    expect(await readAll(a)).toBe("");
    // A port nobody listens on: tried `tries` (3) times, each refusal told, then the client's connection is closed.
    target = `http://127.0.0.1:${await freePort()}`;
    const b = connect({ host: "127.0.0.1", port });
    b.on("error", () => {});
    expect(await readAll(b)).toBe("");
    expect(refusals).toBe(3);
  });

  it("a connection refused while the Worker moves reaches it at its new address, with the bytes sent meanwhile", async () => {
    const seen: string[] = [];
    const moved = await listen(http.createServer((req, res) => (seen.push(req.url!), res.end(`moved ${req.url}`))));
    let target = `http://127.0.0.1:${await freePort()}`; // where the Worker was: refused now
    // The search for the new address takes a while, as workerAddress does.
    const port = await front(() => target, () => new Promise((r) => setTimeout(() => r((target = moved)), 50)), 5);
    const body = await new Promise<string>((resolve, reject) => {
      http.get(`http://127.0.0.1:${port}/after-edit`, { agent: false }, (res) => {
        let got = "";
        res.on("data", (d) => (got += d)).on("end", () => resolve(got));
      }).on("error", reject);
    });
    expect(body).toBe("moved /after-edit");
    expect(seen).toEqual(["/after-edit"]);
  });
});
