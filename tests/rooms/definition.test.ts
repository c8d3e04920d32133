// The generic room core asks the game definition what it used to assume for two players: the result when a seat
// gives up, whose consent a take-back needs, the table before the deal, and the game's part of the report.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { battlemaskeGame } from "../../shared/battlemaske/game.js";
import { goldwaageGame } from "../../shared/goldwaage/game.js";
import { reportSchemaOf } from "../../shared/room/report.js";
import { MemoryLogStore } from "../../party/core/log.js";
import { RoomCore, type RoomConfigOf, type RoomEvent } from "../../party/core/room-core.js";
import { randomCommand, type Event, type Options as BattlemaskeOptions, type Seat, type State } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import type { Options as GoldwaageOptions } from "../../shared/goldwaage/index.js";
import { legalCommands } from "../../shared/goldwaage/engine.js";
import type { State as GoldwaageState } from "../../shared/goldwaage/state.js";

const duel: RoomConfigOf<BattlemaskeOptions> = {
  kind: "online",
  options: { ruleset: "battlemaske", variant: "single" },
  seed: "definition",
  rated: false,
  clock: null,
  seats: [
    { type: "human", tokenHash: "a" },
    { type: "human", tokenHash: "b" },
  ],
  accounts: ["acc-a", "acc-b"],
};

/** Random legal commands for whoever must act until one card is played; the seat that played it. */
function playOneCard(core: RoomCore<State, Event, BattlemaskeOptions, unknown>, seed: string): number {
  const r = rng(seed);
  for (let seq = 1; seq < 50; seq++) {
    const seat = battlemaskeGame.toAct(core.state.game)[0]!;
    const command = randomCommand(core.state.game, seat as Seat, r)!;
    core.handle(seat, { type: "command", clientSeq: seq, baseVersion: core.version, command }, 1500);
    if (command.type === "play") return seat;
  }
  throw new Error("no card was played");
}

