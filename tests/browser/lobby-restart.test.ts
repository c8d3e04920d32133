// The Wartesaal after a crash: wrangler dev is killed hard (SIGKILL, like a lost machine) and started again on the
// same port and storage. Presence is nothing but the open sockets, so it must come back by itself from who
// reconnects: both pages find the lobby again and see each other, and a challenge works as before.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { enterWartesaal, lobbyPlayer, shot, silenceableSockets, twoBrowsersPerFile } from "./helpers.js";

const t = twoBrowsersPerFile();
const suffix = Math.random().toString(36).slice(2, 7);
const NAME_A = `Ria${suffix}`;
const NAME_B = `Sven${suffix}`;

const enter = (p: Page, name: string) => enterWartesaal(p, t.site.url, name);
const player = lobbyPlayer;

describe("Wartesaal presence after a restart", () => {
  it("is rebuilt from the sockets that come back: both see each other again, and a challenge goes through", { timeout: 240_000 }, async () => {
    await enter(t.a.page, NAME_A);
    await enter(t.b.page, NAME_B);
    await player(t.a.page, NAME_B).waitFor();
    await player(t.b.page, NAME_A).waitFor();

    await t.site.restart();
    // The pages were not reloaded: their sockets reconnect with a fresh ticket each.
    await player(t.a.page, NAME_B).waitFor({ timeout: 60_000 });
    await player(t.b.page, NAME_A).waitFor({ timeout: 60_000 });
    expect(await t.a.page.locator('[data-testid="lobby-player"]').count()).toBe(2);
    await shot(t.b.page, "lobby-after-restart-phone");

    await player(t.a.page, NAME_B).getByTestId("lobby-challenge").click();
    await t.a.page.getByTestId("challenge-send").click();
    await t.b.page.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`).waitFor();
    await t.b.page.getByTestId("challenge-decline").click();
    await t.b.page.locator(`[data-testid="challenge-incoming"]`).waitFor({ state: "detached" });
    // A failed reconnect attempt logs a console error in Chromium (the socket refused while workerd was down): only
    // what the page itself threw counts here.
    expect(t.a.errors.filter((e) => !/WebSocket|Failed to load resource|net::ERR/.test(e))).toEqual([]);
    expect(t.b.errors.filter((e) => !/WebSocket|Failed to load resource|net::ERR/.test(e))).toEqual([]);
  });

  it("a socket that goes quiet without closing: the page says it is connecting again, and the lists come back", { timeout: 120_000 }, async () => {
    // Nothing passes either way on A's socket from a moment on, and new sockets are refused until the page has said so
    // (a network that swallows frames keeps the browser's socket "open": the lists stood there as if live).
    const page = await t.a.context.newPage();
    try {
      const net = await silenceableSockets(page);
      await enter(page, NAME_A);
      await player(page, NAME_B).waitFor({ timeout: 30_000 });
      const before = net.opened();
      net.silence();
      await page.getByTestId("lobby-connecting").waitFor({ timeout: 30_000 });
      expect(await player(page, NAME_B).count()).toBe(0);
      // The lists are unknown now, not empty: none says "nobody" or "no game" (a fresh-eyes pass read them as true).
      const text = await page.locator("main").innerText();
      for (const empty of ["Gerade läuft keine Partie", "Gerade ist kein Goldwaage-Tisch offen", "Gerade sucht niemand", "Außer dir ist gerade niemand"]) expect(text).not.toContain(empty);
      await shot(page, "lobby-reconnecting");
      net.restore();
      await player(page, NAME_B).waitFor({ timeout: 30_000 });
      expect(net.opened()).toBeGreaterThan(before);
    } finally {
      await page.close();
    }
  });
});
