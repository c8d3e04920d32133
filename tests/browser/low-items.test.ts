// The fourth player pass's low findings (docs/security.md), in a real browser: a tap in a second tab while the other
// tab's move plays out, the last seconds of a chess clock, two guests at one table, and Goldwaage pans full of cards.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { friendOnPhone, newComputerGameAsConte, oneBrowserPerFile, openBrowser, roomOf, shot } from "./helpers.js";

const held = oneBrowserPerFile();

const settled = '[data-testid="table"][data-busy="false"]';
const myTurn = `${settled}[data-phase="play"] [data-testid="turn"][data-my-turn="true"]`;

/**
 * Armed in `page` before the other tab plays: as soon as this tab plays that move out (the trick staged, the table
 * busy), taps a hand card that the table after it does not allow, at once, in the page. Resolves to that card, or null
 * when every card stays playable (this seat leads next).
 */
function tapDuringFrames(page: Page): Promise<string | null> {
  return page.evaluate(`new Promise((resolve) => {
    const d = globalThis.document;
    const tick = () => {
      const table = d.querySelector('[data-testid="table"]');
      if (table && table.getAttribute("data-busy") === "true" && d.querySelector('[data-testid="trick"][data-staged="true"]')) {
        const card = d.querySelector('[data-testid="hand-card"][data-legal="false"]');
        if (card) card.click();
        resolve(card ? card.getAttribute("data-card") : null);
      } else setTimeout(tick, 2);
    };
    tick();
  })`) as Promise<string | null>;
}

