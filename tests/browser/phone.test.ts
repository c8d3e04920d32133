// Phones (360 × 740 and 390 × 844, touch) at the Battlemaske table: the whole hand and the tools stand above the log's
// handle, without scrolling, whatever the felt shows above them — the trick just won and the next lead (the last trick
// and its effect), the opponent gone (its note in the felt), a computer game's first exchange with its intro and four
// tools. A fresh-eyes pass found each of these under the handle; the table is now a column that fills the screen and
// takes every extra line from the stage (web/src/battlemaske/table.css).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { covered, friendOnPhone, newComputerGameAsConte, oneBrowserPerFile, openBrowser, shot, step, tapCard } from "./helpers.js";

const held = oneBrowserPerFile();

const PHONES = [
  [360, 740],
  [390, 844],
] as const;

const LEGAL = '[data-testid="hand-card"][data-legal="true"]';
const myTurn = (p: Page) => p.locator('[data-testid="table"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]');

/** The creator's lead: a card that is no elixir if it has one (an elixir would ask for a suit: then Pfau). */
async function lead(p: Page): Promise<void> {
  const plain = p.locator(`${LEGAL}:not([data-card^="E"])`);
  if ((await plain.count()) > 0) return plain.first().click();
  await p.locator(LEGAL).first().click();
  await p.getByTestId("name-suit-P").click();
}

describe.each(PHONES)("a %i × %i phone", (width, height) => {
  it("at a friend's table (3 minutes): the hand and the tools above the handle after a trick won, and with the opponent gone", async () => {
    const { site, b } = held;
    const name = `${width}x${height}`;
    await friendOnPhone(b, site.url, { width, height }, { role: "conte", kind: "friendly", clock: "3" }, async (creator, phone) => {
      const pb = phone.page;
      // The creator (Conte) leads; the phone follows with its last playable card (an elixir if it has one: the hand
      // sorts them last) until it has taken a trick and is to lead, the trick it took beside the cards. A greed swap
      // or a round's end on the way: both sides go on as a person would (step).
      const phase = (p: Page) => p.getByTestId("table").getAttribute("data-phase");
      const trickCount = (p: Page) => p.getByTestId("trick").getAttribute("data-count");
      let followed = false;
      for (let i = 0; ; i++) {
        expect(i, "steps until the phone took a trick").toBeLessThan(120);
        if ((await phase(pb)) === "play" && (await myTurn(pb).count()) === 1) {
          if ((await trickCount(pb)) !== "0") {
            if (!followed) {
              expect(await covered(pb), "following").toEqual([]);
              await shot(pb, `phone-follow-${name}`);
              followed = true;
            }
            await tapCard(pb, pb.locator(LEGAL).last());
            continue;
          }
          if ((await pb.getByTestId("last-trick").count()) === 1) break;
        }
        if ((await phase(creator)) === "play" && (await myTurn(creator).count()) === 1 && (await trickCount(creator)) === "0") {
          await lead(creator);
          continue;
        }
        const [c, p] = [await step(creator), await step(pb)];
        if (c === "idle" && p === "idle") await pb.waitForTimeout(50);
      }
      await pb.getByTestId("last-trick").waitFor();
      expect(await pb.getByTestId("trick").getAttribute("data-count")).toBe("0");
      expect(await pb.getByTestId("opponent-status").getAttribute("data-connected")).toBe("true");
      expect(await covered(pb), "the trick won, to lead").toEqual([]);
      await shot(pb, `phone-lead-${name}`);

      // The opponent gone: the note stands in the felt (two lines at 360 px), the clock runs on.
      await creator.close();
      await pb.locator('[data-testid="opponent-status"][data-connected="false"]').waitFor({ timeout: 20_000 });
      expect(await covered(pb), "the opponent gone").toEqual([]);
      await shot(pb, `phone-gone-${name}`);
      await pb.locator('.lang-switch button[lang="en"]').tap();
      await pb.getByText("Opponent disconnected – the clock keeps running.").waitFor();
      expect(await covered(pb), "the opponent gone, in English").toEqual([]);
      await shot(pb, `phone-gone-en-${name}`);
      await pb.locator('.lang-switch button[lang="de"]').tap();

      // A tap on the second row's last card plays it, the page unscrolled.
      const last = pb.locator(`${LEGAL}:not([data-card^="E"])`).last();
      if ((await last.count()) > 0) {
        await tapCard(pb, last);
        expect(await covered(pb), "after the lead").toEqual([]);
      }
      expect(await pb.evaluate("globalThis.window.scrollY")).toBe(0);
      expect(phone.errors).toEqual([]);
    });
  }, 180_000);

  it("against the computer: the first exchange with its intro open and closed, four tools and Tauschen above the handle", async () => {
    const { site } = held;
    const phone = await openBrowser({ width, height }, "reduce", { touch: true });
    const name = `${width}x${height}`;
    try {
      const page = phone.page;
      await newComputerGameAsConte(page, site.url);
      await page.getByTestId("exchange-help-close").waitFor();
      expect(await page.getByTestId("hint").count()).toBe(1);
      expect(await covered(page), "the intro open").toEqual([]);
      await shot(page, `phone-exchange-intro-${name}`);
      await page.getByTestId("exchange-help-close").tap();
      expect(await covered(page), "the intro closed").toEqual([]);
      await shot(page, `phone-exchange-${name}`);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 120_000);
});
