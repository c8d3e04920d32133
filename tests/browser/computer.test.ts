// Against the computer in a real browser (Debian's chromium) against wrangler dev: setup, the stable hooks, a whole game by
// clicking, a phone with a reload mid-game, and the daily game to the board. One site for the whole file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { newComputerGameAsConte, openBrowser, playToEnd, pressByKeyboard, settle, shot, silenceableSockets, startWebSite, step, type Browser } from "./helpers.js";
import { dailyDeals } from "../../shared/daily.js";
import { cardLabel } from "../../shared/battlemaske/words.js";

let site: Site;
let b: Browser;

beforeAll(async () => {
  site = await startWebSite();
  b = await openBrowser();
}, 180_000);
afterAll(async () => {
  await b?.close();
  await site?.stop();
});

describe("against the computer (browser)", () => {
  it("plays a whole game vs Leicht by clicking, with the stable hooks in place and no console errors", async () => {
    const page = b.page;
    await page.goto(site.url + "/");
    await shot(page, "home-desktop");
    // Each game's card has its own way in: Zwiegespalten's opens the computer setup with that rule set chosen.
    await page.getByTestId("play-zwiegespalten").click();
    await page.locator('[data-testid="ruleset-zwiegespalten"][aria-pressed="true"]').waitFor();
    expect(await page.getByTestId("role-conte").textContent()).toContain("Hüter");
    await page.goto(site.url + "/");
    await page.getByTestId("new-game-computer").click();
    await page.getByTestId("role-conte").click();
    await page.getByTestId("level-leicht").click();
    await page.getByTestId("ruleset-battlemaske").click();
    await page.getByTestId("variant-normal").click();
    await shot(page, "setup-desktop");
    await page.getByTestId("start-game").click();
    await page.getByTestId("exchange-confirm").waitFor();
    await shot(page, "table-exchange-desktop");
    // The rules of the game at the table, in a tab of their own.
    expect(await page.getByTestId("rules-link").getAttribute("href")).toBe("/regeln/battlemaske");
    expect(await page.getByTestId("rules-link").getAttribute("target")).toBe("_blank");

    // Exchange, round 1: one card; the confirm button stays disabled until it is picked, and a click toggles.
    const confirm = page.getByTestId("exchange-confirm");
    expect(await confirm.isDisabled()).toBe(true);
    const first = page.locator('[data-testid="hand-card"][data-legal="true"]').first();
    const id = await first.getAttribute("data-card");
    expect(id).toMatch(/^[PDGE][1-7]$/);
    await first.click();
    expect(await confirm.isDisabled()).toBe(false);
    await page.locator(`[data-testid="hand-card"][data-card="${id}"]`).click();
    expect(await confirm.isDisabled()).toBe(true);
    await page.locator(`[data-testid="hand-card"][data-card="${id}"]`).click();
    await confirm.click();

    // Conte leads the first trick: every card is legal; the mirror and the trick score are there.
    await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor();
    expect(await page.getByTestId("mirror").getAttribute("data-value")).toBe("0");
    expect(await page.getByTestId("trick-score").textContent()).toContain("0");
    await shot(page, "table-play-desktop");

    // The hint: suggested cards glow, a box gives reason and chance.
    await page.getByTestId("hint").click();
    await page.getByTestId("hint-box").waitFor();
    expect(await page.locator('[data-testid="hand-card"][data-hint="true"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId("win-chance").textContent()).toMatch(/\d+ %/);
    // The advice sits under the tools and covers neither the computer's hand nor the trick (it once opened over them).
    const box = (await page.getByTestId("hint-box").boundingBox())!;
    for (const covered of [page.getByTestId("opponent-hand"), page.getByTestId("trick"), page.getByTestId("hint")]) {
      const r = (await covered.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(r.y + r.height);
    }
    await shot(page, "table-hint-desktop");

    // Card info: hovering a card opens its window, computed from the view (rule, higher cards, what it does now).
    await page.locator('[data-testid="hand-card"]').first().hover();
    await page.getByTestId("card-info").waitFor();
    expect(((await page.getByTestId("card-info").textContent()) ?? "").length).toBeGreaterThan(40);
    await shot(page, "table-card-info-desktop");
    await page.mouse.move(5, 5);

    // An elixir lead asks for a suit, if we hold one.
    const elixir = page.locator('[data-testid="hand-card"][data-legal="true"][data-card^="E"]').first();
    if ((await elixir.count()) > 0) {
      await elixir.click();
      await page.getByTestId("name-suit-G").waitFor();
      expect(await page.getByTestId("name-suit-P").isVisible()).toBe(true);
      expect(await page.getByTestId("name-suit-D").isVisible()).toBe(true);
      // The announcement aid beside each suit: what is known, what the elixir still beats, the effect, how many held.
      expect(await page.getByTestId("announcement-aid-G").textContent()).toMatch(/Du hältst (\d|keine)/);
      await shot(page, "table-name-suit-desktop");
      await elixir.click(); // toggles the choice off again
    }

    // Motion: with it on, a batch (your card, the computer's reply, the trick taken) plays out frame by frame at the
    // room's animation credits before the view moves on; the table stays busy meanwhile.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const frames = page.waitForFunction(`!!globalThis.document.querySelector('[data-testid="trick"][data-staged="true"]') && globalThis.document.querySelector('[data-testid="table"]').getAttribute("data-busy") === "true"`, undefined, { polling: 10, timeout: 20_000 });
    for (let i = 0; i < 6; i++) if ((await step(page)) === "idle") await page.waitForTimeout(30);
    await frames;
    await page.emulateMedia({ reducedMotion: "reduce" }); // the rest of the game at once

    // Mid-round 1 (the opponent still holds cards): the info window for everything else on the table.
    await page.locator('[data-testid="table"][data-busy="false"] [data-testid="opponent-hand"]:not([data-count="0"])').waitFor();
    const infoOf = async (target: ReturnType<typeof page.locator>, topic: string, pattern: RegExp, name: string) => {
      await target.hover();
      await page.locator(`[data-testid="card-info"][data-topic="${topic}"]`).waitFor();
      expect(await page.getByTestId("card-info").textContent()).toMatch(pattern);
      await shot(page, name);
      await page.mouse.move(5, 5);
    };
    await infoOf(page.getByTestId("plaque").first(), "place", /schwächste/, "table-plaque-info-desktop");
    await infoOf(page.locator('[data-testid="mirror-field"][data-field="10"]'), "field", /Feld 10 des Spiegels.*Stiche jetzt/, "table-field-info-desktop");
    await infoOf(page.getByTestId("mirror-preview"), "field", /endete die Runde jetzt/, "table-preview-info-desktop");
    await infoOf(page.getByTestId("opponent-backs"), "hidden", /verdeckte Karte deines Gegners/, "table-hidden-info-desktop");

    // Take back the last card once: the table goes back, and the game counts "mit Hilfe". Looked for at calm moments
    // only, before each step (the seat to play with a card of its own already in this round: a state that lasts until
    // we act). It was looked for right after a click, a passing moment: under CI's load a whole game once went by
    // without one look finding the button enabled.
    const canTakeBack = async () =>
      !(await page.getByTestId("name-suit-P").isVisible()) && !(await page.getByTestId("round-table").isVisible()) && (await page.locator('[data-testid="takeback"]:not([disabled])').count()) > 0;
    let tookBack = false;
    for (let i = 0; !tookBack && i < 400; i++) {
      await page.locator('[data-testid="table"][data-busy="false"]').waitFor({ timeout: 10_000 }).catch(() => undefined);
      if (i >= 2 && (await canTakeBack())) {
        tookBack = true;
        await page.locator('[data-testid="takeback"]:not([disabled])').click();
        await page.getByTestId("game-log").getByText("Karte zurück:").waitFor();
        expect(await page.getByTestId("table-error").count()).toBe(0);
        // What it undid stays listed, struck through: at least my card; the take-back's own line is not.
        expect(await page.locator('[data-testid="log-entry"][data-undone="true"]').count()).toBeGreaterThan(0);
        // The taken-back card is my own: the first struck entry is mine ("Du spielst …"), not only the computer's replies.
        expect(await page.locator('[data-testid="log-entry"][data-undone="true"]').first().textContent()).toMatch(/^Du spielst /);
        expect(await page.locator('[data-testid="log-entry"]').last().getAttribute("data-undone")).toBeNull();
        break;
      }
      const r = await step(page, i);
      if (r === "over") break;
      if (r === "idle") await page.waitForTimeout(30);
    }
    expect(tookBack, "a calm moment with Karte zurück enabled came before the game ended").toBe(true);
    await playToEnd(page, { onStep: async (i) => (i === 3 ? shot(page, "table-midgame-desktop") : undefined) });
    const result = page.getByTestId("game-result");
    expect(["conte", "maske"]).toContain(await result.getAttribute("data-winner"));
    await shot(page, "result-desktop");
    await page.getByTestId("view-table").click();
    await shot(page, "table-over-desktop");
    await page.getByTestId("show-result").click();
    await result.waitFor();
    expect(b.errors).toEqual([]);
  }, 240_000);
});

const newGameAsConte = (page: Page) => newComputerGameAsConte(page, site.url);

describe("an elixir led (browser)", () => {
  it("naming a suit gives the stage back at once: the elixir stands in the trick while the answer plays out", async () => {
    const page = b.page;
    let tried = false;
    for (let game = 0; game < 10 && !tried; game++) {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await newGameAsConte(page);
      if (await page.getByTestId("exchange-help-close").isVisible()) await page.getByTestId("exchange-help-close").click();
      // Give away a card that is no elixir where the rule allows it (two elixirs or more: one must go).
      const plain = page.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])');
      await ((await plain.count()) > 0 ? plain.first() : page.locator('[data-testid="hand-card"][data-legal="true"]').first()).click();
      await page.getByTestId("exchange-confirm").click();
      // The Conte leads the first trick.
      await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor({ timeout: 30_000 });
      const elixir = page.locator('[data-testid="hand-card"][data-legal="true"][data-card^="E"]').first();
      if ((await elixir.count()) === 0) continue;
      tried = true;
      // With motion: the computer's answer and the trick play out at the room's pace.
      await page.emulateMedia({ reducedMotion: "no-preference" });
      const card = await elixir.getAttribute("data-card");
      await elixir.click();
      await page.getByTestId("name-suit-P").waitFor();
      // The three suits' names on one line, however long their aids (centred, they stood at three heights on a desktop).
      const tops = await page.locator(".suit-button-name").evaluateAll((es) => es.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(tops).toHaveLength(3);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
      // For a screen reader each choice is named by its suit, its aid the description (the whole aid was the name).
      for (const name of ["Pfau", "Dukaten", "Glut"]) expect(await page.getByRole("button", { name, exact: true }).count()).toBe(1);
      await page.getByTestId("name-suit-P").click();
      // At once (the chooser stood greyed over the trick for the whole batch, 1.5–2 s: a fresh-eyes pass): no suits, the
      // elixir in the trick with "Angesagt: Pfau" beside it (gone until the batch's end: the next pass), the table
      // still busy with the answer.
      const seen = (await page.waitForFunction(
        `(() => { const d = globalThis.document; return !d.querySelector('[data-testid="name-suit-P"]') && !!d.querySelector('[data-testid="trick"] [data-card="${card}"]') && (d.querySelector('[data-testid="trick"] .named')?.textContent ?? "").includes("Pfau") ? d.querySelector('[data-testid="table"]').getAttribute("data-busy") : null; })()`,
        undefined,
        { polling: 20, timeout: 3000 },
      )).jsonValue();
      expect(await seen).toBe("true");
      await shot(page, "table-elixir-led-desktop");
      // Once answered, the trick keeps its named suit beside it (it went with the answer: the next pass).
      await page.locator('[data-testid="last-trick-named"]').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId("last-trick-named").textContent()).toContain("Pfau");
    }
    expect(tried, "an elixir to lead within ten games").toBe(true);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(b.errors).toEqual([]);
  }, 240_000);
});

describe("two tabs of one game (browser)", () => {
  it("plays a card from either tab: each command gets its own clientSeq, none is taken for a resend of the other tab's", async () => {
    // A fresh-eyes finding: each tab counted clientSeq from its own copy of the session, and the room acknowledged the
    // second tab's card as a resend of the first tab's exchange — the card stayed raised, never played.
    const one = await b.context.newPage();
    const two = await b.context.newPage();
    try {
      await newGameAsConte(one);
      // The second tab opens the table before the first sends anything.
      await two.goto(one.url());
      await two.getByTestId("exchange-confirm").waitFor();
      await one.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await one.getByTestId("exchange-confirm").click();
      const myTurn = '[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]';
      const played = async (page: Page, other: Page) => {
        // A trick with Gier brings a greed swap before the next card (a fresh CI run waited 30 s for a turn that stood
        // behind it): this tab makes the seat's swap, the room tells the other.
        for (let i = 0; i < 300 && (await page.locator(myTurn).count()) === 0; i++) {
          if ((await page.getByTestId("table").getAttribute("data-phase")) === "swap") await step(page);
          else await page.waitForTimeout(50);
        }
        await page.locator(myTurn).waitFor();
        const card = await page.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().getAttribute("data-card");
        await page.locator(`[data-testid="hand-card"][data-card="${card}"]`).click();
        // Played: it leaves the hand (with the old counter it stayed there, raised, the room's answer an ack alone).
        await page.locator(`[data-testid="hand-card"][data-card="${card}"]`).waitFor({ state: "detached", timeout: 15_000 });
        // And the other tab has seen it before it plays on: until its batch comes, that tab still shows the turn before
        // this card, and the test picked this very card there (CI: the click then waited 30 s for a card gone).
        await other.locator(`[data-testid="hand-card"][data-card="${card}"]`).waitFor({ state: "detached", timeout: 15_000 });
      };
      await played(two, one);
      await played(one, two);
      await played(two, one);
    } finally {
      await one.close();
      await two.close();
    }
  }, 120_000);

  it.each(["refuse", "swallow"] as const)("a connection that goes quiet without closing (new sockets: %s): the table says it is reconnecting, and the card played into it is played once it is back", async (mode) => {
    // A fresh-eyes finding: a network that swallowed every frame kept the socket "open", and nothing told the player
    // that the table had stopped moving (the card sent into it was resent into it every 5 s, for ever). Here the
    // socket passes nothing either way from a moment on; new sockets are refused ("refuse"), or open and pass nothing
    // either until the network is back ("swallow": a second pass found the table standing still for good after it, its
    // hello swallowed and its socket then kept as alive, and no word while new sockets opened and heard nothing).
    const page = await b.context.newPage();
    try {
      const net = await silenceableSockets(page);
      await newGameAsConte(page);
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await page.getByTestId("exchange-confirm").click();
      const myTurn = '[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]';
      for (let i = 0; i < 300 && (await page.locator(myTurn).count()) === 0; i++) {
        if ((await page.getByTestId("table").getAttribute("data-phase")) === "swap") await step(page);
        else await page.waitForTimeout(50);
      }
      await page.locator(myTurn).waitFor();
      expect(await page.getByTestId("reconnecting").count()).toBe(0);
      const version = Number(await page.getByTestId("table").getAttribute("data-version"));
      net.silence(mode);
      const card = await page.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().getAttribute("data-card");
      await page.locator(`[data-testid="hand-card"][data-card="${card}"]`).click();
      // The card is not answered within 5 s (nor would a ping be): the page gives the socket up and says so.
      await page.getByTestId("reconnecting").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("reconnecting").textContent()).toContain("Verbindung wird wiederhergestellt");
      await shot(page, `computer-reconnecting-${mode}`);
      // Swallowed, the new sockets keep opening: the table still says so a while later (it said nothing the moment a
      // socket opened).
      await page.waitForTimeout(7000);
      expect(await page.getByTestId("reconnecting").count()).toBe(1);
      expect(Number(await page.getByTestId("table").getAttribute("data-version"))).toBe(version);
      // The network is back: a new socket, its hello, and the card that was never answered is sent again and played.
      net.restore();
      await page.getByTestId("reconnecting").waitFor({ state: "detached", timeout: 20_000 });
      await page.locator(`[data-testid="hand-card"][data-card="${card}"]`).waitFor({ state: "detached", timeout: 15_000 });
      await page.waitForFunction(`Number(globalThis.document.querySelector('[data-testid="table"]').getAttribute("data-version")) > ${version}`, undefined, { timeout: 15_000 });
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("a table page that gets no connection (browser)", () => {
  it("says after a few seconds that it has no connection yet and keeps trying; the table comes with the network", async () => {
    // A fresh-eyes pass reloaded a table on a network that swallowed every frame: "Der Tisch wird gedeckt …" for ever,
    // nothing to tell a slow table from none. A browser of its own: the offline sockets' console lines are its own.
    const own = await openBrowser();
    const page = own.page;
    try {
      const net = await silenceableSockets(page);
      await newComputerGameAsConte(page, site.url);
      net.silence("swallow");
      const started = Date.now();
      await page.reload();
      await page.getByTestId("table-no-connection").waitFor({ timeout: 15_000 });
      // Not at once: a table on a good network comes well within the few seconds.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
      expect(await page.getByTestId("table").count()).toBe(0);
      expect(await page.getByTestId("table-no-connection").innerText()).toContain("Noch keine Verbindung zum Tisch");
      await shot(page, "table-no-connection");
      net.restore();
      await page.getByTestId("exchange-confirm").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("table-no-connection").count()).toBe(0);
      // Sockets refused while the site answers (a network or proxy that refuses them): no proof that the game does not
      // exist either (a third pass read "Diese Partie gibt es nicht." for its running game).
      const table = page.url();
      net.silence("refuse");
      await page.reload();
      await page.getByTestId("table-no-connection").waitFor({ timeout: 15_000 });
      await page.waitForTimeout(8_000);
      expect(await page.getByTestId("table-loading-error").count()).toBe(0);
      net.restore();
      await page.getByTestId("exchange-confirm").waitFor({ timeout: 30_000 });
      // Offline (the page loaded, then the network went): the sockets never open, and the Worker cannot be asked.
      net.silence("refuse");
      await page.reload();
      await page.locator(".table-loading").waitFor();
      await page.context().setOffline(true);
      await page.getByTestId("table-no-connection").waitFor({ timeout: 15_000 });
      await page.waitForTimeout(8_000);
      expect(await page.getByTestId("table-loading-error").count()).toBe(0);
      expect(await page.getByTestId("watch-refused").count()).toBe(0);
      await page.context().setOffline(false);
      net.restore();
      await page.getByTestId("exchange-confirm").waitFor({ timeout: 30_000 });
      expect(page.url()).toBe(table);
    } finally {
      await own.close();
    }
  }, 90_000);
});

describe("a reload at the round table (browser)", () => {
  it("shows the round just ended again, until 'Weiter'", async () => {
    const page = await b.context.newPage();
    try {
      // Round 1 to its end: step() plays this seat's part and stops short of dismissing the round table. A round 1
      // that ends 10 : 0 ends the game with no round table (the result instead): the test's player, the first legal
      // card as the Conte, sometimes takes every trick (a fresh CI run timed out waiting for the round table). Then a
      // new game, up to five.
      for (let game = 0; game < 5 && (await page.getByTestId("round-continue").count()) === 0; game++) {
        await newGameAsConte(page);
        for (let i = 0; i < 200 && (await page.getByTestId("round-continue").count()) === 0; i++) {
          const r = await step(page, i, { keepRoundTable: true });
          if (r === "over") break;
          if (r === "idle") await page.waitForTimeout(30);
        }
      }
      const shown = await page.getByTestId("round-table").innerText();
      // The round's difference is labelled beside the score ("→ 0" read like the mirror's new position, a player pass)
      // and is the one the sentence below names.
      const diff = (await page.getByTestId("round-diff").innerText()).trim();
      expect(diff).toMatch(/^(· )?Abstand \d+$/);
      expect(await page.getByTestId("round-move").innerText()).toContain(`Der Abstand ist ${diff.match(/\d+/)![0]}:`);
      expect(await page.getByTestId("round-sum").innerText()).not.toContain("→");
      await page.reload();
      await page.getByTestId("round-continue").waitFor();
      expect(await page.getByTestId("round-table").innerText()).toBe(shown);
      await page.getByTestId("round-continue").click();
      await page.getByTestId("round-table").waitFor({ state: "detached" });
      // Closed with "Weiter": a reload before this seat's first step of the new round does not bring it back (CI: the
      // counter test reloaded right there and found the round table over its button).
      await page.reload();
      await page.getByTestId("table").waitFor();
      await page.locator('[data-testid="hand-card"]').first().waitFor();
      await page.locator('[data-testid="table"][data-busy="false"]').waitFor();
      expect(await page.getByTestId("round-table").count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("on a phone (390×844)", () => {
  it("resumes the same game after a reload (Zwiegespalten, Maske, Mittel), then resigns", async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const page = phone.page;
      await page.goto(site.url + "/");
      await shot(page, "home-phone");
      await page.getByTestId("new-game-computer").click();
      await page.getByTestId("role-maske").click();
      await page.getByTestId("level-mittel").click();
      await page.getByTestId("ruleset-zwiegespalten").click();
      await page.getByTestId("variant-normal").click();
      await shot(page, "setup-phone");
      await page.getByTestId("start-game").click();
      await page.getByTestId("exchange-confirm").waitFor();
      await shot(page, "table-exchange-phone");

      // Every tap target is at least 44 px; ten cards sit in two rows.
      const boxes = await page.locator('[data-testid="hand-card"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height, top: Math.round(r.top) })));
      expect(boxes.length).toBe(10);
      for (const r of boxes) expect(Math.min(r.w, r.h)).toBeGreaterThanOrEqual(44);
      expect(new Set(boxes.map((r) => Math.round(r.top / 20))).size).toBeGreaterThanOrEqual(2);
      const width = await page.evaluate("document.documentElement.scrollWidth");
      expect(width).toBeLessThanOrEqual(390);

      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await page.getByTestId("exchange-confirm").click();
      await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor();
      const url = page.url();
      const hand = await page.locator('[data-testid="hand-card"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
      const version = await page.getByTestId("table").getAttribute("data-version");
      await shot(page, "table-play-phone");

      await page.reload();
      await page.locator('[data-testid="table"][data-phase="play"] [data-testid="turn"][data-my-turn="true"]').waitFor();
      expect(page.url()).toBe(url);
      expect(await page.getByTestId("table").getAttribute("data-version")).toBe(version);
      expect(await page.locator('[data-testid="hand-card"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")))).toEqual(hand);

      // The start page offers to resume it too, and says which game that is.
      await page.goto(site.url + "/");
      expect(await page.getByTestId("resume-what").innerText()).toBe("Gegen den Computer (Mittel)");
      await shot(page, "home-resume-phone");
      // In English the level too (it read "Against the computer (Mittel)": a player pass).
      await page.locator('.lang-switch button[lang="en"]').click();
      expect(await page.getByTestId("resume-what").innerText()).toBe("Against the computer (Medium)");
      await page.locator('.lang-switch button[lang="de"]').click();
      await page.getByTestId("resume-game").click();
      await page.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();

      // Another game started meanwhile does not hide this one (a fresh-eyes pass): the start page lists it beside
      // "Partie fortsetzen", which now means the newer one.
      const first = new URL(url).pathname.split("/").pop()!;
      await page.goto(site.url + "/spielen/computer");
      await page.getByTestId("start-game").click();
      await page.getByTestId("exchange-confirm").waitFor();
      const second = new URL(page.url()).pathname.split("/").pop()!;
      await page.goto(site.url + "/");
      expect(await page.getByTestId("resume-game").getAttribute("href")).toBe(`/partie/${second}`);
      await shot(page, "home-resume-others-phone");
      await page.locator(`[data-testid="resume-other"][data-room="${first}"]`).click();
      await page.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();
      expect(page.url()).toBe(url);

      // A few more cards, then resign: the Conte resigned, so the Maske wins. Never to the end of the round: a round
      // that ends 10:0 ends the game (as in the friend test), and then there is nothing to resign.
      for (let i = 0; i < 12 && (await page.locator('[data-testid="hand-card"]').count()) > 2; i++) if ((await step(page)) === "idle") await page.waitForTimeout(30);
      expect(await page.getByTestId("game-result").count()).toBe(0);
      await shot(page, "table-midgame-phone");
      await settle(page); // a round may have ended, or be about to: the round table would cover the sheet
      // The log is a sheet at the bottom: its handle shows the newest entry; a tap pulls the whole log up.
      const sheet = page.getByTestId("log-sheet");
      expect(await sheet.evaluate((e) => (globalThis as unknown as { getComputedStyle(x: unknown): { position: string } }).getComputedStyle(e).position)).toBe("fixed");
      await sheet.locator("summary").click();
      expect(await page.getByTestId("game-log").isVisible()).toBe(true);
      expect(await page.getByTestId("game-log").locator("li").count()).toBeGreaterThan(3);
      await shot(page, "table-log-sheet-phone");
      await sheet.locator("summary").click();
      await page.getByTestId("resign").click();
      await page.getByTestId("resign-yes").click();
      await page.getByTestId("game-result").waitFor();
      expect(await page.getByTestId("game-result").getAttribute("data-winner")).toBe("conte");
      expect(await page.getByTestId("game-result").getAttribute("data-reason")).toBe("resign");
      // The round given up in stands on the scoresheet as not played to its end, under the rounds that were.
      const open = page.getByTestId("result-round-open");
      expect(await open.innerText()).toMatch(new RegExp(`^${await page.getByTestId("table").getAttribute("data-round")}\\s+\\d+\\s+\\d+\\s+nicht zu Ende gespielt$`));
      expect(await page.locator('[data-testid="result-rounds"] tbody tr').last().getAttribute("data-testid")).toBe("result-round-open");
      await shot(page, "result-phone");
      // Seen to its end, it is no longer listed; the other one still is.
      await page.goto(site.url + "/");
      await page.getByTestId("resume-game").waitFor();
      expect(await page.locator(`[data-testid="resume-other"][data-room="${first}"]`).count()).toBe(0);
      expect(await page.getByTestId("resume-game").getAttribute("href")).toBe(`/partie/${second}`);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 240_000);
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
    // The code's cards, re-dealt on the page: the three rounds' hands and the cards aside, as the rooms dealt them that day.
    await page.getByTestId("previous-cards").locator("summary").click();
    const seed = (await page.getByTestId("previous-seed").textContent())!;
    const rounds = await page.getByTestId("previous-round").evaluateAll((els) => els.map((e) => [e.getAttribute("data-conte"), e.getAttribute("data-maske"), e.getAttribute("data-aside")]));
    expect(rounds).toEqual(dailyDeals(seed).map((d) => [d.hands[0].join(" "), d.hands[1].join(" "), d.aside.join(" ")]));
    const shown = (await page.getByTestId("previous-round").first().innerText()).replace(/\u00a0/g, " ");
    for (const c of dailyDeals(seed)[0]!.hands[0]) expect(shown).toContain(cardLabel("battlemaske", c, "de"));
    // The proof in plain words, each string under its name ("Seed", "Verpflichtung" told a player nothing: a player pass).
    expect(await page.getByTestId("today-commitment").textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.locator('section[aria-labelledby="check-title"]').innerText()).not.toMatch(/Seed|Verpflichtung/);
    await shot(page, "daily-desktop");
    await page.getByTestId("daily-role-maske").click();
    await page.getByTestId("daily-start").click();
    await page.getByTestId("table").waitFor();
    await playToEnd(page);
    await shot(page, "daily-result-desktop");
    await page.getByTestId("leave-result").click();
    // Back on the daily page, the role chosen last time is chosen again.
    expect(await page.getByTestId("daily-role-maske").getAttribute("aria-pressed")).toBe("true");
    await page.getByTestId("board-maske").click();
    // The room reports the result to the Worker by itself; the board shows it within seconds.
    for (let i = 0; i < 40 && (await page.getByTestId("leaderboard").getAttribute("data-count")) === "0"; i++) {
      await page.waitForTimeout(500);
      await page.getByTestId("board-refresh").click();
    }
    expect(await page.getByTestId("leaderboard").getAttribute("data-count")).toBe("1");
    await page.getByTestId("my-rank").waitFor();
    expect(await page.getByTestId("my-rank").textContent()).toContain("1");
    // Equal results stand one above the other (issue 6's tie-breaks): the board says by what.
    expect(await page.getByTestId("board-ties").textContent()).toContain("früher fertig");
    await shot(page, "daily-board-desktop");
    expect(b.errors).toEqual([]);
  }, 240_000);
});

/** The browser logs every refused request; the two this test provokes (a bad name: 400, an unknown code: 401) are expected. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40[01]/.test(e));

describe("Bilanz and Konto (browser)", () => {
  it("shows this browser's finished games in the Bilanz, saves a name, and carries the account to a second browser by its recovery code", async () => {
    const page = b.page; // the account that played the games above
    await page.goto(site.url + "/");
    await page.getByTestId("nav-bilanz").click();
    // A room reports its end to the Worker after the game; a report that failed is sent again after 30 s
    // (REPORT_RETRY_MS), so on a loaded machine the records may come a little later: reload until they are there.
    for (let end = Date.now() + 80_000; !(await page.getByTestId("bilanz-records").isVisible()) && Date.now() < end; ) {
      await page.waitForTimeout(2000);
      if (!(await page.getByTestId("bilanz-records").isVisible())) await page.reload();
    }
    await page.getByTestId("bilanz-records").waitFor();
    const rows = await page.getByTestId("bilanz-record").count();
    expect(rows).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId("my-game").count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId("bilanz-taler").textContent()).toBe("1000");
    // The games against the computer above were played with this browser's account: they are in the records, per
    // level and role (the page sends the account's token when it opens the table).
    const computerRows = page.locator('[data-testid="bilanz-record"][data-level="leicht"], [data-testid="bilanz-record"][data-level="mittel"], [data-testid="bilanz-record"][data-level="stark"]');
    expect(await computerRows.count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId("bilanz-points").getAttribute("data-value")).toBe("0");
    await shot(page, "bilanz-desktop");

    await page.getByTestId("nav-account").click();
    const name = `Tester${Date.now() % 100000}`;
    await page.getByTestId("account-name-input").fill("x"); // too short: refused with a reason, nothing saved
    await page.getByTestId("account-name-save").click();
    expect(await page.getByTestId("account-name-status").textContent()).toMatch(/3 bis 20|3 to 20/);
    await page.getByTestId("account-name-input").fill(name);
    await page.getByTestId("account-name-save").click();
    await page.locator(`[data-testid="account-name"]:has-text("${name}")`).waitFor();
    // The answer follows the language switch (it stayed German: a fresh-eyes pass).
    expect(await page.getByTestId("account-name-status").textContent()).toBe("Gespeichert.");
    await page.locator('.lang-switch button[lang="en"]').click();
    await page.locator('[data-testid="account-name-status"]:has-text("Saved.")').waitFor();
    await page.locator('.lang-switch button[lang="de"]').click();
    await page.getByTestId("account-show-code").click();
    const code = (await page.getByTestId("account-code").textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    await shot(page, "account-desktop");

    const other = await openBrowser({ width: 390, height: 844 });
    try {
      await other.page.goto(site.url + "/konto");
      await other.page.getByTestId("account-name").waitFor();
      expect(await other.page.getByTestId("account-name").textContent()).not.toContain(name); // a fresh guest of its own
      // The field has its own heading, apart from "Neuen Code erzeugen" above it (a fresh-eyes pass).
      expect(await other.page.getByRole("form", { name: "Konto von einem anderen Gerät holen" }).getByTestId("account-recover-input").count()).toBe(1);
      await other.page.getByTestId("account-recover-input").fill("ABCDE-FGHJK-MNPQR-STVWX");
      await other.page.getByTestId("account-recover").click();
      expect(await other.page.getByTestId("account-recover-status").textContent()).toMatch(/Kein Konto|No account/);
      await other.page.getByTestId("account-recover-input").fill(code.toLowerCase());
      await other.page.getByTestId("account-recover").click();
      await other.page.locator(`[data-testid="account-name"]:has-text("${name}")`).waitFor();
      await other.page.getByTestId("nav-bilanz").click();
      await other.page.getByTestId("bilanz-records").waitFor();
      expect(await other.page.getByTestId("bilanz-record").count()).toBe(rows);
      await shot(other.page, "bilanz-phone");
      // The code was seen by someone: a new one, asked once more, and the old one brings nothing back any more.
      await other.page.getByTestId("nav-account").click();
      await other.page.getByTestId("account-new-code").click();
      await other.page.getByTestId("account-new-code-cancel").click();
      await other.page.getByTestId("account-new-code").click();
      await other.page.getByTestId("account-new-code-confirm").click();
      await other.page.getByTestId("account-new-code-status").waitFor();
      const renewed = (await other.page.getByTestId("account-code").textContent())!.trim();
      expect(renewed).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
      expect(renewed).not.toBe(code);
      await shot(other.page, "account-new-code-phone");
      await page.getByTestId("account-recover-input").fill(code);
      await page.getByTestId("account-recover").click();
      expect(await page.getByTestId("account-recover-status").textContent()).toMatch(/Kein Konto|No account/);
      await page.getByTestId("account-recover-input").fill(renewed);
      await page.getByTestId("account-recover").click();
      await page.locator('[data-testid="account-recover-status"]:has-text("auf diesem Gerät")').waitFor();
      expect(unexpected(other.errors)).toEqual([]);
    } finally {
      await other.close();
    }
    expect(unexpected(b.errors)).toEqual([]);
  }, 240_000);
});

describe("by keyboard only (browser)", () => {
  it("sets up and plays a whole game vs Mittel in Zwiegespalten with Tab and Enter, no mouse", async () => {
    const kb = await openBrowser();
    try {
      const page = kb.page;
      await page.goto(site.url + "/");
      for (const id of ["new-game-computer", "role-maske", "level-mittel", "ruleset-zwiegespalten", "variant-normal", "start-game"]) await pressByKeyboard(page, `[data-testid="${id}"]`);
      await page.getByTestId("table").waitFor();
      expect(await page.getByTestId("table").getAttribute("data-ruleset")).toBe("zwiegespalten");
      // The live region announces what happens, for screen readers.
      let announced = 0;
      await playToEnd(page, {
        keyboard: true,
        onStep: async () => {
          if (((await page.getByTestId("live").textContent()) ?? "").length > 0) announced++;
        },
      });
      expect(announced).toBeGreaterThan(5);
      expect(["conte", "maske"]).toContain(await page.getByTestId("game-result").getAttribute("data-winner"));
      await shot(page, "result-keyboard-desktop");
      expect(kb.errors).toEqual([]);
    } finally {
      await kb.close();
    }
  }, 300_000);
});

describe("the focus of a keyboard player (browser)", () => {
  it("the own turn to follow begins on a card that may be played, not where the last card played was", async () => {
    // A player pass: the focus stayed at the place of the card played last; the computer led another suit, Enter on the
    // focused card was refused ("nicht spielbar") and the player had to look for a playable one.
    const kb = await openBrowser();
    try {
      const page = kb.page;
      // Own turns to follow a lead with the focus in the hand and a card there that may not be played: games until three
      // were seen (a short game has fewer).
      let following = 0;
      for (let game = 0; game < 4 && following < 3; game++) {
        await page.goto(site.url + "/");
        for (const id of ["new-game-computer", "role-conte", "level-stark", "ruleset-battlemaske", "variant-normal", "start-game"]) await pressByKeyboard(page, `[data-testid="${id}"]`);
        await page.getByTestId("table").waitFor();
        for (let i = 0; i < 400; i++) {
          const at = await settle(page, { keepRoundTable: true, timeoutMs: 60_000 });
          if (at === "over") break;
          if (at === "round") {
            // The round's dialog has the focus on "Weiter".
            await page.keyboard.press("Enter");
            await page.getByTestId("round-continue").waitFor({ state: "detached" });
            continue;
          }
          const f = (await page.evaluate(`(() => {
            const d = globalThis.document, a = d.activeElement;
            return {
              inHand: a?.getAttribute("data-testid") === "hand-card",
              legal: a?.getAttribute("data-legal") ?? null,
              notPlayable: d.querySelectorAll('[data-testid="hand-card"][data-legal="false"]').length,
              trick: Number(d.querySelector('[data-testid="trick"]')?.getAttribute("data-count") ?? 0),
              phase: d.querySelector('[data-testid="table"]')?.getAttribute("data-phase"),
            };
          })()`)) as { inHand: boolean; legal: string | null; notPlayable: number; trick: number; phase: string };
          if (f.phase === "play" && f.inHand && f.trick === 1 && f.notPlayable > 0) {
            following++;
            expect(f.legal).toBe("true");
          }
          if ((await step(page, i, { keyboard: true })) === "idle") await page.waitForTimeout(30);
        }
        expect(await page.getByTestId("game-result").count()).toBe(1);
      }
      expect(following).toBeGreaterThan(2);
      expect(kb.errors).toEqual([]);
    } finally {
      await kb.close();
    }
  }, 300_000);

  it("never falls to the page's start: after Rat, Karte zurück and a played card it is in the hand; the round's and the result's dialogs take it and keep Tab inside", async () => {
    // A keyboard player pass: after "Rat" or "Karte zurück" the focus fell to the page's start (29 Tabs back to a card),
    // the round's "Weiter" had to be found behind its own dialog, and Tab left the result dialog for the page behind.
    const kb = await openBrowser();
    try {
      const page = kb.page;
      const focused = () => page.evaluate(`(() => { const a = globalThis.document.activeElement; return !a || a === globalThis.document.body ? "body" : (a.getAttribute("data-testid") ?? a.tagName); })()`) as Promise<string>;
      const playing = () => page.evaluate(`(() => { const d = globalThis.document; return d.querySelector('[data-testid="table"]')?.getAttribute("data-phase") === "play" && d.querySelector('[data-testid="turn"]')?.getAttribute("data-my-turn") === "true" && d.querySelector('[data-testid="table"]')?.getAttribute("data-busy") === "false"; })()`) as Promise<boolean>;
      await page.goto(site.url + "/");
      for (const id of ["new-game-computer", "role-conte", "level-leicht", "ruleset-battlemaske", "variant-normal", "start-game"]) await pressByKeyboard(page, `[data-testid="${id}"]`);
      await page.getByTestId("table").waitFor();
      for (let i = 0; i < 60 && !(await playing()); i++) if ((await step(page, i, { keyboard: true })) === "idle") await page.waitForTimeout(50);
      expect(await playing()).toBe(true);
      // "Zu deinen Karten": a few Tabs from the page's start; Enter puts the focus on a playable card. Without it a
      // keyboard player passes the site's links, the plaques, the mirror, the opponent's cards and the trick first.
      const tabsFromStart = async (to: string): Promise<number> => {
        await page.locator('a.skip-link[href="#main"]').focus();
        for (let n = 1; n <= 60; n++) {
          await page.keyboard.press("Tab");
          if (await page.evaluate(`!!globalThis.document.activeElement?.matches(${JSON.stringify(to)})`)) return n;
        }
        return Infinity;
      };
      const toCard = await tabsFromStart('[data-testid="hand-card"]');
      const toSkip = await tabsFromStart('[data-testid="skip-to-hand"]');
      expect(toSkip).toBeLessThanOrEqual(8);
      expect(toSkip).toBeLessThan(toCard);
      await shot(page, "skip-to-hand-desktop");
      await page.keyboard.press("Enter");
      await expect.poll(focused).toBe("hand-card");
      expect(await page.evaluate(`globalThis.document.activeElement?.getAttribute("data-legal")`)).toBe("true");
      // "Aufgeben" by key: the question has the focus on "Nein" (it went to a card, and the next Enter played it); "Nein"
      // brings it back to "Aufgeben".
      await pressByKeyboard(page, '[data-testid="resign"]');
      await expect.poll(focused).toBe("resign-no");
      await page.keyboard.press("Enter");
      await expect.poll(focused).toBe("resign");
      // Escape is "Nein" too.
      await page.keyboard.press("Enter");
      await expect.poll(focused).toBe("resign-no");
      await page.keyboard.press("Escape");
      await expect.poll(focused).toBe("resign");
      expect(await page.getByTestId("resign-yes").count()).toBe(0);
      // "Rat": the advice comes, and the focus is on a card, not on the page.
      await pressByKeyboard(page, '[data-testid="hint"]');
      await page.getByTestId("hint-box").waitFor();
      await expect.poll(focused).toBe("hand-card");
      // The advised card, not merely the first playable one (Enter there played another card than advised).
      await expect.poll(() => page.evaluate(`globalThis.document.activeElement?.getAttribute("data-hint")`)).toBe("true");
      // A card played with Enter: the focus stays in the hand (or on the next thing to do).
      const played = (await page.evaluate(`globalThis.document.activeElement?.getAttribute("data-card")`)) as string;
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await page.getByTestId("takeback").isEnabled()) || (await page.getByTestId("name-suit-P").count()) > 0).toBe(true);
      expect(await focused()).not.toBe("body");
      // "Karte zurück" (against the computer at once): the focus does not fall to the page's start.
      if (await page.getByTestId("takeback").isEnabled()) {
        await pressByKeyboard(page, '[data-testid="takeback"]');
        // Taken back: the card is in the hand again. ("Karte zurück" greyed was the sign once; it stays enabled when an
        // earlier card of this round stands — the steps before may have played one, and 1 of 3 runs then failed here.)
        await page.locator(`[data-testid="hand-card"][data-card="${played}"][data-back="true"]`).waitFor({ timeout: 10_000 });
        await expect.poll(focused).not.toBe("body");
        // On the card taken back, not on a neighbour of it (a player pass).
        await expect.poll(() => page.evaluate(`globalThis.document.activeElement?.getAttribute("data-card")`)).toBe(played);
      }
      // On to the round's end by keyboard: its dialog has the focus on "Weiter".
      let sawRound = false;
      for (let i = 0; i < 300 && !sawRound; i++) {
        if ((await page.getByTestId("round-continue").count()) > 0 || (await page.getByTestId("game-result").count()) > 0) {
          sawRound = (await page.getByTestId("round-continue").count()) > 0;
          break;
        }
        // An elixir led: the suits to name have the focus (they stand above the hand).
        if ((await page.getByTestId("name-suit-P").count()) > 0) {
          await expect.poll(focused).toMatch(/^name-suit-/);
          // The arrows move between them.
          const was = await focused();
          await page.keyboard.press("ArrowRight");
          expect(await focused()).toMatch(/^name-suit-/);
          expect(await focused()).not.toBe(was);
        }
        if ((await step(page, i, { keyboard: true, keepRoundTable: true })) === "idle") await page.waitForTimeout(30);
      }
      if (sawRound) {
        await expect.poll(focused).toBe("round-continue");
        // Tab stays inside the dialog (its one button).
        await page.keyboard.press("Tab");
        expect(await focused()).toBe("round-continue");
        // Escape is the dialog's way out, as "Weiter".
        await page.keyboard.press("Escape");
        await page.getByTestId("round-continue").waitFor({ state: "detached" });
        await expect.poll(focused).not.toBe("body");
      }
      await playToEnd(page, { keyboard: true });
      // The result dialog takes the focus, and Tab goes round inside it.
      await expect.poll(() => page.evaluate(`!!globalThis.document.activeElement?.closest('[role="dialog"]')?.querySelector('[data-testid="game-result"]')`)).toBe(true);
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(`!!globalThis.document.activeElement?.closest('[role="dialog"]')?.querySelector('[data-testid="game-result"]')`)).toBe(true);
      }
      // Escape shows the table ("Tisch ansehen"); the focus waits on "Ergebnis zeigen", which brings the sheet back.
      await page.keyboard.press("Escape");
      await page.getByTestId("game-result").waitFor({ state: "detached" });
      await expect.poll(focused).toBe("show-result");
      await page.keyboard.press("Enter");
      await page.getByTestId("game-result").waitFor();
      expect(kb.errors).toEqual([]);
    } finally {
      await kb.close();
    }
  }, 300_000);
});

describe("a whole game on every level and rule set (browser)", () => {
  // Leicht/Battlemaske is played above by mouse and Mittel/Zwiegespalten by keyboard; these are the other four.
  it.each([
    ["leicht", "zwiegespalten", "maske"],
    ["mittel", "battlemaske", "conte"],
    ["stark", "battlemaske", "maske"],
    ["stark", "zwiegespalten", "conte"],
  ] as const)("vs %s in %s as %s, clicking, to the end table", async (level, ruleset, role) => {
    const one = await openBrowser();
    try {
      const page = one.page;
      await page.goto(site.url + "/spielen/computer");
      for (const id of [`role-${role}`, `level-${level}`, `ruleset-${ruleset}`, "variant-normal"]) await page.getByTestId(id).click();
      await page.getByTestId("start-game").click();
      await page.getByTestId("table").waitFor();
      expect(await page.getByTestId("table").getAttribute("data-ruleset")).toBe(ruleset);
      expect(await page.getByTestId("my-role").textContent()).toContain(ruleset === "zwiegespalten" ? (role === "conte" ? "Hüter" : "Schatten") : role === "conte" ? "Conte" : "Maske");
      let voidsSeen = 0;
      await playToEnd(page, {
        onStep: async () => {
          // A suit the opponent could not follow stands struck through at its side, the same as in the card counter.
          const [side, counter] = (await page.evaluate(`(() => {
            const names = (sel) => [...globalThis.document.querySelectorAll(sel)].map((e) => e.textContent.replace(/[^\\p{L}]/gu, ""));
            return [names('[data-testid="opponent-voids"] s'), names(".voids s")];
          })()`)) as [string[], string[]];
          expect(side).toEqual(counter);
          if (side.length > 0 && voidsSeen++ === 0) await shot(page, `table-voids-${level}-${ruleset}-desktop`);
        },
      });
      const result = page.getByTestId("game-result");
      expect(["conte", "maske"]).toContain(await result.getAttribute("data-winner"));
      // The last round is named by its number, the one the table's head names (a game won in round 2 read "Letzte
      // Runde" as round 3: a fresh-eyes pass).
      const round = await page.getByTestId("table").getAttribute("data-round");
      expect(await page.getByTestId("result-round").getAttribute("data-round")).toBe(round);
      // The scoresheet: every round played, each adding its difference to the track, the player's side marked (the end
      // box named the last round only: a player pass).
      const rows = (await page.evaluate(`[...globalThis.document.querySelectorAll('[data-testid="result-rounds"] tbody tr')].map((r) => [...r.children].map((c) => Number(c.textContent)))`)) as number[][];
      expect(rows.map((r) => r[0])).toEqual(Array.from({ length: Number(round) }, (_, i) => i + 1));
      let track = 0;
      for (const [, conte, maske, moved, mirror] of rows) {
        expect(conte! + maske!).toBe(10);
        expect(moved).toBe(Math.abs(conte! - maske!));
        track += moved!;
        expect(mirror).toBe(Math.min(10, track));
      }
      expect(track >= 10).toBe((await result.getAttribute("data-winner")) === "maske");
      const own = ruleset === "zwiegespalten" ? (role === "conte" ? "Hüter" : "Schatten") : role === "conte" ? "Conte" : "Maske";
      expect(await page.locator('[data-testid="result-rounds"] thead').innerText()).toContain(`${own} (du)`);
      await shot(page, `result-${level}-${ruleset}-desktop`);
      // The replay lists the same rounds at its end, and none before the first round's end.
      const sheetRows = (id: string) => page.locator(`[data-testid="${id}"] tbody tr`).evaluateAll((els) => els.map((e) => e.textContent));
      const resultRows = await sheetRows("result-rounds");
      await page.getByTestId("result-replay").click();
      await page.getByTestId("replay-hand-0").waitFor();
      expect(await page.getByTestId("replay-rounds").count()).toBe(0);
      await page.getByTestId("replay-last").click();
      await page.getByTestId("replay-rounds").waitFor();
      expect(await sheetRows("replay-rounds")).toEqual(resultRows);
      expect(one.errors).toEqual([]);
    } finally {
      await one.close();
    }
  }, 240_000);
});
