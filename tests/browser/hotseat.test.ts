// Hot-seat in the browser: the engine runs in the page; a curtain hides the table before every change of player.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Site } from "../../scripts/lib/site.js";
import { openBrowser, playToEnd, shot, startWebSite, type Browser } from "./helpers.js";

let site: Site;
let b: Browser;

beforeAll(async () => {
  site = await startWebSite();
  b = await openBrowser();
}, 90_000);
afterAll(async () => {
  await b?.close();
  await site?.stop();
});

describe("hot-seat with the curtain (browser)", () => {
  it("plays a whole game on one device; the curtain shows no cards and comes down at every change of player", async () => {
    const page = b.page;
    await page.goto(site.url + "/");
    await page.getByTestId("new-game-hotseat").click();
    await shot(page, "hotseat-setup-desktop");
    await page.getByTestId("hotseat-start").click();
    const curtain = page.getByTestId("curtain");
    await curtain.waitFor();
    expect(await curtain.getAttribute("data-seat")).toBe("0");
    expect(await page.getByTestId("hand-card").count()).toBe(0);
    await shot(page, "hotseat-curtain-desktop");
    await page.getByTestId("curtain-ready").click();

    // Seat 0 picks its exchange card; then the curtain comes down for seat 1.
    await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
    await page.getByTestId("exchange-confirm").click();
    await curtain.waitFor();
    expect(await curtain.getAttribute("data-seat")).toBe("1");
    expect(await page.getByTestId("hand-card").count()).toBe(0);
    await page.getByTestId("curtain-ready").click();
    expect(await page.getByTestId("table").getAttribute("data-seat")).toBe("1");
    await shot(page, "hotseat-table-desktop");

    let curtains = 0;
    await playToEnd(page, {
      onCurtain: async () => {
        curtains++;
        expect(await page.getByTestId("hand-card").count()).toBe(0);
      },
    });
    expect(curtains).toBeGreaterThan(5);
    expect(["conte", "maske"]).toContain(await page.getByTestId("game-result").getAttribute("data-winner"));
    await shot(page, "hotseat-result-desktop");
    expect(b.errors).toEqual([]);
  }, 90_000);
});
