// The Wartesaal in real browsers (A on a desktop, B on a phone): both enter as new guests and name themselves, see
// each other live, A challenges B to a friendly 5+3 as Conte, B reads every term and accepts, both land at one table
// (A at seat 0, B at seat 1); then a declined challenge with its reason, and an open seek B takes.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { enterWartesaal, resign, roomOf, shot, twoBrowsersPerFile } from "./helpers.js";

const t = twoBrowsersPerFile();

const suffix = Math.random().toString(36).slice(2, 7);
const NAME_A = `Anna${suffix}`;
const NAME_B = `Bruno${suffix}`;

const enter = (p: Page, name: string) => enterWartesaal(p, t.site.url, name);

const player = (p: Page, name: string) => p.locator(`[data-testid="lobby-player"][data-name="${name}"]`);

describe("Wartesaal", () => {
  it("both see each other; A challenges B 5+3 friendly as Conte; B sees the terms and accepts; both land at the table", { timeout: 120_000 }, async () => {
    await enter(t.a.page, NAME_A);
    await enter(t.b.page, NAME_B);
    await player(t.a.page, NAME_B).waitFor();
    await player(t.b.page, NAME_A).waitFor();
    expect(await player(t.a.page, NAME_B).getAttribute("data-status")).toBe("idle");
    // The phone's top bar holds the new link without scrolling sideways.
    expect(await t.b.page.evaluate("globalThis.document.querySelector('.lang-switch').getBoundingClientRect().right")).toBeLessThanOrEqual(390);

    await player(t.a.page, NAME_B).getByTestId("lobby-challenge").click();
    await t.a.page.getByTestId("challenge-clock-5+3").click();
    await t.a.page.getByTestId("challenge-ruleset-battlemaske").click();
    await t.a.page.getByTestId("challenge-variant-normal").click();
    await t.a.page.getByTestId("challenge-kind-friendly").click();
    await t.a.page.getByTestId("challenge-role-conte").click();
    await shot(t.a.page, "lobby-challenge-form");
    await t.a.page.getByTestId("challenge-send").click();

    const incoming = t.b.page.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`);
    await incoming.waitFor();
    const terms = await incoming.getByTestId("challenge-terms").innerText();
    for (const t of ["5 Min. + 3 s", "Battlemaske", "Normal", "Freundschaftlich", `${NAME_A} spielt Conte, du Maske`]) expect(terms).toContain(t);
    await shot(t.b.page, "lobby-challenge-incoming");
    await incoming.getByTestId("challenge-accept").click();

    await t.a.page.waitForURL(/\/partie\//);
    await t.b.page.waitForURL(/\/partie\//);
    expect(roomOf(t.a.page)).toBe(roomOf(t.b.page));
    await t.a.page.locator('[data-testid="table"][data-seat="0"]').waitFor();
    await t.b.page.locator('[data-testid="table"][data-seat="1"]').waitFor();
    await shot(t.b.page, "lobby-table-b");
    await resign(t.a.page);
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
  });

  it("a declined challenge tells the sender why", { timeout: 60_000 }, async () => {
    await t.a.page.goto(t.site.url + "/wartesaal");
    await t.b.page.goto(t.site.url + "/wartesaal");
    await player(t.a.page, NAME_B).waitFor();
    await player(t.a.page, NAME_B).getByTestId("lobby-challenge").click();
    await t.a.page.getByTestId("challenge-clock-none").click();
    await t.a.page.getByTestId("challenge-send").click();
    const incoming = t.b.page.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`);
    await incoming.waitFor();
    await incoming.getByTestId("challenge-decline-reason").selectOption("no-time");
    await incoming.getByTestId("challenge-decline").click();
    await t.a.page.locator('[data-testid="lobby-notice"]:has-text("Keine Zeit")').waitFor();
    await incoming.waitFor({ state: "detached" });
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
  });

  it("changed terms sent back show as such, with only what changed marked; no stake, no 'Anderer Einsatz'", { timeout: 60_000 }, async () => {
    await player(t.a.page, NAME_B).getByTestId("lobby-challenge").click();
    await t.a.page.getByTestId("challenge-clock-5+3").click();
    await t.a.page.getByTestId("challenge-kind-friendly").click();
    await t.a.page.getByTestId("challenge-role-conte").click();
    await t.a.page.getByTestId("challenge-send").click();
    const incoming = t.b.page.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`);
    await incoming.waitFor();
    expect(await incoming.getByTestId("challenge-decline-reason").locator('option[value="other-stake"]').count()).toBe(0);
    await incoming.getByTestId("challenge-counter").click();
    // A clock of its own, with half a minute: written with a decimal comma in German (a fresh-eyes pass read "7.5 Min.").
    await t.b.page.getByTestId("challenge-clock-custom").click();
    await t.b.page.getByTestId("challenge-minutes").fill("7.5");
    await t.b.page.getByTestId("challenge-increment").fill("5");
    await t.b.page.getByTestId("challenge-send").click();
    const back = t.a.page.locator(`[data-testid="challenge-incoming"][data-from="${NAME_B}"]`);
    await back.waitFor();
    expect(await back.locator("strong").innerText()).toContain("schlägt andere Bedingungen vor");
    // The roles stay as they were (B keeps Maske): only the clock is marked.
    expect(await back.locator("mark.changed").allInnerTexts()).toEqual(["7,5 Min. + 5 s pro Zug"]);
    expect(await back.getByTestId("challenge-terms").innerText()).toContain(`${NAME_B} spielt Maske, du Conte`);
    await shot(t.a.page, "lobby-counter-marked");
    await back.getByTestId("challenge-decline").click();
    await back.waitFor({ state: "detached" });
  });

  it("an open seek: A posts 10+5 as Maske, B sees it in the list and takes it, both land at the table", { timeout: 60_000 }, async () => {
    await t.a.page.getByTestId("seek-create").click();
    await t.a.page.getByTestId("challenge-clock-10+5").click();
    await t.a.page.getByTestId("challenge-role-maske").click();
    await t.a.page.getByTestId("challenge-send").click();
    const seek = t.b.page.locator(`[data-testid="seek"][data-from="${NAME_A}"]`);
    await seek.waitFor();
    expect(await seek.innerText()).toContain(`${NAME_A} spielt Maske, du Conte`);
    await shot(t.b.page, "lobby-seek");
    await seek.getByTestId("seek-accept").click();
    await t.a.page.locator('[data-testid="table"][data-seat="1"]').waitFor();
    await t.b.page.locator('[data-testid="table"][data-seat="0"]').waitFor();
    expect(roomOf(t.a.page)).toBe(roomOf(t.b.page));
    await resign(t.b.page);
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
  });
});
