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
  // One of a kind (`key`) stands once, replaced by the newer: a caller that joins them (four challengers gone at once in
  // one sentence, not four, which took a third of a phone's screen) shows the joined one under the same key.
  const [texts, setTexts] = createSignal<ReadonlyArray<{ readonly t: () => string; readonly key?: string }>>([]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(timer);
    setTexts([]);
  };
  const show = (t: () => string, key?: string) => {
    clearTimeout(timer);
    setTexts((now) => {
      const at = key === undefined ? -1 : now.findIndex((x) => x.key === key);
      return at >= 0 ? now.map((x, i) => (i === at ? { t, key } : x)) : [...now, { t, ...(key === undefined ? {} : { key }) }].slice(-NOTICES_KEPT);
    });
    timer = setTimeout(() => setTexts([]), ms);
  };
  onCleanup(() => clearTimeout(timer));
  const text = (): (() => string) | null => {
    const all = texts();
    return all.length === 0 ? null : () => all.map((x) => x.t()).join(" ");
  };
  /** Whether a notice of this kind stands now. */
  const has = (key: string) => texts().some((x) => x.key === key);
  return { text, show, clear, has };
}
