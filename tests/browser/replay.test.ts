// Meine Partien and the replay viewer in a real browser: a signed-in player's game against the computer, found in the
// Bilanz and stepped through to the end and back with both hands and the set-aside cards; the public link opened by a
// stranger on a phone; a daily game whose replay waits for the end of its day, for its own player too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { archived, nameAccount, openBrowser, readBilanz, resign, roomOf, shot, startWebSite, step, type Browser } from "./helpers.js";

let site: Site;
let b: Browser;

beforeAll(async () => {
  site = await startWebSite();
  b = await openBrowser({ width: 1280, height: 800 });
}, 180_000);
afterAll(async () => {
  await b?.close();
  await site?.stop();
});

const cardsOf = async (page: Page, testId: string) => ((await page.getByTestId(testId).getAttribute("data-cards")) ?? "").split(" ").filter(Boolean);
const index = async (page: Page) => Number(await page.getByTestId("replay").getAttribute("data-index"));
const atIndex = (page: Page, i: number) => page.locator(`[data-testid="replay"][data-index="${i}"]`).waitFor({ timeout: 15_000 });

interface Deal {
  hands: [string[], string[]];
  aside: string[];
}
let room = "";

/** The five step buttons' boxes: one row (same top) and where each stands, to compare between steps. */
async function controlRow(page: Page): Promise<{ tops: number[]; lefts: number[] }> {
  const boxes = [];
  for (const id of ["replay-first", "replay-back", "replay-position", "replay-forward", "replay-last"]) boxes.push((await page.getByTestId(id).boundingBox())!);
  return { tops: boxes.map((b) => Math.round(b.y + b.height / 2)), lefts: boxes.map((b) => Math.round(b.x)) };
}

