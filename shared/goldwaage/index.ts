// The Goldwaage engine: pure, event-sourced, no I/O.
export * from "./cards.js";
export * from "./errors.js";
export * from "./events.js";
export * from "./state.js";
export * from "./engine.js";
export * from "./view.js";
export * from "./scenario.js";
export * from "./solver.js";
export * from "./ceiling.js";
export * from "./bound.js";
export * from "./bots/index.js";
export * from "./bots/knowledge.js";
export * from "./bots/play.js";
export * from "./redact.js";
