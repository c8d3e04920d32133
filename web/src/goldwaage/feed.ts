// The Goldwaage table's spoken feed: each room event in words, in both languages at once (the feed follows the language
// switch), from the pans and lives as they stand at that event. Pure and DOM-free, so tests/goldwaage/feed.test.ts drives
// it event by event; the table only shows the lines and reacts to what `tell` reports.
import { card as cardOf, type Card } from "../../../shared/goldwaage/cards";
import type { Pan, Seat } from "../../../shared/goldwaage/events";
import { playedLine, spokenCard, type Lang } from "./logic";

export type Line = Record<Lang, string>;

/** What the feed needs of a view: the pans' cards, the lives left and the phase (the room's view before an event). */
export interface FeedView {
  readonly game: { readonly lives: number; readonly phase: string; readonly pans?: { readonly left: readonly PanCard[]; readonly right: readonly PanCard[] } };
}

/** A card on a pan with the weight it has there (an Ace's is what it balanced). */
interface PanCard {
  readonly card: Card;
  readonly weight: number;
}

/** One room event as the feed reads it (the room's `event` message: the event and who acted). */
export interface FeedEvent {
  readonly event: { readonly type: string } & Record<string, unknown>;
  readonly actor?: string;
}

/** What telling one event found besides its lines: a seat shown to be a computer, a round that ended. */
export interface Told {
  readonly lines: Line[];
  readonly computer?: Seat;
  readonly roundEnded?: number;
}

interface Figures {
  lives: number;
  /** The pans' cards, bottom first (null: not known, a view without them): a Jack's or Queen's line names the top card
   * it moves or takes away, a tip the pans' weights. */
  pans: { left: PanCard[]; right: PanCard[] } | null;
}

/**
 * Tells the events of one table for one reader (`seat`, -1 for a spectator). The running figures follow the events of
 * a batch one by one (the view the room hands over is the one before the whole batch), and start again from the view
 * handed with the next batch.
 */
export class Feed {
  private running: Figures | null = null;
  private batchStart: unknown = undefined;
  // Whether the current round's first card is down: a seat's shown card is spoken only when it changes in play (its
  // first choice at the deal is on the table anyway). Followed event by event, so the feed reads the same live and told
  // again after a reload (a pass saw the live feed name round 2's first choices, which came in one batch with round 1's
  // end, and the reload's not); null until the feed has seen a deal or a card.
  private roundPlaying: boolean | null = null;

  constructor(
    private readonly seat: number,
    /** A seat's name in a language ("du" for the reader's own, lower case at a sentence's start). */
    private readonly nameIn: (x: Seat, l: Lang) => string,
  ) {}

  /** The log told again from its start (a reload, a late join): the figures start from an empty scale and `lives`. */
  restart(lives: number): void {
    this.running = { lives, pans: { left: [], right: [] } };
    this.batchStart = null;
  }