describe("the room core asks the game", () => {
  it("for the result when a seat resigns (a duel: the other seat; a game may say otherwise)", () => {
    const core = new RoomCore("d1", battlemaskeGame, new MemoryLogStore(), duel);
    core.start(1000);
    core.handle(0, { type: "resign", clientSeq: 1 }, 2000);
    // Unrated and early (before 10 cards and 3 minutes): the forfeit stands, and the view says no record counts it.
    expect(core.result).toEqual({ winner: 1, draw: false, reason: "resign", uncounted: true });
    const late = new RoomCore("d1b", battlemaskeGame, new MemoryLogStore(), duel);
    late.start(1000);
    late.handle(0, { type: "resign", clientSeq: 1 }, 1000 + 3 * 60 * 1000 + 1);
    expect(late.result).toEqual({ winner: 1, draw: false, reason: "resign" });
    // The same core over a definition whose forfeit is a draw: the core itself assumes nothing.
    const drawn = new RoomCore("d2", { ...battlemaskeGame, forfeit: () => ({ winner: null, draw: true }) }, new MemoryLogStore(), duel);
    drawn.start(1000);
    drawn.handle(1, { type: "resign", clientSeq: 1 }, 2000);
    expect(drawn.result).toEqual({ winner: null, draw: true, reason: "resign", uncounted: true });
  });

  it("whose consent a take-back needs: a duel asks the other person; a game that cannot ask refuses", () => {
    const core = new RoomCore("d3", battlemaskeGame, new MemoryLogStore(), duel);
    core.start(1000);
    // Nothing played yet: no seat has a card to ask back (the page greys "Karte zurück").
    expect([core.viewFor(0).takeback.mine, core.viewFor(1).takeback.mine, core.viewFor("spectator").takeback.mine]).toEqual([false, false, false]);
    const played = playOneCard(core, "d3");
    expect(core.viewFor(played).takeback.mine).toBe(true);
    expect(core.viewFor(played === 0 ? 1 : 0).takeback.mine).toBe(false);
    const asked = core.handle(played, { type: "takeback", clientSeq: 900, action: "request" }, 1700);
    expect(asked.appended.map((e) => e.event.type)).toEqual(["takebackRequested"]);
    // Only the seat whose consent is needed may answer; the asker cannot accept its own request.
    const self = core.handle(played, { type: "takeback", clientSeq: 901, action: "accept" }, 1800);
    expect(self.reply[0]).toMatchObject({ type: "error", code: "TAKEBACK_NONE_PENDING" });
    const other = core.handle(played === 0 ? 1 : 0, { type: "takeback", clientSeq: 902, action: "accept" }, 1900);
    expect(other.appended.map((e) => e.event.type)).toEqual(["takeback"]);

    const unsupported = new RoomCore("d4", { ...battlemaskeGame, takebackConsent: () => "unsupported" as const }, new MemoryLogStore(), duel);
    unsupported.start(1000);
    const p = playOneCard(unsupported, "d4");
    expect(unsupported.handle(p, { type: "takeback", clientSeq: 900, action: "request" }, 1700).reply[0]).toMatchObject({ type: "error", code: "TAKEBACK_NOT_ALLOWED" });
    // The views say so before anyone asks; the duel's say the opposite.
    expect([0, 1, "spectator" as const].map((w) => unsupported.viewFor(w).takeback.allowed)).toEqual([false, false, false]);
    expect([0, 1, "spectator" as const].map((w) => core.viewFor(w).takeback.allowed)).toEqual([true, true, true]);
  });

  it("for the table before the deal of a duel: the chosen rule set and variant, and the agreed clocks standing full", () => {
    const invite: RoomConfigOf<BattlemaskeOptions> = {
      ...duel,
      options: { ruleset: "zwiegespalten", variant: "profi" },
      clock: { type: "fischer", initialMs: 300_000, incrementMs: 3000 },
      seats: [{ type: "human", tokenHash: "a" }, { type: "invite", inviteHash: "i" }],
    };
    const core = new RoomCore("d5", battlemaskeGame, new MemoryLogStore(), invite);
    core.start(1000);
    expect(core.version).toBe(0);
    const view = core.viewFor(0);
    // The host of a Zwiegespalten table read "Battlemaske" and "Conte" until the friend came (a player pass).
    expect(view.game).toMatchObject({ ruleset: "zwiegespalten", variant: "profi", phase: "setup", hand: [] });
    expect(view.waitingFor).toEqual([1]);
    expect(view.clock).toMatchObject({ control: invite.clock, remaining: [300_000, 300_000], running: [] });
    // Without a clock agreed there is none to show; and a duel of people names no computer seat.
    expect(new RoomCore("d6", battlemaskeGame, new MemoryLogStore(), { ...invite, clock: null }).viewFor(0).clock).toBeNull();
    expect(view.computers).toBeUndefined();
  });

  it("calls a table off before the deal (cancel): a new config, then no invite seats anyone and nothing is dealt", () => {
    const invite: RoomConfigOf<BattlemaskeOptions> = { ...duel, seats: [{ type: "human", tokenHash: "a" }, { type: "invite", inviteHash: "i" }] };
    const store = new MemoryLogStore<Event | RoomEvent>();
    const waiting = new RoomCore("c1", battlemaskeGame, store, invite);
    waiting.start(1000);
    // A spectator cannot call it off; resigning before the deal stays GAME_NOT_STARTED.
    expect(waiting.handle("spectator", { type: "cancel", clientSeq: 1 }, 1100).reply[0]).toMatchObject({ type: "error", code: "NOT_A_PLAYER" });
    expect(waiting.handle(0, { type: "resign", clientSeq: 1 }, 1100).reply[0]).toMatchObject({ type: "error", code: "GAME_NOT_STARTED" });
    const called = waiting.handle(0, { type: "cancel", clientSeq: 2 }, 1200);
    expect(called.reply).toEqual([{ type: "ack", clientSeq: 2, version: 0 }]);
    expect(called.appended).toEqual([]);
    expect(called.config).toEqual({ ...invite, cancelled: { seat: 0, time: 1200 } });
    // Nothing of it is in the log: no game happened.
    expect(store.read()).toEqual([]);

    const off = new RoomCore("c1", battlemaskeGame, store, called.config!);
    expect(off.inviteSeat("i")).toBeNull();
    expect(off.start(1300)).toEqual([]);
    expect(off.version).toBe(0);
    expect(off.over).toBe(false);
    expect(off.report()).toBeNull();
    expect(off.viewFor(0).cancelled).toEqual({ seat: 0 });
    expect(off.viewFor("spectator").cancelled).toEqual({ seat: 0 });
    // Asked again: done already; anything else is refused with the reason.
    expect(off.handle(0, { type: "cancel", clientSeq: 3 }, 1400)).toMatchObject({ reply: [{ type: "ack", clientSeq: 3, version: 0 }], appended: [] });
    expect(off.handle(0, { type: "cancel", clientSeq: 3 }, 1400).config).toBeUndefined();
    expect(off.handle(0, { type: "leave", clientSeq: 4 }, 1400).reply[0]).toMatchObject({ type: "error", code: "TABLE_CANCELLED" });
    // A table that was never called off shows no `cancelled`.
    expect(waiting.viewFor(0).cancelled).toBeUndefined();
    // A seat taken through an invite is a guest: it may not call the host's table off.
    const gw = new RoomCore("c3", battlemaskeGame, new MemoryLogStore(), { ...invite, seats: [{ type: "invite", inviteHash: "j" }, { type: "human", tokenHash: "b" }], invited: [1] });
    expect(gw.handle(1, { type: "cancel", clientSeq: 1 }, 1500)).toMatchObject({ reply: [{ type: "error", code: "NOT_THE_HOST" }], appended: [] });

    // Once the cards are dealt it is too late: a running game is left or resigned.
    const dealt = new RoomCore("c2", battlemaskeGame, new MemoryLogStore(), duel);
    dealt.start(1000);
    const late = dealt.handle(1, { type: "cancel", clientSeq: 5 }, 1500);
    expect(late.reply[0]).toMatchObject({ type: "error", code: "CANCEL_TOO_LATE" });
    expect(late.config).toBeUndefined();
    expect(dealt.over).toBe(false);
  });

  it("for the table before the deal and the team's result when one gives up (Goldwaage)", () => {
    const table: RoomConfigOf<GoldwaageOptions> = {
      kind: "table",
      options: { players: 3, level: "normal", variants: [] },
      seed: "gw",
      rated: false,
      clock: null,
      seats: [{ type: "human", tokenHash: "a" }, { type: "invite", inviteHash: "i" }, { type: "computer", level: "strong" }],
    };
    const waiting = new RoomCore("g1", goldwaageGame, new MemoryLogStore(), table);
    waiting.start(1000);
    expect(waiting.version).toBe(0);
    expect(waiting.viewFor(0).game).toMatchObject({ players: 3, handSizes: [0, 0, 0] });
    expect(waiting.viewFor(0).waitingFor).toEqual([1]);
    // Who sits where is public: an invited team-mate sees the computer seat as one before it has played.
    expect(waiting.viewFor(1).computers).toEqual([2]);
    expect(waiting.viewFor("spectator").computers).toEqual([2]);

    const seated = { ...table, seats: [table.seats[0]!, { type: "human" as const, tokenHash: "b" }, table.seats[2]!] };
    const core = new RoomCore("g2", goldwaageGame, new MemoryLogStore(), seated);
    core.start(1000);
    core.handle(1, { type: "resign", clientSeq: 1 }, 2000);
    // The team lost, but given up within the first second among two people it counts for nobody's record.
    expect(core.result).toEqual({ winner: null, draw: false, team: "lost", reason: "resign", uncounted: true });
    // Among two people at a Goldwaage table nobody is asked for a take-back: the game cannot ask several.
    expect(goldwaageGame.takebackConsent(0, [0, 1])).toBe("unsupported");
    expect(goldwaageGame.takebackConsent(0, [0])).toEqual([]);
    // … and no view advertises it: every request there is refused (a fresh-eyes finding), so `allowed` is false.
    const people = new RoomCore("g3", goldwaageGame, new MemoryLogStore(), seated);
    people.start(1000);
    expect([people.viewFor(0), people.viewFor(1), people.viewFor("spectator")].map((w) => w.takeback.allowed)).toEqual([false, false, false]);
    expect(people.handle(0, { type: "takeback", clientSeq: 1, action: "request" }, 1100).reply[0]).toMatchObject({ type: "error", code: "TAKEBACK_NOT_ALLOWED" });
    // One person with computer team-mates needs nobody's consent: allowed.
    const alone = new RoomCore("g3b", goldwaageGame, new MemoryLogStore(), { ...table, seats: [table.seats[0]!, { type: "computer", level: "strong" }, table.seats[2]!] });
    alone.start(1000);
    expect([alone.viewFor(0).takeback.allowed, alone.viewFor("spectator").takeback.allowed]).toEqual([true, true]);

    // The report: the room's part and the game's own, valid by the one schema the Worker reads.
    const report = core.report()!;
    expect(report).toMatchObject({ room: "g2", game: "goldwaage", kind: "table", accounts: [null, null, null], result: { team: "lost" }, options: seated.options });
    expect(v.safeParse(reportSchemaOf(goldwaageGame), report).issues).toBeUndefined();
  });

  it("Goldwaage's open cards: a show at the round start misses only others' shows (accepted); a play that missed a play and its new open card is resynced", () => {
    const table: RoomConfigOf<GoldwaageOptions> = {
      kind: "table",
      options: { players: 2, level: "normal", variants: [] },
      seed: "stale-show",
      rated: false,
      clock: null,
      seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }],
    };
    const core = new RoomCore("g4", goldwaageGame, new MemoryLogStore(), table);
    core.start(1000);
    const game = () => core.state.game as GoldwaageState;
    expect(game().phase).toBe("show");
    // Both pick their open card on the table as dealt: the second pick, one show behind, is its own choice still.
    const dealt = core.version;
    const showOf = (seat: 0 | 1) => legalCommands(game(), seat).find((c) => c.type === "show")!;
    expect(core.handle(0, { type: "command", clientSeq: 1, baseVersion: dealt, command: showOf(0) }, 1100).reply[0]).toMatchObject({ type: "ack" });
    expect(core.handle(1, { type: "command", clientSeq: 1, baseVersion: dealt, command: showOf(1) }, 1200).reply[0]).toMatchObject({ type: "ack" });
    expect(game().phase).toBe("play");
    // A play (with the card it now shows) changes the table: a command judged on the table before it is not applied.
    const first = game().turn as 0 | 1;
    const second = (1 - first) as 0 | 1;
    const before = core.version;
    const play = legalCommands(game(), first)[0]!;
    const played = core.handle(first, { type: "command", clientSeq: 2, baseVersion: before, command: play }, 1300);
    expect(played.appended.map((e) => e.event.type)).toContain("cardPlayed");
    const reply = legalCommands(game(), second)[0]!;
    const stale = core.handle(second, { type: "command", clientSeq: 2, baseVersion: before, command: reply }, 1400);
    expect(stale.reply[0]).toMatchObject({ type: "resync", version: core.version });
    expect(stale.appended).toEqual([]);
  });

  it("remarks: only the game's fixed set, never in a round, a few per pause, told to the table and not logged", () => {
    const table: RoomConfigOf<GoldwaageOptions> = {
      kind: "table",
      options: { players: 2, level: "normal", variants: [] },
      seed: "remarks",
      rated: false,
      clock: null,
      seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }],
    };
    const store = new MemoryLogStore<RoomEvent | { readonly type: string }>();
    const core = new RoomCore("g3", goldwaageGame, store, table);
    core.start(1000);
    const before = store.read().length;
    // Round 1 has begun: silence.
    expect(core.handle(0, { type: "remark", clientSeq: 1, remark: "thanks" }, 1100).reply[0]).toMatchObject({ type: "error", code: "REMARK_NOT_ALLOWED" });
    expect(core.handle(0, { type: "remark", clientSeq: 2, remark: "<script>" }, 1100).reply[0]).toMatchObject({ type: "error", code: "REMARK_NOT_ALLOWED" });
    // After the game (a resignation ends it): allowed, three per pause, nothing logged.
    core.handle(1, { type: "resign", clientSeq: 3 }, 1200);
    const logged = store.read().length;
    const said = [4, 5, 6].map((n) => core.handle(0, { type: "remark", clientSeq: n, remark: "well-played" }, 1300));
    for (const r of said) expect(r.notice).toMatchObject({ type: "remark", seat: 0, remark: "well-played" });
    expect(core.handle(0, { type: "remark", clientSeq: 7, remark: "again" }, 1300).reply[0]).toMatchObject({ type: "error", code: "REMARK_LIMIT" });
    expect(core.handle(1, { type: "remark", clientSeq: 8, remark: "again" }, 1300).notice).toMatchObject({ seat: 1 });
    expect(store.read().length).toBe(logged);
    expect(logged).toBe(before + 1);
    // Battlemaske has none.
    const duelCore = new RoomCore("d9", battlemaskeGame, new MemoryLogStore(), duel);
    duelCore.start(1000);
    expect(duelCore.handle(0, { type: "remark", clientSeq: 1, remark: "thanks" }, 1100).reply[0]).toMatchObject({ code: "REMARK_NOT_ALLOWED" });
    // A spectator may not remark.
    expect(core.handle("spectator", { type: "remark", clientSeq: 9, remark: "thanks" }, 1400).reply[0]).toMatchObject({ code: "NOT_A_PLAYER" });
  });
});
