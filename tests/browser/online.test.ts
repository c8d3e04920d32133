// Online games in a real browser, two browser contexts at one table (A on a desktop, B on a phone): the chess clocks of
// a 5+3 game, the emergency brake of a game without clock, a rated game between two accounts and its Bilanz, a rated
// game aborted early, an account against the computer in its Bilanz, and the invite link of POST /api/games.
// One site for the file; each game that would otherwise run on is resigned at the end of its test, so no clock or
// brake can end it later (and move a record) while another test compares the Bilanz.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Site } from "../../scripts/lib/site.js";
import {
  accountToken,
  archived,
  exchangeUntilPlay,
  inviteFriend,
  myTurn,
  nameAccount,
  playInTurn,
  playToEnd,
  readBilanz,
  resign,
  roomOf,
  shot,
  silenceableSockets,
  siteAndTwoBrowsers,
  type Bilanz,
  type BilanzRecord,
  type Browser,
  type Setting,
} from "./helpers.js";

let env: Setting | undefined;
let site: Site;
let a: Browser;
let b: Browser;

beforeAll(async () => {
  env = await siteAndTwoBrowsers();
  ({ site, desktop: a, phone: b } = env);
}, 240_000);
afterAll(() => env?.close());

/** No console or page error on either screen. */
function noErrors(): void {
  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
}

type Seat = 0 | 1;
interface Clock {
  seat: Seat;
  running: boolean;
  ms: number;
}

/** The chess clocks as the page shows them, by seat. */
async function clocksOf(p: Page): Promise<Clock[]> {
  const list = (await p.evaluate(`[...globalThis.document.querySelectorAll('[data-testid="clock"]')].map((e) => ({ seat: Number(e.dataset.seat), running: e.dataset.running === "true", ms: Number(e.dataset.ms) }))`)) as Clock[];
  return list.sort((x, y) => x.seat - y.seat);
}

/**
 * On every page: the clocks of the `running` seats say so and fall by about the time that passes (at least 2 s is
 * waited for), the other seat's clock says it stands and shows the same time throughout; both screens agree on each
 * seat's time. Returns the clocks at the end, per page.
 */
async function expectClocks(pages: Page[], running: Seat[]): Promise<Clock[][]> {
  const before = await Promise.all(pages.map(clocksOf));
  const t0 = Date.now();
  for (const cs of before) {
    expect(cs.map((c) => c.seat)).toEqual([0, 1]);
    expect(cs.map((c) => c.running)).toEqual([running.includes(0), running.includes(1)]);
  }
  // Wait (bounded) until each running clock has fallen by 2 s on every page.
  await Promise.all(
    pages.map((p, i) => {
      const limits = running.map((s) => [s, before[i]![s]!.ms - 2000]);
      return p.waitForFunction(
        `${JSON.stringify(limits)}.every(([s, ms]) => Number(globalThis.document.querySelector('[data-testid="clock"][data-seat="' + s + '"]')?.dataset.ms ?? Infinity) <= ms)`,
        undefined,
        { timeout: 15_000, polling: 100 },
      );
    }),
  );
  const after = await Promise.all(pages.map(clocksOf));
  const elapsed = Date.now() - t0;
  after.forEach((cs, i) => {
    for (const c of cs) {
      const was = before[i]![c.seat]!;
      expect(c.running, `seat ${c.seat} running`).toBe(running.includes(c.seat));
      if (running.includes(c.seat)) {
        expect(was.ms - c.ms, `seat ${c.seat} fell`).toBeGreaterThanOrEqual(2000);
        expect(was.ms - c.ms, `seat ${c.seat} fell no faster than time`).toBeLessThanOrEqual(elapsed + 1000);
      } else expect(c.ms, `seat ${c.seat} stands`).toBe(was.ms);
    }
  });
  for (const s of [0, 1] as const) expect(Math.abs(after[0]![s]!.ms - after[after.length - 1]![s]!.ms), `seat ${s} alike on both screens`).toBeLessThanOrEqual(1500);
  return after;
}

/** A number as the site writes it (a true minus sign). */
const num = (n: number) => (n < 0 ? `−${-n}` : String(n));

