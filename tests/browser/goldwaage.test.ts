// Goldwaage in a real browser (Debian's chromium) against wrangler dev: a table with a computer team-mate played to the
// end by clicking, four seats on Profi, two people through the invite link with a reload mid-round on a phone, keyboard
// play for a round — with the stable gw-* hooks, and no console errors. One site for the whole file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { gwStep, look, setupGoldwaage } from "./gw-helpers.js";
import { archived, openBrowser, pressByKeyboard, shot, silenceableSockets, startWebSite, type Browser } from "./helpers.js";

let site: Site;
const opened: Browser[] = [];
const browser = async (...args: Parameters<typeof openBrowser>) => {
  const b = await openBrowser(...args);
  opened.push(b);
  return b;
};

beforeAll(async () => {
  site = await startWebSite();
}, 180_000);
afterAll(async () => {
  for (const b of opened) await b.close();
  await site?.stop();
});

async function playToEnd(page: Page, ms = 240_000, onStep?: (i: number) => Promise<void>): Promise<void> {
  // By time, not steps: at a person's pace a computer's card takes about a second.
  const until = Date.now() + ms;
  for (let i = 0; Date.now() < until; i++) {
    if (onStep) await onStep(i);
    const r = await gwStep(page);
    if (r === "over") return;
    if (r === "idle") await page.waitForTimeout(40);
  }
  throw new Error("the game did not end");
}

const setup = (page: Page, o: Parameters<typeof setupGoldwaage>[2], shotName?: string) => setupGoldwaage(page, site.url, o, shotName);

const attr = (page: Page, name: string) => page.getByTestId("gw-table").getAttribute(name);

