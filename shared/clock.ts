// Clock constants shared by the rooms (party/core/clock.ts) and the client that shows the clocks.

/** Without a clock ("brake"): a seat that does not act for this long loses the game. */
export const BRAKE_MS = 10 * 60 * 1000;
