// npm run -s sim -- --game goldwaage …: open-hand solver statistics (--open-hands) or bot games; one JSON line with --json.
import {
  BOT_NAMES,
  DECK,
  gameCeiling,
  LEVELS,
  makeBot,
  partnerBoundGame,
  playGame,
  Solver,
  validateOptions,
  VARIANTS,
  type BotName,
  type Level,
  type Options,
  type Players,
  type Variant,
} from "../shared/goldwaage/index.js";
import { appendFileSync, writeFileSync } from "node:fs";
import { rng, shuffle } from "../shared/rng.js";

const USAGE = `usage:
  npm run -s sim -- --game goldwaage --open-hands [--players 2|3|4] [--limit N] [--rounds N] [--seed S] [--json]
  npm run -s sim -- --game goldwaage [--players 2|3|4] [--level ${LEVELS.join("|")}] [--variant ${VARIANTS.join("|")}]…
                    [--bot ${BOT_NAMES.join("|")}|ceiling|partner-bound] [--samples N] [--games N] [--seed S] [--json]
                    [--per-game FILE]
  (--per-game: one JSON line per game in FILE — its number, won, lives lost by round — to pair two runs game by game;
   --bot ceiling: every hand open, each round played with the fewest lives lost, on the same deals as the bots' runs;
   --bot partner-bound, Profi only: the seat to play sees every hand but expects the next seat to answer from its own
   information, --samples worlds of its own, default 8)`;

class BadFlag extends Error {}

interface Flags {
  openHands: boolean;
  json: boolean;
  players: Players;
  limit: number | null;
  rounds: number;
  games: number;
  seed: string;
  level: Level;
  variants: Variant[];
  bot: BotName | "ceiling" | "partner-bound";
  samples: number | undefined;
  perGame: string | null;
}

function int(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || n < min || n > max) throw new BadFlag(`${name} needs a whole number ${min}–${max}, got ${value === undefined ? "nothing" : JSON.stringify(value)}`);
  return n;
}

function parse(args: string[]): Flags {
  const f: Flags = { openHands: false, json: false, players: 2, limit: null, rounds: 20000, games: 2000, seed: "1", level: "normal", variants: [], bot: "strong", samples: undefined, perGame: null };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const val = () => {
      const x = args[++i];
      if (x === undefined || x.startsWith("--")) throw new BadFlag(`${a} needs a value`);
      return x;
    };
    switch (a) {
      case "--game":
        if (val() !== "goldwaage") throw new BadFlag("--game must be goldwaage here");
        break;
      case "--open-hands":
        f.openHands = true;
        break;
      case "--json":
        f.json = true;
        break;
      case "--players":
        f.players = int(a, val(), 2, 4) as Players;
        break;
      case "--limit":
        f.limit = int(a, val(), 1, 20);
        break;
      case "--rounds":
        f.rounds = int(a, val(), 1, 10_000_000);
        break;
      case "--games":
        f.games = int(a, val(), 1, 10_000_000);
        break;
      case "--samples":
        f.samples = int(a, val(), 1, 1000);
        break;
      case "--seed":
        f.seed = val();
        break;
      case "--per-game":
        f.perGame = val();
        break;
      case "--level": {
        const x = val();
        if (!LEVELS.includes(x as Level)) throw new BadFlag(`--level must be one of ${LEVELS.join(", ")}, got ${JSON.stringify(x)}`);
        f.level = x as Level;
        break;
      }
      case "--variant":
        for (const x of val().split(",")) {
          if (!VARIANTS.includes(x as Variant)) throw new BadFlag(`--variant must be one of ${VARIANTS.join(", ")}, got ${JSON.stringify(x)}`);
          if (!f.variants.includes(x as Variant)) f.variants.push(x as Variant);
        }
        break;
      case "--bot": {
        const x = val();
        if (x !== "ceiling" && x !== "partner-bound" && !BOT_NAMES.includes(x as BotName)) throw new BadFlag(`--bot must be one of ${BOT_NAMES.join(", ")}, ceiling, partner-bound, got ${JSON.stringify(x)}`);
        f.bot = x as BotName | "ceiling" | "partner-bound";
        break;
      }
      default:
        throw new BadFlag(`unknown flag ${JSON.stringify(a)}`);
    }
  }
  if (f.openHands && f.perGame !== null) throw new BadFlag("--per-game belongs to games, not --open-hands");
  if (f.openHands && f.limit === null) throw new BadFlag("--open-hands needs --limit");
  if (!f.openHands && f.limit !== null) throw new BadFlag("--limit belongs to --open-hands (games use the rules' limits)");
  if (f.bot === "partner-bound" && (f.level !== "profi" || f.variants.length > 0)) throw new BadFlag("--bot partner-bound is for --level profi without variants");
  return f;
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/** Random 12-card rounds from the 48, seat 0 starts; the share the solver clears without losing a life. */
function openHands(f: Flags): number {
  const k = 12 / f.players;
  let clearable = 0;
  const t0 = performance.now();
  for (let i = 0; i < f.rounds; i++) {
    const cards = shuffle(DECK, rng(f.seed, "goldwaage-sim", "open-hands", i)).slice(0, 12);
    const hands = Array.from({ length: f.players }, (_, s) => cards.slice(s * k, s * k + k));
    if (new Solver({ limit: f.limit as number, turn: 0, hands, left: [], right: [] }).clearable()) clearable++;
  }
  const ms = (performance.now() - t0) / f.rounds;
  const out = { rounds: f.rounds, clearable, rate: round4(clearable / f.rounds) };
  if (f.json) process.stdout.write(JSON.stringify(out) + "\n");
  else process.stdout.write(`open hands, ${f.players} players, limit ${f.limit}: ${clearable} of ${f.rounds} rounds clearable (${(100 * out.rate).toFixed(1)} %), ${ms.toFixed(2)} ms per round\n`);
  return 0;
}

