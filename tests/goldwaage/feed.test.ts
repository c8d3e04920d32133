// The Goldwaage table's spoken feed (web/src/goldwaage/feed.ts) against the engine: what it says of lives and pans is
// what the engine's state says, live (batch by batch, each with the view before it) and told again from the log alike.
import { describe, expect, it } from "vitest";
import { applyInPlace, decide, fold, legalCommands, newGame, view, LIVES, type Event, type Options, type Seat, type State } from "../../shared/goldwaage/index.js";
import { redactEvent } from "../../shared/goldwaage/redact.js";
import { rng } from "../../shared/rng.js";
import { Feed, type FeedEvent, type Line } from "../../web/src/goldwaage/feed";
import { spokenCard, type Lang } from "../../web/src/goldwaage/logic";

const nameIn = (reader: number) => (x: Seat, l: Lang) => (x === reader ? (l === "de" ? "du" : "you") : l === "de" ? `Platz ${x + 1}` : `Seat ${x + 1}`);

/** One random game, command by command: each batch of events with the state before it and after each event. */
function randomGame(options: Options, seed: string): Array<{ before: State; actor: Seat; events: Array<{ event: Event; after: State }> }> {
  const random = rng(seed, "feed");
  let state: State = fold(newGame(options, seed));
  const batches: Array<{ before: State; actor: Seat; events: Array<{ event: Event; after: State }> }> = [];
  for (let guard = 0; guard < 300 && state.phase !== "over"; guard++) {
    const seat = (state.phase === "show" ? state.shown.findIndex((x) => !x) : state.turn) as Seat;
    const cmds = legalCommands(state, seat);
    const d = decide(state, seat, cmds[Math.floor(random() * cmds.length)]!, 0);
    if (!d.ok) throw new Error(d.error.code);
    const before = structuredClone(state);
    const events: Array<{ event: Event; after: State }> = [];
    for (const e of d.events) {
      state = applyInPlace(state, e);
      events.push({ event: e, after: structuredClone(state) });
    }
    batches.push({ before, actor: seat, events });
  }
  expect(state.phase).toBe("over");
  return batches;
}

