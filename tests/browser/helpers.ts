// Browser tests: Debian's chromium driven by playwright-core against the real site (wrangler dev), built once.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
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
export async function startWebSite(options: { strict?: boolean; vars?: Record<string, string> } = {}): Promise<Site> {
  await buildWeb();
  return startSite(options);
}

export interface Setting {
  site: Site;
  desktop: Browser;
  /** 390×844. */
  phone: Browser;
  /** Closes both browsers and stops the site. */
  close(): Promise<void>;
}

/** For a test file's beforeAll: the site and two fresh browsers, a desktop and a phone (what a game between two needs). */
export async function siteAndTwoBrowsers(options: { vars?: Record<string, string> } = {}): Promise<Setting> {
  const site = await startWebSite(options);
  try {
    const [desktop, phone] = await Promise.all([openBrowser(), openBrowser({ width: 390, height: 844 })]);
    return {
      site,
      desktop,
      phone,
      close: async () => {
        await desktop.close();
        await phone.close();
        await site.stop();
      },
    };
  } catch (e) {
    await site.stop();
    throw e;
  }
}

/**
 * For a test file: the site and two browsers, `a` a desktop and `b` a phone, opened in the file's beforeAll and closed
 * in its afterAll; the fields are there once the tests run.
 */
export function twoBrowsersPerFile(options: { vars?: Record<string, string> } = {}): { readonly site: Site; readonly a: Browser; readonly b: Browser } {
  const held = {} as { site: Site; a: Browser; b: Browser; setting?: Setting };
  beforeAll(async () => {
    held.setting = await siteAndTwoBrowsers(options);
    ({ site: held.site, desktop: held.a, phone: held.b } = held.setting);
  }, 240_000);
  afterAll(() => held.setting?.close());
  return held;
}

/**
 * For a test file: the site and one desktop browser (1280 × 800), opened in the file's beforeAll and closed in its
 * afterAll; the fields are there once the tests run.
 */
