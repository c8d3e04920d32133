// Issue 15, points 3, 7, 13 and 14 in a real browser: the whole game log after a reload and "Partie fortsetzen", the
// daily loop (score, places, "mit Hilfe", "Noch einmal", the log's date), the other player online (names, the
// connection gone and back), and the recovery code on the first visit of "Konto". One site for the file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { openBrowser, playToEnd, shot, startWebSite, step, type Browser } from "./helpers.js";

let site: Site;
let desk: Browser;

beforeAll(async () => {
  site = await startWebSite();
  desk = await openBrowser({ width: 1280, height: 800 });
}, 240_000);
afterAll(async () => {
  await desk?.close();
  await site?.stop();
});

/** A second, fresh browser (another person, a first visit) for the length of `run`. */
async function withBrowser(viewport: { width: number; height: number }, run: (b: Browser) => Promise<void>): Promise<void> {
  const b = await openBrowser(viewport);
  try {
    await run(b);
    expect(b.errors).toEqual([]);
  } finally {
    await b.close();
  }
}

const logLines = (p: Page) => p.locator('[data-testid="log-entry"]').allTextContents();
/** A new tab at `path` of the desktop browser, clicking through the set-up (`clicks`, by test id) to the first exchange. */
async function sitDown(path: string, clicks: string[]): Promise<Page> {
  const page = await desk.context.newPage();
  await page.goto(site.url + path);
  for (const id of clicks) await page.getByTestId(id).click();
  await page.getByTestId("exchange-confirm").waitFor();
  return page;
}

const settled = (p: Page) => p.locator('[data-testid="table"][data-busy="false"]').waitFor();

describe("the game log comes back whole (point 3)", () => {
  it("after a reload and after 'Partie fortsetzen' the Spielverlauf holds every line it held before", async () => {
    const page = await sitDown("/", ["new-game-computer", "role-conte", "level-leicht", "start-game"]);
    // A good way into the first round (several tricks), but never to its end: a round that ends 10:0 ends the whole
    // game, and a finished game is no longer offered by "Partie fortsetzen".
    for (let i = 0; i < 200 && (await page.getByTestId("game-result").count()) === 0; i++) {
      if ((await page.locator('[data-testid="table"]').getAttribute("data-phase")) === "play" && (await logLines(page)).length >= 20) break;
      if ((await step(page)) === "idle") await page.waitForTimeout(30);
    }
    await settled(page);
    expect(await page.getByTestId("game-result").count()).toBe(0);
    const before = await logLines(page);
    expect(before.length).toBeGreaterThanOrEqual(20);
    await page.reload();
    await page.getByTestId("table").waitFor();
    await page.waitForFunction(`document.querySelectorAll('[data-testid="log-entry"]').length >= ${before.length}`, undefined, { timeout: 10_000 });
    expect(await logLines(page)).toEqual(before);
    await shot(page, "flows-log-after-reload-desktop");

    // From the start page: the same.
    await page.goto(site.url + "/");
    await page.getByTestId("resume-game").click();
    await page.getByTestId("table").waitFor();
    await page.waitForFunction(`document.querySelectorAll('[data-testid="log-entry"]').length >= ${before.length}`, undefined, { timeout: 10_000 });
    expect(await logLines(page)).toEqual(before);
    // It goes on from there: a card played adds its lines after the old ones.
    for (let i = 0; i < 30 && (await logLines(page)).length === before.length; i++) if ((await step(page)) === "idle") await page.waitForTimeout(50);
    const after = await logLines(page);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(before.length);
    expect(desk.errors).toEqual([]);
    await page.close();
  }, 240_000);
});

