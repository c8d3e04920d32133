// Property tests over random complete games (random legal commands, random options): the invariants of RULES.md §2.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  card,
  DECK,
  decide,
  fold,
  legalCommands,
  LEVELS,
  LIVES,
  newGame,
  sumOf,
  validateOptions,
  VARIANTS,
  view,
  applyInPlace,
  cloneState,
  seatsToAct,
  type Event,
  type Options,
  type Players,
  type State,
  type Variant,
} from "../../shared/goldwaage/index.js";
import { randomInt, rng } from "../../shared/rng.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 250);

/** A cheap assertion for the hot loop (vitest's expect is too slow there). */
function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

function checkState(s: State, before: State, events: readonly Event[]): void {
  const onPans = [...s.pans.left, ...s.pans.right].map((p) => p.card);
  const played = s.played.map((p) => p.card);
  // Cards conserved: what was played is on the pans or discarded; nothing is both in a hand and played; no duplicates.
  const gone = [...onPans, ...s.discard];
  check(gone.length === played.length && new Set(gone).size === gone.length && gone.every((c) => played.includes(c)), () => `played ${played.length} cards but ${gone.length} are on pans or discarded`);
  const held = s.hands.flat();
  const all = [...held, ...played];
  check(new Set(all).size === all.length && all.every((c) => DECK.includes(c)), () => "a card is held twice or held and played");
  if (s.phase !== "over") check(all.length === 12 * s.round, () => `${all.length} cards after ${s.round} rounds`);
  // Each pan: numbers weigh their face, Aces at least 1, no Jack or Queen; the view's sums are the pans' sums.
  for (const p of [...s.pans.left, ...s.pans.right]) {
    const k = card(p.card);
    check(k.kind === "number" ? p.weight === k.weight : k.kind === "ace" ? p.weight >= 1 : false, () => `${p.card} weighs ${p.weight} on a pan`);
  }
  const v = view(s, "spectator");
  check(v.sums[0] === sumOf(s.pans.left) && v.sums[1] === sumOf(s.pans.right), () => "sums do not match the pans");
  check(v.difference <= s.limit, () => `difference ${v.difference} above the limit ${s.limit} stays on the scale`);
  // A tip or a balance always empties the scale.
  if (events.some((e) => e.type === "scaleBalanced" || e.type === "scaleTipped")) check(onPans.length === 0, () => "the scale was not emptied");
  // Lives never negative, and every lost life is counted.
  check(s.lives >= 0 && s.lives + s.livesLost === LIVES[s.options.level], () => `lives ${s.lives}, lost ${s.livesLost}`);
  check(s.livesLost >= before.livesLost, () => "a life came back");
  // Open cards: a subset of the hand of the right size (none on Profi, all on offene Hände).
  if (s.phase === "play") {
    for (const [seat, o] of s.open.entries()) {
      const hand = s.hands[seat]!;
      const want = s.options.variants.includes("offene-haende") ? hand.length : s.options.level === "profi" ? 0 : Math.min(s.options.variants.includes("zwei-offene-karten") ? 2 : 1, hand.length);
      check(o.length === want && o.every((c) => hand.includes(c)), () => `seat ${seat} shows ${o.join(",")} of ${hand.join(",")}`);
    }
  }
  // Cards swapped away and still held stay known: in the hand, not open.
  for (const [seat, w] of s.wasOpen.entries()) {
    check(w.every((c) => s.hands[seat]!.includes(c) && !s.open[seat]!.includes(c)), () => `seat ${seat} was-open ${w.join(",")} of ${s.hands[seat]!.join(",")}`);
  }
  // Views leak no hidden card: another seat's hidden cards (never shown this round) and the cards of later rounds never appear.
  const hidden = (seat: number) => s.hands[seat]!.filter((c) => !s.open[seat]!.includes(c) && !s.wasOpen[seat]!.includes(c));
  const future = DECK.filter((c) => !all.includes(c));
  for (const viewer of [...s.hands.keys(), "spectator" as const]) {
    const text = JSON.stringify(view(s, viewer as 0));
    const forbidden = [...future, ...s.hands.flatMap((_, seat) => (seat === viewer ? [] : hidden(seat)))];
    for (const c of forbidden) check(!text.includes(`"${c}"`), () => `the view for ${viewer} shows ${c}`);
    check(!text.includes("seed") && !text.includes("deals"), () => `the view for ${viewer} holds the seed or the deals`);
  }
}

function randomOptions(random: () => number): Options {
  for (;;) {
    const variants = VARIANTS.filter(() => random() < 0.3) as Variant[];
    const o: Options = { players: (2 + randomInt(random, 3)) as Players, level: LEVELS[randomInt(random, 4)]!, variants };
    if (validateOptions(o) === null) return o;
  }
}

function randomGame(seed: number): { events: Event[]; state: State } {
  const random = rng(seed, "goldwaage-property");
  const options = randomOptions(random);
  const events = newGame(options, seed);
  let state = fold(events);
  for (let guard = 0; guard < 500; guard++) {
    const seats = seatsToAct(state);
    if (seats.length === 0) break;
    const seat = seats[randomInt(random, seats.length)]!;
    const legal = legalCommands(state, seat);
    check(legal.length > 0, () => `seat ${seat} has no legal command in ${state.phase}`);
    const command = legal[randomInt(random, legal.length)]!;
    const d = decide(state, seat, command, guard);
    check(d.ok, () => `a legal command was refused: ${JSON.stringify(command)} ${d.ok ? "" : d.error.code}`);
    const before = state;
    state = cloneState(state);
    for (const e of d.events) state = applyInPlace(state, e);
    events.push(...d.events);
    checkState(state, before, d.events);
  }
  return { events, state };
}

describe("random complete games", () => {
  it(`${RUNS} games: cards conserved, pan sums match, tips and balances empty the scale, lives never negative, open cards right, views leak nothing, the log folds to the state`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const { events, state } = randomGame(seed);
        check(state.phase === "over" && state.result !== null, () => "the game did not end");
        check(state.result === "lost" || state.round === 4, () => "won before round 4");
        check(JSON.stringify(fold(events)) === JSON.stringify(state), () => "fold(events) differs from the state");
        check(events.every((e) => e.v === 1), () => "an event without v: 1");
      }),
      { numRuns: RUNS },
    );
    expect(true).toBe(true);
  }, 120_000);
});
