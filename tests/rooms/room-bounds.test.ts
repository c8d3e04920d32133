// What one player may make a room store: take-backs and hints are bounded, so the log cannot be grown without limit
// by repeating them (issue 13, point 4).
import { describe, expect, it } from "vitest";
import { randomCommand, type Command, type Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";
import { BattlemaskeRoomCore, type Advise, type ChooseCommand, type LoggedEvent, type RoomConfig } from "../../party/core/battlemaske-core.js";
import { TAKEBACKS_PER_SEAT } from "../../party/core/room-core.js";
import { MemoryLogStore } from "../../party/core/log.js";

const randomBot: ChooseCommand = (state, seat, _level, seed) => randomCommand(state, seat as Seat, rng(seed)) as Command;
const advise: Advise = () => ({ cards: [], suit: null, reason: { de: "Spiel irgendwas.", en: "Play anything." }, winChance: 0.5 });

const cfg: RoomConfig = {
  kind: "computer",
  options: { ruleset: "battlemaske", variant: "single" },
  seed: "bounds",
  rated: false,
  clock: null,
  seats: [{ type: "human", tokenHash: "h0" }, { type: "computer", level: "leicht" }],
};

function table() {
  const store = new MemoryLogStore<LoggedEvent>();
  const core = new BattlemaskeRoomCore("t", store, cfg, randomBot, advise);
  core.start(1000);
  return { core, store };
}

let seq = 0;
/** Plays seat 0's moves until it has played a card in the current round (so a take-back has a target). */
function playACard(core: BattlemaskeRoomCore, r: () => number): void {
  for (let i = 0; i < 20; i++) {
    const res = core.handle(0, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: randomCommand(core.state.game, 0, r) as Command }, 2000);
    expect(res.reply[0]?.type).toBe("ack");
    // A card of seat 0 that can be taken back (since the round's deal or the last greed swap).
    if (core.state.game.phase === "play" && core.viewFor(0).takeback.mine) return;
  }
}

describe("room bounds", () => {
  it(`a player against the computer may take back at most ${TAKEBACKS_PER_SEAT} cards per game; then TAKEBACK_LIMIT and the log stops growing`, () => {
    const { core, store } = table();
    const r = rng("tb");
    playACard(core, r);
    let accepted = 0;
    for (let i = 0; i < TAKEBACKS_PER_SEAT + 20; i++) {
      const res = core.handle(0, { type: "takeback", clientSeq: ++seq, action: "request" }, 3000);
      if (res.reply[0]?.type !== "ack") {
        expect(res.reply[0]).toMatchObject({ type: "error", code: "TAKEBACK_LIMIT" });
        break;
      }
      accepted++;
      playACard(core, r);
    }
    expect(accepted).toBe(TAKEBACKS_PER_SEAT);
    const size = store.read().length;
    for (let i = 0; i < 50; i++) core.handle(0, { type: "takeback", clientSeq: ++seq, action: "request" }, 4000);
    expect(store.read().length).toBe(size);
  });

  it("asking for a hint again in the same position is refused (HINT_ALREADY_GIVEN) and logs nothing; a move allows a new one", () => {
    const { core, store } = table();
    const first = core.handle(0, { type: "hint", clientSeq: ++seq }, 2000);
    expect(first.reply[0]?.type).toBe("ack");
    const size = store.read().length;
    for (let i = 0; i < 100; i++) expect(core.handle(0, { type: "hint", clientSeq: ++seq }, 2000).reply[0]).toMatchObject({ code: "HINT_ALREADY_GIVEN" });
    expect(store.read().length).toBe(size);
    core.handle(0, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: randomCommand(core.state.game, 0, rng("h")) as Command }, 2000);
    if (!core.over) expect(core.handle(0, { type: "hint", clientSeq: ++seq }, 2000).reply[0]?.type).toBe("ack");
  });

  it("two seats asking and declining in turn (no pause applies) are bounded by the requests per seat", () => {
    const store = new MemoryLogStore<LoggedEvent>();
    const core = new BattlemaskeRoomCore("t", store, { ...cfg, kind: "online", seats: [{ type: "human", tokenHash: "a" }, { type: "human", tokenHash: "b" }] }, randomBot);
    core.start(1000);
    const r = rng("alt");
    // Both seats play until each has a card in the current round's play.
    for (let i = 0; i < 40 && !(core.state.game.phase === "play" && [0, 1].every((s) => core.state.effective.some((e) => e.event.type === "cardPlayed" && e.event.seat === s))); i++) {
      const seat = core.state.game.phase === "play" ? (core.state.game.trick.length === 0 ? core.state.game.leader : (1 - core.state.game.leader) as Seat) : (([0, 1] as const).find((s) => core.state.game.picks[s] === null) ?? 0);
      core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: randomCommand(core.state.game, seat, r) as Command }, 2000);
    }
    let now = 3000;
    let acks = 0;
    for (let i = 0; i < 2 * TAKEBACKS_PER_SEAT + 10; i++) {
      const asker = (i % 2) as Seat;
      const res = core.handle(asker, { type: "takeback", clientSeq: ++seq, action: "request" }, (now += 10));
      if (res.reply[0]?.type !== "ack") {
        expect(res.reply[0]).toMatchObject({ code: "TAKEBACK_LIMIT" });
        continue;
      }
      acks++;
      expect(core.handle((1 - asker) as Seat, { type: "takeback", clientSeq: ++seq, action: "decline" }, (now += 10)).reply[0]?.type).toBe("ack");
    }
    expect(acks).toBe(2 * TAKEBACKS_PER_SEAT);
    const size = store.read().length;
    for (let i = 0; i < 20; i++) core.handle(i % 2, { type: "takeback", clientSeq: ++seq, action: "request" }, (now += 10));
    expect(store.read().length).toBe(size);
  });
});
