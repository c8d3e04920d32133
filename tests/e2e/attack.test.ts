// The attack suite's CI size (npm run test:attack runs it larger): every category against the real site, and the scan's
// own detector shown to catch a leak, so a passing scan means something.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../../scripts/lib/site.js";
import { runAttacks } from "../../scripts/lib/attack/run.js";
import { dealEnds, goldwaageSecretsByVersion, hiddenCardsIn, secretsByVersion } from "../../scripts/lib/attack/hidden.js";
import type { CategoryResult } from "../../scripts/lib/attack/common.js";

let site: Site;
let results: CategoryResult[] = [];

beforeAll(async () => {
  site = await startSite();
  results = await runAttacks(site, { games: 3, tables: 4, messages: 150, http: 120, restarts: 1 });
}, 150_000);
afterAll(async () => {
  await site?.stop();
});

describe("the attack suite (small sizes)", () => {
  for (const name of ["hidden", "hidden-goldwaage", "socket", "http", "restarts"]) {
    it(`${name}: every attack answered as it must be`, () => {
      const r = results.find((x) => x.name === name);
      expect(r, `category ${name} ran`).toBeDefined();
      expect(r!.tried).toBeGreaterThan(0);
      expect(r!.failures.slice(0, 5), `${r!.tried - r!.passed} of ${r!.tried} failed`).toEqual([]);
      expect(r!.passed).toBe(r!.tried);
    });
  }
  it("the scan's knowledge model: hidden until played or exchanged, the aside always", () => {
    const log = [
      { version: 1, event: { type: "gameCreated", seed: "s" } },
      { version: 2, event: { type: "roundDealt", hands: [["P1", "P2"], ["D1", "D2"]], aside: ["G1"] } },
      { version: 3, event: { type: "exchangeSubmitted", seat: 1, cards: ["D1"] } },
      { version: 4, event: { type: "exchangeSubmitted", seat: 0, cards: ["P1"] } },
      { version: 5, event: { type: "exchangeCompleted", cards: [["P1"], ["D1"]] } },
      { version: 6, event: { type: "cardPlayed", seat: 1, card: "D2" } },
    ];
    const seat0 = secretsByVersion(log, 0);
    const spectator = secretsByVersion(log, "spectator");
    expect([...seat0(4)].sort()).toEqual(["D1", "D2", "G1"]);
    expect([...seat0(5)].sort()).toEqual(["D2", "G1"]);
    expect([...seat0(6)]).toEqual(["G1"]);
    expect([...spectator(5)].sort()).toEqual(["D1", "D2", "G1", "P1", "P2"]);
    expect([...spectator(6)].sort()).toEqual(["D1", "G1", "P1", "P2"]);
  });
  it("Goldwaage's knowledge model: other hands hidden until shown or played, later rounds hidden from everyone, offene Hände open", () => {
    const log = [
      { version: 1, event: { type: "gameCreated", seed: "s", options: { players: 2, level: "profi", variants: [] } } },
      { version: 2, event: { type: "roundDealt", hands: [["2C", "AS"], ["7H", "QD"]] } },
      { version: 3, event: { type: "cardsShown", seat: 1, cards: ["QD"] } },
      { version: 4, event: { type: "cardPlayed", seat: 0, card: "2C" } },
      { version: 5, event: { type: "cardPlayed", seat: 1, card: "7H" } },
      { version: 6, event: { type: "roundDealt", hands: [["5S"], ["JC"]] } },
    ];
    const seat0 = goldwaageSecretsByVersion(log, 0);
    const spectator = goldwaageSecretsByVersion(log, "spectator");
    expect([...seat0(2)].sort()).toEqual(["5S", "7H", "JC", "QD"]);
    expect([...seat0(3)].sort()).toEqual(["5S", "7H", "JC"]);
    expect([...seat0(5)].sort()).toEqual(["5S", "JC"]);
    expect([...seat0(6)]).toEqual(["JC"]);
    expect([...spectator(4)].sort()).toEqual(["5S", "7H", "AS", "JC"]);
    expect([...spectator(6)].sort()).toEqual(["5S", "AS", "JC"]);
    // A leak is found wherever it stands in a message.
    expect(hiddenCardsIn({ type: "state", version: 3, view: { game: { hand: ["2C", "AS"], open: [[], ["QD"]], note: "7H" } } }, 3, seat0, dealEnds(log))).toEqual(["$.view.game.note=7H"]);
    // On offene Hände the round's hands are open, the next round's still hidden.
    const open = goldwaageSecretsByVersion([{ ...log[0]!, event: { ...log[0]!.event, options: { players: 2, level: "normal", variants: ["offene-haende"] } } }, ...log.slice(1)], "spectator");
    expect([...open(2)].sort()).toEqual(["5S", "JC"]);
  });
  it("a history sent in a later round: its entries are judged by their own deal, the rest by the message's version", () => {
    // Round 1 ends with P1 played by seat 0 and G1 aside, never shown; round 2 deals P1 to seat 1 and D1 to seat 0.
    const log = [
      { version: 1, event: { type: "gameCreated", seed: "s" } },
      { version: 2, event: { type: "roundDealt", hands: [["P1", "P2"], ["D1", "D2"]], aside: ["G1"] } },
      { version: 3, event: { type: "cardPlayed", seat: 0, card: "P1" } },
      { version: 4, event: { type: "roundDealt", hands: [["D1", "P2"], ["P1", "D2"]], aside: ["G2"] } },
    ];
    const seat0 = secretsByVersion(log, 0);
    const dealEnd = dealEnds(log);
    expect([dealEnd(2), dealEnd(3), dealEnd(4)]).toEqual([3, 3, Infinity]);
    // Seat 0 reloads in round 2: the history repeats its round-1 play of P1, now a card in seat 1's hand — no leak.
    const fair = { type: "history", version: 4, entries: [{ version: 2, event: { type: "roundDealt", hand: ["P1", "P2"] } }, { version: 3, event: { type: "cardPlayed", card: "P1" } }] };
    expect(hiddenCardsIn(fair, 4, seat0, dealEnd)).toEqual([]);
    // The scan still fails: round 1's aside card in an old entry, round 2's hidden card outside the entries or in them.
    const aside = { type: "history", version: 4, entries: [{ version: 2, event: { type: "roundDealt", aside: ["G1"] } }] };
    expect(hiddenCardsIn(aside, 4, seat0, dealEnd)).toEqual(["$.entries[0].event.aside[0]=G1"]);
    expect(hiddenCardsIn({ type: "history", version: 4, note: "P1", entries: [] }, 4, seat0, dealEnd)).toEqual(["$.note=P1"]);
    expect(hiddenCardsIn({ type: "history", version: 4, entries: [{ version: 4, event: { type: "roundDealt", hands: [[], ["P1"]] } }] }, 4, seat0, dealEnd)).toEqual(["$.entries[0].event.hands[1][0]=P1"]);
    // Any other message names the same card as of its own version.
    expect(hiddenCardsIn({ type: "event", version: 4, event: { card: "P1" } }, 4, seat0, dealEnd)).toEqual(["$.event.card=P1"]);
  });
});
