// The Wartesaal end to end, as issue 17 asks, with three people in three browsers (A on a desktop, B on a phone, C a
// spectator on a desktop) and a stranger: A challenges B rated 3+2 with a stake of 50 as Conte; B reads the terms and
// accepts; C finds the game in the list and watches — every frame B's and C's sockets received is scanned against the
// finished game's full log: no card before it is public; B reloads mid-trick and is back; A resigns after enough cards
// for the game to count: points ±10, Elo moved, Taler ±50 with the sum unchanged, both in Meine Partien and in the
// ranking; a rematch accepted swaps the roles; a seek is taken by a third person; a stranger opens the public replay
// link and steps it through to the end with both hands shown. A declined and an expired challenge come first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, WebSocket as PlaywrightSocket } from "playwright-core";
import { dealEnds, hiddenCardsIn, overVersion, secretsByVersion } from "../../scripts/lib/attack/hidden.js";
import { framedMessages } from "../../shared/room/protocol.js";
import { archived, enterWartesaal, exchangeUntilPlay, lobbyPlayer, myTurn, openBrowser, playInTurn, readBilanz, resign, roomOf, shot, siteAndTwoBrowsers, step, type Browser, type Setting } from "./helpers.js";

let setting: Setting;
let c: Browser;
beforeAll(async () => {
  setting = await siteAndTwoBrowsers();
  c = await openBrowser();
}, 240_000);
afterAll(async () => {
  await c?.close();
  await setting?.close();
});
const url = () => setting.site.url;

const suffix = Math.random().toString(36).slice(2, 6);
const A = `Alma${suffix}`;
const B = `Bodo${suffix}`;
const C = `Cleo${suffix}`;

interface Frame {
  room: string;
  raw: string;
  msg: { type?: string; version?: number; view?: { version?: number } } | null;
}

/** Every frame a page's room sockets receive from now on (not the Wartesaal's), with the room it came from. */
function recordFrames(page: Page): Frame[] {
  const frames: Frame[] = [];
  page.on("websocket", (ws: PlaywrightSocket) => {
    const m = /\/parties\/battlemaske-room\/([^/?]+)/.exec(ws.url());
    if (!m) return;
    ws.on("framereceived", (f) => {
      const raw = typeof f.payload === "string" ? f.payload : f.payload.toString("utf8");
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // judged as text below
        frames.push({ room: m[1]!, raw, msg: null });
        return;
      }
      // The web client asks for batched frames (an array of messages per frame): each message is judged on its own.
      for (const msg of framedMessages<Frame["msg"]>(parsed)) frames.push({ room: m[1]!, raw: JSON.stringify(msg), msg });
    });
  });
  return frames;
}

/**
 * The hidden-information scan of one viewer's frames of `room` against its full log (public once the game is over):
 * each message is judged at the version it speaks of (its own, else the last one seen), a history's entries each as
 * of the end of their own deal, as the attack scan does.
 */
function leaks(frames: readonly Frame[], room: string, log: Array<{ version: number; event: { type: string } }>, viewer: number | "spectator", options: { ruleset: "battlemaske" | "zwiegespalten"; variant: "single" | "profi" }): string[] {
  const secrets = secretsByVersion(log as never, viewer);
  const over = overVersion(log as never, options);
  const dealEnd = dealEnds(log as never);
  const found: string[] = [];
  let seen = 0;
  for (const f of frames.filter((x) => x.room === room)) {
    const v = f.msg?.type === "ack" ? undefined : (f.msg?.version ?? f.msg?.view?.version);
    const asOf = typeof v === "number" ? v : seen;
    seen = Math.max(seen, asOf);
    if (asOf >= over || !f.msg) continue;
    for (const hit of hiddenCardsIn(f.msg, asOf, secrets, dealEnd)) found.push(`at version ${asOf}: ${hit} in ${f.raw.slice(0, 200)}`);
  }
  return found;
}

async function taler(page: Page): Promise<number> {
  return (await readBilanz(page, url())).taler;
}

