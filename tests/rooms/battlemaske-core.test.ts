// The Battlemaske room core in plain Node: log, protocol answers, redaction, reconnect, idempotency, take-back.
import { describe, expect, it } from "vitest";
import { fold, randomCommand, seatsToAct, type Command, type Event, type Seat, type State, type Viewer } from "../../shared/battlemaske/index.js";
import { parseClientMessage, type ClientMessage, type CoreMessage } from "../../shared/room/protocol.js";
import { rng } from "../../shared/rng.js";
import { BattlemaskeRoomCore, foldRoom, isRoomEvent, type ChooseCommand, type LoggedEvent, type RoomConfig, type ServerMessage } from "../../party/core/battlemaske-core.js";
import { MemoryLogStore, type LogEntry } from "../../party/core/log.js";

const randomBot: ChooseCommand = (state, seat, _level, seed) => randomCommand(state, seat as Seat, rng(seed)) as Command;

function config(kind: RoomConfig["kind"], opts: Partial<RoomConfig> = {}): RoomConfig {
  return {
    kind,
    options: { ruleset: "battlemaske", variant: "single" },
    seed: "room-test",
    rated: false,
    clock: null,
    seats: kind === "online" ? [{ type: "human", tokenHash: "h0" }, { type: "human", tokenHash: "h1" }] : [{ type: "human", tokenHash: "h0" }, { type: "computer", level: "leicht" }],
    ...opts,
  };
}

function room(cfg: RoomConfig, store = new MemoryLogStore<LoggedEvent>()) {
  const core = new BattlemaskeRoomCore("t", store, cfg, randomBot);
  core.start(1000);
  return { core, store };
}

let seq = 0;
function send(core: BattlemaskeRoomCore, viewer: Viewer, msg: CoreMessage, now = 2000) {
  return core.handle(viewer, msg, now);
}
function command(core: BattlemaskeRoomCore, seat: Seat, cmd: Command, clientSeq = ++seq) {
  return send(core, seat, { type: "command", clientSeq, baseVersion: core.version, command: cmd });
}

/** A random legal command for the seat from its own view of the game (the core's state is used only for legality). */
function someCommand(state: State, seat: Seat, r: () => number): Command {
  return randomCommand(state, seat, r) as Command;
}

describe("room core: a game against the computer", () => {
  it("plays to the end through commands; every computer reply is in the log", () => {
    const { core, store } = room(config("computer"));
    const r = rng("human");
    for (let i = 0; i < 500 && !core.over; i++) {
      const res = command(core, 0, someCommand(core.state.game, 0, r));
      expect(res.reply[0]?.type).toBe("ack");
    }
    expect(core.over).toBe(true);
    expect(core.state.game.winner).not.toBeNull();
    expect(store.read().some((e) => e.actor === "computer")).toBe(true);
    expect(JSON.stringify(foldRoom(store.read(), config("computer")))).toBe(JSON.stringify(core.state));
  });
  it("re-folds from its log after the instance is dropped, identical to the running state", () => {
    const { core, store } = room(config("computer"));
    const r = rng("again");
    for (let i = 0; i < 25; i++) command(core, 0, someCommand(core.state.game, 0, r));
    const revived = new BattlemaskeRoomCore("t", store, config("computer"), randomBot);
    expect(JSON.stringify(revived.state)).toBe(JSON.stringify(core.state));
    expect(revived.start(5000)).toEqual([]); // not dealt twice
  });
});

describe("room core: commands are idempotent per (seat, clientSeq)", () => {
  it("applies a duplicate once and answers it with the same outcome", () => {
    const { core } = room(config("online"));
    const pick = core.state.game.hands[0].slice(0, 1);
    const msg: ClientMessage = { type: "command", clientSeq: 7, baseVersion: core.version, command: { type: "exchange", cards: pick } };
    const first = send(core, 0, msg);
    const version = core.version;
    const again = send(core, 0, msg);
    expect(again.reply).toEqual(first.reply);
    expect(again.appended).toEqual([]);
    expect(core.version).toBe(version);
    const bad: ClientMessage = { type: "command", clientSeq: 8, baseVersion: core.version, command: { type: "play", card: "P1" } };
    const e1 = send(core, 0, bad);
    expect(e1.reply[0]).toMatchObject({ type: "error", clientSeq: 8, code: "WRONG_PHASE" });
    expect(send(core, 0, bad).reply).toEqual(e1.reply);
  });
});