describe("the other player online (point 13)", () => {
  it("shows names ('Gast' without one), the opponent gone ('Gegner getrennt', with the brake's time) and back", async () => {
    await withBrowser({ width: 390, height: 844 }, async (friend) => {
      const pa = await desk.context.newPage();
      // The creator names the account first.
      await pa.goto(site.url + "/konto");
      const name = `Anna${Date.now().toString(36).slice(-5)}`;
      await pa.getByTestId("account-name-input").fill(name);
      await pa.getByTestId("account-name-save").click();
      await pa.getByTestId("account-name-status").waitFor();
      await pa.goto(site.url + "/");
      await pa.getByTestId("new-game-friend").click();
      await pa.getByTestId("friend-role-conte").click();
      await pa.getByTestId("friend-friendly").click();
      await pa.getByTestId("clock-none").click();
      await pa.getByTestId("create-invite").click();
      const link = await pa.getByTestId("invite-link").inputValue();

      let pb = friend.page;
      await pb.goto(link);
      await pb.getByTestId("exchange-confirm").waitFor();
      await pa.getByTestId("exchange-confirm").waitFor();
      const status = (p: Page) => p.getByTestId("opponent-status");
      await pa.locator('[data-testid="opponent-status"][data-connected="true"]').waitFor();
      await pb.locator('[data-testid="opponent-status"][data-connected="true"]').waitFor();
      // The names: the friend sees the creator's account name, the creator sees "Gast" (the friend chose none).
      await pb.locator(".opp-name", { hasText: name }).waitFor();
      await pa.locator(".opp-name", { hasText: "Gast" }).waitFor();
      await shot(pb, "flows-opponent-named-phone");

      // Both exchange, so that someone is to play: the brake runs for them.
      for (let i = 0; i < 40 && (await pa.getByTestId("table").getAttribute("data-phase")) !== "play"; i++) {
        await step(pa);
        await step(pb);
        await pa.waitForTimeout(50);
      }
      // The creator (Conte) leads; then it is the friend's turn, and the brake runs for the friend.
      await pa.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();
      await pa.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().click();
      await pb.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();
      const room = new URL(pb.url()).pathname;
      await pb.close();
      await pa.locator('[data-testid="opponent-status"][data-connected="false"]').waitFor({ timeout: 10_000 });
      expect(await status(pa).textContent()).toMatch(/Gegner getrennt/);
      // Gone while it is their turn: how long until the brake decides.
      expect(await status(pa).textContent()).toMatch(/in \d+:\d\d entscheidet die Notbremse/);
      await shot(pa, "flows-opponent-gone-desktop");

      pb = await friend.context.newPage();
      await pb.goto(site.url + room);
      await pb.getByTestId("table").waitFor();
      await pa.locator('[data-testid="opponent-status"][data-connected="true"]').waitFor({ timeout: 10_000 });
      expect(await status(pa).textContent()).toMatch(/wieder da/);
      await shot(pa, "flows-opponent-back-desktop");
      // English too.
      await pa.locator('.lang-switch button[lang="en"]').click();
      await pa.locator('[data-testid="opponent-status"]', { hasText: /Your opponent is back|connected/ }).waitFor();
      await pa.locator('.lang-switch button[lang="de"]').click();
      expect(desk.errors).toEqual([]);
      await pa.close();
    });
  }, 240_000);
});

describe("Konto on the first visit (point 14)", () => {
  it("shows the recovery code stored on this device without a reload", async () => {
    await withBrowser({ width: 390, height: 844 }, async ({ page }) => {
      await page.goto(site.url + "/konto");
      await page.getByTestId("account-name").waitFor();
      await page.getByTestId("account-show-code").click({ timeout: 5000 });
      expect(await page.getByTestId("account-code").textContent()).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
      expect(await page.getByText("auf diesem Gerät ist er nicht gespeichert").count()).toBe(0);
      await shot(page, "flows-account-first-visit-phone");
    });
  }, 120_000);
});

