// The replay fold (web/src/replay/fold.ts) against the room core: a whole logged game, take-backs included, stepped
// through gives at each step the state the room had after that entry, and at the end the room's final state.
import { describe, expect, it } from "vitest";
import { randomCommand, seatsToAct, type Command, type Event, type Seat, type State } from "../../shared/battlemaske/index.js";
import { apply, fold } from "../../shared/battlemaske/state.js";
import { goldwaageGame } from "../../shared/goldwaage/game.js";
import type { Event as GwEvent, State as GwState } from "../../shared/goldwaage/index.js";
import { apply as gwApply, fold as gwFold } from "../../shared/goldwaage/state.js";
import { rng } from "../../shared/rng.js";
import { BattlemaskeRoomCore, foldRoom, type LoggedEvent, type RoomConfig } from "../../party/core/battlemaske-core.js";
import { GoldwaageRoomCore, type GoldwaageLoggedEvent, type GoldwaageRoomConfig } from "../../party/core/goldwaage-core.js";
import { MemoryLogStore } from "../../party/core/log.js";
import { clampStep, finalState, replaySteps, seekStep } from "../../web/src/replay/fold.js";
import { battlemaskeStepText, goldwaageStepText } from "../../web/src/replay/words.js";

const bm = { fold, apply };
const randomBot = (state: State, seat: number, _level: string, seed: string | number) => randomCommand(state, seat as Seat, rng(seed)) as Command;

function config(variant: "single" | "profi"): RoomConfig {
  return { kind: "computer", options: { ruleset: "zwiegespalten", variant }, seed: `replay-${variant}`, rated: false, clock: null, seats: [{ type: "human", tokenHash: "h0" }, { type: "computer", level: "leicht" }] };
}

/** A whole game against a random computer, logged by the room core, with two take-backs of the human's card on the way. */
function loggedGame(variant: "single" | "profi") {
  const store = new MemoryLogStore<LoggedEvent>();
  const cfg = config(variant);
  const core = new BattlemaskeRoomCore("replay", store, cfg, randomBot);
  core.start(0);
  const r = rng(`human-${variant}`);
  let seq = 0;
  let takebacks = 0;
  for (let i = 0; i < 800 && !core.over; i++) {
    const g = core.state.game;
    const seat = seatsToAct(g)[0] as Seat;
    core.handle(seat, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: randomCommand(g, seat, r) as Command }, 1000 + i);
    // Now and then "Karte zurück" right after the human's card: the log keeps the undone cards, the fold drops them.
    if (takebacks < 2 && i % 17 === 16 && core.state.game.phase === "play" && !core.over) {
      const before = core.version;
      core.handle(0, { type: "takeback", clientSeq: ++seq, action: "request" }, 1000 + i);
      if (core.version > before) takebacks++;
    }
  }
  expect(core.over).toBe(true);
  return { log: store.read(), core, cfg, takebacks };
}

