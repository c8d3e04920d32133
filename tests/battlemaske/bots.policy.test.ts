// The policy bound's model (scripts/lib/battlemaske-policy.ts): pimc16's own decision, re-run from the opponent's information.
import { describe, expect, it } from "vitest";
import { cloneState, decide, fold, newGame, other, type Ruleset, type Seat, type State } from "../../shared/battlemaske/index.js";
import { seatsToAct } from "../../shared/battlemaske/random.js";
import { applyInPlace } from "../../shared/battlemaske/state.js";
import { botCommand, levelParams, searchCommand, type BotName } from "../../shared/battlemaske/bots/index.js";
import { information, type Info, type Step } from "../../shared/battlemaske/bots/info.js";
import { handsAtPlays } from "../../shared/battlemaske/bots/belief.js";
import { legalFollow, lowBit, popcount, toMask } from "../../shared/battlemaske/bots/fast.js";
import { opponentInfo, policyCounts, policyLikelihood, policyProb } from "../../scripts/lib/battlemaske-policy.js";
import { rng } from "../../shared/rng.js";

interface Position {
  readonly state: State;
  readonly seat: Seat;
  /** The information of the other seat at each of its plays this round (as `information` built it then). */
  readonly oppInfos: readonly Info[];
}

/** Every play position of games between two bots, with the other seat's real information at each of its plays this round. */
function positions(ruleset: Ruleset, games: number, bots: [BotName, BotName], seed: string): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let state = fold(newGame({ ruleset, variant: "single" }, `${seed}/${g}`));
    let infos: [Info[], Info[]] = [[], []];
    for (let step = 0; step < 1000; step++) {
      const seats = seatsToAct(state);
      if (seats.length === 0) break;
      for (const seat of seats) {
        if (state.phase === "exchange") infos = [[], []];
        if (state.phase === "play") {
          out.push({ state: cloneState(state), seat, oppInfos: infos[other(seat)].slice() });
          infos[seat].push(information(state, seat));
        }
        const command = botCommand(bots[seat] as BotName, state, seat, `${seed}/${g}/${step}`);
        const d = decide(state, seat, command, 0);
        if (!d.ok) throw new Error(d.error.code);
        for (const e of d.events) state = applyInPlace(state, e);
      }
    }
  }
  return out;
}

const plays = (["battlemaske", "zwiegespalten"] as const).flatMap((r) => positions(r, 2, ["pimc16", "mittel"], `policy-${r}`));
const model = { at: 10, k: 6, eps: 0.2 };

describe("pimc16's own policy as the model of the opponent", () => {
  it("rebuilds the opponent's information at each of its plays as `information` had it, and pimc16 decides the same from it", () => {
    let checked = 0;
    for (const p of plays.filter((_, i) => i % 3 === 0)) {
      const info = information(p.state, p.seat);
      const hands = handsAtPlays(info, toMask(info.codec, p.state.hands[other(p.seat)]));
      const steps = info.steps.filter((s): s is Extract<Step, { kind: "play" }> => s.kind === "play");
      expect(steps.length).toBe(p.oppInfos.length);
      steps.forEach((s, i) => {
        const real = p.oppInfos[i] as Info;
        const rebuilt = opponentInfo(info, hands[i] as number, s);
        for (const f of ["seat", "conte", "round", "mirror", "hand", "played", "lead", "named", "rk", "tricks", "oppKnown", "oppSize", "unknown", "oppHidden"] as const) {
          expect(rebuilt[f], f).toEqual(real[f]);
        }
        const params = levelParams("pimc16", info.codec.ruleset);
        expect(searchCommand(rebuilt, params, rng(`x${i}`)).command).toEqual(searchCommand(real, params, rng(`x${i}`)).command);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("gives each legal card (1 − ε) · its share of the K decisions + ε / n: the chances sum to 1, a unanimous card has 1 − ε + ε / n", () => {
    let checked = 0, unanimous = 0;
    for (const p of plays.filter((_, i) => i % 7 === 0)) {
      const info = information(p.state, p.seat);
      const hand = toMask(info.codec, p.state.hands[other(p.seat)]);
      const hands = handsAtPlays(info, hand);
      const steps = info.steps.filter((s): s is Extract<Step, { kind: "play" }> => s.kind === "play");
      steps.forEach((s, i) => {
        const h = hands[i] as number;
        const legal = s.lead < 0 ? h : legalFollow(h, s.lead, s.named, info.zw);
        const n = popcount(legal);
        if (n < 2) return;
        const counts = policyCounts(info, h, s, model.k);
        let total = 0, sum = 0;
        for (let c = 0; c < 25; c++) total += counts[c] as number;
        expect(total).toBe(model.k);
        for (let c = 0; c < 25; c++) if ((counts[c] as number) > 0) expect(legal & (1 << c)).not.toBe(0); // only legal cards
        for (let x = legal; x; x &= x - 1) {
          const c = lowBit(x);
          const q = policyProb(info, h, { ...s, card: c }, model);
          expect(q).toBeGreaterThanOrEqual(model.eps / n - 1e-12);
          if (counts[c] === model.k) {
            expect(q).toBeCloseTo(1 - model.eps + model.eps / n, 12);
            unanimous++;
          }
          sum += q;
        }
        expect(sum).toBeCloseTo(1, 12);
        checked++;
      });
      // The likelihood is the product over the judged plays; with `at` 0 nothing is judged.
      expect(policyLikelihood(info, hand, { ...model, at: 0 })).toBe(1);
      expect(policyLikelihood(info, hand, model)).toBeGreaterThan(0);
    }
    expect(checked).toBeGreaterThan(30);
    expect(unanimous).toBeGreaterThan(5);
  });

  it("a card the opponent could not legally play makes the world impossible", () => {
    let checked = 0;
    for (const p of plays.filter((_, i) => i % 5 === 0)) {
      const info = information(p.state, p.seat);
      const hands = handsAtPlays(info, toMask(info.codec, p.state.hands[other(p.seat)]));
      info.steps.filter((s): s is Extract<Step, { kind: "play" }> => s.kind === "play").forEach((s, i) => {
        const h = hands[i] as number;
        const legal = s.lead < 0 ? h : legalFollow(h, s.lead, s.named, info.zw);
        const outside = h & ~legal;
        if (outside === 0) return;
        expect(policyProb(info, h, { ...s, card: lowBit(outside) }, model)).toBe(0);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(3);
  });
});
