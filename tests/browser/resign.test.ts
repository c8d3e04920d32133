// The browser tests' resign helper against a click that lands after Playwright gave up on it: on a loaded machine the
// round trip after the mouse-up can outlast the click's timeout, and the friend test then retried a button that had
// already turned into the question (1 of 3 fresh CI runs). A page whose button blocks its thread makes that certain.
import { afterAll, beforeAll, expect, it } from "vitest";
import { openBrowser, resign, type Browser } from "./helpers.js";

let b: Browser;
beforeAll(async () => {
  b = await openBrowser({ width: 390, height: 844 });
}, 60_000);
afterAll(() => b?.close());

it("resigns when the timed-out click on 'Aufgeben' has opened the question", async () => {
  // The button's handler holds the page's thread for 2.5 s (past the helper's 2 s click timeout), then asks.
  await b.page.setContent(`<div id="tools"><button data-testid="resign">Aufgeben</button></div>`);
  await b.page.evaluate(`(() => {
    const d = globalThis.document;
    d.querySelector('[data-testid="resign"]').addEventListener("click", () => {
      const t = Date.now();
      while (Date.now() - t < 2500);
      d.getElementById("tools").innerHTML = '<button data-testid="resign-yes">Ja</button>';
      d.querySelector('[data-testid="resign-yes"]').addEventListener("click", () => {
        d.body.insertAdjacentHTML("beforeend", '<p data-testid="game-result">Aufgegeben</p>');
      });
    });
  })()`);
  // Before the fix it retried the vanished button eleven times (over 20 s) and threw "resign not clickable".
  await resign(b.page);
  expect(await b.page.getByTestId("game-result").textContent()).toBe("Aufgegeben");
}, 60_000);