/** A friend game between A (the Conte, seat 0) and B; resolves once both sit at the exchange. */
async function startFriendGame(o: Parameters<typeof inviteFriend>[2], shotName?: string): Promise<[Page, Page, string]> {
  const [pa, pb] = [a.page, b.page];
  const link = await inviteFriend(pa, site.url, { role: "conte", ...o });
  expect(link).toMatch(/\/einladung\/[A-Za-z0-9_-]+#.+/);
  if (shotName) await shot(pa, shotName);
  await pb.goto(link);
  await pb.getByTestId("exchange-confirm").waitFor();
  await pa.getByTestId("exchange-confirm").waitFor();
  const room = roomOf(pa);
  expect(roomOf(pb)).toBe(room);
  return [pa, pb, room];
}

/** The first legal card that is no elixir (an elixir lead would ask for a suit first). */
const LEGAL_CARD = '[data-testid="hand-card"][data-legal="true"]';
const plainCard = (p: Page) => p.locator('[data-testid="hand-card"][data-legal="true"]:not([data-card^="E"])').first();

const noRecord = (game: string, level: string, role: string): BilanzRecord => ({ game, level, role, helped: "false", wins: 0, losses: 0, draws: 0 });
const recordOf = (bz: Bilanz, game: string, level: string, role: string, helped = "false") =>
  bz.records.find((r) => r.game === game && r.level === level && r.role === role && r.helped === helped) ?? noRecord(game, level, role);

describe("the chess clocks of an online game (two browsers)", () => {
  it("5+3: in the exchange both clocks run; then only the clock of the seat to play runs, on both screens, with the increment", async () => {
    const [pa, pb] = await startFriendGame({ kind: "friendly", clock: "5", setupShot: "online-clock-setup-desktop" });
    // Fresh 5-minute clocks.
    for (const p of [pa, pb])
      for (const c of await clocksOf(p)) {
        expect(c.ms).toBeGreaterThan(280_000);
        expect(c.ms).toBeLessThanOrEqual(300_000);
      }

    // The exchange at the start of the round is simultaneous: both seats think, both clocks run.
    await expectClocks([pa, pb], [0, 1]);
    await shot(pb, "online-clock-exchange-phone");
    // Nothing opened by itself over the running clocks (it did, and the time ran behind it); "Was tauschen?" opens the
    // window, which says first that the own clock runs.
    for (const p of [pa, pb]) expect(await p.getByTestId("exchange-help").count()).toBe(0);
    await pb.getByTestId("explain-exchange").click();
    expect(await pb.getByTestId("exchange-help-clock").innerText()).toContain("Deine Uhr läuft");
    await shot(pb, "online-clock-exchange-help-phone");
    await pb.getByTestId("exchange-help-close").click();

    // After the exchange the Conte (seat 0, A) leads round 1: only seat 0's clock runs.
    await exchangeUntilPlay(pa, pb);
    expect(await myTurn(pa)).toBe(true);
    const seat0Thinks = await expectClocks([pa, pb], [0]);
    await shot(pa, "online-clock-seat0-desktop");

    // A plays: seat 0's clock stops with its 3 s increment, seat 1's starts.
    const left0 = seat0Thinks[0]![0]!.ms;
    await plainCard(pa).click();
    await pb.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();
    for (const p of [pa, pb]) await p.locator('[data-testid="clock"][data-seat="1"][data-running="true"]').waitFor();
    const seat1Thinks = await expectClocks([pa, pb], [1]);
    for (const cs of seat1Thinks) expect(cs[0]!.ms, "seat 0 got its increment").toBeGreaterThan(left0 + 1500);
    // The clocks sit in the table's head, above the cards; the pointer away, or it opens an info window over them.
    await pb.evaluate("globalThis.scrollTo(0, 0)");
    await pb.mouse.move(5, 5);
    await shot(pb, "online-clock-seat1-phone");
    await shot(pa, "online-clock-seat1-desktop");

    // B plays: the trick is taken; now the clock of whoever must act runs (both, if the trick starts a greed swap).
    await pb.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
    for (const p of [pa, pb]) await p.locator('[data-testid="table"][data-busy="false"] [data-testid="trick"][data-count="0"]').waitFor();
    const swap = (await pa.getByTestId("table").getAttribute("data-phase")) === "swap";
    await expectClocks([pa, pb], swap ? [0, 1] : (await myTurn(pa)) ? [0] : [1]);

    await resign(pa);
    await pb.getByTestId("game-result").waitFor();
    noErrors();
  }, 180_000);
});

describe("an online game without clock (two browsers)", () => {
  it("shows the emergency brake (ten minutes at most) and no chess clocks", async () => {
    const [pa, pb] = await startFriendGame({ kind: "friendly", clock: "none" });
    // In the exchange both seats are waited for: a brake each, no chess clock.
    for (const p of [pa, pb]) {
      expect(await p.getByTestId("clock").count()).toBe(0);
      const brakes = p.getByTestId("brake");
      expect(await brakes.count()).toBe(2);
      // About ten minutes: a new wait shows a few seconds more than ten minutes (a defect, shown by the next test);
      // here only "about".
      for (const ms of await brakes.evaluateAll((es) => es.map((e) => Number(e.getAttribute("data-ms"))))) {
        expect(ms).toBeGreaterThan(540_000);
        expect(ms).toBeLessThanOrEqual(610_000);
      }
    }
    await shot(pb, "online-brake-exchange-phone");
    // In play only the seat to act is waited for: one brake, seat 0's (the Conte leads), counting down.
    await exchangeUntilPlay(pa, pb);
    for (const p of [pa, pb]) {
      await p.locator('[data-testid="brake"][data-seat="0"]').waitFor();
      expect(await p.getByTestId("brake").count()).toBe(1);
      expect(await p.getByTestId("clock").count()).toBe(0);
      const ms = Number(await p.getByTestId("brake").getAttribute("data-ms"));
      expect(ms).toBeLessThanOrEqual(610_000);
      await p.waitForFunction(`Number(globalThis.document.querySelector('[data-testid="brake"]')?.dataset.ms) <= ${ms - 1000}`, undefined, { timeout: 10_000, polling: 100 });
    }
    await shot(pa, "online-brake-play-desktop");
    await resign(pa);
    noErrors();
  }, 120_000);

  // A product defect (reported, not fixed here): the brake shows more than ten minutes left. The room starts a seat's
  // wait after the animation credit of the last batch (shared/room/clock.ts stepClock: since = time + creditMs), so
  // waitingSince lies a moment in the future; the page shows waitingSince + 10 min − now without a cap (brakeLeft in
  // Clocks: web/src/game/Table.tsx, after the client split web/src/battlemaske/table/Clocks.tsx), and its `now` is
  // refreshed only every 250 ms. Seen: data-ms 600038 at the start, up to 606348 after the first cards (the text
  // "10:06"). The chess clocks are guarded (`Math.max(0, now() - since)`), the brake is not. Every new wait is a chance,
  // so with a few cards this test fails nearly always, until it is capped.
  it("the brake never shows more than ten minutes (watched through the exchange and the first cards)", async () => {
    const [pa, pb] = await startFriendGame({ kind: "friendly", clock: "none" });
    // Each page records the largest brake time it ever shows, from now on (new brakes and every change of data-ms).
    const watch = `(() => {
      const g = globalThis;
      g.__brakeMax = 0;
      const look = () => { for (const e of g.document.querySelectorAll('[data-testid="brake"]')) g.__brakeMax = Math.max(g.__brakeMax, Number(e.dataset.ms)); };
      new g.MutationObserver(look).observe(g.document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ms"] });
      look();
    })()`;
    await Promise.all([pa.evaluate(watch), pb.evaluate(watch)]);
    await exchangeUntilPlay(pa, pb);
    await playInTurn(pa, pb, { maxSteps: 8 });
    const most = [await pa.evaluate("globalThis.__brakeMax"), await pb.evaluate("globalThis.__brakeMax")] as number[];
    await resign(pa);
    expect(Math.min(...most)).toBeGreaterThan(540_000); // the watch saw the brakes
    expect(Math.max(...most), "the most time left any brake showed, in ms").toBeLessThanOrEqual(600_000);
  }, 120_000);
});

describe("a rated game between two accounts (two browsers)", () => {
  const nameA = "Anna Online";
  const nameB = "Bert Online";

  it("counts after 10 cards: +10/−10 points, Elo up and down, the game in Meine Partien with the opponent's name", async () => {
    await nameAccount(a.page, site.url, nameA);
    await nameAccount(b.page, site.url, nameB);
    const [beforeA, beforeB] = [await readBilanz(a.page, site.url), await readBilanz(b.page, site.url)];

    const [pa, pb, room] = await startFriendGame({ kind: "rated", clock: "none" }, "online-rated-waiting-desktop");
    // Both tables say the game is rated (the terms stay in sight).
    for (const p of [pa, pb]) expect(await p.getByTestId("table-terms").textContent()).toMatch(/Gewertet/);
    // Played cards (all in round 1: playInTurn stops before the round could end): 20 dealt minus both hands.
    const played = async () => 20 - (await pa.getByTestId("hand-card").count()) - Number(await pa.getByTestId("opponent-hand").getAttribute("data-count"));
    await playInTurn(pa, pb, { maxSteps: 80, until: async () => (await played()) >= 10 });
    expect(await played()).toBeGreaterThanOrEqual(10);
    for (const p of [pa, pb]) expect(await p.getByTestId("game-result").count()).toBe(0);
    await shot(pb, "online-rated-play-phone");
    // Ten cards down: leaving now loses the game, and "Verlassen" says so in this game's terms.
    await pb.getByTestId("leave").click();
    expect((await pb.getByTestId("leave-dialog").innerText()).replace(/\s+/g, " ")).toContain("Wer jetzt geht, verliert die gewertete Partie: 10 Punkte und Elo.");
    await pb.getByTestId("leave-cancel").click();
    // A's Wartesaal in a second tab while the game runs: its own line follows the result without a reload (a player
    // pass: the list said −10 while this line kept the old points until a reload).
    const hall = await a.context.newPage();
    await hall.goto(site.url + "/wartesaal");
    const you = hall.getByTestId("lobby-you");
    await you.waitFor();
    expect(await you.textContent()).toContain(`${num(beforeA.points)} Punkte`);

    await resign(pb);
    await pa.getByTestId("game-result").waitFor();
    expect(await pa.getByTestId("game-result").textContent()).toContain("Gewonnen");
    expect(await pb.getByTestId("game-result").textContent()).toContain("Verloren");
    expect(await pb.getByTestId("game-result").getAttribute("data-reason")).toBe("resign");
    await shot(pa, "online-rated-result-desktop");
    await shot(pb, "online-rated-result-phone");

    const game = await archived(site.url, room);
    expect(game.players.map((p) => p.name)).toEqual([nameA, nameB]);
    expect(game.result).toMatchObject({ winner: 0, reason: "resign" });
    const [afterA, afterB] = [await readBilanz(pa, site.url, room), await readBilanz(pb, site.url, room)];
    await shot(pb, "online-rated-bilanz-phone");
    await shot(pa, "online-rated-bilanz-desktop");
    expect(afterA.points).toBe(beforeA.points + 10);
    expect(afterB.points).toBe(beforeB.points - 10);
    await expect.poll(() => you.textContent(), { timeout: 15_000 }).toContain(`${num(afterA.points)} Punkte · Elo ${afterA.elo} · ${afterA.taler} Taler`);
    await hall.close();
    expect(afterA.elo).toBeGreaterThan(beforeA.elo);
    expect(afterB.elo).toBeLessThan(beforeB.elo);
    expect(afterA.taler).toBe(beforeA.taler); // no stake
    expect(recordOf(afterA, "battlemaske", "rated", "conte").wins).toBe(recordOf(beforeA, "battlemaske", "rated", "conte").wins + 1);
    expect(recordOf(afterB, "battlemaske", "rated", "maske").losses).toBe(recordOf(beforeB, "battlemaske", "rated", "maske").losses + 1);
    expect(afterA.games.find((g) => g.id === room)?.text).toContain(nameB);
    expect(afterB.games.find((g) => g.id === room)?.text).toContain(nameA);
    noErrors();
  }, 240_000);

  it("a staked invite shows its terms first: the seat is taken only on 'Platz nehmen'", async () => {
    const [pa, pb] = [a.page, b.page];
    const link = await inviteFriend(pa, site.url, { role: "conte", kind: "rated", clock: "5", stake: 50 });
    const code = new URL(link).pathname.split("/").pop()!;
    // The terms cannot be read (a dropped request): nothing is taken, and the page says so with a way to try again (a
    // fresh-eyes pass: a failed read seated the opener unasked).
    await pb.route("**/terms", (r) => r.abort());
    await pb.goto(link);
    await pb.getByTestId("invite-unread").waitFor();
    // The dropped request's console line is this test's own doing.
    for (let i = b.errors.length - 1; i >= 0; i--) if (b.errors[i]!.includes("net::ERR_FAILED")) b.errors.splice(i, 1);
    expect(((await (await fetch(`${site.url}/api/games/invite/${code}`)).json()) as { claimed: boolean }).claimed).toBe(false);
    await pb.unroute("**/terms");
    await pb.getByTestId("invite-retry").click();
    const terms = pb.getByTestId("invite-terms");
    await terms.waitFor();
    const text = await terms.innerText();
    for (const t of [`${nameA} lädt dich zu einer Partie ein`, "5 Min. + 3 s", "Gewertet, Einsatz 50 Taler", `${nameA} spielt Conte, du Maske`, "zahlt 50 Taler"]) expect(text, text).toContain(t);
    await shot(pb, "invite-stake-terms");
    // Nothing is taken yet: the seat is free and the host's table still waits.
    const before = (await (await fetch(`${site.url}/api/games/invite/${code}`)).json()) as { claimed: boolean };
    expect(before.claimed).toBe(false);
    expect(await pa.locator('[data-testid="table"][data-phase="setup"]').count()).toBe(1);
    await pb.getByTestId("invite-accept").click();
    await pb.getByTestId("exchange-confirm").waitFor();
    await pa.getByTestId("exchange-confirm").waitFor();
    // The Wartesaal's own line says how many of one's Taler this game holds (a fresh-eyes pass: it showed the whole sum
    // while the stake was held, and the challenge form offered only the rest).
    const hall = await b.context.newPage();
    try {
      await hall.goto(site.url + "/wartesaal");
      await hall.getByTestId("lobby-you").waitFor();
      expect(await hall.getByTestId("lobby-you").innerText()).toMatch(/\d+ Taler \(50 davon im Einsatz\)/);
    } finally {
      await hall.close();
    }
    await resign(pb);
    noErrors();
  }, 120_000);

  it("told 'zählt noch nicht' while the table showed a moment behind the room: the leave is refused, nothing is lost, and the question comes again in the words that apply", async () => {
    // Both pages' sockets pass through here; `hold` keeps the room's frames from the leaver's page (but its refusals),
    // so its table stands at nine cards while the room has ten: the gap a burst of cards or an animation leaves.
    let hold: Page | null = null;
    const held: Array<() => void> = [];
    const route = (page: Page) =>
      page.routeWebSocket(/\/parties\//, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => server.send(m));
        server.onMessage((m) => {
          if (hold === page && !String(m).includes('"LEAVE_COUNTS_NOW"')) held.push(() => ws.send(m));
          else ws.send(m);
        });
      });
    const pa = await a.context.newPage();
    const pb = await b.context.newPage();
    try {
      await route(pa);
      await route(pb);
      const link = await inviteFriend(pa, site.url, { role: "conte", kind: "rated", clock: "none" });
      await pb.goto(link);
      await pb.getByTestId("exchange-confirm").waitFor();
      await exchangeUntilPlay(pa, pb);
      const playedOn = async (p: Page) => 20 - (await p.getByTestId("hand-card").count()) - Number(await p.getByTestId("opponent-hand").getAttribute("data-count"));
      const played = () => playedOn(pa);
      // One card at a time, each seen on A's table before the next (two quick ones overshot the ninth).
      for (let i = 0; i < 60 && (await played()) < 9; i++) {
        const before = await played();
        const p = (await myTurn(pa)) ? pa : (await myTurn(pb)) ? pb : null;
        if (!p) {
          await pa.waitForTimeout(100);
          continue;
        }
        await plainCard(p).click();
        await expect.poll(played, { timeout: 10_000 }).toBeGreaterThan(before);
      }
      expect(await played()).toBe(9);
      await expect.poll(async () => (await myTurn(pa)) || (await myTurn(pb)), { timeout: 10_000 }).toBe(true);
      const [mover, leaver] = (await myTurn(pa)) ? [pa, pb] : [pb, pa];
      hold = leaver;
      await mover.locator('[data-testid="hand-card"][data-legal="true"]').first().click();
      // The mover's table has the tenth card; the leaver's stands at nine.
      await expect.poll(() => playedOn(mover), { timeout: 10_000 }).toBe(10);
      expect(await playedOn(leaver)).toBe(9);
      await leaver.getByTestId("leave").click();
      expect((await leaver.getByTestId("leave-dialog").innerText()).replace(/\s+/g, " ")).toContain("Die Partie zählt noch nicht (noch eine Karte");
      await leaver.getByTestId("leave-confirm").click();
      // The room counts ten cards: it refuses, and the question comes again, now saying what leaving costs.
      await leaver.getByTestId("leave-dialog").waitFor({ timeout: 10_000 });
      expect((await leaver.getByTestId("leave-dialog").innerText()).replace(/\s+/g, " ")).toContain("Wer jetzt geht, verliert die gewertete Partie");
      expect(await mover.getByTestId("game-result").count()).toBe(0);
      await leaver.getByTestId("leave-cancel").click();
      hold = null;
      for (const send of held.splice(0)) send();
      await resign(mover);
      await leaver.getByTestId("game-result").waitFor({ timeout: 15_000 });
      noErrors();
    } finally {
      await pa.close();
      await pb.close();
    }
  }, 180_000);

  it("a leave the room never receives: the page stays at the table and says so, instead of going home while the game runs on", async () => {
    // The leaver's messages stop reaching the room (a connection that takes nothing): its confirmation never comes.
    let deaf = false;
    const pa = await a.context.newPage();
    const pb = await b.context.newPage();
    try {
      await pa.routeWebSocket(/\/parties\//, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => !deaf && server.send(m));
        server.onMessage((m) => ws.send(m));
      });
      const link = await inviteFriend(pa, site.url, { role: "conte", kind: "friendly", clock: "none" });
      await pb.goto(link);
      await pb.getByTestId("exchange-confirm").waitFor();
      await pa.getByTestId("exchange-confirm").waitFor();
      const table = pa.url();
      deaf = true;
      await pa.getByTestId("leave").click();
      await pa.getByTestId("leave-confirm").click();
      await pa.getByTestId("table-error").filter({ hasText: "noch nicht bestätigt" }).waitFor({ timeout: 15_000 });
      expect(pa.url()).toBe(table);
      expect(await pb.getByTestId("game-result").count()).toBe(0);
      await shot(pa, "online-leave-unanswered");
      // The connection passes messages again: the leave, sent again while unanswered, arrives; the game ends by it on
      // both screens, and the leaver's page goes (a fresh-eyes pass: it was never sent again, and the game was lost on
      // time).
      deaf = false;
      await pb.getByTestId("game-result").waitFor({ timeout: 20_000 });
      await pa.waitForURL((u) => !u.pathname.startsWith("/partie/"), { timeout: 15_000 });
      const room = new URL(table).pathname.split("/").pop()!;
      expect((await archived(site.url, room)).result.reason).toBe("leave");
    } finally {
      await pa.close();
      await pb.close();
    }
  }, 120_000);

  it("an opponent whose network is gone without closing the socket reads as gone on the other screen, and back when it returns (ADR 045)", async () => {
    // A fresh-eyes pass: the host read "verbunden" for the whole 50 s the guest was offline. The guest's page stops
    // pinging (every frame swallowed, new sockets too); the host's quiet table asks the room who is here.
    const pa = await a.context.newPage();
    const pb = await b.context.newPage();
    try {
      const net = await silenceableSockets(pb);
      const link = await inviteFriend(pa, site.url, { role: "conte", kind: "friendly", clock: "none" });
      await pb.goto(link);
      await pb.getByTestId("exchange-confirm").waitFor();
      await pa.locator('[data-testid="opponent-status"][data-connected="true"]').waitFor();
      net.silence("swallow");
      // The room's staleness (70 s without a ping, STALE_MS) and the host's question (after 30 s of quiet): within
      // 70–110 s.
      await pa.locator('[data-testid="opponent-status"][data-connected="false"]').waitFor({ timeout: 150_000 });
      await shot(pa, "online-opponent-network-gone");
      await pb.getByTestId("reconnecting").waitFor();
      net.restore();
      await pa.locator('[data-testid="opponent-status"][data-connected="true"]').waitFor({ timeout: 30_000 });
      await pb.getByTestId("reconnecting").waitFor({ state: "detached", timeout: 30_000 });
    } finally {
      await pa.close();
      await pb.close();
    }
  }, 240_000);

  it("resigned before 10 cards and 3 minutes: 'Abgebrochen' on both screens, and no points, Elo or record moved", async () => {
    const [beforeA, beforeB] = [await readBilanz(a.page, site.url), await readBilanz(b.page, site.url)];
    const [pa, pb, room] = await startFriendGame({ kind: "rated", clock: "none" });
    await exchangeUntilPlay(pa, pb);
    await plainCard(pa).click();
    await pb.locator('[data-testid="turn"][data-my-turn="true"]').waitFor();
    // "Verlassen" says the case that applies now: one card down, so leaving only calls it off (a player pass read the
    // general rule and could not tell).
    await pb.getByTestId("leave").click();
    const asked = (await pb.getByTestId("leave-dialog").innerText()).replace(/\s+/g, " ");
    expect(asked).toMatch(/Die Partie zählt noch nicht \(noch 9 Karten oder [0-3]:\d\d\): Wer jetzt geht, bricht sie ab – ohne Wertung und ohne Einsatz\./);
    await pb.getByTestId("leave-cancel").click();
    await resign(pa);
    await pb.getByTestId("game-result").waitFor();
    for (const p of [pa, pb]) {
      const text = (await p.getByTestId("game-result").textContent()) ?? "";
      expect(text).toContain("Abgebrochen – nicht gewertet");
      expect(text).not.toMatch(/Verloren|Gewonnen/);
      expect(await p.getByTestId("game-result").getAttribute("data-reason")).toBe("aborted");
    }
    await shot(pa, "online-aborted-desktop");
    await shot(pb, "online-aborted-phone");

    expect((await archived(site.url, room)).result.reason).toBe("aborted");
    const [afterA, afterB] = [await readBilanz(pa, site.url, room), await readBilanz(pb, site.url, room)];
    for (const [before, after] of [[beforeA, afterA], [beforeB, afterB]] as const) {
      expect(after.points).toBe(before.points);
      expect(after.elo).toBe(before.elo);
      expect(after.records).toEqual(before.records);
      expect(after.games.find((g) => g.id === room)?.text).toContain("abgebrochen");
    }
    noErrors();
  }, 180_000);
});

