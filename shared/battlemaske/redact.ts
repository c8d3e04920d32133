// Per-viewer redaction of logged events: what each seat or a spectator may receive before the game is over.
import type { Event } from "./events.js";
import type { Viewer } from "./view.js";

/** An event as sent to one viewer: the same type and version, private fields removed. */
export type RedactedEvent = { readonly type: Event["type"]; readonly v: number; readonly [key: string]: unknown };

/**
 * The event as `viewer` may see it while the game runs: no seed or explicit deals, only the viewer's
 * own hand of a deal, never the aside cards, and another seat's pick only once both picks change hands.
 * Spectators get the same events with every private payload removed.
 */
export function redactEvent(event: Event, viewer: Viewer): RedactedEvent {
  switch (event.type) {
    case "gameCreated":
      return { type: event.type, v: event.v, options: event.options };
    case "roundDealt": {
      const { hands, aside: _aside, ...rest } = event;
      return viewer === "spectator" ? rest : { ...rest, hand: hands[viewer] };
    }
    case "exchangeSubmitted":
    case "swapSubmitted":
      return viewer === event.seat ? (event as unknown as RedactedEvent) : { type: event.type, v: event.v, seat: event.seat };
    case "exchangeCompleted":
    case "swapCompleted":
      // Each seat knows what it gave and what it received; a spectator learns neither.
      return viewer === "spectator" ? { type: event.type, v: event.v } : (event as unknown as RedactedEvent);
    default:
      return event as unknown as RedactedEvent;
  }
}