describe("the daily loop (point 7)", () => {
  it("shows the attempt's score and places, marks help, deals the same cards again, and says when the log is public", async () => {
    const page = await sitDown("/tagesspiel", ["daily-role-conte", "daily-start"]);
    const hand = async () => (await page.locator('[data-testid="hand-card"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")))).sort();
    const dealt = await hand();
    const firstRoom = new URL(page.url()).pathname;
    // One "Rat": the first attempt counts "mit Hilfe".
    await page.getByTestId("hint").click();
    await page.getByTestId("hint-box").waitFor().catch(() => undefined);
    await playToEnd(page);
    const score = page.getByTestId("daily-score");
    await score.waitFor();
    expect(await score.getAttribute("data-score")).not.toBeNull();
    expect(await page.getByTestId("daily-helped").count()).toBe(1);
    await page.getByTestId("daily-places").waitFor({ timeout: 40_000 });
    expect(await page.getByTestId("daily-places").textContent()).toMatch(/Hauptliste: Platz \d+ von \d+/);
    const reached = (await score.getAttribute("data-reached")) === "true";
    const mirror = await score.getAttribute("data-mirror");
    if (reached) expect(await score.getAttribute("data-score")).toBe(mirror);
    else expect(await score.getAttribute("data-score")).toBe("");
    await shot(page, "flows-daily-result-desktop");
    // On the phone, and in English.
    await page.setViewportSize({ width: 390, height: 844 });
    // The result window is modal: the page's language switch behind it is reached by script.
    const switchTo = (l: string) => page.evaluate(`document.querySelector('.lang-switch button[lang="${l}"]').click()`);
    await switchTo("en");
    await expect.poll(() => page.getByTestId("daily-places").textContent(), { timeout: 5000 }).toMatch(/Main board: place \d+ of \d+/);
    await shot(page, "flows-daily-result-en-phone");
    expect(await page.getByTestId("daily-again").isVisible()).toBe(true);
    await switchTo("de");
    await page.setViewportSize({ width: 1280, height: 800 });

    // "Noch einmal": a new attempt, the same cards.
    await page.getByTestId("daily-again").click();
    await page.waitForURL((u) => u.pathname.startsWith("/partie/") && u.pathname !== firstRoom);
    await page.getByTestId("exchange-confirm").waitFor();
    expect(await hand()).toEqual(dealt);
    await shot(page, "flows-daily-again-desktop");

    // The board: the first attempt, marked, and a missed one shows how far it came.
    await page.goto(site.url + "/tagesspiel");
    await page.getByTestId("board-conte").click();
    // As in computer.test.ts: the board may still be served from its cache of a few seconds; ask again until it shows.
    for (let i = 0; i < 40 && (await page.getByTestId("my-rank").count()) === 0; i++) {
      await page.waitForTimeout(500);
      await page.getByTestId("board-refresh").click();
    }
    await page.getByTestId("my-rank").waitFor();
    expect(await page.getByTestId("my-rank-helped").count()).toBe(1);
    const mine = (await page.getByTestId("my-rank").textContent()) ?? "";
    expect(mine).toMatch(reached ? /Spiegel \d/ : /verfehlt · Spiegel 10 in Runde \d/);
    await shot(page, "flows-daily-board-desktop");
    // The recovery code is the whole account: never printed beside the public board (a player pass), only a way to
    // Konto. And a name once saved stands in the field on the next visit.
    expect(await page.locator("body").textContent()).not.toMatch(/[A-Z0-9]{5}(-[A-Z0-9]{5}){3}/);
    expect(await page.getByTestId("daily-account-note").getByRole("link").getAttribute("href")).toBe("/konto");
    const name = `Tag${Date.now() % 100000}`;
    await page.getByTestId("daily-name").fill(name);
    await page.getByTestId("daily-name").press("Enter");
    await page.getByText("Gespeichert.").waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId("daily-name").inputValue(), { timeout: 10_000 }).toBe(name);

    // Meine Partien: the daily game's log is public from tomorrow; until then no error, but when.
    await page.goto(site.url + "/bilanz");
    const notYet = page.getByTestId("log-not-yet").first();
    await notYet.waitFor();
    expect(await notYet.textContent()).toMatch(/Protokoll \(JSON\) ab .+, 0 Uhr/);
    await shot(page, "flows-bilanz-daily-log-desktop");
    expect(desk.errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await page.close();
  }, 300_000);
});
