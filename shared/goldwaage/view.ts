// view(): what one viewer may know — the one place where hidden information is filtered.
import type { Card } from "./cards.js";
import type { Level, Players, Seat, Variant } from "./events.js";
import { sumOf, type PanCard, type Phase, type PlayRecord, type State } from "./state.js";

export type Viewer = Seat | "spectator";

export interface View {
  readonly viewer: Viewer;
  readonly players: Players;
  readonly level: Level;
  readonly variants: readonly Variant[];
  readonly round: number;
  readonly limit: number;
  readonly phase: Phase;
  readonly lives: number;
  readonly livesLost: number;
  readonly starter: Seat;
  /** Whose card it is in the play phase, else null. */
  readonly turn: Seat | null;
  /** The viewer's own hand (null for a spectator). */
  readonly hand: readonly Card[] | null;
  readonly handSizes: readonly number[];
  /** Everyone's open cards (on offene Hände the whole hands). */
  readonly open: ReadonlyArray<readonly Card[]>;
  /** Show phase: who has chosen their open cards. */
  readonly shown: readonly boolean[];
  /** Each seat's cards that were open earlier in this round, are hidden again and still held (public: everyone saw them). */
  readonly wasOpen: ReadonlyArray<readonly Card[]>;
  /** Bottom first, top card last; every card readable. */
  readonly pans: { readonly left: readonly PanCard[]; readonly right: readonly PanCard[] };
  readonly sums: readonly [number, number];
  readonly difference: number;
  /** Every card played in this game, in order: public, everyone saw it. */
  readonly played: readonly PlayRecord[];
  readonly result: "won" | "lost" | null;
}

export function view(state: State, viewer: Viewer): View {
  const l = sumOf(state.pans.left);
  const r = sumOf(state.pans.right);
  return {
    viewer,
    players: state.options.players,
    level: state.options.level,
    variants: state.options.variants.slice(),
    round: state.round,
    limit: state.limit,
    phase: state.phase,
    lives: state.lives,
    livesLost: state.livesLost,
    starter: state.starter,
    turn: state.phase === "play" ? state.turn : null,
    hand: viewer === "spectator" ? null : (state.hands[viewer] ?? []).slice(),
    handSizes: state.hands.map((h) => h.length),
    open: state.open.map((o) => o.slice()),
    shown: state.shown.slice(),
    wasOpen: state.wasOpen.map((h) => h.slice()),
    pans: { left: state.pans.left.slice(), right: state.pans.right.slice() },
    sums: [l, r],
    difference: Math.abs(l - r),
    played: state.played.slice(),
    result: state.result,
  };
}
