// A box that scrolls with text below its edge says so: `data-more="true"` while a part lies below (the CSS shows an
// arrow at its foot and fades the text beside it). On the shortest phones an effect shows two lines and scrolls the
// rest, and nothing said there was more (a fresh-eyes pass at 360 × 640); the exchange help on a phone on its side too.
import { onCleanup } from "solid-js";

/** Use as a ref: keeps `data-more` true while the element's content reaches below its visible part. */
export function moreBelow(el: HTMLElement): void {
  const check = () => {
    // More than a few pixels: a line's rounding (2 px) is no hidden text (a pass saw a whole line dimmed for it).
    const more = el.scrollHeight - el.clientHeight - el.scrollTop > 4;
    if ((el.dataset.more === "true") !== more) el.dataset.more = more ? "true" : "false";
  };
  // After the first layout, then whenever the box's size, its text or its scroll changes.
  const frame = requestAnimationFrame(check);
  const resized = new ResizeObserver(check);
  resized.observe(el);
  const changed = new MutationObserver(check);
  changed.observe(el, { childList: true, subtree: true, characterData: true });
  el.addEventListener("scroll", check, { passive: true });
  onCleanup(() => {
    cancelAnimationFrame(frame);
    resized.disconnect();
    changed.disconnect();
    el.removeEventListener("scroll", check);
  });
}