describe("the Goldwaage feed", () => {
  it("in 120 random games, for every reader: the lives it names are the engine's, live and told again alike; computers and round ends are reported", () => {
    let lifeLines = 0;
    let shownLines = 0;
    let ownShown = 0;
    let topNamed = 0;
    let startShown = 0;
    let tipLines = 0;
    let leftOver = 0;
    let lastKings = 0;
    for (let g = 0; g < 120; g++) {
      const players = (2 + (g % 3)) as 2 | 3 | 4;
      const options: Options = { players, level: (["leicht", "normal", "schwer", "profi"] as const)[g % 4]!, variants: [] };
      const batches = randomGame(options, `feed-${g}`);
      for (let reader = 0; reader < players; reader++) {
        const live = new Feed(reader, nameIn(reader));
        const again = new Feed(reader, nameIn(reader));
        again.restart(LIVES[options.level]);
        const liveLines: Line[] = [];
        const againLines: Line[] = [];
        for (const b of batches) {
          const before = { game: view(b.before, reader as Seat) };
          let prev = b.before;
          for (const { event, after } of b.events) {
            const stateBefore = prev;
            prev = after;
            // The seat's own redacted event, as the room sends it; the last seat acts as a computer.
            const m: FeedEvent = { event: redactEvent(event, reader as Seat, false) as FeedEvent["event"], actor: b.actor === players - 1 ? "computer" : "player" };
            const told = live.tell(m, before);
            againLines.push(...again.tell(m, null).lines);
            liveLines.push(...told.lines);
            if (event.type === "cardPlayed") expect(told.computer).toBe(b.actor === players - 1 ? b.actor : undefined);
            expect(told.roundEnded).toBe(event.type === "roundEnded" ? event.round : undefined);
            for (const l of told.lines) {
              const lives = /noch (\d+) (König liegt|Könige liegen) – (einen|\d+) Fehler verkraftet ihr noch/.exec(l.de);
              if (lives) {
                expect(Number(lives[1]), l.de).toBe(after.lives);
                expect(lives[3] === "einen" ? 1 : Number(lives[3])).toBe(after.lives);
                expect(l.en).toContain(`${after.lives} ${after.lives === 1 ? "King" : "Kings"} left – you can afford`);
                lifeLines++;
              }
              expect(l.de).not.toMatch(/noch \d+ Leben/);
              // The last King turned: said so, never "noch 0 Leben" (read as the game's end while the round went on).
              if (/der letzte König wird umgedreht/i.test(l.de)) {
                expect(after.lives).toBe(0);
                expect(l.de).toMatch(/der letzte König wird umgedreht – der nächste Fehler verliert die Partie/i);
                expect(l.en).toMatch(/the last King is turned – the next mistake loses the game/i);
                lastKings++;
              }
              expect(l.de).not.toMatch(/noch 0 Leben/);
              if (/zeigt jetzt/.test(l.de)) shownLines++;
              // The round start's open cards are told too, each by its seat.
              if (event.type === "cardsShown" && event.cards.length > 0 && stateBefore.phase === "show") {
                expect(l.de).toBe(`${event.seat === reader ? "Du zeigst" : `Platz ${event.seat + 1} zeigt`} offen: ${event.cards.map((c) => spokenCard(c, "de")).join(", ")}.`);
                startShown++;
              }
              // A Jack's or Queen's line names the card it moves or takes away: the engine's top card of that pan.
              if (event.type === "cardPlayed" && event.pan && /^[JQ]/.test(event.card)) {
                const top = stateBefore.pans[event.pan].at(-1)!;
                expect(l.de).toContain(`ihre oberste Karte, ${spokenCard(top.card, "de")}${top.card.startsWith("A") ? ` (${top.weight})` : ""},`);
                topNamed++;
              }
              // A tip says the pans' weights, the engine's, whose difference is the one it names.
              const tip = /^Gekippt \(links (\d+), rechts (\d+)\): Unterschied (\d+)\./.exec(l.de);
              if (event.type === "roundEnded" && event.unbalanced) {
                const sum = (p: readonly { weight: number }[]) => p.reduce((a, c) => a + c.weight, 0);
                expect(l.de).toContain(`Karten auf der Waage (links ${sum(stateBefore.pans.left)}, rechts ${sum(stateBefore.pans.right)}):`);
                leftOver++;
              }
              if (event.type === "scaleTipped") {
                expect(tip, l.de).not.toBeNull();
                const sum = (p: readonly { weight: number }[]) => p.reduce((a, c) => a + c.weight, 0);
                expect([Number(tip![1]), Number(tip![2])]).toEqual([sum(stateBefore.pans.left), sum(stateBefore.pans.right)]);
                expect(Math.abs(Number(tip![1]) - Number(tip![2]))).toBe(Number(tip![3]));
                tipLines++;
              }
              // A card shown in play is named in words, the reader's own too ("Du zeigst jetzt Pik 8.").
              expect(l.de).not.toMatch(/[♣♦♥♠]/);
              if (/^Du zeigst jetzt (Kreuz|Karo|Herz|Pik) (Ass|Bube|Dame|\d+)\.$/.test(l.de)) {
                expect(event.type === "cardsShown" && event.seat === reader).toBe(true);
                expect(l.en).toMatch(/^You now show (ace|jack|queen|\d+) of (clubs|diamonds|hearts|spades)\.$/);
                ownShown++;
              }
            }
          }
        }
        // A reload tells the same story as the live table did.
        expect(againLines).toEqual(liveLines);
        // The last line says how it ended, as the engine does.
        const ended = batches.at(-1)!.events.map((x) => x.event).find((e): e is Extract<Event, { type: "gameEnded" }> => e.type === "gameEnded")!;
        expect(liveLines.at(-1)!.de).toBe(ended.result === "won" ? "Gewonnen! Alle vier Runden gespielt." : "Verloren – kein König mehr.");
      }
    }
    // The checks above must have met lives lost and open cards changed in play.
    expect(lifeLines).toBeGreaterThan(100);
    expect(shownLines).toBeGreaterThan(100);
    expect(ownShown).toBeGreaterThan(50);
    expect(topNamed).toBeGreaterThan(50);
    expect(startShown).toBeGreaterThan(100);
    expect(tipLines).toBeGreaterThan(50);
    expect(leftOver).toBeGreaterThan(20);
    expect(lastKings).toBeGreaterThan(10);
  }, 120_000);
});
