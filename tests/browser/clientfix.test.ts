// Findings of a fresh look at the web client, each checked in real browsers: a link away from a running game asks
// "Partie aufgeben?" first (cancel stays, confirm leaves and goes where the link led); the Wartesaal leads back to one's
// own running table; a spectator gets no exchange help and reads "wählen noch"; Zwiegespalten's role names in a
// challenge; a stake above one's Taler said in the form, which stays open; notices that clear.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { archived, enterWartesaal, lobbyPlayer, roomOf, shot, threeBrowsersPerFile } from "./helpers.js";

const t = threeBrowsersPerFile();

const suffix = Math.random().toString(36).slice(2, 7);
const NAME_A = `Alda${suffix}`;
const NAME_B = `Bert${suffix}`;
const NAME_C = `Cleo${suffix}`;

const path = (p: Page) => new URL(p.url()).pathname;
const dialog = (p: Page) => p.getByTestId("leave-dialog");

describe("Leaving a running game by a link", () => {
  it("a computer game: the top bar and the logo ask first; cancel stays; confirm leaves the game and goes on", { timeout: 120_000 }, async () => {
    const page = t.c.page;
    await page.goto(t.site.url + "/spielen/computer");
    await page.getByTestId("start-game").click();
    await page.getByTestId("exchange-confirm").waitFor({ timeout: 30_000 });
    const room = roomOf(page);
    const table = path(page);

    await page.getByTestId("nav-wartesaal").click();
    await dialog(page).waitFor();
    expect(await dialog(page).innerText()).toContain("gegen den Computer auf");
    expect(path(page)).toBe(table);
    await shot(page, "clientfix-guard-computer");
    await page.getByTestId("leave-cancel").click();
    await dialog(page).waitFor({ state: "detached" });
    expect(path(page)).toBe(table);
    expect(await page.getByTestId("table").count()).toBe(1);

    // The logo, confirmed: the game is left (the room ends it by "leave") and the page goes where the link led.
    await page.locator(".top-bar .brand").click();
    await dialog(page).waitFor();
    await page.getByTestId("leave-confirm").click();
    await page.waitForURL((u) => u.pathname === "/", { timeout: 15_000 });
    expect((await archived(t.site.url, room)).result.reason).toBe("leave");
    // Nothing runs any more: the top bar goes without asking.
    await page.getByTestId("nav-bilanz").click();
    await page.waitForURL((u) => u.pathname === "/bilanz");
    expect(t.c.errors).toEqual([]);
  });
});

