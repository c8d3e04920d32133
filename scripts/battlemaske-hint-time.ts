// Times hint() (the "Rat": a full Stark decision plus its reason) over positions from Mittel-vs-Mittel games.
// npx tsx scripts/battlemaske-hint-time.ts [games=20] [ruleset=battlemaske]
import { decide, fold, newGame, type Ruleset, type Seat } from "../shared/battlemaske/index.js";
import { seatsToAct } from "../shared/battlemaske/random.js";
import { applyInPlace } from "../shared/battlemaske/state.js";
import { botCommand, hint } from "../shared/battlemaske/bots/index.js";

const games = Number(process.argv[2] ?? 20);
const ruleset = (process.argv[3] ?? "battlemaske") as Ruleset;
const times: number[] = [];
for (let g = 0; g < games; g++) {
  let state = fold(newGame({ ruleset, variant: "single" }, `hint-time/${g}`));
  for (let step = 0; step < 1000; step++) {
    const seats = seatsToAct(state);
    if (seats.length === 0) break;
    for (const seat of seats) {
      const t0 = performance.now();
      hint(state, seat as Seat);
      times.push(performance.now() - t0);
      const d = decide(state, seat, botCommand("mittel", state, seat as Seat, `${g}/${step}`), 0);
      if (!d.ok) throw new Error(d.error.code);
      for (const e of d.events) state = applyInPlace(state, e);
    }
  }
}
times.sort((a, b) => a - b);
const q = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(1);
process.stdout.write(`${JSON.stringify({ hints: times.length, meanMs: Number((times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)), p95Ms: Number(q(0.95)), maxMs: Number(q(1)) })}\n`);
