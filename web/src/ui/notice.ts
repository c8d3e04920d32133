// A passing notice (the Wartesaal's "… hat abgelehnt"): texts of the language shown now (thunks, so the switch changes
// them later too) that clear themselves after a while, and at once when the player starts something new.
import { createSignal, onCleanup } from "solid-js";

/** How long a notice stays after the last one came, unless the player acts first. */
export const NOTICE_MS = 10_000;
/** Notices shown at once: the newest, the oldest dropped first. */
export const NOTICES_KEPT = 4;

export function createNotice(ms = NOTICE_MS) {
  // Several at once stand together: a fresh-eyes pass had three challengers' connections break at once and read only
  // the last one's name, the other two challenges gone without a word.
  const [texts, setTexts] = createSignal<ReadonlyArray<() => string>>([]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(timer);
    setTexts([]);
  };
  const show = (t: () => string) => {
    clearTimeout(timer);
    setTexts((now) => [...now, t].slice(-NOTICES_KEPT));
    timer = setTimeout(() => setTexts([]), ms);
  };
  onCleanup(() => clearTimeout(timer));
  const text = (): (() => string) | null => {
    const all = texts();
    return all.length === 0 ? null : () => all.map((t) => t()).join(" ");
  };
  return { text, show, clear };
}
