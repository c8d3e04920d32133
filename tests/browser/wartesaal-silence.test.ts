// A player whose network goes while the Wartesaal is open (ADR 046): the socket stays open at the lobby, so the others
// saw that player as "frei" with a live seek until the runtime gave up on it. The lobby now closes a page it has not
// heard for its silence limit (45 s; 20 s on this test's site): the others see the player and the seek go, and the
// player, back, is told what is no longer open.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { enterWartesaal, lobbyPlayer, shot, silenceableSockets, twoBrowsersPerFile } from "./helpers.js";

const t = twoBrowsersPerFile({ vars: { LOBBY_SILENCE_MS: "20000" } });
const suffix = Math.random().toString(36).slice(2, 7);
const NAME_A = `Ute${suffix}`;
const NAME_B = `Vito${suffix}`;

/** A (t.a's page) and B (a new page of t.b, its sockets silenceable) in the Wartesaal, B's seek in A's list. */
async function seekingB(a: Page, b: Page) {
  const net = await silenceableSockets(b);
  await enterWartesaal(a, t.site.url, NAME_A);
  await enterWartesaal(b, t.site.url, NAME_B);
  await lobbyPlayer(a, NAME_B).waitFor({ timeout: 30_000 });
  await b.getByTestId("seek-create").click();
  await b.getByTestId("challenge-send").click();
  const seek = a.locator(`[data-testid="seek"][data-from="${NAME_B}"]`);
  await seek.waitFor({ timeout: 30_000 });
  // B's own page lists it too: a network silenced before that message came would leave B's page not knowing its seek
  // (a loaded CI run: A saw it, B's list did not have it yet, and B's note while away could not name it).
  await b.getByTestId("seek-hint").waitFor({ timeout: 30_000 });
  return { net, seek };
}