/** An online game after both exchanges: the core and the seat that leads the first trick. */
function atFirstLead() {
  const { core } = room(config("online"));
  const g = core.state.game;
  command(core, 0, { type: "exchange", cards: [g.hands[0].find((c) => c.startsWith("E")) ?? g.hands[0][0]!] });
  command(core, 1, { type: "exchange", cards: [g.hands[1].find((c) => c.startsWith("E")) ?? g.hands[1][0]!] });
  return { core, lead: seatsToAct(core.state.game)[0]! };
}

describe("room core: stale commands get a resync, never a silent drop", () => {
  it("answers a command on an old version with resync {version, view} and applies nothing", () => {
    const { core } = room(config("online"));
    const g = core.state.game;
    command(core, 0, { type: "exchange", cards: [g.hands[0].find((c) => c.startsWith("E")) ?? g.hands[0][0]!] });
    command(core, 1, { type: "exchange", cards: [g.hands[1].find((c) => c.startsWith("E")) ?? g.hands[1][0]!] });
    const before = core.version;
    const legal = someCommand(core.state.game, 0, rng(1));
    const stale = send(core, 0, { type: "command", clientSeq: 99, baseVersion: 1, command: legal });
    expect(stale.reply[0]).toMatchObject({ type: "resync", version: before });
    expect(core.version).toBe(before);
    // The same clientSeq on the current version is then applied.
    expect(send(core, 0, { type: "command", clientSeq: 99, baseVersion: before, command: legal }).reply[0]).toMatchObject({ type: "ack" });
  });
  it("names the command it did not apply and what it missed: the seat's own move (another tab came first) or only the other seat's", () => {
    const { core, lead } = atFirstLead();
    const follow = (1 - lead) as Seat;
    // Two tabs of the leading seat pick on the same table: the first is played, the second is answered with a resync.
    const seen = core.version;
    const cards = core.state.game.hands[lead];
    expect(send(core, lead, { type: "command", clientSeq: 201, baseVersion: seen, command: { type: "play", card: cards[0]! } as Command }).reply[0]).toMatchObject({ type: "ack", clientSeq: 201 });
    const second = send(core, lead, { type: "command", clientSeq: 202, baseVersion: seen, command: { type: "play", card: cards[1]! } as Command });
    expect(second.reply).toEqual([expect.objectContaining({ type: "resync", version: core.version, clientSeq: 202, missed: "own" })]);
    expect(second.appended).toEqual([]);
    // The follower's card judged on the table before the lead misses only the other seat's move: "table".
    const early = send(core, follow, { type: "command", clientSeq: 203, baseVersion: seen, command: someCommand(core.state.game, follow, rng("follow")) });
    expect(early.reply[0]).toMatchObject({ type: "resync", version: core.version, clientSeq: 203, missed: "table" });
    expect(early.appended).toEqual([]);
  });
  it("two tabs that took the same clientSeq: the second, a different command, is not taken for a resend — resync, missed own; a true resend still gets its ack", () => {
    const { core, lead } = atFirstLead();
    const seen = core.version;
    const cards = core.state.game.hands[lead];
    const first: ClientMessage = { type: "command", clientSeq: 301, baseVersion: seen, command: { type: "play", card: cards[0]! } as Command };
    const ack = send(core, lead, first);
    expect(ack.reply[0]).toMatchObject({ type: "ack", clientSeq: 301 });
    const version = core.version;
    // The other tab, same number, another card, on the same table: never played, and told so.
    const other = send(core, lead, { type: "command", clientSeq: 301, baseVersion: seen, command: { type: "play", card: cards[1]! } as Command });
    expect(other.reply).toEqual([expect.objectContaining({ type: "resync", version, clientSeq: 301, missed: "own" })]);
    expect(other.appended).toEqual([]);
    expect(core.version).toBe(version);
    expect(core.state.game.hands[lead]).toContain(cards[1]);
    // The first tab's resend (its socket dropped before the ack) is still a resend: the same ack, nothing applied.
    expect(send(core, lead, first).reply).toEqual(ack.reply);
    expect(core.version).toBe(version);
    // A refused command's number, reused for another message: told the same way, not given the refusal.
    const refused: ClientMessage = { type: "takeback", clientSeq: 302, action: "accept" };
    const no = send(core, lead, refused);
    expect(no.reply[0]).toMatchObject({ type: "error", clientSeq: 302 });
    expect(send(core, lead, refused).reply).toEqual(no.reply);
    expect(send(core, lead, { type: "hint", clientSeq: 302 }).reply[0]).toMatchObject({ type: "resync", clientSeq: 302, missed: "own" });
  });
  it("accepts a pick on a version that only misses the other seat's secret pick", () => {
    const { core } = room(config("online"));
    const base = core.version;
    const g = core.state.game;
    expect(command(core, 1, { type: "exchange", cards: [g.hands[1].find((c) => c.startsWith("E")) ?? g.hands[1][0]!] }).reply[0]?.type).toBe("ack");
    const res = send(core, 0, { type: "command", clientSeq: 500, baseVersion: base, command: { type: "exchange", cards: [g.hands[0].find((c) => c.startsWith("E")) ?? g.hands[0][0]!] } });
    expect(res.reply[0]?.type).toBe("ack");
  });
});

