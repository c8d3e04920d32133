// A seat that never comes (ADR 041): at a table of two or more people whose config has noShowMs, a person's seat that
// has not said hello with its token by then calls the game off — a `noShow` logged by the room at the deadline, the
// result aborted for everyone. A flag that fell first decides instead; a seat that came once is never a no-show.
import { describe, expect, it } from "vitest";
import { randomCommand, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import { NO_SHOW_MS, timeLeft, type TimeControl } from "../../shared/room/clock.js";
import { BattlemaskeRoomCore, type LoggedEvent, type RoomConfig } from "../../party/core/battlemaske-core.js";
import { GoldwaageRoomCore, type GoldwaageLoggedEvent, type GoldwaageRoomConfig } from "../../party/core/goldwaage-core.js";
import { MemoryLogStore } from "../../party/core/log.js";

const BRAKE: TimeControl = { type: "brake" };
const THIRTY_SECONDS: TimeControl = { type: "fischer", initialMs: 30_000, incrementMs: 0 };
const hello = { type: "hello" as const };

function duel(opts: { clock?: TimeControl; rated?: boolean; rule?: boolean; waits?: boolean; store?: MemoryLogStore<LoggedEvent> } = {}) {
  const config: RoomConfig = {
    kind: "online",
    options: { ruleset: "battlemaske", variant: "single" },
    seed: "no-show",
    rated: opts.rated ?? false,
    seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }],
    clock: opts.clock ?? BRAKE,
    ...(opts.rule === false ? {} : { noShowMs: NO_SHOW_MS }),
    ...(opts.waits ? { clockWaitsForSeats: true } : {}),
  };
  const store = opts.store ?? new MemoryLogStore<LoggedEvent>();
  const core = new BattlemaskeRoomCore("ns", store, config);
  return { core, store, config };
}

let seq = 0;
function play(core: BattlemaskeRoomCore, seat: Seat, now: number) {
  const command = randomCommand(core.state.game, seat, rng(`ns-${seq}`)) as Command;
  return core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command }, now);
}

/** A 30-second clock's flag at 30 s: the alarm (late, at the deadline) logs a no-show then, for seat 1, and no timeout. */
function calledOffAtTheFlag(core: BattlemaskeRoomCore, store: MemoryLogStore<LoggedEvent>) {
  const appended = core.onAlarm(NO_SHOW_MS);
  expect(appended.map((e) => [e.time, e.event.type])).toEqual([[30_000, "noShow"]]);
  expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted", absent: [1] });
  expect(store.read().some((e) => e.event.type === "timeout")).toBe(false);
}

const noShows = (store: MemoryLogStore<LoggedEvent> | MemoryLogStore<GoldwaageLoggedEvent>) => store.read().filter((e) => e.event.type === "noShow");

