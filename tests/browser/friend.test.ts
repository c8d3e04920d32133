// A friendly game between two browser contexts through an invite link: take-back accepted once and declined once, a rejoin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { openBrowser, shot, startWebSite, step, type Browser } from "./helpers.js";

let site: Site;
let a: Browser;
let b: Browser;

beforeAll(async () => {
  site = await startWebSite();
  a = await openBrowser();
  b = await openBrowser({ width: 390, height: 844 });
}, 90_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await site?.stop();
});

const myTurn = async (p: Page) => (await p.getByTestId("turn").getAttribute("data-my-turn")) === "true" && (await p.getByTestId("table").getAttribute("data-phase")) === "play";

describe("with a friend (two browsers)", () => {
  it("invites, plays, takes back (accepted once, declined once), rejoins after closing the page, and ends", async () => {
    const pa = a.page;
    await pa.goto(site.url + "/");
    await pa.getByTestId("new-game-friend").click();
    await pa.getByTestId("friend-role-conte").click();
    await pa.getByTestId("friend-friendly").click();
    await pa.getByTestId("clock-10").click();
    await shot(pa, "friend-setup-desktop");
    await pa.getByTestId("create-invite").click();
    const link = await pa.getByTestId("invite-link").inputValue();
    expect(link).toMatch(/\/einladung\/[A-Za-z0-9_-]+#.+/);
    await shot(pa, "friend-waiting-desktop");

    let pb = b.page;
    await pb.goto(link);
    await pb.getByTestId("exchange-confirm").waitFor();
    await pa.getByTestId("exchange-confirm").waitFor();
    expect(await pa.getByTestId("clocks").isVisible()).toBe(true);
    expect(await pb.getByTestId("clocks").isVisible()).toBe(true);
    await shot(pb, "friend-exchange-phone");

    // Both exchange; then the leader plays a card and asks for it back.
    for (let i = 0; i < 40 && !((await myTurn(pa)) || (await myTurn(pb))); i++) {
      await step(pa);
      await step(pb);
      await pa.waitForTimeout(50);
    }
    const [leader, other] = (await myTurn(pa)) ? [pa, pb] : [pb, pa];
    await leader.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().click();
    await leader.locator('[data-testid="trick"][data-count="1"]').waitFor();
    await leader.getByTestId("takeback").click();
    await leader.getByTestId("takeback-waiting").waitFor();
    await other.getByTestId("takeback-request").waitFor();
    await shot(other, other === pb ? "friend-takeback-ask-phone" : "friend-takeback-ask-desktop");
    await other.getByTestId("takeback-accept").click();
    await leader.locator('[data-testid="trick"][data-count="0"]').waitFor();
    await leader.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();

    // Once more: this time declined, and the card stays.
    await leader.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().click();
    await leader.locator('[data-testid="trick"][data-count="1"]').waitFor();
    await leader.getByTestId("takeback").click();
    await other.getByTestId("takeback-decline").click();
    await leader.getByTestId("game-log").getByText("abgelehnt").waitFor();
    expect(await leader.getByTestId("trick").getAttribute("data-count")).toBe("1");

    // The friend closes the page and opens the game again: the same seat, the same table.
    const room = new URL(pb.url()).pathname;
    const hand = await pb.locator('[data-testid="hand-card"]').count();
    await pb.close();
    pb = await b.context.newPage();
    await pb.goto(site.url + room);
    await pb.getByTestId("table").waitFor();
    expect(await pb.locator('[data-testid="hand-card"]').count()).toBe(hand);

    // Play on to the end, each side in turn.
    let over = 0;
    for (let i = 0; i < 800 && over < 2; i++) {
      const ra = await step(pa);
      const rb = await step(pb);
      over = (ra === "over" ? 1 : 0) + (rb === "over" ? 1 : 0);
      if (ra === "idle" && rb === "idle") await pa.waitForTimeout(40);
    }
    expect(over).toBe(2);
    const wa = await pa.getByTestId("game-result").getAttribute("data-winner");
    expect(await pb.getByTestId("game-result").getAttribute("data-winner")).toBe(wa);
    await shot(pa, "friend-result-desktop");
    await shot(pb, "friend-result-phone");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }, 150_000);
});
