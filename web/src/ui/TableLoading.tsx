// What a table page shows before the room's first view: a table on its way, or no connection yet.
import { createSignal, onCleanup, Show, type JSX } from "solid-js";
import { tr } from "../i18n";

/** How long a page waits for the room's first view before it says that no connection has come yet. */
export const NO_TABLE_YET_MS = 4_000;

/**
 * Before the room's first view. A fresh-eyes pass on a network that swallowed the frames read "Der Tisch wird gedeckt …"
 * for ever and could not tell a slow table from none: after a few seconds without a welcome the page says it keeps
 * trying, and the room's refusal, if one came, stands under it.
 */
export function TableLoading(props: { text: string; class: string; connected: boolean; error: string | null }): JSX.Element {
  const [long, setLong] = createSignal(false);
  const timer = setTimeout(() => setLong(true), NO_TABLE_YET_MS);
  onCleanup(() => clearTimeout(timer));
  return (
    <div class={props.class}>
      <p role="status">{props.text}</p>
      <Show when={props.error}>{(e) => <p class="error" role="alert" data-testid="table-loading-error">{e()}</p>}</Show>
      <Show when={long() && !props.connected && !props.error}>
        <p class="connection-lost" role="status" data-testid="table-no-connection">
          {tr("Noch keine Verbindung zum Tisch – es wird weiter versucht. Prüfe deine Internetverbindung.", "No connection to the table yet – still trying. Check your internet connection.")}
        </p>
      </Show>
    </div>
  );
}
