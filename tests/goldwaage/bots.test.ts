// Computer team-mates: legal moves only, no peeking at hidden cards, deterministic for a seed.
import { describe, expect, it } from "vitest";
import {
  BOT_NAMES,
  card,
  decide,
  heavyRest,
  panSignals,
  roundPlays,
  DECK,
  fold,
  legalCommands,
  makeBot,
  newGame,
  playGame,
  sampleWorld,
  seatsToAct,
  showRank,
  signalFloors,
  unseen,
  view,
  applyInPlace,
  type Bot,
  type BotName,
  type Command,
  type Options,
  type Seat,
  type State,
} from "../../shared/goldwaage/index.js";
import { rng, shuffle } from "../../shared/rng.js";
import { teammateSignalers } from "../../party/core/goldwaage-core.js";
import { play as playOn, table } from "./helpers.js";

const CONFIGS: Options[] = [
  { players: 2, level: "normal", variants: [] },
  { players: 3, level: "schwer", variants: ["zwei-offene-karten"] },
  { players: 4, level: "profi", variants: ["ruhige-waage"] },
  { players: 2, level: "leicht", variants: ["offene-haende"] },
];

/** A command with its card sets sorted: open sets are sets, their order does not matter. */
const normal = (c: Command) => JSON.stringify(c.type === "show" ? { ...c, cards: c.cards.slice().sort() } : c.show ? { ...c, show: c.show.slice().sort() } : c);

const team = (name: BotName, players: number, seed: string): Bot[] => Array.from({ length: players }, (_, s) => makeBot(name, { seed: `${seed}/${s}`, samples: name === "strong" ? 8 : undefined }));

describe("bots play legal moves only", () => {
  for (const name of BOT_NAMES) {
    it(`${name}: whole games in four configurations, every command among legalCommands and accepted`, () => {
      for (const [i, options] of CONFIGS.entries()) {
        let state: State = fold(newGame(options, `legal-${i}`));
        const { state: end } = playGame(options, `legal-${i}`, team(name, options.players, `b${i}`), undefined, (s) => (state = s));
        expect(end.phase).toBe("over");
        expect(state).toBe(end);
      }
      // And explicitly: each command is one of legalCommands in the state it was sent in.
      const options = CONFIGS[1]!;
      const bots = team(name, options.players, "explicit");
      let s = fold(newGame(options, "explicit"));
      for (let guard = 0; guard < 200 && seatsToAct(s).length > 0; guard++) {
        const seat = seatsToAct(s)[0]!;
        const cmd = bots[seat]!.act(view(s, seat));
        expect(legalCommands(s, seat).map(normal)).toContain(normal(cmd));
        const d = decide(s, seat, cmd, 0);
        if (!d.ok) throw new Error(d.error.code);
        for (const e of d.events) s = applyInPlace(s, e);
      }
    }, 60_000);
  }
});

/** The same table with the others' hidden cards (and the undealt ones) dealt differently, consistent with what `seat` sees. */
function redeal(s: State, seat: Seat, seed: number): State {
  const v = view(s, seat);
  const pool = shuffle(unseen(v), rng(seed, "redeal"));
  const t = { ...s, hands: s.hands.map((h) => h.slice()), open: s.open.map((o) => o.slice()) };
  let at = 0;
  t.hands = s.hands.map((h, o) => (o === seat ? h.slice() : h.map((c) => (s.open[o]!.includes(c) || s.wasOpen[o]!.includes(c) ? c : pool[at++]!))));
  return t;
}

