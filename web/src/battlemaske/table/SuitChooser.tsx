// An elixir led: the suits to name, each with the announcement aid, and a way back.
import { createEffect, createSignal, For, on, onCleanup, Show, type JSX } from "solid-js";
import { SUITS, type Suit } from "../../../../shared/battlemaske/cards";
import { lang, tr } from "../../i18n";
import { SuitEmblem, suitName } from "../cards";
import { announcementAid } from "../info";
import { useTable } from "./store";
import { coarsePointer } from "../../ui/pointer";

export function SuitChooser(): JSX.Element {
  const { m, v, me, rs, elixir, setElixir, nameSuit } = useTable();
  const aid = () => announcementAid(v(), me(), elixir()!, lang());
  const aidLines = (s: Suit) => {
    const a = aid()[s];
    return [a.beat, a.opponent, a.effect, a.held];
  };
  // "Rat" advised this elixir with a suit: that suit's button says so (a player pass missed it among the three).
  const advised = (s: Suit) => {
    const h = m.hint();
    return !!h && h.suit === s && h.cards.includes(elixir()!);
  };
  let box: HTMLDivElement | undefined;
  // On a phone the choice may rise above the stage up to the plaques (table.css, --suit-rise): by a fixed 4rem it left
  // the top few pixels of the mirror bar's numbers peeking over it at 360 × 640 (a player pass). Measured, it covers
  // the bar whole or not at all.
  const measureRise = () => {
    const plaques = document.querySelector(".table .plaques");
    const stage = box?.parentElement;
    if (!box || !plaques || !stage) return;
    const rise = Math.floor(stage.getBoundingClientRect().top - plaques.getBoundingClientRect().bottom - 4);
    box.style.setProperty("--suit-rise", `${Math.max(0, rise)}px`);
  };
  const onResize = () => elixir() && measureRise();
  window.addEventListener("resize", onResize);
  onCleanup(() => window.removeEventListener("resize", onResize));
  // The elixir was tapped in the hand, often with the page scrolled down to it: the suits' names come into sight (on
  // a small phone they were above the screen's top edge: the player pass).
  // The focus goes to the suits too (the advised one, else the first): a keyboard player pass Shift+Tabbed back through
  // the whole hand to find them above it.
  createEffect(
    on(
      elixir,
      (e) =>
        e &&
        queueMicrotask(() => {
          measureRise();
          box?.scrollIntoView({ block: "nearest" });
          checkMore();
          (box?.querySelector<HTMLElement>('.suit-button[data-hint="true"]:not([disabled])') ?? box?.querySelector<HTMLElement>(".suit-button:not([disabled])"))?.focus({ preventScroll: true });
        }),
      { defer: true },
    ),
  );
  // The aids may run below the suits' box: a fade alone was not seen as "scroll here" (the second player pass), so a
  // line under the box says so until its foot is reached.
  let options: HTMLDivElement | undefined;
  // Arrows move between the suits, Escape is "Abbrechen" (a keyboard player pass tried both).
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      setElixir(null);
      return;
    }
    const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 0;
    const all = [...(box?.querySelectorAll<HTMLButtonElement>(".suit-button:not([disabled])") ?? [])];
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (step === 0 || at < 0) return;
    e.preventDefault();
    all[(at + step + all.length) % all.length]!.focus();
  };
  const [more, setMore] = createSignal(false);
  const checkMore = () => setMore(!!options && options.scrollTop + options.clientHeight < options.scrollHeight - 4);
  return (
    <Show when={elixir()}>
      <div class="name-suit" ref={box} onKeyDown={onKey} role="group" aria-label={rs() === "zwiegespalten" ? tr("Farbe nennen", "Name a suit") : tr("Farbe ansagen", "Name a suit")}>
        {/* The suits scroll in a box of their own when their aids are longer than the room: "Abbrechen" stays below
            them, never over an aid's words (a sticky button covered the middle suit's text on phones: the player pass). */}
        <div class="name-suit-options" ref={options} onScroll={checkMore}>
        <For each={SUITS}>
          {(s) => (
            <button
              type="button"
              class="button suit-button"
              classList={{ hinted: advised(s) }}
              data-testid={`name-suit-${s}`}
              data-hint={advised(s) ? "true" : undefined}
              disabled={m.busy()}
              onClick={() => nameSuit(s)}
              // Its name is the suit (and the advice); the aid is its description: a screen reader read the whole
              // paragraph as the button's name, three times over (a player pass).
              aria-labelledby={`suit-name-${s}`}
              aria-describedby={`suit-aid-${s}`}
            >
              <span class="suit-button-name" id={`suit-name-${s}`}>
                <SuitEmblem suit={s} ruleset={rs()} /> {suitName(rs(), s, lang())}
                <Show when={advised(s)}>
                  <span class="suit-hint">{tr("– Rat", "– hint")}</span>
                </Show>
              </span>
              <small class="aid" id={`suit-aid-${s}`} data-testid={`announcement-aid-${s}`}>
                {/* One line each: what still beats the elixir, what is known of the opponent, the effect, your count. */}
                <For each={aidLines(s)}>{(line) => <span class="aid-line" style={{ display: "block" }}>{line} </span>}</For>
              </small>
            </button>
          )}
        </For>
        </div>
        <Show when={more()}>
          <p class="name-suit-more" aria-hidden="true" data-testid="name-suit-more">
            {/* A mouse scrolls where a finger swipes (a player pass read "wischen" at a desktop). */}
            {coarsePointer() ? tr("▼ Mehr Text darunter – im Feld wischen", "▼ More below – swipe in the box") : tr("▼ Mehr Text darunter – im Feld scrollen", "▼ More below – scroll in the box")}
          </p>
        </Show>
        <button type="button" class="button quiet" onClick={() => setElixir(null)}>
          {tr("Abbrechen", "Cancel")}
        </button>
      </div>
    </Show>
  );
}
