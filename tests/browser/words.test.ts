// The table's words in a real browser (issue 15, points 4, 5, 8, 9): the announcement aid lists what can still beat the
// elixir and says the effect in a sentence; Profi's end table names the winner and both Maske scores; the log and the
// hint speak proper German (and English after the switch); Zwiegespalten uses its own words (Leiste, Hüter/Schatten,
// ♣ ♦ ♥ ♠) on the table, the end table and the Bilanz. One site for the whole file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { openBrowser, playToEnd, settle, shot, startWebSite, step } from "./helpers.js";

let site: Site;

beforeAll(async () => {
  site = await startWebSite();
}, 180_000);
afterAll(async () => {
  await site?.stop();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SUIT_DE: Record<string, string> = { P: "Pfau", D: "Dukaten", G: "Glut" };
const label = (c: string) => (c[0] === "E" ? `Elixier ${c.slice(1)}+` : `${SUIT_DE[c[0]!]} ${c.slice(1)}`);
const list = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} und ${xs[xs.length - 1]}`);
/** Sentences the issue found wrong; none may appear anywhere on the table. */
const WRONG = [/Du spielst[^.]*und sagt /, /Du nimmt/, /rückt 0 Felder/, /zur Schatten/, /Mit Elixier/, /bis zu zwei Karten/, /cleared follows/, /Gewinnchance/];

async function start(page: Page, opts: { role: string; level: string; ruleset: string; variant: string }) {
  await page.goto(site.url + "/spielen/computer");
  for (const id of [`role-${opts.role}`, `level-${opts.level}`, `ruleset-${opts.ruleset}`, `variant-${opts.variant}`]) await page.getByTestId(id).click();
  await page.getByTestId("start-game").click();
  await page.getByTestId("table").waitFor();
}

/** A fresh browser for one test, closed after it; its console stays clean. */
async function inBrowser(viewport: { width: number; height: number }, body: (page: Page) => Promise<void>): Promise<void> {
  const b = await openBrowser(viewport);
  try {
    await body(b.page);
    expect(b.errors).toEqual([]);
  } finally {
    await b.close();
  }
}

const hand = (page: Page) => page.locator('[data-testid="hand-card"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")!));
const logTexts = (page: Page) => page.getByTestId("log-entry").allTextContents();

/**
 * A Battlemaske game vs Leicht as Conte, dealt anew until the hand holds an elixir at the first lead (the exchange gives a
 * suit card when the rules allow it). `inExchange` runs once, in the first exchange.
 */
async function toElixirLead(page: Page, inExchange?: () => Promise<void>): Promise<{ elixir: string; gave: string; mine: string[] }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    await start(page, { role: "conte", level: "leicht", ruleset: "battlemaske", variant: "normal" });
    await page.getByTestId("exchange-confirm").waitFor();
    if (attempt === 0 && inExchange) await inExchange();
    const legal = await page.locator('[data-testid="hand-card"][data-legal="true"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")!));
    const gave = legal.find((c) => c[0] !== "E") ?? legal[0]!;
    await page.locator(`[data-testid="hand-card"][data-card="${gave}"]`).click();
    await page.getByTestId("exchange-confirm").click();
    await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor();
    const mine = await hand(page);
    const elixir = mine.find((c) => c[0] === "E");
    if (elixir) return { elixir, gave, mine };
    await page.getByTestId("resign").click();
    await page.getByTestId("resign-yes").click();
    await page.getByTestId("game-result").waitFor();
  }
  throw new Error("no elixir in eight deals");
}

describe("the words at the table (browser)", () => {
  it("point 4 (Battlemaske): the announcement aid names what can still beat the elixir, the opponent's known cards, the effect in a sentence and your count", async () => {
    await inBrowser(DESKTOP, async (page) => {
      const { elixir, gave, mine } = await toElixirLead(page);
      // The first trick of the game: nothing is played yet, so what can beat elixir n+ is every higher card not in hand.
      const n = Number(elixir.slice(1));
      await page.locator(`[data-testid="hand-card"][data-card="${elixir}"]`).click();
      await page.getByTestId("name-suit-P").waitFor();
      const effects: Record<string, string> = {
        P: "Bedient er, folgt Stolz: Wer den Stich gewinnt, nimmt dem anderen zusätzlich einen schon gewonnenen Stich weg.",
        D: "Bedient er, folgt Gier: Nach dem Stich wählen beide verdeckt zwei Handkarten und tauschen sie.",
        G: "Bedient er, folgt Zorn: Die Rangfolge wird zurückgesetzt und baut sich mit den nächsten Farben neu auf.",
      };
      for (const s of ["P", "D", "G"]) {
        const aid = (await page.getByTestId(`announcement-aid-${s}`).textContent()) ?? "";
        const beat = [];
        for (let k = n + 1; k <= 7; k++) if (!mine.includes(`${s}${k}`)) beat.push(label(`${s}${k}`));
        expect(aid).toContain(beat.length ? `Diese Karten können dein Elixier noch schlagen: ${list(beat)}.` : `Keine Karte in ${SUIT_DE[s]} kann dein Elixier noch schlagen.`);
        // Never a card the elixir beats (value n or lower).
        for (let k = 1; k <= n; k++) expect(aid).not.toContain(`${label(`${s}${k}`)},`);
        expect(aid).toContain(effects[s]);
        const held = mine.filter((c) => c[0] === s).length;
        expect(aid).toContain(`Du hältst ${held === 0 ? "keine Karte" : held === 1 ? "1 Karte" : `${held} Karten`} in ${SUIT_DE[s]}.`);
        // The card given in the exchange is surely at the opponent.
        if (gave[0] === s) expect(aid).toContain(`Dein Gegner hält sicher ${label(gave)}`);
        else expect(aid).toContain(`Über ${SUIT_DE[s]} bei deinem Gegner weißt du nichts sicher.`);
      }
      await shot(page, "words-announcement-aid-desktop");
      await page.setViewportSize(PHONE);
      await shot(page, "words-announcement-aid-phone");
      // The card counter has the seed's title in Battlemaske too (point 9).
      expect(await page.locator(".counter summary").textContent()).toBe("Noch im Spiel");
    });
  }, 300_000);

  it("point 8: the hint prints its chance once; the log reads right in German and, after the switch, in English", async () => {
    await inBrowser(DESKTOP, async (page) => {
      const { elixir } = await toElixirLead(page, async () => {
        // The hint in the exchange: the role's rule of thumb, and the chance to win printed once.
        await page.getByTestId("hint").click();
        await page.getByTestId("hint-box").waitFor();
        const h = (await page.getByTestId("hint-box").textContent()) ?? "";
        expect(h).toMatch(/^Rat: Tausch: Gib .+ ab – als Conte behältst du/);
        expect(h.match(/chance/gi)?.length).toBe(1);
        await shot(page, "words-hint-desktop");
      });
      // Naming Pfau: the log says it in one grammatical sentence, with its own hook per line.
      await page.locator(`[data-testid="hand-card"][data-card="${elixir}"]`).click();
      await page.getByTestId("name-suit-P").click();
      await page.locator('[data-testid="table"][data-busy="false"]').waitFor();
      await page.waitForFunction(`[...document.querySelectorAll('[data-testid="log-entry"]')].some((e) => e.textContent.includes("gewinnt den Stich") || e.textContent.includes("gewinnst den Stich"))`, undefined, { timeout: 10_000 });
      const de = await logTexts(page);
      expect(de).toContain(`Du spielst ${label(elixir)} aus und sagst Pfau an.`);
      for (const line of de) for (const w of WRONG) expect(line).not.toMatch(w);

      // A few more tricks, then the English switch: the same log in English.
      for (let i = 0; i < 8; i++) if ((await step(page)) === "idle") await page.waitForTimeout(30);
      for (const line of await logTexts(page)) for (const w of WRONG) expect(line).not.toMatch(w);
      await page.locator('.lang-switch button[lang="en"]').click();
      const en = await logTexts(page);
      expect(en).toContain(`You lead Elixir ${elixir.slice(1)}+ and name Pfau.`);
      for (const line of en) expect(line).not.toMatch(/\b(Du|du|spielst|gewinnt|Stich)\b|follows\./);
      expect(await page.locator(".counter summary").textContent()).toBe("Still in play");
      await shot(page, "words-log-english-desktop");
      await page.locator('.lang-switch button[lang="de"]').click();
    });
  }, 300_000);

  it("point 5 (Profi): the end table names the real winner and both Maske scores with names", async () => {
    await inBrowser(DESKTOP, async (page) => {
      await start(page, { role: "conte", level: "leicht", ruleset: "battlemaske", variant: "profi" });
      await playToEnd(page, { maxSteps: 900 });
      const result = page.getByTestId("game-result");
      const text = (await result.textContent()) ?? "";
      const seat = await result.getAttribute("data-winner-seat");
      const winner = await result.getAttribute("data-winner");
      const title = (await result.locator("h2").textContent()) ?? "";
      // Both scores with names.
      const scores = /Punkte als Maske: (?:Du (\d+) · Computer (\d+)|Computer (\d+) · Du (\d+))\./.exec(text);
      expect(scores, text).not.toBeNull();
      const me = Number(scores![1] ?? scores![4]);
      const cpu = Number(scores![2] ?? scores![3]);
      if (title === "Gewonnen!") expect(text).toMatch(/Du gewinnst (als bessere Maske|mit weniger Runden)\./);
      else if (title === "Verloren") expect(text).toMatch(/Der Computer gewinnt (als bessere Maske|mit weniger Runden)\./);
      // A draw: the title says it, the sentence under it is not repeated (withoutTitle; this branch expected the repeated
      // "Unentschieden." and failed a fresh CI run the one time its random Profi game ended level), the scores level.
      else {
        expect(title).toBe("Unentschieden");
        expect(me).toBe(cpu);
        expect(text.match(/Unentschieden/g)).toHaveLength(1);
      }
      if (title !== "Unentschieden") {
        expect(["0", "1"]).toContain(seat);
        expect(["conte", "maske"]).toContain(winner);
      } else expect(winner).toBe("draw");
      // The tie-break is shown when it decides; otherwise the better Maske wins.
      if (me === 10 && cpu === 10) expect(text).toContain("Beide haben 10");
      else if (title === "Gewonnen!") expect(me).toBeGreaterThan(cpu);
      else if (title === "Verloren") expect(cpu).toBeGreaterThan(me);
      expect(text).not.toMatch(/^(Conte|Maske) gewinnt/m);
      await shot(page, "words-profi-result-desktop");
    });
  }, 400_000);

  it("point 9: Zwiegespalten speaks its own words: Leiste, Hüter and Schatten, ♣ ♦ ♥ ♠ — on the table, the end table and the Bilanz (phone)", async () => {
    await inBrowser(PHONE, async (page) => {
      await start(page, { role: "maske", level: "leicht", ruleset: "zwiegespalten", variant: "normal" });
      await page.getByTestId("exchange-confirm").waitFor();
      expect(await page.locator(".mirror-box .box-title").textContent()).toBe("Leiste");
      expect(await page.locator(".counter summary").textContent()).toBe("Noch im Spiel");
      expect(await page.getByTestId("my-role").textContent()).toContain("Schatten");
      await page.getByTestId("hint").click();
      await page.getByTestId("hint-box").waitFor();
      const h = (await page.getByTestId("hint-box").textContent()) ?? "";
      expect(h).toMatch(/Tauschen: Gib .+ ab – als Schatten behältst du/);
      expect(h).not.toMatch(/Maske|Conte|Pik/);
      await shot(page, "words-zw-hint-phone");
      for (let i = 0; i < 14; i++) if ((await step(page)) === "idle") await page.waitForTimeout(30);
      await settle(page);
      const log = await logTexts(page);
      expect(log.length).toBeGreaterThan(3);
      const all = log.join("\n");
      expect(all).toMatch(/(spielst|spielt) [A2-7][♣♦♥♠]/);
      expect(all).not.toMatch(/Pfau|Dukaten|Glut|Maske|Conte|Spiegel|Pik|Stolz|Gier|Zorn/);
      const tableText = (await page.getByTestId("table").textContent()) ?? "";
      expect(tableText).not.toMatch(/Spiegel|Maske|Conte/);
      // The open log only for a screenshot, once the table holds still: a round table coming up would cover the sheet's
      // handle (a look at "round-continue" before the click raced the computer's last card: red in a fresh CI run).
      await settle(page);
      const handle = page.getByTestId("log-sheet").locator("summary");
      if (await handle.isVisible()) {
        await handle.click();
        await shot(page, "words-zw-log-phone");
        await handle.click();
      }

      await page.getByTestId("resign").click();
      await page.getByTestId("resign-yes").click();
      await page.getByTestId("game-result").waitFor();
      const result = (await page.getByTestId("game-result").textContent()) ?? "";
      expect(result).toContain("Der Computer gewinnt: Du hast aufgegeben.");
      expect(result).toContain("Leiste:");
      expect(result).not.toMatch(/Spiegel|Maske|Conte/);
      // After the end the card counter's count names the cards never played, not cards "still in play".
      expect(await page.getByTestId("card-counter-toggle").getAttribute("data-count")).toMatch(/^\d+ nicht gespielt$/);
      await shot(page, "words-zw-result-phone");

      // The Bilanz names the role the Zwiegespalten way.
      await page.getByTestId("leave-result").click();
      await page.goto(site.url + "/bilanz");
      const row = page.locator('[data-testid="bilanz-record"][data-game="zwiegespalten"][data-role="maske"]');
      for (let i = 0; i < 30 && (await row.count()) === 0; i++) {
        await page.waitForTimeout(500);
        await page.reload();
      }
      expect(await row.locator("td").nth(2).textContent()).toBe("Schatten");
      await shot(page, "words-zw-bilanz-phone");
    });
  }, 300_000);
});
