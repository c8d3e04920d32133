// Bots: same seed same decision, only legal commands, no peeking at hidden cards, and the "Rat" hint.
import { describe, expect, it } from "vitest";
import {
  cloneState,
  decide,
  fold,
  newGame,
  other,
  type Card,
  type Command,
  type Ruleset,
  type Seat,
  type State,
} from "../../shared/battlemaske/index.js";
import { seatsToAct } from "../../shared/battlemaske/random.js";
import { applyInPlace } from "../../shared/battlemaske/state.js";
import { BOT_NAMES, botCommand, hint, LEVELS, levelParams, type BotName } from "../../shared/battlemaske/bots/index.js";
import { information, worlds } from "../../shared/battlemaske/bots/info.js";
import { ELIXIR_MASK, fromMask, popcount, toMask } from "../../shared/battlemaske/bots/fast.js";
import { rng, shuffle } from "../../shared/rng.js";
import { table } from "./helpers.js";

// Default sizes keep `npm test` quick; raise them for a longer local run (e.g. BOTS_POSITIONS=20000).
const POSITIONS = Number(process.env.BOTS_POSITIONS ?? 2400);
const SEARCH_SHARE: Record<BotName, number> = { random: 1, greedy: 1, pimc16: 0.25, leicht: 0.5, mittel: 0.1, stark: 0.02 };

function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

interface Position {
  state: State;
  seat: Seat;
}

/** Positions from games played by a mix of cheap bots: every decision of every seat (exchange, plays, greed swaps). */
function positions(ruleset: Ruleset, count: number, seed: string): Position[] {
  const out: Position[] = [];
  const mix: BotName[] = ["random", "greedy", "leicht", "random"];
  for (let g = 0; out.length < count; g++) {
    let state = fold(newGame({ ruleset, variant: g % 3 === 2 ? "profi" : "single" }, `${seed}/${g}`));
    const bots: [BotName, BotName] = [mix[g % 4] as BotName, mix[(g + 1) % 4] as BotName];
    for (let step = 0; step < 1000 && out.length < count; step++) {
      const seats = seatsToAct(state);
      if (seats.length === 0) break;
      for (const seat of seats) {
        out.push({ state: cloneState(state), seat });
        const d = decide(state, seat, botCommand(bots[seat] as BotName, state, seat, `${seed}/${g}/${step}`), 0);
        if (!d.ok) throw new Error(d.error.code);
        for (const e of d.events) state = applyInPlace(state, e);
      }
    }
  }
  return out;
}

/**
 * Another arrangement of what `seat` cannot see, consistent with what it knows: the opponent's hidden cards and the aside
 * cards redrawn among the worlds the seat's information allows, and the opponent's pending pick redone from its new hand.
 */
function rearranged(p: Position, salt: number): State {
  const info = information(p.state, p.seat);
  const codec = info.codec;
  const [hidden] = worlds(info, 1, rng("rearrange", salt));
  const opp = other(p.seat);
  const s = cloneState(p.state);
  s.hands[opp] = shuffle(fromMask(codec, info.oppKnown | (hidden as number)), rng("order", salt));
  s.aside = fromMask(codec, info.unknown & ~(hidden as number));
  const pending = p.state.picks[opp];
  if (pending !== null) {
    const k = pending.length;
    const hand = s.hands[opp];
    const mustElixir = s.phase === "exchange" && popcount(toMask(codec, hand) & ELIXIR_MASK) >= 2;
    let pick = hand.slice(0, k);
    if (mustElixir && !pick.some((c) => c.startsWith("E"))) pick = [...hand.filter((c) => c.startsWith("E")).slice(0, 1), ...hand.filter((c) => !c.startsWith("E")).slice(0, k - 1)];
    s.picks[opp] = pick;
  }
  // Sanity: the true state is one of those worlds too, and the rearranged one keeps the deck whole.
  const all = [...s.hands[0], ...s.hands[1], ...s.aside, ...s.trick.map((x) => x.card), ...s.history.flatMap((t) => t.cards.map((x) => x.card))];
  check(new Set(all).size === 25 && all.length === 25, () => `rearranged deck broken: ${all.length}`);
  return s;
}

const same = (a: Command, b: Command) => JSON.stringify(a) === JSON.stringify(b);

