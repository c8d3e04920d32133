// A message that arrives after a flag fell but before the room's alarm ran (alarms are late under load, a room may have
// been evicted): the core ends the game on time first, exactly as the alarm would, and answers against the ended game.
import { describe, expect, it } from "vitest";
import { randomCommand, seatsToAct, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import { flagFall, type TimeControl } from "../../shared/room/clock.js";
import { goldwaageGame } from "../../shared/goldwaage/game.js";
import { BattlemaskeRoomCore, type LoggedEvent, type RoomConfig } from "../../party/core/battlemaske-core.js";
import { GoldwaageRoomCore, type GoldwaageLoggedEvent, type GoldwaageRoomConfig } from "../../party/core/goldwaage-core.js";
import { MemoryLogStore } from "../../party/core/log.js";
import type { CoreMessage } from "../../shared/room/protocol.js";

const FISCHER: TimeControl = { type: "fischer", initialMs: 60_000, incrementMs: 2_000 };
const bot = (s: Parameters<typeof randomCommand>[0], seat: number, _l: string, seed: string) => randomCommand(s, seat as Seat, rng(seed)) as Command;

type AnyCore = BattlemaskeRoomCore | GoldwaageRoomCore;

function duel(kind: "online" | "computer" = "online", clock: TimeControl = FISCHER, rated = false): { core: BattlemaskeRoomCore; store: MemoryLogStore<LoggedEvent> } {
  const config: RoomConfig = {
    kind,
    options: { ruleset: "battlemaske", variant: "single" },
    seed: "late-flag",
    rated,
    seats: kind === "online" ? [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }] : [{ type: "human", tokenHash: "a" }, { type: "computer", level: "leicht" }],
    clock,
  };
  const store = new MemoryLogStore<LoggedEvent>();
  const core = new BattlemaskeRoomCore("late", store, config, bot);
  core.start(0);
  return { core, store };
}

let seq = 0;
function play(core: BattlemaskeRoomCore, seat: Seat, now: number) {
  const command = randomCommand(core.state.game, seat, rng(`late-${seq}`)) as Command;
  const r = core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command }, now);
  expect(r.reply.at(-1)?.type).toBe("ack");
  return r;
}

/** Seat 0 has exchanged at 1 s (its clock stands), so only seat 1's runs: its flag falls at 60 s. */
function seat1Thinking() {
  const room = duel();
  play(room.core, 0, 1_000);
  const flag = flagFall(room.core.state.clock!, FISCHER)!;
  expect(flag).toEqual({ seat: 1, at: 60_000, seats: [1] });
  return { ...room, flag };
}

/** Past the exchange; the leader has played its first card, so the follower's clock runs and only its flag can fall. */
function followerThinking() {
  const room = duel();
  play(room.core, 0, 1_000);
  play(room.core, 1, 2_000);
  const leader = seatsToAct(room.core.state.game)[0]!;
  play(room.core, leader, 3_000);
  const follower = (1 - leader) as Seat;
  const flag = flagFall(room.core.state.clock!, FISCHER)!;
  expect(flag.seat).toBe(follower);
  return { ...room, flag, leader, follower };
}

const timeouts = (store: MemoryLogStore<LoggedEvent> | MemoryLogStore<GoldwaageLoggedEvent>) => store.read().filter((e) => e.event.type === "timeout");

/**
 * After a late message: one timeout for `seat`, logged by the room at `at`, the moment its flag fell (not the message's
 * later time), and nothing else appended.
 */
function endedOnTime(core: AnyCore, store: MemoryLogStore<LoggedEvent> | MemoryLogStore<GoldwaageLoggedEvent>, r: { appended: ReadonlyArray<{ version: number; time: number; actor: string; event: unknown }> }, seat: number, at: number) {
  const before = core.version - 1;
  const now = at + 10_000;
  expect(r.appended).toEqual([{ version: before + 1, time: at, actor: "room", event: { type: "timeout", v: 1, seat } }]);
  expect(timeouts(store)).toHaveLength(1);
  expect(core.over).toBe(true);
  expect(core.result).toMatchObject({ winner: 1 - seat, reason: "timeout" });
  // The clocks stop where the alarm would have stopped them: the fallen flag shows 0:00 (Fischer), nothing runs.
  if (core.config.clock?.type === "fischer") expect(core.state.clock!.remaining[seat]).toBe(0);
  expect(core.state.clock!.running).toEqual([]);
  // The alarm that fires later finds nothing to do, and so does any later message.
  expect(core.onAlarm(now + 5_000)).toEqual([]);
  expect(core.handle(seat, { type: "resign", clientSeq: ++seq }, now + 6_000).appended).toEqual([]);
  expect(timeouts(store)).toHaveLength(1);
}