describe("room core: reconnect", () => {
  it("sends only the missing events (redacted for the viewer) and then the view", () => {
    const { core } = room(config("computer"));
    const r = rng("rc");
    for (let i = 0; i < 6; i++) command(core, 0, someCommand(core.state.game, 0, r));
    const seen = core.version - 4;
    const msgs = core.hello(0, seen);
    expect(msgs[0]).toMatchObject({ type: "welcome", seat: 0, view: null });
    const events = msgs.filter((m): m is Extract<ServerMessage, { type: "event" }> => m.type === "event");
    expect(events.map((m) => m.version)).toEqual([seen + 1, seen + 2, seen + 3, seen + 4]);
    expect(msgs.at(-1)).toMatchObject({ type: "state", version: core.version });
    expect(core.hello("spectator")[0]).toMatchObject({ type: "welcome", seat: null });
  });
});

describe("room core: take-back (Karte zurück)", () => {
  function playUntilOwnCard(core: BattlemaskeRoomCore, seat: Seat, r: () => number) {
    for (let i = 0; i < 50; i++) {
      const g = core.state.game;
      const acting = seatsToAct(g);
      if (g.phase === "play" && acting.includes(seat)) return command(core, seat, someCommand(g, seat, r));
      const s = acting[0]!;
      command(core, s, someCommand(g, s, r));
    }
    throw new Error("no card played");
  }
  it("vs computer: rolls back the last own card and the computer's replies; the log keeps all; the game counts as helped", () => {
    const { core, store } = room(config("computer"));
    const r = rng("tb");
    command(core, 0, someCommand(core.state.game, 0, r)); // exchange; the computer exchanges too
    const before = JSON.stringify(core.state.game);
    const versionBefore = core.version;
    playUntilOwnCard(core, 0, r);
    expect(core.version).toBeGreaterThan(versionBefore);
    const res = send(core, 0, { type: "takeback", clientSeq: ++seq, action: "request" });
    expect(res.reply[0]?.type).toBe("ack");
    expect(JSON.stringify(core.state.game)).toBe(before);
    expect(core.state.helped).toEqual([true, false]);
    expect(store.read().at(-1)?.event).toMatchObject({ type: "takeback", seat: 0, toVersion: versionBefore + 1 });
    expect(core.viewFor(0).helped).toEqual([true, false]);
  });
  it("friendly online: the opponent accepts or declines; after a decline a new request waits", () => {
    const { core } = room(config("online"));
    const r = rng("fr");
    const g0 = core.state.game;
    command(core, 0, someCommand(g0, 0, r));
    command(core, 1, someCommand(core.state.game, 1, r));
    const before = JSON.stringify(core.state.game);
    command(core, 0, someCommand(core.state.game, 0, r)); // seat 0 leads a card
    expect(send(core, 0, { type: "takeback", clientSeq: ++seq, action: "request" }, 10_000).reply[0]?.type).toBe("ack");
    expect(core.viewFor(1).takeback.requestedBy).toBe(0);
    expect(send(core, 0, { type: "takeback", clientSeq: ++seq, action: "accept" }).reply[0]).toMatchObject({ code: "TAKEBACK_NONE_PENDING" });
    expect(send(core, 1, { type: "takeback", clientSeq: ++seq, action: "decline" }, 11_000).reply[0]?.type).toBe("ack");
    expect(send(core, 0, { type: "takeback", clientSeq: ++seq, action: "request" }, 20_000).reply[0]).toMatchObject({ code: "TAKEBACK_TOO_SOON" });
    expect(send(core, 0, { type: "takeback", clientSeq: ++seq, action: "request" }, 42_000).reply[0]?.type).toBe("ack");
    expect(send(core, 1, { type: "takeback", clientSeq: ++seq, action: "accept" }, 43_000).reply[0]?.type).toBe("ack");
    expect(JSON.stringify(core.state.game)).toBe(before);
  });
  it("is refused in rated games, and no view says there is a card to take back", () => {
    const { core } = room(config("online", { rated: true }));
    expect(send(core, 0, { type: "takeback", clientSeq: ++seq, action: "request" }).reply[0]).toMatchObject({ code: "TAKEBACK_NOT_ALLOWED" });
    const r = rng("rated");
    for (let i = 0; i < 6; i++) {
      const s = seatsToAct(core.state.game)[0]!;
      command(core, s, someCommand(core.state.game, s, r));
    }
    expect(core.state.cardsPlayed).toBeGreaterThan(0);
    for (const seat of [0, 1] as const) expect(core.viewFor(seat).takeback).toMatchObject({ allowed: false, mine: false });
  });
  it("the 10 cards after which a game between people counts are the cards that still stand (an attack pass)", () => {
    // One person with two seats: one card on the table, nine more played and taken back, then a resignation — it was
    // booked as a friendly win.
    const { core } = room(config("online"));
    const r = rng("ten");
    const { lead } = (() => {
      for (let i = 0; i < 4 && core.state.game.phase !== "play"; i++) {
        const s = seatsToAct(core.state.game)[0]!;
        command(core, s, someCommand(core.state.game, s, r));
      }
      return { lead: seatsToAct(core.state.game)[0]! };
    })();
    const other = (1 - lead) as Seat;
    command(core, lead, someCommand(core.state.game, lead, r));
    for (let i = 0; i < 9; i++) {
      command(core, other, someCommand(core.state.game, other, r));
      expect(send(core, other, { type: "takeback", clientSeq: ++seq, action: "request" }).reply[0]?.type).toBe("ack");
      expect(send(core, lead, { type: "takeback", clientSeq: ++seq, action: "accept" }).reply[0]?.type).toBe("ack");
    }
    expect(core.state.cardsPlayed).toBe(1);
    expect(core.viewFor(lead).early).toMatchObject({ cardsPlayed: 1 });
    expect(send(core, other, { type: "resign", clientSeq: ++seq }).reply[0]?.type).toBe("ack");
    expect(core.result).toMatchObject({ winner: lead, reason: "resign", uncounted: true });
  });
  it("reaches back to a completed greed swap, not past it: the cards both seats were shown stay where they went (an attack pass)", () => {
    let checked = 0;
    for (let game = 0; game < 40 && checked < 3; game++) {
      const { core, store } = room(config("online", { seed: `swap-${game}` }));
      const r = rng(`swap-${game}`);
      for (let i = 0; i < 400 && !core.over; i++) {
        const s = seatsToAct(core.state.game)[0]!;
        const before = store.read().length;
        command(core, s, someCommand(core.state.game, s, r));
        if (!store.read().slice(before).some((x) => (x.event as { type: string }).type === "swapCompleted") || core.over) continue;
        // Both seats played a card of this round before the swap, none since: nothing to take back.
        for (const seat of [0, 1] as const) {
          expect(core.viewFor(seat).takeback.mine).toBe(false);
          expect(send(core, seat, { type: "takeback", clientSeq: ++seq, action: "request" }).reply[0]).toMatchObject({ code: "TAKEBACK_NOTHING" });
        }
        checked++;
        break;
      }
    }
    expect(checked).toBe(3);
  });
});