describe("bots never peek", () => {
  it("the decision is the same for every hidden deal consistent with the bot's information", () => {
    for (const name of BOT_NAMES) {
      for (const [i, options] of CONFIGS.slice(0, 3).entries()) {
        // Stop somewhere in round 2 and ask the seat to move under several re-deals of what it cannot see.
        let stop: State | null = null;
        playGame(options, `peek-${i}`, team("simple", options.players, "p"), undefined, (s) => {
          if (!stop && s.round === 2 && s.phase === "play" && s.played.filter((p) => p.round === 2).length === 3) stop = structuredClone(s); // playGame applies events in place
        });
        if (!stop) continue;
        const s = stop as State;
        expect([s.phase, s.round]).toEqual(["play", 2]);
        const seat = s.turn;
        const bot = makeBot(name, { seed: "peek", samples: 6 });
        const expected = JSON.stringify(bot.act(view(s, seat)));
        for (let k = 0; k < 6; k++) {
          const other = redeal(s, seat, k);
          expect(JSON.stringify(view(other, seat))).toBe(JSON.stringify(view(s, seat)));
          expect(other.hands.flat().sort()).not.toEqual([]); // a real alternative table
          expect(JSON.stringify(makeBot(name, { seed: "peek", samples: 6 }).act(view(other, seat)))).toBe(expected);
        }
        // The re-deals really differ from the true deal somewhere (otherwise the test would prove nothing).
        const differs = [0, 1, 2, 3, 4, 5].some((k) => JSON.stringify(redeal(s, seat, k).hands) !== JSON.stringify(s.hands));
        expect(differs || s.hands.every((h, o) => o === seat || h.every((c) => s.open[o]!.includes(c)))).toBe(true);
      }
    }
  }, 60_000);
  it("a bot is handed a view: the others' hidden cards are not in it", () => {
    const s = fold(newGame(CONFIGS[0]!, "view"));
    const text = JSON.stringify(view(s, 0));
    for (const c of s.hands[1]!) expect(text).not.toContain(`"${c}"`);
    expect(DECK.length).toBe(48);
  });
});

