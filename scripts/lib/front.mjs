// The site's public port without wrangler's dev proxy (docs/decisions/021-front-without-the-dev-proxy.md).
// wrangler dev 4.86 answers its public port through a second workerd (the "ProxyWorker") that forwards each request
// over a pooled HTTP connection to the Worker's own workerd. When that pooled connection has been idle for about 5 s,
// the pool's idle timeout and the Worker's keep-alive timeout (both 5 s in kj) race, and the forwarded request can
// hang with no answer and no error, for good: measured here as about 2 requests in 60 spaced 4.85–5.15 s apart, and
// seen as browser tests whose navigation never loaded. The fix upstream needs a wrangler that refuses Node 20.
// The front is a plain TCP pipe, one upstream connection per client connection, to the Worker's own address: no pool,
// no HTTP parsing (WebSockets pass as they are), so a connection the Worker closes is closed for the client too, which
// browsers retry as with any server.
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";

/**
 * Linux's listening IPv4 sockets on 127.0.0.1 (/proc/net/tcp, state 0A = LISTEN): socket inode -> port. Throws where
 * there is no such file (not Linux).
 * @returns {Map<string, number>}
 */
export function listeningSockets() {
  const listening = new Map();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[3] === "0A" && f[1]?.startsWith("0100007F:")) listening.set(f[9], parseInt(f[1].split(":")[1], 16));
  }
  return listening;
}

/**
 * The address of the Worker itself inside a running `wrangler dev` (its process group `pgid`), or null.
 * Found from the Linux socket table: the listening ports of that group's workerd processes, minus wrangler's public
 * port and Miniflare's debug port (a Cap'n Proto port that HTTP would upset; read from its dev registry under
 * `configHome`), each asked for GET /api/health (the inspectors fail).
 * @param {number} pgid @param {string} publicUrl @param {string} configHome @param {string} [name]
 * @returns {Promise<string | null>}
 */
export async function workerAddress(pgid, publicUrl, configHome, name = "spielcenter") {
  const skip = new Set([Number(new URL(publicUrl).port)]);
  try {
    const reg = JSON.parse(readFileSync(join(configHome, ".wrangler", "registry", name), "utf8"));
    if (reg.debugPortAddress) skip.add(Number(String(reg.debugPortAddress).split(":").pop()));
  } catch {
    return null; // no registry entry: not this wrangler's layout
  }
  const listening = listeningSockets();
  const ports = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid || !stat.includes("(workerd)")) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        const port = m && listening.get(m[1]);
        if (port && !skip.has(port)) ports.push(port);
      }
    } catch {
      // a process that ended meanwhile, or one not ours to read
    }
  }
  for (const port of ports) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
      const body = r.ok ? await r.json() : null;
      if (body?.name === "Spielcenter") return `http://127.0.0.1:${port}`;
    } catch {
      // the inspector or another port that is not the Worker
    }
  }
  return null;
}

/**
 * Listens on host:port and pipes every connection to `target()` (a "http://host:port" or null while there is none: the
 * connection is then closed at once, as a port nobody listens on would refuse it). `refused` is told when the target
 * refused a connection (the Worker moved: wrangler restarted it after a source change), never twice at once, and may
 * return a promise of the search for its new address. Such a connection is not lost: nothing has been read from the client before the
 * upstream connection stands, so it is tried again (every REFUSED_WAIT_MS, for at most REFUSED_TRIES tries) while
 * wrangler reloads; before, the first page after every edit came back empty. Resolves once listening.
 * @param {{ host: string, port: number, target: () => string | null, refused?: () => void | Promise<unknown>, tries?: number, waitMs?: number }} options
 * @returns {Promise<{ close(): Promise<void> }>}
 */
export function startFront({ host, port, target, refused, tries: maxTries = REFUSED_TRIES, waitMs = REFUSED_WAIT_MS }) {
  const open = new Set();
  let closing = false;
  // One search for the Worker at a time, however many connections were refused meanwhile.
  /** @type {Promise<unknown> | null} */
  let finding = null;
  const tell = () => (finding ??= Promise.resolve().then(() => refused?.()).catch(() => undefined).finally(() => (finding = null)));
  const server = createServer((client) => {
    open.add(client);
    client.once("close", () => open.delete(client));
    // Until the upstream connection stands the client's bytes wait in its socket (not read: no pipe, no listener).
    client.once("error", () => client.destroy());
    const attempt = (tries) => {
      const to = target();
      if (!to || closing || client.destroyed) return void client.destroy();
      const u = new URL(to);
      const upstream = connect({ host: u.hostname, port: Number(u.port) });
      open.add(upstream);
      upstream.once("close", () => open.delete(upstream));
      const early = async (e) => {
        upstream.destroy();
        if (/** @type {NodeJS.ErrnoException} */ (e).code !== "ECONNREFUSED") return void client.destroy();
        const found = tell();
        if (tries <= 1) return void client.destroy();
        await Promise.all([found, new Promise((r) => setTimeout(r, waitMs))]);
        attempt(tries - 1);
      };
      upstream.once("error", early);
      upstream.once("connect", () => {
        upstream.off("error", early);
        // An error ends both at once; a side that closes ends the other gracefully (its pending bytes still go out).
        const fail = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", fail).once("close", () => upstream.end());
        upstream.on("error", fail).once("close", () => client.end());
        client.pipe(upstream);
        upstream.pipe(client);
      });
    };
    attempt(maxTries);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () =>
      resolve({
        close: () =>
          new Promise((done) => {
            closing = true;
            for (const s of open) s.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}

/** A refused connection is tried again this often, this many times (wrangler's reload after an edit takes 1–3 s). */
const REFUSED_WAIT_MS = 250;
const REFUSED_TRIES = 40;
