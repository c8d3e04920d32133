// The hot-seat room (web/src/room/local.ts) in plain Node: the room core at one device, the curtain's table time,
// the flag-fall timer and the stored log, with a fake clock, fake timers and a fake localStorage.
import { describe, expect, it } from "vitest";
import { legalCommands, stateFromView, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { fischer, HOTSEAT_KEY, LocalRoom, type LocalRoomDeps } from "../../web/src/room/local.js";
import type { ServerMessage } from "../../party/core/battlemaske-core.js";

/** A device: its clock moves only when told, its timers fire as the clock passes them. */
function device() {
  let now = 1_000_000;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  const items = new Map<string, string>();
  const deps: LocalRoomDeps = {
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) },
    now: () => now,
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  };
  /** Lets `ms` pass, firing every timer due on the way, in order. */
  function pass(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = Math.max(now, due[1].at);
      due[1].run();
    }
    now = end;
  }
  return { deps, items, pass, timers };
}

const options = { ruleset: "battlemaske", variant: "single" } as const;

/** The first legal command for the seat in front of the screen, from its own view (as the table finds it). */
function firstLegal(room: LocalRoom): Command {
  const v = room.view().game;
  return legalCommands(stateFromView(v), room.shown)[0]!;
}

function play(room: LocalRoom): ServerMessage[] {
  room.raise();
  return room.send(room.shown, { type: "command", baseVersion: room.version, command: firstLegal(room) });
}

const clockOf = (room: LocalRoom) => room.view().clock!;
/** What the table shows for a seat at device time `now`. */
const shownLeft = (room: LocalRoom, seat: Seat, now: number) => {
  const c = clockOf(room);
  return c.remaining[seat]! - (c.running.includes(seat) ? now - c.since : 0);
};

describe("a hot-seat room: both seats are people at one device", () => {
  it("brings the curtain down after every round that ends with the game going on, whoever is to act next", () => {
    // Both players read the round table together; behind it lie the next round's cards of the seat to act (a player
    // pass saw them face up when that seat had played the round's last card).
    const { deps } = device();
    let ends = 0;
    let sameSeat = 0;
    for (let g = 0; g < 6; g++) {
      const room = LocalRoom.create(deps, options, `local-rounds-${g}`, null);
      let ended = false;
      room.listen((m) => (ended ||= m.some((x) => x.type === "event" && (x.event as { type: string }).type === "roundEnded")));
      for (let i = 0; i < 200 && !room.view().over; i++) {
        const before = room.shown;
        ended = false;
        play(room);
        if (ended && !room.view().over) {
          ends++;
          if (room.shown === before) sameSeat++;
          expect(room.curtainDown).toBe(true);
        }
      }
    }
    expect(ends).toBeGreaterThan(4);
    // The case the pass found: the seat that played the round's last card also opens the next one.
    expect(sameSeat).toBeGreaterThan(0);
  });

  it("deals with the curtain down before seat 0; each seat's commands go through the core, and the curtain comes down at each change", () => {
    const { deps } = device();
    const room = LocalRoom.create(deps, options, "local-1", null);
    expect(room.version).toBeGreaterThan(0);
    expect(room.curtainDown).toBe(true);
    expect(room.shown).toBe(0);
    expect(room.view().clock).toBeNull();
    const seen: Seat[] = [];
    const events: ServerMessage[] = [];
    room.listen((m) => events.push(...m));
    for (let i = 0; i < 12; i++) {
      seen.push(room.shown);
      expect(play(room)[0]?.type).toBe("ack");
    }
    // The exchange is one seat after the other at one device, then the tricks: both seats have acted.
    expect(seen.slice(0, 2)).toEqual([0, 1]);
    expect(new Set(seen)).toEqual(new Set([0, 1]));
    expect(events.some((m) => m.type === "event")).toBe(true);
    expect(events.at(-1)?.type).toBe("state");
  });

  it("refuses a command against the rules with the core's error and changes nothing", () => {
    const { deps, items } = device();
    const room = LocalRoom.create(deps, options, "local-2", null);
    play(room); // seat 0 exchanges
    room.raise();
    const before = JSON.stringify(room.view());
    const stored = items.get(HOTSEAT_KEY);
    const version = room.version;
    const heard: ServerMessage[] = [];
    room.listen((m) => heard.push(...m));
    // Seat 0 has picked already; a card it does not hold is no card at all.
    const reply = room.send(0, { type: "command", baseVersion: version, command: { type: "exchange", cards: ["X9"] } });
    expect(reply[0]?.type).toBe("error");
    const refusal = reply[0] as Extract<ServerMessage, { type: "error" }>;
    expect(refusal.code).toMatch(/^[A-Z_]+$/);
    expect(refusal.messageDe.length).toBeGreaterThan(0);
    expect(room.version).toBe(version);
    expect(JSON.stringify(room.view())).toBe(before);
    expect(items.get(HOTSEAT_KEY)).toBe(stored);
    expect(heard).toEqual([]);
  });

  it("resigning ends the game for the seat in front of the screen: the other seat wins", () => {
    const { deps } = device();
    const room = LocalRoom.create(deps, options, "local-3", fischer(3, 2));
    play(room);
    room.raise();
    expect(room.shown).toBe(1);
    expect(room.send(1, { type: "resign" })[0]?.type).toBe("ack");
    expect(room.view().over).toBe(true);
    expect(room.view().result).toEqual({ winner: 0, draw: false, reason: "resign" });
    expect(room.view().clock!.running).toEqual([]);
  });
});

