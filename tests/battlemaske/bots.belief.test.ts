// The worlds a searching bot considers: enumeration, sampling without repeats, and the weighting by the opponent's plays.
import { describe, expect, it } from "vitest";
import { cloneState, decide, fold, newGame, other, type Ruleset, type Seat, type State } from "../../shared/battlemaske/index.js";
import { seatsToAct } from "../../shared/battlemaske/random.js";
import { applyInPlace } from "../../shared/battlemaske/state.js";
import { botCommand, type BotName } from "../../shared/battlemaske/bots/index.js";
import { information, worlds, type Info } from "../../shared/battlemaske/bots/info.js";
import { beliefWorlds, handsAtPlays, likelihood, samplerLikelihood, samplerProb } from "../../shared/battlemaske/bots/belief.js";
import { countTrick, ELIXIR_MASK, GREED, legalFollow as legalFollowOf, placeSuit as placeRk, popcount, resolve, toMask } from "../../shared/battlemaske/bots/fast.js";
import { playCandidates, scorePlays, searchCtx, type SearchParams } from "../../shared/battlemaske/bots/search.js";
import { exactFollow, exactLead, greedyFollow, greedySwap, wantsTrick, work } from "../../shared/battlemaske/bots/policy.js";
import { gameLeaf, TABLES } from "../../shared/battlemaske/bots/values.js";
import { rng } from "../../shared/rng.js";

interface Position {
  state: State;
  seat: Seat;
  /** The true hand (mask) of each seat before each of its plays this round, in order. */
  plays: [number[], number[]];
}

/** Every position of games between two bots, with the true hands before each play of the round so far. */
function positions(ruleset: Ruleset, games: number, bots: [BotName, BotName], seed: string): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let state = fold(newGame({ ruleset, variant: "single" }, `${seed}/${g}`));
    let plays: [number[], number[]] = [[], []];
    const codec = information(state, 0).codec;
    for (let step = 0; step < 1000; step++) {
      const seats = seatsToAct(state);
      if (seats.length === 0) break;
      for (const seat of seats) {
        if (state.phase === "exchange") plays = [[], []];
        out.push({ state: cloneState(state), seat, plays: [plays[0].slice(), plays[1].slice()] });
        const command = botCommand(bots[seat] as BotName, state, seat, `${seed}/${g}/${step}`);
        if (command.type === "play") plays[seat].push(toMask(codec, state.hands[seat]));
        const d = decide(state, seat, command, 0);
        if (!d.ok) throw new Error(d.error.code);
        for (const e of d.events) state = applyInPlace(state, e);
      }
    }
  }
  return out;
}

/** Every world by brute force over all subsets of the unknown cards: the definition `worlds` must meet. */
function allWorlds(info: Info): number[] {
  const cards: number[] = [];
  for (let m = info.unknown; m; m &= m - 1) cards.push(31 - Math.clz32(m & -m));
  const out: number[] = [];
  for (let s = 0; s < 1 << cards.length; s++) {
    let mask = 0;
    for (let i = 0; i < cards.length; i++) if (s & (1 << i)) mask |= 1 << (cards[i] as number);
    if (popcount(mask) !== info.oppHidden || (mask & info.voids) !== 0) continue;
    if (info.elixirCap < 4 && popcount(mask & ELIXIR_MASK) > info.elixirCap) continue;
    out.push(mask);
  }
  return out;
}

const trueHidden = (p: Position, info: Info) => toMask(info.codec, p.state.hands[other(p.seat)]) & ~info.oppKnown;

