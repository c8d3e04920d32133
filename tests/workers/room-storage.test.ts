// The room's storage inside workerd: a command's events and outcome in one SQLite transaction, the log's tail kept
// in memory equal to what SQLite holds, and an alarm that is moved only earlier.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SqlLogStore, TAIL_KEPT } from "../../party/sql-log-store";
import { origin } from "./api-helpers";
import { choose, seatBoth } from "./sockets";

type Entry = { version: number; time: number; actor: string; event: { type: string; n?: number } };
const entry = (version: number, n = version): Entry => ({ version, time: 1000 + version, actor: "0", event: { type: "test", n } });

async function post(path: string, body: unknown): Promise<any> {
  const r = await exports.default.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(r.status).toBeLessThan(300);
  return r.json();
}

/** A fresh Durable Object's storage to try a store on (the room class, never set up: nothing else writes to it). */
const scratch = () => env.BattlemaskeRoom.getByName(`storage-${crypto.randomUUID().slice(0, 8)}`);

describe("SqlLogStore: one transaction per command", () => {
  it("writes a command's events and its outcome together, or — when one row fails — none of them", async () => {
    await runInDurableObject(scratch(), (_room, state) => {
      const store = new SqlLogStore<Entry["event"]>(state.storage).open();
      expect(store.read()).toEqual([]);
      store.append([entry(1), entry(2)], { seat: 0, clientSeq: 1, outcome: { ok: true, version: 2 } });
      // 3 and 4 are new, 2 is there already: the whole batch fails (INTEGER PRIMARY KEY), the outcome with it.
      expect(() => store.append([entry(3), entry(2, 99), entry(4)], { seat: 1, clientSeq: 7, outcome: { ok: true, version: 4 } })).toThrow();
      const rows = state.storage.sql.exec<{ version: number }>("SELECT version FROM events ORDER BY version").toArray();
      expect(rows.map((r) => r.version)).toEqual([1, 2]);
      // The accepted outcome is on the row of the command's last event (one statement for the whole command).
      const marked = () => state.storage.sql.exec<{ version: number; seat: number; client_seq: number }>("SELECT version, seat, client_seq FROM events WHERE client_seq IS NOT NULL").toArray();
      expect(marked()).toEqual([{ version: 2, seat: 0, client_seq: 1 }]);
      expect(store.outcome(1, 7)).toBeUndefined();
      expect(store.read()).toEqual([entry(1), entry(2)]);
      // More rows than one INSERT takes (16 at four bound values each): still one transaction, all of them.
      const many = Array.from({ length: 40 }, (_, i) => entry(3 + i));
      store.append(many, { seat: 1, clientSeq: 8, outcome: { ok: true, version: 42 } });
      expect(state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n).toBe(42);
      expect(store.outcome(1, 8)).toEqual({ ok: true, version: 42 });
      expect(marked()).toEqual([{ version: 2, seat: 0, client_seq: 1 }, { version: 42, seat: 1, client_seq: 8 }]);
      // What a later instance reads back: the same outcomes, and none of the failed command.
      const reopened = new SqlLogStore<Entry["event"]>(state.storage).open();
      expect([reopened.outcome(0, 1), reopened.outcome(1, 7), reopened.outcome(1, 8)]).toEqual([{ ok: true, version: 2 }, undefined, { ok: true, version: 42 }]);
    });
  });

  it("opens a room stored before outcomes moved onto the events: its old outcomes still answer, new ones go on the rows", async () => {
    await runInDurableObject(scratch(), (_room, state) => {
      state.storage.sql.exec("CREATE TABLE events (version INTEGER PRIMARY KEY, time INTEGER NOT NULL, actor TEXT NOT NULL, event TEXT NOT NULL)");
      state.storage.sql.exec("CREATE TABLE outcomes (seat INTEGER NOT NULL, client_seq INTEGER NOT NULL, outcome TEXT NOT NULL, PRIMARY KEY (seat, client_seq))");
      state.storage.sql.exec("INSERT INTO events VALUES (1, 1001, '0', ?)", JSON.stringify(entry(1).event));
      state.storage.sql.exec("INSERT INTO outcomes VALUES (0, 5, ?)", JSON.stringify({ ok: true, version: 1 }));
      const store = new SqlLogStore<Entry["event"]>(state.storage).open();
      expect(store.read()).toEqual([entry(1)]);
      expect(store.outcome(0, 5)).toEqual({ ok: true, version: 1 });
      store.append([entry(2)], { seat: 1, clientSeq: 6, outcome: { ok: true, version: 2 } });
      const again = new SqlLogStore<Entry["event"]>(state.storage).open();
      expect([again.outcome(0, 5), again.outcome(1, 6)]).toEqual([{ ok: true, version: 1 }, { ok: true, version: 2 }]);
      expect(again.read()).toEqual([entry(1), entry(2)]);
    });
  });

  it("serves reads of the log's tail from memory, equal to what SQLite holds; older reads go to SQLite", async () => {
    await runInDurableObject(scratch(), (_room, state) => {
      const store = new SqlLogStore<Entry["event"]>(state.storage).open();
      store.read();
      for (let v = 1; v <= TAIL_KEPT + 40; v += 3) store.append([entry(v), entry(v + 1), entry(v + 2)]);
      // A store that has not read the whole log yet keeps no tail: it reads SQLite.
      const sqlite = () => new SqlLogStore<Entry["event"]>(state.storage).open();
      for (const after of [1, 30, 40, 41, 42, 50, TAIL_KEPT + 30, TAIL_KEPT + 41, TAIL_KEPT + 42, TAIL_KEPT + 50, 0]) {
        expect(store.read(after)).toEqual(sqlite().read(after));
      }
      // Every read was right; and the tail really is what answered the recent ones (a row changed behind its back
      // shows only in SQLite's answer).
      state.storage.sql.exec("UPDATE events SET time = 0 WHERE version = ?", TAIL_KEPT + 40);
      expect(store.read(TAIL_KEPT + 39)[0]!.time).toBe(1000 + TAIL_KEPT + 40);
      expect(sqlite().read(TAIL_KEPT + 39)[0]!.time).toBe(0);
    });
  });
});

