// The fourth player pass's low findings (docs/security.md), in a real browser: a tap in a second tab while the other
// tab's move plays out, the last seconds of a chess clock, two guests at one table, and Goldwaage pans full of cards.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gwStep, look, setupGoldwaage } from "./gw-helpers.js";
import WebSocket from "ws";
import { enterWartesaal, friendOnPhone, oneBrowserPerFile, openBrowser, roomOf, shot } from "./helpers.js";

const held = oneBrowserPerFile();

const settled = '[data-testid="table"][data-busy="false"]';
const myTurn = `${settled}[data-phase="play"] [data-testid="turn"][data-my-turn="true"]`;

/**
 * Armed in `page` before the other tab plays: as soon as this tab plays that move out (`busy` matches: the table busy,
 * its frames showing), taps the first `card` at once, in the page. Resolves to that card, or null when there is none.
 */
function tapDuringFrames(page: Page, busy: string, card: string): Promise<string | null> {
  return page.evaluate(`new Promise((resolve) => {
    const d = globalThis.document;
    const tick = () => {
      if (!d.querySelector(${JSON.stringify(busy)})) return setTimeout(tick, 2);
      const card = d.querySelector(${JSON.stringify(card)});
      if (card) card.click();
      resolve(card ? card.getAttribute("data-card") : null);
    };
    tick();
  })`) as Promise<string | null>;
}

describe("a tap in a second tab while the first tab's move plays out", () => {
  it("is not dropped without a word: the tab says the other window was quicker; a later tap on the new table is a move", async () => {
    const { site, b } = held;
    // A friend's table: after this seat's card the friend is to play, so no card of this seat is playable after it.
    await friendOnPhone(b, site.url, { width: 360, height: 740 }, { role: "conte", kind: "friendly", clock: "none" }, async (one, phone) => {
      const two = await b.context.newPage();
      try {
        // The second tab shows its batches frame by frame, as a player's browser does.
        await two.emulateMedia({ reducedMotion: "no-preference" });
        await two.goto(one.url());
        // The Conte leads the first trick.
        await one.locator(myTurn).waitFor({ timeout: 20_000 });
        await two.locator(myTurn).waitFor({ timeout: 20_000 });
        // Not playable after the other tab's card (the friend is to play then): every card of this seat.
        const armed = tapDuringFrames(two, '[data-testid="table"][data-busy="true"] [data-testid="trick"][data-staged="true"]', '[data-testid="hand-card"][data-legal="false"]');
        const card = await one.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().getAttribute("data-card");
        await one.locator(`[data-testid="hand-card"][data-card="${card}"]`).click();
        const tapped = await armed;
        expect(tapped).not.toBeNull();
        const notice = two.getByTestId("table-error");
        await notice.waitFor({ timeout: 5_000 });
        expect(await notice.textContent()).toBe("Dein anderes Fenster war schneller: Sein Zug gilt, dieser hier nicht.");
        // Not played: the card is still in the hand once the frames are done, and the table is the same in both tabs.
        await two.locator(`${settled}[data-version="${await one.getByTestId("table").getAttribute("data-version")}"]`).waitFor();
        expect(await two.locator(`[data-testid="hand-card"][data-card="${tapped}"]`).count()).toBe(1);
        expect(await two.locator(`[data-testid="hand-card"][data-card="${card}"]`).count()).toBe(0);
        await two.mouse.move(1, 1);
        await shot(two, "low-second-tab-tap-desktop");
        await two.setViewportSize({ width: 360, height: 740 });
        // The log, open on the desktop, closes to its handle by itself, as a phone opens it.
        const sheetOpen = () => two.getByTestId("log-sheet").evaluate((e) => (e as unknown as { open: boolean }).open);
        await expect.poll(sheetOpen, { timeout: 3000 }).toBe(false);
        // The pointer off the table: no card's info window in the picture.
        await two.mouse.move(1, 1);
        await two.getByTestId("card-info").waitFor({ state: "detached" });
        await shot(two, "low-second-tab-tap-phone");
        await two.setViewportSize({ width: 1280, height: 800 });
        await expect.poll(sheetOpen, { timeout: 3000 }).toBe(true);
        // In English too (the notice goes by itself after a few seconds).
        await two.locator('.lang-switch button[lang="en"]').click();
        expect(await notice.textContent()).toBe("Your other window was quicker: its move counts, not this one.");
        await two.locator('.lang-switch button[lang="de"]').click();
        // The friend follows; once this seat is to play again, a tap in the second tab is a move on the new table.
        for (let i = 0; i < 40 && !(await two.locator(myTurn).count()); i++) {
          if (await phone.page.locator(myTurn).count()) {
            await phone.page.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().click();
            await phone.page.locator(settled).waitFor();
          }
          await two.waitForTimeout(100);
        }
        await two.locator(myTurn).waitFor({ timeout: 15_000 });
        const next = await two.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first().getAttribute("data-card");
        await two.locator(`[data-testid="hand-card"][data-card="${next}"]`).click();
        await one.locator(`[data-testid="hand-card"][data-card="${next}"]`).waitFor({ state: "detached", timeout: 15_000 });
      } finally {
        await two.close();
      }
    });
    expect(b.errors).toEqual([]);
  }, 180_000);
});

