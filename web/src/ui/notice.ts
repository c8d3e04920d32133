// A passing notice (the Wartesaal's "… hat abgelehnt"): a text of the language shown now (a thunk, so the switch changes
// it later too) that clears itself after a while, and at once when the player starts something new.
import { createSignal, onCleanup } from "solid-js";

/** How long a notice stays, unless the player acts first. */
export const NOTICE_MS = 10_000;

export function createNotice(ms = NOTICE_MS) {
  const [text, setText] = createSignal<(() => string) | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(timer);
    setText(null);
  };
  const show = (t: () => string) => {
    clearTimeout(timer);
    setText(() => t);
    timer = setTimeout(() => setText(null), ms);
  };
  onCleanup(() => clearTimeout(timer));
  return { text, show, clear };
}
