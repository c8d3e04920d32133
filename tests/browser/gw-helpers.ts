// Goldwaage's table as a browser test sees it (the gw-* hooks) and one step of play by clicking or by keyboard: for
// the Goldwaage tests and the Wartesaal's Goldwaage tables.
import type { Page } from "playwright-core";
import { pressByKeyboard, shot } from "./helpers.js";

/** From the start page to a new Goldwaage table: players, level, variants, how many friends (the rest computers). */
export async function setupGoldwaage(page: Page, siteUrl: string, o: { players: 2 | 3 | 4; level: string; variants?: string[]; friends?: number }, shotName?: string): Promise<void> {
  await page.goto(siteUrl + "/");
  await page.getByTestId("new-game-goldwaage").click();
  await page.getByTestId(`gw-players-${o.players}`).click();
  await page.getByTestId(`gw-level-${o.level}`).click();
  for (const v of o.variants ?? []) await page.getByTestId(`gw-variant-${v}`).click();
  await page.getByTestId(`gw-friends-${o.friends ?? 0}`).click();
  if (shotName) await shot(page, shotName);
  await page.getByTestId("gw-start").click();
}

export interface Look {
  over: boolean;
  roundTable: boolean;
  phase: string | null;
  busy: boolean;
  myTurn: boolean;
  confirm: { disabled: boolean } | null;
  legal: { card: string; pressed: boolean }[];
  puts: { id: string; text: string }[];
  /** The prompt under the scale. */
  status: string;
}

export async function look(page: Page): Promise<Look> {
  return (await page.evaluate(`(() => {
    const d = globalThis.document;
    const q = (id) => d.querySelector('[data-testid="' + id + '"]');
    const t = q("gw-table");
    const c = q("gw-show-confirm");
    return {
      over: !!q("gw-result"),
      roundTable: !!q("gw-round-continue"),
      phase: t ? t.getAttribute("data-phase") : null,
      busy: t ? t.getAttribute("data-busy") === "true" : true,
      myTurn: !!t && t.getAttribute("data-phase") === "play" && t.getAttribute("data-turn") === t.getAttribute("data-seat"),
      confirm: c ? { disabled: c.disabled } : null,
      legal: [...d.querySelectorAll('[data-testid="gw-hand-card"][data-legal="true"]')].map((e) => ({ card: e.getAttribute("data-card"), pressed: e.getAttribute("aria-pressed") === "true" })),
      status: (d.querySelector(".gw-status") || {}).textContent || "",
      puts: ["gw-put-left", "gw-put-right", "gw-put-discard"].map((id) => ({ id, el: q(id) })).filter((x) => x.el && !x.el.disabled).map((x) => ({ id: x.id, text: x.el.textContent })),
    };
  })()`)) as Look;
}

/** One look and at most one action, by clicking: round table away, open cards chosen, a card and a pan (one that does not tip, if any). */
export async function gwStep(page: Page, o: { keyboard?: boolean; keepRoundTable?: boolean; holdAt?: number } = {}): Promise<"over" | "acted" | "idle"> {
  const t = await look(page);
  const kb = o.keyboard === true;
  const press = (sel: string) => (kb ? pressByKeyboard(page, sel) : page.locator(sel).click({ timeout: 3000 }));
  const soft = (p: Promise<unknown>) => p.then(() => true, () => false);
  if (t.over) return "over";
  // keepRoundTable: a test that reads the round table leaves it standing.
  if (t.roundTable) return o.keepRoundTable ? "idle" : (await soft(press('[data-testid="gw-round-continue"]'))) ? "acted" : "idle";
  if (t.busy) return "idle";
  if (t.confirm) {
    if (t.confirm.disabled) {
      const next = t.legal.find((l) => !l.pressed);
      return next && (await soft(press(`[data-testid="gw-hand-card"][data-card="${next.card}"]`))) ? "acted" : "idle";
    }
    return (await soft(press('[data-testid="gw-show-confirm"]'))) ? "acted" : "idle";
  }
  if (!t.myTurn || t.legal.length === 0) return "idle";
  // holdAt: a test that wants this seat's turn with that many cards in hand stops there, rather than play a card when the
  // table came to a standstill between its own look and this one (a CI run under load played past it and failed).
  if (o.holdAt !== undefined && (await page.getByTestId("gw-hand-card").count()) === o.holdAt) return "idle";
  // Try the cards in order until one has a pan that keeps the scale; else play the first card anywhere.
  for (const pass of [0, 1]) {
    for (const l of t.legal) {
      if (!(await soft(press(`[data-testid="gw-hand-card"][data-card="${l.card}"]`)))) return "idle";
      const now = await look(page);
      // The prompt names what the card can do: the pans, or only the discard pile (it named the pans over two disabled
      // buttons when a Jack was chosen onto the empty scale, a player pass).
      const onlyDiscard = now.puts.length === 1 && now.puts[0]!.id === "gw-put-discard";
      if (now.puts.length > 0 && !(onlyDiscard ? /Ablagestapel|discard pile/ : /Schale|pan/).test(now.status)) throw new Error(`the prompt "${now.status}" does not fit the choices ${now.puts.map((p) => p.id).join(", ")}`);
      const put = now.puts.find((p) => pass === 1 || !/kippt|tips/.test(p.text));
      if (put) {
        if (kb) await page.keyboard.press(put.id === "gw-put-left" ? "l" : put.id === "gw-put-right" ? "r" : "a");
        else await page.getByTestId(put.id).click();
        return "acted";
      }
      // Deselect again before the next card.
      await soft(press(`[data-testid="gw-hand-card"][data-card="${l.card}"]`));
    }
  }
  return "idle";
}
