// npm run bench: engine figures over complete random games — events folded per second, decide+apply per second, log size.
import { apply, decide, fold, playRandomGame, type Command, type Event, type Ruleset, type Seat, type Variant } from "../shared/battlemaske/index.js";

const GAMES = Number(process.env.BENCH_GAMES ?? 2000);
const json = process.argv.includes("--json");

interface Game {
  events: Event[];
  commands: Array<{ seat: Seat; command: Command }>;
}

function games(ruleset: Ruleset, variant: Variant): Game[] {
  const out: Game[] = [];
  for (let i = 0; i < GAMES; i++) out.push(playRandomGame({ ruleset, variant }, `bench-${i}`, i));
  return out;
}

/** Runs `work` repeatedly for at least `ms` and returns units per second (`work` returns its units). */
function rate(work: () => number, ms = 1500): number {
  work(); // warm-up
  let units = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    units += work();
    elapsed = performance.now() - start;
  }
  return (units / elapsed) * 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

const results: Record<string, unknown> = {};
for (const ruleset of ["battlemaske", "zwiegespalten"] as const) {
  const single = games(ruleset, "single");
  const profi = games(ruleset, "profi");
  const eventCount = single.reduce((n, g) => n + g.events.length, 0);
  const foldRate = rate(() => {
    for (const g of single) fold(g.events);
    return eventCount;
  });
  const commandCount = single.reduce((n, g) => n + g.commands.length, 0);
  const decideRate = rate(() => {
    for (const g of single) {
      let s = fold(g.events.slice(0, 2));
      for (const { seat, command } of g.commands) {
        const d = decide(s, seat, command, 0);
        if (!d.ok) throw new Error(d.error.code);
        for (const e of d.events) s = apply(s, e);
      }
    }
    return commandCount;
  });
  const sizes = single.map((g) => JSON.stringify(g.events).length).sort((a, b) => a - b);
  const profiSizes = profi.map((g) => JSON.stringify(g.events).length).sort((a, b) => a - b);
  results[ruleset] = {
    games: GAMES,
    eventsPerGame: +(eventCount / GAMES).toFixed(1),
    eventsFoldedPerSecond: Math.round(foldRate),
    decideApplyPerSecond: Math.round(decideRate),
    logBytes: { mean: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length), p95: percentile(sizes, 0.95), max: sizes[sizes.length - 1] },
    profiLogBytes: { mean: Math.round(profiSizes.reduce((a, b) => a + b, 0) / profiSizes.length), max: profiSizes[profiSizes.length - 1] },
  };
}

if (json) {
  process.stdout.write(JSON.stringify(results) + "\n");
} else {
  const fmt = (n: number) => n.toLocaleString("en-US");
  for (const [ruleset, r] of Object.entries(results) as Array<[string, any]>) {
    process.stdout.write(
      `${ruleset} (${r.games} random complete games, ${r.eventsPerGame} events each)\n` +
        `  events folded per second:   ${fmt(r.eventsFoldedPerSecond)}   (target >= 1,000,000)\n` +
        `  decide+apply per second:    ${fmt(r.decideApplyPerSecond)} commands\n` +
        `  log JSON bytes per game:    mean ${fmt(r.logBytes.mean)}, p95 ${fmt(r.logBytes.p95)}, max ${fmt(r.logBytes.max)}   (target <= 8,192)\n` +
        `  profi match log bytes:      mean ${fmt(r.profiLogBytes.mean)}, max ${fmt(r.profiLogBytes.max)}\n`,
    );
  }
}