describe("the Wartesaal with three people", () => {
  it("declined and expired challenges tell the sender who and why", { timeout: 150_000 }, async () => {
    const { desktop: a, phone: b } = setting;
    await enterWartesaal(a.page, url(), A);
    await enterWartesaal(b.page, url(), B);
    await enterWartesaal(c.page, url(), C);
    for (const p of [a.page, b.page, c.page]) for (const n of [A, B, C]) await lobbyPlayer(p, n).waitFor();

    // Declined with a reason.
    await lobbyPlayer(a.page, B).getByTestId("lobby-challenge").click();
    await a.page.getByTestId("challenge-send").click();
    const incoming = b.page.locator(`[data-testid="challenge-incoming"][data-from="${A}"]`);
    await incoming.waitFor();
    await incoming.getByTestId("challenge-decline-reason").selectOption("other-clock");
    await incoming.getByTestId("challenge-decline").click();
    await a.page.getByTestId("lobby-notice").filter({ hasText: `${B} hat abgelehnt („Andere Bedenkzeit“)` }).waitFor();

    // Expired: C challenges A, nobody answers for a minute.
    await lobbyPlayer(c.page, A).getByTestId("lobby-challenge").click();
    await c.page.getByTestId("challenge-send").click();
    await a.page.locator(`[data-testid="challenge-incoming"][data-from="${C}"]`).waitFor();
    await c.page.getByTestId("lobby-notice").filter({ hasText: `Die Herausforderung mit ${A} ist abgelaufen` }).waitFor({ timeout: 80_000 });
    await a.page.locator(`[data-testid="challenge-incoming"]`).waitFor({ state: "detached" });
  });

  it("a rated 3+2 game with a stake of 50: terms seen, played, watched without a hidden card, a reload mid-trick, the result booked once, a rematch with roles swapped", { timeout: 300_000 }, async () => {
    const { desktop: a, phone: b } = setting;
    const before = { a: await taler(a.page), b: await taler(b.page) };
    for (const [p, n] of [[a.page, A], [b.page, B], [c.page, C]] as const) await enterWartesaal(p, url(), n);
    for (const p of [a.page, b.page, c.page]) for (const n of [A, B, C]) await lobbyPlayer(p, n).waitFor();
    const framesB = recordFrames(b.page);
    const framesC = recordFrames(c.page);

    await lobbyPlayer(a.page, B).getByTestId("lobby-challenge").click();
    for (const id of ["challenge-clock-3+2", "challenge-ruleset-battlemaske", "challenge-variant-normal", "challenge-kind-rated", "challenge-role-conte"]) await a.page.getByTestId(id).click();
    await a.page.getByTestId("challenge-stake").fill("50");
    await a.page.getByTestId("challenge-send").click();
    const incoming = b.page.locator(`[data-testid="challenge-incoming"][data-from="${A}"]`);
    await incoming.waitFor();
    const terms = await incoming.innerText();
    for (const want of ["3 Min. + 2 s", "Battlemaske", "Normal", "Gewertet, Einsatz 50 Taler", `${A} spielt Conte, du Maske`]) expect(terms).toContain(want);
    await incoming.getByTestId("challenge-accept").click();
    await a.page.locator('[data-testid="table"][data-seat="0"]').waitFor();
    await b.page.locator('[data-testid="table"][data-seat="1"]').waitFor();
    const room = roomOf(a.page);
    expect(roomOf(b.page)).toBe(room);

    // C sees both playing and the game in the list, and watches.
    await lobbyPlayer(c.page, A).and(c.page.locator('[data-status="playing"]')).waitFor();
    await lobbyPlayer(c.page, B).and(c.page.locator('[data-status="playing"]')).waitFor();
    const live = c.page.getByTestId("live-game").filter({ hasText: A }).filter({ hasText: B });
    await live.waitFor();
    await shot(c.page, "wartesaal-live-games");
    await live.getByTestId("live-watch").click();
    const watched = c.page.locator('[data-testid="table"][data-spectator="true"]');
    await watched.waitFor();
    expect(roomOf(c.page)).toBe(room);
    expect(await c.page.getByTestId("hand-card").count()).toBe(0);
    // The players see that someone watches.
    await a.page.locator('[data-testid="watchers"][data-count="1"]').waitFor();
    await b.page.locator('[data-testid="watchers"][data-count="1"]').waitFor();

    await exchangeUntilPlay(a.page, b.page);
    // Some cards, then B reloads while a trick is open (A has led, B is to answer) and finds the table as it was.
    await playInTurn(a.page, b.page, { maxSteps: 3 });
    // Play on, each in turn, until A has led a card and B is to answer it (whoever takes a trick leads the next).
    const trickCards = (p: Page) => p.locator('[data-testid="trick"] .played').count();
    const openTrick = async () => (await myTurn(b.page)) && (await trickCards(b.page)) === 1;
    // After each action both pages are let catch up to the same version (B must not answer a lead it has not seen yet).
    const settled = async () => {
      await a.page.locator('[data-testid="table"][data-busy="false"]').waitFor({ timeout: 10_000 });
      const v = await a.page.getByTestId("table").getAttribute("data-version");
      await b.page.locator(`[data-testid="table"][data-busy="false"][data-version="${v}"]`).waitFor({ timeout: 10_000 });
    };
    // By time, not by steps: a loaded CI run spent its 60 steps while both tables were still busy with a batch, and
    // the trick was never reached (each idle step waits only 50 ms).
    const until = Date.now() + 60_000;
    for (let i = 0; Date.now() < until && !(await openTrick()); i++) {
      const acted = (await step(a.page, i)) !== "idle" || (await step(b.page, i)) !== "idle";
      if (acted) await settled().catch(() => undefined);
      else await a.page.waitForTimeout(50);
    }
    expect(await openTrick()).toBe(true);
    const version = await b.page.getByTestId("table").getAttribute("data-version");
    const hand = await b.page.getByTestId("hand-card").count();
    await b.page.reload();
    await b.page.locator(`[data-testid="table"][data-seat="1"][data-version="${version}"]`).waitFor();
    expect(await b.page.getByTestId("hand-card").count()).toBe(hand);
    await shot(b.page, "wartesaal-b-after-reload");
    // The spectator's table follows the game: B, still to answer A's lead, plays (the loop above may have brought the
    // round near its end, where playInTurn plays no more).
    await b.page.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();
    expect(await step(b.page)).toBe("acted");
    await c.page.locator(`[data-testid="table"][data-spectator="true"]:not([data-version="${version}"])`).waitFor();
    await shot(c.page, "wartesaal-spectator");

    // At least ten cards played (each hand began the round with ten): A's resignation counts. B's card may have ended
    // round 1 (the loop above can bring it to its last trick): then twenty are played, and the new round's full hands
    // (20 in hand, a CI failure) say nothing.
    const inHands = async () => (await a.page.getByTestId("hand-card").count()) + (await b.page.getByTestId("hand-card").count());
    const tenPlayed = async () =>
      (await a.page.getByTestId("round-table").count()) > 0 || (await a.page.getByTestId("table").getAttribute("data-round")) !== "1" || (await inHands()) <= 10;
    await playInTurn(a.page, b.page, { maxSteps: 12, until: tenPlayed });
    expect(await tenPlayed()).toBe(true);
    // Asked to confirm, a rated game's player reads when resigning would not count (a player pass).
    await resign(a.page, async () => expect(await a.page.getByTestId("resign-rated-rule").textContent()).toMatch(/bevor 10 Karten gespielt oder 3 Minuten vergangen sind.*abgebrochen/));
    await b.page.getByTestId("game-result").waitFor();
    // Each result says what the game moved, once the Worker has booked it.
    await b.page.locator('[data-testid="rated-change"][data-points="10"][data-taler="50"]').waitFor();
    await a.page.locator('[data-testid="rated-change"][data-points="-10"][data-taler="-50"]').waitFor();
    await shot(b.page, "wartesaal-result-rated-phone");
    const game = (await archived(url(), room)) as unknown as { result: { winner: number; reason: string }; log: Array<{ version: number; event: { type: string } }> };
    expect(game.result.winner).toBe(1);
    expect(game.result.reason).not.toBe("aborted");
    const options = { ruleset: "battlemaske", variant: "single" } as const;
    expect(leaks(framesB, room, game.log, 1, options)).toEqual([]);
    expect(leaks(framesC, room, game.log, "spectator", options)).toEqual([]);
    expect(framesC.filter((f) => f.room === room).length).toBeGreaterThan(5);
    // The scan can fail: B's own frames, judged as if a spectator had got them, hold B's cards before they were played.
    expect(leaks(framesB, room, game.log, "spectator", options).length).toBeGreaterThan(0);

    // Rematch: offered by B, accepted by A; the roles change seats.
    await b.page.getByTestId("rematch").click();
    const offer = a.page.getByTestId("rematch-offer");
    await offer.waitFor();
    await offer.getByTestId("rematch-accept").click();
    await a.page.waitForURL((u) => !u.pathname.endsWith(room) && u.pathname.startsWith("/partie/"));
    await b.page.waitForURL((u) => !u.pathname.endsWith(room) && u.pathname.startsWith("/partie/"));
    expect(roomOf(a.page)).toBe(roomOf(b.page));
    await a.page.locator('[data-testid="table"][data-seat="1"]').waitFor();
    await b.page.locator('[data-testid="table"][data-seat="0"]').waitFor();
    const rematch = roomOf(a.page);
    // Ended at once: aborted and unrated, so the figures below are the first game's alone.
    await resign(b.page);
    await a.page.getByTestId("game-result").waitFor();
    expect((await archived(url(), rematch)).result.reason).toBe("aborted");

    const bilanzA = await readBilanz(a.page, url(), room);
    const bilanzB = await readBilanz(b.page, url(), room);
    expect([bilanzA.points, bilanzB.points]).toEqual([-10, 10]);
    expect(bilanzA.elo).toBeLessThan(1500);
    expect(bilanzB.elo).toBeGreaterThan(1500);
    expect([bilanzA.taler - before.a, bilanzB.taler - before.b]).toEqual([-50, 50]);
    expect(bilanzA.taler + bilanzB.taler).toBe(before.a + before.b);
    expect(bilanzA.games.find((g) => g.id === room)?.text).toContain(B);
    expect(bilanzB.games.find((g) => g.id === room)?.text).toContain(A);

    // The ranking: B first, A last (nobody else has played rated on this site).
    await b.page.goto(url() + "/rangliste");
    await b.page.locator(`[data-testid="ranking-row"][data-name="${B}"], [data-testid="ranking-me"][data-name="${B}"]`).first().waitFor();
    expect(await b.page.locator(`[data-name="${B}"]`).first().getAttribute("data-place")).toBe("1");
    expect(await b.page.locator(`[data-name="${A}"]`).first().getAttribute("data-place")).toBe("2");
    await shot(b.page, "ranking-phone");

    // A stranger opens the public replay link and steps through to the end, both hands shown.
    const stranger = await openBrowser({ width: 390, height: 844 });
    try {
      await stranger.page.goto(`${url()}/replay/${room}`);
      await stranger.page.getByTestId("replay-step").first().waitFor();
      const steps = await stranger.page.getByTestId("replay-step").count();
      expect(steps).toBeGreaterThan(10);
      const cardsOf = async (id: string) => ((await stranger.page.getByTestId(id).getAttribute("data-cards")) ?? "").split(" ").filter(Boolean);
      // The first deal: both hands and the five set-aside cards, as the archive's log holds them.
      const dealt = game.log.find((e) => e.event.type === "roundDealt")!.event as unknown as { hands: string[][]; aside: string[] };
      expect((await cardsOf("replay-hand-0")).sort()).toEqual([...dealt.hands[0]!].sort());
      expect((await cardsOf("replay-hand-1")).sort()).toEqual([...dealt.hands[1]!].sort());
      expect((await cardsOf("replay-aside")).sort()).toEqual([...dealt.aside].sort());
      expect(await stranger.page.getByTestId("replay-hand-0").locator("[data-card]").count()).toBe(dealt.hands[0]!.length);
      for (let i = 0; i < steps + 5 && (await stranger.page.getByTestId("replay-forward").isEnabled()); i++) await stranger.page.getByTestId("replay-forward").click();
      expect(await stranger.page.getByTestId("replay-forward").isDisabled()).toBe(true);
      await shot(stranger.page, "replay-stranger-end");
      await stranger.page.getByTestId("replay-back").click();
      expect(stranger.errors).toEqual([]);
    } finally {
      await stranger.close();
    }
  });

  it("a seek posted by D is taken by a third person, C", { timeout: 120_000 }, async () => {
    // D is new here: the seek does not depend on how the games above ended (someone at a running table may not take one).
    const a = await openBrowser({ width: 390, height: 844 });
    const D = `Dina${suffix}`;
    try {
      await enterWartesaal(a.page, url(), D);
      await enterWartesaal(c.page, url(), C);
      await a.page.getByTestId("seek-create").click();
      await a.page.getByTestId("challenge-clock-none").click();
      await a.page.getByTestId("challenge-kind-friendly").click();
      await a.page.getByTestId("challenge-send").click();
      const seek = c.page.locator(`[data-testid="seek"][data-from="${D}"]`);
      await seek.waitFor();
      await seek.getByTestId("seek-accept").click();
      await a.page.waitForURL(/\/partie\//);
      await c.page.waitForURL(/\/partie\//);
      expect(roomOf(a.page)).toBe(roomOf(c.page));
      await c.page.locator('[data-testid="table"]:not([data-spectator="true"])').waitFor();
      await resign(c.page);
      expect(a.errors).toEqual([]);
      expect(c.errors).toEqual([]);
    } finally {
      await a.close();
    }
  });
});
