// Watching a table that cannot be watched (gone, never there, a daily attempt): said instead of a table never laid.
// One for every game's table (kept out of the games' folders so a table loads only its own game's code).
import type { JSX } from "solid-js";
import { lang, tr } from "../i18n";
import { Link } from "../router";

export function WatchRefused(props: { error: { message: string; messageDe: string }; class?: string }): JSX.Element {
  return (
    <div class={props.class} data-testid="watch-refused">
      <h1>{tr("Diese Partie kann man nicht ansehen", "This game cannot be watched")}</h1>
      <p>{lang() === "de" ? props.error.messageDe : props.error.message}</p>
      <Link class="button" href="/wartesaal">
        {tr("Zum Wartesaal", "To the lobby")}
      </Link>
    </div>
  );
}
