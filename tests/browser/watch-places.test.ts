// Spectator places per address, in the browser, with the limits as under `npm start` (a strict site: every page here is
// one address): the ninth tab watching a table is told there is no place just now — not that the game cannot be
// watched — and gets the table by itself once another tab closes (partysocket comes back; the room admits it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import { openBrowser, shot, startWebSite, type Browser } from "./helpers.js";

let site: Site;
let watcher: Browser;
beforeAll(async () => {
  site = await startWebSite({ strict: true });
  watcher = await openBrowser({ width: 1280, height: 800 });
}, 180_000);
afterAll(async () => {
  await watcher?.close();
  await site?.stop();
});

/** A table to watch: a game against the computer opened by another account (its own guest, through the API). */
async function someonesTable(): Promise<{ room: string; socket: string; seatToken: string }> {
  const guest = await (await fetch(`${site.url}/api/accounts`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json() as { token: string };
  const res = await fetch(`${site.url}/api/battlemaske/computer`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${guest.token}` }, body: JSON.stringify({ role: "conte", level: "leicht" }) });
  expect(res.status).toBe(201);
  return (await res.json()) as { room: string; socket: string; seatToken: string };
}

const watching = (p: Page) => p.locator('[data-testid="table"][data-spectator="true"]');

describe("spectator places per address", () => {
  it("eight tabs watch; the ninth says there is no place just now and shows the table once one of the eight closes", { timeout: 240_000 }, async () => {
    const { room, socket, seatToken } = await someonesTable();
    const tabs: Page[] = [watcher.page];
    for (let i = 1; i < 9; i++) tabs.push(await watcher.context.newPage());
    for (const tab of tabs.slice(0, 8)) {
      await tab.goto(`${site.url}/partie/${room}`);
      await watching(tab).waitFor({ timeout: 30_000 });
    }
    const ninth = tabs[8]!;
    await ninth.goto(`${site.url}/partie/${room}`);
    const refused = ninth.getByTestId("watch-refused");
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.getAttribute("data-for-now")).toBe("true");
    const text = await refused.innerText();
    expect(text).toContain("Gerade kein Platz zum Zuschauen");
    expect(text).toContain("höchstens 8 Fenster");
    expect(text).not.toContain("kann man nicht ansehen");
    await shot(ninth, "watch-places-ninth");
    await ninth.setViewportSize({ width: 390, height: 844 });
    await shot(ninth, "watch-places-ninth-phone");
    // One of the eight closes: the ninth gets in by itself, without a reload.
    await tabs[0]!.close();
    await watching(ninth).waitFor({ timeout: 30_000 });
    expect(await refused.count()).toBe(0);
    // The player (seat 0, the Conte) gives up from a socket of its own: the spectators read the computer's win with its
    // article, as the sentence under it does (it read "Computer gewinnt!").
    await ninth.evaluate(
      `new Promise((done) => { const ws = new WebSocket(location.origin.replace(/^http/, "ws") + ${JSON.stringify(socket)}); ws.onopen = () => ws.send(JSON.stringify({ type: "hello", seatToken: ${JSON.stringify(seatToken)} })); ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "welcome") ws.send(JSON.stringify({ type: "resign", clientSeq: 1 })); if (m.type === "ack") { ws.close(); done(); } }; })`,
    );
    const result = ninth.getByTestId("game-result");
    await result.waitFor({ timeout: 30_000 });
    expect(await ninth.locator("#result-title").innerText()).toBe("Der Computer gewinnt!");
    await shot(ninth, "watch-places-result-phone");
    expect(watcher.errors.filter((e) => !/WebSocket|1013/.test(e))).toEqual([]);
  });
});