describe("Goldwaage (browser)", () => {
  it("2 players with one computer team-mate, played to the end by clicking, at a person's pace with 'denkt nach'", async () => {
    const b = await browser({ width: 1280, height: 800 }, "no-preference");
    const page = b.page;
    await page.goto(site.url + "/");
    await shot(page, "gw-home-desktop");
    await setup(page, { players: 2, level: "normal" }, "gw-setup-desktop");
    await page.getByTestId("gw-table").waitFor();
    expect(await attr(page, "data-phase")).toBe("show");
    expect(await attr(page, "data-round")).toBe("1");
    expect(await page.getByTestId("gw-profi-note").count()).toBe(0);
    expect(await attr(page, "data-limit")).toBe("8");
    expect(await attr(page, "data-lives")).toBe("3");
    expect(await attr(page, "data-seat")).toBe("0");
    expect(await page.getByTestId("gw-hand-card").count()).toBe(6);
    await shot(page, "gw-show-desktop");
    // The show phase: confirm is enabled only with one card picked.
    const confirm = page.getByTestId("gw-show-confirm");
    expect(await confirm.isDisabled()).toBe(true);
    const first = await page.locator('[data-testid="gw-hand-card"]').first().getAttribute("data-card");
    await page.locator(`[data-testid="gw-hand-card"][data-card="${first}"]`).click();
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await page.locator('[data-testid="gw-table"][data-phase="play"]').waitFor();
    expect(await page.locator(`[data-testid="gw-hand-card"][data-card="${first}"]`).getAttribute("data-open")).toBe("true");
    // Seat 0 starts round 1: a card, then the pans show the difference they would make, once the table has settled
    // (300 ms my turn and not busy). A failure here was first put down to a click ignored between two batches; the
    // cause found later is the first card being a Jack or Queen (below).
    await page.waitForFunction(
      `(() => { const t = globalThis.document.querySelector('[data-testid="gw-table"]'); const w = globalThis; const ok = !!t && t.dataset.phase === "play" && t.dataset.turn === "0" && t.dataset.busy === "false"; if (!ok) { w.__settled = 0; return false; } w.__settled ||= performance.now(); return performance.now() - w.__settled > 300; })()`,
      undefined,
      { polling: 50, timeout: 30_000 },
    );
    await page.locator('[data-testid="gw-hand-card"][data-legal="true"]').first().click();
    await shot(page, "gw-preview-desktop");
    // The preview is on the pan buttons — or, for a Jack or Queen on the empty scale, on the discard only (the hand is
    // sorted by suit, so the first card is one in some deals: this test failed on them while it read the left pan).
    const preview = page.locator('[data-testid^="gw-put-"] small');
    await preview.first().waitFor();
    expect(await preview.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/Unterschied|kippt|Gleichgewicht|tut nichts/)]));
    let sawThinking = false;
    // The computer's open card moves on after each of its turns (ADR 019): a card it showed before and still holds
    // is listed at its seat under "schon gezeigt", never as its open card.
    const shownBefore: string[][] = [];
    let explainedBefore = false;
    await playToEnd(page, 240_000, async (i) => {
      if (!sawThinking && (await page.getByTestId("gw-thinking").count()) > 0) {
        sawThinking = true;
        await shot(page, "gw-thinking-desktop");
      }
      const before = page.locator('[data-testid="gw-seat"][data-seat="1"] [data-testid="gw-shown-before"] [data-card]');
      if ((await before.count()) > 0 && shownBefore.length < 3) {
        const cards = await before.evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
        const open = await page.locator('[data-testid="gw-seat"][data-seat="1"] .gw-seat-cards > [data-card]').evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
        expect(cards.filter((c) => open.includes(c))).toEqual([]);
        shownBefore.push(cards);
        if (shownBefore.length === 1) await shot(page, "gw-shown-before-desktop");
      }
      // A tap on them says what they are (on a phone the words give their place to the cards); at one's own turn, so
      // no computer's card takes them away meanwhile.
      if (!explainedBefore && (await before.count()) > 0 && (await attr(page, "data-turn")) === "0" && (await attr(page, "data-busy")) === "false") {
        await page.locator('[data-testid="gw-seat"][data-seat="1"] [data-testid="gw-shown-before"]').click();
        await expect.poll(() => page.getByTestId("gw-shown-note").textContent()).toMatch(/Schon gezeigt: .* hält sie noch verdeckt/);
        await page.locator('[data-testid="gw-seat"][data-seat="1"] [data-testid="gw-shown-before"]').click();
        await expect.poll(() => page.getByTestId("gw-shown-note").count()).toBe(0);
        // A tap on the note itself puts it away too: it lies over the scale.
        await page.locator('[data-testid="gw-seat"][data-seat="1"] [data-testid="gw-shown-before"]').click();
        await page.getByTestId("gw-shown-note").click();
        await expect.poll(() => page.getByTestId("gw-shown-note").count()).toBe(0);
        explainedBefore = true;
      }
      if (i === 6) await shot(page, "gw-play-desktop");
      if ((await page.getByTestId("gw-round-table").count()) > 0 && !(await page.getByTestId("gw-line").count())) {
        await shot(page, "gw-round-table-desktop");
        const line = page.getByTestId("gw-show-line");
        if (await line.count()) {
          await line.click();
          await page.getByTestId("gw-line-next").click();
          // Each seat's cards after the step shown (the second): the round's 12 less the two played.
          const hands = page.getByTestId("gw-line-hands");
          expect(await hands.locator("li").count()).toBe(2);
          expect(await hands.locator("[data-card]").count()).toBe(10);
          await shot(page, "gw-round-line-desktop");
        }
      }
    });
    expect(sawThinking).toBe(true);
    expect(shownBefore.length, "the computer's seat listed cards it had shown before").toBeGreaterThan(0);
    expect(explainedBefore, "a tap on the cards shown before explained them").toBe(true);
    const result = page.getByTestId("gw-result");
    expect(["won", "lost"]).toContain(await result.getAttribute("data-result"));
    expect(await page.getByTestId("gw-round-analysis").count()).toBeGreaterThan(0);
    // A game lost by its last life names the loss that ended it, once; a won game has none.
    expect(await page.getByTestId("gw-fatal-loss").count()).toBe((await result.getAttribute("data-result")) === "lost" ? 1 : 0);
    // Each round's lines count the Kings its losses turned (the game-ending loss turns none); a clean round says so.
    for (const sheet of await page.getByTestId("gw-round-analysis").all()) {
      const lost = await sheet.locator(".gw-losses li:not(.fatal)").count();
      if (lost > 0) expect(await sheet.getByTestId("gw-lives-lost").textContent()).toBe(`${lost} Leben verloren.`);
      else expect(await sheet.getByTestId("gw-lives-lost").count()).toBe(0);
    }
    await shot(page, "gw-end-desktop");
    const room = new URL(page.url()).pathname.split("/").pop()!;
    const a = await archived(site.url, room);
    expect(a.result).toMatchObject({ team: await result.getAttribute("data-result") });
    // The result leads to the game's replay, as the duel's does; there the first step shows.
    expect(await page.getByTestId("gw-replay").getAttribute("href")).toBe(`/replay/${room}`);
    await page.getByTestId("gw-replay").click();
    await page.getByTestId("replay-board").waitFor({ timeout: 30_000 });
    expect(b.errors).toEqual([]);
  }, 300_000);

  it("'danach offene Karte tauschen': after the pan, no card is chosen yet; the card chosen then is the new open card", async () => {
    const b = await browser({ width: 1280, height: 900 });
    const page = b.page;
    await setup(page, { players: 2, level: "normal" });
    const ready = async () => {
      const l = await look(page);
      return l.myTurn && !l.busy && l.confirm === null;
    };
    for (let i = 0; i < 120 && !(await ready()); i++) if ((await gwStep(page)) === "idle") await page.waitForTimeout(80);
    expect(await ready(), "this seat's turn").toBe(true);
    // A card that is not the open one and goes on a pan (a Jack or Queen on the empty scale only to the discard).
    const cards = await page.locator('[data-testid="gw-hand-card"][data-legal="true"][data-open="false"]').evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
    const play = cards.find((c) => !/^[JQ]/.test(c))!;
    const next = cards.find((c) => c !== play)!;
    const oldOpen = await page.locator('[data-testid="gw-hand-card"][data-open="true"]').getAttribute("data-card");
    // Chosen once the table takes it (a tap while a computer's card still plays out is not taken: seen under load).
    const chosen = page.locator(`[data-testid="gw-hand-card"][data-card="${play}"][aria-pressed="true"]`);
    for (let i = 0; i < 5 && (await chosen.count()) === 0; i++) {
      await page.locator(`[data-testid="gw-hand-card"][data-card="${play}"]`).click();
      await chosen.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await page.getByTestId("gw-swap").check();
    await page.locator('[data-testid="gw-put-left"]:not([disabled]), [data-testid="gw-put-right"]:not([disabled])').first().click();
    // The new open card's choice: nothing chosen, "bestätigen" waits for a card (it stood ready with the old one).
    const confirm = page.getByTestId("gw-show-confirm");
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="gw-hand-card"][aria-pressed="true"]').count()).toBe(0);
    // The card shown so far keeps a mark meanwhile.
    expect(await page.locator(`[data-testid="gw-hand-card"][data-card="${oldOpen}"] [data-testid="gw-was-open"]`).textContent()).toBe("bisher offen");
    await page.locator(`[data-testid="gw-hand-card"][data-card="${next}"]`).click();
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await page.locator(`[data-testid="gw-hand-card"][data-card="${next}"][data-open="true"]`).waitFor();
    expect(await page.locator(`[data-testid="gw-hand-card"][data-card="${oldOpen}"]`).getAttribute("data-open")).toBe("false");
    expect(await page.locator(`[data-testid="gw-hand-card"][data-card="${play}"]`).count()).toBe(0);
    expect(b.errors).toEqual([]);
  }, 120_000);

  it("4 players on Profi with three computer team-mates, to the end: nothing open, no show phase", async () => {
    const b = await browser({ width: 1280, height: 800 });
    const page = b.page;
    await setup(page, { players: 4, level: "profi" });
    await page.getByTestId("gw-table").waitFor();
    expect(await attr(page, "data-phase")).toBe("play");
    expect(await attr(page, "data-limit")).toBe("9");
    expect(await page.getByTestId("gw-hand-card").count()).toBe(3);
    expect(await page.locator('[data-testid="gw-hand-card"][data-open="true"]').count()).toBe(0);
    expect(await page.getByTestId("gw-seat").count()).toBe(4);
    // The table says where the computers' signals are explained (only on Profi: elsewhere their open cards speak).
    expect(await page.getByTestId("gw-profi-note").textContent()).toMatch(/nur durch ihr Spiel/);
    await shot(page, "gw-profi4-desktop");
    // Each later round begins under the round's sheet: the computers before seat 0 play at once (round r + 1 starts at
    // seat r), and the sheet says what already lies on the scale (a player pass came back to cards nobody saw played).
    const sheets = new Map<number, string>();
    await playToEnd(page, 240_000, async () => {
      const title = page.locator("#gw-round-title");
      if ((await title.count()) === 0) return;
      const round = Number(/\d/.exec((await title.textContent()) ?? "")?.[0]);
      if (sheets.has(round)) return;
      const next = page.getByTestId("gw-round-next-plays");
      sheets.set(round, (await next.count()) > 0 ? ((await next.textContent()) ?? "") : "");
    });
    for (const [round, text] of sheets) {
      expect(text, `round ${round}`).toContain(`Runde ${round + 1} hat schon begonnen`);
      expect(text.split(" · "), `round ${round}`).toHaveLength(4 - round);
    }
    const result = page.getByTestId("gw-result");
    if (sheets.size === 0) expect(await result.textContent()).toMatch(/Verloren/);
    expect(["won", "lost"]).toContain(await result.getAttribute("data-result"));
    expect(b.errors).toEqual([]);
  }, 300_000);

  it("a small phone (375 × 667), 4 players on Profi: a chosen card brings the pans' buttons into sight, and a tap on a pan plays it there", async () => {
    const b = await browser({ width: 375, height: 667 });
    const page = b.page;
    await setup(page, { players: 4, level: "profi" });
    await page.getByTestId("gw-table").waitFor();
    for (let played = 0, end = Date.now() + 120_000; played < 2 && Date.now() < end; ) {
      const t = await look(page);
      if (t.over) break;
      if (t.roundTable) {
        await page.getByTestId("gw-round-continue").click();
        continue;
      }
      if (!t.myTurn || t.legal.length === 0) {
        await page.waitForTimeout(60);
        continue;
      }
      await page.evaluate(`globalThis.window.scrollTo(0, 0)`);
      await page.locator(`[data-testid="gw-hand-card"][data-card="${t.legal[0]!.card}"]`).click();
      await page.waitForTimeout(150);
      // Both pans' buttons (or the discard pile's) inside the screen without the player scrolling.
      const inSight = (await page.evaluate(`["gw-put-left", "gw-put-right", "gw-put-discard"].map((id) => globalThis.document.querySelector('[data-testid="' + id + '"]')).filter((e) => e).map((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= globalThis.window.innerHeight + 0.5; })`)) as boolean[];
      expect(inSight.length).toBeGreaterThan(0);
      expect(inSight.every((x) => x)).toBe(true);
      if (played === 0) await shot(page, "gw-small-phone-chosen");
      const allowed = (await page.locator('[data-testid^="gw-put-"]:enabled').evaluateAll((es) => es.map((e) => e.getAttribute("data-testid")))) as string[];
      const pan = allowed.includes("gw-put-left") ? "left" : allowed.includes("gw-put-right") ? "right" : null;
      const before = await page.getByTestId("gw-hand-card").count();
      if (pan) {
        // The pan itself takes the card: the card leaves the hand onto that pan.
        const onPan = await page.locator(`[data-testid="gw-pan"][data-pan="${pan}"] .gw-stack-card`).count();
        await page.locator(`[data-testid="gw-pan"][data-pan="${pan}"]`).click();
        await page.waitForFunction(`globalThis.document.querySelectorAll('[data-testid="gw-hand-card"]').length < ${before} || globalThis.document.querySelectorAll('[data-testid="gw-pan"][data-pan="${pan}"] .gw-stack-card').length !== ${onPan}`, undefined, { timeout: 10_000 });
      } else await page.getByTestId("gw-put-discard").click();
      played++;
    }
    // The phone shows the feed's newest line, and only that one.
    const lines = page.locator(".gw-feed li");
    expect(await lines.count()).toBeGreaterThan(1);
    expect(await lines.first().isVisible()).toBe(true);
    expect(await lines.nth(1).isVisible()).toBe(false);
    expect(b.errors).toEqual([]);
  }, 180_000);

  it("2 people through the invite link, the second on a phone; the phone reloads mid-round and gets the same round, hand and scale back", async () => {
    const a = await browser({ width: 1280, height: 800 });
    const p = await browser({ width: 390, height: 844 });
    await setup(a.page, { players: 2, level: "leicht", friends: 1 });
    await a.page.getByTestId("gw-waiting").waitFor();
    const links = a.page.getByTestId("gw-invite-link");
    expect(await links.count()).toBe(1);
    const link = (await links.first().textContent())!.trim();
    await shot(a.page, "gw-waiting-desktop");
    expect(await a.page.getByTestId("gw-waiting").textContent()).toMatch(/Platz 2/);

    await p.page.goto(link);
    await p.page.getByTestId("gw-invite-settings").waitFor();
    expect(await p.page.getByTestId("gw-invite-settings").textContent()).toMatch(/Leicht/);
    await shot(p.page, "gw-invite-phone");
    await p.page.getByTestId("gw-join").click();
    await p.page.getByTestId("gw-table").waitFor();
    await a.page.getByTestId("gw-table").waitFor();
    expect(await attr(p.page, "data-seat")).toBe("1");

    // Both play until the scale holds cards in round 1, then the phone reloads.
    const both = async () => {
      const ra = await gwStep(a.page);
      const rp = await gwStep(p.page);
      if (ra === "idle" && rp === "idle") await a.page.waitForTimeout(40);
      return ra === "over" || rp === "over";
    };
    const scaleSum = async (page: Page) => Number(await page.locator('[data-testid="gw-pan"][data-pan="left"]').getAttribute("data-sum")) + Number(await page.locator('[data-testid="gw-pan"][data-pan="right"]').getAttribute("data-sum"));
    // The phone's turn, with cards on the scale, before anything is picked: then it reloads.
    const ready = async () => {
      const t = await look(p.page);
      return t.myTurn && !t.busy && !t.confirm && !t.roundTable && (await scaleSum(p.page)) > 0;
    };
    for (const end = Date.now() + 120_000; Date.now() < end && !(await ready()); ) {
      const ra = await gwStep(a.page);
      if (await ready()) break;
      const rp = await gwStep(p.page);
      if (ra === "idle" && rp === "idle") await a.page.waitForTimeout(40);
    }
    expect(await ready()).toBe(true);
    await p.page.locator('[data-testid="gw-hand-card"][data-legal="true"]').first().click();
    await p.page.locator('[data-testid="gw-table"][data-busy="false"]').waitFor();
    await shot(p.page, "gw-play-phone");
    // Everything the player needs is on screen on the phone without scrolling: the hand and the pan buttons.
    const vh = 844;
    for (const id of ["gw-put-left", "gw-put-right"]) {
      const box = (await p.page.getByTestId(id).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(vh);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    const before = {
      round: await attr(p.page, "data-round"),
      hand: await p.page.locator('[data-testid="gw-hand-card"]').evaluateAll((es) => es.map((e) => e.getAttribute("data-card"))),
      left: await p.page.locator('[data-testid="gw-pan"][data-pan="left"]').getAttribute("data-sum"),
      right: await p.page.locator('[data-testid="gw-pan"][data-pan="right"]').getAttribute("data-sum"),
    };
    // The commentary so far, newest first: a reload told it again from the room's history (a pass found it empty).
    const feed = (page: Page) => page.locator(".gw-feed li").allInnerTexts();
    const said = await feed(p.page);
    expect(said.length).toBeGreaterThan(0);
    const loggedBefore = await p.page.getByTestId("gw-log-entry").allTextContents();
    await p.page.reload();
    await p.page.getByTestId("gw-table").waitFor();
    await p.page.locator('[data-testid="gw-hand-card"]').first().waitFor();
    await expect.poll(() => feed(p.page), { timeout: 10_000 }).toEqual(said);
    // The whole game log under the feed: the same lines oldest first, its first the deal, the same after the reload.
    const gameLog = (page: Page) => page.getByTestId("gw-log-entry").allTextContents();
    const logged = await gameLog(p.page);
    expect(logged[0]).toBe("Runde 1 ist ausgeteilt.");
    expect(logged.slice(-said.length).reverse()).toEqual(said);
    expect(logged).toEqual(loggedBefore);
    // Closed it shows nothing but its handle; a tap opens it with the newest line in sight.
    expect(await p.page.getByTestId("gw-log-entry").last().isVisible()).toBe(false);
    await p.page.locator('[data-testid="gw-log"] summary').click();
    await expect.poll(() => p.page.getByTestId("gw-log-entry").last().isVisible()).toBe(true);
    // Open, it stands alone: the short feed (newest first) does not run against it (oldest first) right above.
    expect(await p.page.locator(".gw-feed").isVisible()).toBe(false);
    await p.page.getByTestId("gw-log").scrollIntoViewIfNeeded();
    await shot(p.page, "gw-log-phone");
    await p.page.locator('[data-testid="gw-log"] summary').click();
    expect({
      round: await attr(p.page, "data-round"),
      hand: await p.page.locator('[data-testid="gw-hand-card"]').evaluateAll((es) => es.map((e) => e.getAttribute("data-card"))),
      left: await p.page.locator('[data-testid="gw-pan"][data-pan="left"]').getAttribute("data-sum"),
      right: await p.page.locator('[data-testid="gw-pan"][data-pan="right"]').getAttribute("data-sum"),
    }).toEqual(before);
    // By time, not by steps (a loaded machine makes more idle steps).
    for (let i = 0, end = Date.now() + 240_000; Date.now() < end && !(await both()); i++) {
      if ((await p.page.getByTestId("gw-round-table").count()) > 0 && i % 7 === 0) await shot(p.page, "gw-round-table-phone");
    }
    await p.page.getByTestId("gw-result").waitFor();
    await a.page.getByTestId("gw-result").waitFor();
    await shot(p.page, "gw-end-phone");
    // At the end the log holds the whole game: one heading per round dealt, the result its last line.
    const heads = await p.page.locator('[data-testid="gw-log-entry"].head').allTextContents();
    expect(heads.length).toBeGreaterThan(0);
    expect(heads.every((h, i) => h === `Runde ${i + 1} ist ausgeteilt.`)).toBe(true);
    expect((await gameLog(p.page)).at(-1)).toMatch(/^(Gewonnen|Verloren)/);
    expect(await p.page.getByTestId("gw-result").getAttribute("data-result")).toBe(await a.page.getByTestId("gw-result").getAttribute("data-result"));
    expect(a.errors).toEqual([]);
    expect(p.errors).toEqual([]);
  }, 400_000);

  it("an invite link without its #room still seats the friend; giving up ends the game for the team, on both screens; a remark after it reaches the friend", async () => {
    const a = await browser({ width: 1280, height: 800 });
    const f = await browser({ width: 390, height: 844 });
    await setup(a.page, { players: 3, level: "normal", friends: 1 });
    await a.page.getByTestId("gw-waiting").waitFor();
    // As a messenger may pass it on: the part after # dropped.
    const link = (await a.page.getByTestId("gw-invite-link").first().textContent())!.trim().split("#")[0]!;
    await f.page.goto(link);
    await f.page.getByTestId("gw-invite-settings").waitFor();
    expect(await f.page.getByTestId("gw-invite-settings").textContent()).toMatch(/3/);
    // Who sits where before taking the seat: the host, the free seat, the computer.
    expect(await f.page.getByTestId("gw-invite-seats").textContent()).toMatch(/Platz 1: .+ · Platz 2: frei · Platz 3: Computer/);
    await f.page.getByTestId("gw-join").click();
    await f.page.getByTestId("gw-table").waitFor();
    expect(await attr(f.page, "data-seat")).toBe("1");
    // The room tells the invited friend which seat a computer plays, before it has played (a player pass).
    expect(await f.page.locator('[data-testid="gw-seat"][data-seat="2"] .gw-seat-name').textContent()).toMatch(/Computer/);
    await a.page.getByTestId("gw-table").waitFor();
    // The friend closes the page while it still has to choose its open card: the host sees the seat gone and how long
    // the table waits (the emergency brake); back again, the mark goes (a player pass: the table had stalled unsaid).
    const room = new URL(f.page.url()).pathname;
    await f.page.close();
    await a.page.locator('[data-testid="gw-seat"][data-seat="1"] [data-testid="gw-away"]').waitFor({ timeout: 15_000 });
    expect(await a.page.getByTestId("gw-brake").textContent()).toMatch(/nicht verbunden.*binnen (9|10):\d\d/);
    await shot(a.page, "gw-friend-away-desktop");
    f.page = await f.context.newPage();
    await f.page.goto(site.url + room);
    await f.page.getByTestId("gw-table").waitFor();
    await a.page.locator('[data-testid="gw-away"]').waitFor({ state: "detached", timeout: 15_000 });
    expect(await a.page.getByTestId("gw-brake").count()).toBe(0);
    // Asked once more, then the whole team has lost: the other screen says so too.
    await a.page.getByTestId("gw-resign").click();
    await a.page.getByTestId("gw-resign-confirm").click();
    for (const page of [a.page, f.page]) {
      await page.getByTestId("gw-result").waitFor({ timeout: 10_000 });
      expect(await page.getByTestId("gw-result").getAttribute("data-result")).toBe("lost");
      expect(await page.getByTestId("gw-result").textContent()).toMatch(/aufgegeben/);
    }
    // After the game, a fixed remark reaches the other screen (during a round the table offers none).
    await a.page.getByTestId("gw-remark-well-played").click();
    await f.page.getByTestId("gw-remark").first().waitFor({ timeout: 10_000 });
    expect(await f.page.getByTestId("gw-remark").first().textContent()).toMatch(/Gut gespielt/);
    await shot(f.page, "gw-resigned-phone");
    // The spent link, opened again elsewhere, says the game is over and leads to its replay.
    const late = await browser({ width: 390, height: 844 });
    await late.page.goto(link);
    await late.page.getByTestId("gw-invite-spent").waitFor();
    expect(await late.page.getByTestId("gw-invite-spent").textContent()).toMatch(/vorbei/);
    expect(await late.page.getByTestId("gw-join").isDisabled()).toBe(true);
    await late.page.getByTestId("gw-invite-replay").waitFor();
    expect([...a.errors, ...f.errors, ...late.errors]).toEqual([]);
  }, 120_000);

  it("the host calls a table off while a friend still has to come: the seated friend and the other link are told", async () => {
    const a = await browser({ width: 1280, height: 800 });
    const f = await browser({ width: 390, height: 844 });
    await setup(a.page, { players: 3, level: "normal", friends: 2 });
    await a.page.getByTestId("gw-waiting").waitFor();
    const links = await a.page.getByTestId("gw-invite-link").allTextContents();
    expect(links).toHaveLength(2);
    await f.page.goto(links[0]!.trim());
    await f.page.getByTestId("gw-join").click();
    await f.page.getByTestId("gw-waiting").waitFor();
    // The host's list marks the seat as taken (no spent link to copy), the other one still offers its link.
    await a.page.locator('[data-testid="gw-invite-seat"][data-taken="true"]').waitFor({ timeout: 10_000 });
    expect(await a.page.getByTestId("gw-invite-link").count()).toBe(1);
    // The seated friend is not asked anything on the way out (the table waits on for its seat); the host is.
    expect(await f.page.getByTestId("gw-cancel-table").count()).toBe(0);
    await a.page.getByTestId("gw-cancel-table").click();
    expect(await a.page.getByTestId("leave-dialog").textContent()).toMatch(/Tisch auflösen\?.*Die Einladung gilt dann nicht mehr\. Wer schon Platz genommen hat, erfährt es am Tisch/);
    await a.page.getByTestId("leave-confirm").click();
    await a.page.waitForURL(site.url + "/", { timeout: 5000 });
    await f.page.getByTestId("gw-cancelled").waitFor({ timeout: 10_000 });
    await shot(f.page, "gw-cancelled-phone");
    const late = await browser({ width: 390, height: 844 });
    await late.page.goto(links[1]!.trim());
    await late.page.getByTestId("gw-invite-cancelled").waitFor();
    // Nothing offers a seat there any more.
    expect(await late.page.getByTestId("gw-join").count()).toBe(0);
    expect(await late.page.getByTestId("gw-invite-settings").textContent()).not.toMatch(/frei/);
    expect([...a.errors, ...f.errors, ...late.errors]).toEqual([]);
  }, 60_000);

  it("a friend who does not come: the host starts without them, a computer takes the seat, and the seated friend plays on", async () => {
    const a = await browser({ width: 1280, height: 800 });
    const f = await browser({ width: 390, height: 844 });
    await setup(a.page, { players: 3, level: "normal", friends: 2 });
    await a.page.getByTestId("gw-waiting").waitFor();
    const links = await a.page.getByTestId("gw-invite-link").allTextContents();
    await f.page.goto(links[0]!.trim());
    await f.page.getByTestId("gw-join").click();
    await f.page.getByTestId("gw-waiting").waitFor();
    // The seated friend reads who can end the wait; only the host has the button.
    expect(await f.page.getByTestId("gw-waiting-host").textContent()).toContain("kann auch ohne die Fehlenden beginnen");
    expect(await f.page.getByTestId("gw-fill").count()).toBe(0);
    await a.page.locator('[data-testid="gw-invite-seat"][data-taken="true"]').waitFor({ timeout: 10_000 });
    const fill = a.page.getByTestId("gw-fill");
    expect(await fill.textContent()).toBe("Ohne Platz 3 beginnen (ein Computer spielt ihn)");
    await shot(a.page, "gw-fill-waiting-desktop");
    await fill.click();
    // Both tables are dealt: three seats, the third a computer team-mate.
    for (const p of [a.page, f.page]) await p.locator('[data-testid="gw-table"][data-phase]').waitFor({ timeout: 15_000 });
    expect(await a.page.locator('[data-testid="gw-seat"]').count()).toBe(3);
    await a.page.locator('[data-testid="gw-seat"]', { hasText: "Platz 3 (Computer)" }).waitFor({ timeout: 10_000 });
    await shot(f.page, "gw-fill-dealt-phone");
    // The spent link seats nobody: the game is under way.
    const late = await browser({ width: 390, height: 844 });
    await late.page.goto(links[1]!.trim());
    await late.page.getByTestId("gw-invite-spent").waitFor({ timeout: 10_000 });
    expect(await late.page.getByTestId("gw-join").isDisabled()).toBe(true);
    expect([...a.errors, ...f.errors, ...late.errors]).toEqual([]);
  }, 60_000);

  it("a spectator watches a table with computers: the public table only, no hand, no buttons to act; the player sees one watching", async () => {
    const a = await browser({ width: 1280, height: 800 });
    const w = await browser({ width: 390, height: 844 });
    await setup(a.page, { players: 3, level: "normal" });
    await a.page.getByTestId("gw-table").waitFor();
    const room = new URL(a.page.url()).pathname.split("/").pop()!;
    // The host's own address bar, shared as it is (no ?game=goldwaage): it read "Diese Partie gibt es nicht" (a fresh-eyes pass).
    expect(new URL(a.page.url()).search).toBe("");
    await w.page.goto(a.page.url());
    const table = w.page.locator('[data-testid="gw-table"][data-spectator="true"]');
    await table.waitFor();
    await a.page.getByTestId("gw-watchers").waitFor({ timeout: 10_000 });
    expect(await a.page.getByTestId("gw-watchers").textContent()).toBe("1 schaut zu");
    // The host shows its open card; its hidden cards are read before it plays (mid-turn a card it has picked but not
    // sent counts as open on its own page: reading them then found none, a CI failure).
    const until = Date.now() + 60_000;
    while ((await attr(a.page, "data-phase")) !== "play" && Date.now() < until) {
      if ((await gwStep(a.page)) === "idle") await a.page.waitForTimeout(40);
    }
    const hidden = await a.page.locator('[data-testid="gw-hand-card"][data-open="false"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
    expect(hidden.length).toBeGreaterThan(0);
    // Nothing hidden leaves the room: of the host's hand only its open card is on the spectator's page.
    await w.page.locator('[data-testid="gw-table"][data-phase="play"]').waitFor({ timeout: 15_000 });
    for (const c of hidden) expect(await w.page.locator(`[data-card="${c}"]`).count(), c!).toBe(0);
    // The host plays on; the spectator follows card by card and never has a card of its own or a way to act.
    const played = async (p: Page) => Number(/\d+/.exec(await p.locator(".gw-round span").innerText())?.[0] ?? NaN);
    while ((await played(a.page)) > 8 && Date.now() < until) {
      if ((await gwStep(a.page)) === "idle") await a.page.waitForTimeout(40);
    }
    // Compared once the table stands still at the host's turn, both counts read live: the count read once after the
    // loop could be stale (the loop's check and the step's look are two reads; the step between them may already have
    // played the next card: CI at load 9 read 6 for the host while the table went on to 3).
    const settled = async () => {
      const t = await look(a.page);
      const [h, s] = [await played(a.page), await played(w.page)];
      return t.myTurn && !t.busy && h === s && h <= 8 ? "same" : `host ${h}, spectator ${s}, host's turn ${t.myTurn}, busy ${t.busy}`;
    };
    await expect.poll(settled, { timeout: 15_000 }).toBe("same");
    for (const id of ["gw-hand-card", "gw-resign", "gw-put-left", "gw-show-confirm", "gw-remarks"]) expect(await w.page.getByTestId(id).count(), id).toBe(0);
    expect(await w.page.locator('[data-testid="gw-seat"] .gw-seat-name').allTextContents()).not.toContain("Du");
    await shot(w.page, "gw-spectator-phone");
    // Leaving mid-game leads to the Wartesaal; the spectator comes back to the same table.
    await w.page.getByTestId("watch-leave").click();
    await w.page.waitForURL(/\/wartesaal$/);
    await w.page.goto(`${site.url}/partie/${room}?game=goldwaage`);
    await table.waitFor();
    // The host gives up: the spectator is told the team lost — not "Verloren", its own loss — and is offered no Bilanz,
    // which holds nothing of this game (a player pass).
    await a.page.getByTestId("gw-resign").click();
    await a.page.getByTestId("gw-resign-confirm").click();
    const result = w.page.getByTestId("gw-result");
    await result.waitFor({ timeout: 15_000 });
    expect(await w.page.locator("#gw-end-title").innerText()).toBe("Das Team hat verloren");
    expect(await result.locator('a[href="/bilanz"]').count()).toBe(0);
    await a.page.getByTestId("gw-result").waitFor({ timeout: 15_000 });
    expect(await a.page.locator("#gw-end-title").innerText()).toBe("Verloren");
    expect(await a.page.getByTestId("gw-result").locator('a[href="/bilanz"]').count()).toBe(1);
    await shot(w.page, "gw-spectator-result-phone");
    await w.page.getByTestId("watch-leave-result").click();
    await w.page.waitForURL(/\/wartesaal$/);
    expect([...a.errors, ...w.errors]).toEqual([]);
    // A Goldwaage room that is not there says so, as a duel's does (the sockets' 404s are the browser's own errors).
    await w.page.goto(`${site.url}/partie/AAAAAAAAAAAAAAAA?game=goldwaage`);
    await w.page.getByTestId("watch-refused").waitFor({ timeout: 30_000 });
    expect(await w.page.getByTestId("watch-refused").innerText()).toContain("gibt es nicht");
  }, 90_000);

  it("3 players on a phone (390 × 844): a team-mate's open card, a card shown before and its face-down count fit its seat, the count on a card back", async () => {
    const b = await browser({ width: 390, height: 844 });
    const page = b.page;
    await setup(page, { players: 3, level: "normal" });
    await page.getByTestId("gw-table").waitFor();
    // Per other seat: its cards' row and its count, each not wider than its box (the count was cut to "1 …"), and what
    // the seat shows — the count read whole by a screen reader.
    type SeatLook = { rowCut: number; countCut: number; countShown: boolean; countText: string; cards: number; right: number };
    const seats = () =>
      page.evaluate(`[...document.querySelectorAll('[data-testid="gw-seat"]:not(.me)')].map((e) => {
        const row = e.querySelector(".gw-seat-cards");
        const count = e.querySelector(".gw-hidden-count");
        return {
          rowCut: row.scrollWidth - row.clientWidth,
          countCut: count.scrollWidth - count.clientWidth,
          countShown: getComputedStyle(count).display !== "none",
          countText: count.textContent,
          cards: e.querySelectorAll(".gw-seat-cards [data-card]").length,
          right: e.getBoundingClientRect().right,
        };
      })`) as Promise<SeatLook[]>;
    let crowded = 0;
    const until = Date.now() + 90_000;
    while (Date.now() < until && crowded < 2) {
      for (const s of await seats()) {
        expect(s.rowCut, JSON.stringify(s)).toBeLessThanOrEqual(1);
        expect(s.countCut, JSON.stringify(s)).toBeLessThanOrEqual(1);
        expect(s.right).toBeLessThanOrEqual(390);
        if (s.countShown) expect(s.countText).toMatch(/^\d verdeckt$/);
        if (s.cards >= 2 && s.countShown) {
          crowded++;
          if (crowded === 1) await shot(page, "gw-seat-count-390");
        }
      }
      if ((await gwStep(page)) === "over") break;
    }
    // Seen at least once: two cards in sight and some face down, the case that was cut.
    expect(crowded).toBeGreaterThan(0);
    expect(b.errors).toEqual([]);
  }, 150_000);

  it("a phone in landscape (640 × 360) whose network swallows everything: the reconnect notice is in sight, and goes once the network is back", async () => {
    const b = await browser({ width: 640, height: 360 }, "reduce", { touch: true });
    const page = b.page;
    const net = await silenceableSockets(page);
    await setup(page, { players: 3, level: "normal" });
    await page.getByTestId("gw-table").waitFor();
    for (let i = 0; i < 4; i++) if ((await gwStep(page)) === "idle") await page.waitForTimeout(100);
    net.silence("swallow");
    const notice = page.getByTestId("reconnecting");
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.innerText()).toBe("Verbindung wird wiederhergestellt …");
    // Wholly on the screen as it stands (it was under the feed, below the fold).
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(360);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(640);
    await shot(page, "gw-reconnecting-640x360");
    net.restore();
    await notice.waitFor({ state: "detached", timeout: 30_000 });
    expect(b.errors.filter((e) => !/WebSocket|net::ERR/.test(e))).toEqual([]);
  }, 120_000);

  it("two open cards to choose: with two chosen, a tap on a third replaces the one chosen last", async () => {
    const b = await browser({ width: 390, height: 844 });
    const page = b.page;
    await setup(page, { players: 2, level: "normal", variants: ["zwei-offene-karten"] });
    await page.locator('[data-testid="gw-table"][data-phase="show"]').waitFor();
    const ids = await page.locator('[data-testid="gw-hand-card"]').evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
    const card = (id: string) => page.locator(`[data-testid="gw-hand-card"][data-card="${id}"]`);
    const chosen = () => page.locator('[data-testid="gw-hand-card"][aria-pressed="true"]').evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
    await card(ids[0]!).click();
    await card(ids[1]!).click();
    expect((await chosen()).sort()).toEqual([ids[0], ids[1]].sort());
    await card(ids[2]!).click();
    expect((await chosen()).sort()).toEqual([ids[0], ids[2]].sort());
    expect(await page.getByTestId("gw-show-confirm").isDisabled()).toBe(false);
    expect(b.errors).toEqual([]);
  }, 90_000);

  it("by keyboard, A puts a jack or queen from an empty scale on the discard pile; for a number it says why not", async () => {
    // A second keyboard pass found A refused even where the discard pile was the one choice (a mend of the first pass's).
    const b = await browser({ width: 1280, height: 800 });
    const page = b.page;
    let tried = false;
    for (let table = 0; table < 15 && !tried; table++) {
      await setup(page, { players: 2, level: "leicht" });
      await page.getByTestId("gw-table").waitFor();
      // Until this seat's first turn of the round (the scale is empty then only for the round's first card).
      let first = false;
      for (const end = Date.now() + 30_000; Date.now() < end; ) {
        const t = await look(page);
        if (t.over || t.roundTable) break;
        if (t.myTurn && !t.busy) {
          first = (await page.getByTestId("gw-difference").getAttribute("data-difference")) === "0" && (await page.locator('.gw-scale [data-card]').count()) === 0;
          break;
        }
        if (t.confirm) await gwStep(page);
        else await page.waitForTimeout(50);
      }
      const cards = await page.locator('[data-testid="gw-hand-card"]').evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
      const tool = cards.find((c) => /^[JQ]/.test(c));
      const number = cards.find((c) => /^\d/.test(c));
      if (!first || !tool || !number) continue;
      // A number card: A says when a card goes to the discard pile, and nothing is played.
      await page.locator(`[data-testid="gw-hand-card"][data-card="${number}"]`).focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("a");
      await expect.poll(() => page.getByTestId("gw-key-note").textContent()).toMatch(/Ablagestapel/);
      expect(await page.locator(`[data-testid="gw-hand-card"][data-card="${number}"]`).count()).toBe(1);
      await page.keyboard.press("Enter");
      // The jack or queen: A plays it onto the discard pile.
      await page.locator(`[data-testid="gw-hand-card"][data-card="${tool}"]`).focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("gw-put-discard").waitFor();
      await page.keyboard.press("a");
      await expect.poll(() => page.locator(`[data-testid="gw-hand-card"][data-card="${tool}"]`).count()).toBe(0);
      tried = true;
    }
    expect(tried, "a table where this seat leads onto the empty scale with a jack or queen and a number card").toBe(true);
    expect(b.errors).toEqual([]);
  }, 240_000);

  it("keyboard only for a whole round: Tab to a card, Enter, then L / R; the live region speaks each card", async () => {
    const b = await browser({ width: 1280, height: 800 });
    const page = b.page;
    await setup(page, { players: 2, level: "leicht", variants: ["zwei-offene-karten"] });
    await page.getByTestId("gw-table").waitFor();
    await page.getByTestId("gw-hand-card").first().waitFor();
    // "Zu deinen Karten" is a few Tabs from the page's start, and Enter puts the focus on a card of the hand.
    await page.locator('a.skip-link[href="#main"]').focus();
    await pressByKeyboard(page, '[data-testid="skip-to-hand"]', 8);
    await expect.poll(() => page.evaluate(`globalThis.document.activeElement?.getAttribute("data-testid")`)).toBe("gw-hand-card");
    let spoken = "";
    // By time, not by steps: on a loaded machine the team-mate's paced cards make many idle steps, and a loop that
    // ran out of steps left the player's own turn unplayed (the round table never came).
    // Until round 1's table shows (the steps leave it standing: one that pressed "Weiter" left nothing to wait for).
    const roundOver = async () => (await attr(page, "data-round")) !== "1" || (await page.getByTestId("gw-round-table").count()) > 0;
    // After each card placed the focus is back in the hand (it fell to the page's start: a keyboard player pass).
    const focused = () => page.evaluate(`(() => { const a = globalThis.document.activeElement; return !a || a === globalThis.document.body ? "body" : (a.getAttribute("data-testid") ?? a.tagName); })()`) as Promise<string>;
    let placed = 0;
    for (const end = Date.now() + 150_000; Date.now() < end && !(await roundOver()); ) {
      const r = await gwStep(page, { keyboard: true, keepRoundTable: true });
      const live = (await page.getByTestId("gw-live").textContent()) ?? "";
      if (live) spoken += live + "\n";
      if (r === "idle") await page.waitForTimeout(40);
      else if (!(await roundOver())) {
        await expect.poll(focused, { timeout: 10_000 }).not.toBe("body");
        placed++;
      }
    }
    expect(placed).toBeGreaterThan(2);
    await page.getByTestId("gw-round-table").waitFor();
    await expect.poll(focused).toBe("gw-round-continue");
    // The live scale is round 2's by now: the round table tells what round 1's last card left on it.
    expect(await page.getByTestId("gw-round-table").getByTestId("gw-end-scale").textContent()).toMatch(/^Am Ende (war die Waage leer|lag auf der Waage: links .+, rechts .+ – Unterschied \d+)\.$/);
    await page.waitForTimeout(100);
    spoken += (await page.getByTestId("gw-live").textContent()) ?? "";
    await shot(page, "gw-keyboard-round-end");
    expect(spoken).toMatch(/Kreuz|Karo|Herz|Pik/);
    expect(spoken).toMatch(/Runde 1 vorbei/);
    // The spoken lines follow the language switch, those already said too (a player pass: they stayed German).
    // (Whatever was said last: the team-mate may already lead round 2 behind the round table.)
    expect(await page.getByTestId("gw-live").textContent()).toMatch(/Runde|Schale|links|rechts|Waage/);
    await page.evaluate(`document.querySelector('.lang-switch button[lang="en"]').click()`);
    await expect.poll(() => page.getByTestId("gw-live").textContent(), { timeout: 5000 }).toMatch(/Round|pan|left|right|scale/);
    expect(await page.getByTestId("gw-live").textContent()).not.toMatch(/Runde|Schale|links|rechts|Waage|Platz/);
    await page.evaluate(`document.querySelector('.lang-switch button[lang="de"]').click()`);
    // A reload at the round's sheet shows it again, with the same feed under the table (a pass found the sheet gone
    // and the feed told otherwise); once closed with "Weiter", a reload leaves it closed.
    const sheet = await page.getByTestId("gw-round-table").getByTestId("gw-end-scale").textContent();
    const feed = () => page.locator(".gw-feed li").allInnerTexts();
    const said = await feed();
    await page.reload();
    await page.getByTestId("gw-round-table").waitFor();
    expect(await page.getByTestId("gw-round-table").getByTestId("gw-end-scale").textContent()).toBe(sheet);
    // The same lines, newest first; the team-mate may have led round 2 meanwhile (its line then stands above them).
    await page.locator(".gw-feed li").first().waitFor();
    const told = await feed();
    const k = told.indexOf(said[0]!);
    expect(k, `${JSON.stringify(told)} holds ${JSON.stringify(said)}`).toBeGreaterThanOrEqual(0);
    expect(told.slice(k)).toEqual(said.slice(0, told.length - k));
    await page.getByTestId("gw-round-continue").click();
    await page.reload();
    await page.getByTestId("gw-table").waitFor();
    await page.locator(".gw-feed li").first().waitFor();
    expect(await page.getByTestId("gw-round-table").count()).toBe(0);
    expect(b.errors).toEqual([]);
  }, 300_000);
});
