// npm run -s sim -- --game battlemaske --conte stark --maske mittel --games 1000 --seed 1 [--ruleset zwiegespalten] [--swap-roles] [--json]
// Bot-vs-bot games on seeded deals; with --swap-roles every deal is played twice with the bots' roles exchanged.
import { decide, fold, newGame, RULESETS, type Ruleset, type Seat, type State } from "../shared/battlemaske/index.js";
import { seatsToAct } from "../shared/battlemaske/random.js";
import { applyInPlace } from "../shared/battlemaske/state.js";
import type { Command } from "../shared/battlemaske/events.js";
import { BOT_NAMES, botCommand, isBotName, type BotName } from "../shared/battlemaske/bots/index.js";

/** A seat's player: a named bot, or (for experiments such as the A/B runner's oracle) any function of the full state. */
export type Player = BotName | ((state: State, seat: Seat, seed: string) => Command);

interface Options {
  conte: BotName;
  maske: BotName;
  games: number;
  seed: string;
  ruleset: Ruleset;
  swap: boolean;
  json: boolean;
  progress: boolean;
}

const USAGE = `usage: npm run -s sim -- --game battlemaske --conte BOT --maske BOT [--games N] [--seed S] [--ruleset battlemaske|zwiegespalten] [--swap-roles] [--json] [--progress]
bots: ${BOT_NAMES.join(", ")}`;

function parse(args: string[]): Options | string {
  const o: Options = { conte: "stark", maske: "mittel", games: 100, seed: "1", ruleset: "battlemaske", swap: false, json: false, progress: false };
  let conte: string | undefined, maske: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const value = (): string | undefined => args[++i];
    switch (a) {
      case "--": break;
      case "--game": {
        const g = value();
        if (g !== "battlemaske") return `--game must be battlemaske here, not ${g}`;
        break;
      }
      case "--conte": conte = value(); break;
      case "--maske": maske = value(); break;
      case "--games": {
        const v = value();
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1) return `--games needs a positive integer, not ${v}`;
        o.games = n;
        break;
      }
      case "--seed": {
        const v = value();
        if (v === undefined || v === "") return "--seed needs a value";
        o.seed = v;
        break;
      }
      case "--ruleset": {
        const v = value();
        if (!(RULESETS as readonly string[]).includes(v as string)) return `--ruleset must be ${RULESETS.join(" or ")}, not ${v}`;
        o.ruleset = v as Ruleset;
        break;
      }
      case "--swap-roles": o.swap = true; break;
      case "--json": o.json = true; break;
      case "--progress": o.progress = true; break;
      default: return `unknown flag ${a}`;
    }
  }
  if (conte === undefined || maske === undefined) return "--conte and --maske are required";
  if (!isBotName(conte)) return `unknown bot ${conte} for --conte`;
  if (!isBotName(maske)) return `unknown bot ${maske} for --maske`;
  o.conte = conte;
  o.maske = maske;
  return o;
}

/** Plays one single game; returns the winner role, the final mirror (capped at 10) and the time of every decision per seat. */
export function playGame(ruleset: Ruleset, gameSeed: string, bots: readonly [Player, Player], botSeed: string, times: [number[], number[]]): { conteWon: boolean; mirror: number } {
  let state: State = fold(newGame({ ruleset, variant: "single" }, gameSeed));
  for (let step = 0; step < 1000; step++) {
    const seats = seatsToAct(state);
    if (seats.length === 0) break;
    for (const seat of seats) {
      const t0 = performance.now();
      const player = bots[seat] as Player;
      const seed = `${botSeed}/${step}/${seat}`;
      const command = typeof player === "function" ? player(state, seat as Seat, seed) : botCommand(player, state, seat as Seat, seed);
      times[seat].push(performance.now() - t0);
      const d = decide(state, seat, command, 0);
      if (!d.ok) throw new Error(`bot ${typeof player === "function" ? "(function)" : player} sent an illegal command ${JSON.stringify(command)}: ${d.error.code}`);
      for (const e of d.events) state = applyInPlace(state, e);
    }
  }
  if (state.phase !== "over") throw new Error("the game did not end");
  return { conteWon: state.winner === "conte", mirror: Math.min(10, state.mirror) };
}

