import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";

// The workers project reads wrangler.toml, whose [assets] directory must exist. The tests do
// not need the built site, so a fresh clone gets an empty web/dist instead of a build step.
mkdirSync(new URL("./web/dist", import.meta.url), { recursive: true });

// Offline and quiet, as for `npm start` (docs/decisions/002-local-dev.md).
process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.XDG_CONFIG_HOME = fileURLToPath(new URL("./.wrangler/config", import.meta.url));
process.env.WRANGLER_LOG_PATH = fileURLToPath(new URL("./.wrangler/logs", import.meta.url));

export default defineConfig({
  test: {
    // Both cores: the two property-test files (10,000 games each) run side by side.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["tests/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "tests/workers/**"],
          // Hooks end real processes: the Goldwaage browser file's afterAll closes five Chromium profiles and stops
          // wrangler (SIGTERM, up to 5 s for it to exit): 1.2 s calm, past the default 10 s once in a fresh CI run at
          // load 9.5 (two test workers, two helpers' jobs). The setups name their own (180 s); a hang still fails.
          hookTimeout: 60_000,
        },
      },
      {
        // D1 starts empty: the migrations in worker/migrations are read here (Node) and applied inside workerd by
        // tests/workers/apply-migrations.ts before each test file, as `npm start` applies them for wrangler dev.
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./worker/migrations", import.meta.url))),
                // The tests create hundreds of accounts without CF-Connecting-IP; tests/workers/accounts.test.ts proves the strict default.
                RATE_LIMIT_LOOPBACK: "off",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts"],
          // Whole games over sockets inside workerd: 1–3 s on a quiet machine, past the default 5 s on a loaded one (the
          // batched-frames test timed out in CI at load 8–10). Nothing here asserts time; a hang still fails in a minute.
          testTimeout: 60_000,
          setupFiles: ["./tests/workers/apply-migrations.ts"],
        },
      },
    ],
  },
});
