// npm run -s scenario -- FILE.json [FILE.json …]: prints one JSON line per scenario; exit 2 for an unreadable or malformed file.
import { readFileSync } from "node:fs";
import { MalformedScenario, runScenario } from "../shared/scenario.js";

function main(files: string[]): number {
  if (files.length === 0) {
    process.stderr.write("usage: npm run -s scenario -- FILE.json [FILE.json …]\n");
    return 2;
  }
  for (const file of files) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (err) {
      process.stderr.write(`scenario: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    try {
      process.stdout.write(JSON.stringify(runScenario(raw)) + "\n");
    } catch (err) {
      if (!(err instanceof MalformedScenario)) throw err;
      process.stderr.write(`scenario: malformed scenario ${file}: ${err.message}\n`);
      return 2;
    }
  }
  return 0;
}

// exitCode instead of exit(): lets stdout drain when piped.
process.exitCode = main(process.argv.slice(2).filter((a) => a !== "--"));