  /** One event; `before` is the view the room handed with its batch (null while telling the log again). */
  tell(m: FeedEvent, before: FeedView | null): Told {
    const e = m.event as { type: string; seat?: Seat; card?: Card; pan?: Pan | null; weight?: number; difference?: number; lifeLost?: boolean; unbalanced?: boolean; round?: number; result?: string; cards?: Card[] };
    if (before !== this.batchStart || !this.running) {
      this.batchStart = before;
      const p = before?.game.pans;
      this.running = before ? { lives: before.game.lives, pans: p ? { left: [...p.left], right: [...p.right] } : null } : { lives: 0, pans: null };
    }
    const running = this.running;
    const lines: Line[] = [];
    let computer: Seat | undefined;
    let roundEnded: number | undefined;
    const line = (de: string, en: string) => lines.push({ de, en });
    // The team loses only when it must lose a life and has no King left to turn: "noch 0 Leben" read as the game's end
    // while the round went on, and "noch 1 Leben" as a last chance with two left (two player passes). So the Kings still
    // lying are named with the mistakes they still absorb.
    const turned = (l: Lang) => {
      const n = running.lives;
      if (n === 0) return l === "de" ? "der letzte König wird umgedreht – der nächste Fehler verliert die Partie" : "the last King is turned – the next mistake loses the game";
      return l === "de"
        ? `ein König wird umgedreht, noch ${n} ${n === 1 ? "König liegt" : "Könige liegen"} – ${n === 1 ? "einen Fehler" : `${n} Fehler`} verkraftet ihr noch`
        : `a King is turned, ${n} ${n === 1 ? "King" : "Kings"} left – you can afford ${n === 1 ? "one more mistake" : `${n} more mistakes`}`;
    };
    // The pans' weights in words, " (links 14, rechts 3)", where the feed knows the pans; else nothing.
    const weights = (): Line => {
      const p = running.pans;
      if (!p) return { de: "", en: "" };
      const sum = (x: readonly PanCard[]) => x.reduce((a, c) => a + c.weight, 0);
      return { de: ` (links ${sum(p.left)}, rechts ${sum(p.right)})`, en: ` (left ${sum(p.left)}, right ${sum(p.right)})` };
    };
    if (e.type === "cardPlayed") {
      if (m.actor === "computer") computer = e.seat!;
      // At the start of a line: "Du", "You".
      const who = (l: Lang) => {
        const name = this.nameIn(e.seat!, l);
        return name.charAt(0).toUpperCase() + name.slice(1);
      };
      const rank = e.card!.slice(0, -1);
      // A Jack or Queen moves or removes its pan's top card; a number card or an Ace adds its weight.
      let top: PanCard | undefined;
      const pans = running.pans;
      if (pans && e.pan && rank !== "J" && rank !== "Q") pans[e.pan].push({ card: e.card!, weight: e.weight ?? cardOf(e.card!).weight });
      else if (pans && e.pan) {
        top = pans[e.pan].pop();
        if (top && rank === "J") pans[e.pan === "left" ? "right" : "left"].push(top);
      }
      line(playedLine(who("de"), e.card!, e.pan ?? null, e.weight, "de", top), playedLine(who("en"), e.card!, e.pan ?? null, e.weight, "en", top));
    } else if (e.type === "scaleBalanced") {
      line("Gleichgewicht – die Waage wird geleert.", "Balanced – the scale is emptied.");
      running.pans = { left: [], right: [] };
    } else if (e.type === "scaleTipped") {
      if (e.lifeLost) running.lives -= 1;
      // With the pans' weights where known: "Unterschied 18" alone did not say how it came (a fresh-eyes pass).
      const w = weights();
      line(
        `Gekippt${w.de}: Unterschied ${e.difference}. ${e.lifeLost ? `${capital(turned("de"))}.` : "Kein König mehr."}`,
        `Tipped${w.en}: difference ${e.difference}. ${e.lifeLost ? `${capital(turned("en"))}.` : "No King left."}`,
      );
      running.pans = { left: [], right: [] };
    } else if (e.type === "roundEnded") {
      if (e.unbalanced && e.lifeLost) running.lives -= 1;
      if (e.unbalanced) {
        // With the pans' weights, as a tip says them (a second pass missed them here).
        const w = weights();
        line(
          `Runde ${e.round} vorbei – Karten auf der Waage${w.de}: ${e.lifeLost ? turned("de") : "kein König mehr"}.`,
          `Round ${e.round} over – cards left on the scale${w.en}: ${e.lifeLost ? turned("en") : "no King left"}.`,
        );
      } else line(`Runde ${e.round} vorbei – die Waage ist leer.`, `Round ${e.round} over – the scale is empty.`);
      roundEnded = e.round;
    } else if (e.type === "roundDealt") {
      line(`Runde ${e.round} ist ausgeteilt.`, `Round ${e.round} is dealt.`);
      this.running = { lives: running.lives, pans: { left: [], right: [] } };
    } else if (e.type === "gameEnded") {
      if (e.result === "won") line("Gewonnen! Alle vier Runden gespielt.", "Won! All four rounds played.");
      else line("Verloren – kein König mehr.", "Lost – no King left.");
    } else if (e.type === "cardsShown" && (e.cards?.length ?? 0) > 0) {
      // Named in words, as every play is ("Pik 8", not "8♠"), and the reader's own new open card too: the whole game's
      // log lacked it (a player pass). The round start's choices as well ("zeigt offen"), so the log tells which cards
      // lay open from the first card on (a fresh-eyes pass found them only in the replay).
      const shown = (l: Lang) => e.cards!.map((c) => spokenCard(c, l)).join(", ");
      const playing = this.roundPlaying ?? before?.game.phase === "play";
      const own = e.seat === this.seat;
      const de = `${own ? "Du zeigst" : `${this.nameIn(e.seat!, "de")} zeigt`}${playing ? " jetzt" : " offen:"}`;
      const en = `${own ? "You" : this.nameIn(e.seat!, "en")}${playing ? " now" : ""} ${own ? "show" : "shows"}${playing ? "" : ":"}`;
      line(`${de} ${shown("de")}.`, `${en} ${shown("en")}.`);
    }
    if (e.type === "roundDealt") this.roundPlaying = false;
    if (e.type === "cardPlayed") this.roundPlaying = true;
    return { lines, ...(computer !== undefined ? { computer } : {}), ...(roundEnded !== undefined ? { roundEnded } : {}) };
  }
}

const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
