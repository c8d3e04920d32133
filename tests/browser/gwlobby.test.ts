// Goldwaage tables in the Wartesaal, in real browsers (A on a desktop, B on a phone): A opens a 3-player table, B
// sees it live and joins, A starts it, both land at one Goldwaage table with a computer team-mate in the third seat,
// and every seat plays a card; then a table closed by its host tells the one who joined.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gwStep } from "./gw-helpers.js";
import { enterWartesaal, roomOf, shot, twoBrowsersPerFile } from "./helpers.js";

const t = twoBrowsersPerFile();

const suffix = Math.random().toString(36).slice(2, 7);
const NAME_A = `Greta${suffix}`;
const NAME_B = `Hanno${suffix}`;

const tableOf = (p: Page, from: string) => p.locator(`[data-testid="gw-table"][data-from="${from}"]`);

/** How many cards of the round are still in hands, as the table says ("noch N Karten in der Runde"). */
async function cardsLeft(p: Page): Promise<number> {
  const text = await p.locator(".gw-round span").innerText();
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

/** A opens a table of `players` on Leicht; it shows on B's page. */
async function openTable(players: 2 | 3 | 4): Promise<void> {
  await t.a.page.getByTestId("gw-create").click();
  await t.a.page.getByTestId(`gw-players-${players}`).click();
  await t.a.page.getByTestId("gw-level-leicht").click();
  await t.a.page.getByTestId("gw-variant-ruhige-waage").click();
  await shot(t.a.page, "gwlobby-form-desktop");
  await t.a.page.getByTestId("gw-open").click();
  await tableOf(t.b.page, NAME_A).waitFor();
}

describe("Wartesaal: Goldwaage tables", () => {
  it("A opens a 3-player table, B joins, A starts: both at one table with a computer team-mate, and every seat plays", { timeout: 330_000 }, async () => {
    await enterWartesaal(t.a.page, t.site.url, NAME_A);
    await enterWartesaal(t.b.page, t.site.url, NAME_B);
    await t.a.page.locator(`[data-testid="lobby-player"][data-name="${NAME_B}"]`).waitFor();
    await openTable(3);
    const seen = tableOf(t.b.page, NAME_A);
    expect(await seen.getAttribute("data-players")).toBe("3");
    expect(await seen.getAttribute("data-joined")).toBe("1");
    const text = await seen.innerText();
    for (const s of ["3 Spieler", "Leicht", "Ruhige Waage", "2 Plätze frei"]) expect(text).toContain(s);
    // The host cannot join its own table again, nor open a second one.
    expect(await tableOf(t.a.page, NAME_A).getByTestId("gw-join").count()).toBe(0);
    expect(await t.a.page.getByTestId("gw-create").count()).toBe(0);
    await shot(t.b.page, "gwlobby-open-phone");

    await seen.getByTestId("gw-join").click();
    const atA = t.a.page.locator(`[data-testid="gw-table"][data-from="${NAME_A}"][data-joined="2"]`);
    await atA.waitFor();
    expect(await atA.getByTestId("gw-seats").innerText()).toContain(NAME_B);
    await t.b.page.locator(`[data-testid="gw-table"][data-from="${NAME_A}"][data-joined="2"]`).getByTestId("gw-leave").waitFor();
    await shot(t.b.page, "gwlobby-joined-phone");
    await shot(t.a.page, "gwlobby-joined-desktop");
    expect(await atA.getByTestId("gw-start").innerText()).toContain("1 × Computer");
    await atA.getByTestId("gw-start").click();

    await t.a.page.waitForURL(/\/partie\//, { timeout: 30_000 });
    await t.b.page.waitForURL(/\/partie\//, { timeout: 30_000 });
    expect(roomOf(t.a.page)).toBe(roomOf(t.b.page));
    await t.a.page.locator('[data-testid="gw-table"][data-seat="0"]').waitFor({ timeout: 30_000 });
    await t.b.page.locator('[data-testid="gw-table"][data-seat="1"]').waitFor({ timeout: 30_000 });
    expect(await t.a.page.getByTestId("gw-seat").count()).toBe(3);
    // Each sees the other by name; the third seat is nobody's.
    expect(await t.a.page.locator('[data-testid="gw-seat"][data-seat="1"]').innerText()).toContain(NAME_B);
    expect(await t.b.page.locator('[data-testid="gw-seat"][data-seat="0"]').innerText()).toContain(NAME_A);
    // The third seat is a computer team-mate, and both know it before it plays.
    for (const p of [t.a.page, t.b.page]) expect(await p.locator('[data-testid="gw-seat"][data-seat="2"]').innerText()).toContain("Computer");
    await shot(t.a.page, "gwlobby-table-desktop");
    await shot(t.b.page, "gwlobby-table-phone");

    // Both show a card, then every seat plays one (seat 0 starts, the computer answers after B): 12 → 9 in hands.
    const until = Date.now() + 120_000;
    while ((await cardsLeft(t.a.page)) > 9) {
      if (Date.now() > until) throw new Error("the seats did not play");
      const [ra, rb] = [await gwStep(t.a.page), await gwStep(t.b.page)];
      if (ra === "over" || rb === "over") break;
      if (ra === "idle" && rb === "idle") await t.a.page.waitForTimeout(40);
    }
    expect(await cardsLeft(t.a.page)).toBeLessThanOrEqual(9);
    await t.b.page.locator('[data-testid="gw-table"][data-phase="play"]').waitFor();
    await shot(t.b.page, "gwlobby-played-phone");

    // To the round's end: the round table offers remarks to both people — the host too, though a table from the
    // Wartesaal has no invites (a pass found the host without them, blind to the other's remark).
    const roundEnd = Date.now() + 150_000;
    const sheet = (p: typeof t.a.page) => p.getByTestId("gw-round-table");
    while (!((await sheet(t.a.page).isVisible()) && (await sheet(t.b.page).isVisible()))) {
      if (Date.now() > roundEnd) throw new Error("round 1 did not end");
      const [ra, rb] = [await gwStep(t.a.page, { keepRoundTable: true }), await gwStep(t.b.page, { keepRoundTable: true })];
      if (ra === "over" || rb === "over") break;
      if (ra === "idle" && rb === "idle") await t.a.page.waitForTimeout(40);
    }
    if (await sheet(t.a.page).isVisible()) {
      await t.b.page.getByTestId("gw-remark-thanks").click();
      await t.a.page.locator('[data-testid="gw-remark"]:has-text("Danke")').waitFor({ timeout: 10_000 });
      await t.a.page.getByTestId("gw-remark-well-played").click();
      await t.b.page.locator('[data-testid="gw-remark"]:has-text("Gut gespielt")').waitFor({ timeout: 10_000 });
    } else {
      // The game ended in round 1 (all lives lost): the result sheet carries the same remarks.
      await t.b.page.getByTestId("gw-remark-thanks").click();
      await t.a.page.locator('[data-testid="gw-remark"]:has-text("Danke")').waitFor({ timeout: 10_000 });
    }
    await shot(t.a.page, "gwlobby-remarks-host");
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
  });

  it("a table its host closes tells the one who joined, and is gone from the list", { timeout: 60_000 }, async () => {
    await t.a.page.goto(t.site.url + "/wartesaal");
    await t.b.page.goto(t.site.url + "/wartesaal");
    await t.a.page.locator(`[data-testid="lobby-player"][data-name="${NAME_B}"]`).waitFor();
    await openTable(2);
    await tableOf(t.b.page, NAME_A).getByTestId("gw-join").click();
    const full = t.a.page.locator(`[data-testid="gw-table"][data-from="${NAME_A}"][data-joined="2"]`);
    await full.waitFor();
    expect(await full.innerText()).toContain("voll");
    await full.getByTestId("gw-close").click();
    await t.b.page.locator('[data-testid="gw-notice"]:has-text("geschlossen")').waitFor();
    await tableOf(t.b.page, NAME_A).waitFor({ state: "detached" });
    await t.b.page.getByTestId("gw-create").waitFor();
    await shot(t.b.page, "gwlobby-closed-phone");
    // In English the section and its form speak English; the phone's form fits without sideways scrolling.
    await t.b.page.locator('.lang-switch button[lang="en"]').click();
    await t.b.page.getByTestId("gw-create").click();
    await t.b.page.getByTestId("gw-form").waitFor();
    expect(await t.b.page.locator(".lobby-gw").innerText()).toContain("Offer a Goldwaage table");
    expect(await t.b.page.evaluate("globalThis.document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await shot(t.b.page, "gwlobby-form-phone-en");
    await t.b.page.getByTestId("gw-cancel").click();
    await t.b.page.locator('.lang-switch button[lang="de"]').click();
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
  });
});