function stats(xs: number[]): { mean: number; p95: number } {
  if (xs.length === 0) return { mean: 0, p95: 0 };
  const sorted = xs.slice().sort((a, b) => a - b);
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] as number;
  return { mean: round(mean, 3), p95: round(p95, 3) };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function main(args: string[]): number {
  const o = parse(args);
  if (typeof o === "string") {
    process.stderr.write(`${o}\n${USAGE}\n`);
    return 2;
  }
  const times: Record<"conte" | "maske", number[]> = { conte: [], maske: [] };
  const byBot = new Map<string, number[]>();
  let games = 0, conteWins = 0, mirrorSum = 0, aWins = 0;
  const passes = o.swap ? 2 : 1;
  for (let g = 0; g < o.games; g++) {
    const gameSeed = `sim/${o.seed}/${g}`;
    for (let pass = 0; pass < passes; pass++) {
      const bots: [BotName, BotName] = pass === 0 ? [o.conte, o.maske] : [o.maske, o.conte];
      const t: [number[], number[]] = [[], []];
      const r = playGame(o.ruleset, gameSeed, bots, `bot/${o.seed}/${g}/${pass}`, t);
      games++;
      if (r.conteWon) conteWins++;
      mirrorSum += r.mirror;
      // Bot A (given as --conte) is the Conte in pass 0 and the Maske in pass 1.
      if ((pass === 0) === r.conteWon) aWins++;
      times.conte.push(...t[0]);
      times.maske.push(...t[1]);
      for (const seat of [0, 1] as const) {
        const list = byBot.get(bots[seat]) ?? [];
        list.push(...t[seat]);
        byBot.set(bots[seat], list);
      }
    }
    if (o.progress && (g + 1) % 10 === 0) process.stderr.write(`${g + 1}/${o.games} deals, conte ${conteWins}/${games}${o.swap ? `, A ${aWins}/${games}` : ""}\n`);
  }
  const out: Record<string, unknown> = {
    games,
    conteWins,
    maskeWins: games - conteWins,
    conteWinRate: round(conteWins / games, 4),
    avgMirror: round(mirrorSum / games, 3),
    msPerMove: { conte: stats(times.conte), maske: stats(times.maske) },
  };
  if (o.swap) {
    out.aWins = aWins;
    out.bWins = games - aWins;
    out.aWinRate = round(aWins / games, 4);
    out.msPerMoveByBot = Object.fromEntries([...byBot].map(([name, xs]) => [name, stats(xs)]));
  }
  if (o.json) {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  }
  const ms = out.msPerMove as Record<string, { mean: number; p95: number }>;
  const lines = [
    `battlemaske (${o.ruleset}), ${o.games} deals${o.swap ? " × 2 (roles swapped)" : ""}, seed ${o.seed}: ${games} games`,
    `Conte wins ${conteWins} (${(100 * conteWins / games).toFixed(1)} %), Maske wins ${games - conteWins}; average final mirror ${out.avgMirror}`,
    `ms per decision: conte mean ${ms.conte?.mean} p95 ${ms.conte?.p95}, maske mean ${ms.maske?.mean} p95 ${ms.maske?.p95}`,
  ];
  if (o.swap) {
    const rate = aWins / games;
    const half = 1.96 * Math.sqrt((rate * (1 - rate)) / games);
    lines.push(`${o.conte} (A) wins ${aWins} of ${games} = ${(100 * rate).toFixed(1)} % ± ${(100 * half).toFixed(1)} (95 %); ${o.maske} (B) wins ${games - aWins}`);
    for (const [name, s] of Object.entries(out.msPerMoveByBot as Record<string, { mean: number; p95: number }>)) lines.push(`  ${name}: mean ${s.mean} ms, p95 ${s.p95} ms`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
