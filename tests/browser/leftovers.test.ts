// What two player passes left open (docs/security.md, "Left as they are"), in a real browser: the replay page's way
// back, the daily result sheet of a Conte who resigned, Goldwaage's feed naming every pan alike, a second tab told that
// its pick was dropped, and the hand on a 360 × 740 phone with the brake's warning above the felt.
import { describe, expect, it } from "vitest";
import type { WebSocketRoute } from "playwright-core";
import WebSocket from "ws";
import { MAX_SOCKETS_PER_SEAT, PROTOCOL_VERSION } from "../../shared/room/protocol.js";
import { gwStep, setupGoldwaage } from "./gw-helpers.js";
import { archived, covered, friendOnPhone, newComputerGameAsConte, oneBrowserPerFile, openBrowser, resign, roomOf, shot, tapCard } from "./helpers.js";

const held = oneBrowserPerFile();

describe("one seat in too many windows", () => {
  it(`the oldest window, closed by the seat's socket cap (${MAX_SOCKETS_PER_SEAT}), says so over its table, takes no taps, and a reload plays on`, async () => {
    // A fresh-eyes pass: such a tab read "Verbindung wird wiederhergestellt …" and its cards still answered clicks.
    const { site, b } = held;
    const page = b.page;
    await newComputerGameAsConte(page, site.url);
    const room = roomOf(page);
    const token = (await page.evaluate(`JSON.parse(globalThis.localStorage.getItem("spielcenter.seat.${room}")).seatToken`)) as string;
    const others: WebSocket[] = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_SEAT; i++) {
        const ws = new WebSocket(`${site.url.replace(/^http/, "ws")}/parties/battlemaske-room/${room}`);
        await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
        ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL_VERSION, seatToken: token }));
        await new Promise((r) => ws.once("message", r));
        others.push(ws);
      }
      const closed = page.getByTestId("seat-closed");
      await closed.waitFor({ timeout: 10_000 });
      expect(await closed.textContent()).toContain("in mehr als 32 Fenstern offen");
      await shot(page, "leftovers-seat-closed-desktop");
      // Nothing under it takes a tap: a tap on a card of the hand reaches the overlay.
      const onTop = await page.evaluate(`(() => {
        const r = globalThis.document.querySelector('[data-testid="hand-card"]').getBoundingClientRect();
        return !!globalThis.document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('[data-testid="seat-closed"]');
      })()`);
      expect(onTop).toBe(true);
    } finally {
      for (const ws of others) ws.close();
    }
    await page.getByTestId("seat-closed-reload").click();
    await page.getByTestId("table").waitFor();
    await page.getByTestId("exchange-confirm").waitFor();
    expect(await page.getByTestId("seat-closed").count()).toBe(0);
    expect(b.errors).toEqual([]);
  }, 90_000);
});

