// "Link kopieren": a replay's public address to the clipboard; where there is no clipboard the address shows, selectable.
import { createSignal, Show } from "solid-js";
import "./replay.css";
import { tr } from "../i18n";

export function CopyLink(props: { path: string; field?: boolean }) {
  const [state, setState] = createSignal<"idle" | "copied" | "failed">("idle");
  const url = () => new URL(props.path, location.href).toString();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url());
      setState("copied");
    } catch {
      // No clipboard here (an insecure origin, a refusal): the address shows so it can be copied by hand.
      setState("failed");
    }
  };
  return (
    <>
      <Show when={props.field || state() === "failed"}>
        <input class="replay-link" data-testid="replay-link" readonly value={url()} aria-label={tr("Öffentlicher Link zur Wiederholung", "Public link to the replay")} onFocus={(e) => e.currentTarget.select()} />
      </Show>
      {/* In a list (Meine Partien) it reads as a link among links; beside the viewer's field, as a button. */}
      <button type="button" class={props.field ? "button quiet" : "copy-link"} data-testid="replay-copy" data-url={url()} onClick={() => void copy()}>
        {state() === "copied" ? tr("Link kopiert", "Link copied") : tr("Link kopieren", "Copy link")}
      </button>
    </>
  );
}
