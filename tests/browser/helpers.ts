// Browser tests: Debian's chromium driven by playwright-core against the real site (wrangler dev), built once.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startSite, type Site } from "../../scripts/lib/site.js";

const root = join(import.meta.dirname, "..", "..");
export const shots = join(root, ".tmp", "shots");

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function upToDate(): boolean {
  const out = join(root, "web", "dist", "index.html");
  if (!existsSync(out)) return false;
  // party/core too: the hot-seat table bundles the room core.
  const sources = Math.max(newest(join(root, "web", "src")), newest(join(root, "shared")), newest(join(root, "party", "core")), statSync(join(root, "web", "index.html")).mtimeMs);
  return statSync(out).mtimeMs > sources;
}

/**
 * Builds web/ unless web/dist is newer than its sources (the site starter serves web/dist but does not build it).
 * Test files run in parallel processes: a lock directory lets one build while the others wait.
 */
export async function buildWeb(): Promise<void> {
  if (process.env.SKIP_WEB_BUILD === "1") return;
  const lock = join(root, ".tmp", "web-build.lock");
  mkdirSync(join(root, ".tmp"), { recursive: true });
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (i > 600) rmSync(lock, { recursive: true, force: true }); // a stale lock after 60 s
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    if (!upToDate()) execFileSync(join(root, "node_modules", ".bin", "vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "error"], { cwd: root, stdio: "inherit" });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The real site for browser tests: web/ built, then wrangler dev on a free port with throw-away, migrated storage. */
export async function startWebSite(): Promise<Site> {
  await buildWeb();
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

/**
 * A fresh Chromium profile. Reduced motion by default: the table then shows each batch of events at once, so whole games
 * stay quick; a test that checks the motion turns it on for its page (page.emulateMedia).
 */
export async function openBrowser(viewport = { width: 1280, height: 900 }, reducedMotion: "reduce" | "no-preference" = "reduce"): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), "spielcenter-chromium-"));
  process.env.XDG_CONFIG_HOME = join(dir, "config");
  const context = await chromium.launchPersistentContext(join(dir, "profile"), {
    executablePath: "/usr/bin/chromium",
    args: ARGS,
    headless: true,
    viewport,
    reducedMotion,
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
  /** Act with the keyboard only: Tab to the control, then Enter (no mouse at all). */
  keyboard?: boolean;
}

/** Moves the focus with Tab (forwards, as a keyboard user does) to the first element matching `selector` and presses Enter. */
export async function pressByKeyboard(page: Page, selector: string, maxTabs = 150): Promise<void> {
  const focused = () => page.evaluate(`!!globalThis.document.activeElement?.matches(${JSON.stringify(selector)})`) as Promise<boolean>;
  for (let i = 0; i < maxTabs; i++) {
    if (await focused()) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * One look at the table and at most one action, clicking as a person would: the round table away, a curtain up, the
 * first legal card(s) picked and confirmed, the first legal card played, Pfau named. "over" once the result shows.
 */
export async function step(page: Page, i = 0, opts: StepOptions = {}): Promise<"over" | "acted" | "idle"> {
  // One round trip reads every hook the decision needs.
  const t = (await page.evaluate(`(() => {
    const d = globalThis.document;
    const q = (id) => d.querySelector('[data-testid="' + id + '"]');
    const table = q("table");
    const confirm = q("exchange-confirm") || q("swap-confirm");
    return {
      over: !!q("game-result"),
      curtain: !!q("curtain-ready"),
      round: !!q("round-continue"),
      busy: table ? table.getAttribute("data-busy") === "true" : true,
      version: table ? table.getAttribute("data-version") : null,
      confirm: confirm ? { id: confirm.getAttribute("data-testid"), disabled: confirm.disabled } : null,
      nameSuit: !!q("name-suit-P"),
      myTurn: q("turn") ? q("turn").getAttribute("data-my-turn") === "true" : false,
      legal: [...d.querySelectorAll('[data-testid="hand-card"][data-legal="true"]')].map((e) => ({ card: e.getAttribute("data-card"), pressed: e.getAttribute("aria-pressed") === "true" })),
    };
  })()`)) as {
    over: boolean;
    curtain: boolean;
    round: boolean;
    busy: boolean;
    version: string | null;
    confirm: { id: string; disabled: boolean } | null;
    nameSuit: boolean;
    myTurn: boolean;
    legal: { card: string; pressed: boolean }[];
  };
  const kb = opts.keyboard === true;
  // With the keyboard, a "click" is Tab to the control and Enter; otherwise a mouse click.
  const press = (selector: string) => (kb ? pressByKeyboard(page, selector) : page.locator(selector).click({ timeout: 3000 }));
  const card = (id: string) => press(`[data-testid="hand-card"][data-card="${id}"]`);
  const byId = (id: string) => press(`[data-testid="${id}"]`);
  const soft = (p: Promise<unknown>) => p.then(() => true, () => false);
  if (t.over) return "over";
  if (t.curtain) {
    if (opts.onCurtain) await opts.onCurtain();
    await byId("curtain-ready");
    return "acted";
  }
  if (t.round) return (await soft(byId("round-continue"))) ? "acted" : "idle";
  if (t.busy) return "idle";
  if (t.confirm) {
    // Pick until the confirm button is enabled: each time a card that is still legal to add.
    if (t.confirm.disabled) {
      const next = t.legal.find((l) => !l.pressed);
      if (!next) return "idle";
      return (await soft(card(next.card))) ? "acted" : "idle";
    }
    return (await soft(byId(t.confirm.id))) ? "acted" : "idle";
  }
  if (t.nameSuit) {
    // The choice can vanish under the click (a take-back resets it): then look again.
    return (await soft(byId("name-suit-P"))) ? "acted" : "idle";
  }
  if (t.myTurn && t.legal.length > 0) {
    if (!(await soft(card(t.legal[0]!.card)))) return "idle";
    if (opts.onStep) await opts.onStep(i);
    await page
      .waitForFunction(
        `(() => { const d = globalThis.document; return d.querySelector('[data-testid="table"]')?.getAttribute("data-version") !== ${JSON.stringify(t.version)} || !!d.querySelector('[data-testid="name-suit-P"]'); })()`,
        undefined,
        { timeout: 10_000, polling: 20 },
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
    if (r === "idle") await page.waitForTimeout(30);
  }
  throw new Error("the game did not end");
}
