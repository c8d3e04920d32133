// How a Battlemaske batch plays out on the table: card by card, then the trick gathered. DOM-free (tests/web).
import { ANIMATION_MS } from "../../../shared/animation";
import type { Card } from "../../../shared/battlemaske/cards";
import type { Seat } from "../../../shared/battlemaske/events";
import type { PlayedCard, TrickRecord } from "../../../shared/battlemaske/state";
import type { View } from "../../../shared/battlemaske/view";
import type { Pace } from "../room/pace";

/** What the table shows while a batch of events plays out: the trick as it grows, then the trick taken; and where it ends. */
export interface Staged {
  readonly trick: readonly PlayedCard[];
  readonly taken: TrickRecord | null;
  /** The view after the batch: which cards a click may play once the frames are done (a click ends them at once). */
  readonly after: View;
  /** Cards each hand keeps after the trick just taken (what Gier can still swap: none after the round's last trick). */
  readonly left?: number;
  /** The suit an elixir lead named, while the trick grows: "Angesagt" stands beside it (it was gone until the batch's end). */
  readonly named?: TrickRecord["namedSuit"];
  /**
   * The viewer's hand as of this frame, when the batch changed it before its cards (an exchange or a greed swap, then
   * the computer's lead): the view before the batch still held the cards given away (a player pass saw one for the
   * lead's quarter second). Absent: the hand is the view's. Cards played in the frames are still in it.
   */
  readonly hand?: readonly Card[];
}

/** The hand after an exchange or a greed swap as the viewer's own event tells it (a spectator's has no cards). */
function handAfterSwap(hand: readonly Card[], e: { readonly cards?: unknown }, me: Seat): readonly Card[] {
  const cards = e.cards as readonly [readonly Card[], readonly Card[]] | undefined;
  if (!cards) return hand;
  const gone = new Set(cards[me]);
  return [...hand.filter((c) => !gone.has(c)), ...cards[me === 0 ? 1 : 0]];
}

/** A batch with a card in it plays card by card, then the trick gathered (longer with its effect), at the room's credit. */
export const paceTricks: Pace<View, Staged> = (before, events, next) => {
  if (!events.some((m) => m.event.type === "cardPlayed")) return null;
  let trick: PlayedCard[] = before.game.trick.slice();
  let named = before.game.namedSuit ?? null;
  let tricks = before.game.history.length;
  const me = before.game.viewer;
  let hand: readonly Card[] | undefined;
  return (event) => {
    const e = event as { type: string; seat?: Seat; card?: string; suit?: string; winner?: Seat; effect?: TrickRecord["effect"]; stolen?: true; cards?: unknown };
    if ((e.type === "swapCompleted" || e.type === "exchangeCompleted") && me !== "spectator" && before.game.hand) {
      hand = handAfterSwap(hand ?? before.game.hand, e, me);
      return null;
    }
    if (e.type === "cardPlayed") {
      if (trick.length === 0) named = (e.suit as TrickRecord["namedSuit"]) ?? null;
      trick = [...trick, { seat: e.seat as Seat, card: e.card as PlayedCard["card"] }];
      return { staged: { trick, taken: null, after: next.game, named, ...(hand ? { hand } : {}) }, ms: ANIMATION_MS.card };
    }
    if (e.type === "trickTaken" && trick.length > 0) {
      const taken: TrickRecord = { leader: trick[0]!.seat, cards: trick, namedSuit: named, winner: e.winner as Seat, effect: e.effect ?? null, stolen: e.stolen === true };
      trick = [];
      tricks += 1;
      return { staged: { trick: [], taken, after: next.game, left: 10 - tricks, ...(hand ? { hand } : {}) }, ms: ANIMATION_MS.trick + (e.effect ? ANIMATION_MS.effect : 0) };
    }
    return e.type === "roundEnded" || e.type === "takeback" || e.type === "gameEnded" ? "stop" : null;
  };
};

