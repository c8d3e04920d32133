// The realistic-partner bound (Profi): a team in which the seat to play sees every hand, but expects the next seat to
// answer from that seat's own information. Beside the ceiling (every later seat sees every hand and plays perfectly) it
// says how much of the gap is the solver's optimism about the partner's answer, and how much the seat's own ignorance.
import { rng, type Seed } from "../rng.js";
import { lookOneAhead, partnerChooser, STRONG_AHEAD } from "./bots/index.js";
import { moves } from "./bots/knowledge.js";
import { replyValues } from "./bots/reply.js";
import { decide, newGame } from "./engine.js";
import type { Command, Options } from "./events.js";
import { applyInPlace, fold, type State } from "./state.js";
import { view } from "./view.js";

/**
 * One game of the bound on the engine's deals: each seat, on its turn, values each move in the true deal (one world) by
 * `replyValues` — the next seat answering with strong's rule from its own view (`samples` worlds of its own), then the
 * open-hand solver — and plays the cheapest (ties: strong's one card ahead). The next seat, on its own turn, again sees
 * every hand. Profi only: the next seat's view is built with nothing open.
 */
export function partnerBoundGame(options: Options, seed: Seed, samples = 8): State {
  if (options.level !== "profi" || options.variants.length > 0) throw new Error("the realistic-partner bound is for Profi without variants");
  let state = fold(newGame(options, seed));
  const everyone = Array.from({ length: options.players }, (_, s) => s);
  for (let guard = 0; guard < 500 && state.phase === "play"; guard++) {
    const seat = state.turn;
    const v = view(state, seat);
    const random = rng(seed, "goldwaage-bound", seat, v.round, v.played.length);
    const own = moves(v);
    const values = replyValues(v, state.hands, own, Math.min(3, v.lives + 1), partnerChooser(samples, random, everyone));
    let pick = own[0]!;
    let top = -Infinity;
    for (const m of own) {
      const loss = values.get(`${m.card}/${m.pan ?? "-"}`);
      if (loss === undefined) continue; // a second card of a rank already valued
      const score = -loss * 1000 + lookOneAhead(v, m, STRONG_AHEAD);
      if (score > top) {
        top = score;
        pick = m;
      }
    }
    const command: Command = pick.pan === null ? { type: "play", card: pick.card } : { type: "play", card: pick.card, pan: pick.pan };
    const d = decide(state, seat, command, guard);
    if (!d.ok) throw new Error(`the bound sent a refused command: ${d.error.code}`);
    for (const e of d.events) state = applyInPlace(state, e);
  }
  return state;
}
