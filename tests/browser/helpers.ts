// Browser tests: Debian's chromium driven by playwright-core against the real site (wrangler dev), built once.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startSite, type Site } from "../../scripts/lib/site.js";

const root = join(import.meta.dirname, "..", "..");
export const shots = join(root, ".tmp", "shots");

let built = false;
/** Builds web/ once per test process (the site starter serves web/dist but does not build it). */
export function buildWeb(): void {
  if (built || process.env.SKIP_WEB_BUILD === "1") return;
  execFileSync(join(root, "node_modules", ".bin", "vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "error"], { cwd: root, stdio: "inherit" });
  built = true;
}

export async function startWebSite(): Promise<Site> {
  buildWeb();
  return startSite();
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

/** Plays the seat's part until the game is over, clicking as a person would: the first legal card(s), the first suit. */
export async function playToEnd(page: Page, opts: { maxSteps?: number; onStep?: (i: number) => Promise<void>; onCurtain?: () => Promise<void> } = {}): Promise<void> {
  const max = opts.maxSteps ?? 400;
  for (let i = 0; i < max; i++) {
    if (await page.getByTestId("game-result").isVisible()) return;
    if (await page.getByTestId("curtain-ready").isVisible()) {
      if (opts.onCurtain) await opts.onCurtain();
      await page.getByTestId("curtain-ready").click();
      continue;
    }
    if (await page.getByTestId("round-continue").isVisible()) {
      await page.getByTestId("round-continue").click();
      continue;
    }
    const exchange = page.getByTestId("exchange-confirm");
    const swap = page.getByTestId("swap-confirm");
    const confirm = (await exchange.isVisible()) ? exchange : (await swap.isVisible()) ? swap : null;
    if (confirm) {
      // Pick until the confirm button is enabled: always a card that is still legal to add.
      for (let k = 0; k < 4 && (await confirm.isDisabled()); k++) {
        await page.locator('[data-testid="hand-card"][data-legal="true"]:not([aria-pressed="true"])').first().click({ timeout: 3000 }).catch(() => undefined);
      }
      await confirm.click({ timeout: 3000 }).catch(() => undefined);
      await page.waitForTimeout(30);
      continue;
    }
    if (await page.getByTestId("name-suit-P").isVisible()) {
      // The choice can vanish under the click (a take-back resets it): then look again.
      await page.getByTestId("name-suit-P").click({ timeout: 3000 }).catch(() => undefined);
      continue;
    }
    const legal = page.locator('[data-testid="hand-card"][data-legal="true"]');
    if ((await legal.count()) > 0 && (await page.getByTestId("turn").getAttribute("data-my-turn")) === "true") {
      const v = await page.getByTestId("table").getAttribute("data-version");
      const clicked = await legal.first().click({ timeout: 3000 }).then(() => true, () => false);
      if (!clicked) continue;
      if (opts.onStep) await opts.onStep(i);
      await page
        .waitForFunction(
          `(() => { const d = globalThis.document; return d.querySelector('[data-testid="table"]')?.getAttribute("data-version") !== ${JSON.stringify(v)} || !!d.querySelector('[data-testid="name-suit-P"]'); })()`,
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      continue;
    }
    await page.waitForTimeout(50);
  }
  throw new Error("the game did not end");
}
