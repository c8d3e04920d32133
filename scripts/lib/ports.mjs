// A free port for a server that will listen on it only later (wrangler's ports, a site's public port).
//
// Why not the OS's pick (listen on 0): that port comes from the ephemeral range, which every outgoing connection
// also draws its local port from. Between picking a port and listening on it a start opens hundreds of connections
// (health polls, wrangler's own), and one of them could take it: the second of two `npm start`s at once failed that
// way in CI (its site never answered). Below the ephemeral range only another such pick can collide.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The lowest ephemeral port (Linux reads it from /proc; elsewhere 49152, IANA's, and macOS's and Windows' default). */
function ephemeralLow() {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 2048) return low;
  } catch {
    // not Linux
  }
  return 49152;
}

/** Whether nothing listens on `port` at `host` now. */
function isFree(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, below the ephemeral range (the OS's pick only if none of 64 random tries is free). */
export async function freePort(host = "127.0.0.1") {
  const high = Math.min(ephemeralLow(), 65536) - 1;
  const low = Math.max(10000, high - 12000);
  for (let i = 0; i < 64; i++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await isFree(port, host)) return port;
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