describe("The Wartesaal and a running game", () => {
  it("Zwiegespalten roles, a stake above one's Taler, the way back to one's table, the spectator, leaving to the Wartesaal", { timeout: 240_000 }, async () => {
    const [a, b] = [t.a.page, t.b.page];
    await enterWartesaal(a, t.site.url, NAME_A);
    await enterWartesaal(b, t.site.url, NAME_B);
    await enterWartesaal(t.c.page, t.site.url, NAME_C);
    await lobbyPlayer(a, NAME_B).waitFor();
    const taler = Number(/(\d+) Taler/.exec(await a.getByTestId("lobby-you").innerText())![1]);

    // The form: Zwiegespalten names the roles Hüter and Schatten (the hooks unchanged).
    await lobbyPlayer(a, NAME_B).getByTestId("lobby-challenge").click();
    await a.getByTestId("challenge-ruleset-zwiegespalten").click();
    expect(await a.getByTestId("challenge-role-conte").innerText()).toBe("Hüter");
    expect(await a.getByTestId("challenge-role-maske").innerText()).toBe("Schatten");
    await a.getByTestId("challenge-role-conte").click();
    expect(await a.getByTestId("challenge-summary").innerText()).toContain("Du spielst Hüter");

    // A stake above A's Taler: said in the form, nothing sent, the settings kept.
    await a.getByTestId("challenge-kind-rated").click();
    const stake = a.getByTestId("challenge-stake");
    // No stake set: said as none ("Einsatz 0 Taler" read as a stake nobody had set, a fresh-eyes pass); one set: named.
    expect(await a.getByTestId("challenge-summary").innerText()).toContain("Gewertet, ohne Einsatz");
    await stake.fill("3");
    expect(await a.getByTestId("challenge-summary").innerText()).toContain("Gewertet, Einsatz 3 Taler");
    expect(Number(await stake.getAttribute("max"))).toBe(Math.min(taler, 1000));
    await stake.fill(String(taler + 1));
    await a.getByTestId("challenge-send").click();
    expect(await a.getByTestId("challenge-stake-error").innerText()).toBe(`Du hast nur ${taler} freie Taler.`);
    await shot(a, "clientfix-stake-error");
    // A negative stake is said too, not sent as 0.
    await stake.fill("-5");
    await a.getByTestId("challenge-send").click();
    expect(await a.getByTestId("challenge-stake-error").innerText()).toBe("Der Einsatz ist eine ganze Zahl Taler, 0 oder mehr.");
    expect(await a.getByTestId("challenge-form").count()).toBe(1);
    expect(await a.getByTestId("challenge-ruleset-zwiegespalten").getAttribute("aria-pressed")).toBe("true");
    expect(await b.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`).count()).toBe(0);

    // Friendly then, no clock: B reads the roles by Zwiegespalten's names and accepts.
    await a.getByTestId("challenge-kind-friendly").click();
    await a.getByTestId("challenge-clock-none").click();
    await a.getByTestId("challenge-send").click();
    const incoming = b.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`);
    expect(await incoming.getByTestId("challenge-terms").innerText()).toContain(`${NAME_A} spielt Hüter, du Schatten`);
    await incoming.getByTestId("challenge-accept").click();
    await a.locator('[data-testid="table"][data-seat="0"]').waitFor({ timeout: 30_000 });
    await b.locator('[data-testid="table"][data-seat="1"]').waitFor({ timeout: 30_000 });
    // Without a clock the log names the emergency brake, not clocks (two fresh-eyes passes read "die Uhren laufen").
    await a.locator('[data-testid="log-entry"]', { hasText: "Beide sind am Tisch: Die Notbremse läuft" }).waitFor({ timeout: 15_000 });
    expect(await a.locator('[data-testid="log-entry"]', { hasText: "die Uhren laufen" }).count()).toBe(0);
    const room = roomOf(a);

    // C watches: no exchange help opens by itself, and both still picking reads "wählen noch".
    const live = t.c.page.locator(`[data-testid="live-game"][data-room="${room}"]`);
    await live.getByTestId("live-watch").click();
    await t.c.page.locator('[data-testid="table"][data-spectator="true"]').waitFor({ timeout: 30_000 });
    await t.c.page.locator('[data-testid="turn"]:has-text("wählen noch")').waitFor({ timeout: 15_000 });
    expect(await t.c.page.getByTestId("turn").innerText()).toMatch(new RegExp(`Tausch: (${NAME_A} und ${NAME_B}|${NAME_B} und ${NAME_A}) wählen noch`));
    expect(await t.c.page.getByTestId("exchange-help").count()).toBe(0);
    // A player's table still opens it, saying whose role is whose.
    await a.getByTestId("exchange-help").waitFor();
    expect(await a.getByTestId("exchange-help").innerText()).toContain("Hüter (das bist du)");
    await shot(t.c.page, "clientfix-spectator-exchange");

    // A: the top bar asks, in the words of a friendly game; "Weiterspielen" stays.
    await a.getByTestId("nav-wartesaal").click();
    await dialog(a).waitFor();
    expect(await dialog(a).innerText()).toContain("Freundschaftspartie auf");
    await shot(a, "clientfix-guard-friendly");
    await a.getByTestId("leave-cancel").click();
    await dialog(a).waitFor({ state: "detached" });

    // B opens the Wartesaal anew (typed, not a link): its own game there leads back to its seat, not to watching.
    await b.goto(t.site.url + "/wartesaal");
    const mine = b.locator(`[data-testid="live-game"][data-room="${room}"]`);
    await mine.getByTestId("live-return").waitFor({ timeout: 30_000 });
    expect(await mine.getByTestId("live-watch").count()).toBe(0);
    await lobbyPlayer(b, NAME_B).getByTestId("lobby-return").waitFor({ timeout: 15_000 });
    // Someone else's entry of the same game still offers watching (C's list).
    await t.c.page.goto(t.site.url + "/wartesaal");
    await t.c.page.locator(`[data-testid="live-game"][data-room="${room}"]`).getByTestId("live-watch").waitFor({ timeout: 30_000 });
    expect(await t.c.page.getByTestId("live-return").count()).toBe(0);
    await b.locator(`[data-testid="live-game"][data-room="${room}"]`).scrollIntoViewIfNeeded();
    await shot(b, "clientfix-live-return-phone");
    await mine.getByTestId("live-return").click();
    await b.locator('[data-testid="table"][data-seat="1"][data-spectator="false"]').waitFor({ timeout: 30_000 });
    expect(roomOf(b)).toBe(room);

    // A leaves by "Verlassen": the game came from the Wartesaal, so the page goes back there.
    await a.getByTestId("leave").click();
    await dialog(a).waitFor();
    await a.getByTestId("leave-confirm").click();
    await a.waitForURL((u) => u.pathname === "/wartesaal", { timeout: 15_000 });
    expect((await archived(t.site.url, room)).result.reason).toBe("leave");
    expect(t.a.errors).toEqual([]);
  });

  it("a notice clears after a while, and at once when the player starts something new", { timeout: 120_000 }, async () => {
    const [a, b] = [t.a.page, t.b.page];
    await enterWartesaal(b, t.site.url, NAME_B);
    await a.locator(`[data-testid="lobby-player"][data-name="${NAME_B}"][data-status="idle"]`).waitFor({ timeout: 30_000 });
    const notice = a.getByTestId("lobby-notice");
    const challengeAndDecline = async () => {
      await lobbyPlayer(a, NAME_B).getByTestId("lobby-challenge").click();
      await a.getByTestId("challenge-send").click();
      await b.locator(`[data-testid="challenge-incoming"][data-from="${NAME_A}"]`).getByTestId("challenge-decline").click();
      await a.locator('[data-testid="lobby-notice"]:has-text("abgelehnt")').waitFor({ timeout: 15_000 });
    };
    await challengeAndDecline();
    // Gone by itself (about ten seconds).
    await a.locator('[data-testid="lobby-notice"]:empty').waitFor({ state: "attached", timeout: 15_000 });
    // Gone as soon as A opens the form again.
    await challengeAndDecline();
    await lobbyPlayer(a, NAME_B).getByTestId("lobby-challenge").click();
    expect(await notice.innerText()).toBe("");
    await a.getByTestId("challenge-cancel").click();
  });
});
