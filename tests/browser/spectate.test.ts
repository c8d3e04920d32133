// Watching in real browsers: A (desktop) and B (phone) meet in the Wartesaal and play a friendly game; C (a third,
// desktop) finds it among the running games, watches it live as a spectator — every frame C's page receives is scanned
// for a card that is not public yet — while A sees that someone watches; A and B show as playing, and idle after.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { exchangeUntilPlay, inviteFriend, playInTurn, resign, roomOf, shot, threeBrowsersPerFile } from "./helpers.js";

const t = threeBrowsersPerFile();

const suffix = Math.random().toString(36).slice(2, 7);
const NAME_A = `Alma${suffix}`;
const NAME_B = `Beno${suffix}`;
const NAME_C = `Cora${suffix}`;

async function enter(p: Page, name: string): Promise<void> {
  await p.goto(t.site.url + "/wartesaal");
  await p.getByTestId("lobby-name-input").fill(name);
  await p.getByTestId("lobby-name-save").click();
  await p.locator(`[data-testid="lobby-player"][data-name="${name}"]`).waitFor();
}

const player = (p: Page, name: string) => p.locator(`[data-testid="lobby-player"][data-name="${name}"]`);

/** Every text frame a page receives on its sockets, from now on. */
function frames(p: Page): string[] {
  const out: string[] = [];
  p.on("websocket", (ws) => ws.on("framereceived", (f) => void (typeof f.payload === "string" && out.push(f.payload))));
  return out;
}

const CARD = /^[PDGE][1-7]$/;

/** Every card id anywhere in these frames, and the ones the room made public by a play (cardPlayed). */
function cardsIn(raw: readonly string[]): { all: Set<string>; played: Set<string> } {
  const all = new Set<string>();
  const played = new Set<string>();
  const walk = (x: unknown): void => {
    if (typeof x === "string") {
      if (CARD.test(x)) all.add(x);
    } else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      if (o["type"] === "cardPlayed" && typeof o["card"] === "string") played.add(o["card"]);
      Object.values(o).forEach(walk);
    }
  };
  for (const f of raw) {
    try {
      walk(JSON.parse(f));
    } catch {
      // not JSON: nothing of the game's
    }
  }
  return { all, played };
}

