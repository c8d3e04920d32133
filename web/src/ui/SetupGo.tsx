// The foot of every setup page: the refusal (if any), the button that starts, and the way back to the start page.
import { Show, type JSX } from "solid-js";
import { lang } from "../i18n";
import { Link } from "../router";

/** `quiet`: the button is not the page's main way on (another, above it, is). */
export function SetupGo(props: { testId: string; onGo: () => void; busy?: boolean; error?: string | null; back?: boolean; quiet?: boolean; children: JSX.Element }) {
  return (
    <>
      <Show when={props.error}>
        <p role="alert" class="table-error">
          {props.error}
        </p>
      </Show>
      <div class="setup-go">
        <button type="button" class="button big" classList={{ primary: props.quiet !== true }} data-testid={props.testId} disabled={props.busy === true} onClick={() => props.onGo()}>
          {props.children}
        </button>
        <Show when={props.back !== false}>
          <Link class="button quiet" href="/">
            {lang() === "de" ? "Zurück" : "Back"}
          </Link>
        </Show>
      </div>
    </>
  );
}