describe("a room's alarm is moved only earlier", () => {
  it("keeps the first alarm while the deadline moves later, and sets the next one when it fires early", async () => {
    const created = await post("/api/battlemaske/online", { role: "conte", clock: null });
    const friend = await post("/api/battlemaske/invite", { room: created.room, invite: created.invite });
    const stub = env.BattlemaskeRoom.getByName(created.room);
    const alarm = () => runInDurableObject(stub, (_r, s) => s.storage.getAlarm());
    // Nobody has come yet: the alarm is the no-show deadline, a minute after the deal (ADR 041).
    const deadline = await alarm();
    expect(deadline).toBeGreaterThan(Date.now() + 50_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 60_000);
    const { a, b, wa, wb } = await seatBoth(created.socket, [created.seatToken, friend.seatToken]);
    // Both came: the alarm moves, once, to the brake's ten minutes.
    for (let i = 0; i < 100 && (await alarm()) === deadline; i++) await new Promise((r) => setTimeout(r, 10));
    const first = await alarm();
    expect(first).toBeGreaterThan(Date.now() + 9 * 60_000);
    await new Promise((r) => setTimeout(r, 20)); // the deadline after the commands is later than the first one
    a.send({ type: "command", clientSeq: 1, baseVersion: wa.version, command: choose(wa.view) });
    await a.next((m) => m.type === "ack");
    b.send({ type: "command", clientSeq: 1, baseVersion: wb.version, command: choose(wb.view) });
    await b.next((m) => m.type === "ack");
    expect(await runInDurableObject(stub, (_r, s) => s.storage.getAlarm())).toBe(first);
    // Fired before the brake is due: no timeout, and the alarm now stands at the real deadline (later than the first).
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const events = await runInDurableObject(stub, (_r, s) => s.storage.sql.exec<{ event: string }>("SELECT event FROM events").toArray().map((r) => JSON.parse(r.event).type));
    expect(events).not.toContain("timeout");
    const next = await runInDurableObject(stub, (_r, s) => s.storage.getAlarm());
    expect(next).toBeGreaterThan(first!);
    await a.close();
    await b.close();
  });
});
