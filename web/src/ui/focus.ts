// Keyboard focus at the tables. A keyboard player pass found the focus falling to the page's start after "Rat",
// "Karte zurück", a round's "Weiter" and every Goldwaage play (the focused button was disabled or went away), and the
// round and result dialogs neither taking the focus nor keeping it: up to 29 Tabs back to a card.
import { onCleanup } from "solid-js";

/** Whether the player's last input was a key (not a tap or a click): moves of the focus are for keyboard players only. */
let keys = false;
if (typeof document !== "undefined") {
  // Escape leaves it as it was: a mouse player closes a hover's info window with it, and the hand then took the focus
  // (with its ring and the focused card's window) at the next turn as if the keys were in use (seen while testing the
  // window under a resting mouse, table.test).
  document.addEventListener("keydown", (e) => (keys = e.key === "Tab" || e.key === "Enter" || e.key === " " || e.key.startsWith("Arrow") || e.key.length === 1 ? true : keys), true);
  document.addEventListener("pointerdown", () => (keys = false), true);
}
export const usingKeyboard = (): boolean => keys;

/**
 * A question that stands in for its button ("Aufgeben?" with "Ja" / "Nein"): asked by key, its "Nein" (`el`, as a ref)
 * takes the focus — it went to a card, and the next Enter played it (a keyboard player pass).
 */
export const focusIfKeys = (el: HTMLElement): void => {
  if (keys) queueMicrotask(() => el.focus());
};

/** Such a question answered "Nein" (or Escape): `close()`, and a keyboard player's focus back on the button `testId`. */
export function answerNo(close: () => void, testId: string): void {
  close();
  if (keys) queueMicrotask(() => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.focus());
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `root` a Tab reaches, in order, that are on screen. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.getClientRects().length > 0);
}

/**
 * A modal dialog as a `ref`: it takes the focus when it opens (its `[data-autofocus]` element, else its first primary
 * button, else its first button; without scrolling the page), Tab and Shift+Tab stay inside it, and Escape does
 * `onEscape` when the dialog has such a way out. Pointer users see nothing of it (the browser shows no focus ring after
 * a tap). Solid calls the ref once per opened dialog.
 */
export function modalFocus(el: HTMLElement, onEscape?: () => void): void {
  // Tried again on the next frames while the dialog has nothing to focus yet (its buttons come with its content: the
  // daily game's result sheet left the focus on the page behind, a player pass).
  const take = (tries: number) => {
    // Not in the page yet (Solid calls the ref before it inserts the element): the next frame.
    if (!el.isConnected) return tries > 0 && requestAnimationFrame(() => take(tries - 1));
    if (el.contains(document.activeElement)) return;
    const first = el.querySelector<HTMLElement>("[data-autofocus]") ?? [...el.querySelectorAll<HTMLElement>(".button.primary:not([disabled])")].find((b) => b.getClientRects().length > 0) ?? focusables(el)[0];
    if (first) first.focus({ preventScroll: true });
    else if (tries > 0) requestAnimationFrame(() => take(tries - 1));
  };
  queueMicrotask(() => take(20));
  el.addEventListener("keydown", (e) => {
    // Escape does what the dialog's way out does (a round's "Weiter", the result's "Tisch ansehen"), where it has one.
    if (e.key === "Escape" && onEscape) {
      e.preventDefault();
      return onEscape();
    }
    if (e.key !== "Tab") return;
    const all = focusables(el);
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to = e.shiftKey ? (at <= 0 ? all.length - 1 : at - 1) : at === all.length - 1 || at < 0 ? 0 : at + 1;
    e.preventDefault();
    all[to]!.focus();
  });
}

/**
 * Keeps a keyboard player's focus inside `root`: when the focused element inside it is disabled or leaves the page
 * (the button just pressed, the card just played), the focus goes to the first of `targets` (selectors, tried in
 * order) that is there — an open dialog's button first, then the hand — instead of the page's start. Only after keys:
 * a tap that removed its button moves no focus (on a phone a focused card opens its details over the table).
 */
export function keepFocus(root: () => HTMLElement | undefined, targets: readonly string[]): void {
  let last: HTMLElement | null = null;
  const onFocusIn = (e: FocusEvent) => {
    const el = root();
    last = el && e.target instanceof HTMLElement && el.contains(e.target) ? e.target : null;
  };
  const check = () => {
    const el = root();
    const a = document.activeElement;
    if (!el || !usingKeyboard() || !last || (a && a !== document.body && a !== last)) return;
    const gone = !last.isConnected || (last as HTMLButtonElement).disabled === true || last.getClientRects().length === 0;
    if (!gone) return;
    for (const sel of targets) {
      const t = [...el.querySelectorAll<HTMLElement>(sel)].find((x) => !(x as HTMLButtonElement).disabled && x.getClientRects().length > 0);
      if (t) {
        t.focus({ preventScroll: true });
        return;
      }
    }
  };
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      check();
    });
  });
  // The whole page: the table's root may come later than this call (it waits for the first view).
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "class", "hidden"] });
  document.addEventListener("focusin", onFocusIn);
  onCleanup(() => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocusIn);
  });
}
