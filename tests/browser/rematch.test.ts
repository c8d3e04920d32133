// "Revanche" and leaving in real browsers (A on a desktop, B on a phone): a friend game between two named accounts
// ends; A offers a rematch, B declines, A sees it; B offers after all, A accepts, both move to a new table with the
// roles swapped; a second rematch swaps back (a spectator of game 2 follows to it); and leaving that running game asks "Partie aufgeben?" first, and after
// confirming the other side has won.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { inviteFriend, nameAccount, openBrowser, resign, roomOf, shot, twoBrowsersPerFile } from "./helpers.js";

const t = twoBrowsersPerFile();

const suffix = Math.random().toString(36).slice(2, 7);
const NAME_A = `Alma${suffix}`;
const NAME_B = `Boris${suffix}`;

/** Waits until this page is at a table other than `room`, at `seat`, and the game there is dealt; returns its room. */
async function atNewTable(p: Page, room: string, seat: 0 | 1): Promise<string> {
  await p.waitForURL((u) => u.pathname.startsWith("/partie/") && !u.pathname.endsWith(room), { timeout: 30_000 });
  await p.locator(`[data-testid="table"][data-seat="${seat}"]`).waitFor({ timeout: 30_000 });
  await p.getByTestId("exchange-confirm").waitFor({ timeout: 30_000 });
  return roomOf(p);
}

/** `asker` offers the rematch from its end table, `other` sees the offer and accepts; both land at the new table. */
async function rematch(asker: Page, other: Page, room: string, askerSeat: 0 | 1, shotName?: string): Promise<string> {
  await asker.getByTestId("rematch").click();
  await asker.getByTestId("rematch-waiting").waitFor();
  const offer = other.getByTestId("rematch-offer");
  await offer.waitFor();
  expect(await offer.innerText()).toContain("Rollen getauscht");
  if (shotName) await shot(other, shotName);
  await offer.getByTestId("rematch-accept").click();
  const [r1, r2] = await Promise.all([atNewTable(asker, room, askerSeat), atNewTable(other, room, askerSeat === 0 ? 1 : 0)]);
  expect(r1).toBe(r2);
  return r1;
}