describe("a tap in a second tab while the first tab's move plays out", () => {
  it("is not dropped without a word: the tab says the other window was quicker; a later tap on the new table is a move", async () => {
    const { site, b } = held;
    const one = await b.context.newPage();
    const two = await b.context.newPage();
    // The second tab shows its batches frame by frame, as a player's browser does.
    await two.emulateMedia({ reducedMotion: "no-preference" });
    try {
      await newComputerGameAsConte(one, site.url);
      await two.goto(one.url());
      await two.getByTestId("exchange-confirm").waitFor();
      await one.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await one.getByTestId("exchange-confirm").click();
      let tapped: string | null = null;
      // Until a trick the computer wins: then it leads, and this seat must follow, so some card is not playable after it.
      for (let i = 0; i < 9 && tapped === null; i++) {
        await one.locator(myTurn).waitFor({ timeout: 20_000 });
        await two.locator(myTurn).waitFor({ timeout: 20_000 });
        const armed = tapDuringFrames(two);
        const card = await one.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().getAttribute("data-card");
        await one.locator(`[data-testid="hand-card"][data-card="${card}"]`).click();
        tapped = await armed;
        await two.locator(`[data-testid="hand-card"][data-card="${card}"]`).waitFor({ state: "detached", timeout: 15_000 });
      }
      expect(tapped, "a trick the computer won, so that a card was not playable after it").not.toBeNull();
      const notice = two.getByTestId("table-error");
      await notice.waitFor({ timeout: 5_000 });
      expect(await notice.textContent()).toBe("Dein anderes Fenster war schneller: Sein Zug gilt, dieser hier nicht.");
      // Not played: the card is still in the hand once the frames are done.
      await two.locator(settled).waitFor();
      expect(await two.locator(`[data-testid="hand-card"][data-card="${tapped}"]`).count()).toBe(1);
      await two.mouse.move(1, 1);
      await shot(two, "low-second-tab-tap-desktop");
      await two.setViewportSize({ width: 360, height: 740 });
      // The log, open on the desktop, pulled down to its handle, as a phone opens it.
      const handle = two.locator('[data-testid="log-sheet"] > summary');
      await handle.click();
      // The pointer off the table: no card's info window in the picture.
      await two.mouse.move(1, 1);
      await two.getByTestId("card-info").waitFor({ state: "detached" });
      await shot(two, "low-second-tab-tap-phone");
      await handle.click();
      await two.setViewportSize({ width: 1280, height: 800 });
      // In English too (the notice goes by itself after a few seconds).
      await two.locator('.lang-switch button[lang="en"]').click();
      expect(await notice.textContent()).toBe("Your other window was quicker: its move counts, not this one.");
      await two.locator('.lang-switch button[lang="de"]').click();
      // A tap on the new table is a move on it, as before.
      await two.locator(myTurn).waitFor();
      const next = await two.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().getAttribute("data-card");
      await two.locator(`[data-testid="hand-card"][data-card="${next}"]`).click();
      await one.locator(`[data-testid="hand-card"][data-card="${next}"]`).waitFor({ state: "detached", timeout: 15_000 });
      expect(b.errors).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  }, 180_000);
});

describe("the last seconds of a chess clock", () => {
  it("stand out from twenty seconds on: a pulsing plate (still, with reduced motion), data-low, words for a screen reader", async () => {
    const { site, b } = held;
    const page = await b.context.newPage();
    try {
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.clock.install(); // the page's time is ours: minutes pass in a moment
      await page.goto(site.url + "/spielen/zuzweit");
      await page.getByTestId("hotseat-clock-3-2").click();
      await page.getByTestId("hotseat-start").click();
      await page.getByTestId("curtain-ready").click();
      const mine = page.locator('[data-testid="clock"][data-seat="0"]');
      const other = page.locator('[data-testid="clock"][data-seat="1"]');
      const style = (l: typeof mine) => l.evaluate((e) => {
          const cs = (globalThis as unknown as { getComputedStyle(x: unknown): { backgroundColor: string; animationName: string } }).getComputedStyle(e);
          return { background: cs.backgroundColor, animation: cs.animationName };
        });
      // With time to spare the running clock is figures only, no plate.
      await page.clock.fastForward(60_000);
      expect(await mine.getAttribute("data-low")).toBe("false");
      expect((await style(mine)).background).toBe("rgba(0, 0, 0, 0)");
      // 19 s left: marked, on a plate that pulses; the standing clock is not.
      await page.clock.fastForward(101_000);
      await page.locator('[data-testid="clock"][data-seat="0"][data-running="true"][data-low="true"]').waitFor();
      expect(Number(await mine.getAttribute("data-ms"))).toBeLessThan(20_000);
      expect(await other.getAttribute("data-low")).toBe("false");
      const low = await style(mine);
      expect(low.background).not.toBe("rgba(0, 0, 0, 0)");
      expect(low.animation).toBe("clock-low");
      expect((await style(other)).background).toBe("rgba(0, 0, 0, 0)");
      expect(await mine.textContent()).toMatch(/wenig Zeit/);
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, "low-clock-desktop");
      await page.setViewportSize({ width: 360, height: 740 });
      await shot(page, "low-clock-phone");
      // Less motion asked for: the plate stays, still.
      await page.emulateMedia({ reducedMotion: "reduce" });
      const still = await style(mine);
      expect(still.animation).toBe("none");
      expect(still.background).not.toBe("rgba(0, 0, 0, 0)");
      expect(b.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("two guests at one table", () => {
  it("are told apart by their seats, for each player and a spectator ('Gast 1', 'Gast 2'); the players' words agree", async () => {
    const { site, b } = held;
    // Neither the creator's browser nor the phone has named its account.
    await friendOnPhone(b, site.url, { width: 360, height: 740 }, { role: "conte", kind: "friendly", clock: "none" }, async (creator, phone) => {
      const seatOf = async (p: Page) => Number(await p.getByTestId("table").getAttribute("data-seat"));
      const [mine, theirs] = [await seatOf(creator), await seatOf(phone.page)];
      expect(mine).not.toBe(theirs);
      // Each sees the other by the other's seat: the label the spectator, the Wartesaal and the replay use too.
      await expect.poll(() => creator.locator(".opp-name").textContent(), { timeout: 15_000 }).toContain(`Gast ${theirs + 1}`);
      await expect.poll(() => phone.page.locator(".opp-name").textContent(), { timeout: 15_000 }).toContain(`Gast ${mine + 1}`);
      await creator.mouse.move(1, 1);
      await shot(creator, "low-two-guests-desktop");
      await shot(phone.page, "low-two-guests-phone");
      await creator.locator('.lang-switch button[lang="en"]').click();
      await expect.poll(() => creator.locator(".opp-name").textContent()).toContain(`Guest ${theirs + 1}`);
      await creator.locator('.lang-switch button[lang="de"]').click();
      const watcher = await openBrowser({ width: 1280, height: 800 });
      try {
        await watcher.page.goto(`${site.url}/partie/${roomOf(creator)}`);
        const head = watcher.page.getByTestId("spectating");
        await expect.poll(() => head.innerText(), { timeout: 30_000 }).toMatch(/Gast 1 .*Gast 2/);
        await shot(watcher.page, "low-two-guests-spectator-desktop");
      } finally {
        await watcher.close();
      }
      expect(phone.errors).toEqual([]);
    });
    expect(b.errors).toEqual([]);
  }, 180_000);
});
