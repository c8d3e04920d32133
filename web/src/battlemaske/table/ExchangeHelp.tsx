// "Was tauschen?": a window at the start of each game (and on the button) with how the exchange works and what each role
// keeps; in the greed swap, how the swap works. It opens over the stage and covers neither the hand, the buttons nor the
// clocks. With a chess clock it opens only on the button, and says first that the own clock runs meanwhile.
import { createEffect, on, onCleanup, Show, type JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";
import { moreBelow } from "../../ui/moreBelow";
import { pressVerb } from "../../ui/pointer";

export function ExchangeHelp(): JSX.Element {
  const { m, v, rv, explain, setExplain, role, myRole, myClockRuns } = useTable();
  // A game that ended in its exchange (a flag fall, a resignation) is still in that phase: no help over its result (a
  // player pass saw it stay open behind the result sheet).
  const open = () => explain() && !rv().over && (v().phase === "exchange" || v().phase === "swap");
  const close = () => {
    setExplain(false);
    // Back to the button that opens it, when the focus was in the window.
    if (box?.contains(document.activeElement)) document.querySelector<HTMLElement>('[data-testid="explain-exchange"]')?.focus();
  };
  let box: HTMLDivElement | undefined;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open()) close();
  };
  document.addEventListener("keydown", onKey);
  onCleanup(() => document.removeEventListener("keydown", onKey));
  // Opened by the button: the focus goes into the window (opened at the start of a game it does not take the focus).
  createEffect(on(open, (o) => o && document.activeElement?.getAttribute("data-testid") === "explain-exchange" && queueMicrotask(() => box?.querySelector<HTMLElement>("button")?.focus()), { defer: true }));
  // On a phone in landscape the window stands over the head, the ranking and the stage, down to where the choices and
  // the hand begin (table.css): it is told where that is, whenever the foot or the screen changes size.
  createEffect(
    on(open, (o) => {
      if (!o || typeof ResizeObserver === "undefined") return;
      let watch: ResizeObserver | undefined;
      // After the window is drawn: when the table opens with it, it is not yet in the page here.
      const frame = requestAnimationFrame(() => {
        const foot = box?.closest(".felt")?.querySelector<HTMLElement>(".felt-foot");
        if (!foot) return;
        const place = () => box?.style.setProperty("--foot-top", `${Math.round(foot.getBoundingClientRect().top)}px`);
        watch = new ResizeObserver(place);
        watch.observe(foot);
        watch.observe(document.documentElement);
        place();
      });
      onCleanup(() => {
        cancelAnimationFrame(frame);
        watch?.disconnect();
      });
    }),
  );
  // "Tippe" on a touch screen, "Klicke" with a mouse (a player pass read "Tippe" on a desktop).
  const press = pressVerb();
  // A spectator holds no role: its table only shows seat 0's side.
  const isMine = (r: "conte" | "maske") => !m.spectator && myRole() === r;
  const mine = (r: "conte" | "maske") => (isMine(r) ? tr(" (das bist du)", " (that is you)") : "");
  return (
    <Show when={open()}>
      <div class="explain" role="dialog" aria-labelledby="explain-title" data-testid="exchange-help" ref={(el) => ((box = el), moreBelow(el))}>
        <div class="explain-head">
          <h2 id="explain-title">{v().phase === "exchange" ? tr("Was soll ich beim Tausch abgeben?", "What should I give away?") : v().ruleset === "zwiegespalten" ? tr("♦ Karo: Karten tauschen", "♦ Diamonds: swap cards") : tr("Gier-Tausch", "Greed swap")}</h2>
          <button type="button" class="button quiet close" data-testid="exchange-help-close" aria-label={tr("Schließen", "Close")} onClick={close}>
            ✕
          </button>
        </div>
        <Show when={myClockRuns()}>
          <p class="explain-clock" data-testid="exchange-help-clock">
            {tr("Deine Uhr läuft, während du liest.", "Your clock is running while you read.")}
          </p>
        </Show>
        <Show
          when={v().phase === "exchange"}
          fallback={
            <p>
              {tr(
                "Gier: Beide wählen verdeckt zwei Handkarten (eine, wenn nur noch eine übrig ist); sie wechseln gleichzeitig die Hand. Gib ab, was dir nicht hilft.",
                "Greed: both pick two hand cards face down (one if only one is left); they change hands at once. Give away what does not help you.",
              )}
            </p>
          }
        >
          <p>
            {tr(
              `${press.de} ${v().pickCount === 1 ? "die Karte" : `die ${v().pickCount} Karten`} an, die du loswerden willst, und drücke „Tauschen“ – gleichzeitig bekommst du genauso viele vom Gegner. Wer zwei oder mehr Elixiere hat, muss mindestens eines abgeben.`,
              `${press.en} the ${v().pickCount === 1 ? "card" : `${v().pickCount} cards`} you want to get rid of and press "Exchange" – at the same moment you get as many from your opponent. Holding two or more elixirs, you must give at least one.`,
            )}
          </p>
          <p classList={{ mine: isMine("conte") }}>
            <strong>{role("conte")}{mine("conte")}:</strong>{" "}
            {tr(
              "Behalte am besten eine Mischung aus hohen und niedrigen Karten, um Stiche gezielt gewinnen oder abgeben zu können – du willst Gleichstand.",
              "Best keep a mix of high and low cards, so you can win or lose tricks at will – you want the tricks even.",
            )}
          </p>
          <p classList={{ mine: isMine("maske") }}>
            <strong>{role("maske")}{mine("maske")}:</strong>{" "}
            {tr("Du willst einseitige Runden: viele starke (oder lauter schwache) Karten behalten.", "You want one-sided rounds: keep many strong (or only weak) cards.")}
          </p>
        </Show>
      </div>
    </Show>
  );
}
