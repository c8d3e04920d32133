// The Goldwaage table's pure logic (web/src/goldwaage/logic.ts) against the engine and the solver it must agree with.
import { describe, expect, it } from "vitest";
import { decide, fold, legalCommands, newGame, pansFor, view, applyInPlace, LEVELS, VARIANTS, validateOptions, makeBot, playGame, Solver, type Event, type Options, type Seat, type State, type Variant } from "../../shared/goldwaage/index.js";
import { rng } from "../../shared/rng.js";
import { clearingLine, endScaleText, previewParts, previewPlay, previewText, roundReports, roundVerdict, verdictText } from "../../web/src/goldwaage/logic";

function randomOptions(random: () => number): Options {
  for (;;) {
    const variants = VARIANTS.filter(() => random() < 0.3) as Variant[];
    const o: Options = { players: (2 + Math.floor(random() * 3)) as 2 | 3 | 4, level: LEVELS[Math.floor(random() * 4)]!, variants };
    if (validateOptions(o) === null) return o;
  }
}

const GAMES = Number(process.env.TIP_GAMES ?? 1000);

describe("the tip warning agrees with the engine", () => {
  it(`in every position of ${GAMES} random games, for every card and pan the seat to play may choose`, () => {
    let checked = 0;
    for (let g = 0; g < GAMES; g++) {
      const random = rng(g, "client-logic");
      const options = randomOptions(random);
      let state: State = fold(newGame(options, `tip-${g}`));
      for (let guard = 0; guard < 200 && state.phase !== "over"; guard++) {
        const seat = (state.phase === "show" ? state.shown.findIndex((x) => !x) : state.turn) as Seat;
        if (state.phase === "play") {
          const v = view(state, seat);
          for (const c of state.hands[seat]!) {
            const pans = pansFor(state.pans, c);
            for (const pan of pans.length ? pans : [null]) {
              const p = previewPlay(v, seat, c, pan)!;
              expect(p).not.toBeNull();
              // The engine on the real state: the same card, with a replacement open card if one is needed.
              const cmd = legalCommands(state, seat).find((x) => x.type === "play" && x.card === c && (x.pan ?? null) === pan)!;
              const d = decide(state, seat, cmd, 0);
              if (!d.ok) throw new Error(d.error.code);
              const tipped = d.events.find((e): e is Extract<Event, { type: "scaleTipped" }> => e.type === "scaleTipped");
              const outcome = pan === null ? "nothing" : d.events.some((e) => e.type === "scaleBalanced") ? "balanced" : tipped ? "tipped" : "steady";
              expect(p.outcome).toBe(outcome);
              if (tipped) {
                expect(p.difference).toBe(tipped.difference);
                // A Jack or Queen first says what it does to the pan.
                const lead = /^J/.test(c) ? `oberste Karte nach ${pan === "left" ? "rechts" : "links"}: ` : /^Q/.test(c) ? "oberste Karte weg: " : "";
                expect(previewText(p, "de")).toBe(`${lead}kippt: Unterschied ${tipped.difference} > Grenze ${state.limit}`);
              }
              const ended = d.events.find((e): e is Extract<Event, { type: "roundEnded" }> => e.type === "roundEnded");
              expect(p.endsUnbalanced).toBe(ended?.unbalanced === true);
              checked++;
            }
          }
        }
        const cmds = legalCommands(state, seat);
        const cmd = cmds[Math.floor(random() * cmds.length)]!;
        const d = decide(state, seat, cmd, 0);
        if (!d.ok) throw new Error(d.error.code);
        for (const e of d.events) state = applyInPlace(state, e);
      }
    }
    expect(checked).toBeGreaterThan(GAMES * 20);
  }, 120_000);

  it("an Ace in the lighter pan says it balances as a counterweight; the seed's 8:0 is allowed", () => {
    const ev = newGame({ players: 2, level: "normal", variants: [] }, 1, [{ hands: [["7C", "3D", "5S", "9C", "JH", "AS"], ["4H", "8D", "QC", "10S", "2C", "6H"]], starter: 0 }]);
    let s = fold(ev);
    const act = (seat: Seat, cmd: Parameters<typeof decide>[2]) => {
      const d = decide(s, seat, cmd, 0);
      if (!d.ok) throw new Error(d.error.code);
      for (const e of d.events) s = applyInPlace(s, e);
    };
    act(0, { type: "show", cards: ["3D"] });
    act(1, { type: "show", cards: ["4H"] });
    act(0, { type: "play", card: "7C", pan: "left" });
    const ace = previewPlay(view(s, 1), 1, "10S", "left")!;
    expect(previewText(ace, "de")).toBe("kippt: Unterschied 17 > Grenze 8");
    act(1, { type: "play", card: "4H", pan: "right", show: ["2C"] });
    const cw = previewPlay(view(s, 0), 0, "AS", "right")!;
    expect(cw.counterweight).toBe(true);
    expect(previewText(cw, "de")).toBe("Gegengewicht: das Ass wiegt 3, 7 zu 7 – Gleichgewicht");
    expect(previewText(previewPlay(view(s, 0), 0, "AS", "left")!, "de")).toBe("8 zu 4, Unterschied 4 (Grenze 8, noch 4 Luft)");
    // In two parts for the pans' buttons: the limit's reminder apart (a phone in landscape leaves it out); a play with
    // no reminder keeps its whole text in the first part.
    expect(previewParts(previewPlay(view(s, 0), 0, "AS", "left")!, "en")).toEqual(["8 to 4, difference 4", " (limit 8, 4 to spare)"]);
    expect(previewParts(cw, "de")).toEqual(["Gegengewicht: das Ass wiegt 3, 7 zu 7 – Gleichgewicht", ""]);
  });
});