describe("room core: hidden information never leaves the room", () => {
  it("no message of 200 random online games shows a seat or a spectator a card it may not know", () => {
    for (let g = 0; g < 200; g++) {
      const { core, store } = room(config("online", { seed: `leak-${g}`, options: { ruleset: g % 2 ? "zwiegespalten" : "battlemaske", variant: g % 3 ? "single" : "profi" } }));
      const sent: Array<{ viewer: Viewer; msg: ServerMessage }> = [];
      const listen = (entries: Array<LogEntry<LoggedEvent>>) => {
        for (const viewer of [0, 1, "spectator"] as const) for (const msg of core.messagesFor(viewer, entries)) sent.push({ viewer, msg });
      };
      listen(store.read());
      const r = rng(`leak-choices-${g}`);
      for (let i = 0; i < 400 && !core.over; i++) {
        const acting = seatsToAct(core.state.game);
        const seat = acting[Math.floor(r() * acting.length)]!;
        listen(command(core, seat, someCommand(core.state.game, seat, r)).appended);
      }
      expect(core.over).toBe(true);
      // The state at each version, from the full log.
      const log = store.read();
      const states: State[] = [];
      let events: LoggedEvent[] = [];
      for (const e of log) {
        events = [...events, e.event];
        states[e.version] = fold(events.filter((x): x is Event => !isRoomEvent(x)));
      }
      for (const { viewer, msg } of sent) {
        const version = "version" in msg ? msg.version : core.version;
        const s = states[version]!;
        const forbidden = new Set(viewer === "spectator" ? [...s.hands[0], ...s.hands[1], ...s.aside] : [...s.aside, ...s.hands[viewer === 0 ? 1 : 0].filter((c) => !s.given[viewer].includes(c))]);
        const json = JSON.stringify(msg);
        expect(json).not.toContain("seed");
        for (const m of json.matchAll(/"([PDG][1-7]|E[1-5])"/g)) {
          if (forbidden.has(m[1]!)) throw new Error(`game ${g}: ${String(viewer)} sees ${m[1]} in ${json.slice(0, 200)}`);
        }
      }
    }
  }, 120_000);
});