describe("a seat that never comes", () => {
  it("is called off at the deadline: one noShow by the room at NO_SHOW_MS after the deal, aborted for everyone", () => {
    const { core, store } = duel({ rated: true });
    core.start(0);
    core.handle(0, hello, 1_000);
    expect(core.noShow()).toEqual({ seats: [1], at: NO_SHOW_MS });
    // The brake would fall only after ten minutes: the alarm is wanted at the deadline.
    expect(core.nextAlarm()).toBe(NO_SHOW_MS);
    // The one who came may act meanwhile; it changes nothing about the deadline.
    expect(play(core, 0, 2_000).reply.at(-1)?.type).toBe("ack");
    expect(core.onAlarm(NO_SHOW_MS - 1)).toEqual([]);
    const appended = core.onAlarm(NO_SHOW_MS);
    expect(appended).toEqual([{ version: core.version, time: NO_SHOW_MS, actor: "room", event: { type: "noShow", v: 1, seats: [1] } }]);
    expect(core.over).toBe(true);
    expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted", absent: [1] });
    expect(core.report()?.result.reason).toBe("aborted");
    expect(core.noShow()).toBeNull();
    expect(core.nextAlarm()).toBeNull();
    // Idempotent: a later alarm or message appends nothing more; a command is GAME_OVER.
    expect(core.onAlarm(NO_SHOW_MS + 5_000)).toEqual([]);
    const late = play(core, 0, NO_SHOW_MS + 6_000);
    expect(late.reply.at(-1)).toMatchObject({ type: "error", code: "GAME_OVER" });
    expect(noShows(store)).toHaveLength(1);
  });

  it("an unrated game is aborted too (no forfeit shown as a win), and the clocks stop", () => {
    const { core } = duel({ clock: { type: "fischer", initialMs: 5 * 60_000, incrementMs: 0 } });
    core.start(0);
    core.handle(1, hello, 500);
    core.onAlarm(NO_SHOW_MS);
    expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted", absent: [0] });
    expect(core.state.clock!.running).toEqual([]);
  });

  it("a seat that came once is never a no-show, even if it is gone at the deadline; the brake decides then", () => {
    const { core } = duel();
    core.start(0);
    core.handle(0, hello, 1_000);
    core.handle(1, hello, 59_000);
    expect(core.noShow()).toBeNull();
    expect(core.nextAlarm()).toBeGreaterThan(NO_SHOW_MS);
    expect(core.onAlarm(NO_SHOW_MS + 1)).toEqual([]);
    expect(core.over).toBe(false);
  });

  it("a hello before the deal counts (a friend table's host), a spectator's never does", () => {
    const { core } = duel();
    core.handle(0, hello, 0);
    core.handle("spectator", hello, 10);
    core.start(100);
    expect(core.noShow()).toEqual({ seats: [1], at: 100 + NO_SHOW_MS });
  });

  it("arriving after the deadline, before the late alarm: the game was called off at the deadline, and the newcomer sees it", () => {
    const { core } = duel();
    core.start(0);
    core.handle(0, hello, 1_000);
    const r = core.handle(1, hello, NO_SHOW_MS + 20_000);
    expect(r.appended.map((e) => [e.time, e.event.type])).toEqual([[NO_SHOW_MS, "noShow"]]);
    expect(r.reply[0]).toMatchObject({ type: "welcome", view: { over: true, result: { reason: "aborted", absent: [1] } } });
  });

  it("both absent: both named", () => {
    const { core } = duel();
    core.start(0);
    core.onAlarm(NO_SHOW_MS);
    expect(core.result).toMatchObject({ reason: "aborted", absent: [0, 1] });
  });

  it("the absent seat's own flag falls before the deadline (a 30-second clock): it never came, called off then", () => {
    const { core, store } = duel({ clock: THIRTY_SECONDS });
    core.start(0);
    core.handle(0, hello, 1_000);
    play(core, 0, 2_000);
    expect(core.noShow()).toEqual({ seats: [1], at: 30_000 });
    expect(core.nextAlarm()).toBe(30_000);
    calledOffAtTheFlag(core, store);
  });

  it("both flags fall together in the first exchange, the present one's among them: still called off, no draw on time", () => {
    const { core, store } = duel({ clock: THIRTY_SECONDS });
    core.start(0);
    // Both pick at once in the exchange and neither does: both flags fall at 30 s (a fresh-eyes pass saw "Unentschieden"
    // and a rematch offered to the one who never came).
    core.handle(0, hello, 1_000);
    expect(core.noShow()).toEqual({ seats: [1], at: 30_000 });
    calledOffAtTheFlag(core, store);
  });

  it("once everyone came, a flag decides as always (a timeout)", () => {
    const { core, store } = duel({ clock: THIRTY_SECONDS });
    core.start(0);
    core.handle(0, hello, 1_000);
    core.handle(1, hello, 2_000);
    play(core, 0, 3_000);
    expect(core.onAlarm(NO_SHOW_MS).map((e) => [e.time, e.event.type])).toEqual([[30_000, "timeout"]]);
    expect(noShows(store)).toHaveLength(0);
    expect(core.result).toMatchObject({ winner: 0, reason: "timeout" });
  });

  it("the arrivals are kept with the room: a core built again from its storage knows who came", () => {
    const first = duel();
    first.core.start(0);
    first.core.handle(1, hello, 1_000);
    const again = duel({ store: first.store });
    expect(again.core.noShow()).toEqual({ seats: [0], at: NO_SHOW_MS });
    again.core.handle(0, hello, 2_000);
    expect(duel({ store: first.store }).core.noShow()).toBeNull();
  });

  it("without noShowMs in the config (rooms set up before the rule, hot-seat) nothing is called off", () => {
    const { core } = duel({ rule: false });
    core.start(0);
    expect(core.noShow()).toBeNull();
    expect(core.onAlarm(NO_SHOW_MS * 5)).toEqual([]);
    expect(core.over).toBe(false);
  });

  it("Goldwaage: the people's seats that never came are named; computer seats never count", () => {
    const config: GoldwaageRoomConfig = {
      kind: "table",
      options: { players: 4, level: "leicht", variants: [] },
      seed: "ns-gw",
      rated: false,
      clock: BRAKE,
      seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }, { type: "computer", level: "strong" }, { type: "human", tokenHash: "c" }],
      noShowMs: NO_SHOW_MS,
    };
    const store = new MemoryLogStore<GoldwaageLoggedEvent>();
    const core = new GoldwaageRoomCore("gw", store, config);
    core.start(0);
    core.handle(0, hello, 1_000);
    expect(core.noShow()).toEqual({ seats: [1, 3], at: NO_SHOW_MS });
    core.handle(3, hello, 2_000);
    core.onAlarm(NO_SHOW_MS);
    expect(core.over).toBe(true);
    expect(core.result).toEqual({ winner: null, draw: false, reason: "aborted", absent: [1] });
    expect(noShows(store)).toHaveLength(1);
  });

  it("one person with the computer: no rule, however long it stays away", () => {
    const config: GoldwaageRoomConfig = {
      kind: "table",
      options: { players: 2, level: "leicht", variants: [] },
      seed: "ns-gw1",
      rated: false,
      clock: null,
      seats: [{ type: "human", tokenHash: "a" }, { type: "computer", level: "strong" }],
      noShowMs: NO_SHOW_MS,
    };
    const core = new GoldwaageRoomCore("gw1", new MemoryLogStore<GoldwaageLoggedEvent>(), config);
    core.start(0);
    expect(core.noShow()).toBeNull();
    expect(core.nextAlarm()).toBeNull();
  });
});

