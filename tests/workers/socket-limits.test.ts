// The per-socket message budget (party/socket-limits.ts) with a clock of our own: a flood is closed even though the
// bucket lets one message through per refill; a client that pauses starts counting again. And the per-account budget
// of list changes (KeyedBudget): a burst, then the rate, a refund up to the burst, and a map that does not grow.
import { describe, expect, it } from "vitest";
import type { Connection } from "partyserver";
import { KeyedBudget, MessageBudget } from "../../party/socket-limits.js";

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

describe("KeyedBudget", () => {
  it("admits a burst per key, then one per refill; keys are apart; a refund never lifts it above the burst", () => {
    const b = new KeyedBudget(0.5, 3);
    expect([0, 1, 2, 3].map(() => b.admit("a", 0))).toEqual([true, true, true, false]);
    expect(b.admit("b", 0)).toBe(true);
    expect(b.admit("a", 1999)).toBe(false);
    expect(b.admit("a", 2000)).toBe(true);
    expect(b.admit("a", 2000)).toBe(false);
    b.refund("a");
    expect(b.admit("a", 2000)).toBe(true);
    // Refunds past the burst are lost; time running backwards adds nothing.
    for (let i = 0; i < 10; i++) b.refund("b");
    expect([0, 1, 2, 3].map(() => b.admit("b", 1000))).toEqual([true, true, true, false]);
    expect(b.admit("b", 0)).toBe(false);
  });
  it("holds at most `keep` keys plus those that spent lately", () => {
    const b = new KeyedBudget(1, 2, 100);
    for (let i = 0; i < 5000; i++) b.admit(`k${i}`, i * 10); // each key spends one; refilled 1 s later
    expect(b.size).toBeLessThanOrEqual(100 + 1 + 200);
    expect(b.size).toBeGreaterThan(0);
  });
});
