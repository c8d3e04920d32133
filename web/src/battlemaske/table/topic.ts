// The topic of the info window: set by hover or focus, or a long press on touch, on the things it explains.
import { createSignal } from "solid-js";
import type { Card } from "../../../../shared/battlemaske/cards";

/** What the window explains: a card, a ranking plaque, a mirror field (or the preview), the opponent's hidden cards. */
export type InfoTopic = { kind: "card"; card: Card; inHand: boolean } | { kind: "place"; place: 0 | 1 | 2 } | { kind: "field"; field: number } | { kind: "hidden" };

export function createInfoTopic() {
  const [topic, setTopic] = createSignal<InfoTopic | null>(null);
  let pressTimer: ReturnType<typeof setTimeout> | undefined;
  let pressed = false;
  const handlers = (t: () => InfoTopic) => ({
    onMouseEnter: () => setTopic(t()),
    onMouseLeave: () => setTopic(null),
    onFocus: () => setTopic(t()),
    onBlur: () => setTopic(null),
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType !== "touch") return;
      pressed = false;
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => {
        pressed = true;
        setTopic(t());
      }, 500);
    },
    onPointerUp: () => clearTimeout(pressTimer),
    onPointerCancel: () => clearTimeout(pressTimer),
    onContextMenu: (e: Event) => e.preventDefault(),
  });
  return {
    topic,
    close: () => setTopic(null),
    /** Spread on an element that explains `t`. */
    handlers,
    cardHandlers: (c: Card, inHand: boolean) => handlers(() => ({ kind: "card", card: c, inHand })),
    /** Whether the click that ends a long press is pending (it opened the window; it is no play): answers once. */
    takePress(): boolean {
      if (!pressed) return false;
      pressed = false;
      return true;
    },
  };
}
