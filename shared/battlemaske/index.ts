// The Battlemaske / Zwiegespalten engine: pure, event-sourced, no I/O.
export * from "./cards.js";
export * from "./errors.js";
export * from "./events.js";
export * from "./state.js";
export * from "./engine.js";
export * from "./view.js";
export * from "./scenario.js";
export * from "./random.js";
export * from "./redact.js";
export * from "./client-state.js";