describe("take-backs in a rated game (two browsers)", () => {
  // A product defect (reported, not fixed here): the invited player's page stores its seat without `rated` (Invite:
  // web/src/pages/Friend.tsx, after the client split web/src/pages/Invite.tsx), so its table shows the "Karte zurück"
  // button in a rated game — disabled, as the room allows none; the creator's table rightly shows none. This test fails
  // until the invite page keeps the game's kind.
  it("neither screen of a rated game offers 'Karte zurück'", async () => {
    const [pa, pb] = await startFriendGame({ kind: "rated", clock: "none" });
    await exchangeUntilPlay(pa, pb);
    await pa.locator('[data-testid="table"][data-phase="play"]').waitFor();
    await pb.locator('[data-testid="table"][data-phase="play"]').waitFor();
    const offered = [await pa.getByTestId("takeback").count(), await pb.getByTestId("takeback").count()];
    await resign(pa); // before 10 cards: aborted, nothing counts
    expect(offered, "take-back buttons on [creator, invited]").toEqual([0, 0]);
  }, 120_000);
});

describe("an account against the computer (browser)", () => {
  it("plays a game vs Leicht to the end; the Bilanz counts it under battlemaske/leicht/conte and lists it", async () => {
    const page = a.page;
    const before = await readBilanz(page, site.url);
    await page.goto(site.url + "/spielen/computer");
    for (const id of ["role-conte", "level-leicht", "ruleset-battlemaske", "variant-normal"]) await page.getByTestId(id).click();
    await page.getByTestId("start-game").click();
    await page.getByTestId("table").waitFor();
    const room = roomOf(page);
    await playToEnd(page);
    const won = ((await page.getByTestId("game-result").textContent()) ?? "").includes("Gewonnen");
    await shot(page, "online-computer-result-desktop");

    await archived(site.url, room);
    const after = await readBilanz(page, site.url, room);
    await shot(page, "online-computer-bilanz-desktop");
    const [r0, r1] = [recordOf(before, "battlemaske", "leicht", "conte"), recordOf(after, "battlemaske", "leicht", "conte")];
    expect([r1.wins - r0.wins, r1.losses - r0.losses, r1.draws - r0.draws]).toEqual(won ? [1, 0, 0] : [0, 1, 0]);
    expect(after.games.find((g) => g.id === room)?.text).toContain(won ? "Sieg" : "Niederlage");
    expect(a.errors).toEqual([]);
  }, 240_000);
});