describe("worlds", () => {
  for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
    const ps = positions(ruleset, 6, ["greedy", "mittel"], `belief-${ruleset}`).filter((p) => p.state.phase !== "exchange");

    it(`${ruleset}: enumerates every consistent world exactly once when there are few enough`, () => {
      let checked = 0;
      for (const p of ps) {
        const info = information(p.state, p.seat);
        const all = allWorlds(info).sort((a, b) => a - b);
        if (all.length > 3003) continue;
        const got = worlds(info, 3003, rng("enum"));
        expect(got.slice().sort((a, b) => a - b)).toEqual(all);
        expect(all).toContain(trueHidden(p, info));
        checked++;
      }
      expect(checked).toBeGreaterThan(100);
    });

    it(`${ruleset}: draws distinct consistent worlds when there are more than asked for`, () => {
      let checked = 0;
      for (const p of ps) {
        const info = information(p.state, p.seat);
        const all = new Set(allWorlds(info));
        if (all.size <= 40) continue;
        const got = worlds(info, 40, rng("distinct", checked), true, true);
        expect(got.length).toBe(40);
        expect(new Set(got).size).toBe(40);
        for (const w of got) expect(all.has(w)).toBe(true);
        checked++;
      }
      expect(checked).toBeGreaterThan(30);
    });

    it(`${ruleset}: with \`enumerate\`, every consistent world once whenever the elixir rule leaves at most n; else the same draws`, () => {
      let narrowed = 0, same = 0;
      for (const p of ps) {
        const info = information(p.state, p.seat);
        const all = allWorlds(info).sort((a, b) => a - b);
        if (all.length < 2 || all.length > 1000) continue;
        for (const n of [40, 120]) {
          const got = worlds(info, n, rng("enumerate", n), true, true, 3003);
          if (all.length <= n) {
            expect(got.slice().sort((a, b) => a - b)).toEqual(all);
            // Without it, a rule that narrows more than n card sets to at most n worlds made the distinct draws repeat.
            const old = worlds(info, n, rng("enumerate", n), true, true);
            if (old.length > all.length) {
              expect(new Set(old).size).toBeLessThan(old.length);
              narrowed++;
            }
          } else {
            expect(got).toEqual(worlds(info, n, rng("enumerate", n), true, true));
            same++;
          }
        }
      }
      expect(narrowed).toBeGreaterThan(0);
      expect(same).toBeGreaterThan(10);
    });
  }
});

