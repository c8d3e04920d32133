// The bound for any model of the opponent (issue 18, fourth attempt): the worlds weighted by the benchmark opponent's OWN
// policy. For a world (the opponent's hand now) each of its plays this round is judged by re-running pimc16's decision from
// the information it had at that moment (its hand in that world, the cards played, what it had given us) with K seeds; the
// observed card's chance is its share of those K decisions, softened by ε. Only for measuring (the A/B runner and the rank
// script): no level may use it — it is pimc16's code as the model of pimc16, a thing no fair player has.
import { CODECS, FULL_MASK, legalFollow, popcount } from "../../shared/battlemaske/bots/fast.js";
import { judgedPlays } from "../../shared/battlemaske/bots/belief.js";
import type { Info, Step } from "../../shared/battlemaske/bots/info.js";
import { levelParams, searchCommand } from "../../shared/battlemaske/bots/index.js";
import type { SearchCtx } from "../../shared/battlemaske/bots/policy.js";
import type { Seat } from "../../shared/battlemaske/index.js";
import { rng } from "../../shared/rng.js";

export interface PolicyModel {
  /** Only the plays made with at most this many cards in hand are judged (as the sampler's `at`). */
  readonly at: number;
  /** Seeds per judged play: the decision is re-run K times. */
  readonly k: number;
  /** The observed card's chance is (1 − ε) · share + ε / n (n legal cards). */
  readonly eps: number;
}

type PlayStep = Extract<Step, { kind: "play" }>;

/**
 * The opponent's information just before its play `s`, if it held `h` then, as `information(state, opponent)` would have
 * built it — in the fields pimc16's decision reads (it ignores voids and the elixir rule, so those stay empty).
 */
export function opponentInfo(info: Info, h: number, s: PlayStep): Info {
  const opp = (1 - info.seat) as Seat;
  // Before a trick both hands are the same size; when it answered our lead we had one card fewer.
  const mySize = s.lead < 0 ? popcount(h) : popcount(h) - 1;
  const tricks: [number, number] = opp === 0 ? [s.tOpp, s.tMe] : [s.tMe, s.tOpp];
  return {
    codec: info.codec,
    zw: info.zw,
    seat: opp,
    conte: info.conte,
    phase: "play",
    round: info.round,
    mirror: info.mirror,
    hand: h,
    oppKnown: s.known,
    oppSize: mySize,
    unknown: FULL_MASK & ~h & ~s.played & ~s.known,
    oppHidden: mySize - popcount(s.known),
    voids: 0,
    elixirCap: 99,
    played: s.played,
    tricks,
    rk: s.rk,
    leader: s.lead < 0 ? opp : info.seat,
    lead: s.lead,
    named: s.named,
    pickCount: 0,
    steps: [],
    oppGifts: 0,
  };
}

// Per judged play: how many of the K decisions chose each card (ε is applied on reading, so one memo serves every ε).
const MEMO = new Map<string, Uint8Array>();

/** How many of pimc16's decisions, over `k` seeds from the opponent's information at `s` holding `h`, chose each card. */
export function policyCounts(info: Info, h: number, s: PlayStep, k: number): Uint8Array {
  const key = `${info.codec.ruleset}|${info.conte}|${info.seat}|${info.round}|${info.mirror}|${s.played}|${s.lead}|${s.named}|${s.rk}|${s.tOpp}|${s.tMe}|${s.known}|${h}|${k}`;
  let counts = MEMO.get(key);
  if (counts === undefined) {
    counts = new Uint8Array(25);
    const oi = opponentInfo(info, h, s);
    const params = levelParams("pimc16", info.codec.ruleset);
    const index = CODECS[info.codec.ruleset].index;
    for (let j = 0; j < k; j++) {
      // Seeds that differ by position, so no two judged plays share their pimc16 worlds by accident.
      const cmd = searchCommand(oi, params, rng(`policy/${j}/${key}`, "battlemaske-bot", "pimc16")).command;
      if (cmd.type !== "play") throw new Error("pimc16 answered a play with a pick");
      const c = index.get(cmd.card) as number;
      counts[c] = (counts[c] as number) + 1;
    }
    if (MEMO.size > 200_000) MEMO.clear(); // a measuring script's memory, not a phone's; pure values, so only time is lost
    MEMO.set(key, counts);
  }
  return counts;
}

/** The chance under the model that the opponent, holding `h`, played the card of step `s`. */
export function policyProb(info: Info, h: number, s: PlayStep, m: PolicyModel): number {
  const legal = s.lead < 0 ? h : legalFollow(h, s.lead, s.named, info.zw);
  if ((legal & (1 << s.card)) === 0) return 0;
  const n = popcount(legal);
  if (n === 1) return 1;
  const counts = policyCounts(info, h, s, m.k);
  return (1 - m.eps) * (counts[s.card] as number) / m.k + m.eps / n;
}

/** The chance of the opponent's judged plays this round if its hand now is `hand` (its earlier hands rebuilt backwards). */
export function policyLikelihood(info: Info, hand: number, m: PolicyModel): number {
  return judgedPlays(info, hand, m.at, (h, s) => policyProb(info, h, s, m));
}

/** The model as the search's measuring hook (`SearchParams.likelihood`). */
export function policyHook(m: PolicyModel): (info: Info, ctx: SearchCtx, hand: number) => number {
  return (info, _ctx, hand) => policyLikelihood(info, hand, m);
}
