// "Verlassen": leaving the table — after the end at once, from the tools and from the result (each with its own test
// hook); while the game runs it asks first, since leaving gives the game up ("Partie aufgeben?"). Any other way out of
// the running table inside the site (the top bar, a link) asks the same, through the router's guard
// (LeaveGuard). A lost connection or a closed tab is not leaving: only these are.
import { createEffect, onCleanup, Show, type JSX } from "solid-js";
import { CANCEL_WORDS, cancelText, LeaveDialog } from "../../ui/LeaveDialog";
import { tr } from "../../i18n";
import { guardLeaving } from "../../router";
import { useTable } from "./store";

/** Before the deal, a table this page could call off: leaving it means "Tisch auflösen", not giving a game up. */
export const waitingToCancel = (m: { cancelWaiting?: unknown }, rv: { over: boolean; waitingFor: readonly number[]; cancelled?: unknown }) =>
  m.cancelWaiting !== undefined && !rv.over && rv.waitingFor.length > 0 && rv.cancelled === undefined;

export function LeaveButton(props: { testId: "leave" | "leave-result" }): JSX.Element {
  const { m, rv, setLeaveAsk } = useTable();
  const running = () => !rv().over && m.leaveRunning !== undefined && rv().waitingFor.length === 0;
  return (
    <button type="button" class="button quiet" data-testid={props.testId} onClick={() => (running() ? setLeaveAsk({}) : m.exit())}>
      {tr("Verlassen", "Leave")}
    </button>
  );
}

/**
 * Once per table: while a game this seat can give up runs, in-app navigation away asks "Partie aufgeben?" first (confirm:
 * leave as "Verlassen" does, then go where the player clicked; cancel: stay). Also the dialog "Verlassen" opens.
 */
export function LeaveGuard(): JSX.Element {
  const { m, rv, leaveAsk, setLeaveAsk } = useTable();
  const running = () => !rv().over && m.leaveRunning !== undefined && rv().waitingFor.length === 0;
  const waiting = () => waitingToCancel(m, rv());
  createEffect(() => {
    if (!running() && !waiting()) return;
    onCleanup(guardLeaving((go) => setLeaveAsk({ go }), { back: waiting() }));
  });
  return (
    <>
    <Show when={waiting() ? leaveAsk() : null} keyed>
      {(ask) => (
        <LeaveDialog
          text={cancelText(1)}
          words={CANCEL_WORDS}
          onCancel={() => setLeaveAsk(null)}
          onConfirm={() => {
            setLeaveAsk(null);
            m.cancelWaiting!(ask.go);
          }}
        />
      )}
    </Show>
    <Show when={running() ? leaveAsk() : null} keyed>
      {(ask) => (
        <LeaveDialog
          text={leaveText(m.kind, m.rated === true)}
          onCancel={() => setLeaveAsk(null)}
          onConfirm={() => {
            setLeaveAsk(null);
            m.leaveRunning!(ask.go);
          }}
        />
      )}
    </Show>
    </>
  );
}

/** What leaving now means for this kind of game (the rule of shared/room/report.ts: 10 cards or 3 minutes). */
function leaveText(kind: string, rated: boolean): string {
  if (kind === "computer") return tr("Wer jetzt geht, gibt die Partie gegen den Computer auf.", "Leaving now gives the game against the computer up.");
  if (rated)
    return tr(
      "Wer jetzt geht, verliert die gewertete Partie. Sind noch keine zehn Karten gespielt und keine drei Minuten vergangen, wird sie nur abgebrochen und nicht gewertet.",
      "Leaving now loses this rated game. While fewer than ten cards are played and three minutes have not passed, it is only aborted, unrated.",
    );
  return tr(
    "Wer jetzt geht, gibt die Freundschaftspartie auf. Sind noch keine zehn Karten gespielt und keine drei Minuten vergangen, zählt sie gar nicht.",
    "Leaving now gives this friendly game up. While fewer than ten cards are played and three minutes have not passed, it does not count at all.",
  );
}