describe("a tap in a second Goldwaage tab while the other tab's card plays out", () => {
  it("says the other window was quicker", async () => {
    const { site, b } = held;
    const one = await b.context.newPage();
    const two = await b.context.newPage();
    try {
      await two.emulateMedia({ reducedMotion: "no-preference" });
      await setupGoldwaage(one, site.url, { players: 2, level: "normal" });
      await one.locator('[data-testid="gw-table"]').waitFor({ timeout: 30_000 });
      await two.goto(one.url());
      await two.locator('[data-testid="gw-table"]').waitFor({ timeout: 30_000 });
      // The first tab shows its open card; then this seat begins the round.
      // By time, not by steps: on a loaded machine (a CI run beside browsers) a hundred steps passed before the turn came.
      for (const end = Date.now() + 60_000; Date.now() < end && !(await look(one)).myTurn; ) if ((await gwStep(one)) === "idle") await one.waitForTimeout(50);
      await two.locator('[data-testid="gw-table"][data-busy="false"][data-phase="play"]').waitFor();
      expect((await look(two)).myTurn).toBe(true);
      // Armed in the second tab: once it plays the first tab's card out (busy), a tap on its hand.
      const armed = tapDuringFrames(two, '[data-testid="gw-table"][data-busy="true"]', '[data-testid="gw-hand-card"]');
      let tapped: string | null | undefined;
      void armed.then((c) => (tapped = c));
      // The first tab plays its card (and, if it played its open card, shows another and confirms).
      for (const end = Date.now() + 30_000; Date.now() < end && tapped === undefined; ) if ((await gwStep(one)) === "idle") await one.waitForTimeout(50);
      expect(await armed).not.toBeNull();
      const notice = two.locator(".table-error").first();
      await notice.waitFor({ timeout: 5_000 });
      expect(await notice.textContent()).toBe("Dein anderes Fenster war schneller: Sein Zug gilt, dieser hier nicht.");
      await shot(two, "low-second-tab-tap-goldwaage-desktop");
      expect(b.errors).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  }, 120_000);
});

describe("the last seconds of a chess clock", () => {
  it("stand out from twenty seconds on: a pulsing plate (still, with reduced motion), data-low, words for a screen reader", async () => {
    const { site, b } = held;
    const page = await b.context.newPage();
    try {
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.clock.install(); // the page's time is ours: minutes pass in a moment
      await page.goto(site.url + "/spielen/zuzweit");
      await page.getByTestId("hotseat-clock-3-2").click();
      await page.getByTestId("hotseat-start").click();
      await page.getByTestId("curtain-ready").click();
      const mine = page.locator('[data-testid="clock"][data-seat="0"]');
      const other = page.locator('[data-testid="clock"][data-seat="1"]');
      const style = (l: typeof mine) => l.evaluate((e) => {
          const cs = (globalThis as unknown as { getComputedStyle(x: unknown): { backgroundColor: string; animationName: string } }).getComputedStyle(e);
          return { background: cs.backgroundColor, animation: cs.animationName };
        });
      // With time to spare the running clock is figures only, no plate.
      await page.clock.fastForward(60_000);
      expect(await mine.getAttribute("data-low")).toBe("false");
      expect((await style(mine)).background).toBe("rgba(0, 0, 0, 0)");
      // 19 s left: marked, on a plate that pulses; the standing clock is not.
      await page.clock.fastForward(101_000);
      await page.locator('[data-testid="clock"][data-seat="0"][data-running="true"][data-low="true"]').waitFor();
      expect(Number(await mine.getAttribute("data-ms"))).toBeLessThan(20_000);
      expect(await other.getAttribute("data-low")).toBe("false");
      const low = await style(mine);
      expect(low.background).not.toBe("rgba(0, 0, 0, 0)");
      expect(low.animation).toBe("clock-low");
      expect((await style(other)).background).toBe("rgba(0, 0, 0, 0)");
      expect(await mine.textContent()).toMatch(/wenig Zeit/);
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, "low-clock-desktop");
      await page.setViewportSize({ width: 360, height: 740 });
      await shot(page, "low-clock-phone");
      // Less motion asked for: the plate stays, still.
      await page.emulateMedia({ reducedMotion: "reduce" });
      const still = await style(mine);
      expect(still.animation).toBe("none");
      expect(still.background).not.toBe("rgba(0, 0, 0, 0)");
      expect(b.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("two guests at one table", () => {
  it("are told apart by their seats, for each player and a spectator ('Gast 1', 'Gast 2'); the players' words agree", async () => {
    const { site, b } = held;
    // Neither the creator's browser nor the phone has named its account.
    await friendOnPhone(b, site.url, { width: 360, height: 740 }, { role: "conte", kind: "friendly", clock: "none" }, async (creator, phone) => {
      const seatOf = async (p: Page) => Number(await p.getByTestId("table").getAttribute("data-seat"));
      const [mine, theirs] = [await seatOf(creator), await seatOf(phone.page)];
      expect(mine).not.toBe(theirs);
      // Each sees the other by the other's seat: the label the spectator, the Wartesaal and the replay use too.
      await expect.poll(() => creator.locator(".opp-name").textContent(), { timeout: 15_000 }).toContain(`Gast ${theirs + 1}`);
      await expect.poll(() => phone.page.locator(".opp-name").textContent(), { timeout: 15_000 }).toContain(`Gast ${mine + 1}`);
      await creator.mouse.move(1, 1);
      await shot(creator, "low-two-guests-desktop");
      await shot(phone.page, "low-two-guests-phone");
      await creator.locator('.lang-switch button[lang="en"]').click();
      await expect.poll(() => creator.locator(".opp-name").textContent()).toContain(`Guest ${theirs + 1}`);
      await creator.locator('.lang-switch button[lang="de"]').click();
      const watcher = await openBrowser({ width: 1280, height: 800 });
      try {
        await watcher.page.goto(`${site.url}/partie/${roomOf(creator)}`);
        const head = watcher.page.getByTestId("spectating");
        await expect.poll(() => head.innerText(), { timeout: 30_000 }).toMatch(/Gast 1 .*Gast 2/);
        await shot(watcher.page, "low-two-guests-spectator-desktop");
      } finally {
        await watcher.close();
      }
      expect(phone.errors).toEqual([]);
    });
    expect(b.errors).toEqual([]);
  }, 180_000);
});

/**
 * The most cards one pan can hold at once: 11, at the instant the card that tips the scale lies on it (an exhaustive
 * search over a round's 12 cards, limit 9: e.g. A A A A 2 2 2 2 3 3 3 against a 9). Filled in here in the page, since
 * no seeded deal brings a game there: the pans' lists get that many faces, an Ace's weight among them.
 */
const MOST_IN_A_PAN = 11;

/** Puts `n` cards into each pan's list (the table waits meanwhile), then says each card that leaves its pan's frame. */
function fillPans(page: Page, n: number): Promise<string[]> {
  return page.evaluate(`(() => {
    const d = globalThis.document;
    const faces = ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C", "3S", "3H", "3D", "10C"];
    const out = [];
    for (const ol of d.querySelectorAll('[data-testid="gw-pan"] .gw-stack')) {
      ol.innerHTML = faces.slice(0, ${n}).map((c, i) => {
        const label = c.slice(0, -1) === "A" ? "A" : c.slice(0, -1);
        const suit = { S: "♠", H: "♥", D: "♦", C: "♣" }[c.slice(-1)];
        const red = c.endsWith("H") || c.endsWith("D");
        const weight = i === 0 ? '<small class="gw-weight"><span aria-hidden="true">= 7</span></small>' : "";
        return '<li class="gw-stack-card' + (i === ${n} - 1 ? " fresh" : "") + '"><span class="gw-face ' + (red ? "red" : "black") + '" role="img"><span aria-hidden="true">' + label + suit + '</span></span>' + weight + '</li>';
      }).join("");
    }
    for (const pan of d.querySelectorAll('[data-testid="gw-pan"]')) {
      const frame = pan.getBoundingClientRect();
      const cs = globalThis.getComputedStyle(pan);
      const border = parseFloat(cs.borderBottomWidth);
      // The pan's foot is curved (its bottom corners are quarter ellipses): a radius in px or % of the pan's size.
      const radius = (v) => {
        const [h, w = h] = v.split(" ");
        const px = (x, of) => (x.endsWith("%") ? (parseFloat(x) / 100) * of : parseFloat(x));
        return { rx: px(h, frame.width), ry: px(w, frame.height) };
      };
      // Whether a point lies inside the frame's inner edge (inside its border), the curved corners included.
      const inside = (x, y, corner) => {
        if (x < frame.left + border || x > frame.right - border || y > frame.bottom - border) return false;
        const { rx, ry } = radius(corner === "left" ? cs.borderBottomLeftRadius : cs.borderBottomRightRadius);
        const cx = corner === "left" ? frame.left + rx : frame.right - rx;
        const cy = frame.bottom - ry;
        const beyond = corner === "left" ? x < cx : x > cx;
        if (!beyond || y < cy || rx <= border || ry <= border) return true;
        return ((x - cx) / (rx - border)) ** 2 + ((y - cy) / (ry - border)) ** 2 <= 1;
      };
      const cards = [...pan.querySelectorAll(".gw-stack-card")];
      cards.forEach((li, i) => {
        const r = li.querySelector(".gw-face").getBoundingClientRect();
        const label = li.querySelector(".gw-face span").getBoundingClientRect();
        // Inside the frame with a gap to see: the card's corners (rounded by 5 px: 1.5 px in), 3 px further out, still
        // within the pan's curved foot (the bottom card's corners lay on the rim, or over it, from six cards on).
        if (!inside(r.left - 1.5, r.bottom + 1.5, "left") || !inside(r.right + 1.5, r.bottom + 1.5, "right") || r.top < frame.top) out.push(pan.getAttribute("data-pan") + " card " + (i + 1) + " of " + cards.length + ": " + Math.round(r.left) + "–" + Math.round(r.right) + " × " + Math.round(r.top) + "–" + Math.round(r.bottom) + " in " + Math.round(frame.left) + "–" + Math.round(frame.right) + " × " + Math.round(frame.top) + "–" + Math.round(frame.bottom));
        // Every card's rank and suit stays readable: the next card lies below its name.
        const next = cards[i + 1] && cards[i + 1].querySelector(".gw-face").getBoundingClientRect();
        if (next && next.top < label.bottom - 1) out.push(pan.getAttribute("data-pan") + " card " + (i + 1) + " hidden by the next");
      });
    }
    return out;
  })()`) as Promise<string[]>;
}

describe("Goldwaage pans full of cards", () => {
  for (const view of [
    { width: 1280, height: 800, name: "desktop" },
    { width: 360, height: 740, name: "phone" },
    { width: 390, height: 844, name: "phone-390" },
    // A phone in landscape: the scale beside the hand, pans of up to eight cards within the screen's height.
    { width: 740, height: 360, name: "landscape" },
  ]) {
    it(`hold up to ${MOST_IN_A_PAN} cards inside their frames, every card readable (${view.width} × ${view.height})`, async () => {
      const { site, b } = held;
      const page = await b.context.newPage();
      try {
        await page.setViewportSize({ width: view.width, height: view.height });
        await setupGoldwaage(page, site.url, { players: 2, level: "normal" });
        // The show phase: the table waits for this seat's open card, nothing moves meanwhile.
        await page.locator('[data-testid="gw-table"][data-phase="show"][data-busy="false"]').waitFor({ timeout: 30_000 });
        for (const n of [6, 8, MOST_IN_A_PAN]) {
          const out = await fillPans(page, n);
          // On a desktop the full pans leave the hand and "Zeigen" on the first screen (the pans once grew past it). In
          // landscape the seats stand above the scale (they took two rows beside it with four players): pans of up to
          // eight cards stay on the screen (with five or six they once ran past it); nine or more, which takes ten cards
          // of a round's twelve on the scale at once, let the page scroll, every card still in its frame.
          if (view.name === "desktop" || (view.name === "landscape" && n <= 8)) {
            const bottom = async (id: string) => {
              const r = (await page.getByTestId(id).first().boundingBox())!;
              return r.y + r.height;
            };
            for (const id of ["gw-pan", "gw-show-confirm"]) expect(await bottom(id), `${id} with ${n} cards`).toBeLessThanOrEqual(view.height);
          }
          await page.getByTestId("gw-pan").first().scrollIntoViewIfNeeded();
          await shot(page, `low-gw-pans-${n}-${view.name}`);
          expect(out, `${n} cards`).toEqual([]);
        }
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});

describe("a new browser whose account cannot be made (the per-address budget, a 429)", () => {
  it("the Wartesaal says why and offers to try again, instead of a blank page; the Bilanz makes one account, not two; an unknown game is 'not found'", async () => {
    const { site } = held;
    // A fresh-eyes pass opened the Wartesaal in eleven new browsers at once: one got a 429 and a blank page.
    const phone = await openBrowser({ width: 390, height: 844 }, "reduce", { touch: true });
    try {
      const page = phone.page;
      let refuse = true;
      let posts = 0;
      await page.route("**/api/accounts", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts += 1;
        if (refuse) return route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: "RATE_LIMITED", message: "Too many accounts or recovery attempts from this address; try again in a minute." }) });
        return route.continue();
      });
      await page.goto(`${site.url}/wartesaal`);
      await page.getByTestId("lobby-unreachable").waitFor();
      expect(await page.getByTestId("lobby-unreachable").innerText()).toContain("zu viele neue Konten");
      await shot(page, "account-refused-phone");
      // A minute later (here: at once) "Noch einmal versuchen" makes the account, and the page asks for a name.
      refuse = false;
      await page.getByTestId("lobby-retry").click();
      await page.getByTestId("lobby-name-input").waitFor();
      expect(await page.getByTestId("lobby-unreachable").count()).toBe(0);
      expect(posts).toBe(2);
      // Uncaught errors are none; the refused request's own console line is the browser's.
      expect(phone.errors.filter((e) => !e.includes("429"))).toEqual([]);
    } finally {
      await phone.close();
    }
    // Refused on the Bilanz: it says why and tries again; the other pages are not left at "…" (a second pass: every page
    // stuck until a reload).
    const refused = await openBrowser({ width: 360, height: 740 }, "reduce", { touch: true });
    try {
      let refuse = true;
      await refused.page.route("**/api/accounts", (route) =>
        refuse && route.request().method() === "POST" ? route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: "RATE_LIMITED" }) }) : route.continue(),
      );
      await refused.page.goto(`${site.url}/bilanz`);
      await refused.page.getByTestId("bilanz-retry").waitFor();
      expect(await refused.page.locator("main").innerText()).toContain("zu viele neue Konten");
      // Nothing said about games it could not read.
      expect(await refused.page.locator("main").innerText()).not.toContain("Noch keine");
      await refused.page.getByTestId("nav-account").click();
      await refused.page.getByTestId("account-retry").waitFor();
      refuse = false;
      await refused.page.getByTestId("account-retry").click();
      await refused.page.getByTestId("account-name-input").waitFor();
      await refused.page.getByTestId("nav-bilanz").click();
      await refused.page.getByTestId("bilanz-empty").waitFor();
      expect(refused.errors.filter((e) => !e.includes("429"))).toEqual([]);
    } finally {
      await refused.close();
    }
    // The Bilanz asks for the account and the games at once: one account is made for both.
    const fresh = await openBrowser();
    try {
      let posts = 0;
      await fresh.page.route("**/api/accounts", (route) => {
        if (route.request().method() === "POST") posts += 1;
        return route.continue();
      });
      await fresh.page.goto(`${site.url}/bilanz`);
      await fresh.page.getByTestId("bilanz-empty").waitFor();
      expect(posts).toBe(1);
      expect(fresh.errors).toEqual([]);
      // A link to a game that never was: said as such, not as a game refused to a spectator.
      await fresh.page.goto(`${site.url}/partie/gibtesnicht123`);
      await fresh.page.getByTestId("watch-refused").waitFor({ timeout: 30_000 });
      expect(await fresh.page.getByTestId("watch-refused").innerText()).toContain("Partie nicht gefunden");
    } finally {
      await fresh.close();
    }
  }, 90_000);
});

/** A player in the Wartesaal from Node: an account named `name`, its ticket, its socket welcomed. */
async function lobbyist(url: string, name: string): Promise<WebSocket> {
  const account = (await (await fetch(`${url}/api/accounts`, { method: "POST" })).json()) as { token: string };
  const auth = { authorization: `Bearer ${account.token}` };
  expect((await fetch(`${url}/api/me/name`, { method: "PUT", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ name }) })).status).toBe(200);
  const t = (await (await fetch(`${url}/api/lobby/ticket`, { method: "POST", headers: auth })).json()) as { ticket: string; socket: string };
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}${t.socket}`);
  await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
  const welcomed = new Promise<void>((r) => ws.on("message", (m) => String(m).includes('"welcome"') && r()));
  ws.send(JSON.stringify({ type: "hello", ticket: t.ticket }));
  await welcomed;
  return ws;
}

describe("many challenges to one phone player", () => {
  it("shows the first three in full, the rest on asking; two that go at once are both named; 'Alle ablehnen' asks, declines them all and says so", async () => {
    const { site } = held;
    // A fresh-eyes pass challenged by eleven at once scrolled seven screens of cards to reach the players.
    const phone = await openBrowser({ width: 390, height: 844 }, "reduce", { touch: true });
    const tag = Math.random().toString(36).slice(2, 6);
    const me = `Viel${tag}`;
    const others: WebSocket[] = [];
    try {
      await enterWartesaal(phone.page, site.url, me);
      for (let i = 0; i < 5; i++) {
        const ws = await lobbyist(site.url, `Frag${i}${tag}`);
        others.push(ws);
        ws.send(JSON.stringify({ type: "challenge", to: me, terms: { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" } }));
      }
      const cards = phone.page.getByTestId("challenge-incoming");
      await phone.page.getByTestId("incoming-more").waitFor();
      await expect.poll(() => phone.page.getByTestId("incoming-more").innerText()).toBe("2 weitere zeigen");
      expect(await cards.count()).toBe(3);
      await shot(phone.page, "incoming-many-phone");
      await phone.page.getByTestId("incoming-decline-all").scrollIntoViewIfNeeded();
      await shot(phone.page, "incoming-many-phone-foot");
      await phone.page.getByTestId("incoming-more").click();
      await expect.poll(() => cards.count()).toBe(5);
      expect(await phone.page.getByTestId("incoming-more").count()).toBe(0);
      await phone.page.getByTestId("incoming-fewer").click();
      await expect.poll(() => cards.count()).toBe(3);
      // Two challengers go at once: both are named, not only the last.
      others[0]!.close();
      others[1]!.close();
      const notice = phone.page.getByTestId("lobby-notice");
      await expect.poll(() => notice.innerText(), { timeout: 30_000 }).toContain(`Frag1${tag}`);
      // In one sentence (four such took a third of a phone's screen), and closed with a tap.
      expect(await notice.innerText()).toMatch(new RegExp(`^Die Verbindungen von Frag[01]${tag} und Frag[01]${tag} zum Wartesaal sind abgerissen`));
      await shot(phone.page, "incoming-lost-notice-phone");
      await phone.page.getByTestId("lobby-notice-close").click();
      expect(await notice.innerText()).toBe("");
      await expect.poll(() => cards.count()).toBe(3);
      expect(await phone.page.getByTestId("incoming-more").count()).toBe(0);
      // "Alle ablehnen" asks once more, then declines them and says so.
      await phone.page.getByTestId("incoming-decline-all").click();
      expect(await phone.page.getByTestId("incoming-decline-all").innerText()).toBe("Wirklich alle 3 ablehnen?");
      expect(await cards.count()).toBe(3);
      await phone.page.getByTestId("incoming-decline-all").click();
      await cards.first().waitFor({ state: "detached", timeout: 10_000 });
      expect(await notice.innerText()).toBe("3 Herausforderungen abgelehnt.");
      expect(phone.errors).toEqual([]);
    } finally {
      for (const ws of others) ws.close();
      await phone.close();
    }
  }, 90_000);
});

describe("signing out the other devices while they are in the Wartesaal", () => {
  it("the device signed out says so and stops (no lists, no buttons); the signing device's other tab stays in the Wartesaal", async () => {
    const { site } = held;
    // A fresh-eyes attack: a device signed out kept its Wartesaal socket and accepted a staked challenge for the account.
    const mine = await openBrowser({ width: 1280, height: 800 });
    const lost = await openBrowser({ width: 390, height: 844 }, "reduce", { touch: true });
    try {
      const name = `Zwei${Math.random().toString(36).slice(2, 6)}`;
      await enterWartesaal(mine.page, site.url, name);
      // The other device holds the same account (as a recovery code would bring it there).
      const stored = (await mine.page.evaluate(`globalThis.localStorage.getItem("spielcenter.account")`)) as string;
      await lost.page.goto(`${site.url}/`);
      await lost.page.evaluate(`globalThis.localStorage.setItem("spielcenter.account", ${JSON.stringify(stored)})`);
      await lost.page.goto(`${site.url}/wartesaal`);
      await lost.page.getByTestId("lobby-you").waitFor();
      // A second tab of the signing device signs the others out on the Konto page.
      const konto = await mine.context.newPage();
      await konto.goto(`${site.url}/konto`);
      await konto.getByTestId("signout-others").click();
      await konto.getByText("Alle anderen Geräte sind abgemeldet").waitFor();
      // The device signed out: said, with the way back, and no list to act on.
      await lost.page.getByTestId("lobby-signed-out").waitFor({ timeout: 10_000 });
      expect(await lost.page.getByTestId("lobby-signed-out").innerText()).toContain("Dieses Gerät ist abgemeldet");
      expect(await lost.page.getByTestId("lobby-player").count()).toBe(0);
      expect(await lost.page.getByTestId("lobby-connecting").count()).toBe(0);
      await shot(lost.page, "lobby-signed-out-phone");
      // The signing device's Wartesaal tab came back with the fresh token: it is there, and listed.
      await mine.page.getByTestId("lobby-you").waitFor();
      await mine.page.locator(`[data-testid="lobby-player"][data-name="${name}"]`).waitFor();
      expect(await mine.page.getByTestId("lobby-signed-out").count()).toBe(0);
      // Reloaded, the signed-out device says the same at once (GET /api/me refuses its token).
      await lost.page.reload();
      await lost.page.getByTestId("lobby-signed-out").waitFor();
      expect(await lost.page.getByTestId("lobby-unreachable").count()).toBe(0);
      expect(mine.errors).toEqual([]);
    } finally {
      await mine.close();
      await lost.close();
    }
  }, 90_000);
});

/** A phone at a new game against Leicht, at the exchange with its help closed. */
async function toExchange(page: Page, siteUrl: string): Promise<void> {
  await page.goto(`${siteUrl}/spielen/computer`);
  for (const id of ["role-conte", "level-leicht", "ruleset-battlemaske", "variant-normal", "start-game"]) await page.getByTestId(id).tap();
  await page.getByTestId("exchange-confirm").waitFor();
  const intro = page.getByTestId("exchange-help-close");
  if (await intro.isVisible().catch(() => false)) await intro.tap();
}

describe("a tap on 'Tauschen' on a phone", () => {
  it("moves no focus onto a card (the focus follows keys only: a focused card is a ring and a card's details on a phone)", async () => {
    const { site } = held;
    const phone = await openBrowser({ width: 390, height: 844 }, "reduce", { touch: true });
    try {
      const page = phone.page;
      await toExchange(page, site.url);
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().tap();
      await page.getByTestId("exchange-confirm").tap();
      await page.getByTestId("exchange-confirm").waitFor({ state: "detached" });
      await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"]').waitFor();
      await page.waitForTimeout(200);
      expect(await page.evaluate(`globalThis.document.activeElement?.getAttribute("data-testid") ?? null`)).not.toBe("hand-card");
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 120_000);
});

describe("the cards received in the exchange", () => {
  it("are marked in the hand (⇄), named so for a screen reader, and are the card the log says came (the details' sentence: sentences.test)", async () => {
    const { site } = held;
    const phone = await openBrowser({ width: 390, height: 844 }, "reduce", { touch: true });
    try {
      const page = phone.page;
      await toExchange(page, site.url);
      // Before the exchange nothing is marked.
      expect(await page.locator('[data-testid="hand-card"][data-received="true"]').count()).toBe(0);
      await page.locator('[data-testid="hand-card"][data-legal="true"]').first().tap();
      await page.getByTestId("exchange-confirm").tap();
      await page.locator('[data-testid="table"][data-phase="play"][data-busy="false"]').waitFor();
      const marked = page.locator('[data-testid="hand-card"][data-received="true"]');
      await expect.poll(() => marked.count()).toBeGreaterThan(0);
      const labels = await marked.evaluateAll((es) => es.map((e) => e.getAttribute("aria-label") ?? ""));
      const log = (await page.getByTestId("log-entry").allTextContents()).find((t) => t.startsWith("Tausch:")) ?? "";
      for (const l of labels) {
        expect(l).toContain(", vom Gegner erhalten");
        // "Tausch: Du gibst Pfau 5 ab und bekommst Elixier 3+."
        expect(log.split("bekommst")[1] ?? "").toContain(l.split(",")[0]!);
      }
      expect(await marked.first().locator(".received-tag").textContent()).toBe("⇄");
      await shot(page, "received-phone");
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 120_000);
});