describe("bots are deterministic for a seed", () => {
  it("the same seeds give the same game, command for command", () => {
    for (const name of BOT_NAMES) {
      const options = CONFIGS[0]!;
      const a = playGame(options, "det", team(name, 2, "x")).commands;
      const b = playGame(options, "det", team(name, 2, "x")).commands;
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
  }, 60_000);
});

describe("bot strength (small samples; the measured tables are in docs/goldwaage.md)", () => {
  it("strong beats planner beats simple on the same 30 deals (2 players, Normal)", () => {
    const options = CONFIGS[0]!;
    const wins = (name: BotName) => {
      let w = 0;
      for (let g = 0; g < 30; g++) if (playGame(options, `strength-${g}`, team(name, 2, `s${g}`)).state.result === "won") w++;
      return w;
    };
    const simple = wins("simple");
    const planner = wins("planner");
    const strong = wins("strong");
    expect(strong).toBeGreaterThan(planner);
    expect(planner).toBeGreaterThanOrEqual(simple);
  }, 60_000);
});

describe("strong's signal: its open card is its heaviest not shown yet, and team-mates read it so", () => {
  it("in strong's games every seat's never-shown cards rank at or after its open ones, and it shows a new card while it has one", () => {
    for (const [i, options] of [CONFIGS[0]!, CONFIGS[1]!].entries()) {
      let checked = 0;
      let swaps = 0;
      let before: State | null = null;
      playGame(options, `signal-${i}`, team("strong", options.players, `sig${i}`), undefined, (s, events) => {
        if (s.phase === "play") {
          s.hands.forEach((hand, seat) => {
            const open = s.open[seat]!;
            if (open.length === 0) return;
            const floor = Math.max(...open.map(showRank));
            for (const c of hand) if (!open.includes(c) && !s.wasOpen[seat]!.includes(c)) expect(showRank(c)).toBeGreaterThanOrEqual(floor);
            checked++;
          });
          // After its play a seat shows only cards it never showed before, as long as such cards are left.
          const played = events.find((e) => e.type === "cardPlayed");
          if (played && played.type === "cardPlayed" && before && before.round === s.round && before.phase === "play") {
            const seat = played.seat;
            const seen = [...before.open[seat]!, ...before.wasOpen[seat]!];
            const fresh = s.hands[seat]!.filter((c) => !seen.includes(c));
            if (fresh.length > 0) {
              expect(s.open[seat]!.filter((c) => !seen.includes(c)).length).toBe(Math.min(s.open[seat]!.length, fresh.length));
              swaps++;
            }
          }
        }
        before = structuredClone(s);
      });
      expect(checked).toBeGreaterThan(40);
      expect(swaps).toBeGreaterThan(10);
    }
  }, 60_000);

  it("sampled worlds keep a signalling seat's hidden cards lighter than its open card; a person's are not narrowed", () => {
    const options = CONFIGS[0]!;
    const s = fold(newGame(options, "floors", [{ hands: [["2C", "3C", "4C", "AC", "JC", "QC"], ["7D", "2D", "3D", "AD", "4D", "5D"]], starter: 0 }]));
    const shown = [{ seat: 0, cards: ["AC"] }, { seat: 1, cards: ["7D"] }].reduce((st, { seat, cards }) => {
      const d = decide(st, seat as Seat, { type: "show", cards }, 0);
      if (!d.ok) throw new Error(d.error.code);
      return d.events.reduce(applyInPlace, st);
    }, s);
    const v = view(shown, 0);
    const floors = signalFloors(v, [0, 1]);
    expect(floors).toEqual([null, showRank("7D")]);
    expect(signalFloors(v, [0])).toEqual([null, null]);
    let heavier = 0;
    for (let k = 0; k < 200; k++) {
      const narrowed = sampleWorld(v, rng("floors", k), unseen(v), floors)[1]!;
      expect(narrowed).toHaveLength(6);
      expect(narrowed[0]).toBe("7D");
      for (const c of narrowed.slice(1)) expect(showRank(c)).toBeGreaterThanOrEqual(showRank("7D"));
      const plain = sampleWorld(v, rng("floors", k), unseen(v))[1]!;
      if (plain.slice(1).some((c) => showRank(c) < showRank("7D"))) heavier++;
    }
    expect(heavier).toBeGreaterThan(150); // without the reading, an 8, 9 or 10 is usually among five unseen cards
  });

  it("Profi: strong leads a number or Ace to the left exactly when the cards it keeps are heavy", () => {
    const options: Options = { players: 3, level: "profi", variants: [] };
    let leads = 0;
    let reconstructed = 0;
    const sides = new Set<string>();
    let before: State | null = null;
    for (const g of [0, 1, 2]) playGame(options, `pan-bit-${g}`, team("strong", 3, `pb${g}`), undefined, (s, events) => {
      const played = events.find((e) => e.type === "cardPlayed");
      if (played && before && before.phase === "play" && s.round === before.round) {
        // What a partner reconstructs from its view (no Ace weights in it) agrees with the real scale.
        const plays = roundPlays(view(s, 0));
        expect(plays[plays.length - 1]!.emptyBefore).toBe(before.pans.left.length + before.pans.right.length === 0);
        reconstructed++;
      }
      if (played && played.type === "cardPlayed" && before && before.phase === "play" && before.pans.left.length + before.pans.right.length === 0) {
        const kind = card(played.card).kind;
        if (kind === "number" || kind === "ace") {
          const rest = before.hands[played.seat]!.filter((c) => c !== played.card);
          expect(played.pan).toBe(heavyRest(rest) ? "left" : "right");
          sides.add(played.pan as string);
          leads++;
        }
      }
      before = structuredClone(s);
    });
    expect(leads).toBeGreaterThan(8);
    expect(reconstructed).toBeGreaterThan(50);
    expect([...sides].sort()).toEqual(["left", "right"]);
  }, 60_000);

  it("Profi: a lead's pan narrows the sampled worlds of a signalling seat, and only its", () => {
    // Seat 1 leads the 2♣ onto the empty scale to the left: the cards it keeps (10, 9, 8) are heavy.
    let s = table({ level: "profi", players: 3, hands: [["3C", "4C", "5C", "6C"], ["2C", "10S", "9H", "8D"], ["3D", "4D", "5D", "6D"]], turn: 1 });
    s = playOn(s, 1, "2C", "left").state;
    s = playOn(s, 2, "3D", "right").state; // not a lead: says nothing
    const v = view(s, 0);
    expect(roundPlays(v).map((p) => p.emptyBefore)).toEqual([true, false]);
    const checks = panSignals(v, [1, 2], heavyRest);
    expect(checks[0]).toBeNull();
    expect(checks[2]).toBeNull();
    expect(checks[1]!(["10S", "9H", "8D"])).toBe(true);
    expect(checks[1]!(["3H", "4H", "5H"])).toBe(false);
    expect(panSignals(v, [2], heavyRest)[1]).toBeNull(); // a person's pan says nothing
    let light = 0;
    for (let k = 0; k < 100; k++) {
      const world = sampleWorld(v, rng("pan", k), unseen(v), [], checks);
      expect(world[1]).toHaveLength(3);
      expect(heavyRest(world[1]!)).toBe(true);
      if (!heavyRest(sampleWorld(v, rng("pan", k), unseen(v))[1]!)) light++;
    }
    expect(light).toBeGreaterThan(30); // unconstrained, three random unseen cards are often light
  });

  it("a table's strong seat reads only the other strong computer seats' open cards", () => {
    expect(teammateSignalers([null, "strong", "strong", "planner"])).toEqual([1, 2]);
    expect(teammateSignalers([null, null])).toEqual([]);
  });
});
