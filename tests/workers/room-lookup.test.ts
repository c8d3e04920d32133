// The socket route's look-up of a room's game (worker/tables.ts roomGame): a recorded room is read from D1 once per
// isolate and then known; a name D1 does not hold is asked again every time (nothing is kept of it); the memory is
// bounded.
import { describe, expect, it } from "vitest";
import { KNOWN_ROOMS_KEPT, roomGame, type TableGame } from "../../worker/tables";

/** A D1 stand-in that answers `SELECT game FROM games WHERE room = ?` from `rows` and counts the queries. */
function countingDb(rows: Map<string, TableGame>): { db: D1Database; queries: () => number } {
  let queries = 0;
  const db = {
    prepare(sql: string) {
      expect(sql).toBe("SELECT game FROM games WHERE room = ?");
      return {
        bind(room: string) {
          return {
            async first() {
              queries++;
              const game = rows.get(room);
              return game ? { game } : null;
            },
          };
        },
      };
    },
  } as unknown as D1Database;
  return { db, queries: () => queries };
}

/** Names no other test uses (the memory is the isolate's, shared by the tests of this file). */
const name = (tag: string, i: number) => `lk${tag}${String(i).padStart(12, "0")}`.slice(0, 16);

describe("roomGame", () => {
  it("reads a recorded room once, then knows it", async () => {
    const room = name("a", 1);
    const { db, queries } = countingDb(new Map([[room, "goldwaage"]]));
    expect(await roomGame(db, room)).toBe("goldwaage");
    expect(await roomGame(db, room)).toBe("goldwaage");
    expect(await roomGame(db, room)).toBe("goldwaage");
    expect(queries()).toBe(1);
  });

  it("asks again for a name it did not find, and finds the room once it is recorded", async () => {
    const room = name("b", 1);
    const rows = new Map<string, TableGame>();
    const { db, queries } = countingDb(rows);
    expect(await roomGame(db, room)).toBeNull();
    expect(await roomGame(db, room)).toBeNull();
    expect(queries()).toBe(2);
    rows.set(room, "battlemaske");
    expect(await roomGame(db, room)).toBe("battlemaske");
    expect(queries()).toBe(3);
  });

  it("keeps at most KNOWN_ROOMS_KEPT rooms, the oldest going first", async () => {
    const rows = new Map<string, TableGame>();
    for (let i = 0; i <= KNOWN_ROOMS_KEPT; i++) rows.set(name("c", i), "battlemaske");
    const { db, queries } = countingDb(rows);
    for (let i = 0; i <= KNOWN_ROOMS_KEPT; i++) await roomGame(db, name("c", i));
    expect(queries()).toBe(KNOWN_ROOMS_KEPT + 1);
    // The newest is still known; the first was dropped to make room and is read again.
    await roomGame(db, name("c", KNOWN_ROOMS_KEPT));
    expect(queries()).toBe(KNOWN_ROOMS_KEPT + 1);
    await roomGame(db, name("c", 0));
    expect(queries()).toBe(KNOWN_ROOMS_KEPT + 2);
  });
});
