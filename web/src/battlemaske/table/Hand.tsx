// Your hand: every card a button, marked playable, picked, hinted, received from or known to the opponent; sorted, and walked with the arrows.
import { usingKeyboard } from "../../ui/focus";
import { createEffect, createMemo, createSignal, For, on, onCleanup, Show, type JSX } from "solid-js";
import type { Card, Suit } from "../../../../shared/battlemaske/cards";
import { lang, tr } from "../../i18n";
import { CardFace, cardLabel, suitOf, valueOf } from "../cards";
import { useTable } from "./store";

/** Left to right: the ranked suits weakest first, then the suits not yet ranked (they will rank above), elixirs last; values up. */
export function sortHand(hand: readonly Card[], ranking: readonly Suit[]): Card[] {
  const order: (Suit | "E")[] = [...ranking, ...(["P", "D", "G"] as const).filter((s) => !ranking.includes(s)), "E"];
  return hand.slice().sort((a, b) => order.indexOf(suitOf(a)) - order.indexOf(suitOf(b)) || valueOf(a) - valueOf(b));
}

export function Hand(): JSX.Element {
  const { m, v, rs, leaving, legal, shownLegal, picked, elixir, picking, pickComplete, staged, pickRule, infoHandlers, clickCard, myTurn } = useTable();
  const hinted = (c: Card) => m.hint()?.cards.includes(c) ?? false;
  /** The hand without a card that is already on its way to (or in) the staged trick. */
  const handShown = () => {
    const st = staged();
    const out = new Set([...(st?.trick ?? []), ...(st?.taken?.cards ?? [])].map((p) => p.card));
    return (st?.hand ?? v().hand ?? []).filter((c) => !out.has(c));
  };
  // A new ranking re-sorts the hand, but not under the pointer: while it rests on the hand, only cards leave or arrive.
  const [pointerIn, setPointerIn] = createSignal(false);
  const shown = createMemo<Card[]>((prev) => {
    const next = sortHand(handShown(), v().ranking);
    if (!pointerIn() || prev.length === 0) return next;
    const kept = prev.filter((c) => next.includes(c));
    return kept.length === next.length ? kept : next;
  }, []);

  let list: HTMLUListElement | undefined;
  const buttons = () => [...(list?.querySelectorAll<HTMLButtonElement>("button.hand-card") ?? [])];
  // Where the focus was in the hand: when its card leaves (played, given away), the focus stays at that place.
  let focusedAt = -1;
  const onKeyDown = (e: KeyboardEvent) => {
    const all = buttons();
    const i = all.indexOf(e.target as HTMLButtonElement);
    if (i < 0) return;
    // The pick complete, Tab leads on to "Tauschen" / "Karten tauschen": it stands above the hand, and a keyboard player
    // went back through every card to reach it (a player pass: ten Shift+Tabs). The arrows still walk the hand.
    if (e.key === "Tab" && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && picking() && pickComplete()) {
      const confirm = document.querySelector<HTMLButtonElement>('[data-testid="exchange-confirm"], [data-testid="swap-confirm"]');
      if (confirm && !confirm.disabled) {
        e.preventDefault();
        confirm.focus();
        return;
      }
    }
    const to = e.key === "ArrowRight" || e.key === "ArrowDown" ? i + 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? all.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
  };
  createEffect(
    on([shown, () => v().phase, () => v().turn], () =>
      queueMicrotask(() => {
        // The focused card (or "Tauschen") left the page: the focus would fall to the page's start; keep it in the hand.
        // Only after keys: a tap on "Tauschen" put a phone's focus on a card (a player pass; keepFocus has the same rule).
        const a = document.activeElement;
        if (focusedAt < 0 || !usingKeyboard() || (a && a !== document.body)) return;
        const all = buttons();
        if (all.length === 0) return;
        const first = all.findIndex((b) => b.dataset["legal"] === "true");
        const at = all[focusedAt === Infinity ? Math.max(0, first) : Math.min(focusedAt, all.length - 1)]!;
        // On the own turn not onto a card that may not be played (below).
        (myTurn() && at.dataset["legal"] === "false" && first >= 0 ? all[first]! : at).focus({ preventScroll: true });
      }),
    ),
  );
  // The own turn begins (or what may be played changes) while a keyboard player's focus rests on a card that may not be
  // played — the place of the card played last, before the opponent led another suit: it moves to the first playable
  // card, so Enter plays rather than being refused (a player pass).
  createEffect(
    on(
      () => (myTurn() ? shown().filter((c) => legal(c)).join() : ""),
      (playable) => {
        if (!playable || !usingKeyboard()) return;
        queueMicrotask(() => {
          const a = document.activeElement as HTMLElement | null;
          if (!a || !list?.contains(a) || a.dataset["legal"] !== "false") return;
          buttons().find((b) => b.dataset["legal"] === "true")?.focus({ preventScroll: true });
        });
      },
      { defer: true },
    ),
  );
  // "Rat" asked by key: once the advice is there, the focus is on the advised card (it went to the first playable one
  // while the button waited, and Enter there played another card than advised: a keyboard player pass).
  createEffect(
    on(
      () => m.hint(),
      (h) => {
        if (!h || !usingKeyboard()) return;
        const a = document.activeElement;
        if (a && a !== document.body && !list?.contains(a) && a.getAttribute("data-testid") !== "hint") return;
        queueMicrotask(() => buttons().find((b) => b.dataset["hint"] === "true")?.focus({ preventScroll: true }));
      },
      { defer: true },
    ),
  );
  // A card that came back ("Karte zurück": the hand grew by exactly this card). A keyboard player's focus goes to it —
  // it went to the first playable card while the take-back was on its way, a neighbour of the card taken back (a player
  // pass). A deal, the exchange and the greed swap never grow the hand by one.
  const [back, setBack] = createSignal<Card | null>(null);
  createEffect(
    on(
      () => v().hand ?? [],
      (now, before) => {
        const added = before ? now.filter((c) => !before.includes(c)) : [];
        setBack(before && now.length === before.length + 1 && added.length === 1 ? added[0]! : null);
      },
    ),
  );
  createEffect(
    on(
      back,
      (c) => {
        if (!c || !usingKeyboard()) return;
        const a = document.activeElement;
        if (a && a !== document.body && !list?.contains(a) && a.getAttribute("data-testid") !== "takeback") return;
        queueMicrotask(() => buttons().find((b) => b.dataset["card"] === c)?.focus({ preventScroll: true }));
      },
      { defer: true },
    ),
  );
  // Remember where the focus was when it was in the hand or on the picking bar (then the first playable card follows).
  const onFocusIn = (e: FocusEvent) => {
    focusedAt = buttons().indexOf(e.target as HTMLButtonElement);
  };
  const onFocusElsewhere = (e: FocusEvent) => {
    const t = e.target as HTMLElement;
    if (list?.contains(t)) return;
    focusedAt = t.closest?.(".actions, .stage-over") ? Infinity : -1;
  };
  document.addEventListener("focusin", onFocusElsewhere);
  onCleanup(() => document.removeEventListener("focusin", onFocusElsewhere));

  // Cards the opponent handed over this round (the exchange, a greed swap): the opponent knows this seat holds them, and
  // a player pass could not tell after the exchange which of the hand's cards were new.
  const received = (c: Card) => v().received.includes(c);
  const why = (c: Card) => (shownLegal(c) ? "" : pickRule() ? ` (${pickRule()})` : tr(" (nicht spielbar)", " (not playable)"));
  return (
    <div class="hand-wrap">
      <ul
        ref={list}
        class={`hand${(v().hand?.length ?? 0) >= 6 ? " many" : ""}`}
        aria-label={tr("Deine Karten", "Your cards")}
        style={{ "--cols": String(Math.ceil((v().hand?.length ?? 0) / 2)) }}
        onKeyDown={onKeyDown}
        onFocusIn={onFocusIn}
        onPointerEnter={(e) => e.pointerType === "mouse" && setPointerIn(true)}
        // The mouse's leave only: a finger "leaves" at the end of every tap, and that leave re-sorted a hand kept still
        // for a resting mouse between the tap's touch and its click — the click met another card (a fresh CI run; on a
        // laptop with a touch screen a tap could play a card the player never touched).
        onPointerLeave={(e) => e.pointerType === "mouse" && setPointerIn(false)}
      >
        <For each={shown()}>
          {(c) => (
            <li>
              <button
                type="button"
                class="hand-card"
                classList={{ leaving: leaving() === c, legal: shownLegal(c), picked: picked().includes(c) || elixir() === c, hinted: hinted(c), known: v().knownAtOpponent.includes(c) }}
                data-testid="hand-card"
                data-card={c}
                data-legal={legal(c) ? "true" : "false"}
                data-hint={hinted(c) ? "true" : undefined}
                data-back={back() === c ? "true" : undefined}
                aria-pressed={picking() || elixir() !== null ? picked().includes(c) || elixir() === c : undefined}
                aria-disabled={!shownLegal(c)}
                aria-label={cardLabel(rs(), c, lang()) + (received(c) ? tr(", vom Gegner erhalten", ", received from the opponent") : "") + why(c)}
                data-received={received(c) ? "true" : undefined}
                onClick={() => clickCard(c)}
                {...infoHandlers(c, true)}
              >
                <CardFace id={c} ruleset={rs()} lang={lang()} />
                {/* A mark, not a word: "erhalten" covered the index of a phone's narrow card; the card's info window and
                    its name for screen readers say it in words. */}
                <Show when={received(c)}>
                  <small class="received-tag" aria-hidden="true">
                    ⇄
                  </small>
                </Show>
              </button>
            </li>
          )}
        </For>
      </ul>
    </div>
  );
}