describe("the chess clock at one device: table time stands while the curtain is down", () => {
  it("runs only for the seat in front of the raised curtain, adds the increment, and stands while the curtain is down", () => {
    const { deps, pass } = device();
    const room = LocalRoom.create(deps, options, "local-4", fischer(3, 2));
    pass(60_000); // the curtain is down: nobody's clock runs
    expect(clockOf(room).running).toEqual([]);
    expect(clockOf(room).remaining).toEqual([180_000, 180_000]);
    room.raise();
    expect(clockOf(room).running).toEqual([0]); // the exchange: only the seat in front of the screen
    pass(10_000);
    expect(shownLeft(room, 0, deps.now())).toBe(170_000);
    expect(shownLeft(room, 1, deps.now())).toBe(180_000);
    room.send(0, { type: "command", baseVersion: room.version, command: firstLegal(room) });
    expect(room.curtainDown).toBe(true);
    expect(room.shown).toBe(1);
    expect(clockOf(room).remaining).toEqual([172_000, 180_000]);
    pass(120_000); // seat 1 takes the device slowly: still nothing runs
    expect(clockOf(room).remaining).toEqual([172_000, 180_000]);
    room.raise();
    expect(clockOf(room).running).toEqual([1]);
    pass(5_000);
    expect(shownLeft(room, 1, deps.now())).toBe(175_000);
    expect(shownLeft(room, 0, deps.now())).toBe(172_000);
  });

  it("lets the flag fall on a timer only after the seat's own thinking time, not the curtain's", () => {
    const { deps, pass, timers } = device();
    const room = LocalRoom.create(deps, options, "local-5", fischer(3, 2));
    expect(timers.size).toBe(0); // curtain down: no flag can fall
    pass(200_000);
    expect(room.view().over).toBe(false);
    room.raise();
    expect(timers.size).toBe(1);
    const heard: ServerMessage[] = [];
    room.listen((m) => heard.push(...m));
    pass(179_000);
    expect(room.view().over).toBe(false);
    pass(2_000);
    expect(room.view().over).toBe(true);
    expect(room.view().result).toEqual({ winner: 1, draw: false, reason: "timeout" });
    expect(clockOf(room).remaining[0]).toBe(0); // the fallen flag shows 0:00
    expect(heard.some((m) => m.type === "event" && (m.event as { type: string }).type === "timeout")).toBe(true);
    // Too late: a command after the flag is refused.
    expect(room.send(0, { type: "command", baseVersion: room.version, command: { type: "exchange", cards: [] } })[0]).toMatchObject({ type: "error", code: "GAME_OVER" });
  });
});

describe("a reload rebuilds the room from the stored log", () => {
  it("gives the same view, the same seat behind the curtain and the same clocks", () => {
    const { deps, pass } = device();
    const room = LocalRoom.create(deps, options, "local-6", fischer(5, 3));
    for (let i = 0; i < 9; i++) {
      pass(3_000);
      play(room);
    }
    // Whoever acted last, the reload brings the curtain down.
    if (!room.curtainDown) room.persist();
    const view = room.view();
    room.close();
    pass(600_000); // the page was closed for ten minutes: no clock runs meanwhile
    const again = LocalRoom.load(deps)!;
    expect(again).not.toBeNull();
    expect(again.curtainDown).toBe(true);
    expect(again.shown).toBe(room.shown);
    expect(again.version).toBe(room.version);
    expect(again.view().game).toEqual(view.game);
    expect(again.view().clock!.remaining).toEqual(view.clock!.remaining);
    expect({ ...again.view(), clock: null }).toEqual({ ...view, clock: null });
    // And it plays on.
    expect(play(again)[0]?.type).toBe("ack");
  });

  it("drops a game stored in the old format (or damaged) and starts fresh", () => {
    const { deps, items } = device();
    items.set(HOTSEAT_KEY, JSON.stringify({ events: [{ type: "gameStarted" }], clock: null }));
    expect(LocalRoom.load(deps)).toBeNull();
    expect(items.has(HOTSEAT_KEY)).toBe(false);
    items.set(HOTSEAT_KEY, "{not json");
    expect(LocalRoom.load(deps)).toBeNull();
    items.set(HOTSEAT_KEY, JSON.stringify({ format: 2, config: {}, entries: [{ version: 5 }], shown: 0, table: 0 }));
    expect(LocalRoom.load(deps)).toBeNull();
    expect(LocalRoom.load({ ...deps, storage: null })).toBeNull();
  });
});