const gameOver = { type: "error", code: "GAME_OVER" };

describe("a flag that fell before the message: the game ends on time first", () => {
  it("a command by the seat whose time is up is not applied: the timeout is logged and the command refused GAME_OVER", () => {
    const { core, store, flag } = seat1Thinking();
    const version = core.version;
    const command = randomCommand(core.state.game, 1, rng("late")) as Command;
    const r = core.handle(1, { type: "command", clientSeq: 900, baseVersion: version, command }, flag.at + 10_000);
    expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 900 })]);
    expect(core.version).toBe(version + 1); // the timeout, and no exchange of seat 1
    expect(store.read().at(-1)!.event.type).toBe("timeout");
    endedOnTime(core, store, r, 1, flag.at);
    // Resent (a reconnect): the same answer, nothing new.
    expect(core.handle(1, { type: "command", clientSeq: 900, baseVersion: version, command }, flag.at + 20_000)).toEqual({ reply: r.reply, appended: [] });
  });

  it("exactly at the flag's time it has fallen (as for the alarm); a moment before, the command is played", () => {
    const late = seat1Thinking();
    const lateCmd = randomCommand(late.core.state.game, 1, rng("edge")) as Command;
    const atFlag = late.core.handle(1, { type: "command", clientSeq: 901, baseVersion: late.core.version, command: lateCmd }, late.flag.at);
    expect(atFlag.reply).toEqual([expect.objectContaining(gameOver)]);
    endedOnTime(late.core, late.store, atFlag, 1, late.flag.at);

    const { core, store, flag } = seat1Thinking();
    const cmd = randomCommand(core.state.game, 1, rng("edge")) as Command;
    const r = core.handle(1, { type: "command", clientSeq: 902, baseVersion: core.version, command: cmd }, flag.at - 1);
    expect(r.reply.at(-1)).toMatchObject({ type: "ack", clientSeq: 902 });
    expect(r.appended.map((e) => e.event.type)).not.toContain("timeout");
    expect(timeouts(store)).toHaveLength(0);
    expect(core.over).toBe(false);
  });

  for (const how of ["resign", "leave"] as const) {
    it(`${how} by the seat whose time is up stays a loss on time, not a ${how}`, () => {
      const { core, store, flag } = seat1Thinking();
      const r = core.handle(1, { type: how, clientSeq: 910 }, flag.at + 1);
      expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 910 })]);
      expect(store.read().some((e) => e.event.type === "resigned")).toBe(false);
      endedOnTime(core, store, r, 1, flag.at);
    });

    it(`${how} by the other seat while the opponent's flag has fallen: the opponent lost on time`, () => {
      const { core, store, flag } = seat1Thinking();
      const r = core.handle(0, { type: how, clientSeq: 911 }, flag.at + 1);
      expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 911 })]);
      expect(core.result).toMatchObject({ winner: 0, reason: "timeout" });
      endedOnTime(core, store, r, 1, flag.at);
    });

    it(`${how} just before the flag falls is a ${how}`, () => {
      const { core, store, flag } = seat1Thinking();
      const r = core.handle(1, { type: how, clientSeq: 912 }, flag.at - 1);
      expect(r.reply).toEqual([{ type: "ack", clientSeq: 912, version: core.version }]);
      expect(r.appended.map((e) => e.event)).toEqual([{ type: "resigned", v: 1, seat: 1, how }]);
      expect(core.result).toMatchObject({ winner: 0, reason: how });
      expect(core.onAlarm(flag.at + 1)).toEqual([]);
      expect(timeouts(store)).toHaveLength(0);
    });
  }

  it("a take-back request after the follower's flag fell (the leader asks, the follower is to move): the follower lost on time", () => {
    const { core, store, flag, leader, follower } = followerThinking();
    const r = core.handle(leader, { type: "takeback", clientSeq: 920, action: "request" }, flag.at + 1);
    expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 920 })]);
    expect(store.read().some((e) => e.event.type === "takebackRequested")).toBe(false);
    endedOnTime(core, store, r, follower, flag.at);
  });

  it("a take-back request just before the flag falls is asked", () => {
    const { core, flag, leader } = followerThinking();
    const r = core.handle(leader, { type: "takeback", clientSeq: 921, action: "request" }, flag.at - 1);
    expect(r.appended.map((e) => e.event)).toEqual([{ type: "takebackRequested", v: 1, seat: leader }]);
    expect(r.reply).toEqual([{ type: "ack", clientSeq: 921, version: core.version }]);
  });

  it("accepting a take-back after one's own flag fell does not undo the card: the flag stands", () => {
    const { core, store, flag, leader, follower } = followerThinking();
    core.handle(leader, { type: "takeback", clientSeq: 922, action: "request" }, 4_000);
    const r = core.handle(follower, { type: "takeback", clientSeq: 923, action: "accept" }, flag.at + 1);
    expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 923 })]);
    expect(store.read().some((e) => e.event.type === "takeback")).toBe(false);
    endedOnTime(core, store, r, follower, flag.at);
  });

  it("accepting a take-back just before the flag falls takes the card back", () => {
    const { core, flag, leader, follower } = followerThinking();
    core.handle(leader, { type: "takeback", clientSeq: 924, action: "request" }, 4_000);
    const r = core.handle(follower, { type: "takeback", clientSeq: 925, action: "accept" }, flag.at - 1);
    expect(r.appended.map((e) => e.event.type)).toEqual(["takeback"]);
    expect(core.over).toBe(false);
  });

  it("a hint (against the computer, here with a clock) after the flag fell is refused; just before, it is given", () => {
    const late = duel("computer");
    const lateFlag = flagFall(late.core.state.clock!, FISCHER)!;
    expect(lateFlag.seat).toBe(0); // only the person's clock runs
    const r = late.core.handle(0, { type: "hint", clientSeq: 930 }, lateFlag.at + 1);
    expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 930 })]);
    endedOnTime(late.core, late.store, r, 0, lateFlag.at);

    const early = duel("computer");
    const earlyFlag = flagFall(early.core.state.clock!, FISCHER)!;
    const given = early.core.handle(0, { type: "hint", clientSeq: 931 }, earlyFlag.at - 1);
    expect(given.appended.map((e) => e.event.type)).toEqual(["hintGiven"]);
  });

  it("a hello after the flag fell sees the ended game (and the timeout is appended, to broadcast); before, the running clocks", () => {
    for (const viewer of [0, 1, "spectator"] as const) {
      const { core, store, flag } = seat1Thinking();
      const early = core.handle(viewer, { type: "hello", history: true }, flag.at - 1);
      expect(early.appended).toEqual([]);
      expect(early.reply[0]).toMatchObject({ type: "welcome", view: { over: false, clock: { running: [1] } } });

      const r = core.handle(viewer, { type: "hello", history: true }, flag.at + 1);
      const welcome = r.reply[0] as Extract<(typeof r.reply)[number], { type: "welcome" }>;
      expect(welcome).toMatchObject({ type: "welcome", version: core.version, view: { over: true, result: { winner: 0, reason: "timeout" }, clock: { running: [] } } });
      expect(welcome.view!.clock!.remaining[1]).toBe(0);
      // The history that follows the welcome ends with the timeout.
      const history = r.reply.filter((m) => m.type === "history").flatMap((m) => (m.type === "history" ? m.entries : []));
      expect(history.at(-1)).toMatchObject({ actor: "room", event: { type: "timeout", seat: 1 } });
      endedOnTime(core, store, r, 1, flag.at);
    }
  });

  it("a hello resuming with lastVersion after the flag fell gets the timeout among the events it missed", () => {
    const { core, store, flag } = seat1Thinking();
    const seen = core.version;
    const r = core.handle(0, { type: "hello", lastVersion: seen }, flag.at + 1);
    expect(r.reply.map((m) => m.type)).toEqual(["welcome", "event", "state"]);
    expect(r.reply[1]).toMatchObject({ type: "event", version: seen + 1, event: { type: "timeout", seat: 1 } });
    endedOnTime(core, store, r, 1, flag.at);
  });

  it("a stale command after the flag fell is refused GAME_OVER, not resynced (nothing is judged on an ended game)", () => {
    const { core, store, flag } = seat1Thinking();
    const command = randomCommand(core.state.game, 1, rng("stale")) as Command;
    const r = core.handle(1, { type: "command", clientSeq: 940, baseVersion: 1, command }, flag.at + 1);
    expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 940 })]);
    endedOnTime(core, store, r, 1, flag.at);
  });

  it("the brake (no clock) too: a card after ten minutes of silence comes too late", () => {
    const { core, store } = duel("online", { type: "brake" });
    play(core, 0, 1_000);
    const flag = flagFall(core.state.clock!, { type: "brake" })!;
    expect(flag.seat).toBe(1);
    const command = randomCommand(core.state.game, 1, rng("brake")) as Command;
    const r = core.handle(1, { type: "command", clientSeq: 950, baseVersion: core.version, command }, flag.at + 1);
    expect(r.reply).toEqual([expect.objectContaining({ ...gameOver, clientSeq: 950 })]);
    endedOnTime(core, store, r, 1, flag.at);
  });

  it("a spectator's act, a rematch and a call-off read no clock: nothing is logged for them", () => {
    const { core, store, flag } = seat1Thinking();
    const messages: Array<[0 | 1 | "spectator", CoreMessage]> = [
      ["spectator", { type: "resign", clientSeq: 960 }],
      [0, { type: "rematch", clientSeq: 961, action: "offer" }],
      [0, { type: "cancel", clientSeq: 962 }],
    ];
    for (const [viewer, msg] of messages) expect(core.handle(viewer, msg, flag.at + 1).appended).toEqual([]);
    expect(timeouts(store)).toHaveLength(0);
    // The alarm (or the next message that reads the clock) still ends the game, once.
    expect(core.onAlarm(flag.at + 2).map((e) => e.event)).toEqual([{ type: "timeout", v: 1, seat: 1 }]);
  });
});

