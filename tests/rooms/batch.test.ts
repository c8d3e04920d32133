// The room core's batch: each viewer's messages serialised once (and only its own), and one write per command.
import { describe, expect, it } from "vitest";
import { randomCommand, seatsToAct, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import { BattlemaskeRoomCore, type ChooseCommand, type LoggedEvent, type RoomConfig } from "../../party/core/battlemaske-core.js";
import { MemoryLogStore, type LogEntry, type Outcome } from "../../party/core/log.js";
import type { Viewer } from "../../party/core/room-core.js";

const randomBot: ChooseCommand = (state, seat, _level, seed) => randomCommand(state, seat as Seat, rng(seed)) as Command;

function config(kind: "online" | "computer", seed: string): RoomConfig {
  return {
    kind,
    options: { ruleset: "battlemaske", variant: "single" },
    seed,
    rated: false,
    clock: null,
    seats: kind === "online" ? [{ type: "human", tokenHash: "h0" }, { type: "human", tokenHash: "h1" }] : [{ type: "human", tokenHash: "h0" }, { type: "computer", level: "leicht" }],
  };
}

/** A memory store that counts its appends and can be told to fail the next one (as a failed SQLite transaction). */
class CountingStore extends MemoryLogStore<LoggedEvent> {
  appends: Array<{ entries: number; outcome: boolean }> = [];
  failNext = false;
  override append(entries: ReadonlyArray<LogEntry<LoggedEvent>>, outcome?: { seat: number; clientSeq: number; outcome: Outcome }): void {
    if (this.failNext) {
      this.failNext = false;
      throw new Error("disk full");
    }
    this.appends.push({ entries: entries.length, outcome: outcome !== undefined });
    super.append(entries, outcome);
  }
}

const VIEWERS: Viewer[] = [0, 1, "spectator"];

describe("room core: a batch serialised once per viewer", () => {
  it("gives each viewer exactly the text of its own messages, over whole random games", () => {
    for (let g = 0; g < 20; g++) {
      const core = new BattlemaskeRoomCore("t", new MemoryLogStore<LoggedEvent>(), config("online", `batch-${g}`), randomBot);
      const batches = [core.start(1000)];
      const r = rng(`players-${g}`);
      for (let i = 0, seq = 0; i < 2000 && !core.over; i++) {
        const toAct = seatsToAct(core.state.game);
        const seat = toAct[i % toAct.length]!;
        const cmd = randomCommand(core.state.game, seat, r) as Command;
        const { appended } = core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: cmd }, 2000 + i);
        if (appended.length > 0) batches.push(appended);
        // Several sockets of one viewer (two tabs, many spectators) share its texts: listed twice, computed once.
        const texts = core.serializedFor([...VIEWERS, 1, "spectator"], appended);
        expect([...texts.keys()]).toEqual(VIEWERS);
        for (const viewer of VIEWERS) expect(texts.get(viewer)).toEqual(core.messagesFor(viewer, appended).map((m) => JSON.stringify(m)));
      }
      expect(core.over).toBe(true);
      expect(batches.length).toBeGreaterThan(10);
    }
  });

  it("shares an event's text only where the redaction is the same for both viewers; a deal is each seat's own", () => {
    const core = new BattlemaskeRoomCore("t", new MemoryLogStore<LoggedEvent>(), config("online", "deal"), randomBot);
    const dealt = core.start(1000);
    const texts = core.serializedFor(VIEWERS, dealt);
    const deal = dealt.findIndex((e) => e.event.type === "roundDealt");
    expect(deal).toBeGreaterThanOrEqual(0);
    const hands = (dealt[deal]!.event as unknown as { hands: string[][] }).hands;
    const [own0, own1, watched] = VIEWERS.map((v) => JSON.parse(texts.get(v)![deal]!).event);
    expect(own0.hand).toEqual(hands[0]);
    expect(own1.hand).toEqual(hands[1]);
    expect(watched.hand).toBeUndefined();
    expect(new Set(VIEWERS.map((v) => texts.get(v)![deal])).size).toBe(3);
    // The view after the batch is each viewer's own as well.
    expect(new Set(VIEWERS.map((v) => texts.get(v)!.at(-1))).size).toBe(3);
  });
});

describe("room core: one write per command", () => {
  it("against the computer, a command's events, the computer's replies and the outcome go to the log in one append", () => {
    const store = new CountingStore();
    const core = new BattlemaskeRoomCore("t", store, config("computer", "one-write"), randomBot);
    core.start(1000);
    expect(store.appends).toHaveLength(1); // the deal (and a computer's first pick) in one
    const r = rng("human");
    let replies = 0;
    for (let seq = 1; seq < 400 && !core.over; seq++) {
      store.appends = [];
      const { appended, reply } = core.handle(0, { type: "command", clientSeq: seq, baseVersion: core.version, command: randomCommand(core.state.game, 0, r) as Command }, 2000 + seq);
      expect(reply[0]?.type).toBe("ack");
      expect(store.appends).toEqual([{ entries: appended.length, outcome: true }]);
      if (appended.some((e) => e.actor === "computer")) replies++;
    }
    expect(core.over).toBe(true);
    expect(replies).toBeGreaterThan(10);
  });

  it("a write that fails leaves nothing: no event, no outcome, the room as before, and the command can be sent again", () => {
    const store = new CountingStore();
    const core = new BattlemaskeRoomCore("t", store, config("computer", "fail"), randomBot);
    core.start(1000);
    const r = rng("fail");
    for (let seq = 1; seq < 6; seq++) core.handle(0, { type: "command", clientSeq: seq, baseVersion: core.version, command: randomCommand(core.state.game, 0, r) as Command }, 2000);
    const before = JSON.stringify(core.state);
    const logged = store.read().length;
    const msg = { type: "command" as const, clientSeq: 99, baseVersion: core.version, command: randomCommand(core.state.game, 0, r) as Command };
    store.failNext = true;
    expect(() => core.handle(0, msg, 3000)).toThrow("disk full");
    expect(JSON.stringify(core.state)).toBe(before);
    expect(store.read()).toHaveLength(logged);
    expect(store.outcome(0, 99)).toBeUndefined();
    // Sent again (the client never got an ack): applied now, once.
    const again = core.handle(0, msg, 3001);
    expect(again.reply[0]).toMatchObject({ type: "ack", clientSeq: 99 });
    expect(store.read().length).toBe(logged + again.appended.length);
    expect(JSON.stringify(new BattlemaskeRoomCore("t", store, config("computer", "fail"), randomBot).state)).toBe(JSON.stringify(core.state));
  });
});
