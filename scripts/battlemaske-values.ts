// Prints the value table of shared/battlemaske/bots/values.ts: the Conte's chance to win from the start of round 2 or 3 at each
// mirror field, by self-play of single rounds (round 3 first, exact at its end; round 2 then uses round 3's row).
// npx tsx scripts/battlemaske-values.ts [rounds per field=200] [bot=mittel] [ruleset=battlemaske]
//   bot may be CONTE/MASKE (e.g. stark/pimc16): the Conte's chance when those two meet, not self-play.
import { decide, firstLeader, fold, newGame, type Ruleset, type Seat, type State } from "../shared/battlemaske/index.js";
import { seatsToAct } from "../shared/battlemaske/random.js";
import { conteSeat } from "../shared/battlemaske/state.js";
import { applyInPlace } from "../shared/battlemaske/state.js";
import { botCommand, isBotName } from "../shared/battlemaske/bots/index.js";

const N = Number(process.argv[2] ?? 200);
const spec = process.argv[3] ?? "mittel";
const ruleset = (process.argv[4] ?? "battlemaske") as Ruleset;
const [conteBot, maskeBot = conteBot] = spec.split("/") as [string, string?];
for (const b of [conteBot, maskeBot]) if (!isBotName(b)) throw new Error(`unknown bot ${b}`);

/** Plays round r from mirror m on a seeded deal; returns the mirror after it (uncapped). */
function playRound(r: 2 | 3, m: number, i: number): number {
  const s: State = fold(newGame({ ruleset, variant: "single" }, `values/${r}/${m}/${i}`));
  s.round = r;
  s.mirror = m;
  s.leader = firstLeader(1, r, m);
  let state = s;
  for (let step = 0; step < 500; step++) {
    for (const seat of seatsToAct(state)) {
      const bot = seat === conteSeat(state.game) ? conteBot : maskeBot;
      const d = decide(state, seat, botCommand(bot as never, state, seat as Seat, `values/${r}/${m}/${i}/${step}/${seat}`), 0);
      if (!d.ok) throw new Error(d.error.code);
      for (const e of d.events) {
        if (e.type === "roundEnded") return e.mirror;
        state = applyInPlace(state, e);
      }
    }
  }
  throw new Error("round did not end");
}

const table = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]];
for (const r of [3, 2] as const) {
  for (let f = 0; f < 5; f++) {
    const m = 2 * f;
    let sum = 0;
    for (let i = 0; i < N; i++) {
      const after = playRound(r, m, i);
      sum += after >= 10 ? 0 : r === 3 ? 1 : (table[1] as number[])[after / 2] as number;
    }
    (table[r - 2] as number[])[f] = Math.round((sum / N) * 1000) / 1000;
    process.stderr.write(`round ${r} mirror ${m}: ${(table[r - 2] as number[])[f]}\n`);
  }
}
process.stdout.write(`${JSON.stringify(table)}\n`);