describe("Watching a running game", () => {
  it("C finds A and B's game in the Wartesaal and watches it live, seeing no card before it is public; A sees one spectator; playing, then idle", { timeout: 240_000 }, async () => {
    // B's frames from the start: its table's socket opens before C watches.
    const bSeen = frames(t.b.page);
    await enter(t.a.page, NAME_A);
    await enter(t.b.page, NAME_B);
    await enter(t.c.page, NAME_C);
    await player(t.a.page, NAME_B).waitFor();
    await player(t.c.page, NAME_A).waitFor();
    await shot(t.c.page, "spectate-lobby-empty");

    // A challenges B (friendly, Zwiegespalten, no clock); B accepts; both at the table.
    await player(t.a.page, NAME_B).getByTestId("lobby-challenge").click();
    await t.a.page.getByTestId("challenge-clock-none").click();
    await t.a.page.getByTestId("challenge-ruleset-zwiegespalten").click();
    await t.a.page.getByTestId("challenge-send").click();
    const incoming = t.b.page.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`);
    await incoming.getByTestId("challenge-accept").click();
    await t.a.page.locator('[data-testid="table"][data-seat="0"][data-spectator="false"]').waitFor({ timeout: 30_000 });
    await t.b.page.locator('[data-testid="table"][data-seat="1"]').waitFor({ timeout: 30_000 });
    const room = roomOf(t.a.page);
    const dealt = Date.now();

    // C's Wartesaal: the game is listed with both names, and A and B are playing (challenging them is not possible).
    const live = t.c.page.locator(`[data-testid="live-game"][data-room="${room}"]`);
    await live.waitFor({ timeout: 30_000 });
    const text = await live.innerText();
    for (const s of [NAME_A, NAME_B, "Zwiegespalten", "ohne Uhr", "Runde 1"]) expect(text).toContain(s);
    for (const name of [NAME_A, NAME_B]) {
      await t.c.page.locator(`[data-testid="lobby-player"][data-name="${name}"][data-status="playing"]`).waitFor({ timeout: 30_000 });
      expect(await player(t.c.page, name).getByTestId("lobby-challenge").isDisabled()).toBe(true);
    }
    expect(await player(t.c.page, NAME_A).innerText()).toContain(`spielt gegen ${NAME_B}`);
    await shot(t.c.page, "spectate-lobby-live");
    await t.c.page.setViewportSize({ width: 390, height: 844 });
    await live.scrollIntoViewIfNeeded();
    await shot(t.c.page, "spectate-lobby-live-phone");
    await t.c.page.setViewportSize({ width: 1280, height: 800 });

    // C watches: the usual table, as a spectator, with no hand and nothing to act with.
    const seen = frames(t.c.page);
    await live.getByTestId("live-watch").click();
    const table = t.c.page.locator('[data-testid="table"][data-spectator="true"]');
    await table.waitFor({ timeout: 30_000 });
    expect(roomOf(t.c.page)).toBe(room);
    expect(await t.c.page.getByTestId("hand-card").count()).toBe(0);
    expect(await t.c.page.getByTestId("resign").count()).toBe(0);
    expect(await t.c.page.getByTestId("spectating").innerText()).toContain(NAME_A);
    // Both players see that one person watches.
    await t.a.page.locator('[data-testid="watchers"][data-count="1"]').waitFor({ timeout: 15_000 });
    await t.b.page.locator('[data-testid="watchers"][data-count="1"]').waitFor({ timeout: 15_000 });

    // They play on; C's table follows live.
    const before = Number(await table.getAttribute("data-version"));
    await exchangeUntilPlay(t.a.page, t.b.page);
    // At most 8 cards: given up before 10, the game counts for nobody (checked at the end).
    await playInTurn(t.a.page, t.b.page, { maxSteps: 4 });
    await t.c.page.waitForFunction(`Number(globalThis.document.querySelector('[data-testid="table"]').getAttribute("data-version")) > ${before + 4}`, undefined, { timeout: 30_000 });
    // B's page reloads mid-game and reconnects: its reload may bring frames too, C's count stays one.
    await t.c.page.locator('[data-testid="trick"], [data-testid="log"]').first().waitFor();
    await shot(t.c.page, "spectate-table");
    await shot(t.a.page, "spectate-player-watchers");

    // No card reached C before it was played; B, at a seat, did get unplayed cards (its hand): the scan can tell.
    const watched = cardsIn(seen);
    expect(watched.played.size).toBeGreaterThan(0);
    expect([...watched.all].filter((x) => !watched.played.has(x))).toEqual([]);
    const seated = cardsIn(bSeen);
    expect([...seated.all].filter((x) => !seated.played.has(x)).length).toBeGreaterThan(0);
    // Nor anything of the deal: no seed, no hands, no set-aside cards.
    for (const f of seen) expect(f).not.toMatch(/"(aside|hands|seed)"/);

    // C's log names the players by name, as the head, the turn and the result do: it said "Der Hüter spielt …" beside
    // "Alma ist am Zug". The same after a reload, where the log is rebuilt from the room's history.
    const logLines = () => t.c.page.getByTestId("log-entry").allInnerTexts();
    const watchedLog = await logLines();
    const byRole = (lines: string[]) => lines.filter((l) => /\b(der|die) (Hüter|Schatten|Conte|Maske) (spielt|gewinnt|hat|bittet|gibt|verlässt|sagt)\b/i.test(l));
    expect(byRole(watchedLog)).toEqual([]);
    for (const name of [NAME_A, NAME_B]) expect(watchedLog.filter((l) => l.startsWith(`${name} spielt `)).length, name).toBeGreaterThan(0);
    await t.c.page.reload();
    await t.c.page.locator('[data-testid="table"][data-spectator="true"]').waitFor({ timeout: 30_000 });
    await t.c.page.waitForFunction(`globalThis.document.querySelectorAll('[data-testid="log-entry"]').length >= ${watchedLog.length}`, undefined, { timeout: 15_000 });
    expect(await logLines()).toEqual(watchedLog);
    await shot(t.c.page, "spectate-log");

    await t.c.page.setViewportSize({ width: 390, height: 844 });
    await shot(t.c.page, "spectate-table-phone");
    await t.c.page.setViewportSize({ width: 1280, height: 800 });
    // In English too.
    await t.c.page.locator('.lang-switch button[lang="en"]').click();
    expect(await t.c.page.getByTestId("spectating").innerText()).toContain("You are watching");
    await shot(t.c.page, "spectate-table-en");
    await t.c.page.locator('.lang-switch button[lang="de"]').click();

    // B's page goes away and comes back: C is told, as the players are (a pass: only the opponent saw it).
    await t.b.page.goto("about:blank");
    const away = t.c.page.getByTestId("spectator-away");
    await away.waitFor({ timeout: 15_000 });
    expect(await away.innerText()).toContain(`${NAME_B} getrennt`);
    await shot(t.c.page, "spectate-away");
    await t.b.page.goto(t.site.url + `/partie/${room}`);
    await t.b.page.getByTestId("table").waitFor();
    await away.waitFor({ state: "detached", timeout: 15_000 });

    // The end: A resigns; C sees the result by name; the list forgets the game, and A and B are idle again.
    await resign(t.a.page);
    await t.c.page.getByTestId("game-result").waitFor({ timeout: 30_000 });
    expect(await t.c.page.getByTestId("game-result").innerText()).toContain(`${NAME_B} gewinnt!`);
    // Its sentences by name too, and the log's last line (they read "Der Schatten gewinnt: Der Hüter hat aufgegeben.").
    expect(await t.c.page.getByTestId("result-text").innerText()).toContain(`${NAME_B} gewinnt: ${NAME_A} hat aufgegeben.`);
    expect(await logLines()).toContain(`${NAME_A} gibt auf.`);
    // A game given up this early counts for nobody (before 10 cards and 3 minutes; only a run slower than that may pass
    // the 3 minutes): the players read it of their own records, C — who has none for this game — of the players' (it
    // read "in der Bilanz" to C too).
    const uncounted = await t.a.page.getByTestId("result-uncounted").count();
    if (Date.now() - dealt < 170_000) expect(uncounted).toBe(1);
    expect(await t.c.page.getByTestId("result-uncounted").count()).toBe(uncounted);
    if (uncounted) {
      expect(await t.a.page.getByTestId("result-uncounted").innerText()).toContain("in der Bilanz");
      expect(await t.c.page.getByTestId("result-uncounted").innerText()).toContain("in den Bilanzen der beiden");
    }
    await shot(t.c.page, "spectate-result");
    await t.c.page.getByTestId("leave-result").click();
    await t.c.page.waitForURL(/\/wartesaal$/);
    await t.a.page.goto(t.site.url + "/wartesaal");
    await t.c.page.locator(`[data-testid="lobby-player"][data-name="${NAME_A}"][data-status="idle"]`).waitFor({ timeout: 30_000 });
    expect(await t.c.page.locator(`[data-testid="live-game"][data-room="${room}"]`).count()).toBe(0);
    expect(await player(t.c.page, NAME_B).count()).toBe(0);
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
    expect(t.c.errors).toEqual([]);
  });

  it("watching a friend's table before the friend has come: the free seat is 'noch frei', not a disconnected guest", { timeout: 90_000 }, async () => {
    // The shortest preset, 3 + 2, as in the Wartesaal and hot-seat (the friend page offered 5 + 3 at least: a pass).
    const link = await inviteFriend(t.a.page, t.site.url, { role: "conte", kind: "friendly", clock: "3" });
    await t.a.page.locator('[data-testid="table"][data-seat="0"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => t.a.page.getByTestId("clocks").textContent(), { timeout: 15_000 }).toMatch(/3:00.*3:00/);
    const room = roomOf(t.a.page);
    await t.c.page.goto(t.site.url + `/partie/${room}`);
    await t.c.page.locator('[data-testid="table"][data-spectator="true"]').waitFor({ timeout: 30_000 });
    const head = t.c.page.getByTestId("spectating");
    await expect.poll(() => head.innerText(), { timeout: 15_000 }).toContain("noch frei");
    expect(await head.innerText()).not.toContain("Gast 2");
    // Told apart from a seat whose player is gone: nobody is 'getrennt' here.
    expect(await t.c.page.getByTestId("spectator-away").count()).toBe(0);
    // And the felt says the game has not begun (it said nothing at all: a fresh-eyes pass).
    expect(await t.c.page.getByTestId("turn").innerText()).toBe("Die Partie beginnt, sobald der zweite Spieler da ist …");
    await shot(t.c.page, "spectate-waiting-table");
    // The friend comes: the seat has a player (a guest without a name here), and nothing says 'noch frei' any more.
    await t.b.page.goto(link);
    await t.b.page.getByTestId("exchange-confirm").waitFor({ timeout: 30_000 });
    await expect.poll(() => head.innerText(), { timeout: 15_000 }).not.toContain("noch frei");
  });

  it("a room nobody can watch (none there) says so instead of a table", { timeout: 60_000 }, async () => {
    await t.c.page.goto(t.site.url + "/partie/AAAAAAAAAAAAAAAA");
    await t.c.page.getByTestId("watch-refused").waitFor({ timeout: 30_000 });
    expect(await t.c.page.getByTestId("watch-refused").innerText()).toContain("gibt es nicht");
  });
});
