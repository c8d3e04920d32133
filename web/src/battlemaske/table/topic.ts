// The topic of the info window: set by hover or keyboard focus, or a long press on touch, on the things it explains.
import { createSignal, onCleanup } from "solid-js";
import type { Card } from "../../../../shared/battlemaske/cards";

/** What the window explains: a card, a ranking plaque, a mirror field (or the preview), the opponent's hidden cards. */
export type InfoTopic = { kind: "card"; card: Card; inHand: boolean } | { kind: "place"; place: 0 | 1 | 2 } | { kind: "field"; field: number } | { kind: "hidden" };

/** The topic and the element it explains (the window opens beside it). */
export interface Shown {
  readonly topic: InfoTopic;
  readonly anchor: HTMLElement;
}

/** Inside a component: the document listener that closes the window on the next touch goes with it. */
export function createInfoTopic() {
  const [shown, setShown] = createSignal<Shown | null>(null);
  let pressTimer: ReturnType<typeof setTimeout> | undefined;
  let pressed = false;
  let touching = false;
  // On touch the window stays after the long press; the next touch anywhere closes it (a new long press opens the next).
  const onTouch = (e: PointerEvent) => {
    touching = e.pointerType !== "mouse";
    if (touching) setShown(null);
    else restingAt = { x: e.clientX, y: e.clientY };
  };
  // Where the mouse last pressed, while it has not moved since: a card that slides under a resting pointer (the round
  // table's "Weiter" closed over the hand, a played card's neighbour moved up) gets a mouseenter without any movement,
  // and its window opened unasked (a player pass, at a phone's width with a mouse). It opens once the mouse moves.
  let restingAt: { x: number; y: number } | null = null;
  // Within a pixel: a pointer event's coordinates are fractional, a mouse event's whole (a click at a card's centre,
  // 640.5, and the mouseenter after it, 640, are the same place: a fresh-eyes pass found the window open after "Tauschen").
  const atRest = (x: number, y: number) => !!restingAt && Math.abs(restingAt.x - x) < 1 && Math.abs(restingAt.y - y) < 1;
  // The element whose window Escape closed: moving on it does not reopen it until the pointer leaves it.
  let dismissed: HTMLElement | null = null;
  // A mouse that moves is a mouse again (a device with both).
  const onMove = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    touching = false;
    if (restingAt && !atRest(e.clientX, e.clientY)) restingAt = null;
  };
  // Escape closes an open window and does nothing else that time (WCAG 1.4.13: dismissable without moving the focus;
  // a player pass found it stayed while its card kept the focus). The next Escape goes where it went before.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !shown()) return;
    dismissed = shown()!.anchor;
    setShown(null);
    e.stopPropagation();
    e.preventDefault();
  };
  document.addEventListener("pointerdown", onTouch, true);
  document.addEventListener("pointermove", onMove, true);
  document.addEventListener("keydown", onKey, true);
  onCleanup(() => {
    document.removeEventListener("pointerdown", onTouch, true);
    document.removeEventListener("pointermove", onMove, true);
    document.removeEventListener("keydown", onKey, true);
  });
  const handlers = (t: () => InfoTopic) => ({
    onMouseEnter: (e: MouseEvent) => {
      // A tap sends mouse events too: on touch only the long press opens the window.
      if (touching || atRest(e.clientX, e.clientY)) return;
      setShown({ topic: t(), anchor: e.currentTarget as HTMLElement });
    },
    // The first real movement over an element entered under a resting pointer opens its window.
    onMouseMove: (e: MouseEvent) => {
      const el = e.currentTarget as HTMLElement;
      if (touching || restingAt || dismissed === el || shown()?.anchor === el) return;
      setShown({ topic: t(), anchor: el });
    },
    // The mouse events a tap sends do not close it either: the next touch does.
    onMouseLeave: (e: MouseEvent) => {
      if (dismissed === e.currentTarget) dismissed = null;
      if (!touching) setShown(null);
    },
    // By keyboard only: a click focuses the card as well, and the window is the pointer's business then.
    onFocus: (e: FocusEvent) => {
      const el = e.currentTarget as HTMLElement;
      if (el.matches(":focus-visible")) setShown({ topic: t(), anchor: el });
    },
    // Only the window this element opened: the tap that ends a long press on another card moves the focus there, and
    // the blur of the card focused before closed the window just opened (a fresh-eyes pass: it opened once per table).
    onBlur: (e: FocusEvent) => setShown((s) => (s && s.anchor === e.currentTarget ? null : s)),
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType === "mouse") return;
      const el = e.currentTarget as HTMLElement;
      pressed = false;
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => {
        pressed = true;
        setShown({ topic: t(), anchor: el });
      }, 500);
    },
    onPointerUp: () => clearTimeout(pressTimer),
    onPointerCancel: () => clearTimeout(pressTimer),
    onContextMenu: (e: Event) => e.preventDefault(),
  });
  return {
    topic: () => shown()?.topic ?? null,
    shown,
    close: () => setShown(null),
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