describe("the post-round 'lösbar' agrees with the solver", () => {
  it("in 300 bot games, every finished round's verdict (from the view's record) is the solver's on the real deal, and a clearing line clears it", () => {
    let rounds = 0;
    let parity = 0;
    for (let g = 0; g < 300; g++) {
      const random = rng(g, "verdict");
      const options = randomOptions(random);
      const bots = Array.from({ length: options.players }, (_, s) => makeBot("simple", { seed: `${g}-${s}` }));
      const game = playGame(options, `v-${g}`, bots);
      const deals = game.events.filter((e): e is Extract<Event, { type: "roundDealt" }> => e.type === "roundDealt");
      const reports = roundReports(view(game.state, 0));
      for (const r of reports.filter((x) => x.complete)) {
        const deal = deals[r.round - 1]!;
        expect(r.starter).toBe(deal.starter);
        expect(r.hands.map((h) => h.slice().sort())).toEqual(deal.hands.map((h) => h.slice().sort()));
        const truth = new Solver({ limit: deal.limit, turn: deal.starter, hands: deal.hands, left: [], right: [] });
        const verdict = roundVerdict(r.hands, r.starter, r.limit);
        expect(verdict.clearable).toBe(truth.clearable());
        expect(verdict.minLoss).toBe(truth.minLoss());
        if (verdict.parity) {
          parity++;
          expect(verdict.clearable).toBe(false);
          expect(verdictText(verdict, "de")).toBe("nicht lösbar: keine Dame und kein Ass, ungerade Summe");
        }
        if (verdict.clearable) {
          expect(verdictText(verdict, "de")).toBe("Diese Runde war lösbar");
          // A round the team played through without losing a life is not told it "was" clearable, as if it had failed.
          expect(verdictText(verdict, "de", true)).toBe("Geschafft: Diese Runde war lösbar, und ihr habt sie gelöst.");
          const line = clearingLine(r.hands, r.starter, r.limit)!;
          expect(line).toHaveLength(12);
          expect(line.some((s) => s.outcome === "tipped")).toBe(false);
          expect(line.at(-1)!.sums[0] === line.at(-1)!.sums[1] || line.at(-1)!.outcome === "balanced" || line.at(-1)!.outcome === "nothing").toBe(true);
        } else expect(clearingLine(r.hands, r.starter, r.limit)).toBeNull();
        // The lives the round table names are the lives the game lost in that round.
        expect(r.losses.length).toBeGreaterThanOrEqual(game.state.livesLostByRound[r.round - 1]!);
        rounds++;
      }
    }
    expect(rounds).toBeGreaterThan(300);
    expect(parity).toBeGreaterThan(0);
  }, 120_000);
});

describe("the round table's end scale", () => {
  it("in 200 bot games, is the engine's scale just before each round ended, and says so in words", () => {
    let rounds = 0;
    let loaded = 0;
    for (let g = 0; g < 200; g++) {
      const random = rng(g, "end-scale");
      const options = randomOptions(random);
      const bots = Array.from({ length: options.players }, (_, s) => makeBot("simple", { seed: `${g}-${s}` }));
      const game = playGame(options, `e-${g}`, bots);
      // The engine's own scale at each roundEnded, folding the log.
      const truth = new Map<number, { left: unknown[]; right: unknown[] }>();
      let st: State | null = null;
      for (const e of game.events) {
        if (e.type === "roundEnded" && st) truth.set(e.round, structuredClone(st.pans));
        st = st === null ? fold([e]) : applyInPlace(st, e);
      }
      for (const r of roundReports(view(game.state, 0))) {
        if (!truth.has(r.round)) {
          // No round end: the game ended inside the round — or at its last card by a tip with no life left, which
          // cleared the scale (the round table then says it was empty, as it was).
          if (r.complete) {
            expect(r.steps.at(-1)!.outcome).toBe("tipped");
            expect(game.state.result).toBe("lost");
            expect(r.endPans).toEqual({ left: [], right: [] });
          } else expect(r.endPans).toBeNull();
          continue;
        }
        expect(r.endPans).toEqual(truth.get(r.round));
        const end = r.endPans!;
        const text = endScaleText(end, "de");
        if (end.left.length + end.right.length === 0) expect(text).toBe("Am Ende war die Waage leer.");
        else {
          loaded++;
          expect(r.losses.some((l) => l.kind === "unbalanced")).toBe(true);
          const sum = (p: readonly { weight: number }[]) => p.reduce((t, c) => t + c.weight, 0);
          expect(text).toMatch(new RegExp(`^Am Ende lag auf der Waage: links .*${end.left.length ? `= ${sum(end.left)}` : "leer"}, rechts .*${end.right.length ? `= ${sum(end.right)}` : "leer"} – Unterschied ${Math.abs(sum(end.left) - sum(end.right))}\\.$`));
          expect(endScaleText(end, "en")).toMatch(/^At the end the scale held: left .*, right .* – difference \d+\.$/);
        }
        rounds++;
      }
    }
    expect(rounds).toBeGreaterThan(500);
    expect(loaded).toBeGreaterThan(0);
  }, 120_000);
});
