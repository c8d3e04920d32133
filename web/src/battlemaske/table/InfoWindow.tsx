// The info window: what the card, plaque, mirror field or hidden hand under the pointer (or finger) means now. It opens
// beside what it explains, in the nearest place that covers no playable card and no button.
import { createEffect, createSignal, For, Match, on, Show, Switch, type JSX } from "solid-js";
import type { Card, Suit } from "../../../../shared/battlemaske/cards";
import { lang } from "../../i18n";
import { CardBack, CardFace, SuitEmblem } from "../cards";
import { cardInfoLines, fieldInfoLines, hiddenInfoLines, suitInfoLines } from "../info";
import { useTable } from "./store";
import { phonePortrait } from "./screens";
import type { InfoTopic } from "./topic";

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What the window must leave uncovered: the playable hand cards, every button of the table, the phone's log strip. */
const KEEP_CLEAR = ".hand-card.legal, .felt .button, .felt [role='dialog'], .overlay";
/** The log: a strip with its own button on a phone (kept clear); a column beside the felt on a wide screen, to be read later. */
const LOG = ".log-sheet";
/**
 * What it should leave uncovered where it can: the stage a player reads while choosing (the opponent's cards, the
 * trick, the prompt "Du spielst aus."; a fresh-eyes pass found the window over all three on a desktop), and the suits'
 * ranking (a player pass: over it while a card had the keyboard's focus).
 */
const STAGE = ".opponent, .trick, .turn, .plaques";
/** What it had better leave uncovered: the other hand cards, and the language switch (the window lies above it). */
const RATHER_CLEAR = ".hand-card:not(.legal), .lang-switch";
/** "Beside" what it explains: at most this far from it, and overlapping its column within the same distance. */
const NEAR = 100;

const area = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * The place for a w×h window near `anchor` inside the viewport: every position on an 8 px grid beside the anchor (its
 * column widened by NEAR on each side, within NEAR + 30 px of it) is weighed by what it covers — `clear` a thousand
 * times an area of its own, the anchor itself a hundred times, `stage` half, `rather` a twentieth — and by its distance
 * from the anchor; the lightest wins.
 */
export function placeBeside(anchor: Box, w: number, h: number, clear: readonly Box[], vw: number, vh: number, rather: readonly Box[] = [], stage: readonly Box[] = []): { left: number; top: number } {
  const m = 8;
  const clampX = (x: number) => Math.max(m, Math.min(vw - w - m, x));
  const clampY = (y: number) => Math.max(m, Math.min(vh - h - m, y));
  const cx = (anchor.left + anchor.right) / 2;
  const xs = new Set([clampX(cx - w / 2), clampX(anchor.left), clampX(anchor.right - w), clampX(anchor.left - w - m), clampX(anchor.right + m)]);
  // Sideways along the anchor's widened column: a window may lean left or right to leave the middle of the stage free.
  for (let x = anchor.left - NEAR - w + m; x <= anchor.right + NEAR - m; x += 8) xs.add(clampX(x));
  const ys = new Set([clampY(anchor.top - h - m), clampY(anchor.bottom + m), clampY((anchor.top + anchor.bottom) / 2 - h / 2)]);
  for (let y = m; y <= vh - h - m; y += 8) ys.add(y);
  let best = { left: clampX(cx - w / 2), top: clampY(anchor.top - h - m) };
  let bestCost = Infinity;
  for (const left of xs)
    for (const top of ys) {
      const box = { left, top, right: left + w, bottom: top + h };
      // What it explains stays in sight: a window over the card's corner hid the very mark it explained (⇄, a player
      // pass) — a hundred times the stage's weight, under the buttons'.
      let covered = area(box, anchor) * 100;
      // A playable card or a button under the window cannot be used: far worse than hiding part of the stage.
      for (const c of clear) covered += area(box, c) * 1000;
      for (const c of stage) covered += area(box, c) / 2;
      for (const c of rather) covered += area(box, c) / 20;
      const gap = Math.max(0, anchor.left - box.right, box.left - anchor.right, anchor.top - box.bottom, box.top - anchor.bottom);
      // Farther than "beside" only when nothing near leaves the buttons and playable cards free (a phone): the cost
      // of hiding more than a few pixels of those, and more than hiding the whole stage.
      const far = gap > NEAR + 30 || box.right < anchor.left - NEAR || box.left > anchor.right + NEAR ? 1e7 : 0;
      const cost = far + covered * 100 + gap + Math.abs((left + w / 2) - cx) * 0.05;
      if (cost < bestCost) {
        bestCost = cost;
        best = { left, top };
      }
    }
  return best;
}

export function InfoWindow(): JSX.Element {
  const { v, me, rs, role, info, infoShown, closeInfo, staged } = useTable();
  const infoLines = (t: InfoTopic): string[] =>
    t.kind === "card"
      ? cardInfoLines(v(), me(), t.card, lang(), t.inHand)
      : t.kind === "place"
        ? suitInfoLines(v(), me(), t.place, lang())
        : t.kind === "field"
          ? fieldInfoLines(v(), t.field, lang(), role)
          : hiddenInfoLines(v(), me(), lang());
  const [place, setPlace] = createSignal<{ left: number; top: number } | null>(null);
  let box: HTMLDivElement | undefined;
  // Placed once it is drawn (its size depends on its text), and again when the table changes under it.
  createEffect(
    on([infoShown, () => v(), staged], () => {
      setPlace(null);
      requestAnimationFrame(() => {
        const s = infoShown();
        if (!s || !box) return;
        // What it explained has left the table (a trick gathered, a card played).
        if (!s.anchor.isConnected) return closeInfo();
        const a = s.anchor.getBoundingClientRect();
        const rects = (sel: string) => [...document.querySelectorAll<HTMLElement>(sel)].filter((e) => e !== s.anchor && !s.anchor.contains(e)).map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
        const strip = phonePortrait();
        const clear = [...rects(KEEP_CLEAR), ...(strip ? rects(LOG) : [])];
        const rather = [...rects(RATHER_CLEAR), ...(strip ? [] : rects(LOG))];
        setPlace(placeBeside(a, box.offsetWidth, box.offsetHeight, clear, window.innerWidth, window.innerHeight, rather, rects(STAGE)));
      });
    }),
  );
  return (
    <Show when={info()}>
      {(i) => (
        <div
          ref={box}
          class="card-info"
          role="tooltip"
          data-testid="card-info"
          data-topic={i().kind}
          data-card={i().kind === "card" ? (i() as { card: Card }).card : undefined}
          style={place() ? { left: `${place()!.left}px`, top: `${place()!.top}px` } : { left: "0px", top: "0px", visibility: "hidden" }}
        >
          <Switch>
            <Match when={i().kind === "card" && (i() as { card: Card }).card}>{(c) => <CardFace id={c()} ruleset={rs()} lang={lang()} />}</Match>
            <Match when={i().kind === "place" && v().ranking[(i() as { place: number }).place]}>{(s) => <SuitEmblem suit={s() as Suit} ruleset={rs()} class="info-emblem" />}</Match>
            <Match when={i().kind === "hidden"}>
              <CardBack />
            </Match>
          </Switch>
          <div>
            <For each={infoLines(i())}>{(line) => <p>{line}</p>}</For>
          </div>
        </div>
      )}
    </Show>
  );
}