describe("a late flag at a Goldwaage table of people: remarks", () => {
  function table() {
    const config: GoldwaageRoomConfig = { kind: "table", options: { players: 2, level: "leicht", variants: [] }, seed: "late-gw", rated: false, clock: FISCHER, seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }] };
    const store = new MemoryLogStore<GoldwaageLoggedEvent>();
    const core = new GoldwaageRoomCore("gw", store, config);
    core.start(0);
    // One card of the round played: from now on nobody talks until the round is over.
    const seat = goldwaageGame.toAct(core.state.game)[0]!;
    const command = goldwaageGame.computer.choose(core.state.game, seat, "simple", "late-gw", ["simple", "simple"]);
    expect(core.handle(seat, { type: "command", clientSeq: 1, baseVersion: core.version, command }, 1_000).reply.at(-1)?.type).toBe("ack");
    const flag = flagFall(core.state.clock!, FISCHER)!;
    return { core, store, flag, silent: (1 - flag.seat) as 0 | 1 };
  }

  it("during a round a remark is refused; once the flag has fallen the game is over, and a remark after the game is fine", () => {
    const before = table();
    expect(before.core.handle(before.silent, { type: "remark", clientSeq: 2, remark: "thanks" }, before.flag.at - 1).reply).toEqual([expect.objectContaining({ type: "error", code: "REMARK_NOT_ALLOWED" })]);

    const { core, store, flag, silent } = table();
    const r = core.handle(silent, { type: "remark", clientSeq: 2, remark: "thanks" }, flag.at + 30_000);
    expect(r.reply).toEqual([{ type: "ack", clientSeq: 2, version: core.version }]);
    expect(r.notice).toMatchObject({ type: "remark", seat: silent, remark: "thanks" });
    // The timeout is logged when the brake fell, not half a minute later when the remark came.
    expect(r.appended).toEqual([{ version: core.version, time: flag.at, actor: "room", event: { type: "timeout", v: 1, seat: flag.seat } }]);
    expect(core.over).toBe(true);
    expect(core.onAlarm(flag.at + 30_001)).toEqual([]);
    expect(timeouts(store)).toHaveLength(1);
  });
});

describe("a flag noticed late is logged when it fell", () => {
  it("a rated game whose flag fell in its first minute stays aborted when the alarm or a message comes after 3 minutes", () => {
    for (const late of ["alarm", "message"] as const) {
      const { core, store } = duel("online", FISCHER, true);
      play(core, 0, 1_000);
      const flag = flagFall(core.state.clock!, FISCHER)!;
      expect(flag).toEqual({ seat: 1, at: 60_000, seats: [1] });
      const when = 4 * 60_000; // past the 3 minutes after which a rated game's end counts
      const appended = late === "alarm" ? core.onAlarm(when) : core.handle(1, { type: "resign", clientSeq: 990 }, when).appended;
      expect(appended.map((e) => [e.time, e.event])).toEqual([[60_000, { type: "timeout", v: 1, seat: 1 }]]);
      expect(store.read().filter((e) => e.event.type === "timeout")).toHaveLength(1);
      // Judged at 60 s, the game was under 3 minutes old and no card was played: aborted, as at an alarm on time.
      expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted" });
    }
  });
});
