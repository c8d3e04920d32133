/** The address of the Worker itself inside a running `wrangler dev` (process group `pgid`), or null. */
export function workerAddress(pgid: number, publicUrl: string, configHome: string, name?: string): Promise<string | null>;
/** A TCP pipe on host:port to `target()` (closes connections while it is null; a refused one is tried again after `refused`). */
export function startFront(options: { host: string; port: number; target: () => string | null; refused?: () => void | Promise<unknown>; tries?: number; waitMs?: number }): Promise<{ close(): Promise<void> }>;
/** Linux's listening IPv4 sockets on 127.0.0.1: socket inode -> port (throws where /proc/net/tcp is missing). */
export function listeningSockets(): Map<string, number>;
