// The room's history (hello with `history`): the whole log as each viewer received it live — nothing more (the
// hidden-information scan of the live messages in battlemaske-core.test.ts holds for it too), nothing less.
import { describe, expect, it } from "vitest";
import { randomCommand, seatsToAct, type Command, type Seat, type Viewer } from "../../shared/battlemaske/index.js";
import { HISTORY_CHUNK_BYTES, utf8Bytes } from "../../shared/room/protocol.js";
import { rng } from "../../shared/rng.js";
import { BattlemaskeRoomCore, type ChooseCommand, type LoggedEvent, type RoomConfig, type ServerMessage } from "../../party/core/battlemaske-core.js";
import { MemoryLogStore, type LogEntry } from "../../party/core/log.js";

const randomBot: ChooseCommand = (state, seat, _level, seed) => randomCommand(state, seat as Seat, rng(seed)) as Command;

function online(seed: string, variant: "single" | "profi"): RoomConfig {
  return { kind: "online", options: { ruleset: "battlemaske", variant }, seed, rated: false, clock: null, seats: [{ type: "human", tokenHash: "h0" }, { type: "human", tokenHash: "h1" }] };
}

type Entry = Extract<ServerMessage, { type: "history" }>["entries"][number];
const historyOf = (messages: ServerMessage[]) => messages.filter((m): m is Extract<ServerMessage, { type: "history" }> => m.type === "history");

describe("room core: history", () => {
  it("holds, for each seat and a spectator, exactly the events it received live, at any moment of 40 random games with take-backs", () => {
    for (let g = 0; g < 40; g++) {
      const store = new MemoryLogStore<LoggedEvent>();
      const core = new BattlemaskeRoomCore("t", store, online(`history-${g}`, g % 2 ? "profi" : "single"), randomBot);
      const live = new Map<Viewer, Entry[]>([[0, []], [1, []], ["spectator", []]]);
      const listen = (entries: Array<LogEntry<LoggedEvent>>) => {
        for (const [viewer, got] of live) for (const m of core.messagesFor(viewer, entries)) if (m.type === "event") got.push({ version: m.version, time: m.time, actor: m.actor, event: m.event });
      };
      listen(core.start(1000));
      const r = rng(`history-choices-${g}`);
      let seq = 0;
      for (let i = 0; i < 600 && !core.over; i++) {
        const acting = seatsToAct(core.state.game);
        const seat = acting[Math.floor(r() * acting.length)]!;
        const msg = r() < 0.05 ? ({ type: "takeback", clientSeq: ++seq, action: "request" } as const) : r() < 0.5 && core.state.takebackRequest ? ({ type: "takeback", clientSeq: ++seq, action: "accept" } as const) : { type: "command" as const, clientSeq: ++seq, baseVersion: core.version, command: randomCommand(core.state.game, seat, r) as Command };
        listen(core.handle(msg.type === "takeback" && msg.action === "accept" ? (seat === 0 ? 1 : 0) : seat, msg, 2000 + i).appended);
        if (i % 37 === 0 || core.over) {
          for (const [viewer, got] of live) {
            const reply = core.hello(viewer, undefined, true);
            expect(reply[0]).toMatchObject({ type: "welcome", version: core.version });
            const parts = historyOf(reply);
            expect(parts.at(-1)!.done).toBe(true);
            expect(parts.slice(0, -1).every((p) => !p.done)).toBe(true);
            expect(parts.flatMap((p) => p.entries)).toEqual(got);
          }
        }
      }
    }
  }, 120_000);

  it("a long log comes in parts of about HISTORY_CHUNK_BYTES; an empty one as one empty part; never with lastVersion", () => {
    const store = new MemoryLogStore<LoggedEvent>();
    const core = new BattlemaskeRoomCore("t", store, online("history-long", "profi"), randomBot);
    expect(historyOf(core.hello(0, undefined, true))).toEqual([{ type: "history", version: 0, entries: [], done: true }]);
    core.start(1000);
    const r = rng("long");
    let seq = 0;
    for (let i = 0; i < 2000 && !core.over; i++) {
      const seat = seatsToAct(core.state.game)[0]!;
      core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: randomCommand(core.state.game, seat, r) as Command }, 2000);
    }
    const parts = historyOf(core.hello(1, undefined, true));
    const total = utf8Bytes(JSON.stringify(parts.flatMap((p) => p.entries)));
    expect(parts.length).toBeGreaterThanOrEqual(Math.floor(total / HISTORY_CHUNK_BYTES));
    for (const p of parts) expect(utf8Bytes(JSON.stringify(p))).toBeLessThan(HISTORY_CHUNK_BYTES + 1024);
    expect(historyOf(core.hello(1, 3, true))).toEqual([]);
    expect(historyOf(core.hello(1))).toEqual([]);
  });
});
