// "Partie aufgeben?": the question before leaving a running game, for every game's table (the text says what leaving
// means there). Kept out of the games' folders so a table loads only its own game's code.
import { onCleanup, type JSX } from "solid-js";
import { tr } from "../i18n";

/** The dialog's own words where it asks something else (functions: they follow the language switch). */
export interface DialogWords {
  title(): string;
  confirm(): string;
  stay(): string;
}

/** Before the deal there is no game to give up: leaving the table waiting for a friend calls it off (`cancel`). */
export const CANCEL_WORDS: DialogWords = {
  title: () => tr("Tisch auflösen?", "Call the table off?"),
  confirm: () => tr("Auflösen und gehen", "Call off and leave"),
  stay: () => tr("Weiter warten", "Keep waiting"),
};

/** What an invite to a called-off table says, on either game's invite page. */
export const calledOffInviteText = () =>
  tr("Dieser Tisch wurde aufgelöst, bevor die Karten gegeben wurden: Wer eingeladen hat, hat ihn abgesagt.", "This table was called off before the deal: the player who invited you cancelled it.");

/** What a called-off table itself says, at either game's table. */
export const calledOffTableText = () => tr("Dieser Tisch wurde aufgelöst, bevor die Karten gegeben wurden: Hier wird nicht gespielt.", "This table was called off before the deal: nothing will be played here.");

/** `open`: invites nobody has taken yet; `seated`: invited people already at the table (a Goldwaage table of several). */
export const cancelText = (open: number, seated = 0) =>
  (open > 1
    ? tr("Noch sind keine Karten gegeben. Wer jetzt geht, löst den Tisch auf: Die Einladungen gelten dann nicht mehr.", "No cards are dealt yet. Leaving now calls the table off: the invites stop working.")
    : tr("Noch sind keine Karten gegeben. Wer jetzt geht, löst den Tisch auf: Die Einladung gilt dann nicht mehr.", "No cards are dealt yet. Leaving now calls the table off: the invite stops working.")) +
  (seated > 0 ? tr(" Wer schon Platz genommen hat, erfährt es am Tisch.", " Whoever has taken a seat already is told at the table.") : "");

/** The question before leaving a running game: a modal dialog, focus on "Weiterspielen", Escape cancels. */
export function LeaveDialog(props: { text: string; onCancel(): void; onConfirm(): void; words?: DialogWords }): JSX.Element {
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
        <h2 id="leave-title">{props.words?.title() ?? tr("Partie aufgeben?", "Resign the game?")}</h2>
        <p id="leave-text">{props.text}</p>
        <div class="overlay-buttons">
          <button type="button" class="button" data-testid="leave-confirm" onClick={() => props.onConfirm()}>
            {props.words?.confirm() ?? tr("Aufgeben und gehen", "Resign and leave")}
          </button>
          <button type="button" class="button primary" data-testid="leave-cancel" ref={stay} onClick={() => props.onCancel()}>
            {props.words?.stay() ?? tr("Weiterspielen", "Keep playing")}
          </button>
        </div>
      </div>
    </div>
  );
}