function games(f: Flags): number {
  const options: Options = { players: f.players, level: f.level, variants: f.variants };
  const why = validateOptions(options);
  if (why) throw new BadFlag(why);
  let wins = 0;
  const lost = [0, 0, 0, 0];
  const times: number[] = [];
  if (f.perGame) writeFileSync(f.perGame, "");
  const record = (g: number, won: boolean, lives: readonly number[]) => {
    if (f.perGame) appendFileSync(f.perGame, JSON.stringify({ g, won, lost: lives }) + "\n");
  };
  for (let g = 0; g < f.games; g++) {
    if (f.bot === "ceiling") {
      // The same game seed as a bot run, so the same deals; the time is per game (four rounds solved). Every round counts,
      // also those after the lives run out (the bots' figures stop counting at a lost game).
      const t0 = performance.now();
      const c = gameCeiling(options, `${f.seed}/${g}`);
      times.push(performance.now() - t0);
      if (c.won) wins++;
      c.losses.forEach((n, r) => (lost[r]! += n));
      record(g, c.won, c.losses);
      continue;
    }
    if (f.bot === "partner-bound") {
      // The same game seed as a bot run, so the same deals; the time is per game.
      const t0 = performance.now();
      const state = partnerBoundGame(options, `${f.seed}/${g}`, f.samples ?? 8);
      times.push(performance.now() - t0);
      if (state.result === "won") wins++;
      state.livesLostByRound.forEach((n, r) => (lost[r]! += n));
      record(g, state.result === "won", state.livesLostByRound);
      continue;
    }
    const bots = Array.from({ length: f.players }, (_, s) => makeBot(f.bot as BotName, { seed: `${f.seed}/${g}/${s}`, samples: f.samples }));
    const { state, times: t } = playGame(options, `${f.seed}/${g}`, bots, () => performance.now());
    if (state.result === "won") wins++;
    state.livesLostByRound.forEach((n, r) => (lost[r]! += n));
    record(g, state.result === "won", state.livesLostByRound);
    for (const x of t) times.push(x);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  const p95 = times.length ? times[Math.min(times.length - 1, Math.floor(0.95 * times.length))]! : 0;
  const out = {
    games: f.games,
    wins,
    winRate: round4(wins / f.games),
    livesLostByRound: lost.map((n) => round4(n / f.games)),
    msPerMove: { mean: Math.round(mean * 1000) / 1000, p95: Math.round(p95 * 1000) / 1000 },
  };
  if (f.json) process.stdout.write(JSON.stringify(out) + "\n");
  else {
    const label = [f.level, ...f.variants].join(" + ");
    process.stdout.write(
      `${f.bot}${f.samples ? ` (${f.samples} samples)` : ""}, ${f.players} players, ${label}: won ${wins} of ${f.games} (${(100 * out.winRate).toFixed(1)} %)\n` +
        `lives lost per game by round: ${out.livesLostByRound.join(" / ")}\n` +
        `ms per ${f.bot === "ceiling" || f.bot === "partner-bound" ? "game" : "move"}: mean ${out.msPerMove.mean}, p95 ${out.msPerMove.p95}\n`,
    );
  }
  return 0;
}

export function main(args: string[]): number {
  let f: Flags;
  try {
    f = parse(args);
    return f.openHands ? openHands(f) : games(f);
  } catch (e) {
    if (!(e instanceof BadFlag)) throw e;
    process.stderr.write(`sim goldwaage: ${e.message}\n${USAGE}\n`);
    return 2;
  }
}