describe("bots", () => {
  const battle = positions("battlemaske", POSITIONS, "bots");
  const zw = positions("zwiegespalten", Math.floor(POSITIONS / 3), "bots-zw");

  it("same seed, same decision (and the state is left untouched)", () => {
    for (const name of BOT_NAMES) {
      for (const p of battle.filter((_, i) => i % 97 === 0)) {
        const before = JSON.stringify(p.state);
        const a = botCommand(name, p.state, p.seat, "seed-7");
        const b = botCommand(name, cloneState(p.state), p.seat, "seed-7");
        check(same(a, b), () => `${name} decided ${JSON.stringify(a)} then ${JSON.stringify(b)}`);
        check(JSON.stringify(p.state) === before, () => `${name} changed the state`);
      }
    }
  }, 60_000);

  it(`only legal commands over ${POSITIONS} Battlemaske and ${Math.floor(POSITIONS / 3)} Zwiegespalten positions (exchange, plays, greed swaps)`, () => {
    let checked = 0;
    for (const name of BOT_NAMES) {
      const every = Math.round(1 / SEARCH_SHARE[name]);
      for (const [i, p] of [...battle, ...zw].entries()) {
        if (i % every !== 0) continue;
        const command = botCommand(name, p.state, p.seat, `legal/${i}`);
        const d = decide(p.state, p.seat, command, 0);
        check(d.ok, () => `${name} sent ${JSON.stringify(command)} in phase ${p.state.phase}: ${d.ok ? "" : d.error.code}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(POSITIONS);
  }, 120_000);

  it("no peeking: the decision is the same when the opponent's hidden cards and the aside cards are rearranged consistently", () => {
    let checked = 0;
    for (const name of BOT_NAMES) {
      const every = Math.round(3 / SEARCH_SHARE[name]);
      for (const [i, p] of [...battle, ...zw].entries()) {
        if (i % every !== 1) continue;
        const a = botCommand(name, p.state, p.seat, `peek/${i}`);
        for (let salt = 0; salt < 2; salt++) {
          const b = botCommand(name, rearranged(p, i * 2 + salt), p.seat, `peek/${i}`);
          check(same(a, b), () => `${name} changed its mind from ${JSON.stringify(a)} to ${JSON.stringify(b)} when the hidden cards moved (phase ${p.state.phase})`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(POSITIONS / 3);
  }, 120_000);

  it("infers voids: a seat that did not follow the led suit gets no card of it in any world", () => {
    // Seat 1 holds no Pfau and discards Glut 6 on a Pfau lead: in every world of seat 0 its hidden cards hold no Pfau.
    const t = table({ hands: [["P5", "D1", "G2", "P2"], ["G6", "D7", "G1", "D2"]], leader: 0 });
    t.aside = ["P1", "P3", "P4", "P6", "P7"];
    const d = decide(t, 0, { type: "play", card: "P5" }, 0);
    if (!d.ok) throw new Error(d.error.code);
    let u = t;
    for (const e of d.events) u = applyInPlace(cloneState(u), e);
    const d2 = decide(u, 1, { type: "play", card: "G6" }, 0);
    if (!d2.ok) throw new Error(d2.error.code);
    for (const e of d2.events) u = applyInPlace(u, e);
    const info = information(u, 0);
    for (const w of worlds(info, 50, rng(1))) expect(fromMask(info.codec, w).some((c: Card) => c.startsWith("P"))).toBe(false);
  });
});

describe("Rat (hint)", () => {
  const ps = positions("battlemaske", 400, "hint").filter((_, i) => i % 20 === 3);
  it("returns Stark's legal choice, a German and an English reason and a win chance in [0, 1]", () => {
    for (const [i, p] of ps.entries()) {
      const h = hint(p.state, p.seat, `hint/${i}`);
      expect(h).not.toBeNull();
      if (!h) continue;
      expect(decide(p.state, p.seat, h.command, 0).ok).toBe(true);
      expect(h.command).toEqual(botCommand("stark", p.state, p.seat, `hint/${i}`));
      expect(h.reason.de.length).toBeGreaterThan(15);
      expect(h.reason.en.length).toBeGreaterThan(15);
      expect(h.reason.de).not.toEqual(h.reason.en);
      expect(h.winChance).toBeGreaterThanOrEqual(0);
      expect(h.winChance).toBeLessThanOrEqual(1);
      const cards = h.command.type === "play" ? [h.command.card] : h.command.cards;
      expect(h.cards).toEqual(cards);
    }
  }, 60_000);

  it("says what happens to the trick, in the seed's words", () => {
    // Last trick of round 3, mirror 4, tricks 5 : 4 — the Conte follows Glut 7 with Glut 6 and gives the trick away.
    const s = table({ hands: [["G6"], ["G7"]], leader: 1, round: 3, mirror: 4, tricks: [5, 4] });
    const d = decide(s, 1, { type: "play", card: "G7" }, 0);
    if (!d.ok) throw new Error(d.error.code);
    let u = s;
    for (const e of d.events) u = applyInPlace(cloneState(u), e);
    const h = hint(u, 0);
    expect(h?.reason.de).toBe("Spiel Glut 6: Du gibst den Stich ab; der Abstand ist dann 0.");
    expect(h?.reason.en).toBe("Play Glut 6: you give the trick away; the difference is then 0.");
    expect(h?.winChance).toBe(1);
  });

  it("is null when the seat has nothing to decide", () => {
    const s = table({ hands: [["G6"], ["G7"]], leader: 1 });
    expect(hint(s, 0)).toBeNull();
  });
});

describe("a level's sizes by rule set and role", () => {
  it("a role's entry applies to that role only, after the rule set's, and a rule set's own byRole replaces the level's", () => {
    const stark = LEVELS.stark as unknown as Record<string, unknown>;
    const saved = { ...stark };
    try {
      stark.byRole = { conte: { worlds: 7 }, maske: { worlds: 9 } };
      stark.byRuleset = { zwiegespalten: { exactAt: 5, byRole: { conte: { pickTop: 2 } } } };
      expect(levelParams("stark", "battlemaske").worlds).toBe(40);
      expect(levelParams("stark", "battlemaske", "conte").worlds).toBe(7);
      expect(levelParams("stark", "battlemaske", "maske").worlds).toBe(9);
      const zc = levelParams("stark", "zwiegespalten", "conte");
      expect([zc.exactAt, zc.pickTop, zc.worlds]).toEqual([5, 2, 40]);
      const zm = levelParams("stark", "zwiegespalten", "maske");
      expect([zm.exactAt, zm.pickTop, zm.worlds]).toEqual([5, 6, 40]);
    } finally {
      for (const k of Object.keys(stark)) delete stark[k];
      Object.assign(stark, saved);
    }
  });
});
