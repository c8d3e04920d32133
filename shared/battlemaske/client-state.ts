// A playable State rebuilt from one seat's view, so a bot can decide for a client that never sees the hidden cards.
import { deck, type Card } from "./cards.js";
import { other, type State } from "./state.js";
import type { View } from "./view.js";
import type { Seat } from "./events.js";

/**
 * The seat's view as an engine State. The opponent's hidden cards and the aside cards are unknown to the viewer, so they are
 * filled with an arbitrary consistent placeholder (the cards the viewer handed over first, then the rest in deck order):
 * bots read only their seat's information, so their decision does not depend on the filler (tests/battlemaske/bots-*).
 */
export function stateFromView(v: View): State {
  if (v.viewer === "spectator" || v.hand === null) throw new Error("a spectator's view holds no hand to play");
  const seat: Seat = v.viewer;
  const opp = other(seat);
  const seen = new Set<Card>([...v.hand, ...v.trick.map((p) => p.card), ...v.history.flatMap((t) => t.cards.map((p) => p.card))]);
  const known = v.knownAtOpponent.filter((c) => !seen.has(c));
  const pool = deck(v.ruleset).filter((c) => !seen.has(c) && !known.includes(c));
  const oppHand = [...known, ...pool.slice(0, v.handSizes[opp] - known.length)];
  const aside = pool.slice(v.handSizes[opp] - known.length);
  const hands: [Card[], Card[]] = [[], []];
  hands[seat] = v.hand.slice();
  hands[opp] = oppHand;
  const given: [Card[], Card[]] = [[], []];
  given[seat] = v.gave.slice();
  given[opp] = v.received.slice();
  const picks: [Card[] | null, Card[] | null] = [null, null];
  picks[seat] = v.ownPick ? v.ownPick.slice() : null;
  // The other's pick is secret; all a bot may use is whether it is pending, and it never reads its content.
  if ((v.phase === "exchange" || v.phase === "swap") && !v.waitingFor.includes(opp)) picks[opp] = oppHand.slice(0, v.pickCount);
  return {
    options: { ruleset: v.ruleset, variant: v.variant },
    seed: 0,
    deals: [],
    game: v.game,
    round: v.round,
    phase: v.phase,
    mirror: v.mirror,
    tricks: [v.tricks[0], v.tricks[1]],
    ranking: v.ranking.slice(),
    hands,
    aside,
    trick: v.trick.slice(),
    namedSuit: v.namedSuit,
    leader: v.leader,
    picks,
    given,
    history: v.history.slice(),
    winner: v.winner,
    results: v.results.slice(),
    rounds: v.rounds.slice(),
    match: v.match?.result ?? null,
  };
}
