// "Zu deinen Karten": the first stop of a table for a keyboard player. Between the page's start and the hand lie the
// site's links, the ranking's plaques, the mirror's fields, the opponent's cards and the trick (each opens its info window
// by key): a keyboard player pass counted a dozen and more Tabs to the first card. Hidden until it has the focus.
import type { JSX } from "solid-js";
import { tr } from "../i18n";

/** `selectors` are tried in order inside the table (the advised card, a playable one, any card); the first shown one takes the focus. */
export function SkipToHand(props: { readonly selectors: readonly string[] }): JSX.Element {
  let el: HTMLButtonElement | undefined;
  const go = () => {
    const table = el?.parentElement;
    for (const sel of props.selectors) {
      const t = [...(table?.querySelectorAll<HTMLElement>(sel) ?? [])].find((x) => x.getClientRects().length > 0);
      if (!t) continue;
      t.focus({ preventScroll: true });
      t.scrollIntoView({ block: "nearest" });
      return;
    }
  };
  return (
    <button ref={el} type="button" class="skip-link skip-hand" data-testid="skip-to-hand" onClick={go}>
      {tr("Zu deinen Karten", "To your cards")}
    </button>
  );
}
