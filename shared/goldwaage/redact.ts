// Per-viewer redaction of a Goldwaage log while the game runs: no seed, no deals, only the viewer's own hand.
import type { Event } from "./events.js";
import type { Viewer } from "./view.js";

/** An event as sent to one viewer: the same type and version, private fields removed. */
export type RedactedEvent = { readonly type: Event["type"]; readonly v: number; readonly [key: string]: unknown };

/**
 * The event as `viewer` may see it. A deal shows each seat its own hand (on offene Hände, where every hand lies open, all of
 * them); open cards, played cards and the scale are public.
 */
export function redactEvent(event: Event, viewer: Viewer, openHands: boolean): RedactedEvent {
  switch (event.type) {
    case "gameCreated":
      return { type: event.type, v: event.v, options: event.options };
    case "roundDealt": {
      const { hands, ...rest } = event;
      const sizes = hands.map((h) => h.length);
      if (openHands) return event as unknown as RedactedEvent;
      return viewer === "spectator" ? { ...rest, handSizes: sizes } : { ...rest, handSizes: sizes, hand: hands[viewer] };
    }
    default:
      return event as unknown as RedactedEvent;
  }
}
