// Browser tests: Debian's chromium driven by playwright-core against the real site (wrangler dev), built once.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { migrateLocalD1 } from "../../scripts/migrate-d1.mjs";

const root = join(import.meta.dirname, "..", "..");
export const shots = join(root, ".tmp", "shots");

let built = false;
/** Builds web/ once per test process (the site starter serves web/dist but does not build it). */
export function buildWeb(): void {
  if (built || process.env.SKIP_WEB_BUILD === "1") return;
  execFileSync(join(root, "node_modules", ".bin", "vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "error"], { cwd: root, stdio: "inherit" });
  built = true;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * The real site for browser tests: web/ built, wrangler dev on a free port with throw-away storage whose D1 is migrated
 * first (the daily game and accounts need the tables; scripts/lib/site.ts does not migrate).
 */
export async function startWebSite(): Promise<Site> {
  buildWeb();
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), "spielcenter-browser-"));
  (migrateLocalD1 as (dir: string, o: { quiet: boolean }) => void)(state, { quiet: true });
  const child = spawn(join(root, "node_modules", ".bin", "wrangler"), ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--show-interactive-dev-session=false"], {
    cwd: root,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", XDG_CONFIG_HOME: join(state, "config"), WRANGLER_LOG_PATH: join(state, "logs") },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 300));
  };
  for (let i = 0; i < 160; i++) {
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("wrangler dev did not come up in 40 s");
}

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export async function openBrowser(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), "spielcenter-chromium-"));
  process.env.XDG_CONFIG_HOME = join(dir, "config");
  const context = await chromium.launchPersistentContext(join(dir, "profile"), {
    executablePath: "/usr/bin/chromium",
    args: ARGS,
    headless: true,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    p.on("pageerror", (e) => errors.push(String(e)));
  };
  watch(page);
  context.on("page", watch);
  return { context, page, errors, close: () => context.close() };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

export interface StepOptions {
  onStep?: (i: number) => Promise<void>;
  onCurtain?: () => Promise<void>;
}

/**
 * One look at the table and at most one action, clicking as a person would: the round table away, a curtain up, the
 * first legal card(s) picked and confirmed, the first legal card played, Pfau named. "over" once the result shows.
 */
export async function step(page: Page, i = 0, opts: StepOptions = {}): Promise<"over" | "acted" | "idle"> {
  if (await page.getByTestId("game-result").isVisible()) return "over";
  if (await page.getByTestId("curtain-ready").isVisible()) {
    if (opts.onCurtain) await opts.onCurtain();
    await page.getByTestId("curtain-ready").click();
    return "acted";
  }
  if (await page.getByTestId("round-continue").isVisible()) {
    await page.getByTestId("round-continue").click({ timeout: 3000 }).catch(() => undefined);
    return "acted";
  }
  if ((await page.getByTestId("table").getAttribute("data-busy")) === "true") return "idle";
  const exchange = page.getByTestId("exchange-confirm");
  const swap = page.getByTestId("swap-confirm");
  const confirm = (await exchange.isVisible()) ? exchange : (await swap.isVisible()) ? swap : null;
  if (confirm) {
    // Pick until the confirm button is enabled: always a card that is still legal to add.
    for (let k = 0; k < 4 && (await confirm.isDisabled({ timeout: 1000 }).catch(() => false)); k++) {
      await page.locator('[data-testid="hand-card"][data-legal="true"]:not([aria-pressed="true"])').first().click({ timeout: 3000 }).catch(() => undefined);
    }
    await confirm.click({ timeout: 3000 }).catch(() => undefined);
    return "acted";
  }
  if (await page.getByTestId("name-suit-P").isVisible()) {
    // The choice can vanish under the click (a take-back resets it): then look again.
    await page.getByTestId("name-suit-P").click({ timeout: 3000 }).catch(() => undefined);
    return "acted";
  }
  const legal = page.locator('[data-testid="hand-card"][data-legal="true"]');
  if ((await page.getByTestId("turn").getAttribute("data-my-turn")) === "true" && (await legal.count()) > 0) {
    const v = await page.getByTestId("table").getAttribute("data-version");
    const clicked = await legal.first().click({ timeout: 3000 }).then(() => true, () => false);
    if (!clicked) return "idle";
    if (opts.onStep) await opts.onStep(i);
    await page
      .waitForFunction(
        `(() => { const d = globalThis.document; return d.querySelector('[data-testid="table"]')?.getAttribute("data-version") !== ${JSON.stringify(v)} || !!d.querySelector('[data-testid="name-suit-P"]'); })()`,
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    return "acted";
  }
  return "idle";
}

/** Plays the seat's part until the game is over. */
export async function playToEnd(page: Page, opts: StepOptions & { maxSteps?: number } = {}): Promise<void> {
  const max = opts.maxSteps ?? 400;
  for (let i = 0; i < max; i++) {
    const r = await step(page, i, opts);
    if (r === "over") return;
    if (r === "idle") await page.waitForTimeout(50);
  }
  throw new Error("the game did not end");
}