describe("protocol: malformed messages", () => {
  it("answers bad JSON, a wrong shape, an unknown type and a 1 MB payload with a typed error", () => {
    expect(parseClientMessage("{")).toMatchObject({ ok: false, code: "BAD_MESSAGE" });
    expect(parseClientMessage(JSON.stringify({ type: "command", clientSeq: -1 }))).toMatchObject({ ok: false, code: "BAD_MESSAGE" });
    expect(parseClientMessage(JSON.stringify({ type: "dance" }))).toMatchObject({ ok: false, code: "BAD_MESSAGE" });
    expect(parseClientMessage("x".repeat(1024 * 1024))).toMatchObject({ ok: false, code: "TOO_LARGE" });
    expect(parseClientMessage(JSON.stringify({ type: "hello", lastVersion: 3 }))).toMatchObject({ ok: true });
  });
  it("refuses commands from spectators", () => {
    const { core } = room(config("online"));
    const v = core.version;
    expect(send(core, "spectator", { type: "resign", clientSeq: 1 }).reply[0]).toMatchObject({ code: "NOT_A_PLAYER" });
    expect(core.version).toBe(v);
  });
});

describe("room core: Rat (the hint) is an event too", () => {
  it("against the computer: the seat gets Stark's advice, others only that a hint was given; the game counts as helped", async () => {
    const { adviseSeat } = await import("../../party/computer.js");
    const store = new MemoryLogStore<LoggedEvent>();
    const core = new BattlemaskeRoomCore("h", store, config("computer"), randomBot, adviseSeat);
    core.start(0);
    const res = send(core, 0, { type: "hint", clientSeq: 1 });
    expect(res.reply[0]?.type).toBe("ack");
    const entry = res.appended[0]!;
    const own = core.messagesFor(0, [entry])[0] as Extract<ServerMessage, { type: "event" }>;
    const hint = (own.event as unknown as { hint: { cards: string[]; winChance: number; reason: { de: string } } }).hint;
    expect(hint.cards.length).toBe(1); // round 1: one card to exchange
    expect(core.state.game.hands[0]).toContain(hint.cards[0]);
    expect(hint.winChance).toBeGreaterThanOrEqual(0);
    expect(hint.reason.de.length).toBeGreaterThan(5);
    expect(core.messagesFor("spectator", [entry])[0]).toMatchObject({ event: { type: "hintGiven", seat: 0 } });
    expect(JSON.stringify(core.messagesFor("spectator", [entry])[0])).not.toContain(hint.cards[0]!);
    expect(core.state.helped).toEqual([true, false]);
  });
  it("is refused in online games", () => {
    const { core } = room(config("online"));
    expect(send(core, 0, { type: "hint", clientSeq: 1 }).reply[0]).toMatchObject({ code: "HINT_NOT_ALLOWED" });
  });
});