export function oneBrowserPerFile(): { readonly site: Site; readonly b: Browser } {
  const held = {} as { site: Site; b: Browser };
  beforeAll(async () => {
    held.site = await startWebSite();
    held.b = await openBrowser({ width: 1280, height: 800 });
  }, 180_000);
  afterAll(async () => {
    await held.b?.close();
    await held.site?.stop();
  });
  return held;
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
 * A fresh Chromium profile (`touch`: a phone's touch screen). Reduced motion by default: the table then shows each batch of events at once, so whole games
 * stay quick; a test that checks the motion turns it on for its page (page.emulateMedia).
 */
export async function openBrowser(viewport = { width: 1280, height: 900 }, reducedMotion: "reduce" | "no-preference" = "reduce", opts: { touch?: boolean } = {}): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), "spielcenter-chromium-"));
  process.env.XDG_CONFIG_HOME = join(dir, "config");
  // Chromium's own network log: a navigation that stalls is kept (below), and the log tells where the request waited
  // (the browser's socket pool, the connection, or the server's answer), which the page's events cannot.
  const netlog = join(dir, "netlog.json");
  const context = await chromium.launchPersistentContext(join(dir, "profile"), {
    executablePath: "/usr/bin/chromium",
    args: [...ARGS, `--log-net-log=${netlog}`, "--net-log-capture-mode=Default"],
    headless: true,
    viewport,
    reducedMotion,
    // A phone: touch events and a mobile viewport (taps, no hover).
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const stalls: string[] = [];
  const watch = (p: Page) => {
    p.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    p.on("pageerror", (e) => errors.push(String(e)));
    explainStalls(p, stalls);
  };
  watch(page);
  context.on("page", watch);
  const close = async () => {
    await context.close();
    if (stalls.length && existsSync(netlog)) {
      // Kept outside the profile (which goes): the network log of a browser that saw a navigation stall.
      const kept = join(root, ".tmp", "netlogs");
      mkdirSync(kept, { recursive: true });
      const to = join(kept, `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}.json`);
      copyFileSync(netlog, to);
      console.error(`navigation stalled (${stalls.join("; ")}); Chromium's network log kept at ${to}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { context, page, errors, close };
}

/**
 * A navigation that times out says which of the page's requests were still open, for how long, and whether their
 * response headers had come: "Timeout 30000ms exceeded" alone cannot tell a stalled asset from a stalled page script.
 */
function explainStalls(page: Page, stalls: string[]): void {
  const open = new Map<import("playwright-core").Request, { at: number; status?: number }>();
  page.on("request", (r) => open.set(r, { at: Date.now() }));
  page.on("response", (r) => {
    const o = open.get(r.request());
    if (o) o.status = r.status();
  });
  page.on("requestfinished", (r) => open.delete(r));
  page.on("requestfailed", (r) => open.delete(r));
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const started = Date.now();
    try {
      return await goto(url, options);
    } catch (e) {
      const now = Date.now();
      const pending = [...open].map(([r, o]) => `${r.method()} ${r.url()} (${r.resourceType()}, open ${now - o.at} ms, ${o.status === undefined ? "no response headers" : `headers ${o.status}, body unfinished`})`);
      const said = `after ${now - started} ms; requests still open: ${pending.length ? pending.join("; ") : "none"}`;
      stalls.push(`${url}: ${said}`);
      if (e instanceof Error) e.message += `\n  ${said}`;
      throw e;
    }
  };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

/**
 * Where the hand's cards and the buttons under and above it (the tools, "Tauschen") stand against the log's handle at
 * the foot of a phone's page, the page at its top (no scrolling): each one that lies under the handle, leaves the
 * screen, or is not what a tap at its middle reaches, with its rect ("top–bottom"). Empty: all of them in sight.
 */
export async function covered(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const d = globalThis.document, w = globalThis.window;
    w.scrollTo(0, 0);
    const sheetEl = d.querySelector('[data-testid="log-sheet"]'), sheet = sheetEl.getBoundingClientRect();
    // The log is a handle at the foot only on an upright phone (fixed); in landscape it is a box beside the felt.
    const foot = w.getComputedStyle(sheetEl).position === "fixed" ? Math.min(sheet.top, w.innerHeight) : w.innerHeight;
    const bad = [];
    for (const e of [...d.querySelectorAll('[data-testid="hand-card"]'), ...d.querySelectorAll(".tools .button, .actions .button")]) {
      const r = e.getBoundingClientRect();
      if (r.width === 0) continue;
      const name = e.getAttribute("data-card") || e.getAttribute("data-testid") || e.textContent;
      if (r.top < 0 || r.left < 0 || r.right > w.innerWidth || r.bottom > foot + 0.5) bad.push(name + " " + Math.round(r.top) + "–" + Math.round(r.bottom) + " (handle at " + Math.round(sheet.top) + ")");
      else if (!e.contains(d.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))) bad.push(name + " covered");
    }
    return bad;
  })()`)) as string[];
}

/** Taps a card of the hand (a phone's touch screen) and waits until it has left the hand: played. */
export async function tapCard(page: Page, card: Locator): Promise<void> {
  const id = await card.getAttribute("data-card");
  await card.tap();
  await page.locator(`[data-testid="hand-card"][data-card="${id}"]`).waitFor({ state: "detached", timeout: 15_000 });
}

export interface StepOptions {
  onStep?: (i: number) => Promise<void>;
  onCurtain?: () => Promise<void>;
  /** Act with the keyboard only: Tab to the control, then Enter (no mouse at all). */
  keyboard?: boolean;
  /** Leave a round table open ("idle"): a test that looks at it (it may appear between a test's look and the step's). */
  keepRoundTable?: boolean;
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
  if (t.round) return !opts.keepRoundTable && (await soft(byId("round-continue"))) ? "acted" : "idle";
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

/**
 * Waits until the table holds still until this page acts — the game over, a round table up, or this seat's turn with
 * nothing in flight — and closes round tables on the way (unless `keepRoundTable`). A look at "round-continue" and then a
 * click elsewhere races the computer: its play may end the round between the two, and the round table then lies over
 * what the click aimed at (words.test's log sheet, a fresh CI run). Returns what it found.
 */
export async function settle(page: Page, opts: { keepRoundTable?: boolean; timeoutMs?: number } = {}): Promise<"over" | "round" | "turn"> {
  for (;;) {
    const found = (await (
      await page.waitForFunction(
        `(() => {
          const d = globalThis.document;
          const q = (id) => d.querySelector('[data-testid="' + id + '"]');
          if (q("game-result")) return "over";
          if (q("round-continue")) return "round";
          const table = q("table");
          return table && table.getAttribute("data-busy") === "false" && q("turn")?.getAttribute("data-my-turn") === "true" ? "turn" : false;
        })()`,
        undefined,
        { timeout: opts.timeoutMs ?? 20_000, polling: 20 },
      )
    ).jsonValue()) as "over" | "round" | "turn";
    if (found !== "round" || opts.keepRoundTable) return found;
    await page.getByTestId("round-continue").click();
    await page.getByTestId("round-table").waitFor({ state: "detached" });
  }
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

// ---- Two people at one online table (the friend page, the invite link), accounts and the Bilanz ----

/** Whether this page's seat is to play a card now (not in an exchange or swap). */
export async function myTurn(p: Page): Promise<boolean> {
  return (await p.getByTestId("turn").getAttribute("data-my-turn")) === "true" && (await p.getByTestId("table").getAttribute("data-phase")) === "play";
}

export interface FriendGame {
  role?: "conte" | "maske";
  kind?: "friendly" | "rated";
  clock?: "none" | "3" | "5" | "10" | "15";
  /** Taler at stake (a rated game only). */
  stake?: 10 | 50 | 100;
  /** A screenshot of the filled-in setup, under this name. */
  setupShot?: string;
}

/** On the friend page: picks role, kind and clock, creates the table and returns the invite link it shows. */
export async function inviteFriend(page: Page, siteUrl: string, o: FriendGame = {}): Promise<string> {
  await page.goto(siteUrl + "/spielen/freund");
  await page.getByTestId(`friend-role-${o.role ?? "conte"}`).click();
  await page.getByTestId(o.kind === "rated" ? "friend-rated" : "friend-friendly").click();
  await page.getByTestId(`clock-${o.clock ?? "none"}`).click();
  if (o.stake) await page.getByTestId(`friend-stake-${o.stake}`).click();
  if (o.setupShot) await shot(page, o.setupShot);
  await page.getByTestId("create-invite").click();
  return page.getByTestId("invite-link").inputValue();
}

/**
 * A friend's table between a page of `b` (the creator, who sets `game` up) and a phone of its own (touch, reduced
 * motion) that joins by the link; both have made their first exchange when `run` gets them. `beforeJoin` prepares the
 * phone's page first (its clock, say). Both are closed afterwards, whatever happens.
 */
export async function friendOnPhone(b: Browser, siteUrl: string, viewport: { width: number; height: number }, game: FriendGame, run: (creator: Page, phone: Browser) => Promise<void>, beforeJoin?: (phone: Page) => Promise<void>): Promise<void> {
  const creator = await b.context.newPage();
  const phone = await openBrowser(viewport, "reduce", { touch: true });
  try {
    if (beforeJoin) await beforeJoin(phone.page);
    const link = await inviteFriend(creator, siteUrl, game);
    await phone.page.goto(link);
    for (const p of [creator, phone.page]) {
      await p.getByTestId("exchange-confirm").waitFor({ timeout: 30_000 });
      await p.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await p.getByTestId("exchange-confirm").click();
    }
    await run(creator, phone);
  } finally {
    if (!creator.isClosed()) await creator.close();
    await phone.close();
  }
}

/** A new Battlemaske game as Conte against Leicht, at its first exchange. */
export async function newComputerGameAsConte(page: Page, siteUrl: string): Promise<void> {
  await page.goto(siteUrl + "/spielen/computer");
  await page.getByTestId("role-conte").click();
  await page.getByTestId("level-leicht").click();
  await page.getByTestId("ruleset-battlemaske").click();
  await page.getByTestId("variant-normal").click();
  await page.getByTestId("start-game").click();
  await page.getByTestId("exchange-confirm").waitFor();
}

/** Both seats pick and confirm their exchange until the first card is to be played. */
export async function exchangeUntilPlay(pa: Page, pb: Page): Promise<void> {
  // Only a page still in its exchange steps: one that reached the play phase between two looks would otherwise play
  // its lead here (a loaded CI run: the caller then found the other seat to play).
  const exchanging = async (p: Page) => (await p.getByTestId("table").getAttribute("data-phase")) === "exchange";
  for (let i = 0; i < 40 && !((await myTurn(pa)) || (await myTurn(pb))); i++) {
    if (await exchanging(pa)) await step(pa);
    if (await exchanging(pb)) await step(pb);
    await pa.waitForTimeout(50);
  }
  if (!((await myTurn(pa)) || (await myTurn(pb)))) throw new Error("the exchange did not end");
}

/** The fewer cards of the two hands at the table (each page shows its own). */
export async function cardsLeft(pa: Page, pb: Page): Promise<number> {
  return Math.min(await pa.getByTestId("hand-card").count(), await pb.getByTestId("hand-card").count());
}

/**
 * Plays on, each side in turn, but never to the end of the round: a round that ends 10:0 ends the whole game (the
 * mirror reaches 10, and no round table shows: the result does), and then there is nothing left to resign — that was
 * the friend test's rare failure. A round ends only with the hands empty, so the players stop while each still holds
 * more than two cards; also when `until` says so, or after `maxSteps` turns of both.
 */
export async function playInTurn(pa: Page, pb: Page, o: { maxSteps?: number; until?: () => Promise<boolean> } = {}): Promise<void> {
  const roundOver = async () => (await pa.getByTestId("round-table").count()) + (await pb.getByTestId("round-table").count()) > 0;
  const halt = async () => (await roundOver()) || (await cardsLeft(pa, pb)) <= 2 || (o.until ? await o.until() : false);
  for (let i = 0; i < (o.maxSteps ?? 16) && !(await halt()); i++) {
    const ra = await step(pa);
    if (await halt()) break;
    const rb = await step(pb);
    if (ra === "idle" && rb === "idle") await pa.waitForTimeout(40);
  }
}

/**
 * Resigns (and confirms). The last card may have ended a round: its table covers the page until dismissed (the
 * room's answer to that card may still be on its way, so the table may appear a moment later). A click that timed out
 * may still have landed: Playwright's wait after the mouse-up is a round trip into the page, which a loaded machine can
 * stretch past the timeout. The question "Wirklich aufgeben?" then stands where the button was, and that is success —
 * retrying the button that is gone was the friend test's flake (1 of 3 fresh CI runs; tests/browser/resign.test.ts).
 */
export async function resign(page: Page, beforeYes?: () => Promise<void>): Promise<void> {
  const asked = page.getByTestId("resign-yes");
  for (let tries = 0; !(await asked.isVisible()); tries++) {
    if (await page.getByTestId("round-continue").isVisible()) await page.getByTestId("round-continue").click();
    try {
      await page.getByTestId("resign").click({ timeout: 2000 });
    } catch (e) {
      if (tries >= 10 && !(await asked.isVisible())) throw new Error(`resign not clickable; game over: ${await page.getByTestId("game-result").count()}, round table: ${await page.getByTestId("round-table").count()}`, { cause: e });
    }
  }
  if (beforeYes) await beforeYes();
  await asked.click();
  await page.getByTestId("game-result").waitFor();
}

/** The room of the table this page shows (/partie/<room>). */
export function roomOf(page: Page): string {
  const m = /^\/partie\/([^/]+)$/.exec(new URL(page.url()).pathname);
  if (!m) throw new Error(`not at a table: ${page.url()}`);
  return m[1]!;
}

/** Gives this browser's account (created on demand by the page) a name on the Konto page. */
export async function nameAccount(page: Page, siteUrl: string, name: string): Promise<void> {
  await page.goto(siteUrl + "/konto");
  await page.getByTestId("account-name-input").fill(name);
  await page.getByTestId("account-name-save").click();
  await page.locator(`[data-testid="account-name"]:has-text("${name}")`).waitFor();
}

/** This browser's account token (the page creates the account on demand and keeps it in localStorage). */
export async function accountToken(page: Page, siteUrl: string): Promise<string> {
  await page.goto(siteUrl + "/konto");
  await page.getByTestId("account-name").waitFor();
  const raw = (await page.evaluate(`globalThis.localStorage.getItem("spielcenter.account")`)) as string | null;
  if (!raw) throw new Error("no account in this browser");
  return (JSON.parse(raw) as { token: string }).token;
}

/** Waits until the room has reported its end to the Worker: the archive `GET /api/games/<room>` answers (404 before). */
export async function archived(siteUrl: string, room: string, timeoutMs = 30_000): Promise<{ players: { name: string | null }[]; result: { winner: number | null; reason: string } }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await fetch(`${siteUrl}/api/games/${room}`);
    if (r.status === 200) return (await r.json()) as { players: { name: string | null }[]; result: { winner: number | null; reason: string } };
    if (Date.now() > until) throw new Error(`game ${room} not archived after ${timeoutMs} ms (last status ${r.status})`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

export interface BilanzRecord {
  game: string;
  level: string;
  role: string;
  helped: string;
  wins: number;
  losses: number;
  draws: number;
}
export interface Bilanz {
  points: number;
  elo: number;
  taler: number;
  records: BilanzRecord[];
  /** Meine Partien: each row's room and its text. */
  games: { id: string; text: string }[];
}

/** Reads /bilanz; with `room`, first waits until Meine Partien lists that game (the list loads apart from the summary). */
export async function readBilanz(page: Page, siteUrl: string, room?: string): Promise<Bilanz> {
  await page.goto(siteUrl + "/bilanz");
  await page.getByTestId("bilanz-points").waitFor();
  await page.locator('[data-testid="bilanz-records"], [data-testid="bilanz-empty"]').first().waitFor();
  if (room) await page.locator(`[data-testid="my-game"][data-id="${room}"]`).waitFor({ timeout: 15_000 });
  return (await page.evaluate(`(() => {
    const d = globalThis.document;
    const value = (id) => Number(d.querySelector('[data-testid="' + id + '"]').getAttribute("data-value"));
    const all = (id) => [...d.querySelectorAll('[data-testid="' + id + '"]')];
    return {
      points: value("bilanz-points"),
      elo: value("bilanz-elo"),
      taler: value("bilanz-taler"),
      records: all("bilanz-record").map((e) => ({ game: e.dataset.game, level: e.dataset.level, role: e.dataset.role, helped: e.dataset.helped, wins: Number(e.dataset.wins), losses: Number(e.dataset.losses), draws: Number(e.dataset.draws) })),
      games: all("my-game").map((e) => ({ id: e.dataset.id, text: e.textContent })),
    };
  })()`)) as Bilanz;
}

/** Enters the Wartesaal at `url` (the site's address); a new guest names itself `name` on the way in. */
export async function enterWartesaal(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url + "/wartesaal");
  const input = page.getByTestId("lobby-name-input");
  await input.or(page.getByTestId("lobby-you")).first().waitFor();
  if (await input.isVisible()) {
    await input.fill(name);
    await page.getByTestId("lobby-name-save").click();
  }
  await lobbyPlayer(page, name).waitFor();
}

/** The Wartesaal's entry of the player called `name`. */
export const lobbyPlayer = (page: Page, name: string) => page.locator(`[data-testid="lobby-player"][data-name="${name}"]`);

/** For a test file: the site, `a` a desktop and `b` a phone (as twoBrowsersPerFile), and `c` a third person's desktop. */
export function threeBrowsersPerFile(): { readonly site: Site; readonly a: Browser; readonly b: Browser; readonly c: Browser } {
  const held = twoBrowsersPerFile() as { site: Site; a: Browser; b: Browser; c: Browser };
  beforeAll(async () => {
    held.c = await openBrowser({ width: 1280, height: 800 });
  }, 60_000);
  afterAll(() => held.c?.close());
  return held;
}

/**
 * The page's sockets to rooms and the Wartesaal pass through here. `silence("refuse")`: from now on the sockets open so
 * far pass nothing either way without closing (a network that swallows frames), and new ones are refused (closed)
 * until `restore()`; those silenced stay silent. `silence("swallow")`: every socket, old and new, opens and passes
 * nothing until `restore()`, and then all pass again (a network that comes back). `opened()`: sockets opened so far.
 */
export async function silenceableSockets(page: Page): Promise<{ silence(mode?: "refuse" | "swallow"): void; restore(): void; opened(): number }> {
  let sockets = 0;
  let silentUpTo = 0;
  let refuse = false;
  let swallow = false;
  await page.routeWebSocket(/\/parties\//, (ws) => {
    const id = ++sockets;
    if (refuse) return void ws.close();
    const server = ws.connectToServer();
    const passes = () => !swallow && id > silentUpTo;
    ws.onMessage((m) => passes() && server.send(m));
    server.onMessage((m) => passes() && ws.send(m));
    // The page closing a silenced socket: its close frame would not get through either, so the room keeps the socket
    // (as it does a dead connection until the runtime gives up on it).
    ws.onClose((code, reason) => {
      if (passes()) void server.close({ code, reason });
    });
  });
  return {
    silence(mode = "refuse") {
      if (mode === "swallow") swallow = true;
      else {
        silentUpTo = sockets;
        refuse = true;
      }
    },
    restore() {
      refuse = false;
      swallow = false;
    },
    opened: () => sockets,
  };
}