describe("the Wartesaal and a player whose network went", () => {
  it("the others see the player and its seek go; back, the player is told the seek is gone and appears again", { timeout: 180_000 }, async () => {
    const a = t.a.page;
    const b = await t.b.context.newPage();
    try {
      const { net, seek } = await seekingB(a, b);

      // B's network swallows everything from now on, old sockets and new ones; nothing closes at the lobby.
      const since = Date.now();
      net.silence("swallow");
      await b.getByTestId("lobby-connecting").waitFor({ timeout: 30_000 });
      // B's own page says it is reconnecting, as the tables do, and what would change the lists waits.
      expect(await b.getByTestId("lobby-connecting").innerText()).toBe("Verbindung wird wiederhergestellt …");
      expect(await b.getByTestId("lobby-connecting").getAttribute("class")).toContain("connection-lost");
      expect(await b.getByTestId("seek-create").isDisabled()).toBe(true);
      expect(await b.getByTestId("gw-create").isDisabled()).toBe(true);
      // Its seek vanished from its own page with the lists: the page says it still stands for the others for a while.
      expect(await b.getByTestId("lobby-away-note").innerText()).toContain("Dein Gesuch bleibt für die anderen nur kurz offen");
      await shot(b, "wartesaal-reconnecting-phone");
      // A sees B and B's seek go within the limit and one sweep (20 s + a third of it), and is still in the list itself.
      await lobbyPlayer(a, NAME_B).waitFor({ state: "detached", timeout: 60_000 });
      const gone = Date.now() - since;
      await seek.waitFor({ state: "detached", timeout: 5_000 });
      expect(await lobbyPlayer(a, NAME_A).count()).toBe(1);
      // Not at once: B's page closing its dead socket never reached the lobby (B's last ping was up to 10 s earlier).
      expect(gone).toBeGreaterThanOrEqual(5_000);
      await shot(a, "wartesaal-silent-player-gone");

      // B's network is back: B is in A's list again, and B's page says its seek is no longer open.
      net.restore();
      await lobbyPlayer(a, NAME_B).waitFor({ timeout: 60_000 });
      await b.getByTestId("lobby-you").waitFor({ timeout: 30_000 });
      await expect.poll(() => b.getByTestId("lobby-away").innerText(), { timeout: 10_000 }).toContain("dein Gesuch ist nicht mehr offen");
      expect(await b.locator(`[data-testid="seek"][data-from="${NAME_B}"]`).count()).toBe(0);
      await shot(b, "wartesaal-back-after-silence-phone");
      // Read: the box goes (else the next page of B's would show it again, until read).
      await b.getByTestId("lobby-away-ok").click();
      await b.getByTestId("lobby-away").waitFor({ state: "detached", timeout: 10_000 });
    } finally {
      await b.close();
    }
  });

  // Before the next test: there A takes B's seek and sits at a running table (a player at a table cannot challenge).
  it("challenged while its network was gone: back, the player is told its seek went and whose challenge lapsed, in every tab, until it says it has read it (ADR 048)", { timeout: 180_000 }, async () => {
    const a = t.a.page;
    const b = await t.b.context.newPage();
    let b2: Page | null = null;
    try {
      const { net } = await seekingB(a, b);
      net.silence("swallow");
      // A challenges B while B is still listed; then the lobby lets B go, and A is told B's connection went.
      await lobbyPlayer(a, NAME_B).getByTestId("lobby-challenge").click();
      await a.getByTestId("challenge-send").click();
      await lobbyPlayer(a, NAME_B).waitFor({ state: "detached", timeout: 60_000 });
      await expect.poll(() => a.getByTestId("lobby-notice").innerText(), { timeout: 10_000 }).toContain(`Die Verbindung von ${NAME_B} zum Wartesaal ist abgerissen`);
      // B's network is back: the old page comes back by itself and says it; it stays (no passing notice).
      net.restore();
      const box = b.getByTestId("lobby-away");
      await expect.poll(() => box.innerText().catch(() => ""), { timeout: 45_000 }).toContain(`von ${NAME_A}`);
      expect(await box.innerText()).toContain("dein Gesuch ist nicht mehr offen");
      expect(await box.innerText()).toContain(`Die Herausforderung von ${NAME_A} ist damit verfallen.`);
      // B opens the Wartesaal in a new tab (a phone): told there too, as long as B has not said it read it.
      b2 = await t.b.context.newPage();
      await b2.setViewportSize({ width: 390, height: 844 });
      await b2.goto(t.site.url + "/wartesaal");
      await b2.getByTestId("lobby-away").waitFor({ timeout: 30_000 });
      expect(await b2.getByTestId("lobby-away").innerText()).toContain(`Die Herausforderung von ${NAME_A} ist damit verfallen.`);
      await shot(b2, "wartesaal-told-while-away-phone");
      await b.waitForTimeout(11_000); // longer than a passing notice stays
      expect(await box.isVisible()).toBe(true);
      // Read in the new tab: gone from both, and a reload says nothing of it.
      await b2.getByTestId("lobby-away-ok").click();
      await box.waitFor({ state: "detached", timeout: 10_000 });
      await b2.reload();
      await b2.getByTestId("lobby-you").waitFor({ timeout: 30_000 });
      await b2.waitForTimeout(1500);
      expect(await b2.getByTestId("lobby-away").count()).toBe(0);
    } finally {
      await b.close();
      await b2?.close();
    }
  });

  it("leaving the Wartesaal withdraws one's seek, which the seek says; coming back, the page says it was withdrawn, once", { timeout: 120_000 }, async () => {
    const a = t.a.page;
    const b = await t.b.context.newPage();
    try {
      const { seek } = await seekingB(a, b);
      expect(await b.getByTestId("seek-hint").innerText()).toBe("Dein Gesuch gilt, solange du im Wartesaal bist.");
      // B looks at the ranking (a link on the Wartesaal page) and comes back by the header.
      await b.getByTestId("link-ranking").click();
      await b.waitForURL("**/rangliste");
      await seek.waitFor({ state: "detached", timeout: 15_000 });
      await b.getByTestId("nav-wartesaal").click();
      await b.getByTestId("lobby-you").waitFor({ timeout: 30_000 });
      expect(await b.getByTestId("lobby-away").innerText()).toContain("Als du den Wartesaal verlassen hast, wurde dein Gesuch zurückgezogen.");
      await b.getByTestId("lobby-away-ok").click();
      await b.reload();
      await b.getByTestId("lobby-you").waitFor({ timeout: 30_000 });
      expect(await b.getByTestId("lobby-away").count()).toBe(0);
    } finally {
      await b.close();
    }
  });

  it("a seek taken while its poster's network was gone: back, the poster's page goes to the table", { timeout: 180_000 }, async () => {
    const a = t.a.page;
    const b = await t.b.context.newPage();
    try {
      const { net, seek } = await seekingB(a, b);
      // B's socket goes dead for good (a broken connection: what it was sent is lost), new ones refused for a while.
      net.silence("refuse");
      // A takes the seek while B is still listed: A sits down at once; B's page never heard of it.
      await seek.getByTestId("seek-accept").click();
      await a.waitForURL(/\/partie\//, { timeout: 30_000 });
      const room = new URL(a.url()).pathname;
      await b.waitForTimeout(2000);
      expect(new URL(b.url()).pathname).toBe("/wartesaal");
      // B's network is back: once its page has given the dead socket up, the new socket's hello hears the table again,
      // and the page sits down there.
      net.restore();
      await b.waitForURL((u) => u.pathname === room, { timeout: 45_000 });
      await b.getByTestId("table").waitFor({ timeout: 30_000 });
      await shot(b, "wartesaal-back-to-taken-seek-phone");
    } finally {
      await b.close();
      await a.goto(t.site.url + "/");
    }
  });

  it("the language switched in one tab switches the site's other open tab", async () => {
    const one = await t.a.context.newPage();
    const two = await t.a.context.newPage();
    try {
      await one.goto(t.site.url + "/wartesaal");
      await two.goto(t.site.url + "/");
      await two.locator('.lang-switch button[lang="en"]').click();
      await expect.poll(() => one.evaluate("document.documentElement.lang"), { timeout: 5_000 }).toBe("en");
      await two.locator('.lang-switch button[lang="de"]').click();
      await expect.poll(() => one.evaluate("document.documentElement.lang"), { timeout: 5_000 }).toBe("de");
    } finally {
      await one.close();
      await two.close();
    }
  });
});