describe("Meine Partien and the replay viewer (browser)", () => {
  it("a game against the computer: Bilanz → my-game → the viewer, stepped to the end with both hands and the aside, and back", async () => {
    const page = b.page;
    await nameAccount(page, site.url, "Rückblick");
    await page.goto(site.url + "/spielen/computer");
    await page.getByTestId("role-conte").click();
    await page.getByTestId("level-leicht").click();
    await page.getByTestId("ruleset-battlemaske").click();
    await page.getByTestId("variant-normal").click();
    await page.getByTestId("start-game").click();
    await page.getByTestId("table").waitFor({ timeout: 30_000 });
    // The exchange and a few cards, then resign: a short game with every kind of step (deal, picks, cards, tricks).
    for (let i = 0; i < 14 && (await page.locator('[data-testid="hand-card"]').count()) > 4; i++) if ((await step(page)) === "idle") await page.waitForTimeout(30);
    room = roomOf(page);
    await resign(page);
    await page.getByTestId("result-replay").waitFor();
    const archive = (await archived(site.url, room)) as unknown as { log: Array<{ event: { type: string } & Partial<Deal> }> };
    const dealt = archive.log.find((e) => e.event.type === "roundDealt")!.event as unknown as Deal;
    const entries = archive.log.length;

    const bilanz = await readBilanz(page, site.url, room);
    expect(bilanz.games.find((g) => g.id === room)?.text).toMatch(/Battlemaske.*Leicht.*Niederlage/);
    // The public link is there to copy, beside the way to the viewer.
    expect(await page.locator(`[data-testid="my-game"][data-id="${room}"] [data-testid="replay-copy"]`).getAttribute("data-url")).toBe(`${site.url}/replay/${room}`);
    await shot(page, "bilanz-my-games-desktop");
    await page.locator(`[data-testid="my-game"][data-id="${room}"] [data-testid="my-game-replay"]`).click();
    await page.waitForURL(`**/replay/${room}`, { timeout: 30_000 });
    await page.getByTestId("replay-hand-0").waitFor({ timeout: 30_000 });
    const count = Number(await page.getByTestId("replay").getAttribute("data-steps"));
    // One step per log entry but the first (the options and the seed).
    expect(count).toBe(entries - 1);
    expect(await page.getByTestId("replay-step").count()).toBe(count);

    // Step 0: the deal, both hands and the five set-aside cards face up, as dealt.
    expect(await index(page)).toBe(0);
    expect((await cardsOf(page, "replay-hand-0")).sort()).toEqual([...dealt.hands[0]].sort());
    expect((await cardsOf(page, "replay-hand-1")).sort()).toEqual([...dealt.hands[1]].sort());
    expect((await cardsOf(page, "replay-aside")).sort()).toEqual([...dealt.aside].sort());
    expect(await page.getByTestId("replay-hand-0").locator(".card-face").count()).toBe(10);
    expect(await page.getByTestId("replay-hand-1").locator(".card-face").count()).toBe(10);
    expect(await page.getByTestId("replay-aside").locator(".card-face").count()).toBe(5);
    expect(await page.getByTestId("replay-back").isDisabled()).toBe(true);
    expect(await page.getByTestId("replay-now").textContent()).toMatch(/Runde 1: neue Karten/);
    await shot(page, "replay-start-desktop");

    // Forward by the button and by the arrow key, then on through every step to the end.
    await page.getByTestId("replay-forward").click();
    await atIndex(page, 1);
    await page.keyboard.press("ArrowRight");
    await atIndex(page, 2);
    const rowAt2 = await controlRow(page);
    for (let i = 3; i < count; i++) {
      await page.getByTestId("replay-forward").click();
      await atIndex(page, i);
    }
    expect(await page.getByTestId("replay-forward").isDisabled()).toBe(true);
    // At the last step the controls stay one row where they were (a flex row wrapped "▶|" onto a second line).
    const rowAtEnd = await controlRow(page);
    expect(new Set(rowAtEnd.tops).size).toBe(1);
    expect(rowAtEnd).toEqual(rowAt2);
    expect(await page.getByTestId("replay-now").textContent()).toMatch(/gibt auf/);
    // The end: both hands as they stood when the Conte resigned (the cards not yet played), the aside unchanged.
    const end0 = await cardsOf(page, "replay-hand-0");
    const end1 = await cardsOf(page, "replay-hand-1");
    expect(end0.length).toBeGreaterThan(0);
    expect(end1.length).toBeGreaterThan(0);
    expect(end0.length).toBeLessThan(10);
    expect((await cardsOf(page, "replay-aside")).sort()).toEqual([...dealt.aside].sort());
    await shot(page, "replay-end-desktop");

    // Back by the key and the button; a round's button and a step in the list jump.
    await page.keyboard.press("ArrowLeft");
    await atIndex(page, count - 2);
    await page.getByTestId("replay-back").click();
    await atIndex(page, count - 3);
    await page.locator('[data-testid="replay-round"][data-round="1"]').click();
    await atIndex(page, 0);
    // The round shown stands out from the others (filled), not by a border every chip has (a player pass).
    await page.mouse.move(5, 5);
    const fills = await page.getByTestId("replay-round").evaluateAll((els) => els.map((e) => [e.getAttribute("aria-pressed"), (globalThis as unknown as { getComputedStyle(x: unknown): { backgroundColor: string } }).getComputedStyle(e).backgroundColor]));
    const pressed = fills.filter(([p]) => p === "true").map(([, b]) => b);
    expect(pressed).toHaveLength(1);
    expect(pressed[0]).not.toBe("rgba(0, 0, 0, 0)");
    for (const [p, b] of fills) if (p !== "true") expect(b).not.toBe(pressed[0]);
    await page.getByTestId("replay-mark-forward").click();
    expect(await page.getByTestId("replay-now").textContent()).toMatch(/den Stich/);
    await page.locator('[data-testid="replay-step"][data-index="3"] button').click();
    await atIndex(page, 3);
    // In English the step, the list and the controls follow the switch.
    await page.locator('.lang-switch button[lang="en"]').click();
    await page.locator('[data-testid="replay-forward"]:has-text("Forward")').waitFor();
    expect(await page.getByTestId("replay-now").textContent()).not.toMatch(/Der |Die /);
    // The computer's level too ("Computer · Leicht" in English: a player pass).
    expect(await page.getByTestId("replay-players").textContent()).toContain("Computer · Easy");
    await shot(page, "replay-en-desktop");
    await page.locator('.lang-switch button[lang="de"]').click();
    // The log's JSON to download, at the archive.
    expect(await page.getByTestId("replay-download").getAttribute("href")).toBe(`/api/games/${room}`);
    expect(b.errors).toEqual([]);
  }, 300_000);

  it("a stranger without an account opens the public link on a phone and steps through it", async () => {
    expect(room).not.toBe("");
    const stranger = await openBrowser({ width: 390, height: 844 });
    try {
      const page = stranger.page;
      await page.goto(`${site.url}/replay/${room}`);
      await page.getByTestId("replay-hand-1").waitFor({ timeout: 30_000 });
      expect(await page.evaluate(`globalThis.localStorage.getItem("spielcenter.account")`)).toBeNull();
      expect(await page.getByTestId("replay-players").textContent()).toContain("Rückblick");
      expect(await page.getByTestId("replay-hand-0").locator(".card-face").count()).toBe(10);
      expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
      await shot(page, "replay-start-phone");
      const rowAtStart = await controlRow(page);
      expect(new Set(rowAtStart.tops).size).toBe(1);
      await page.getByTestId("replay-forward").click();
      await atIndex(page, 1);
      await page.getByTestId("replay-last").click();
      await atIndex(page, Number(await page.getByTestId("replay").getAttribute("data-steps")) - 1);
      expect(await page.getByTestId("replay-forward").isDisabled()).toBe(true);
      // The phone's bar at the bottom: the same fixed row at the start and at the end.
      expect(await controlRow(page)).toEqual(rowAtStart);
      await shot(page, "replay-end-phone");
      // Every button a thumb can hit.
      for (const id of ["replay-back", "replay-forward", "replay-first", "replay-last"]) {
        const box = (await page.getByTestId(id).boundingBox())!;
        expect(Math.min(box.width, box.height), id).toBeGreaterThanOrEqual(44);
      }
      expect(stranger.errors).toEqual([]);
    } finally {
      await stranger.close();
    }
  }, 120_000);

  it("a replay link to a running game says so while and after it looks, and offers to watch it live; one to no game at all says so at once", async () => {
    const page = b.page;
    // A table that runs (a friend game waiting for its friend): its archive is not there yet.
    const account = (await (await fetch(`${site.url}/api/accounts`, { method: "POST" })).json()) as { token: string };
    const created = (await (await fetch(`${site.url}/api/games`, { method: "POST", headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" }, body: JSON.stringify({ kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" }) })).json()) as { room: string };
    await page.goto(`${site.url}/replay/${created.room}`);
    // While the archive is asked for again (a game that has just ended follows by a moment): a line, not a bare page.
    await page.getByTestId("replay-loading").waitFor({ timeout: 5000 });
    await page.getByTestId("replay-not-found").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("replay-watch-live").getAttribute("href")).toBe(`/partie/${created.room}`);
    // A name no table ever had: said at once, and nothing to watch (a player pass waited 4.5 s, then was offered one).
    const started = Date.now();
    await page.goto(`${site.url}/replay/NoSuchGame123456`);
    await page.getByTestId("replay-not-found").waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await page.getByTestId("replay-not-found").textContent()).toBe("Unter dieser Adresse gibt es keine Partie.");
    expect(await page.getByTestId("replay-watch-live").count()).toBe(0);
  }, 60_000);

  it("a daily game's replay opens only after its day, for its own player too, and shows nothing of it", async () => {
    const page = b.page;
    await page.goto(site.url + "/tagesspiel");
    await page.getByTestId("daily-role-conte").click();
    await page.getByTestId("daily-start").click();
    await page.getByTestId("table").waitFor({ timeout: 30_000 });
    const daily = roomOf(page);
    for (let i = 0; i < 6 && (await page.locator('[data-testid="hand-card"]').count()) > 8; i++) if ((await step(page)) === "idle") await page.waitForTimeout(30);
    await resign(page);
    // The result sheet has the focus after a resignation by mouse too (it stayed on the page behind: a player pass).
    await expect.poll(() => page.evaluate(`!!globalThis.document.activeElement?.closest('[role="dialog"][aria-modal="true"]')`)).toBe(true);
    // The end sheet and the Bilanz say from when it can be replayed (their links led to a "not yet": a player pass).
    expect(await page.getByTestId("result-replay").textContent()).toBe("Nachspielen ab morgen");
    await readBilanz(page, site.url, daily);
    expect(await page.locator(`[data-testid="my-game"][data-id="${daily}"] [data-testid="my-game-replay"]`).textContent()).toMatch(/^Nachspielen ab \d/);
    await page.locator(`[data-testid="my-game"][data-id="${daily}"] [data-testid="my-game-replay"]`).click();
    await page.getByTestId("replay-not-yet").waitFor({ timeout: 30_000 });
    const today = await page.getByTestId("replay-not-yet").getAttribute("data-date");
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.getByTestId("replay-not-yet").textContent()).toMatch(/erst nachspielen, wenn ihr Tag vorbei ist/);
    expect(await page.getByTestId("replay-board").count()).toBe(0);
    expect(await page.getByTestId("replay-step").count()).toBe(0);
    await shot(page, "replay-daily-not-yet-desktop");
    // In English too.
    await page.locator('.lang-switch button[lang="en"]').click();
    await page.locator('[data-testid="replay-not-yet"]:has-text("once its day is over")').waitFor();
    await page.locator('.lang-switch button[lang="de"]').click();
    // The browser logs the archive's 404 NOT_YET; nothing else may have gone wrong.
    expect(b.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    b.errors.length = 0;
  }, 240_000);
  it("a Goldwaage table (four players, three computer team-mates) opens in the same viewer: every hand, the scale, a step on", async () => {
    const page = b.page;
    await page.goto(site.url + "/spielen/goldwaage");
    await page.getByTestId("gw-players-4").click();
    await page.getByTestId("gw-level-profi").click();
    await page.getByTestId("gw-friends-0").click();
    await page.getByTestId("gw-start").click();
    await page.getByTestId("gw-table").waitFor({ timeout: 30_000 });
    const gw = roomOf(page);
    await page.getByTestId("gw-resign").click();
    await page.getByTestId("gw-resign-confirm").click();
    await page.getByTestId("gw-result").waitFor({ timeout: 15_000 });
    await archived(site.url, gw);
    const bilanz = await readBilanz(page, site.url, gw);
    expect(bilanz.games.find((g) => g.id === gw)?.text).toMatch(/Goldwaage/);
    await page.locator(`[data-testid="my-game"][data-id="${gw}"] [data-testid="my-game-replay"]`).click();
    await page.locator('[data-testid="replay"][data-game="goldwaage"]').waitFor({ timeout: 30_000 });
    for (const seat of [0, 1, 2, 3]) expect((await cardsOf(page, `replay-hand-${seat}`)).length, `seat ${seat}`).toBe(3);
    expect(await page.getByTestId("replay-scale").getAttribute("data-sums")).toBe("0:0");
    expect(await page.getByTestId("replay-now").textContent()).toMatch(/Runde 1: neue Karten, Grenze 9/);
    await shot(page, "replay-goldwaage-desktop");
    await page.getByTestId("replay-last").click();
    await atIndex(page, Number(await page.getByTestId("replay").getAttribute("data-steps")) - 1);
    expect(await page.getByTestId("replay-now").textContent()).toMatch(/gibt auf/);
    await page.getByTestId("replay-back").click();
    expect(await index(page)).toBeLessThan(Number(await page.getByTestId("replay").getAttribute("data-steps")) - 1);
    expect(b.errors).toEqual([]);
  }, 240_000);
});
