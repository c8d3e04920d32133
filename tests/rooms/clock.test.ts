// Clocks from timestamps: Fischer increments, both clocks in simultaneous steps, animation credit, flag fall by alarm.
import { describe, expect, it } from "vitest";
import { randomCommand, seatsToAct, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import { BattlemaskeRoomCore, type LoggedEvent, type RoomConfig } from "../../party/core/battlemaske-core.js";
import { ANIMATION_MS, BRAKE_MS, flagFall, timeLeft, type ClockState } from "../../shared/room/clock.js";
import { GoldwaageRoomCore, type GoldwaageLoggedEvent, type GoldwaageRoomConfig } from "../../party/core/goldwaage-core.js";
import { MemoryLogStore } from "../../party/core/log.js";

const bot = (s: Parameters<typeof randomCommand>[0], seat: number, _l: string, seed: string) => randomCommand(s, seat as Seat, rng(seed)) as Command;

function online(clock: RoomConfig["clock"], rated = true): BattlemaskeRoomCore {
  const config: RoomConfig = {
    kind: "online",
    options: { ruleset: "battlemaske", variant: "single" },
    seed: "clock",
    rated,
    seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }],
    clock,
  };
  const core = new BattlemaskeRoomCore("c", new MemoryLogStore<LoggedEvent>(), config, bot);
  core.start(0);
  return core;
}

let seq = 0;
function act(core: BattlemaskeRoomCore, seat: Seat, now: number) {
  const cmd = randomCommand(core.state.game, seat, rng(`${seq}`)) as Command;
  const r = core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: cmd }, now);
  expect(r.reply[0]?.type).toBe("ack");
  return r;
}

const FISCHER = { type: "fischer", initialMs: 60_000, incrementMs: 2_000 } as const;

