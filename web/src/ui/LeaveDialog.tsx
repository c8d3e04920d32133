// "Partie aufgeben?": the question before leaving a running game, for every game's table (the text says what leaving
// means there). Kept out of the games' folders so a table loads only its own game's code.
import { onCleanup, type JSX } from "solid-js";
import { tr } from "../i18n";

/** The question before leaving a running game: a modal dialog, focus on "Weiterspielen", Escape cancels. */
export function LeaveDialog(props: { text: string; onCancel(): void; onConfirm(): void }): JSX.Element {
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
        <p id="leave-text">{props.text}</p>
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
