// Property tests: invariants over 10,000 random complete games per rule set (both variants mixed); used by the two *.properties.test.ts files.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  card,
  deck,
  decide,
  firstLeader,
  fold,
  legalCards,
  other,
  playRandomGame,
  sortCards,
  view,
  type Event,
  type Ruleset,
  type Seat,
  type State,
  type Viewer,
} from "../../shared/battlemaske/index.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 10_000);

/** A cheap assertion for the hot loop (vitest's expect is too slow for a million checks). */
function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

/** Every card accounted for exactly once: hands, aside, the trick on the table and this round's taken tricks. */
function checkConservation(s: State): void {
  const all = [...s.hands[0], ...s.hands[1], ...s.aside, ...s.trick.map((p) => p.card), ...s.history.flatMap((t) => t.cards.map((p) => p.card))];
  const full = deck(s.options.ruleset);
  check(all.length === full.length && new Set(all).size === full.length && all.every((c) => full.includes(c)), () => `cards not conserved: ${sortCards(all).join(",")}`);
}

/** The cards a viewer may not know: the aside cards and the other hand, less what the viewer handed over itself. */
function forbiddenFor(s: State, viewer: Viewer): Set<string> {
  if (viewer === "spectator") return new Set([...s.hands[0], ...s.hands[1], ...s.aside]);
  return new Set([...s.aside, ...s.hands[other(viewer)].filter((c) => !s.given[viewer].includes(c))]);
}

/** The first forbidden string anywhere in a view (every field, nested), or a "seed" key; null when clean. */
function leak(value: unknown, forbidden: Set<string>): string | null {
  if (typeof value === "string") return forbidden.has(value) ? value : null;
  if (typeof value !== "object" || value === null) return null;
  if (Array.isArray(value)) {
    for (const x of value) {
      const l = leak(x, forbidden);
      if (l) return l;
    }
    return null;
  }
  for (const k in value) {
    if (k === "seed" || k === "deals" || k === "aside") return `the key ${k}`;
    const l = leak((value as Record<string, unknown>)[k], forbidden);
    if (l) return l;
  }
  return null;
}

function checkViews(s: State): void {
  for (const viewer of [0, 1, "spectator"] as const) {
    const v = view(s, viewer);
    const l = leak(v, forbiddenFor(s, viewer));
    check(l === null, () => `view for ${viewer} leaks ${l} in phase ${s.phase}`);
    const pick = viewer === "spectator" ? null : s.picks[viewer];
    check(JSON.stringify(v.ownPick) === JSON.stringify(pick), () => `view for ${viewer} shows a wrong pick`);
  }
}

/** An independent reading of the follow rules, to check each card the engine accepted. */
function checkFollow(before: State, seat: Seat, played: string): void {
  const lead = before.trick[0];
  if (!lead) return;
  const hand = before.hands[seat];
  const suitOf = (c: string) => card(c).suit;
  const leadSuit = suitOf(lead.card);
  const p = suitOf(played);
  if (leadSuit === null) {
    if (p !== before.namedSuit) check(!hand.some((c) => suitOf(c) === before.namedSuit), () => `${played} accepted though the named suit was held`);
  } else if (p !== leadSuit && p !== null) {
    check(!hand.some((c) => suitOf(c) === leadSuit), () => `${played} accepted though the led suit was held`);
    if (before.options.ruleset === "zwiegespalten") check(!hand.some((c) => suitOf(c) === null), () => `${played} accepted though an elixir was held (Zwiegespalten)`);
  }
}

function checkGameLog(events: readonly Event[], final: State): void {
  let mirror = 0;
  let game = 1;
  let tricksInRound = 0;
  const winners: string[] = [];
  for (const e of events) {
    if (e.type === "roundDealt") {
      if (e.game !== game) {
        game = e.game;
        mirror = 0;
      }
      check(e.leader === firstLeader(e.game, e.round, mirror), () => `round ${e.round} led by the wrong seat`);
      tricksInRound = 0;
    } else if (e.type === "trickTaken") {
      tricksInRound++;
    } else if (e.type === "roundEnded") {
      check(tricksInRound === 10, () => `a round of ${tricksInRound} tricks`);
      check(e.tricks[0] + e.tricks[1] === 10, () => `tricks ${e.tricks.join(":")} do not add up to 10`);
      check(e.moved === Math.abs(e.tricks[0] - e.tricks[1]) && e.moved % 2 === 0, () => `moved ${e.moved} after ${e.tricks.join(":")}`);
      check(e.mirror === mirror + e.moved && e.mirror >= mirror, () => `the mirror went from ${mirror} to ${e.mirror}`);
      mirror = e.mirror;
    } else if (e.type === "gameEnded") {
      check(e.winner === (mirror >= 10 ? "maske" : "conte"), () => `winner ${e.winner} at mirror ${mirror}`);
      winners.push(e.winner);
    }
  }
  expect(final.phase).toBe("over");
  expect(final.winner).not.toBeNull();
  expect(winners).toHaveLength(final.options.variant === "profi" ? 2 : 1);
  if (final.options.variant === "profi") expect(final.match).not.toBeNull();
  expect(JSON.stringify(fold(events))).toBe(JSON.stringify(final));
}

export function randomGames(ruleset: Ruleset): void {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom("single" as const, "profi" as const), (seed, choices, variant) => {
      const { events, state } = playRandomGame({ ruleset, variant }, seed, choices, (step, after) => {
        if (step.command.type === "play") {
          checkFollow(step.before, step.seat, step.command.card);
          // Every card legalCards excludes is refused by decide.
          const legal = legalCards(step.before, step.seat);
          for (const c of step.before.hands[step.seat]) {
            if (!legal.includes(c)) check(!decide(step.before, step.seat, { type: "play", card: c }, 0).ok, () => `${c} is not legal but accepted`);
          }
        }
        checkConservation(after);
        checkViews(after);
      });
      checkGameLog(events, state);
    }),
    { numRuns: RUNS },
  );
}

/** One describe per rule set, in its own file so the two run in parallel. */
export function describeRandomGames(ruleset: Ruleset): void {
  describe(`random complete games (${ruleset})`, () => {
    it(`${RUNS} games: no card created or lost, 10 tricks a round, the mirror only grows, the lead rule, legal plays, views leak nothing, a winner`, () => {
      randomGames(ruleset);
    }, 600_000);
  });
}
