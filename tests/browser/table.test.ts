// The Battlemaske table as a new player meets it (issue 15, points 1, 2, 6, 10, 11, 12): clicks during a batch, the info
// window, keyboard and live region, the sorted hand, the layout of every phase on desktop and phone, the intro window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { openBrowser, pressByKeyboard, shot, silenceableSockets, startWebSite, step, type Browser } from "./helpers.js";

let site: Site;
beforeAll(async () => void (site = await startWebSite()), 180_000);
afterAll(() => site?.stop());

/** A fresh browser for one test, closed after it whatever happens. */
async function withBrowser(args: Parameters<typeof openBrowser>, run: (b: Browser) => Promise<void>): Promise<void> {
  const b = await openBrowser(...args);
  try {
    await run(b);
  } finally {
    await b.close();
  }
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Each screen a test is run on, by name. */
const BOTH_SCREENS = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;
/** A phone turned sideways: its own two-column table (table.css); with the desktop's it was a page 1,356 px high. */
const LANDSCAPE = { width: 740, height: 360 };
/** The layout check's screens: the two above and the phone in landscape. */
const LAYOUT_SCREENS = [...BOTH_SCREENS, ["landscape phone", LANDSCAPE], ["small phone", { width: 360, height: 640 }]] as const;

/** Sets up a game vs the computer and waits for the exchange. */
async function startGame(page: Page, opts: { role?: "conte" | "maske"; level?: string; ruleset?: string; variant?: "normal" | "profi" } = {}): Promise<void> {
  await page.goto(site.url + "/spielen/computer");
  for (const id of [`role-${opts.role ?? "conte"}`, `level-${opts.level ?? "leicht"}`, `ruleset-${opts.ruleset ?? "battlemaske"}`, `variant-${opts.variant ?? "normal"}`]) await page.getByTestId(id).click();
  await page.getByTestId("start-game").click();
  await page.getByTestId("exchange-confirm").waitFor();
}

/** Closes the intro window if it is open (it does not block the table, but some checks want the plain table). */
async function closeIntro(page: Page): Promise<void> {
  const close = page.getByTestId("exchange-help-close");
  if (await close.isVisible().catch(() => false)) await close.click();
}

const idle = (page: Page) => page.locator('[data-testid="table"][data-busy="false"]').waitFor({ timeout: 15_000 });

/** Hand order as shown. */
const handOrder = (page: Page) => page.locator('[data-testid="hand-card"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")!));

/**
 * The layout check: at the top of the page (no scrolling), every hand card and action button is inside the viewport and is
 * what the pointer meets at its centre (document.elementFromPoint is the element or inside it). Answers what fails.
 */
async function unreachable(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const d = globalThis.document, w = globalThis.window;
    w.scrollTo(0, 0);
    const ids = ["exchange-confirm", "swap-confirm", "explain-exchange", "hint", "takeback", "resign", "round-continue", "view-table", "new-game", "leave-result", "show-result", "leave", "exchange-help-close"];
    const modal = d.querySelector('[role="dialog"][aria-modal="true"]');
    const els = [];
    for (const id of ids) for (const e of d.querySelectorAll('[data-testid="' + id + '"]')) els.push(e);
    for (const e of d.querySelectorAll('[data-testid^="name-suit-"]')) els.push(e);
    // Each suit's name and "Abbrechen" (no test id of its own) too: a scrolled or covered name is a suit not found.
    for (const e of d.querySelectorAll('.name-suit .suit-button-name, .name-suit > .button')) els.push(e);
    // "Abbrechen" beside the suits, never over an aid's words.
    const opts = d.querySelector('.name-suit-options'), cancel = d.querySelector('.name-suit > .button');
    const early = [];
    if (opts && cancel) {
      const a = opts.getBoundingClientRect(), c = cancel.getBoundingClientRect();
      if (c.top < a.bottom - 0.5 && c.bottom > a.top + 0.5) early.push("Abbrechen over the suits (" + Math.round(c.top) + "–" + Math.round(c.bottom) + " in " + Math.round(a.top) + "–" + Math.round(a.bottom) + ")");
      // Aids running below the box are announced by a line under it (a fade alone was not seen as scrollable).
      if (opts.scrollTop === 0 && opts.scrollHeight > opts.clientHeight + 4 && !d.querySelector('[data-testid="name-suit-more"]')) early.push("the suits' box scrolls without saying so");
    }
    // Rising over the mirror bar, the suit choice covers it whole or not at all (its numbers' top peeked over it at
    // 360 × 640, a player pass), and never the plaques (the ranking decides the choice).
    const ns = d.querySelector('.stage-over .name-suit'), mirror = d.querySelector('.table .mirror'), plaques = d.querySelector('.table .plaques');
    if (ns && mirror && plaques) {
      const a = ns.getBoundingClientRect(), m = mirror.getBoundingClientRect(), p = plaques.getBoundingClientRect();
      if (a.top > m.top + 0.5 && a.top < m.bottom - 0.5 && a.left < m.right && a.right > m.left) early.push("the suit choice over part of the mirror bar (" + Math.round(a.top) + " in " + Math.round(m.top) + "–" + Math.round(m.bottom) + ")");
      if (a.top < p.bottom - 0.5 && a.left < p.right && a.right > p.left) early.push("the suit choice over the plaques");
    }
    // The language switch stays above a modal (it works there) but off its card: it sat on the card's corner in
    // landscape (a player pass).
    const card = modal && modal.firstElementChild, sw = d.querySelector(".lang-switch");
    if (card && sw) {
      const a = card.getBoundingClientRect(), b = sw.getBoundingClientRect();
      if (a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top) early.push("the language switch over the modal's card (" + Math.round(a.right) + "," + Math.round(a.top) + " against " + Math.round(b.left) + "," + Math.round(b.bottom) + ")");
    }
    // Under a modal (the round table, the result) only its own controls count.
    if (!modal) for (const e of d.querySelectorAll('[data-testid="hand-card"]')) els.push(e);
    const bad = early;
    for (const e of els) {
      if (modal && !modal.contains(e)) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue; // not shown
      const name = (e.getAttribute("data-testid") || e.className || e.tagName) + (e.getAttribute("data-card") ? ":" + e.getAttribute("data-card") : "") + (e.classList.contains("suit-button-name") ? ":" + e.textContent.trim() : "");
      if (r.top < 0 || r.left < 0 || r.bottom > w.innerHeight || r.right > w.innerWidth) { bad.push(name + " outside the viewport (" + Math.round(r.left) + "," + Math.round(r.top) + "–" + Math.round(r.right) + "," + Math.round(r.bottom) + ")"); continue; }
      // Inside the suits' scroller a button taller than the box is met where it shows: the middle of its visible part.
      const box = e.closest(".name-suit-options")?.getBoundingClientRect();
      const top = box ? Math.max(r.top, box.top) : r.top, bottom = box ? Math.min(r.bottom, box.bottom) : r.bottom;
      if (bottom - top < 1) { bad.push(name + " scrolled out of its box"); continue; }
      const hit = d.elementFromPoint(r.left + r.width / 2, (top + bottom) / 2);
      if (!hit || !(hit === e || e.contains(hit))) bad.push(name + " covered by " + (hit ? hit.tagName + "." + hit.className : "nothing"));
    }
    return bad;
  })()`)) as string[];
}

describe("layout: hand and buttons on screen and uncovered in every phase (point 11)", () => {
  it.each(LAYOUT_SCREENS)("%s: exchange, play, suit choice, round table and result", async (name, viewport) => {
    await withBrowser([viewport], async (b) => {
      const page = b.page;
      await startGame(page);
      const seen = new Map<string, string[]>();
      const check = async (phase: string) => {
        if (seen.has(phase)) return;
        await page.waitForTimeout(50);
        seen.set(phase, await unreachable(page));
        await shot(page, `layout-${phase}-${name}`);
      };
      // The intro window is open at the start: it must not cover the hand or the buttons either.
      await check("exchange");
      await closeIntro(page);
      const wanted = ["exchange", "play", "suit-choice", "round-table", "result"];
      const effectUnder: string[] = [];
      // A game can end in its first round (10 : 0) without a round table, or lead no elixir: then another one. The
      // test's player (the first legal card, as the Conte) often takes every trick of round 1: three such games in a
      // row, the old limit, failed a CI run; up to eight games, within four minutes, until every phase was seen.
      for (let i = 0, games = 1, end = Date.now() + 240_000; Date.now() < end; i++) {
        const s = (await page.evaluate(`(() => {
          const d = globalThis.document, q = (id) => d.querySelector('[data-testid="' + id + '"]');
          const t = q("table");
          return { over: !!q("game-result"), round: !!q("round-continue"), suit: !!q("name-suit-P"), busy: t?.getAttribute("data-busy") === "true", phase: t?.getAttribute("data-phase"),
            lead: q("trick")?.getAttribute("data-count") === "0" && q("turn")?.getAttribute("data-my-turn") === "true",
            elixir: d.querySelector('[data-testid="hand-card"][data-legal="true"][data-card^="E"]')?.getAttribute("data-card") ?? null,
            // A trick's effect under (or beside) the trick must end above the turn line: a three-line one ran under it
            // with eight cards in hand (a fresh-eyes pass, 390 × 844 and 360 × 640).
            effectUnder: (() => { const e = q("effect"), u = q("turn"); if (!e || !u || e.getBoundingClientRect().height === 0) return null; const a = e.getBoundingClientRect(), b = u.getBoundingClientRect(); return a.bottom > b.top + 1 && a.top < b.bottom ? Math.round(a.bottom) + ">" + Math.round(b.top) + " " + e.textContent.slice(0, 20) : null; })() };
        })()`)) as { over: boolean; round: boolean; suit: boolean; busy: boolean; phase: string; lead: boolean; elixir: string | null; effectUnder: string | null };
        if (s.effectUnder && !s.busy && !s.round && !s.over) effectUnder.push(s.effectUnder);
        if (s.over) {
          await check("result");
          if (wanted.every((p) => seen.has(p)) || games === 8) break;
          games++;
          await startGame(page);
          await closeIntro(page);
          continue;
        }
        if (s.round) await check("round-table");
        else if (s.suit) {
          await check("suit-choice");
          // On a desktop the stage grows while the suits are chosen: the aids are read whole (or at least 250 px of
          // them, more than the longest seen), not in a box of a few lines (two fresh-eyes passes; the old layout at
          // 1280 × 800 showed 149 of 218 px).
          if (viewport.width > 700 && viewport.height >= 720) {
            const [whole, shown] = (await page.evaluate(`(() => { const o = globalThis.document.querySelector(".name-suit-options"); return [o.scrollHeight, o.clientHeight]; })()`)) as [number, number];
            expect(shown + 1, "the suits' aids in a small box on a desktop").toBeGreaterThanOrEqual(Math.min(whole, 250));
          }
        }
        else if (!s.busy && s.phase === "play" && s.lead) {
          await check("play");
          // Lead an elixir once to see the suit choice.
          if (s.elixir && !seen.has("suit-choice")) {
            await page.locator(`[data-testid="hand-card"][data-card="${s.elixir}"]`).click();
            continue;
          }
        } else if (!s.busy && (s.phase === "exchange" || s.phase === "swap")) await check(s.phase === "exchange" ? "exchange-later" : "swap");
        if ((await step(page, i)) === "idle") await page.waitForTimeout(30);
      }
      expect([...seen.keys()]).toEqual(expect.arrayContaining(wanted));
      const failures = [...seen].flatMap(([phase, bad]) => bad.map((x) => `${phase}: ${x}`));
      expect(failures).toEqual([]);
      expect(effectUnder, "an effect's text under the turn line").toEqual([]);
      expect(b.errors).toEqual([]);
    });
  }, 300_000);

  it("setup pages: the tick of a chosen option never overlaps its label", async () => {
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await page.goto(site.url + "/spielen/computer");
      await page.getByTestId("level-leicht").click();
      const overlaps = (await page.evaluate(`(() => {
        const d = globalThis.document, w = globalThis.window;
        const bad = [];
        for (const c of d.querySelectorAll('.choice[aria-pressed="true"]')) {
          const after = w.getComputedStyle(c, "::after");
          if (after.content === "none" || after.content === "") continue;
          // Where the tick sits: a probe with the same text, font and offsets.
          const probe = d.createElement("span");
          probe.textContent = "✓";
          probe.style.cssText = "position:absolute;font-size:" + after.fontSize + ";top:" + after.top + ";right:" + after.right + ";line-height:" + after.lineHeight;
          c.appendChild(probe);
          const tick = probe.getBoundingClientRect();
          probe.remove();
          const range = d.createRange();
          range.selectNodeContents(c);
          for (const r of range.getClientRects()) {
            if (r.width === 0) continue;
            if (r.left < tick.right && r.right > tick.left && r.top < tick.bottom && r.bottom > tick.top) { bad.push(c.textContent.trim()); break; }
          }
        }
        return bad;
      })()`)) as string[];
      await shot(page, "setup-ticks-desktop");
      expect(overlaps).toEqual([]);
    });
  }, 60_000);

  it("small phones: the Bilanz with long rows (the daily game, help, a Goldwaage table's variants) fits 320 and 375 px, every count in sight", async () => {
    for (const width of [320, 375]) {
      await withBrowser([{ width, height: 667 }], async (b) => {
        // The account's own records as the Worker sends them, with the longest words the table shows.
        await b.page.route("**/api/me", async (route) => {
          const r = await route.fetch();
          const me = (await r.json()) as Record<string, unknown>;
          me.records = [
            { game: "battlemaske", level: "daily", role: "conte", helped: false, wins: 0, losses: 12, draws: 0 },
            { game: "battlemaske", level: "mittel", role: "maske", helped: true, wins: 3, losses: 10, draws: 0 },
            { game: "zwiegespalten", level: "stark", role: "maske", helped: false, wins: 0, losses: 1, draws: 0 },
            { game: "goldwaage", level: "schwer", role: "3p:offene-haende+ruhige-waage", helped: false, wins: 10, losses: 100, draws: 0 },
          ];
          await route.fulfill({ response: r, json: me });
        });
        await b.page.goto(site.url + "/bilanz");
        await b.page.getByTestId("bilanz-record").first().waitFor();
        const sizes = (await b.page.evaluate(`[globalThis.document.documentElement.scrollWidth, globalThis.document.documentElement.clientWidth]`)) as number[];
        expect(sizes[0], `page width at ${width} px`).toBe(sizes[1]);
        // Each row's counts inside the screen (at 375 px losses and draws were off it: a fresh-eyes pass).
        const right = (await b.page.evaluate(`Math.max(...[...globalThis.document.querySelectorAll('[data-testid="bilanz-record"] td')].map((td) => td.getBoundingClientRect().right))`)) as number;
        expect(right, `${width} px`).toBeLessThanOrEqual(width);
        await shot(b.page, `bilanz-${width}`);
        expect(b.errors).toEqual([]);
      });
    }
  }, 60_000);

  it("small phones: the top bar fits 320–375 px, and at 360 × 640 and 375 × 667 the exchange's ten cards and Tauschen need no scrolling", async () => {
    for (const width of [320, 360, 375]) {
      await withBrowser([{ width, height: 667 }], async (b) => {
        await b.page.goto(site.url + "/");
        await b.page.getByTestId("nav-account").waitFor();
        const sizes = (await b.page.evaluate(`[globalThis.document.documentElement.scrollWidth, globalThis.document.documentElement.clientWidth]`)) as number[];
        // Wider than the screen, a phone zooms the whole page out (and a fixed log sheet falls below the fold).
        expect(sizes[0], `page width at ${width} px`).toBe(sizes[1]);
      });
    }
    for (const [width, height] of [[360, 640], [375, 667]] as const) await withBrowser([{ width, height }], async (b) => {
      const page = b.page;
      // Several deals: how many lines sit above the hand depends on it (the two-elixirs note).
      for (let deal = 0; deal < 4; deal++) {
        await startGame(page);
        await closeIntro(page);
        const bad = (await unreachable(page)).filter((x) => /^(hand-card|exchange-confirm)/.test(x));
        if (deal === 0) await shot(page, `exchange-${width}x${height}`);
        expect(bad, `${width} × ${height}, deal ${deal}`).toEqual([]);
      }
      // The empty trick gives its room to the hand only in the exchange: in play it is back to full height.
      expect(await page.getByTestId("trick").getAttribute("class")).toContain("quiet");
      const legal = page.locator('[data-testid="hand-card"][data-legal="true"]');
      const picks = Number((await page.getByTestId("exchange-confirm").textContent())!.match(/\/(\d)/)![1]);
      for (let i = 0; i < picks; i++) await legal.nth(i).click();
      await page.getByTestId("exchange-confirm").click();
      await page.locator('[data-testid="table"][data-phase="play"]').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId("trick").getAttribute("class")).not.toContain("quiet");
      expect(b.errors).toEqual([]);
    });
  }, 180_000);

  it("desktop 1280 × 900: with a long log, the opened card counter is still on screen and the log shows its newest line", async () => {
    await withBrowser([{ width: 1280, height: 900 }], async (b) => {
      const page = b.page;
      await startGame(page);
      await closeIntro(page);
      // Play until the log is longer than its box (about 20 lines fill it); a game over first starts another. Stop only
      // while the hand holds three cards or more: no round can end (and open its table over everything) meanwhile.
      for (let i = 0, end = Date.now() + 120_000; Date.now() < end; i++) {
        if ((await page.getByTestId("log-entry").count()) >= 36 && (await page.getByTestId("hand-card").count()) >= 3 && !(await page.getByTestId("round-continue").isVisible().catch(() => false))) break;
        if ((await step(page, i)) === "over") {
          await startGame(page);
          await closeIntro(page);
        }
      }
      expect(await page.getByTestId("log-entry").count()).toBeGreaterThanOrEqual(36);
      await idle(page);
      await page.evaluate(`globalThis.window.scrollTo(0, 0)`);
      // A 720 px window: the full log ended its column 4–8 px under the window (a player pass at 1280 × 720).
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect.poll(() => page.evaluate(`Math.round(globalThis.document.querySelector(".log-box").getBoundingClientRect().bottom)`), { timeout: 3000 }).toBeLessThanOrEqual(720);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId("card-counter-toggle").click();
      await page.getByTestId("card-counter").waitFor();
      await page.waitForTimeout(100);
      const counter = (await page.getByTestId("card-counter").boundingBox())!;
      await shot(page, "counter-long-log-desktop");
      expect(counter.y + counter.height, "the counter's foot").toBeLessThanOrEqual(900);
      // Its legend says what the frames mean, in sight with it (a fresh-eyes pass could not decode them).
      const legend = (await page.getByTestId("card-counter-legend").boundingBox())!;
      expect(legend.y + legend.height, "the legend's foot").toBeLessThanOrEqual(900);
      expect(await page.getByTestId("card-counter-legend").innerText()).toMatch(/deine\s+sicher beim Gegner\s+gespielt/);
      const newest = (await page.evaluate(`(() => {
        const log = globalThis.document.querySelector('[data-testid="game-log"]'), last = log.lastElementChild;
        const a = log.getBoundingClientRect(), r = last.getBoundingClientRect();
        return r.bottom <= a.bottom + 1 && r.top >= a.top - 1;
      })()`)) as boolean;
      expect(newest, "the newest log line in sight").toBe(true);
      // A player who opened the counter finds it open after a reload (the pass: it closed every time), and closed
      // again once closed.
      await page.reload();
      await page.getByTestId("table").waitFor();
      await page.getByTestId("card-counter").waitFor({ state: "visible", timeout: 15_000 });
      await page.getByTestId("card-counter-toggle").click();
      await page.getByTestId("card-counter").waitFor({ state: "hidden" });
      // The details element reports its toggle a task later: a reload in the same moment could beat it.
      await page.waitForTimeout(200);
      await page.reload();
      await page.getByTestId("table").waitFor();
      await page.getByTestId("card-counter-toggle").waitFor();
      expect(await page.getByTestId("card-counter").isVisible()).toBe(false);
      expect(b.errors).toEqual([]);
    });
  }, 180_000);

  it("cards greyed by the two-elixirs rule say why", async () => {
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      // Deal until a hand holds exactly two elixirs (about every third deal).
      let found = false;
      for (let i = 0; i < 20 && !found; i++) {
        await startGame(page);
        found = (await page.locator('[data-testid="hand-card"][data-card^="E"]').count()) === 2;
      }
      expect(found).toBe(true);
      await closeIntro(page);
      expect(await page.locator('[data-testid="hand-card"][data-legal="false"]').count()).toBeGreaterThan(0);
      const note = page.getByTestId("elixir-rule");
      await note.waitFor();
      expect(await note.textContent()).toContain("Du hast zwei Elixiere: eines davon musst du abgeben.");
      // The greyed cards name the reason to a screen reader too.
      const label = await page.locator('[data-testid="hand-card"][data-legal="false"]').first().getAttribute("aria-label");
      expect(label).toContain("eines davon musst du abgeben");
      await shot(page, "exchange-two-elixirs-desktop");
    });
  }, 120_000);

  it("in rounds 2 and 3, where more than one card goes, the rule says at least one elixir", async () => {
    // A fresh-eyes pass read "eines davon musst du abgeben" in round 2 as "exactly one".
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      let found = false;
      for (let game = 0; game < 6 && !found; game++) {
        await startGame(page);
        await closeIntro(page);
        for (let i = 0; i < 400; i++) {
          const at = (await page.evaluate(`(() => { const t = globalThis.document.querySelector('[data-testid="table"]'); return t && t.getAttribute("data-busy") === "false" && t.getAttribute("data-phase") === "exchange" ? Number(t.getAttribute("data-round")) : 0; })()`)) as number;
          if (at >= 2) {
            found = (await page.locator('[data-testid="hand-card"][data-card^="E"]').count()) >= 2;
            break;
          }
          const r = await step(page, i);
          if (r === "over") break;
          if (r === "idle") await page.waitForTimeout(50);
        }
      }
      expect(found).toBe(true);
      const note = page.getByTestId("elixir-rule");
      await note.waitFor();
      expect(await note.textContent()).toMatch(/^Du hast (zwei|drei|vier) Elixiere: mindestens eines davon musst du abgeben\.$/);
      expect(b.errors).toEqual([]);
    });
  }, 180_000);
});

describe("a card on its way (desktop)", () => {
  it("sent while the room has not answered: lifted and outlined, it leaves the turn line above the hand readable", async () => {
    // A fresh-eyes pass: lifted by 2.2rem the card under the middle of the hand covered the lower half of "Du spielst …".
    await withBrowser([DESKTOP, "reduce"], async (b) => {
      const page = b.page;
      const net = await silenceableSockets(page);
      await startGame(page);
      await closeIntro(page);
      const toPlay = page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]');
      for (let i = 0; i < 300 && (await toPlay.count()) === 0; i++) if ((await step(page)) === "idle") await page.waitForTimeout(50);
      await toPlay.waitFor();
      net.silence();
      // The legal card nearest the turn line's middle: the one that lies under its words.
      const target = (await page.evaluate(`(() => {
        const turn = globalThis.document.querySelector('[data-testid="turn"]').getBoundingClientRect();
        const mid = (turn.left + turn.right) / 2;
        const cards = [...globalThis.document.querySelectorAll('[data-testid="hand-card"][data-legal="true"]')];
        cards.sort((a, b) => Math.abs((a.getBoundingClientRect().left + a.getBoundingClientRect().right) / 2 - mid) - Math.abs((b.getBoundingClientRect().left + b.getBoundingClientRect().right) / 2 - mid));
        return cards[0].getAttribute("data-card");
      })()`)) as string;
      await page.locator(`[data-testid="hand-card"][data-card="${target}"]`).click();
      await page.locator(".hand-card.leaving").waitFor();
      await page.waitForTimeout(300); // its transition
      // Every point along the turn line's lower edge shows the line itself, not the card.
      const hidden = (await page.evaluate(`(() => {
        const d = globalThis.document;
        const line = d.querySelector('[data-testid="turn"]');
        const r = line.getBoundingClientRect();
        const out = [];
        for (let x = r.left + 2; x < r.right - 2; x += 6) {
          const hit = d.elementFromPoint(x, r.bottom - 3);
          if (hit && !line.contains(hit) && hit.closest('[data-testid="hand-card"]')) out.push(Math.round(x));
        }
        return out;
      })()`)) as number[];
      expect(hidden, "x positions of the turn line's lower edge under the card on its way").toEqual([]);
      await shot(page, "desktop-card-on-its-way");
    });
  }, 120_000);

  it("an exchange sent while the room has not answered: the turn line says it is on its way, and it goes through once the network is back", async () => {
    await withBrowser([DESKTOP, "reduce"], async (b) => {
      const page = b.page;
      const net = await silenceableSockets(page);
      await startGame(page);
      await closeIntro(page);
      net.silence("swallow");
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await page.getByTestId("exchange-confirm").click();
      await expect.poll(() => page.getByTestId("turn").innerText(), { timeout: 3000 }).toBe("Deine Wahl ist unterwegs …");
      await page.getByTestId("reconnecting").waitFor({ timeout: 20_000 });
      expect(await page.getByTestId("turn").innerText()).toBe("Deine Wahl ist unterwegs …");
      net.restore();
      await page.locator('[data-testid="table"][data-phase="play"]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("turn").innerText()).not.toContain("unterwegs");
    });
  }, 120_000);
});

describe("clicks during a batch (point 1)", () => {
  it("a card clicked while the computer's reply plays out is taken at once, and the status names who acts", async () => {
    await withBrowser([DESKTOP, "no-preference"], async (b) => {
      const page = b.page;
      await startGame(page);
      await closeIntro(page);
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await page.getByTestId("exchange-confirm").click();
      await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor();
      let tried = 0;
      for (let n = 0; n < 6 && tried < 2; n++) {
        // Watch the status line from the click on: while a staged trick shows the computer's card or the taken trick, it
        // must not say it is my move.
        await page.evaluate(`(() => {
          const d = globalThis.document, w = globalThis;
          w.__samples = [];
          w.__sampler?.disconnect();
          // Every state the DOM passes through, read after each change (a MutationObserver), keeping only changes. A
          // sampler by animation frames missed the short staged moment on a loaded machine, where frames come seldom.
          const sample = () => {
            const trick = d.querySelector('[data-testid="trick"]');
            const turn = d.querySelector('[data-testid="turn"]');
            if (!trick || !turn) return;
            const caps = [...trick.querySelectorAll(".played figcaption")].map((e) => e.textContent);
            const s = { staged: trick.getAttribute("data-staged") === "true", last: caps[caps.length - 1] ?? null, turn: turn.textContent };
            const prev = w.__samples[w.__samples.length - 1];
            if (!prev || prev.staged !== s.staged || prev.last !== s.last || prev.turn !== s.turn) w.__samples.push(s);
          };
          w.__sampler = new w.MutationObserver(sample);
          w.__sampler.observe(d.body, { subtree: true, childList: true, attributes: true, characterData: true });
          sample();
        })()`);
        await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
        // The computer's card is the last one shown in the staged trick (its reply, or its lead of the next trick): now
        // click the next card at once. (Seen failing in CI when any computer card counted: after the computer's lead my
        // own card's frame already holds one, the click came in that frame and skipped every frame that names it.)
        const reply = await page
          .waitForFunction(`(() => { const t = globalThis.document.querySelector('[data-testid="trick"][data-staged="true"]'); const caps = t ? [...t.querySelectorAll(".played figcaption")] : []; return caps.length > 0 && caps[caps.length - 1].textContent === "Computer"; })()`, undefined, { polling: 5, timeout: 10_000 })
          .then(() => true, () => false);
        if (!reply) {
          await idle(page);
          continue;
        }
        const target = await page.locator('[data-testid="hand-card"][data-legal="true"]').first().getAttribute("data-card").catch(() => null);
        if (target === null) {
          // Visibly not playable: every card says so.
          expect(await page.locator('[data-testid="hand-card"][data-legal="true"]').count()).toBe(0);
          await idle(page);
          continue;
        }
        tried++;
        await page.locator(`[data-testid="hand-card"][data-card="${target}"]`).click({ timeout: 2000 });
        // Taken: the card goes to the table without a second click (or, when the batch ends in a greed swap, it is picked).
        await page
          .locator(`[data-testid="hand-card"][data-card="${target}"]:not([aria-pressed="true"])`)
          .waitFor({ state: "detached", timeout: 5000 });
        await idle(page);
        await page.waitForTimeout(300);
        const samples = (await page.evaluate("globalThis.__samples")) as { staged: boolean; last: string | null; turn: string }[];
        const wrong = samples.filter((s) => s.staged && (s.last === "Computer" || s.last === null) && /^Du (spielst aus|bist am Zug)/.test(s.turn));
        expect(wrong).toEqual([]);
        expect(samples.some((s) => s.staged && /Computer/.test(s.turn))).toBe(true);
      }
      expect(tried).toBeGreaterThan(0);
      await shot(page, "click-during-batch-desktop");
      expect(b.errors).toEqual([]);
    });
  }, 120_000);
});

describe("a trick's effect on an upright phone", () => {
  // Profi: the head's second line (its score) leaves a shorter trick area, where one line of the effect shows.
  it.each([
    ["small phone", { width: 360, height: 640 }, "normal"],
    ["small phone, Profi", { width: 360, height: 640 }, "profi"],
    ["phone", PHONE, "normal"],
  ] as const)("%s: the effect's text ends above the turn line, with two rows of cards in hand", async (_name, viewport, variant) => {
    // A fresh-eyes pass: with eight cards in hand a three-line Stolz ran under "Du spielst aus." (390 × 844), and beside
    // the trick on the shortest phone four lines did (360 × 640).
    await withBrowser([viewport], async (b) => {
      const page = b.page;
      const under: string[] = [];
      const unsaid: string[] = [];
      let looked = 0;
      let cut = 0;
      // Effects come by chance (one CI run saw none worth a sample in eight games when only eight or nine cards counted).
      for (let games = 0; games < 12 && looked < 4; games++) {
        await startGame(page, { role: "maske", variant });
        await closeIntro(page);
        for (let i = 0; i < 400 && looked < 4; i++) {
          if (await page.getByTestId("game-result").count()) break;
          const s = (await page.evaluate(`(() => {
            const d = globalThis.document, q = (id) => d.querySelector('[data-testid="' + id + '"]');
            const e = q("effect"), t = q("turn");
            if (!e || !t || q("round-continue") || q("table").getAttribute("data-busy") === "true" || q("table").getAttribute("data-phase") !== "play") return null;
            // Two rows of cards (six and more): the stage's height is smallest there.
            if (d.querySelectorAll('[data-testid="hand-card"]').length < 6) return null;
            // Not while it slides in (0.4rem from below, a quarter second) or anything around it still moves.
            if (d.getAnimations().some((a) => a.playState === "running")) return null;
            const a = e.getBoundingClientRect(), u = t.getBoundingClientRect();
            const below = e.scrollHeight - e.clientHeight - e.scrollTop > 4;
            return { text: e.textContent, bottom: Math.round(a.bottom), top: Math.round(u.top), below, more: e.getAttribute("data-more"), mask: globalThis.getComputedStyle(e).maskImage };
          })()`)) as { text: string; bottom: number; top: number; below: boolean; more: string | null; mask: string } | null;
          // Every effect's text is two lines and more at these widths (the shortest, Stolz with nothing to take, 62 characters).
          if (s && s.text.length > 55) {
            looked++;
            if (s.bottom > s.top + 1) under.push(`${s.bottom} > ${s.top}: ${s.text}`);
            // Text below the box's edge is announced by a faded foot (nothing said there was more: a fresh-eyes pass).
            if (s.below) cut++;
            if ((s.more === "true") !== s.below || (s.mask !== "none") !== s.below) unsaid.push(`${s.more} ${s.mask} below=${s.below}: ${s.text}`);
          }
          if ((await step(page, i)) === "idle") await page.waitForTimeout(30);
        }
      }
      expect(looked).toBeGreaterThan(0);
      expect(under).toEqual([]);
      expect(unsaid).toEqual([]);
      // The shortest phone shows two lines: a three-line effect (Stolz, Gier with its cards) scrolls there.
      if (viewport.height === 640) expect(cut, "effects that scroll at 360 × 640").toBeGreaterThan(0);
      expect(b.errors).toEqual([]);
    });
  }, 240_000);
});

describe("the hand during a batch", () => {
  it("shows no card as playable while the taken trick is gathered and the computer's next lead is not yet on the table; an effect is said once", async () => {
    // A fresh-eyes pass: the hand was already greyed by the computer's next lead while the frames still showed the trick
    // it took — the suit of that lead, a moment before the card.
    await withBrowser([DESKTOP, "no-preference"], async (b) => {
      const page = b.page;
      const watch = () =>
        page.evaluate(`(() => {
        const d = globalThis.document, w = globalThis;
        w.__gathering = [];
        w.__effects = 0;
        w.__twice = [];
        const sample = () => {
          if (!d.querySelector('[data-testid="last-trick"] .played.gathering')) return;
          // Shown as playable (raised and bright: the class); data-legal stays the batch's end view, where a click counts.
          w.__gathering.push(d.querySelectorAll('[data-testid="hand-card"].legal, [data-testid="hand-card"][aria-disabled="false"]').length);
          // A trick gathered with its effect: the turn line says it to a screen reader (its live text), the screen shows
          // it once, in the trick's box (a player pass read the Stolz sentence twice at once; a phone cut the turn line's).
          const line = d.querySelector('[data-testid="turn"]');
          const said = line?.textContent ?? "";
          if (!/Stich\\. \\S/.test(said)) return;
          w.__effects++;
          const shown = line.cloneNode(true);
          shown.querySelectorAll(".visually-hidden").forEach((e) => e.remove());
          const box = d.querySelector('[data-testid="last-trick"] [data-testid="effect"]');
          const effect = said.slice(said.indexOf("Stich.") + 7);
          if (!box || box.textContent !== effect || shown.textContent.includes(effect.slice(0, 6))) w.__twice.push(said + " | " + shown.textContent + " | " + box?.textContent);
        };
        new w.MutationObserver(sample).observe(d.body, { subtree: true, childList: true, attributes: true, characterData: true });
      })()`);
      let seen = 0;
      let effects = 0;
      const twice: string[] = [];
      // Effects come by chance: more games (up to four) until two computer leads after a gathered trick and one effect
      // were seen.
      for (let games = 0; games < 4 && (seen < 2 || effects === 0); games++) {
        await startGame(page);
        await closeIntro(page);
        await watch();
        for (let i = 0; i < 400 && (seen < 2 || effects === 0); i++) {
          if (await page.getByTestId("game-result").count()) break;
          await page.evaluate("globalThis.__gathering = []");
          const r = await step(page, i);
          effects += (await page.evaluate("(() => { const n = globalThis.__effects; globalThis.__effects = 0; return n; })()")) as number;
          if (r === "over") break;
          if (r === "idle") {
            await page.waitForTimeout(50);
            continue;
          }
          await idle(page);
          effects += (await page.evaluate("(() => { const n = globalThis.__effects; globalThis.__effects = 0; return n; })()")) as number;
          // The computer took a trick and led the next: the frames of the taken trick must not have shown a playable card.
          const after = (await page.evaluate(`(() => { const d = globalThis.document; const t = d.querySelector('[data-testid="trick"]'); return { count: Number(t?.getAttribute("data-count") ?? 0), caps: [...(t?.querySelectorAll(".played figcaption") ?? [])].map((e) => e.textContent), gathering: globalThis.__gathering }; })()`)) as { count: number; caps: string[]; gathering: number[] };
          if (after.count === 1 && after.caps[0] === "Computer" && after.gathering.length > 0) {
            expect(after.gathering.filter((n) => n > 0)).toEqual([]);
            seen++;
          }
        }
        twice.push(...((await page.evaluate("globalThis.__twice")) as string[]));
      }
      expect(seen).toBeGreaterThan(0);
      expect(effects).toBeGreaterThan(0);
      expect(twice).toEqual([]);
      expect(b.errors).toEqual([]);
    });
  }, 240_000);
});

/** Whether two rectangles overlap. */
const overlap = (a: DOMRectLike, c: DOMRectLike) => a.left < c.right - 1 && a.right > c.left + 1 && a.top < c.bottom - 1 && a.bottom > c.top + 1;
interface DOMRectLike {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
const rectsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 0).map((e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, id: e.getAttribute("data-card") ?? e.getAttribute("data-testid") }; }));
const PROTECTED = '[data-testid="hand-card"][data-legal="true"], .actions .button, .tools .button';
const STAGE = '[data-testid="opponent-backs"], [data-testid="trick"], [data-testid="turn"]';

describe("the card info window (point 2)", () => {
  it("leaves the card it explains in sight (desktop), and lies above the language switch (a 360 px phone)", async () => {
    // A player pass: over the right-most card's corner it hid the mark it explained (⇄); on a phone the DE/EN switch
    // stood over its first line (the window was inside the felt's sticky foot, a stacking context of its own).
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await startGame(page);
      await closeIntro(page);
      const cards = page.getByTestId("hand-card");
      const n = await cards.count();
      for (const i of [0, Math.floor(n / 2), n - 1]) {
        await page.mouse.move(5, 5);
        await page.getByTestId("card-info").waitFor({ state: "detached" });
        await cards.nth(i).hover();
        await page.locator('[data-testid="card-info"]:not([style*="hidden"])').waitFor();
        const [card] = await rectsOf(page, `[data-testid="hand-card"] >> nth=${i}`);
        const [info] = await rectsOf(page, '[data-testid="card-info"]');
        const overlap = Math.max(0, Math.min(card!.right, info!.right) - Math.max(card!.left, info!.left)) * Math.max(0, Math.min(card!.bottom, info!.bottom) - Math.max(card!.top, info!.top));
        expect(overlap, `card ${i} of ${n}`).toBe(0);
      }
    });
    await withBrowser([{ width: 360, height: 640 }, "reduce", { touch: true }], async (b) => {
      const page = b.page;
      await startGame(page);
      await closeIntro(page);
      // The keyboard's focus on a card opens its window; at the top of a small screen it meets the switch.
      for (let i = 0; i < 40 && !(await page.evaluate(`globalThis.document.activeElement?.getAttribute("data-testid") === "hand-card"`)); i++) await page.keyboard.press("Tab");
      await page.locator('[data-testid="card-info"]:not([style*="hidden"])').waitFor();
      const top = (await page.evaluate(`(() => {
        const d = globalThis.document;
        const box = d.querySelector('[data-testid="card-info"]');
        // The window lets pointers through (pointer-events: none); for this one look it takes them, to be found on top.
        box.style.pointerEvents = "auto";
        const a = d.querySelector(".lang-switch").getBoundingClientRect(), w = box.getBoundingClientRect();
        const x = (Math.max(a.left, w.left) + Math.min(a.right, w.right)) / 2, y = (Math.max(a.top, w.top) + Math.min(a.bottom, w.bottom)) / 2;
        if (Math.min(a.right, w.right) <= Math.max(a.left, w.left) || Math.min(a.bottom, w.bottom) <= Math.max(a.top, w.top)) return "apart";
        return d.elementFromPoint(x, y)?.closest('[data-testid="card-info"]') ? "window" : "switch";
      })()`)) as string;
      expect(["apart", "window"]).toContain(top);
      await shot(page, "table-card-info-p360");
      // Escape closes it and leaves the focus on the card (WCAG 1.4.13; it stayed while the card kept the focus).
      await page.keyboard.press("Escape");
      await page.getByTestId("card-info").waitFor({ state: "detached", timeout: 2000 });
      expect(await page.evaluate(`globalThis.document.activeElement?.getAttribute("data-testid")`)).toBe("hand-card");
    });
  }, 120_000);

  it("desktop: opens beside the hovered card, covers no playable card or button, closes when the card is played", async () => {
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await startGame(page);
      await closeIntro(page);
      // The tricks per role in the narrow column beside the felt: one row per side, each role beside its number (it
      // broke as "Conte 0 : 0" over "Maske" at 1280 × 800, a fresh-eyes pass).
      const sides = await page.locator('[data-testid="trick-score"] .score-side').evaluateAll((els) => els.map((e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, text: e.textContent?.replace(/\s+/g, " ").trim() }; }));
      expect(sides.map((x) => x.text)).toEqual(["Conte 0", "0 Maske"]);
      for (const x of sides) expect(x.bottom - x.top, x.text).toBeLessThan(36);
      expect(sides[1]!.top).toBeGreaterThanOrEqual(sides[0]!.bottom - 1);
      for (const which of ["first", "last"] as const) {
        const card = page.locator('[data-testid="hand-card"]')[which]();
        await card.hover();
        await page.getByTestId("card-info").waitFor();
        const info = (await rectsOf(page, '[data-testid="card-info"]'))[0]!;
        const anchor = (await card.evaluate((e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; }));
        await shot(page, `info-${which}-desktop`);
        expect((await rectsOf(page, PROTECTED)).filter((r) => overlap(info, r)).map((r) => r.id)).toEqual([]);
        // Nor what a player reads while choosing: the opponent's cards, the trick, whose turn (a fresh-eyes pass found
        // the window over all three).
        expect((await rectsOf(page, STAGE)).filter((r) => overlap(info, r)).map((r) => r.id)).toEqual([]);
        // Beside it: above the buttons over the hand at most, and over the card's own column.
        const gap = Math.max(anchor.left - info.right, info.left - anchor.right, anchor.top - info.bottom, info.top - anchor.bottom);
        // Beside it: the buttons over the hand (about 100 px) may lie between the card and the window.
        expect(gap).toBeLessThan(140);
        expect(info.left < anchor.right + 100 && info.right > anchor.left - 100).toBe(true);
        expect(info.top).toBeGreaterThanOrEqual(0);
        expect(info.bottom).toBeLessThanOrEqual(DESKTOP.height);
        await page.mouse.move(5, 5);
        await page.getByTestId("card-info").waitFor({ state: "detached" });
      }
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await page.getByTestId("exchange-confirm").click();
      await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor();
      // Play the hovered card: its window goes with it (another card's window may open under the pointer).
      const played = page.locator('[data-testid="hand-card"][data-legal="true"]').first();
      const id = await played.getAttribute("data-card");
      await played.hover();
      await page.locator(`[data-testid="card-info"][data-card="${id}"]`).waitFor();
      await played.click();
      await page.locator(`[data-testid="hand-card"][data-card="${id}"]`).waitFor({ state: "detached" });
      await idle(page);
      await page.waitForTimeout(100);
      expect(await page.locator(`[data-testid="card-info"][data-card="${id}"]`).count()).toBe(0);
      expect(b.errors).toEqual([]);
    });
  }, 120_000);

  it("a mouse resting where it clicked opens no window when a card slides under it; the first movement does", async () => {
    // A player pass at a phone's width with a mouse: "Weiter" on the round table lies over the hand, and closing it left
    // the pointer on a card whose window opened unasked.
    await withBrowser([{ width: 360, height: 640 }], async (b) => {
      const page = b.page;
      // A round 1 won 10 : 0 ends the game without a round table: then a new game, up to five.
      for (let game = 0; game < 5 && !(await page.getByTestId("round-continue").count()); game++) {
        await startGame(page);
        await closeIntro(page);
        for (let i = 0; i < 400 && !(await page.getByTestId("round-continue").count()); i++) {
          const r = await step(page, i, { keepRoundTable: true });
          if (r === "over") break;
          if (r === "idle") await page.waitForTimeout(50);
        }
      }
      const go = page.getByTestId("round-continue");
      await page.waitForTimeout(300);
      const box = (await go.boundingBox())!;
      // Where a click lands: the button's centre, fractional as a pointer event's coordinates are (a mouse event's are
      // whole: with whole numbers alone the test passed while a player's click at 640.5 still opened the window).
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await go.click();
      await go.waitFor({ state: "detached" });
      await page.waitForTimeout(600);
      // The premise: a hand card now lies under the pointer.
      expect(await page.evaluate(`!!globalThis.document.elementFromPoint(${x}, ${y})?.closest('[data-testid="hand-card"]')`)).toBe(true);
      expect(await page.locator('[data-testid="card-info"]:not([style*="hidden"])').count()).toBe(0);
      await page.mouse.move(x + 3, y + 2);
      await page.locator('[data-testid="card-info"]:not([style*="hidden"])').waitFor({ timeout: 2000 });
      // Escape closes it, and moving on over the same card does not bring it back.
      await page.keyboard.press("Escape");
      await page.getByTestId("card-info").waitFor({ state: "detached", timeout: 2000 });
      await page.mouse.move(x + 5, y + 4);
      await page.waitForTimeout(300);
      expect(await page.getByTestId("card-info").count()).toBe(0);
      expect(b.errors).toEqual([]);
    });
  }, 120_000);

  it("landscape phone: a long press on the opponent's card count opens the hidden cards' info (the backs are not shown there)", async () => {
    await withBrowser([LANDSCAPE, "reduce", { touch: true }], async (b) => {
      const page = b.page;
      await startGame(page);
      await closeIntro(page);
      expect(await page.getByTestId("opponent-backs").isVisible()).toBe(false);
      const cdp = await b.context.newCDPSession(page);
      await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
      const box = (await page.getByTestId("opponent-count").boundingBox())!;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }] });
      await page.waitForTimeout(800);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.locator('[data-testid="card-info"][data-topic="hidden"]').waitFor({ timeout: 3000 });
      expect(await page.getByTestId("card-info").textContent()).toMatch(/verdeckte Karte deines Gegners/);
      await shot(page, "info-hidden-landscape");
      expect(b.errors).toEqual([]);
    });
  }, 120_000);

  it("phone: a long press opens it above the hand, clear of the cards and Tauschen; the next tap closes it", async () => {
    await withBrowser([PHONE], async (b) => {
      const page = b.page;
      await startGame(page);
      await closeIntro(page);
      const cdp = await b.context.newCDPSession(page);
      await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
      const box = (await page.locator('[data-testid="hand-card"]').nth(7).boundingBox())!;
      const x = box.x + box.width / 2, y = box.y + box.height / 2;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      await page.waitForTimeout(800);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.getByTestId("card-info").waitFor();
      await page.waitForTimeout(100);
      const info = (await rectsOf(page, '[data-testid="card-info"]'))[0]!;
      await shot(page, "info-longpress-phone");
      expect((await rectsOf(page, PROTECTED)).filter((r) => overlap(info, r)).map((r) => r.id)).toEqual([]);
      expect(info.top).toBeGreaterThanOrEqual(0);
      // Nor under the log strip at the bottom edge.
      expect(overlap(info, (await rectsOf(page, '[data-testid="log-sheet"]'))[0]!)).toBe(false);
      // The long press was no pick.
      expect(await page.getByTestId("exchange-confirm").isDisabled()).toBe(true);
      // A tap elsewhere closes it.
      const trick = (await page.getByTestId("trick").boundingBox())!;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: trick.x + 10, y: trick.y + 10 }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.getByTestId("card-info").waitFor({ state: "detached", timeout: 3000 });
      // A long press on other cards opens it each time (the focus the tap leaves on the last card closed it on blur:
      // a fresh-eyes pass saw it open once per table).
      for (const n of [2, 5]) {
        // In play a card of the hand holds the focus (the table puts it back there after each play).
        await page.locator('[data-testid="hand-card"]').nth(0).focus();
        const other = (await page.locator('[data-testid="hand-card"]').nth(n).boundingBox())!;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: other.x + other.width / 2, y: other.y + other.height / 2 }] });
        await page.waitForTimeout(800);
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        await page.getByTestId("card-info").waitFor({ timeout: 3000 });
        await page.waitForTimeout(300);
        expect(await page.getByTestId("card-info").count(), `card ${n}`).toBe(1);
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: trick.x + 10, y: trick.y + 10 }] });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        await page.getByTestId("card-info").waitFor({ state: "detached", timeout: 3000 });
      }
      expect(b.errors).toEqual([]);
    });
  }, 120_000);
});

describe("keyboard and screen reader (point 6)", () => {
  it("arrow keys move through the hand, Enter plays, focus stays in the hand after Tauschen and after a play; every line of a batch is announced", async () => {
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await page.goto(site.url + "/spielen/computer");
      for (const id of ["role-conte", "level-leicht", "ruleset-battlemaske", "variant-normal", "start-game"]) await pressByKeyboard(page, `[data-testid="${id}"]`);
      await page.getByTestId("exchange-confirm").waitFor();
      const focused = () => page.evaluate(`(() => { const a = globalThis.document.activeElement; return a && a.getAttribute("data-testid") === "hand-card" ? a.getAttribute("data-card") : (a ? a.tagName + ":" + (a.getAttribute("data-testid") || "") : null); })()`) as Promise<string | null>;
      const order = await handOrder(page);
      await pressByKeyboard(page, `[data-testid="hand-card"][data-card="${order[0]}"]`, 150).catch(() => undefined);
      // pressByKeyboard pressed Enter on the first card: it is picked. Arrow keys walk the hand.
      expect(await focused()).toBe(order[0]);
      await page.keyboard.press("ArrowRight");
      expect(await focused()).toBe(order[1]);
      await page.keyboard.press("ArrowRight");
      expect(await focused()).toBe(order[2]);
      await page.keyboard.press("ArrowLeft");
      expect(await focused()).toBe(order[1]);
      await page.keyboard.press("End");
      expect(await focused()).toBe(order[order.length - 1]);
      await page.keyboard.press("Home");
      expect(await focused()).toBe(order[0]);
      // Make sure exactly one legal card is picked, then "Tauschen".
      if (await page.getByTestId("exchange-confirm").isDisabled()) {
        const legal = await page.locator('[data-testid="hand-card"][data-legal="true"]').first().getAttribute("data-card");
        await pressByKeyboard(page, `[data-testid="hand-card"][data-card="${legal}"]`);
      }
      // The pick complete, the next Tab from the hand is "Tauschen" (it stands above the hand: a player pass went back
      // through every card to reach it).
      expect(await focused()).toMatch(/^[PDGE]\d$/);
      await page.keyboard.press("Tab");
      expect(await focused()).toBe("BUTTON:exchange-confirm");
      await page.keyboard.press("Enter");
      await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor();
      await page.waitForTimeout(100);
      expect(await focused()).toMatch(/^[PDGE]\d$/);
      let batches = 0;
      for (let n = 0; n < 6; n++) {
        await idle(page);
        // A round end or a greed swap ends the plays to look at.
        if ((await page.getByTestId("round-continue").isVisible()) || (await page.getByTestId("table").getAttribute("data-phase")) !== "play") break;
        // Move to a legal card with the arrows from where the focus is, then Enter.
        const before = await page.getByTestId("game-log").locator("li").allTextContents();
        for (let k = 0; k < 24; k++) {
          const f = await focused();
          if (f && (await page.locator(`[data-testid="hand-card"][data-card="${f}"][data-legal="true"]`).count()) > 0) break;
          await page.keyboard.press("ArrowRight");
          // At the hand's end the arrow stays: back to its start.
          if ((await focused()) === f) await page.keyboard.press("Home");
        }
        const playing = await focused();
        expect(playing).toMatch(/^[PDGE]\d$/);
        await page.keyboard.press("Enter");
        // An elixir led asks for a suit first (the click may wait for a batch to end: look once it has).
        await page.waitForFunction(`!!globalThis.document.querySelector('[data-testid="name-suit-P"]') || !globalThis.document.querySelector('[data-testid="hand-card"][data-card="${playing}"]')`, undefined, { timeout: 10_000 });
        if (await page.getByTestId("name-suit-P").isVisible().catch(() => false)) {
          await page.getByTestId("name-suit-P").focus();
          await page.keyboard.press("Enter");
        }
        await page.locator(`[data-testid="hand-card"][data-card="${playing}"]`).waitFor({ state: "detached" });
        await idle(page);
        await page.waitForTimeout(100);
        // The focus is back in the hand.
        if (!(await page.getByTestId("round-continue").isVisible())) expect(await focused()).toMatch(/^[PDGE]\d$/);
        const after = await page.getByTestId("game-log").locator("li").allTextContents();
        const added = after.slice(before.length);
        if (added.length > 1) batches++;
        const live = (await page.getByTestId("live").textContent()) ?? "";
        for (const line of added) expect(live).toContain(line);
      }
      expect(batches).toBeGreaterThan(0);
      expect(b.errors).toEqual([]);
    });
  }, 180_000);
});

/** The expected order: ranked suits weakest first, then the unranked ones (Pfau, Dukaten, Glut), elixirs last; values up. */
function sorted(hand: string[], ranking: string[]): string[] {
  const suits = [...ranking, ...["P", "D", "G"].filter((s) => !ranking.includes(s)), "E"];
  return hand.slice().sort((a, b) => suits.indexOf(a[0]!) - suits.indexOf(b[0]!) || Number(a.slice(1)) - Number(b.slice(1)));
}

describe("the sorted hand (point 10)", () => {
  it("is sorted by suit (in the round's ranking) and value, elixirs together, after the exchange and every trick", async () => {
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await startGame(page, { role: "maske" });
      await closeIntro(page);
      const ranking = () => page.getByTestId("plaque").evaluateAll((els) => els.map((e) => e.getAttribute("data-suit")!).filter((s) => s));
      const order = await handOrder(page);
      expect(order).toEqual(sorted(order, []));
      let checked = 0;
      let ranked = 0;
      for (let i = 0; i < 60 && checked < 12; i++) {
        const r = await step(page, i);
        if (r === "over") break;
        if (r === "idle") {
          await page.waitForTimeout(30);
          continue;
        }
        await idle(page).catch(() => undefined);
        if (await page.getByTestId("round-continue").isVisible()) continue;
        // While the pointer rests on the hand a new ranking waits (no card jumps under it); away from it, the hand is sorted.
        await page.mouse.move(5, 5);
        await page.waitForTimeout(50);
        const now = await handOrder(page);
        const rk = await ranking();
        if (rk.length > 0) ranked++;
        expect(now, `ranking ${rk.join(",")}`).toEqual(sorted(now, rk));
        checked++;
      }
      expect(ranked).toBeGreaterThan(0);
      await shot(page, "sorted-hand-desktop");
    });
  }, 180_000);
});

describe("the intro window (point 12)", () => {

  it("a Profi match's second game: not behind the first game's last round table — it opens once that is closed; the head keeps the first game's role meanwhile", async () => {
    // A fresh-eyes pass: at the second game's start the help stood behind the round table (two windows), and the head
    // said "Du bist Maske" over "Partie 1 · Runde 2/3".
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await page.goto(site.url + "/spielen/computer");
      for (const id of ["role-conte", "level-leicht", "ruleset-battlemaske", "variant-profi"]) await page.getByTestId(id).click();
      await page.getByTestId("start-game").click();
      await page.getByTestId("exchange-confirm").waitFor();
      await closeIntro(page);
      let secondGame = false;
      for (let i = 0; i < 600 && !secondGame; i++) {
        if (await page.getByTestId("game-result").count()) break;
        const cont = page.getByTestId("round-continue");
        if (await cont.isVisible()) {
          const title = (await page.locator("#round-title").textContent()) ?? "";
          const head = (await page.getByTestId("my-role").textContent()) ?? "";
          expect(await page.getByTestId("exchange-help").count(), title).toBe(0);
          if (title.includes("Partie 1")) expect(head, title).toContain("Conte");
          await cont.click();
          // The second game's first exchange: the help opens now, and the head names the second game's role.
          if ((await page.getByTestId("table").getAttribute("data-round")) === "1" && title.includes("Partie 1")) {
            await page.getByTestId("exchange-help").waitFor({ timeout: 5000 });
            expect(await page.getByTestId("my-role").textContent()).toContain("Maske");
            secondGame = true;
          }
          continue;
        }
        if ((await step(page, i)) === "idle") await page.waitForTimeout(30);
      }
      expect(secondGame).toBe(true);
      expect(b.errors).toEqual([]);
    });
  }, 240_000);
  it("opens at the start of the game as a dialog with both roles' advice, closes, and 'Was tauschen?' reopens it", async () => {
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await startGame(page);
      const dialog = page.locator('[role="dialog"][data-testid="exchange-help"]');
      await dialog.waitFor();
      const text = (await dialog.textContent()) ?? "";
      expect(text).toMatch(/Mischung aus hohen und niedrigen Karten/);
      expect(text).toMatch(/einseitige Runden/);
      // With a mouse the cards are clicked ("Tippe" read oddly on a desktop: a player pass).
      expect(text).toMatch(/Klicke die Karte an/);
      expect(text).toMatch(/viele starke \(oder lauter schwache\) Karten/);
      // No chess clock here: nothing to say about one.
      expect(await page.getByTestId("exchange-help-clock").count()).toBe(0);
      await shot(page, "intro-desktop");
      await page.getByTestId("exchange-help-close").click();
      await dialog.waitFor({ state: "detached" });
      // Reopened by the button beside "Tauschen"; Escape closes it too.
      await page.getByTestId("explain-exchange").click();
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(b.errors).toEqual([]);
    });
  }, 60_000);

  it("a game given up in its exchange shows no help over its result, nor on the table after it", async () => {
    await withBrowser([DESKTOP], async (b) => {
      const page = b.page;
      await startGame(page);
      const dialog = page.locator('[role="dialog"][data-testid="exchange-help"]');
      await dialog.waitFor();
      // Still in the exchange, the help open: the game ends (it stayed open behind the result sheet, a player pass).
      await page.getByTestId("resign").click();
      await page.getByTestId("resign-yes").click();
      await page.getByTestId("game-result").waitFor();
      expect(await dialog.count()).toBe(0);
      await page.getByTestId("view-table").click();
      await page.getByTestId("game-result").waitFor({ state: "detached" });
      expect(await dialog.count()).toBe(0);
      expect(b.errors).toEqual([]);
    });
  }, 60_000);

  /** A hot-seat game with this clock (`none`: without), the curtain raised for seat 0. */
  async function startHotSeat(page: Page, clock: "3-2" | "none"): Promise<void> {
    await page.goto(site.url + "/spielen/zuzweit");
    await page.getByTestId(`hotseat-clock-${clock}`).click();
    await page.getByTestId("hotseat-start").click();
    await page.getByTestId("curtain-ready").click();
  }

  /** Whether every clock in the head is on screen and what the pointer meets at its centre (nothing lies over it). */
  const clocksUncovered = async (page: Page): Promise<boolean> =>
    (await page.evaluate(`(() => {
      const d = globalThis.document, els = [...d.querySelectorAll('[data-testid="clock"]')];
      return els.length > 0 && els.every((e) => {
        const r = e.getBoundingClientRect(), hit = d.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.top >= 0 && r.bottom <= globalThis.innerHeight && !!hit && (hit === e || e.contains(hit));
      });
    })()`)) as boolean;

  it.each(BOTH_SCREENS)("%s: with a running chess clock it does not open by itself; 'Was tauschen?' opens it, saying the clock runs, beside the clocks and the hand", async (name, viewport) => {
    await withBrowser([viewport], async (b) => {
      const page = b.page;
      // Hot-seat with 3+2: the clock of the player in front of the raised curtain runs from the first exchange on.
      await startHotSeat(page, "3-2");
      await page.locator('[data-testid="clock"][data-running="true"]').waitFor();
      await page.getByTestId("exchange-confirm").waitFor();
      await page.waitForTimeout(300);
      const dialog = page.locator('[role="dialog"][data-testid="exchange-help"]');
      expect(await dialog.count(), "opened by itself over a running clock").toBe(0);
      await shot(page, `intro-clock-closed-${name}`);
      // Asked for: it says first that the own clock runs, and leaves the clocks, the hand and the buttons free.
      await page.getByTestId("explain-exchange").click();
      await dialog.waitFor();
      expect(await dialog.getByTestId("exchange-help-clock").innerText()).toContain("Deine Uhr läuft");
      await page.mouse.move(5, 5);
      expect(await clocksUncovered(page)).toBe(true);
      expect(await unreachable(page)).toEqual([]);
      await shot(page, `intro-clock-open-${name}`);
      // And a card can be picked with it open: the clock is not lost to the window.
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await page.locator('[data-testid="exchange-confirm"]:not([disabled])').waitFor();
      expect(await dialog.count()).toBe(1);
      expect(b.errors).toEqual([]);
    });
  }, 60_000);

  it("hot-seat without a clock: it opens by itself, as against the computer", async () => {
    await withBrowser([PHONE], async (b) => {
      const page = b.page;
      await startHotSeat(page, "none");
      await page.locator('[role="dialog"][data-testid="exchange-help"]').waitFor();
      expect(await page.getByTestId("exchange-help-clock").count()).toBe(0);
      expect(b.errors).toEqual([]);
    });
  }, 60_000);
});
