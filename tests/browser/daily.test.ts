// The daily game in the browser: an account on first need, a whole game against Stark, the score on today's board.
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

describe("the daily game (browser)", () => {
  it("plays today's game to its end and finds the score on the board", async () => {
    const page = b.page;
    await page.goto(site.url + "/");
    await page.getByTestId("daily").click();
    await page.getByTestId("leaderboard").waitFor();
    await page.getByTestId("previous-seed").waitFor();
    await page.getByTestId("check-seed").click();
    expect(await page.getByTestId("check-result").textContent()).toContain("✓");
    await shot(page, "daily-desktop");
    await page.getByTestId("daily-role-maske").click();
    await page.getByTestId("daily-start").click();
    await page.getByTestId("table").waitFor();
    await playToEnd(page);
    await shot(page, "daily-result-desktop");
    await page.getByTestId("leave-result").click();
    await page.getByTestId("board-maske").click();
    // The room reports the result to the Worker by itself; the board shows it within seconds.
    for (let i = 0; i < 40 && (await page.getByTestId("leaderboard").getAttribute("data-count")) === "0"; i++) {
      await page.waitForTimeout(500);
      await page.getByTestId("board-refresh").click();
    }
    expect(await page.getByTestId("leaderboard").getAttribute("data-count")).toBe("1");
    await page.getByTestId("my-rank").waitFor();
    expect(await page.getByTestId("my-rank").textContent()).toContain("1");
    await shot(page, "daily-board-desktop");
    expect(b.errors).toEqual([]);
  }, 120_000);
});