describe("the daily game given up, and the replay's way back", () => {
  it("a Conte who resigns the daily game reads one mirror on the sheet; its replay leads back to the Tagesmaskerade", async () => {
    const { site, b } = held;
    const page = b.page;
    await page.goto(site.url + "/tagesspiel");
    await page.getByTestId("daily-role-conte").click();
    await page.getByTestId("daily-start").click();
    await page.getByTestId("table").waitFor({ timeout: 30_000 });
    await resign(page);
    // The sheet: the score and the mirror line say the same — field 10 in round 1, by the resignation; never "0 / 10".
    const score = page.getByTestId("daily-score");
    await score.waitFor();
    expect(await score.textContent()).toBe("verfehlt: Spiegel 10 in Runde 1 (aufgegeben)");
    const mirror = page.getByTestId("result-mirror");
    expect(await mirror.textContent()).toMatch(/^Spiegel für die Tageswertung: 10 \/ 10 – Die Aufgabe zählt, als hätte die Maske in Runde 1 Feld 10 erreicht \(am Tisch stand der Spiegel auf 0\)\.$/);
    expect(await page.getByTestId("game-result").textContent()).not.toMatch(/Spiegel: 0 \/ 10/);
    await page.getByTestId("daily-places").waitFor({ timeout: 40_000 });
    await shot(page, "leftovers-daily-resigned-desktop");
    // In English too.
    const switchTo = (l: string) => page.evaluate(`document.querySelector('.lang-switch button[lang="${l}"]').click()`);
    await switchTo("en");
    await expect.poll(() => mirror.textContent()).toMatch(/^Mirror for the daily score: 10 \/ 10 – resigning counts as the Maske reaching field 10 in round 1/);
    expect(await score.textContent()).toBe("missed: mirror 10 in round 1 (resigned)");
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, "leftovers-daily-resigned-en-phone");
    await page.setViewportSize({ width: 1280, height: 800 });
    await switchTo("de");

    // "Partie nachspielen": the replay waits for the end of the day — and leads back to the Tagesmaskerade.
    await page.getByTestId("result-replay").click();
    await page.getByTestId("replay-not-yet").waitFor({ timeout: 30_000 });
    const back = page.getByTestId("replay-return");
    expect(await back.getAttribute("href")).toBe("/tagesspiel");
    expect(await back.textContent()).toMatch(/Zurück zur Tagesmaskerade/);
    await shot(page, "leftovers-replay-daily-back-desktop");
    await back.click();
    await page.waitForURL("**/tagesspiel");
    await page.getByTestId("daily-start").waitFor();
    // The archive's 404 NOT_YET is the browser's to log; nothing else.
    expect(b.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    b.errors.length = 0;
  }, 240_000);

  it("a daily attempt still running: the Tagesmaskerade offers to continue it, and a new one only beside a warning", async () => {
    // A player pass: "Tagespartie spielen" quietly began attempt 2 while the first ran, which cost the first its place.
    const { site, b } = held;
    const page = b.page;
    await page.goto(site.url + "/tagesspiel");
    await page.getByTestId("daily-role-maske").click();
    await page.getByTestId("daily-start").click();
    await page.getByTestId("table").waitFor({ timeout: 30_000 });
    const room = roomOf(page);
    await page.goto(site.url + "/tagesspiel");
    const resume = page.getByTestId("daily-resume");
    await resume.waitFor();
    expect(await resume.getAttribute("href")).toBe(`/partie/${room}`);
    // The words say which attempt runs, in which role, and what a new one costs: the first loses the main board.
    const attempt = (await page.evaluate(`JSON.parse(globalThis.localStorage.getItem("spielcenter.seat.${room}")).attempt`)) as number;
    const warning = await page.getByTestId("daily-new-warning").textContent();
    if (attempt === 1) expect(warning).toMatch(/^Dein erster Versuch von heute als Maske läuft noch\. Beginnst du vorher einen neuen .*kommst du heute nicht auf die Hauptliste/);
    else expect(warning).toBe(`Dein ${attempt}. Versuch von heute als Maske läuft noch. Ein neuer beginnt mit denselben Karten von vorn; der laufende bleibt offen.`);
    expect(await page.getByTestId("daily-start").textContent()).toBe("Neuen Versuch beginnen");
    expect(await page.getByTestId("daily-start").getAttribute("class")).not.toContain("primary");
    await shot(page, "leftovers-daily-running-desktop");
    // A new attempt beside it: asked once more when the running one is the first (it costs the main board); then both
    // stay reachable from here (a pass found the first running at its address with no way to it).
    await page.getByTestId("daily-start").click();
    if (attempt === 1) {
      await page.getByTestId("daily-start-ask").waitFor();
      expect(await page.getByTestId("daily-start-ask").textContent()).toContain("nicht auf die Hauptliste");
      await page.getByTestId("daily-start-confirm").click();
    }
    await page.waitForURL((u) => u.pathname.startsWith("/partie/") && !u.pathname.endsWith(room));
    await page.getByTestId("table").waitFor({ timeout: 30_000 });
    const second = roomOf(page);
    await page.goto(site.url + "/tagesspiel");
    await page.getByTestId("daily-resume").waitFor();
    expect(await page.getByTestId("daily-resume").getAttribute("href")).toBe(`/partie/${room}`);
    expect(await page.getByTestId("daily-resume").textContent()).toBe(`${attempt}. Versuch fortsetzen`);
    expect(await page.getByTestId("daily-resume-other").getAttribute("href")).toBe(`/partie/${second}`);
    expect(await page.getByTestId("daily-resume-other").textContent()).toBe(`${attempt + 1}. Versuch fortsetzen`);
    await shot(page, "leftovers-daily-two-running-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "leftovers-daily-two-running-phone");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("daily-resume-other").click();
    await page.waitForURL(`**/partie/${second}`);
    await page.getByTestId("table").waitFor();
    await resign(page);
    await page.goto(site.url + "/tagesspiel");
    await page.getByTestId("daily-resume").click();
    await page.waitForURL(`**/partie/${room}`);
    await page.getByTestId("table").waitFor();
    await resign(page);
    // Over: nothing to continue, the start button as before.
    await page.goto(site.url + "/tagesspiel");
    await page.getByTestId("daily-start").waitFor();
    expect(await page.getByTestId("daily-resume").count()).toBe(0);
    expect(await page.getByTestId("daily-start").textContent()).toBe("Tagespartie spielen");
    expect(b.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    b.errors.length = 0;
  }, 180_000);

  it("one's own game's replay leads back to Meine Partien; a stranger's to the start page, also with an account", async () => {
    const { site, b } = held;
    const page = b.page;
    await newComputerGameAsConte(page, site.url);
    const room = roomOf(page);
    await resign(page);
    await archived(site.url, room);
    await page.getByTestId("result-replay").click();
    await page.getByTestId("replay-hand-0").waitFor({ timeout: 30_000 });
    const back = page.getByTestId("replay-return");
    expect(await back.getAttribute("href")).toBe("/bilanz");
    expect(await back.textContent()).toMatch(/Zurück zu Meine Partien/);
    await shot(page, "leftovers-replay-back-desktop");
    await back.click();
    await page.waitForURL("**/bilanz");
    await page.locator(`[data-testid="my-game"][data-id="${room}"]`).waitFor({ timeout: 30_000 });

    const stranger = await openBrowser({ width: 360, height: 740 });
    try {
      await stranger.page.goto(`${site.url}/replay/${room}`);
      await stranger.page.getByTestId("replay-hand-0").waitFor({ timeout: 30_000 });
      const home = stranger.page.getByTestId("replay-return");
      expect(await home.getAttribute("href")).toBe("/");
      expect(await home.textContent()).toMatch(/Zur Startseite/);
      const box = (await home.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      await shot(stranger.page, "leftovers-replay-back-phone");
      await stranger.page.locator('.lang-switch button[lang="en"]').click();
      await expect.poll(() => home.textContent()).toMatch(/To the start page/);
      await home.click();
      await stranger.page.waitForURL((u) => u.pathname === "/");
      // With an account of its own (its own game against the computer), the other game's replay still leads to the
      // start page: Meine Partien would not list it (a player pass, as a spectator, read "Zurück zu Meine Partien").
      await newComputerGameAsConte(stranger.page, site.url);
      await stranger.page.goto(`${site.url}/replay/${room}`);
      await stranger.page.getByTestId("replay-hand-0").waitFor({ timeout: 30_000 });
      expect(await stranger.page.getByTestId("replay-return").getAttribute("href")).toBe("/");
      expect(await stranger.page.evaluate(`globalThis.localStorage.getItem("spielcenter.account") !== null`)).toBe(true);
      expect(stranger.errors).toEqual([]);
    } finally {
      await stranger.close();
    }
    expect(b.errors).toEqual([]);
  }, 240_000);
});

describe("two tabs that pick at the same instant", () => {
  it("the tab whose pick came second is told that the other window's move came first", async () => {
    const { b } = held;
    const one = await b.context.newPage();
    const two = await b.context.newPage();
    // The second tab's socket through a relay that can hold the room's messages back: its pick is then made on the
    // table as it was, as when both tabs tap at the same instant.
    let hold = false;
    const queued: Array<() => void> = [];
    await two.routeWebSocket(/\/parties\//, (ws: WebSocketRoute) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => (hold ? queued.push(() => ws.send(m)) : ws.send(m)));
    });
    try {
      await newComputerGameAsConte(one, held.site.url);
      await two.goto(one.url());
      await two.getByTestId("exchange-confirm").waitFor();
      hold = true;
      // The first tab exchanges; the room plays on (the computer's exchange: the first trick).
      await one.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      await one.getByTestId("exchange-confirm").click();
      await one.locator('[data-testid="table"][data-phase="play"]').waitFor();
      // The second tab, still on the exchange, picks another card and confirms.
      await two.locator('[data-testid="hand-card"][data-legal="true"]').last().click();
      await two.getByTestId("exchange-confirm").click();
      await two.waitForTimeout(500);
      hold = false;
      for (const send of queued.splice(0)) send();
      const notice = two.getByTestId("table-error");
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.textContent()).toBe("Dein anderes Fenster war schneller: Sein Zug gilt, dieser hier nicht.");
      await two.locator('[data-testid="table"][data-phase="play"]').waitFor();
      await shot(two, "leftovers-second-tab-desktop");
      await two.setViewportSize({ width: 360, height: 740 });
      // On a phone the notice's two lines come out of the trick's room: the hand and the four tools stay above the
      // log's handle (they went under it, a fresh-eyes pass). The log, open on the desktop, closes to its handle by
      // itself, as a phone opens it.
      const sheetOpen = () => two.getByTestId("log-sheet").evaluate((e) => (e as unknown as { open: boolean }).open);
      await expect.poll(sheetOpen, { timeout: 3000 }).toBe(false);
      // The pointer off the table: no card's info window in the picture.
      await two.mouse.move(1, 1);
      await two.getByTestId("card-info").waitFor({ state: "detached" });
      expect(await covered(two)).toEqual([]);
      await shot(two, "leftovers-second-tab-phone");
      await two.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(sheetOpen, { timeout: 3000 }).toBe(true);
      // Both tabs show the same table; the notice goes by itself after a few seconds.
      expect(await two.getByTestId("table").getAttribute("data-version")).toBe(await one.getByTestId("table").getAttribute("data-version"));
      await two.locator('.lang-switch button[lang="en"]').click();
      await expect.poll(() => notice.textContent()).toBe("Your other window was quicker: its move counts, not this one.");
      await two.locator('.lang-switch button[lang="de"]').click();
      await notice.waitFor({ state: "detached", timeout: 15_000 });
      // The first tab was told nothing: its move counted.
      expect(await one.getByTestId("table-error").count()).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  }, 120_000);
});

describe("Goldwaage's feed", () => {
  it("names the pan of every card the same way: 'auf die linke/rechte Schale'", async () => {
    const { site, b } = held;
    const page = b.page;
    await setupGoldwaage(page, site.url, { players: 2, level: "normal" });
    await page.getByTestId("gw-table").waitFor({ timeout: 30_000 });
    const feed = page.locator(".gw-feed li");
    // The feed keeps the newest four lines: every play line seen on the way is gathered.
    const seen = new Set<string>();
    const gather = async () => (await feed.allTextContents()).filter((t) => /: .+ (auf die|links|rechts)/.test(t)).forEach((t) => seen.add(t));
    for (let i = 0; i < 120 && seen.size < 6; i++) {
      if ((await gwStep(page)) !== "acted") await page.waitForTimeout(50);
      await gather();
    }
    const lines = [...seen];
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line).toMatch(/ (auf die (linke|rechte) Schale|auf die leere Waage)/);
    for (const line of lines) expect(line).not.toMatch(/ (links|rechts)(,|$)/);
    await shot(page, "leftovers-goldwaage-feed-desktop");
    await page.getByTestId("gw-resign").click();
    // "Ja" and "Nein" stand apart (they touched: a player pass).
    const yes = (await page.getByTestId("gw-resign-confirm").boundingBox())!;
    const no = (await page.getByTestId("gw-resign-no").boundingBox())!;
    expect(no.x - (yes.x + yes.width)).toBeGreaterThanOrEqual(4);
    await page.getByTestId("gw-resign-confirm").click();
    await page.getByTestId("gw-result").waitFor({ timeout: 15_000 });
    expect(b.errors).toEqual([]);
  }, 180_000);
});

describe("a 360 × 740 phone with the emergency brake's warning", () => {
  it("shows the whole hand (two rows) and the tools above the log's handle, and a tap plays a card", async () => {
    const { site, b } = held;
    // The phone's clock can be moved on: the brake's last minute without waiting nine of them.
    await friendOnPhone(b, site.url, { width: 360, height: 740 }, { role: "conte", kind: "friendly", clock: "none" }, async (creator, phone) => {
      const pb = phone.page;
      // The creator (Conte) leads; the phone is to follow, its ten cards in two rows, a card in the trick.
      await creator.locator('[data-testid="table"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor({ timeout: 15_000 });
      await creator.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().click();
      await pb.locator('[data-testid="table"][data-busy="false"] [data-testid="turn"][data-my-turn="true"]').waitFor({ timeout: 15_000 });
      expect(await pb.getByTestId("hand-card").count()).toBe(10);
      await pb.clock.fastForward("09:30");
      await pb.locator('[data-testid="brake"][data-seat="1"].warning').waitFor();
      expect(await pb.getByTestId("clocks").textContent()).toMatch(/Notbremse: bei 0:00 verliert, wer am Zug ist/);
      expect(await covered(pb)).toEqual([]);
      await shot(pb, "leftovers-brake-warning-phone");
      await pb.locator('.lang-switch button[lang="en"]').click();
      await pb.getByText("Brake: at 0:00 whoever is to act loses").waitFor();
      await shot(pb, "leftovers-brake-warning-en-phone");
      expect(await covered(pb)).toEqual([]);
      await pb.locator('.lang-switch button[lang="de"]').click();
      // The opponent gone too (its note at the top of the felt, up to three lines): the note takes its lines from the
      // stage, the whole hand and the tools stay above the handle.
      await creator.close();
      await pb.locator('[data-testid="opponent-status"][data-connected="false"]').waitFor({ timeout: 15_000 });
      expect(await covered(pb)).toEqual([]);
      await shot(pb, "leftovers-brake-warning-gone-phone");
      // A tap at the bottom row plays its card, the page unscrolled.
      await tapCard(pb, pb.locator('[data-testid="hand-card"][data-legal="true"]').last());
      expect(await pb.evaluate("globalThis.window.scrollY")).toBe(0);
      expect(phone.errors).toEqual([]);
    }, (pb) => pb.clock.install());
  }, 180_000);
});
