// How long the table shows what an event did. The room credits this time to the clocks (they stand meanwhile) and the
// client paces a batch of events by the same numbers, so animations never cost clock time (DESIGN.md: motion).
export const ANIMATION_MS = { card: 250, effect: 700, trick: 500, roundTable: 3000 } as const;
