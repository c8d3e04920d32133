// The Wartesaal flooded with sockets that never say hello (tests/workers/lobby-limits.test.ts has the other limits): the
// oldest are closed and a person still enters. A file of its own: after these 510 sockets every new lobby socket took
// about 300 ms to open in this harness for the rest of the file (the lobby's own onConnect stayed at 0–1 ms over 33
// connections), and the address-budget test after it, which needs arrivals faster than the budget refills (2/s), ran
// out of time (a fresh-clone CI run; 76 s of its 90 s even on a quiet machine).
import { describe, expect, it } from "vitest";
import { LOBBY_MAX_PENDING, LOBBY_MAX_SOCKETS } from "../../party/lobby";
import { enter, sees } from "./lobby-helpers";
import { closeCode, connect } from "./sockets";

type Socket = Awaited<ReturnType<typeof connect>>;

describe("the Wartesaal flooded with sockets that never say hello", () => {
  it(`more than ${LOBBY_MAX_SOCKETS} sockets that never say hello: the oldest are closed (1013), a person still enters`, { timeout: 60_000 }, async () => {
    const idle: Socket[] = [];
    const closed: Array<Promise<number>> = [];
    for (let i = 0; i < LOBBY_MAX_SOCKETS + 10; i++) {
      const s = await connect("/parties/lobby/main");
      closed.push(closeCode(s));
      idle.push(s);
    }
    // All but the newest LOBBY_MAX_PENDING made room, oldest first.
    const made = closed.slice(0, idle.length - LOBBY_MAX_PENDING);
    expect(new Set(await Promise.all(made))).toEqual(new Set([1013]));
    expect(idle.slice(-LOBBY_MAX_PENDING).every((s) => s.socket.readyState === WebSocket.READY_STATE_OPEN)).toBe(true);
    const a = await enter("Lp");
    const b = await enter("Lq");
    await sees(a, b.name);
    for (const s of idle.slice(-LOBBY_MAX_PENDING)) s.socket.close(1000);
    await a.s.close();
    await b.s.close();
  });
});
