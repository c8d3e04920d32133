// How a Goldwaage batch plays out, DOM-free (tests run it in Node): card by card on the scale, a balance or tip held a
// moment, a computer team-mate "thinking" before its card, and a seat's new open card as soon as it is shown.
import { ANIMATION_MS } from "../../../shared/animation";
import type { Seat } from "../../../shared/goldwaage/events";
import { otherPan, type PanCard } from "../../../shared/goldwaage/state";
import type { View } from "../../../shared/goldwaage/view";
import type { Pace } from "../room/pace";

/**
 * How long a computer team-mate visibly thinks before its card: long enough to see whose card comes, short enough not to
 * keep a person waiting (900 ms made 1.15 s a card, 3.5 s between one's turns at four: the player pass found it slow).
 */
export const THINK_MS = 550;

/** What the table shows while a batch plays out. */
export interface Staged {
  readonly pans: { readonly left: readonly PanCard[]; readonly right: readonly PanCard[] };
  readonly lives: number;
  /** The seat whose card is next and who is thinking (a computer team-mate), or null. */
  readonly thinking: Seat | null;
  /** A balance or tip just happened: the table says so before the scale clears. */
  readonly flash: "balanced" | "tipped" | null;
  /** The cards played so far in this batch: no longer in their hands. */
  readonly gone: readonly string[];
  /** Who played each of those cards, in order (a hidden card leaves its hand too). */
  readonly playedBy: readonly Seat[];
  /** The card just played, to highlight. */
  readonly last: { readonly seat: Seat; readonly card: string } | null;
  /** Open cards a seat showed during this batch (its whole set, as `cardsShown` says): the feed names them at once. */
  readonly open: Readonly<Partial<Record<Seat, readonly string[]>>>;
}

/** A batch with cards in it plays card by card; a computer's card comes after its "denkt nach". */
export const pace: Pace<View, Staged> = (before, events) => {
  if (!events.some((m) => m.event.type === "cardPlayed")) return null;
  let pans = { left: before.game.pans.left.slice(), right: before.game.pans.right.slice() };
  let lives = before.game.lives;
  let last: Staged["last"] = null;
  let gone: string[] = [];
  let playedBy: Seat[] = [];
  // A seat's new open card stood in the feed ("zeigt jetzt 5♠") while its seat showed the old one until the batch
  // ended — through the next computers' cards of the same batch (a player pass).
  let open: Partial<Record<Seat, readonly string[]>> = {};
  let i = -1;
  // The computer that plays next in this batch, if the next card is a computer's.
  const thinkerAfter = (k: number): Seat | null => {
    const next = events[k + 1];
    return next && next.actor === "computer" && next.event.type === "cardPlayed" ? (next.event.seat as Seat) : null;
  };
  return (event) => {
    i += 1;
    const e = event as { type: string; seat?: Seat; card?: string; cards?: readonly string[]; pan?: "left" | "right" | null; weight?: number; lifeLost?: boolean; unbalanced?: boolean };
    const thinking = thinkerAfter(i);
    const frame = (flash: Staged["flash"], ms: number) => ({ staged: { pans, lives, thinking, flash, last, gone, playedBy, open }, ms: ms + (thinking !== null ? THINK_MS : 0) });
    if (e.type === "cardPlayed") {
      last = { seat: e.seat!, card: e.card! };
      gone = [...gone, e.card!];
      playedBy = [...playedBy, e.seat!];
      const rank = e.card!.slice(0, -1);
      if (e.pan) {
        const p = e.pan;
        if (rank === "J") {
          const top = pans[p].at(-1)!;
          pans = { ...pans, [p]: pans[p].slice(0, -1), [otherPan(p)]: [...pans[otherPan(p)], top] } as typeof pans;
        } else if (rank === "Q") pans = { ...pans, [p]: pans[p].slice(0, -1) } as typeof pans;
        else pans = { ...pans, [p]: [...pans[p], { card: e.card!, weight: e.weight ?? 1 }] } as typeof pans;
      }
      return frame(null, ANIMATION_MS.card);
    }
    if (e.type === "scaleBalanced" || e.type === "scaleTipped") {
      if (e.type === "scaleTipped" && e.lifeLost) lives -= 1;
      const shown = frame(e.type === "scaleBalanced" ? "balanced" : "tipped", ANIMATION_MS.effect);
      pans = { left: [], right: [] };
      return shown;
    }
    if (e.type === "cardsShown" && e.seat !== undefined) {
      open = { ...open, [e.seat]: e.cards ?? [] };
      return frame(null, 0);
    }
    if (e.type === "roundEnded" || e.type === "gameEnded" || e.type === "takeback") return "stop";
    // The very first frame of a batch started by someone else's show (the deal): a computer may start thinking.
    return thinking !== null ? frame(null, 0) : null;
  };
};
