// Watching a table that cannot be watched (gone, never there, a daily attempt), or not just now (its spectator places
// taken, too many tabs from one address, too many arriving at once): said instead of a table never laid.
// One for every game's table (kept out of the games' folders so a table loads only its own game's code).
import { Show, type JSX } from "solid-js";
import { lang, tr } from "../i18n";
import { Link } from "../router";

/** Refusals that pass: the page's socket keeps coming back (partysocket) and the table appears once a place is free. */
const FOR_NOW = new Set(["TABLE_FULL", "TOO_MANY_SPECTATORS", "TABLE_BUSY"]);

export function WatchRefused(props: { error: { code?: string; message: string; messageDe: string }; class?: string }): JSX.Element {
  // "Diese Partie kann man nicht ansehen" over "too many tabs" read as if the game could never be watched (a player pass).
  const forNow = () => FOR_NOW.has(props.error.code ?? "");
  return (
    <div class={props.class} data-testid="watch-refused" data-for-now={forNow() ? "true" : "false"}>
      {/* A link to a game that never was is no game refused to a spectator (a fresh-eyes pass opened one as a player). */}
      <h1>{forNow() ? tr("Gerade kein Platz zum Zuschauen", "No place to watch just now") : props.error.code === "NO_SUCH_ROOM" ? tr("Partie nicht gefunden", "Game not found") : tr("Diese Partie kann man nicht ansehen", "This game cannot be watched")}</h1>
      <p>{lang() === "de" ? props.error.messageDe : props.error.message}</p>
      <Show when={forNow()}>
        <p>{tr("Die Seite versucht es von selbst weiter; sobald ein Platz frei ist, erscheint der Tisch.", "The page keeps trying by itself; the table appears as soon as a place is free.")}</p>
      </Show>
      <Link class="button" href="/wartesaal">
        {tr("Zum Wartesaal", "To the lobby")}
      </Link>
    </div>
  );
}
