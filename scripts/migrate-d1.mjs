#!/usr/bin/env node
// Applies worker/migrations to the local D1 (Miniflare's embedded SQLite under --persist-to), offline and without a prompt.
// Used by scripts/dev.mjs before `wrangler dev`; the e2e site starter can call it too:
//   import { migrateLocalD1 } from "../migrate-d1.mjs"; migrateLocalD1(stateDir)
// CLI: node scripts/migrate-d1.mjs [persist-dir]   (default .wrangler/state)
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs `wrangler d1 migrations apply DB --local --persist-to <dir>`; already applied migrations are skipped. Throws on failure. */
export function migrateLocalD1(persistTo = join(root, ".wrangler", "state"), { quiet = false } = {}) {
  const configDir = join(root, ".wrangler", "config");
  const logDir = join(root, ".wrangler", "logs");
  for (const dir of [configDir, logDir]) mkdirSync(dir, { recursive: true });
  const wrangler = join(root, "node_modules", ".bin", process.platform === "win32" ? "wrangler.cmd" : "wrangler");
  const result = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", resolve(persistTo)], {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
    env: {
      ...process.env,
      // Non-interactive: no confirmation prompt; offline and quiet as for wrangler dev (docs/decisions/002-local-dev.md).
      CI: "true",
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      XDG_CONFIG_HOME: configDir,
      WRANGLER_LOG_PATH: logDir,
    },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 migrations apply failed (exit ${result.status}): ${result.stderr ?? ""}${result.stdout ?? ""}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  migrateLocalD1(process.argv[2]);
}
