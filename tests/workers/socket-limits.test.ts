// The per-socket message budget (party/socket-limits.ts) with a clock of our own: a flood is closed even though the
// bucket lets one message through per refill; a client that pauses starts counting again.
import { describe, expect, it } from "vitest";
import type { Connection } from "partyserver";
import { MessageBudget } from "../../party/socket-limits.js";

function socket() {
  const closed: Array<[number, string]> = [];
  return { conn: { close: (code: number, reason: string) => closed.push([code, reason]) } as unknown as Connection, closed };
}

describe("MessageBudget", () => {
  it("closes a socket that floods steadily, although one message per refill is admitted", () => {
    const budget = new MessageBudget(50, 10, 500);
    const { conn, closed } = socket();
    let now = 0;
    const seen = { ok: 0, refused: 0, closed: 0 };
    // 3,000 messages, one every 2 ms: ten times the sustained rate (the attacker's flood arrived about this fast).
    for (let i = 0; i < 3000 && closed.length === 0; i++, now += 2) seen[budget.admit(conn, now)] += 1;
    expect(closed).toEqual([[1008, "too many messages"]]);
    expect(seen.closed).toBe(1);
    expect(seen.refused).toBe(500);
    expect(seen.ok).toBeGreaterThan(10); // the burst and the refills were still read
  });
  it("keeps a socket open that goes over its budget in bursts with pauses between them", () => {
    const budget = new MessageBudget(50, 10, 500);
    const { conn, closed } = socket();
    let now = 0;
    for (let burst = 0; burst < 40; burst++) {
      for (let i = 0; i < 30; i++) budget.admit(conn, now); // 20 refused per burst, 800 in all
      now += 1000; // a second's pause: the bucket is full again
    }
    expect(closed).toEqual([]);
    expect(budget.admit(conn, now)).toBe("ok");
  });
});