describe("the clocks wait for every seat (clockWaitsForSeats)", () => {
  const FIVE: TimeControl = { type: "fischer", initialMs: 5 * 60_000, incrementMs: 0 };

  it("stand from the deal until the last seat's hello, which logs `seated`; then run for whoever is to act, charged nothing for the wait", () => {
    const { core, store } = duel({ clock: FIVE, waits: true });
    core.start(0);
    core.handle(0, hello, 1_000);
    // Seat 0 came and even picks its exchange while seat 1 is still away: nobody's clock runs, nothing is charged.
    expect(core.state.clock!.running).toEqual([]);
    expect(play(core, 0, 20_000).reply.at(-1)?.type).toBe("ack");
    expect(core.state.clock!.running).toEqual([]);
    expect(timeLeft(core.state.clock!, FIVE, 50_000)).toEqual([300_000, 300_000]);
    expect(core.nextAlarm()).toBe(NO_SHOW_MS);
    // Seat 1 comes at 50 s: `seated` by the room, and its welcome shows the clocks running; seat 1 (still to exchange) from now.
    const came = core.handle(1, hello, 50_000);
    expect(came.reply[0]!.type).toBe("welcome");
    expect((came.reply[0] as unknown as { view: { clock: { running: number[] } } }).view.clock.running).toEqual([1]);
    expect(came.appended.map((e) => [e.time, e.actor, e.event.type])).toEqual([[50_000, "room", "seated"]]);
    expect(core.state.clock!.running).toEqual([1]);
    expect(timeLeft(core.state.clock!, FIVE, 60_000)).toEqual([300_000, 290_000]);
    expect(core.noShow()).toBeNull();
    // Once: another hello logs nothing more.
    expect(core.handle(1, hello, 61_000).appended).toEqual([]);
    expect(core.handle(0, hello, 62_000).appended).toEqual([]);
    expect(store.read().filter((e) => e.event.type === "seated")).toHaveLength(1);
    // The log folds to the same clocks in a fresh core (hibernation, a replay).
    const again = duel({ clock: FIVE, waits: true, store }).core;
    expect(again.state.clock).toEqual(core.state.clock);
  });

  it("both came before the deal: `seated` right after it; a table that never fills is still called off at the deadline", () => {
    const early = duel({ clock: FIVE, waits: true });
    early.core.handle(0, hello, 0);
    early.core.handle(1, hello, 0);
    const dealt = early.core.start(1_000);
    expect(dealt.map((e) => e.event.type)).toContain("seated");
    expect(early.core.state.clock!.running.length).toBeGreaterThan(0);

    const empty = duel({ clock: FIVE, waits: true });
    empty.core.start(0);
    empty.core.handle(0, hello, 1_000);
    expect(empty.core.onAlarm(NO_SHOW_MS).map((e) => e.event.type)).toEqual(["noShow"]);
    expect(empty.store.read().some((e) => e.event.type === "seated" || e.event.type === "timeout")).toBe(false);
  });

  it("a command judged on the table before `seated` is played, not sent back as stale (the start changes nothing it is judged on)", () => {
    const { core } = duel({ clock: FIVE, waits: true });
    core.start(0);
    core.handle(0, hello, 1_000);
    const base = core.version;
    core.handle(1, hello, 2_000);
    expect(core.version).toBe(base + 1);
    const command = randomCommand(core.state.game, 1, rng("stale")) as Command;
    const answer = core.handle(1, { type: "command", clientSeq: 1, baseVersion: base, command }, 3_000);
    expect(answer.reply.map((m) => m.type)).toEqual(["ack"]);
    expect(answer.appended.length).toBeGreaterThan(0);
  });

  it("a seat that said hello before the deal and is not here at it has not come: the clocks stand and the minute runs for it", () => {
    // A friend table's host opened its page (hello before the deal), then left; the friend's claim deals.
    const { core, store } = duel({ clock: FIVE, waits: true });
    core.handle(0, hello, 0);
    const dealt = core.start(10_000, [false, false]);
    expect(dealt.map((e) => e.event.type)).not.toContain("seated");
    core.handle(1, hello, 11_000);
    expect(core.noShow()).toEqual({ seats: [0], at: 10_000 + NO_SHOW_MS });
    expect(core.state.clock!.running).toEqual([]);
    expect(core.onAlarm(10_000 + NO_SHOW_MS).map((e) => e.event.type)).toEqual(["noShow"]);
    expect(core.result).toMatchObject({ reason: "aborted", absent: [0] });
    expect(store.read().some((e) => e.event.type === "timeout" || e.event.type === "seated")).toBe(false);
    // The host still on its page at the deal has come: the friend's hello starts the clocks.
    const waited = duel({ clock: FIVE, waits: true });
    waited.core.handle(0, hello, 0);
    waited.core.start(10_000, [true, false]);
    expect(waited.core.handle(1, hello, 12_000).appended.map((e) => e.event.type)).toEqual(["seated"]);
    expect(waited.core.noShow()).toBeNull();
  });

  it("a move before `seated` earns no increment: nobody's clock has run, nobody's grows", () => {
    const INC: TimeControl = { type: "fischer", initialMs: 180_000, incrementMs: 2_000 };
    const { core } = duel({ clock: INC, waits: true });
    core.start(0);
    core.handle(0, hello, 1_000);
    expect(play(core, 0, 5_000).reply.at(-1)?.type).toBe("ack");
    expect(timeLeft(core.state.clock!, INC, 30_000)).toEqual([180_000, 180_000]);
    core.handle(1, hello, 40_000);
    expect(play(core, 1, 45_000).reply.at(-1)?.type).toBe("ack");
    // Seat 1 thought 5 s on a running clock and earned its increment.
    expect(timeLeft(core.state.clock!, INC, 45_000)[1]).toBe(180_000 - 5_000 + 2_000);
  });

  it("a game's 3 minutes begin with `seated`, not the deal: the minute of waiting is no part of them (view, result, report)", () => {
    const resignAt = (at: number) => {
      const { core } = duel({ clock: FIVE, waits: true, rated: true });
      core.start(0);
      core.handle(0, hello, 1_000);
      // Before the last seat came the 3 minutes have not begun: the view says so, and leaving as uncounted is allowed.
      expect(core.viewFor(0).early).toEqual({ cardsPlayed: 0, startedAt: 0, waiting: true });
      core.handle(1, hello, 50_000);
      expect(core.viewFor(1).early).toEqual({ cardsPlayed: 0, startedAt: 50_000 });
      core.handle(0, { type: "resign", clientSeq: 901 }, at);
      return core;
    };
    // 3:40 after the deal, 2:50 after both came: it does not count yet, so a rated game is aborted.
    const early = resignAt(50_000 + 170_000);
    expect(early.result).toMatchObject({ winner: null, reason: "aborted" });
    expect(early.report()).toMatchObject({ startedAt: 50_000, finishedAt: 220_000 });
    // 3:00 after both came: it counts, and resigning loses it.
    const counted = resignAt(50_000 + 180_000);
    expect(counted.result).toMatchObject({ winner: 1, reason: "resign" });
    expect(counted.report()).toMatchObject({ startedAt: 50_000, finishedAt: 230_000 });
    // "Leave as uncounted" is refused once the 3 minutes from `seated` are over, not before.
    const { core } = duel({ clock: FIVE, waits: true, rated: true });
    core.start(0);
    core.handle(0, hello, 0);
    core.handle(1, hello, 50_000);
    expect(core.handle(0, { type: "leave", clientSeq: 902, uncounted: true }, 200_000).reply.at(-1)?.type).not.toBe("error");
    const late = duel({ clock: FIVE, waits: true, rated: true }).core;
    late.start(0);
    late.handle(0, hello, 0);
    late.handle(1, hello, 50_000);
    expect(late.handle(0, { type: "leave", clientSeq: 902, uncounted: true }, 230_000).reply.at(-1)).toMatchObject({ type: "error", code: "LEAVE_COUNTS_NOW" });
  });

  it("without the flag (rooms set up before it) the clocks run from the deal as they did", () => {
    const { core } = duel({ clock: FIVE });
    core.start(0);
    core.handle(0, hello, 1_000);
    expect(core.state.clock!.running).toEqual([0, 1]);
    expect(core.handle(1, hello, 50_000).appended).toEqual([]);
    // … and its 3 minutes count from the deal.
    expect(core.viewFor(0).early).toEqual({ cardsPlayed: 0, startedAt: 0 });
  });
});
