// The game log ("Spielverlauf") with the newest entry in sight, and the card counter below it.
import { createEffect, For, on, onCleanup, onMount, Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { CardCounter } from "./CardCounter";
import { PHONE_PORTRAIT, phonePortrait } from "./screens";
import { useTable } from "./store";

export function LogBox(): JSX.Element {
  const { m, rv, v, me } = useTable();
  let logList: HTMLOListElement | undefined;
  let sheet: HTMLDetailsElement | undefined;
  // The newest entry stays in sight: the list scrolls, or on a phone in landscape the sheet around it (table.css).
  const toNewest = () => {
    if (logList) logList.scrollTop = logList.scrollHeight;
    if (sheet) sheet.scrollTop = sheet.scrollHeight;
  };
  createEffect(on(m.log, () => queueMicrotask(toNewest)));
  // And when the list is resized: on a desktop an opened card counter takes part of the log's height (table.css).
  onMount(() => {
    if (!logList || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(toNewest);
    watch.observe(logList);
    if (sheet) watch.observe(sheet);
    onCleanup(() => watch.disconnect());
  });
  // A phone turned: upright the log is a closed sheet at the bottom edge; sideways (and on a desktop) an open box.
  onMount(() => {
    if (typeof window === "undefined") return;
    const upright = window.matchMedia(PHONE_PORTRAIT);
    const turned = () => sheet && (sheet.open = !upright.matches);
    upright.addEventListener("change", turned);
    onCleanup(() => upright.removeEventListener("change", turned));
  });
  return (
    <aside class="log-box" aria-label={tr("Spielverlauf", "Game log")}>
      {/* On a phone this is a sheet at the bottom edge: the handle shows the newest entry, a tap pulls the whole log up. */}
      <details class="log-sheet" data-testid="log-sheet" open={!narrow()} ref={sheet}>
        <summary class="box-title">
          <span>{tr("Spielverlauf", "Game log")}</span>
          <span class="log-latest" aria-hidden="true">
            {m.log()[m.log().length - 1]?.text[lang()] ?? ""}
          </span>
        </summary>
        <ol class="log" data-testid="game-log" ref={logList}>
          <For each={m.log()}>{(e) => <li classList={{ strong: !!e.strong, undone: !!e.undone }} data-testid="log-entry" data-undone={e.undone ? "true" : undefined}>
                {e.text[lang()]}
                <Show when={e.undone}>
                  <span class="visually-hidden"> {tr("(zurückgenommen)", "(taken back)")}</span>
                </Show>
              </li>}</For>
        </ol>
      </details>
      {/* Before the deal there is nothing to count ("25 Karten" at a table still waiting for the friend). */}
      <Show when={v().phase !== "setup"}>
        <CardCounter v={v()} me={me()} over={rv().over} opponentName={m.spectator && m.seatName ? m.seatName(me() === 0 ? 1 : 0)[lang()] : null} />
      </Show>
    </aside>
  );
}

const narrow = phonePortrait;
