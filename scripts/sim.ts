// npm run -s sim -- --game battlemaske|goldwaage …: bot simulations; each game's runner lives in its own module.
const args = process.argv.slice(2).filter((a) => a !== "--");
const i = args.indexOf("--game");
const game = i >= 0 ? args[i + 1] : undefined;
// One entry per game: a module exporting main(args) that prints its result and returns the exit code.
const runners: Record<string, () => Promise<{ main: (args: string[]) => Promise<number> | number }>> = {
  battlemaske: () => import("./sim-battlemaske.js"),
  goldwaage: () => import("./sim-goldwaage.js"),
};
const load = game ? runners[game] : undefined;
if (!load) {
  process.stderr.write(`usage: npm run -s sim -- --game ${Object.keys(runners).join("|")} [options]\n`);
  process.exitCode = 2;
} else {
  process.exitCode = await (await load()).main(args);
}
export {};
