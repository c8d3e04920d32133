// The whole game told line by line under Goldwaage's short feed: closed by default (the feed shows the newest lines), a
// tap opens it, oldest first, a round's deal as its heading, kept scrolled to the newest line. Read by screen readers
// (the feed above is aria-hidden: the live region speaks each line once).
import { createEffect, For, on, type JSX } from "solid-js";
import { lang, tr } from "../i18n";
import type { Lang } from "../../../shared/catalog";

export interface LogEntry {
  readonly line: Record<Lang, string>;
  /** The round's first line (its deal): shown as a heading. */
  readonly head: boolean;
}

export function GameLog(props: { entries: readonly LogEntry[] }): JSX.Element {
  let list: HTMLOListElement | undefined;
  let sheet: HTMLDetailsElement | undefined;
  const toNewest = () => {
    if (list && sheet?.open) list.scrollTop = list.scrollHeight;
  };
  createEffect(on(() => props.entries.length, () => queueMicrotask(toNewest)));
  return (
    <details class="gw-log" data-testid="gw-log" ref={sheet} onToggle={toNewest}>
      <summary>
        {tr("Ganzer Spielverlauf", "Whole game log")} <span class="gw-log-count">({props.entries.length})</span>
      </summary>
      <ol class="gw-log-list" data-testid="gw-log-list" ref={list} aria-label={tr("Spielverlauf", "Game log")}>
        <For each={props.entries}>
          {(e) => (
            <li classList={{ head: e.head }} data-testid="gw-log-entry">
              {e.line[lang()]}
            </li>
          )}
        </For>
      </ol>
    </details>
  );
}