describe("replay fold: a Battlemaske game from its log", () => {
  for (const variant of ["single", "profi"] as const) {
    it(`${variant}: stepping to the end gives the room's final state; each step is the room's state after that entry`, () => {
      const { log, core, cfg, takebacks } = loggedGame(variant);
      expect(takebacks).toBeGreaterThan(0);
      expect(log.some((e) => e.event.type === "takeback")).toBe(true);
      const steps = replaySteps<State, Event>(bm, log as never);
      // The first event (options, seed) is no step of its own: one step per other entry.
      expect(steps.length).toBe(log.length - 1);
      expect(finalState<State, Event>(bm, log as never)).toEqual(core.state.game);
      for (const s of steps) {
        const upTo = log.findIndex((e) => e.version === s.entry.version);
        expect(s.after, `step ${s.index}`).toEqual(foldRoom(log.slice(0, upTo + 1), cfg).game);
      }
    });
  }

  it("the entries a take-back undid are marked undone, and only those: every one from its toVersion up to the take-back", () => {
    const { log } = loggedGame("single");
    const steps = replaySteps<State, Event>(bm, log as never);
    const backs = log.filter((e) => e.event.type === "takeback").map((e) => ({ from: (e.event as { toVersion: number }).toVersion, to: e.version }));
    expect(backs.length).toBeGreaterThan(0);
    for (const s of steps) expect(s.undone, `step ${s.index} (v${s.entry.version} ${s.entry.event.type})`).toBe(backs.some((b) => s.entry.version >= b.from && s.entry.version < b.to));
    // Each take-back undid at least one card, and the take-back itself stands.
    expect(steps.filter((s) => s.undone && s.entry.event.type === "cardPlayed").length).toBeGreaterThanOrEqual(backs.length);
    expect(steps.filter((s) => s.entry.event.type === "takeback").every((s) => !s.undone)).toBe(true);
  });

  it("step 0 is the first deal: both hands and the five set-aside cards as dealt", () => {
    const { log } = loggedGame("single");
    const [first] = replaySteps<State, Event>(bm, log as never);
    const dealt = log.find((e) => e.event.type === "roundDealt")!.event as Extract<Event, { type: "roundDealt" }>;
    expect(first!.entry.event.type).toBe("roundDealt");
    expect(first!.after.hands).toEqual([dealt.hands[0], dealt.hands[1]]);
    expect(first!.after.aside).toEqual(dealt.aside);
    expect(first!.after.hands[0]).toHaveLength(10);
    expect(first!.after.aside).toHaveLength(5);
  });

  it("the clocks' start (`seated`, a table that waited for its second player) is no step: the same steps without it", () => {
    const { log } = loggedGame("single");
    const at = log.findIndex((e) => e.event.type === "roundDealt") + 1;
    const withSeated = [...log.slice(0, at), { version: log[at]!.version, time: log[at]!.time, actor: "room", event: { type: "seated", v: 1 } }, ...log.slice(at)];
    const steps = replaySteps<State, Event>(bm, withSeated as never);
    expect(steps.map((s) => s.entry.event.type)).toEqual(replaySteps<State, Event>(bm, log as never).map((s) => s.entry.event.type));
    expect(steps.some((s) => s.entry.event.type === "seated")).toBe(false);
  });

  it("back and forward agree: each step starts where the one before ended, and moving is kept inside the replay", () => {
    const { log } = loggedGame("single");
    const steps = replaySteps<State, Event>(bm, log as never);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.before, `step ${i}`).toEqual(steps[i - 1]!.after);
    expect(clampStep(0, -1, steps.length)).toBe(0);
    expect(clampStep(steps.length - 1, 1, steps.length)).toBe(steps.length - 1);
    expect(clampStep(5, -1, steps.length)).toBe(4);
    // "Next trick" lands on a step that takes one, and "previous" comes back to the one before.
    const isTrick = (s: (typeof steps)[number]) => s.entry.event.type === "trickTaken";
    const t1 = seekStep(steps, 0, 1, isTrick);
    const t2 = seekStep(steps, t1, 1, isTrick);
    expect(steps[t1]!.entry.event.type).toBe("trickTaken");
    expect(t2).toBeGreaterThan(t1);
    expect(seekStep(steps, t2, -1, isTrick)).toBe(t1);
    expect(seekStep(steps, t1, -1, isTrick)).toBe(t1);
  });

  it("every card, trick and exchange is explained in words, the exchange with both sides' cards", () => {
    const { log } = loggedGame("single");
    const steps = replaySteps<State, Event>(bm, log as never);
    for (const s of steps) {
      const t = s.entry.event.type;
      if (t === "cardPlayed" || t === "trickTaken" || t === "roundDealt" || t === "takeback") expect(battlemaskeStepText(s).length, t).toBeGreaterThan(0);
    }
    const ex = steps.find((s) => s.entry.event.type === "exchangeCompleted")!;
    const e = ex.entry.event as Extract<Event, { type: "exchangeCompleted" }>;
    const text = battlemaskeStepText(ex).map((x) => x.de).join(" ");
    // Zwiegespalten names its cards like "6♥": the card given by each side is in the sentence.
    expect(text).toMatch(/Hüter: .*Schatten: /);
    expect(text.length).toBeGreaterThan(30);
    expect(e.cards[0]).toHaveLength(1);
  });
});

describe("replay fold: a Goldwaage game from its log", () => {
  it("steps to the room's final state; every card played is explained", () => {
    const store = new MemoryLogStore<GoldwaageLoggedEvent>();
    const cfg: GoldwaageRoomConfig = { kind: "table", options: { players: 3, level: "leicht", variants: [] }, seed: "gw-replay", rated: false, clock: null, seats: [{ type: "human", tokenHash: "h0" }, { type: "computer", level: "simple" }, { type: "computer", level: "simple" }] };
    const core = new GoldwaageRoomCore("gw", store, cfg);
    core.start(0);
    let seq = 0;
    for (let i = 0; i < 200 && !core.over; i++) {
      const cmd = goldwaageGame.computer.choose(core.state.game, 0, "simple", `h${i}`, ["simple", "simple", "simple"]);
      core.handle(0, { type: "command", clientSeq: ++seq, baseVersion: core.version, command: cmd }, 1000 + i);
    }
    expect(core.over).toBe(true);
    const log = store.read();
    const steps = replaySteps<GwState, GwEvent>({ fold: gwFold, apply: gwApply }, log as never);
    expect(steps.at(-1)!.after).toEqual(core.state.game);
    expect(steps[0]!.entry.event.type).toBe("roundDealt");
    expect(steps[0]!.after.hands.map((h) => h.length)).toEqual([4, 4, 4]);
    const played = steps.filter((s) => s.entry.event.type === "cardPlayed");
    expect(played.length).toBeGreaterThan(3);
    for (const s of played) expect(goldwaageStepText(s, (x) => `P${x}`)[0]!.de).toMatch(/^P\d spielt /);
  });
});
