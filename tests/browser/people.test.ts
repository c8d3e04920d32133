// People playing people in a real browser: hot-seat with the curtain (the engine in the page), and a friendly game between
// two browser contexts through an invite link (take-back accepted once and declined once, a rejoin). One site for the file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Site } from "../../scripts/lib/site.js";
import { exchangeUntilPlay, inviteFriend, myTurn, openBrowser, playInTurn, resign, shot, siteAndTwoBrowsers, step, type Browser, type Setting } from "./helpers.js";

let env: Setting | undefined;
let site: Site;
let b: Browser;
let a: Browser;
let phone: Browser;

beforeAll(async () => {
  env = await siteAndTwoBrowsers();
  ({ site, desktop: a, phone } = env);
  b = a;
}, 240_000);
afterAll(() => env?.close());

describe("hot-seat with the curtain (browser)", () => {
  it("plays a whole game on one device; the curtain shows no cards and comes down at every change of player", async () => {
    const page = await a.context.newPage();
    await page.goto(site.url + "/");
    await page.getByTestId("new-game-hotseat").click();
    await shot(page, "hotseat-setup-desktop");
    await page.getByTestId("hotseat-start").click();
    const curtain = page.getByTestId("curtain");
    await curtain.waitFor();
    expect(await curtain.getAttribute("data-seat")).toBe("0");
    expect(await page.getByTestId("hand-card").count()).toBe(0);
    expect(await page.getByTestId("curtain-round").textContent()).toBe("Runde 1 von 3 – Tausch");
    // A mouse clicks (it read "Tippe" at a desktop: a fresh-eyes pass).
    expect(await curtain.innerText()).toContain("Klicke erst, wenn");
    await shot(page, "hotseat-curtain-desktop");
    await page.getByTestId("curtain-ready").click();

    // Seat 0 picks its exchange card; then the curtain comes down for seat 1.
    await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
    await page.getByTestId("exchange-confirm").click();
    await curtain.waitFor();
    expect(await curtain.getAttribute("data-seat")).toBe("1");
    expect(await page.getByTestId("hand-card").count()).toBe(0);
    await page.getByTestId("curtain-ready").click();
    expect(await page.getByTestId("table").getAttribute("data-seat")).toBe("1");
    await shot(page, "hotseat-table-desktop");

    let curtains = 0;
    let roundTables = 0;
    const onCurtain = async () => {
      curtains++;
      expect(await page.getByTestId("hand-card").count()).toBe(0);
    };
    for (let i = 0; i < 400; i++) {
      // Between two rounds both players read the round table: no card of the next round in sight behind it, nobody
      // named "Du", and "Weiter" brings the curtain, whoever plays next (a player pass saw one player's new hand).
      if (await page.getByTestId("round-continue").isVisible().catch(() => false)) {
        roundTables++;
        expect(await page.getByTestId("table").getAttribute("data-between")).toBe("true");
        expect(await page.locator('[data-testid="hand-card"]:visible').count()).toBe(0);
        expect(await page.getByTestId("my-role").textContent()).toBe("Zu zweit an einem Gerät");
        // The head names the round that ended, as the round table does (it named the next one behind it).
        const ended = /Runde (\d) vorbei/.exec((await page.locator("#round-title").textContent()) ?? "")![1];
        expect(await page.locator(".table-head").textContent()).toContain(`Runde ${ended}/3`);
        if (roundTables === 1) await shot(page, "hotseat-round-table-desktop");
        await page.getByTestId("round-continue").click();
        await curtain.waitFor();
        // The curtain says a new round begins (after a round's table it read like any other handover).
        expect(await page.getByTestId("curtain-round").textContent()).toBe(`Runde ${Number(ended) + 1} von 3 – Tausch`);
        continue;
      }
      const r = await step(page, i, { onCurtain });
      if (r === "over") break;
      if (r === "idle") await page.waitForTimeout(30);
    }
    expect(curtains).toBeGreaterThan(5);
    expect(roundTables).toBeGreaterThan(0);
    expect(["conte", "maske"]).toContain(await page.getByTestId("game-result").getAttribute("data-winner"));
    expect(await page.getByTestId("my-role").textContent()).toBe("Zu zweit an einem Gerät");
    await shot(page, "hotseat-result-desktop");
    expect(b.errors).toEqual([]);
  }, 180_000);
});

