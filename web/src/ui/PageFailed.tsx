// What a page shows when it failed to render (an uncaught error below it): why, when known, and a way to try again.
import { createEffect, on, type JSX } from "solid-js";
import { AccountRefused } from "../account";
import { tr } from "../i18n";
import { currentRoute } from "../router";

/**
 * The fallback of the page's error boundary (App.tsx). A fresh-eyes pass whose account the budget refused on the Bilanz
 * saw "…" on every page until it reloaded: the page's failed request was thrown in rendering and nothing caught it.
 * "Noch einmal versuchen" renders the page afresh (its requests again); so does going to another page.
 */
export function PageFailed(props: { error: unknown; reset: () => void }): JSX.Element {
  createEffect(on(() => currentRoute(), () => props.reset(), { defer: true }));
  console.error(props.error);
  return (
    <div class="page" role="alert" data-testid="page-failed">
      <h1>{tr("Das hat nicht geklappt", "That did not work")}</h1>
      <p>{props.error instanceof AccountRefused ? props.error.text : tr("Diese Seite konnte gerade nicht geladen werden.", "This page could not be loaded just now.")}</p>
      <button type="button" class="button" data-testid="page-retry" onClick={() => props.reset()}>
        {tr("Noch einmal versuchen", "Try again")}
      </button>
    </div>
  );
}