describe("rematch and leaving", () => {
  it("declined, then accepted with the roles swapped, and again swapped back; leaving a running game asks first and loses it", { timeout: 240_000 }, async () => {
    const pa = t.a.page;
    const pb = t.b.page;
    await nameAccount(pa, t.site.url, NAME_A);
    await nameAccount(pb, t.site.url, NAME_B);
    const link = await inviteFriend(pa, t.site.url, { role: "conte", kind: "friendly", clock: "5" });
    await pb.goto(link);
    await pa.locator('[data-testid="table"][data-seat="0"]').waitFor();
    await pb.locator('[data-testid="table"][data-seat="1"]').waitFor();
    const room1 = roomOf(pa);

    // Game 1 ends (A resigns): A offers, B declines, A is told.
    await resign(pa);
    await pb.getByTestId("game-result").waitFor();
    // Given up before 10 cards and 3 minutes: B has won at this table, and is told no record counts it (the Bilanz
    // lists it "abgebrochen"; a pass read "Gewonnen!" there and "abgebrochen" in the Bilanz).
    expect(await pb.locator("#result-title").innerText()).toBe("Gewonnen!");
    expect(await pb.getByTestId("result-uncounted").innerText()).toContain("Zählt nicht");
    await pa.getByTestId("rematch").click();
    const offer = pb.getByTestId("rematch-offer");
    await offer.waitFor();
    expect(await offer.innerText()).toContain(NAME_A);
    await shot(pb, "rematch-offer-phone");
    await offer.getByTestId("rematch-decline").click();
    const declined = pa.getByTestId("rematch-declined");
    await declined.waitFor();
    expect(await declined.innerText()).toContain(`${NAME_B} hat die Revanche abgelehnt`);
    await shot(pa, "rematch-declined");
    expect(await pa.getByTestId("rematch").count()).toBe(0);

    // B changes its mind and offers; A accepts: the new table has A as Maske (seat 1), B as Conte (seat 0).
    const room2 = await rematch(pb, pa, room1, 0, "rematch-offer");
    expect(room2).not.toBe(room1);
    await shot(pb, "rematch-new-table-b");
    // Back to the finished table (the back button): it stays there and offers the way to the new one.
    await pa.goBack();
    await pa.waitForURL((u) => u.pathname.endsWith(room1));
    await pa.getByTestId("rematch-go").click();
    await pa.waitForURL((u) => u.pathname.endsWith(room2));
    await pa.locator('[data-testid="table"][data-seat="1"]').waitFor();

    // Someone watches game 2 (a third browser, no seat).
    const watcher = await openBrowser({ width: 1280, height: 800 });
    const pw = watcher.page;
    await pw.goto(t.site.url + `/partie/${room2}`);
    await pw.getByTestId("table").waitFor();

    // Game 2 ends (B resigns); B offers again, A accepts: swapped back, A is Conte again.
    await resign(pb);
    await pa.getByTestId("game-result").waitFor();
    const room3 = await rematch(pb, pa, room2, 1);
    expect(room3).not.toBe(room2);
    // The spectator is offered the way to the rematch and watches it there (a player pass: it stayed behind).
    await pw.getByTestId("rematch-watch").first().click({ timeout: 15_000 });
    await pw.waitForURL((u) => u.pathname.endsWith(room3));
    await pw.getByTestId("table").waitFor();
    expect(await pw.getByTestId("hand-card").count()).toBe(0);
    expect(watcher.errors).toEqual([]);
    await watcher.close();
    expect(await pa.locator('[data-testid="table"][data-seat="0"]').count()).toBe(1);

    // Leaving the running game: asked first; "Weiterspielen" keeps it going; confirming loses it, and B has won.
    await pa.getByTestId("leave").click();
    const dialog = pa.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Partie aufgeben?");
    await shot(pa, "leave-dialog");
    await pa.getByTestId("leave-cancel").click();
    await dialog.waitFor({ state: "detached" });
    expect(await pb.getByTestId("game-result").count()).toBe(0);
    await pa.getByTestId("leave").click();
    await pa.getByTestId("leave-confirm").click();
    await pa.waitForURL((u) => u.pathname === "/", { timeout: 30_000 });
    const result = pb.getByTestId("game-result");
    await result.waitFor();
    expect(await result.getAttribute("data-reason")).toBe("leave");
    expect(await result.getAttribute("data-winner-seat")).toBe("1");
    expect(await result.locator("h2").innerText()).toBe("Gewonnen!");
    // Nobody left to ask: no "Revanche" once A's socket is gone, and the table says why (a pass saw an offer vanish
    // without a word).
    await pb.getByTestId("rematch").waitFor({ state: "hidden" });
    const gone = pb.locator('[data-testid="rematch-gone"]:visible').first();
    await gone.waitFor({ timeout: 15_000 });
    expect(await gone.innerText()).toContain(`${NAME_A} ist nicht mehr am Tisch`);
    await shot(pb, "leave-opponent-won");
    expect(t.a.errors).toEqual([]);
    expect(t.b.errors).toEqual([]);
  });
});

describe("rematch with a disconnected opponent", () => {
  it("says the other side is away for now, not gone, and offers the rematch again when it is back", { timeout: 120_000 }, async () => {
    // A fresh-eyes pass read "… ist nicht mehr am Tisch – keine Revanche." as final when the opponent had only lost its
    // connection; the offer came back with it.
    let pa = await t.a.context.newPage();
    const pb = await t.b.context.newPage();
    try {
      const link = await inviteFriend(pa, t.site.url, { role: "conte", kind: "friendly", clock: "5" });
      await pb.goto(link);
      await pa.locator('[data-testid="table"][data-seat="0"]').waitFor();
      await pb.locator('[data-testid="table"][data-seat="1"]').waitFor();
      const room = roomOf(pa);
      await resign(pa);
      await pb.getByTestId("game-result").waitFor();
      await pb.locator('[data-testid="rematch"]:visible').first().waitFor();
      await pa.close(); // A's socket goes; A has not left the table
      const away = pb.locator('[data-testid="rematch-gone"]:visible').first();
      await away.waitFor({ timeout: 15_000 });
      expect(await away.innerText()).toMatch(/ist gerade nicht am Tisch – eine Revanche geht, sobald .+ zurück ist\./);
      await shot(pb, "rematch-opponent-away-phone");
      pa = await t.a.context.newPage();
      await pa.goto(`${t.site.url}/partie/${room}`);
      await pa.getByTestId("game-result").waitFor();
      await pb.locator('[data-testid="rematch"]:visible').first().waitFor({ timeout: 15_000 });
      expect(await pb.locator('[data-testid="rematch-gone"]:visible').count()).toBe(0);
    } finally {
      await pa.close();
      await pb.close();
    }
  });
});