describe("hot-seat with a chess clock (browser)", () => {
  it("runs only the clock of the player in front of the raised curtain, adds the increment, and ends the game when a flag falls", async () => {
    const ctx = await openBrowser({ width: 390, height: 844 });
    try {
      const page = ctx.page;
      await page.clock.install(); // the page's time is ours: three minutes pass in a moment
      await page.goto(site.url + "/spielen/zuzweit");
      await page.getByTestId("hotseat-clock-3-2").click();
      await page.getByTestId("hotseat-start").click();
      await page.getByTestId("curtain").waitFor();
      await page.clock.fastForward(60_000); // the curtain is down: nobody's clock runs
      await page.getByTestId("curtain-ready").click();
      const clocks = page.getByTestId("clocks");
      expect(await clocks.textContent()).toMatch(/3:00.*3:00/);
      // At one shared device the clocks are named by their roles, not "Du" and "Gegenüber" (a player pass).
      expect(await clocks.textContent()).toMatch(/Conte/);
      expect(await clocks.textContent()).toMatch(/Maske/);
      expect(await clocks.textContent()).not.toMatch(/Du|Gegenüber/);
      // The other side's row too: its role is its name ("Gegenüber · Maske" named nobody).
      expect(await page.locator(".opp-name").textContent()).toMatch(/^Maske · \d+ Karten/);
      await page.clock.fastForward(10_000);
      expect(await clocks.locator(".running").count()).toBe(1);
      expect(await clocks.textContent()).toMatch(/2:5\d.*3:00/);
      // Seat 0 exchanges after 10 s: 2:50 + 2 s increment; then the curtain comes down for seat 1.
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await page.getByTestId("exchange-confirm").click();
      await page.getByTestId("curtain").waitFor();
      await page.getByTestId("curtain-ready").click();
      expect(await clocks.textContent()).toMatch(/3:00.*2:5[12]/); // seat 1's clock comes first now; the other shows seat 0's 2:52
      await shot(page, "hotseat-clock-phone");
      // Seat 1 thinks for more than three minutes: its flag falls and seat 0 wins on time. In its last ten seconds its
      // clock is marked (red), the other's, standing, is not.
      await page.clock.fastForward(174_000);
      await page.locator('[data-testid="clock"][data-seat="1"][data-running="true"][data-low="true"]').waitFor();
      expect(await page.locator('[data-testid="clock"][data-seat="0"]').getAttribute("data-low")).toBe("false");
      await shot(page, "hotseat-clock-low-phone");
      await page.clock.fastForward(7_000);
      const result = page.getByTestId("game-result");
      await result.waitFor();
      expect(await result.getAttribute("data-reason")).toBe("timeout");
      expect(await result.getAttribute("data-winner-seat")).toBe("0");
      await shot(page, "hotseat-clock-flag-phone");
      // The language can be switched with the result open (the sheet's backdrop once covered the switch).
      const german = await result.innerText();
      await page.locator('.lang-switch button[lang="en"]').click({ timeout: 3000 });
      await page.locator('.lang-switch button[lang="en"][aria-pressed="true"]').waitFor();
      await shot(page, "hotseat-result-en-phone");
      expect(await result.innerText()).not.toBe(german);
      await page.locator('.lang-switch button[lang="de"]').click({ timeout: 3000 });
      expect(ctx.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});

describe("hot-seat's turn line (browser)", () => {
  it("names the seat by its role, never 'Du' or 'Gegner': both players read it (German, English; Zwiegespalten's roles; the Profi score)", async () => {
    const ctx = await openBrowser({ width: 390, height: 844 });
    try {
      const page = ctx.page;
      const turn = page.getByTestId("turn");
      const text = async () => (await turn.textContent()) ?? "";
      const language = async (l: "de" | "en") => {
        await page.locator(`.lang-switch button[lang="${l}"]`).click({ timeout: 3000 });
        await page.locator(`.lang-switch button[lang="${l}"][aria-pressed="true"]`).waitFor();
      };
      await page.goto(site.url + "/spielen/zuzweit");
      await page.getByTestId("hotseat-start").click();
      await page.getByTestId("curtain-ready").click();
      // Seat 0 is the Conte: it is called by its role ("Wähle 1 Karte zum Tauschen." said nothing of whose pick it is).
      expect(await text()).toBe("Conte, wähle 1 Karte zum Tauschen.");
      await language("en");
      expect(await text()).toBe("Conte, pick 1 card to exchange.");
      await language("de");
      // A round's play: every line names the role of the seat in front of the screen (it said "Du spielst aus.").
      const seen = new Set<string>();
      for (let i = 0; i < 120 && !(await page.getByTestId("round-continue").isVisible().catch(() => false)); i++) {
        // One look at both (the curtain, when down, shows neither).
        const [seat, line] = (await page.evaluate(`(() => {
          const q = (id) => globalThis.document.querySelector('[data-testid="' + id + '"]');
          return [q("table")?.getAttribute("data-seat") ?? null, q("turn")?.textContent ?? null];
        })()`)) as [string | null, string | null];
        if (seat !== null && line) {
          expect(line).toMatch(new RegExp(`^${seat === "0" ? "Conte" : "Maske"}, `));
          expect(line).not.toMatch(/^Du |Dein|Gegner|Gegenüber/);
          seen.add(line.replace(/^(Conte|Maske)/, "…"));
        }
        const r = await step(page, i);
        if (r === "idle") await page.waitForTimeout(30);
      }
      expect(seen).toContain("…, du spielst aus.");
      expect(seen).toContain("…, du bist am Zug: bediene die Farbe, wenn du kannst.");

      // Zwiegespalten's roles, and a Profi score between the seats by their first roles ("Du 0 : 0 Gegenüber").
      // A new hot-seat game: the stored one forgotten once the page has left its table (leaving stores it again).
      await page.goto(site.url + "/");
      await page.evaluate(`globalThis.localStorage.removeItem("spielcenter.hotseat")`);
      await page.goto(site.url + "/spielen/zuzweit");
      await page.getByTestId("hotseat-ruleset-zwiegespalten").click();
      await page.getByTestId("hotseat-variant-profi").click();
      await page.getByTestId("hotseat-start").click();
      await page.getByTestId("curtain-ready").click();
      expect(await text()).toBe("Hüter, wähle 1 Karte zum Tauschen.");
      // The seat in front is marked, and the seats keep their places (beside "Du bist Maske" in the second game "Erste
      // Maske 10" read as one's own score, and the numbers jumped sides at every handover: a fresh-eyes pass).
      expect(await page.getByTestId("profi-score").textContent()).toBe("Punkte als Schatten: Erster Hüter (du) 0 : 0 Erster Schatten");
      await language("en");
      expect(await text()).toBe("Keeper, pick 1 card to exchange.");
      expect(await page.getByTestId("profi-score").textContent()).toBe("Points as the Shadow: First Keeper (you) 0 : 0 First Shadow");
      await language("de");
      // The first Hüter picks; the curtain; the first Schatten's turn (the curtain hides the table meanwhile).
      const seatShown = () => page.evaluate(`globalThis.document.querySelector('[data-testid="table"]')?.getAttribute("data-seat") ?? null`);
      for (let i = 0; i < 40 && (await seatShown()) !== "1"; i++) if ((await step(page, i)) === "idle") await page.waitForTimeout(30);
      expect(await text()).toBe("Schatten, wähle 1 Karte zum Tauschen.");
      expect(await page.getByTestId("profi-score").textContent()).toBe("Punkte als Schatten: Erster Hüter 0 : 0 Erster Schatten (du)");
      expect(ctx.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});

describe("with a friend (two browsers)", () => {
  it("invites, plays, takes back (accepted once, declined once), rejoins after closing the page, and ends by resignation", async () => {
    const pa = a.page;
    await pa.goto(site.url + "/");
    await pa.getByTestId("new-game-friend").click();
    await pa.getByTestId("friend-role-conte").waitFor(); // the start page links to the friend page
    const link = await inviteFriend(pa, site.url, { role: "conte", kind: "friendly", clock: "10", setupShot: "friend-setup-desktop" });
    expect(link).toMatch(/\/einladung\/[A-Za-z0-9_-]+#.+/);
    await shot(pa, "friend-waiting-desktop");

    let pb = phone.page;
    await pb.goto(link);
    await pb.getByTestId("exchange-confirm").waitFor();
    await pa.getByTestId("exchange-confirm").waitFor();
    expect(await pa.getByTestId("clocks").isVisible()).toBe(true);
    expect(await pb.getByTestId("clocks").isVisible()).toBe(true);
    // In the exchange both pick at once: both clocks run, on both screens, as the room says — from the friend's hello
    // on (ADR 047: the host's page may show the deal a moment before the friend's seat has come and the clocks start).
    for (const p of [pa, pb]) {
      await p.locator('[data-testid="clock"][data-running="true"]').nth(1).waitFor({ timeout: 10_000 });
      expect(await p.locator('[data-testid="clock"][data-running="true"]').count()).toBe(2);
    }
    await shot(pb, "friend-exchange-phone");

    // Both exchange; then the leader plays a card and asks for it back.
    await exchangeUntilPlay(pa, pb);
    const [leader, other] = (await myTurn(pa)) ? [pa, pb] : [pb, pa];
    await leader.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().click();
    await leader.locator('[data-testid="trick"][data-count="1"]').waitFor();
    await leader.getByTestId("takeback").click();
    await leader.getByTestId("takeback-waiting").waitFor();
    // Asked once, "Karte zurück" rests until the answer (it stayed enabled, a player pass).
    expect(await leader.getByTestId("takeback").isDisabled()).toBe(true);
    await other.getByTestId("takeback-request").waitFor();
    // The answer's buttons come into sight: on the phone they had appeared under the log's handle (a player pass).
    const inSight = `(() => {
      const b = globalThis.document.querySelector('[data-testid="takeback-decline"]').getBoundingClientRect();
      const handle = globalThis.document.querySelector('[data-testid="log-sheet"] > summary').getBoundingClientRect();
      const sheetFixed = globalThis.getComputedStyle(globalThis.document.querySelector('[data-testid="log-sheet"]')).position === "fixed";
      return b.top >= 0 && b.bottom <= (sheetFixed ? handle.top : globalThis.innerHeight);
    })()`;
    await expect.poll(() => other.evaluate(inSight), { timeout: 5000 }).toBe(true);
    await shot(other, other === pb ? "friend-takeback-ask-phone" : "friend-takeback-ask-desktop");
    await other.getByTestId("takeback-accept").click();
    await leader.locator('[data-testid="trick"][data-count="0"]').waitFor();
    await leader.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();

    // Once more: this time declined, and the card stays.
    await leader.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().click();
    await leader.locator('[data-testid="trick"][data-count="1"]').waitFor();
    await leader.getByTestId("takeback").click();
    await other.getByTestId("takeback-decline").click();
    // In the game log (on the phone it is a pull-up sheet, closed: attached, not necessarily visible).
    await leader.getByTestId("game-log").getByText("abgelehnt").waitFor({ state: "attached" });
    expect(await leader.getByTestId("trick").getAttribute("data-count")).toBe("1");
    // "Karte zurück" rests for the room's pause and counts it down (a pass: it stayed enabled, and only a tap said how
    // long; before that, the refusal's wait stood frozen at "22 s").
    const pause = leader.getByTestId("takeback-pause");
    await pause.waitFor();
    await shot(leader, leader === pb ? "friend-takeback-pause-phone" : "friend-takeback-pause-desktop");
    expect(await leader.getByTestId("takeback").isDisabled()).toBe(true);
    const first = Number(/(\d+) s/.exec(await pause.innerText())?.[1]);
    expect(first).toBeGreaterThan(2);
    expect(first).toBeLessThanOrEqual(30);
    await leader.waitForFunction(`(() => {
      const m = /(\\d+) s/.exec(globalThis.document.querySelector('[data-testid="takeback-pause"]')?.textContent ?? "");
      return m !== null && Number(m[1]) <= ${first - 2};
    })()`, undefined, { timeout: 10_000 });
    expect(await leader.getByTestId("takeback").isDisabled()).toBe(true);

    // The friend closes the page and opens the game again: the same seat, the same table.
    const room = new URL(pb.url()).pathname;
    const hand = await pb.locator('[data-testid="hand-card"]').count();
    await pb.close();
    pb = await phone.context.newPage();
    await pb.goto(site.url + room);
    await pb.getByTestId("table").waitFor();
    expect(await pb.locator('[data-testid="hand-card"]').count()).toBe(hand);

    await playInTurn(pa, pb);
    expect(await pb.getByTestId("game-result").count()).toBe(0);
    await resign(pb);
    await pa.getByTestId("game-result").waitFor();
    await pb.getByTestId("game-result").waitFor();
    expect(await pb.getByTestId("game-result").getAttribute("data-reason")).toBe("resign");
    expect(await pa.getByTestId("game-result").textContent()).toContain("Gewonnen");
    const wa = await pa.getByTestId("game-result").getAttribute("data-winner");
    expect(await pb.getByTestId("game-result").getAttribute("data-winner")).toBe(wa);
    await shot(pa, "friend-result-desktop");
    await shot(pb, "friend-result-phone");
    // The spent link opened by someone else after the game: it says the game is over and leads to its replay (the
    // archive follows the end by a moment: opened again until it is there).
    const late = await openBrowser({ width: 390, height: 844 });
    try {
      for (let i = 0; i < 20 && (await late.page.getByTestId("invite-replay").count()) === 0; i++) {
        await late.page.goto(link);
        await late.page.getByRole("alert").waitFor();
        if (i > 0) await late.page.waitForTimeout(500);
      }
      expect(await late.page.getByRole("alert").textContent()).toContain("die Partie ist vorbei");
      expect(await late.page.getByTestId("invite-replay").getAttribute("href")).toMatch(/^\/replay\//);
    } finally {
      await late.close();
    }
    expect(a.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  }, 240_000);

  it("the host calls a waiting table off: asked first (also from the top bar), then the link says so and seats nobody", async () => {
    const pa = await a.context.newPage();
    const link = await inviteFriend(pa, site.url, { role: "maske", kind: "friendly", clock: "5" });
    // A link away while waiting asks "Tisch auflösen?", not "Partie aufgeben?"; staying keeps the table.
    await pa.getByRole("link", { name: "Bilanz" }).click();
    const dialog = pa.getByTestId("leave-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Tisch auflösen?");
    expect(await dialog.textContent()).toContain("Die Einladung gilt dann nicht mehr");
    await pa.getByTestId("leave-cancel").click();
    expect(await pa.getByTestId("invite-link").inputValue()).toBe(link);
    // The browser's back button asks too (a fresh-eyes pass: it left the invite live); staying keeps the table's address.
    const tableUrl = pa.url();
    await pa.goBack();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Tisch auflösen?");
    await pa.getByTestId("leave-cancel").click();
    expect(pa.url()).toBe(tableUrl);
    expect(await pa.getByTestId("invite-link").inputValue()).toBe(link);
    // Before the deal there is nothing to count yet.
    expect(await pa.getByTestId("card-counter-toggle").count()).toBe(0);
    // The button under the link: confirmed, the page goes home at once.
    await pa.getByTestId("cancel-table").click();
    await shot(pa, "friend-cancel-ask-desktop");
    await pa.getByTestId("leave-confirm").click();
    await pa.waitForURL(site.url + "/", { timeout: 5000 });

    const late = await openBrowser({ width: 390, height: 844 });
    try {
      await late.page.goto(link);
      const alert = late.page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toContain("aufgelöst");
      await shot(late.page, "friend-cancelled-invite-phone");
      expect(await late.page.getByTestId("table").count()).toBe(0);
    } finally {
      await late.close();
    }
    // The host's table page opened again: it says the table is called off, nothing else to do there.
    await pa.goto(site.url + "/partie/" + new URL(link).hash.slice(1));
    await pa.getByTestId("table-cancelled").waitFor();
    await pa.close();
    expect(a.errors).toEqual([]);
  }, 120_000);
});
