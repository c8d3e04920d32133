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
    // Beside A, B's row offers A's challenge, not a second one of B's own (a tester challenged back there); it brings
    // the challenge into sight with "Annehmen" focused.
    await player(t.b.page, NAME_A).getByTestId("lobby-see-challenge").waitFor();
    expect(await player(t.b.page, NAME_A).getByTestId("lobby-challenge").count()).toBe(0);
    // And A's row beside B says B is challenged already (a second challenge was refused only after its form).
    const sent = player(t.a.page, NAME_B).getByTestId("lobby-challenge");
    expect(await sent.innerText()).toBe("Herausgefordert");
    expect(await sent.isDisabled()).toBe(true);
    expect(await player(t.b.page, NAME_A).getByTestId("lobby-see-challenge").innerText()).toBe("Herausforderung ansehen");
    await player(t.b.page, NAME_A).scrollIntoViewIfNeeded();
    await shot(t.b.page, "lobby-see-challenge-row");
    await player(t.b.page, NAME_A).getByTestId("lobby-see-challenge").click();
    await t.b.page.waitForFunction(`globalThis.document.activeElement?.dataset.testid === "challenge-accept" && globalThis.document.activeElement.closest('[data-testid="challenge-incoming"]')?.dataset.from === ${JSON.stringify(NAME_A)}`);
    expect(await incoming.getByTestId("challenge-accept").isVisible()).toBe(true);
    await incoming.getByTestId("challenge-decline-reason").selectOption("no-time");
    await incoming.getByTestId("challenge-decline").click();
    await t.a.page.locator('[data-testid="lobby-notice"]:has-text("Keine Zeit")').waitFor();
    await incoming.waitFor({ state: "detached" });
    // With the challenge gone, the row challenges again.
    await player(t.b.page, NAME_A).getByTestId("lobby-challenge").waitFor();
    await player(t.a.page, NAME_B).locator('[data-testid="lobby-challenge"]:not([data-challenged]):not([disabled])').waitFor();
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
    // The field itself reads with the comma too ("0.5" stood beside the summary's "0,5 Min.", a tester), takes "0,5"
    // and "7.5" alike, and shows what counts once left: within 0.5–180 in half minutes.
    const minutes = t.b.page.getByTestId("challenge-minutes");
    await minutes.fill("0,5");
    expect(await t.b.page.getByTestId("challenge-summary").innerText()).toContain("0,5 Min. + ");
    await t.b.page.getByTestId("challenge-increment").focus();
    expect(await minutes.inputValue()).toBe("0,5");
    const range = t.b.page.getByTestId("challenge-minutes-range");
    expect(await range.innerText()).toBe("0,5 bis 180");
    await minutes.fill("0,2");
    // Said while typing, not only replaced on leaving the field (a fresh-eyes pass typed "abc" and "-1" unanswered).
    expect(await range.innerText()).toContain("Bitte eine Zahl von 0,5 bis 180");
    expect(await minutes.getAttribute("aria-invalid")).toBe("true");
    await t.b.page.getByTestId("challenge-increment").focus();
    expect(await minutes.inputValue()).toBe("0,5");
    expect(await range.innerText()).toBe("0,5 bis 180");
    await minutes.fill("abc");
    expect(await range.innerText()).toContain("Bitte eine Zahl");
    // "1.000" is a thousand in German, not one minute.
    await minutes.fill("1.000");
    expect(await range.innerText()).toContain("Bitte eine Zahl");
    await minutes.fill("7.4");
    await t.b.page.getByTestId("challenge-increment").focus();
    expect(await minutes.inputValue()).toBe("7,5");
    await shot(t.b.page, "lobby-minutes-comma");
    // Answering with the form, the player needs no bar leading back to the challenge over it.
    expect(await t.b.page.getByTestId("incoming-bar").count()).toBe(0);
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

  it("a phone in landscape (740 × 360) sees an incoming challenge's buttons without scrolling; scrolled away, a bar leads back", { timeout: 60_000 }, async () => {
    const b = t.b.page;
    await b.setViewportSize({ width: 740, height: 360 });
    try {
      await b.goto(t.site.url + "/wartesaal");
      await player(b, NAME_A).waitFor();
      await player(t.a.page, NAME_B).getByTestId("lobby-challenge").click();
      await t.a.page.getByTestId("challenge-clock-5+3").click();
      await t.a.page.getByTestId("challenge-kind-friendly").click();
      await t.a.page.getByTestId("challenge-send").click();
      const incoming = b.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`);
      await incoming.waitFor();
      await shot(b, "lobby-incoming-740x360");
      // Every button of the card on the first screen (they were about 100 px below its foot).
      const rects = JSON.parse(
        (await b.evaluate(`JSON.stringify({ y: globalThis.scrollY, buttons: [...globalThis.document.querySelectorAll('[data-testid="challenge-incoming"] button, [data-testid="challenge-incoming"] select')].map((e) => { const r = e.getBoundingClientRect(); return [e.textContent.trim().slice(0, 20), Math.round(r.top), Math.round(r.bottom)]; }) })`)) as string,
      ) as { y: number; buttons: Array<[string, number, number]> };
      expect(rects.y).toBe(0);
      expect(rects.buttons.length).toBe(4);
      for (const [what, top, bottom] of rects.buttons) expect(`${what} ${top}–${bottom}`).toBe(`${what} ${Math.max(0, top)}–${Math.min(360, bottom)}`);
      expect(await b.getByTestId("incoming-bar").count()).toBe(0);
      // Scrolled down to the others: a bar at the screen's foot says who challenges, and leads back.
      await b.evaluate("globalThis.scrollTo(0, globalThis.document.documentElement.scrollHeight)");
      const bar = b.getByTestId("incoming-bar");
      await bar.waitFor();
      expect(await bar.innerText()).toContain(`${NAME_A} fordert dich heraus`);
      const barBottom = (await b.evaluate(`globalThis.document.querySelector('[data-testid="incoming-bar"]').getBoundingClientRect().bottom`)) as number;
      expect(barBottom).toBeLessThanOrEqual(360);
      await shot(b, "lobby-incoming-bar-740x360");
      await bar.getByTestId("incoming-bar-show").click();
      await bar.waitFor({ state: "detached" });
      await b.waitForFunction(`globalThis.document.activeElement?.dataset.testid === "challenge-accept"`);
      // The one challenge comes into sight with its heading (the heading stayed above the screen).
      await b.waitForFunction(`(() => { const h = globalThis.document.getElementById("incoming-title").getBoundingClientRect(); return h.top >= -1 && h.bottom <= 360; })()`, undefined, { timeout: 3000 });
      const acceptBottom = (await b.evaluate(`globalThis.document.querySelector('[data-testid="challenge-incoming"] [data-testid="challenge-accept"]').getBoundingClientRect().bottom`)) as number;
      expect(acceptBottom).toBeLessThanOrEqual(360);
      await incoming.getByTestId("challenge-decline").click();
      await incoming.waitFor({ state: "detached" });
    } finally {
      await b.setViewportSize({ width: 390, height: 844 });
    }
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
  });

  it("an open seek: A posts 10+5 as Maske, B sees it in the list and takes it, both land at the table", { timeout: 60_000 }, async () => {
    await t.a.page.getByTestId("seek-create").click();
    await t.a.page.getByTestId("challenge-clock-10+5").click();
    await t.a.page.getByTestId("challenge-role-maske").click();
    // While the form is open its own button posts the seek: the list's button is gone (two "Gesuch aufgeben" confused a player pass).
    expect(await t.a.page.getByTestId("seek-create").count()).toBe(0);
    await t.a.page.getByTestId("challenge-send").click();
    await t.a.page.getByTestId("seek-create").waitFor();
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