describe("clocks", () => {
  it("run for both seats during the exchange, and stop for a seat once it has picked (plus its increment)", () => {
    const core = online(FISCHER);
    expect(core.state.clock?.running).toEqual([0, 1]);
    act(core, 0, 5_000);
    const c = core.state.clock!;
    expect(c.remaining[0]).toBe(60_000 - 5_000 + 2_000);
    expect(c.remaining[1]).toBe(60_000 - 5_000);
    expect(c.running).toEqual([1]);
    expect(timeLeft(c, FISCHER, 8_000)).toEqual([57_000, 52_000]);
  });
  it("credit the animation after a card, so the table's display costs no clock time", () => {
    const core = online(FISCHER);
    act(core, 0, 1_000);
    act(core, 1, 1_000);
    const leader = seatsToAct(core.state.game)[0]!;
    const before = core.state.clock!.remaining[leader === 0 ? 1 : 0];
    act(core, leader, 2_000); // a card: the follower's clock starts 250 ms later
    const c = core.state.clock!;
    expect(c.since).toBe(2_000 + ANIMATION_MS.card);
    const follower = leader === 0 ? 1 : 0;
    expect(timeLeft(c, FISCHER, 2_000 + ANIMATION_MS.card)[follower]).toBe(before);
    expect(timeLeft(c, FISCHER, 3_000 + ANIMATION_MS.card)[follower]).toBe(before - 1_000);
    expect(c.remaining[leader]).toBe(61_000 - 1_000 + 2_000); // thought from 1 s to 2 s, then its increment
  });
  it("end the game by alarm when a flag falls; the handler is idempotent and does nothing early", () => {
    const core = online(FISCHER);
    act(core, 0, 1_000);
    const at = core.nextAlarm()!;
    expect(at).toBe(60_000); // seat 1 has thought since 0 and has 60 s
    expect(core.onAlarm(at - 1)).toEqual([]);
    const ended = core.onAlarm(at);
    expect(ended.map((e) => e.event)).toEqual([{ type: "timeout", v: 1, seat: 1 }]);
    expect(core.onAlarm(at + 5)).toEqual([]); // fired twice: nothing more
    // The clocks stop where they stand: the fallen flag shows no time left, nothing runs any more.
    expect(core.state.clock!.remaining[1]).toBe(0);
    expect(core.state.clock!.running).toEqual([]);
    // Rated, and the flag fell before 10 cards and 3 minutes: aborted like an early resignation, so two accounts
    // cannot move a rating and a stake with a short clock and no card played.
    expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted" });
    expect(core.nextAlarm()).toBeNull();
  });
  it("both clocks falling at the same instant (the first exchange, nobody acted) are one timeout naming both: a draw, no loser", () => {
    for (const clock of [FISCHER, { type: "brake" } as const]) {
      const core = online(clock, false);
      const at = core.nextAlarm()!;
      expect(at).toBe(clock.type === "brake" ? BRAKE_MS : 60_000);
      const ended = core.onAlarm(at);
      expect(ended.map((e) => [e.time, e.actor, e.event])).toEqual([[at, "room", { type: "timeout", v: 1, seat: 0, seats: [0, 1] }]]);
      // Unrated: the table shows the draw; before 10 cards and 3 minutes (the one-minute clock) it says no record counts
      // it, after the brake's ten minutes it counts, as a single flag's loss would.
      expect(core.result).toEqual({ winner: null, draw: true, reason: "timeout", ...(clock.type === "brake" ? {} : { uncounted: true }) });
      expect(core.viewFor(0).result).toEqual(core.result);
      expect(core.viewFor(1).result).toEqual(core.result);
      expect(core.onAlarm(at + 1)).toEqual([]);
    }
    // Rated: aborted, as every early end.
    const rated = online(FISCHER, true);
    rated.onAlarm(60_000);
    expect(rated.result).toEqual({ winner: null, draw: false, reason: "aborted" });
  });
  it("a flag falls alone when the other clock has even a millisecond more; equal flags fall together, the first one named", () => {
    const c = (remaining: number[], running = [0, 1]): ClockState => ({ remaining, running, since: 1_000, waitingSince: [1_000, 1_000] });
    expect(flagFall(c([5_000, 5_001]), FISCHER)).toEqual({ seat: 0, at: 6_000, seats: [0] });
    expect(flagFall(c([5_001, 5_000]), FISCHER)).toEqual({ seat: 1, at: 6_000, seats: [1] });
    expect(flagFall(c([5_000, 5_000]), FISCHER)).toEqual({ seat: 0, at: 6_000, seats: [0, 1] });
    expect(flagFall(c([5_000, 0], [0]), FISCHER)).toEqual({ seat: 0, at: 6_000, seats: [0] }); // a clock that stands never falls
    expect(flagFall(c([5_000, 5_000], []), FISCHER)).toBeNull();
  });
  it("a Goldwaage show phase nobody finished: every silent seat is named, and the team has lost", () => {
    const config: GoldwaageRoomConfig = { kind: "table", options: { players: 3, level: "leicht", variants: [] }, seed: "both", rated: false, clock: { type: "brake" }, seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }, { type: "human", tokenHash: "c" }] };
    const core = new GoldwaageRoomCore("gw", new MemoryLogStore<GoldwaageLoggedEvent>(), config);
    core.start(0);
    expect(core.onAlarm(BRAKE_MS).map((e) => e.event)).toEqual([{ type: "timeout", v: 1, seat: 0, seats: [0, 1, 2] }]);
    expect(core.result).toMatchObject({ winner: null, draw: false, team: "lost", reason: "timeout" });
  });
  it("a rated game's timeout counts once the game is 3 minutes old", () => {
    const core = online({ type: "fischer", initialMs: 5 * 60_000, incrementMs: 0 });
    act(core, 0, 1_000);
    const at = core.nextAlarm()!;
    expect(at).toBe(5 * 60_000);
    expect(core.onAlarm(at).map((e) => e.event)).toEqual([{ type: "timeout", v: 1, seat: 1 }]);
    expect(core.result).toEqual({ winner: 0, draw: false, reason: "timeout" });
  });
  it("after an accepted take-back the player to move has the running clock, the undone play's increment is gone, and nobody gains time", () => {
    const tc = { type: "fischer", initialMs: 5 * 60_000, incrementMs: 3_000 } as const;
    const core = online(tc, false);
    act(core, 0, 1_000);
    act(core, 1, 1_000);
    const leader = seatsToAct(core.state.game)[0]!;
    const follower = leader === 0 ? 1 : 0;
    const beforePlay = timeLeft(core.state.clock!, tc, 10_000);
    act(core, leader, 10_000); // the leader's card: +3 s for the leader, the follower's clock runs
    const afterPlay = core.state.clock!;
    expect(afterPlay.running).toEqual([follower]);
    expect(core.handle(leader, { type: "takeback", clientSeq: ++seq, action: "request" }, 15_000).reply[0]?.type).toBe("ack");
    const atRequest = timeLeft(core.state.clock!, tc, 15_000);
    expect(core.handle(follower, { type: "takeback", clientSeq: ++seq, action: "accept" }, 20_000).reply[0]?.type).toBe("ack");
    const c = core.state.clock!;
    expect(seatsToAct(core.state.game)).toEqual([leader]);
    expect(c.running).toEqual([leader]);
    // The leader: the time it had when it played, without the increment of the card taken back.
    expect(c.remaining[leader]).toBe(beforePlay[leader]);
    // The follower: its thinking time from the card until the accept stays used.
    expect(c.remaining[follower]).toBe(timeLeft(afterPlay, tc, 20_000)[follower]);
    for (const s of [0, 1]) expect(timeLeft(c, tc, 20_000)[s]).toBeLessThanOrEqual(atRequest[s]!);
    // The leader's clock is the one that runs now, and the flag is the leader's.
    expect(timeLeft(c, tc, 25_000)[leader]).toBe(beforePlay[leader]! - 5_000);
    expect(core.nextAlarm()).toBe(20_000 + beforePlay[leader]!);
    // Playing the card again earns the increment once, not twice.
    act(core, leader, 22_000);
    expect(core.state.clock!.remaining[leader]).toBe(beforePlay[leader]! - 2_000 + 3_000);
  });
  it("without a clock: the emergency brake ends the game after 10 minutes without acting", () => {
    const core = online({ type: "brake" });
    act(core, 0, 60_000);
    act(core, 1, 120_000);
    const seat = seatsToAct(core.state.game)[0]!;
    expect(core.nextAlarm()).toBe(120_000 + BRAKE_MS);
    expect(core.onAlarm(120_000 + BRAKE_MS).map((e) => e.event)).toEqual([{ type: "timeout", v: 1, seat }]);
  });
  it("a rated game left before 10 cards and 3 minutes is aborted, unrated", () => {
    const core = online(FISCHER);
    core.handle(0, { type: "leave", clientSeq: ++seq }, 10_000);
    expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted" });
  });
  it("a game left later is lost by the one who left", () => {
    // Five minutes each: at 200 s both clocks still have time (with one minute both flags fell at 60 s, and leaving at
    // 200 s comes after the loss on time, tests/rooms/late-flag.test.ts).
    const core = online({ type: "fischer", initialMs: 5 * 60_000, incrementMs: 0 });
    core.handle(1, { type: "leave", clientSeq: ++seq }, 200_000);
    expect(core.result).toEqual({ winner: 0, draw: false, reason: "leave" });
    expect(core.handle(0, { type: "resign", clientSeq: ++seq }, 200_001).reply[0]).toMatchObject({ code: "GAME_OVER" });
  });
  it("the view says while a game does not count yet (early), and a leave agreed to as uncounted is refused once it counts", () => {
    const core = online({ type: "fischer", initialMs: 5 * 60_000, incrementMs: 0 });
    expect(core.viewFor(0).early).toEqual({ cardsPlayed: 0, startedAt: 0 });
    // Three minutes after the deal it counts: the leave the player agreed to as "zählt noch nicht" changes nothing.
    const refused = core.handle(1, { type: "leave", clientSeq: ++seq, uncounted: true }, 180_000);
    expect(refused.reply[0]).toMatchObject({ type: "error", code: "LEAVE_COUNTS_NOW" });
    expect(refused.appended).toEqual([]);
    expect(core.over).toBe(false);
    // Asked again without the condition, it is lost by the one who left.
    core.handle(1, { type: "leave", clientSeq: ++seq }, 180_001);
    expect(core.result).toEqual({ winner: 0, draw: false, reason: "leave" });
    expect(core.viewFor(0).early).toBeUndefined();
  });
  it("a leave agreed to as uncounted is taken while the game does not count: aborted", () => {
    const core = online(FISCHER);
    core.handle(0, { type: "leave", clientSeq: ++seq, uncounted: true }, 10_000);
    expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted" });
  });
  it("early counts cards: gone from the view once the tenth card is down, and a leave agreed to as uncounted is refused then", () => {
    const core = online({ type: "brake" }, false);
    let t = 1_000;
    while (core.state.cardsPlayed < 10) {
      expect(core.viewFor(0).early?.cardsPlayed).toBe(core.state.cardsPlayed);
      for (const s of seatsToAct(core.state.game)) act(core, s as Seat, (t += 1_000));
    }
    expect(core.viewFor(0).early).toBeUndefined();
    const seat = seatsToAct(core.state.game)[0]! as Seat;
    expect(core.handle(seat, { type: "leave", clientSeq: ++seq, uncounted: true }, (t += 1_000)).reply[0]).toMatchObject({ code: "LEAVE_COUNTS_NOW" });
    expect(core.over).toBe(false);
  });
});