/** A friendly game without a clock opened through POST /api/games by the account of `page`, its creator as Conte. */
async function friendlyByApi(page: Page, clock: { minutes: number; increment: number } | null = null): Promise<{ room: string; seat: number; seatToken: string; invite: string; inviteCode: string }> {
  const token = await accountToken(page, site.url);
  const r = await fetch(`${site.url}/api/games`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ kind: "friendly", clock, ruleset: "battlemaske", variant: "single", role: "conte" }),
  });
  expect(r.status).toBe(201);
  return (await r.json()) as { room: string; seat: number; seatToken: string; invite: string; inviteCode: string };
}

/**
 * The host sits at a friendly game of its own (`pa`) and waits; the friend's account (`pb`) claims the other seat by the
 * invite, so the game is dealt, without opening the table yet.
 */
/** A page sits down at `room` as the site keeps a seat (web/src/room/session.ts) and opens its table. */
async function sitDown(p: Page, room: string, seat: number, seatToken: string): Promise<void> {
  await p.evaluate(`globalThis.localStorage.setItem("spielcenter.seat.${room}", ${JSON.stringify(JSON.stringify({ room, seat, seatToken, clientSeq: 0, kind: "online" }))})`);
  await p.goto(`${site.url}/partie/${room}`);
}

async function friendClaimsWithoutComing(pa: Page, pb: Page, clock: { minutes: number; increment: number } | null = null): Promise<{ g: Awaited<ReturnType<typeof friendlyByApi>>; seat: { seat: number; seatToken: string } }> {
  const g = await friendlyByApi(pa, clock);
  await sitDown(pa, g.room, 0, g.seatToken);
  await pa.locator('[data-testid="table"][data-phase="setup"]').waitFor();
  const friendToken = await accountToken(pb, site.url);
  const claim = await fetch(`${site.url}/api/battlemaske/invite`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${friendToken}` }, body: JSON.stringify({ room: g.room, invite: g.inviteCode }) });
  expect(claim.status).toBe(200);
  return { g, seat: (await claim.json()) as { seat: number; seatToken: string } };
}

describe("the invite link of POST /api/games (two browsers)", () => {
  it("a second account opens /einladung/<code> and sits at the table; the first player's browser sees the game start", async () => {
    const [pa, pb] = [a.page, b.page];
    const g = await friendlyByApi(pa);
    expect(g.seat).toBe(0);
    expect(g.invite).toBe(`${site.url}/einladung/${g.inviteCode}`);

    // The creator sits down as the site would keep its seat (web/src/game/room.ts saveSession), and waits.
    await sitDown(pa, g.room, 0, g.seatToken);
    await pa.locator('[data-testid="table"][data-phase="setup"]').waitFor();
    await shot(pa, "online-api-waiting-desktop");

    // The second account opens the link: seated at seat 1 of that room, its hand on the table.
    await pb.goto(g.invite);
    await pb.waitForURL(`**/partie/${g.room}`);
    await pb.locator('[data-testid="table"][data-seat="1"][data-phase="exchange"]').waitFor();
    expect(await pb.getByTestId("hand-card").count()).toBe(10);
    await pb.getByTestId("exchange-confirm").waitFor();
    await shot(pb, "online-api-seated-phone");
    // The first player's table moves on from waiting to the exchange by itself.
    await pa.locator('[data-testid="table"][data-seat="0"][data-phase="exchange"]').waitFor();
    expect(await pa.getByTestId("hand-card").count()).toBe(10);
    await shot(pa, "online-api-started-desktop");

    await resign(pa);
    noErrors();
  }, 120_000);

  it("a friend who claimed the seat but has not come: the host's table counts down the minute it waits (ADR 041); once the friend sits down, the count is gone", async () => {
    const [pa, pb] = [a.page, b.page];
    const { g, seat } = await friendClaimsWithoutComing(pa, pb);
    const status = pa.getByTestId("opponent-status");
    await pa.locator('[data-testid="opponent-status"][data-no-show="true"]').waitFor({ timeout: 15_000 });
    const text = await status.innerText();
    expect(text).toContain("noch nicht an den Tisch gekommen");
    expect(text, text).toMatch(/Abbruch in (0:[0-5]\d|1:00)/);
    // The exchange's help does not open over it while the friend is missing (it covered the countdown).
    expect(await pa.getByTestId("exchange-help").count()).toBe(0);
    await shot(pa, "no-show-waiting-desktop");
    // The friend sits down: connected, no count any more.
    await sitDown(pb, g.room, seat.seat, seat.seatToken);
    await pa.locator('[data-testid="opponent-status"][data-connected="true"]').waitFor({ timeout: 15_000 });
    expect(await pa.locator('[data-testid="opponent-status"][data-no-show="true"]').count()).toBe(0);
    // Now the help for a first exchange opens as at any first game.
    await pa.getByTestId("exchange-help").waitFor({ timeout: 10_000 });
    await resign(pa);
    noErrors();
  }, 120_000);

  it("a half-made exchange stays picked while the table's view changes around it (the clocks' start, the other seat's exchange)", async () => {
    const [pa, pb] = [a.page, b.page];
    const { g, seat } = await friendClaimsWithoutComing(pa, pb, { minutes: 3, increment: 2 });
    // The host picks while the friend has not come: the friend's hello starts the clocks (a new view, `seated`).
    await pa.getByTestId("exchange-confirm").waitFor({ timeout: 15_000 });
    await pa.locator(LEGAL_CARD).first().click(); // with two elixirs in hand only they may go
    expect(await pa.getByTestId("exchange-confirm").innerText()).toContain("(1/1)");
    await sitDown(pb, g.room, seat.seat, seat.seatToken);
    await pa.locator('[data-testid="clock"][data-running="true"]').nth(1).waitFor({ timeout: 15_000 });
    // And the friend exchanges first: another new view for the host.
    await pb.getByTestId("exchange-confirm").waitFor();
    await pb.locator(LEGAL_CARD).first().click();
    await pb.getByTestId("exchange-confirm").click();
    // Only the host's clock runs now: its page has the view after the friend's exchange.
    await pa.waitForFunction(`(() => [...document.querySelectorAll('[data-testid="clock"][data-running="true"]')].length === 1)()`, undefined, { timeout: 15_000 });
    // Both times the host's pick stood (it was cleared by any new view from the room: a test caught it at the clocks' start).
    expect(await pa.getByTestId("exchange-confirm").innerText()).toContain("(1/1)");
    expect(await pa.getByTestId("exchange-confirm").isDisabled()).toBe(false);
    await pa.getByTestId("exchange-confirm").click();
    await pa.locator('[data-testid="table"][data-phase="play"]').waitFor({ timeout: 15_000 });
    await resign(pa);
    noErrors();
  }, 120_000);

  it("with a chess clock, both clocks stand while the friend has not come, and the countdown says so; once the friend sits down, they run", async () => {
    const [pa, pb] = [a.page, b.page];
    // Half a minute each: before, the clocks ran from the deal and the first flag fell before the minute's wait was up
    // (a fresh-eyes pass: both lost 52 s waiting for the second player).
    const { g, seat } = await friendClaimsWithoutComing(pa, pb, { minutes: 0.5, increment: 0 });
    await pa.locator('[data-testid="opponent-status"][data-no-show="true"]').waitFor({ timeout: 15_000 });
    const read = `[...document.querySelectorAll('[data-testid="clock"]')].map((c) => ({ running: c.dataset.running, ms: Number(c.dataset.ms) }))`;
    const before = (await pa.evaluate(read)) as Array<{ running: string; ms: number }>;
    expect(before).toHaveLength(2);
    expect(before.map((c) => c.running)).toEqual(["false", "false"]);
    expect(before.map((c) => c.ms)).toEqual([30_000, 30_000]);
    const text = await pa.getByTestId("opponent-status").innerText();
    expect(text).toMatch(/Abbruch in (0:[0-5]\d|1:00)/);
    expect(text).toContain("Die Uhren laufen erst, wenn ihr beide am Tisch seid.");
    await shot(pa, "no-show-clocks-stand-desktop");
    // The game's 3 minutes have not begun either: "Verlassen" says all three are still to come, and stays at them.
    await pa.getByTestId("leave").click();
    const leaveText = async () => (await pa.getByTestId("leave-dialog").innerText()).replace(/\s+/g, " ");
    expect(await leaveText()).toContain("Sie zählt noch nicht (noch 10 Karten oder 3:00)");
    await pa.waitForTimeout(1500);
    expect(await leaveText()).toContain("oder 3:00)");
    await pa.getByTestId("leave-cancel").click();
    expect(((await pa.evaluate(read)) as Array<{ ms: number }>).map((c) => c.ms)).toEqual([30_000, 30_000]);
    // The friend sits down: both clocks run for the exchange, from the full half minute.
    await sitDown(pb, g.room, seat.seat, seat.seatToken);
    await pa.locator('[data-testid="clock"][data-running="true"]').nth(1).waitFor({ timeout: 15_000 });
    const after = (await pa.evaluate(read)) as Array<{ running: string; ms: number }>;
    for (const c of after) expect(c.ms, JSON.stringify(after)).toBeGreaterThan(20_000);
    await pb.locator('[data-testid="clock"][data-running="true"]').nth(1).waitFor({ timeout: 15_000 });
    await resign(pa);
    noErrors();
  }, 120_000);
});