describe("weighting the worlds by the opponent's plays", () => {
  for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
    // The opponent (seat 1) is the rule-of-thumb bot itself, so the model explains each of its plays exactly.
    const ps = positions(ruleset, 8, ["mittel", "greedy"], `weights-${ruleset}`).filter((p) => p.seat === 0 && p.state.phase !== "exchange");

    it(`${ruleset}: rebuilds the opponent's hand before each of its plays from its hand now`, () => {
      let checked = 0;
      for (const p of ps) {
        const info = information(p.state, p.seat);
        expect(handsAtPlays(info, toMask(info.codec, p.state.hands[1]))).toEqual(p.plays[1]);
        checked += p.plays[1].length;
      }
      expect(checked).toBeGreaterThan(500);
    });

    it(`${ruleset}: the true world of a rule-of-thumb opponent has likelihood 1 without softening, and others less`, () => {
      let lower = 0;
      for (const p of ps) {
        const info = information(p.state, p.seat);
        const ctx = searchCtx(info, { exactAt: 0, objective: "game" });
        expect(likelihood(info, ctx, toMask(info.codec, p.state.hands[1]), 0)).toBe(1);
        for (const w of worlds(info, 20, rng("others"))) {
          const l = likelihood(info, ctx, info.oppKnown | w, 0.5);
          expect(l).toBeGreaterThan(0);
          expect(l).toBeLessThanOrEqual(1);
          if (l < 1) lower++;
        }
      }
      expect(lower).toBeGreaterThan(100);
    });

    it(`${ruleset}: weights sum to 1, and resampled worlds are consistent`, () => {
      for (const p of ps.filter((_, i) => i % 5 === 0)) {
        const info = information(p.state, p.seat);
        const ctx = searchCtx(info, { exactAt: 0, objective: "game" });
        const all = new Set(allWorlds(info));
        const b = beliefWorlds(info, ctx, 12, 200, 0.5, rng("belief"));
        expect(b.ws.length).toBe(Math.min(12, all.size));
        expect(b.wt.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 9);
        for (const w of b.ws) expect(all.has(w)).toBe(true);
      }
    });
  }

  it("with one consistent world, the weighted search scores every candidate as the plain search does", () => {
    const stark: SearchParams = { worlds: 40, budget: 240, minWorlds: 12, exactAt: 5, pickTop: 6, pickWorlds: 30, inference: true, objective: "game" };
    let checked = 0;
    for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
      for (const p of positions(ruleset, 3, ["mittel", "greedy"], `one-${ruleset}`)) {
        if (p.state.phase !== "play") continue;
        const info0 = information(p.state, p.seat);
        // Narrow the information to the true world: every unknown card but the opponent's is ruled out as a void.
        const info: Info = { ...info0, voids: info0.unknown & ~trueHidden(p, info0) };
        const cands = playCandidates(info);
        const plain = scorePlays(info, stark, rng("a"), cands);
        const weighted = scorePlays(info, { ...stark, eps: 0.3, pool: 500 }, rng("b"), cands);
        for (let i = 0; i < cands.length; i++) expect(weighted[i]?.value).toBeCloseTo(plain[i]?.value as number, 12);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe("the search's work limits and exact root lead", () => {
  const stark: SearchParams = { worlds: 24, budget: 240, minWorlds: 6, exactAt: 4, pickTop: 6, pickWorlds: 30, inference: true, objective: "game" };
  const plays = (["battlemaske", "zwiegespalten"] as const).flatMap((r) => positions(r, 2, ["mittel", "greedy"], `limits-${r}`)).filter((p) => p.state.phase === "play");
  const values = (info: Info, params: SearchParams, salt: string) => scorePlays(info, params, rng(salt), playCandidates(info)).map((s) => s.value);

  it("an unreachable node budget and a pruning margin above every value difference change no score", () => {
    for (const p of plays.filter((_, i) => i % 4 === 0)) {
      const info = information(p.state, p.seat);
      const plain = values(info, stark, "x");
      // A node budget shuffles the same worlds: the same means up to rounding.
      const budget = values(info, { ...stark, nodeBudget: 1e15 }, "x");
      for (let i = 0; i < plain.length; i++) expect(budget[i]).toBeCloseTo(plain[i] as number, 12);
      expect(values(info, { ...stark, prune: { every: 1, margin: 2 } }, "x")).toEqual(plain);
    }
  });

  it("tables: the seat's role picks the round-end values; the rule set's own table for both roles is the plain search", () => {
    // A table no level uses, falling as every table must: only the seat whose role it is given to may score differently.
    const odd = [[0.9, 0.6, 0.5, 0.2, 0.1], [0.99, 0.98, 0.7, 0.6, 0.3]];
    let changed = 0;
    for (const p of plays.filter((_, i) => i % 6 === 0)) {
      const info = information(p.state, p.seat);
      const own = TABLES[info.codec.ruleset];
      const plain = values(info, stark, "t");
      expect(values(info, { ...stark, tables: { conte: own, maske: own } }, "t")).toEqual(plain);
      const mine = info.seat === info.conte ? { conte: odd } : { maske: odd };
      const theirs = info.seat === info.conte ? { maske: odd } : { conte: odd };
      expect(values(info, { ...stark, tables: theirs }, "t")).toEqual(plain);
      expect(Array.from(searchCtx(info, { ...stark, tables: mine }).leaf)).toEqual(Array.from(gameLeaf(info.round, info.mirror, odd)));
      if (info.round < 3 && values(info, { ...stark, tables: mine }, "t").some((v, i) => v !== plain[i])) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("a node budget of 0 stops after minWorlds worlds, and pruning drops candidates out of reach", () => {
    let fewer = 0, dropped = 0;
    for (const p of plays.filter((_, i) => i % 4 === 1)) {
      const info = information(p.state, p.seat);
      if (popcount(info.hand) < 6) continue;
      const n0 = work.nodes;
      values(info, stark, "y");
      const full = work.nodes - n0;
      const n1 = work.nodes;
      const limited = values(info, { ...stark, nodeBudget: 0 }, "y");
      if (work.nodes - n1 < full) fewer++;
      for (const v of limited) expect(v).toBeGreaterThan(-0.1);
      const pruned = values(info, { ...stark, prune: { every: 1, margin: 0 } }, "y");
      const out = pruned.filter((v) => !Number.isFinite(v)).length;
      expect(out).toBeLessThan(pruned.length);
      dropped += out;
    }
    expect(fewer).toBeGreaterThan(10);
    expect(dropped).toBeGreaterThan(10);
  });

  it("rootExactAt: a lead one card above the exact size is worth what the exact search says after the opponent's best reply", () => {
    let checked = 0;
    for (const p of plays) {
      const info0 = information(p.state, p.seat);
      if (info0.lead >= 0 || popcount(info0.hand) !== stark.exactAt + 1) continue;
      const info: Info = { ...info0, voids: info0.unknown & ~trueHidden(p, info0) }; // one world: the true one
      const ctx = searchCtx(info, stark);
      const hOpp = toMask(info.codec, p.state.hands[other(p.seat)]);
      const [h0, h1] = p.seat === 0 ? [info.hand, hOpp] : [hOpp, info.hand];
      const scored = scorePlays(info, { ...stark, rootExactAt: stark.exactAt + 1 }, rng("z"), playCandidates(info));
      for (const s of scored) {
        const sa = s.card < 21 ? Math.floor(s.card / 7) : -1;
        const rk = sa >= 0 ? placeRk(info.rk, sa) : info.rk;
        expect(s.value).toBeCloseTo(exactFollow(ctx, h0, h1, info.tricks[0], info.tricks[1], rk, p.seat, s.card, s.named), 12);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe("the search handed its worlds (the sim's oracle) and spending more worlds on close decisions", () => {
  const stark: SearchParams = { worlds: 24, budget: 240, minWorlds: 6, exactAt: 4, pickTop: 6, pickWorlds: 30, inference: true, objective: "game" };
  const plays = (["battlemaske", "zwiegespalten"] as const).flatMap((r) => positions(r, 2, ["mittel", "greedy"], `given-${r}`)).filter((p) => p.state.phase === "play");

  it("given the true world, every candidate scores as when the information narrows to that world", () => {
    let checked = 0;
    for (const p of plays.filter((_, i) => i % 2 === 0)) {
      const info0 = information(p.state, p.seat);
      const truth = trueHidden(p, info0);
      const narrowed: Info = { ...info0, voids: info0.unknown & ~truth };
      const cands = playCandidates(info0);
      const given = scorePlays(info0, stark, rng("g"), cands, [truth]);
      const plain = scorePlays(narrowed, stark, rng("h"), cands);
      for (let i = 0; i < cands.length; i++) {
        expect(given[i]?.value).toBeCloseTo(plain[i]?.value as number, 12);
        expect(given[i]?.trickWin).toBe(plain[i]?.trickWin);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("refine: a margin no candidate meets changes no score; a wide one rescores the candidates on more worlds", () => {
    let changed = 0;
    for (const p of plays.filter((_, i) => i % 3 === 0)) {
      const info = information(p.state, p.seat);
      const cands = playCandidates(info);
      const plain = scorePlays(info, stark, rng("r"), cands).map((s) => s.value);
      expect(scorePlays(info, { ...stark, refine: { margin: -1, worlds: 24 } }, rng("r"), cands).map((s) => s.value)).toEqual(plain);
      const wide = scorePlays(info, { ...stark, refine: { margin: 2, worlds: 24 } }, rng("r"), cands).map((s) => s.value);
      for (const v of wide) expect(v).toBeGreaterThan(-0.1);
      if (wide.some((v, i) => Math.abs(v - (plain[i] as number)) > 1e-9)) changed++;
    }
    expect(changed).toBeGreaterThan(10);
  });

  it("replyMix: 0 is the plain search; 1 values a lead in the last tricks by the rule-of-thumb reply, then the exact search", () => {
    let checked = 0;
    for (const p of plays) {
      const info0 = information(p.state, p.seat);
      if (info0.lead >= 0 || popcount(info0.hand) > stark.exactAt) continue;
      const info: Info = { ...info0, voids: info0.unknown & ~trueHidden(p, info0) }; // one world: the true one
      const cands = playCandidates(info);
      expect(scorePlays(info, { ...stark, replyMix: 0 }, rng("m"), cands)).toEqual(scorePlays(info, stark, rng("m"), cands));
      const ctx = searchCtx(info, stark);
      const me = p.seat, opp = other(me);
      const hOpp = toMask(info.codec, p.state.hands[opp]);
      for (const s of scorePlays(info, { ...stark, replyMix: 1 }, rng("m"), cands)) {
        const sa = s.card < 21 ? Math.floor(s.card / 7) : -1;
        const rk = sa >= 0 ? placeRk(info.rk, sa) : info.rk;
        const f = greedyFollow(ctx, hOpp, s.card, s.named, rk, wantsTrick(ctx.strength, opp === ctx.conte, info.tricks[opp], info.tricks[me], hOpp));
        const res = resolve(ctx.strength, rk, s.card, f);
        const winner = (res & 1) === 1 ? me : opp;
        const t = countTrick(info.tricks[0], info.tricks[1], winner, (res >> 1) & 3);
        const mine = info.hand & ~(1 << s.card), theirs = hOpp & ~(1 << f);
        const out = new Int32Array([me === 0 ? mine : theirs, me === 0 ? theirs : mine]);
        if (((res >> 1) & 3) === GREED && mine !== 0) greedySwap(ctx, out[0] as number, out[1] as number, t & 15, t >> 4, out);
        const want = mine === 0 ? (ctx.leaf[Math.abs((t & 15) - (t >> 4))] as number) : exactLead(ctx, out[0] as number, out[1] as number, t & 15, t >> 4, res >> 3, winner);
        expect(s.value).toBeCloseTo(want, 12);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("epsAt: above that hand size the worlds are not weighted (the plain search), at or below it they are", () => {
    let same = 0, differ = 0;
    for (const p of plays.filter((_, i) => i % 2 === 1)) {
      const info = information(p.state, p.seat);
      if (info.steps.length === 0) continue;
      const cands = playCandidates(info);
      const plain = scorePlays(info, stark, rng("e"), cands).map((s) => s.value);
      const weighted = { ...stark, eps: 0.2, pool: 200 };
      const size = popcount(info.hand);
      expect(scorePlays(info, { ...weighted, epsAt: size - 1 }, rng("e"), cands).map((s) => s.value)).toEqual(plain);
      same++;
      const at = scorePlays(info, { ...weighted, epsAt: size }, rng("e"), cands).map((s) => s.value);
      expect(at).toEqual(scorePlays(info, weighted, rng("e"), cands).map((s) => s.value));
      if (at.some((v, i) => Math.abs(v - (plain[i] as number)) > 1e-9)) differ++;
    }
    expect(same).toBeGreaterThan(10);
    expect(differ).toBeGreaterThan(5);
  });
});

describe("alpha-mu over the last tricks", () => {
  const stark: SearchParams = { worlds: 12, budget: 240, minWorlds: 6, exactAt: 4, pickTop: 6, pickWorlds: 30, inference: true, objective: "game" };
  const plays = (["battlemaske", "zwiegespalten"] as const)
    .flatMap((r) => positions(r, 3, ["mittel", "greedy"], `amu-${r}`))
    .filter((p) => p.state.phase === "play" && popcount(toMask(information(p.state, p.seat).codec, p.state.hands[p.seat])) <= 4);

  it("with one world it gives every candidate the exact search's value, for any M", () => {
    let checked = 0;
    for (const p of plays) {
      const info = information(p.state, p.seat);
      const truth = trueHidden(p, info);
      const cands = playCandidates(info);
      if (cands.length < 2) continue;
      const exact = scorePlays(info, stark, rng("x"), cands, [truth]).map((s) => s.value);
      for (const m of [1, 2, 3]) {
        const amu = scorePlays(info, { ...stark, alphaMu: { at: 4, m, worlds: 30 } }, rng("x"), cands, [truth]).map((s) => s.value);
        for (let i = 0; i < cands.length; i++) expect(amu[i]).toBeCloseTo(exact[i] as number, 12);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("with M = 1 it is the plain per-world search; with M = 2 or 3 over several worlds a candidate is never worth more for our role (a strategy shared by the worlds)", () => {
    let checked = 0, differ = 0;
    for (const p of plays) {
      const info = information(p.state, p.seat);
      const cands = playCandidates(info);
      if (cands.length < 2) continue;
      const ws = worlds(info, 12, rng("w"), true, true);
      if (ws.length < 2) continue;
      const plain = scorePlays(info, stark, rng("p"), cands, ws).map((s) => s.value);
      const m1 = scorePlays(info, { ...stark, alphaMu: { at: 4, m: 1, worlds: 30 } }, rng("p"), cands, ws).map((s) => s.value);
      for (let i = 0; i < cands.length; i++) expect(m1[i]).toBeCloseTo(plain[i] as number, 12);
      // More of our moves shared across worlds is a constraint on us: the value for our role can only fall (no fusion).
      const sign = p.seat === info.conte ? 1 : -1;
      for (const m of [2, 3]) {
        const v = scorePlays(info, { ...stark, alphaMu: { at: 4, m, worlds: 30 } }, rng("p"), cands, ws).map((s) => s.value);
        for (let i = 0; i < cands.length; i++) expect(sign * (v[i] as number)).toBeLessThanOrEqual(sign * (plain[i] as number) + 1e-12);
        if (v.some((x, i) => Math.abs(x - (plain[i] as number)) > 1e-9)) differ++;
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    expect(differ).toBeGreaterThan(3);
  });
});

describe("the sampler model of the opponent", () => {
  const plays = (["battlemaske", "zwiegespalten"] as const).flatMap((r) => positions(r, 3, ["mittel", "mittel"], `sampler-${r}`)).filter((p) => p.state.phase === "play");
  const model = { at: 10, samples: 4, exact: 2, eps: 0.2 };

  it("each opponent play records the cards played before it and what it knew of our hand (its gifts we still held)", () => {
    let checked = 0;
    for (const p of plays) {
      const info = information(p.state, p.seat);
      const hands = handsAtPlays(info, toMask(info.codec, p.state.hands[other(p.seat)]));
      const ps = info.steps.filter((s) => s.kind === "play");
      ps.forEach((s, i) => {
        expect(hands[i], "its hand then").toEqual(p.plays[other(p.seat)][i]);
        expect((s.played & (hands[i] as number)) === 0).toBe(true); // nothing it held was played already
        expect(popcount(s.played)).toBe(2 * Math.floor(popcount(s.played) / 2) + (s.lead >= 0 ? 1 : 0));
        expect(s.known & ~toMask(info.codec, p.state.given[other(p.seat)])).toBe(0); // only cards it gave us
      });
      checked += ps.length;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("judges only plays with a choice, within `at` cards, with probabilities that sum to 1 over the opponent's legal cards", () => {
    let checked = 0;
    for (const p of plays.filter((_, i) => i % 5 === 0)) {
      const info = information(p.state, p.seat);
      const ctx = searchCtx(info, { exactAt: 4, objective: "game" });
      const hand = toMask(info.codec, p.state.hands[other(p.seat)]);
      const hands = handsAtPlays(info, hand);
      const ps = info.steps.filter((s) => s.kind === "play");
      ps.forEach((s, i) => {
        const h = hands[i] as number;
        const legal = s.lead < 0 ? h : legalFollowOf(h, s.lead, s.named, info.zw);
        let sum = 0;
        for (let x = legal; x; x &= x - 1) sum += samplerProb(info, ctx, h, { ...s, card: 31 - Math.clz32(x & -x) }, model);
        expect(sum).toBeCloseTo(1, 9);
        expect(samplerProb(info, ctx, h, s, model)).toBeGreaterThanOrEqual(model.eps / popcount(legal) - 1e-12);
        checked++;
      });
      expect(samplerLikelihood(info, ctx, hand, { ...model, at: 0 })).toBe(1); // nothing judged
    }
    expect(checked).toBeGreaterThan(30);
  });

  // Issue 18, fifth attempt: every consistent world weighted by the sampler, and searched with its weight.
  it("with a pool at least the number of consistent worlds, each is weighted once, in proportion to the sampler's likelihood", () => {
    let checked = 0;
    for (const p of plays.filter((_, i) => i % 3 === 0)) {
      const info = information(p.state, p.seat);
      if (!info.steps.some((s) => s.kind === "play")) continue;
      const all = allWorlds(info).sort((a, b) => a - b);
      if (all.length < 2 || all.length > 150) continue;
      const ctx = searchCtx(info, { exactAt: 4, objective: "game" });
      const b = beliefWorlds(info, ctx, 150, 150, 1, rng("all"), model, 3003);
      expect(b.ws.slice().sort((x, y) => x - y)).toEqual(all); // every consistent world, each once
      const lik = b.ws.map((w) => samplerLikelihood(info, ctx, info.oppKnown | w, model));
      const sum = lik.reduce((a, x) => a + x, 0);
      expect(b.wt.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 12);
      b.ws.forEach((_, i) => expect(b.wt[i]).toBeCloseTo((lik[i] as number) / sum, 12));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("allWorldsAt with the sampler: a candidate's value is the weighted mean of its value in each consistent world", () => {
    const stark: SearchParams = { worlds: 40, budget: 240, minWorlds: 12, exactAt: 4, pickTop: 6, pickWorlds: 30, inference: true, objective: "game" };
    const enumerated: SearchParams = { ...stark, sampler: model, pool: 60, allWorldsAt: 4, allWorlds: 60, enumerate: 3003 };
    let checked = 0;
    for (const p of plays) {
      const info = information(p.state, p.seat);
      if (popcount(info.hand) > 4 || !info.steps.some((s) => s.kind === "play")) continue;
      const all = allWorlds(info);
      if (all.length < 2 || all.length > 60) continue;
      const cands = playCandidates(info);
      const ctx = searchCtx(info, stark);
      const lik = all.map((w) => samplerLikelihood(info, ctx, info.oppKnown | w, model));
      const sum = lik.reduce((a, x) => a + x, 0);
      const expected = new Array<number>(cands.length).fill(0);
      all.forEach((w, k) => scorePlays(info, stark, rng("one"), cands, [w]).forEach((s, i) => (expected[i] = (expected[i] as number) + (s.value * (lik[k] as number)) / sum)));
      const got = scorePlays(info, enumerated, rng("all"), cands).map((s) => s.value);
      for (let i = 0; i < cands.length; i++) expect(got[i]).toBeCloseTo(expected[i] as number, 9);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe("the opponent's reply from its own information", () => {
  const stark: SearchParams = { worlds: 12, budget: 240, minWorlds: 6, exactAt: 4, pickTop: 6, pickWorlds: 30, inference: true, objective: "game" };
  const plays = (["battlemaske", "zwiegespalten"] as const)
    .flatMap((r) => positions(r, 3, ["mittel", "greedy"], `reply-${r}`))
    .filter((p) => p.state.phase === "play" && p.state.trick.length === 0 && popcount(toMask(information(p.state, p.seat).codec, p.state.hands[p.seat])) <= 4);

  it("is never better for the opponent than its best reply knowing our hand, and differs from it somewhere", () => {
    let checked = 0, differ = 0;
    for (const p of plays) {
      const info = information(p.state, p.seat);
      if (info.lead >= 0) continue;
      const cands = playCandidates(info);
      const ws = worlds(info, 12, rng("w"), true, true);
      const plain = scorePlays(info, stark, rng("o"), cands, ws).map((s) => s.value);
      const mine = scorePlays(info, { ...stark, oppReply: { at: 4, samples: 6 } }, rng("o"), cands, ws).map((s) => s.value);
      const sign = p.seat === info.conte ? 1 : -1;
      for (let i = 0; i < cands.length; i++) expect(sign * (mine[i] as number)).toBeGreaterThanOrEqual(sign * (plain[i] as number) - 1e-12);
      // Above `at` it is the plain search.
      expect(scorePlays(info, { ...stark, oppReply: { at: popcount(info.hand) - 1, samples: 6 } }, rng("o"), cands, ws).map((s) => s.value)).toEqual(plain);
      if (mine.some((v, i) => Math.abs(v - (plain[i] as number)) > 1e-9)) differ++;
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    expect(differ).toBeGreaterThan(3);
  });
});
