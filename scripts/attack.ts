// npm run test:attack [-- --games N --tables T --messages M --http H --restarts K --json]
// The standing attack suite (issue 13): starts the site itself (wrangler dev on a free port with throw-away state) and
// runs four categories: the hidden-information scan, socket fuzz, HTTP fuzz and forced restarts. Exits 1 when any
// attack was not answered as it must be (docs/security.md).
import { startSite } from "./lib/site.js";
import { DEFAULT_SIZES, report, runAttacks, type AttackSizes } from "./lib/attack/run.js";

function parse(args: string[]): { sizes: AttackSizes; json: boolean } | string {
  const sizes = { ...DEFAULT_SIZES };
  let json = false;
  const flags: Record<string, keyof AttackSizes> = { "--games": "games", "--tables": "tables", "--messages": "messages", "--http": "http", "--restarts": "restarts" };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--json") json = true;
    else if (a in flags) {
      const n = Number(args[++i]);
      if (!Number.isInteger(n) || n < 0) return `${a} needs a whole number ≥ 0`;
      sizes[flags[a]!] = n;
    } else return `unknown flag ${a}`;
  }
  return { sizes, json };
}

async function main(args: string[]): Promise<number> {
  const f = parse(args);
  if (typeof f === "string") {
    process.stderr.write(`attack: ${f}\nusage: npm run test:attack -- [--games N] [--tables T] [--messages M] [--http H] [--restarts K] [--json]\n`);
    return 2;
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const t0 = Date.now();
  log(`attack: starting the site (wrangler dev)…`);
  const site = await startSite();
  log(`attack: site up at ${site.url} (state ${site.state}) in ${((Date.now() - t0) / 1000).toFixed(1)} s; sizes ${JSON.stringify(f.sizes)}`);
  try {
    const results = await runAttacks(site, f.sizes, log);
    const failed = results.some((r) => r.passed !== r.tried);
    if (f.json) process.stdout.write(JSON.stringify({ ok: !failed, sizes: f.sizes, seconds: (Date.now() - t0) / 1000, categories: results }, null, 2) + "\n");
    else process.stdout.write(`${report(results)}\n${failed ? "Some attacks were not answered as they must be." : "Every attack was answered as it must be."} (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
    return failed ? 1 : 0;
  } finally {
    await site.stop();
  }
}

process.exitCode = await main(process.argv.slice(2).filter((a) => a !== "--"));
