// "Verlassen": leaving the table — after the end at once, from the tools and from the result (each with its own test
// hook); while the game runs it asks first, since leaving loses the game ("Partie aufgeben?"). A lost connection is not
// leaving: only this button is.
import { createSignal, onCleanup, Show, type JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function LeaveButton(props: { testId: "leave" | "leave-result" }): JSX.Element {
  const { m, rv } = useTable();
  const [asking, setAsking] = createSignal(false);
  const running = () => !rv().over && m.leaveRunning !== undefined;
  return (
    <>
      <button type="button" class="button quiet" data-testid={props.testId} onClick={() => (running() ? setAsking(true) : m.exit())}>
        {tr("Verlassen", "Leave")}
      </button>
      <Show when={asking() && running()}>
        <LeaveDialog onCancel={() => setAsking(false)} onConfirm={() => { setAsking(false); m.leaveRunning!(); }} />
      </Show>
    </>
  );
}

/** The question before leaving a running game: a modal dialog, focus on "Weiterspielen", Escape cancels. */
function LeaveDialog(props: { onCancel(): void; onConfirm(): void }): JSX.Element {
  let stay!: HTMLButtonElement;
  const before = document.activeElement as HTMLElement | null;
  const onKey = (e: KeyboardEvent) => e.key === "Escape" && props.onCancel();
  document.addEventListener("keydown", onKey);
  queueMicrotask(() => stay.focus());
  onCleanup(() => {
    document.removeEventListener("keydown", onKey);
    before?.focus?.();
  });
  return (
    <div class="overlay" role="alertdialog" aria-modal="true" aria-labelledby="leave-title" aria-describedby="leave-text">
      <div class="overlay-card" data-testid="leave-dialog">
        <h2 id="leave-title">{tr("Partie aufgeben?", "Resign the game?")}</h2>
        <p id="leave-text">{tr("Wer den laufenden Tisch verlässt, verliert die Partie.", "Leaving a running game loses it.")}</p>
        <div class="overlay-buttons">
          <button type="button" class="button" data-testid="leave-confirm" onClick={() => props.onConfirm()}>
            {tr("Aufgeben und gehen", "Resign and leave")}
          </button>
          <button type="button" class="button primary" data-testid="leave-cancel" ref={stay} onClick={() => props.onCancel()}>
            {tr("Weiterspielen", "Keep playing")}
          </button>
        </div>
      </div>
    </div>
  );
}
