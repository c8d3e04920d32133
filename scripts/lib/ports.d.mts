/** A port nothing listens on now, below the ephemeral range (scripts/lib/ports.mjs says why). */
export function freePort(host?: string): Promise<number>;
