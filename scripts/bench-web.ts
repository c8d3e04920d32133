// npm run bench:web — the web client's budgets: initial JS gzipped (≤ 80 KB), the table interactive after navigation
// (≤ 1.5 s, localhost, headless Chromium), a click on a card answered on screen (≤ 50 ms). Prints the figures.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildWeb, openBrowser, startWebSite } from "../tests/browser/helpers.js";

const root = join(import.meta.dirname, "..");
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

await buildWeb();
// Initial JS: the entry script and everything it preloads (the lazy pages load later).
const dist = join(root, "web", "dist");
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const gz = initial.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);

const site = await startWebSite();
const b = await openBrowser();
const page = b.page;
const interactive: number[] = [];
const pickMs: number[] = [];
const playMs: number[] = [];
const moveMs: number[] = [];
try {
  for (let i = 0; i < 5; i++) {
    const r = await fetch(`${site.url}/api/battlemaske/computer`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ role: "conte", level: "leicht" }) });
    const g = (await r.json()) as { room: string; seat: number; seatToken: string };
    await page.goto(site.url + "/");
    await page.evaluate(`localStorage.setItem("spielcenter.seat.${g.room}", JSON.stringify(${JSON.stringify({ ...g, clientSeq: 0, kind: "computer" })}))`);
    await page.goto("about:blank");
    const t0 = Date.now();
    await page.goto(`${site.url}/partie/${g.room}`);
    await page.locator('[data-testid="hand-card"][data-legal="true"]').first().waitFor();
    interactive.push(Date.now() - t0);

    // A pick: from the click to the card raised (measured inside the page).
    pickMs.push(
      (await page.evaluate(`new Promise((resolve) => {
        const el = document.querySelector('[data-testid="hand-card"][data-legal="true"]');
        const t = performance.now();
        new MutationObserver((_, o) => { if (el.classList.contains("picked")) { o.disconnect(); resolve(performance.now() - t); } }).observe(el, { attributes: true });
        el.click();
      })`)) as number,
    );
    await page.getByTestId("exchange-confirm").click();
    await page.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();
    // A play: from the click to the card in the trick (through the room and back).
    const el = page.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first();
    const id = await el.getAttribute("data-card");
    // (the card starts to move at the click: the "leaving" class, measured inside the page)
    moveMs.push(
      (await page.evaluate(`new Promise((resolve) => {
        const el = document.querySelector('[data-testid="hand-card"][data-card="${id}"]');
        const t = performance.now();
        new MutationObserver((_, o) => { if (el.classList.contains("leaving")) { o.disconnect(); resolve(performance.now() - t); } }).observe(el, { attributes: true });
        el.click();
      })`)) as number,
    );
    const t1 = Date.now();
    await page.locator(`[data-testid="hand-card"][data-card="${id}"]`).waitFor({ state: "detached" });
    playMs.push(Date.now() - t1);
  }
} finally {
  await b.close();
  await site.stop();
}

const rows = [
  ["initial JS (gzipped)", `${(gz / 1024).toFixed(1)} KB`, "≤ 80 KB", gz <= 80 * 1024],
  ["table interactive after navigation (median of 5)", `${median(interactive)} ms`, "≤ 1500 ms", median(interactive) <= 1500],
  ["click → card picked (median)", `${median(pickMs).toFixed(1)} ms`, "≤ 50 ms", median(pickMs) <= 50],
  ["click → card starts moving (median)", `${median(moveMs).toFixed(1)} ms`, "≤ 50 ms", median(moveMs) <= 50],
  ["click → card played via the room (median)", `${median(playMs).toFixed(1)} ms`, "", true],
] as const;
for (const [what, value, target, ok] of rows) console.log(`${ok ? "ok  " : "OVER"} ${what.padEnd(50)} ${value.padStart(10)}  ${target}`);
console.log(`initial files: ${initial.join(", ")}`);
console.log(`interactive runs: ${interactive.join(", ")} ms`);
process.exit(rows.every((r) => r[3]) ? 0 : 1);
