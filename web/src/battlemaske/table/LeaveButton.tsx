// "Verlassen": leaving the table — after the end at once, from the tools and from the result (each with its own test
// hook); while the game runs it asks first, since leaving gives the game up ("Partie aufgeben?"). Any other way out of
// the running table inside the site (the top bar, a link) asks the same, through the router's guard
// (LeaveGuard). A lost connection or a closed tab is not leaving: only these are.
import { createEffect, createSignal, onCleanup, Show, type JSX } from "solid-js";
import { CANCEL_WORDS, cancelText, LeaveDialog } from "../../ui/LeaveDialog";
import { tr } from "../../i18n";
import { guardLeaving } from "../../router";
import { useTable } from "./store";
import { useNow } from "../../ui/now";
import { countsAt, RATED_MIN_CARDS, RATED_MIN_MS } from "../../../../shared/room/report";
import { formatClock } from "../../../../shared/room/clock";

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
  // The question follows the clock while it stands open: at three minutes "zählt noch nicht" turns into the loss.
  const now = useNow();
  // Once the room has said the game counts (it refused a leave agreed to as uncounted), it counts.
  const [counts, setCounts] = createSignal(false);
  const early = () => (counts() ? undefined : rv().early);
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
          text={leaveText(m.kind, m.rated === true, early(), rv().stake ?? 0, now())}
          onCancel={() => setLeaveAsk(null)}
          onConfirm={() => {
            // What the player agreed to: if the words said "zählt noch nicht", the room leaves only while that holds
            // (the table may show a moment behind the room: a burst of cards, the three minutes running out).
            const uncounted = m.kind === "online" && stillEarly(early(), now());
            setLeaveAsk(null);
            m.leaveRunning!(
              ask.go,
              uncounted
                ? {
                    refused: () => {
                      // The room says it counts: asked again in those words, whatever the table still shows.
                      setCounts(true);
                      setLeaveAsk({ go: ask.go });
                    },
                  }
                : undefined,
            );
          }}
        />
      )}
    </Show>
    </>
  );
}

type Early = { readonly cardsPlayed: number; readonly startedAt: number; readonly waiting?: true } | undefined;

/**
 * Whether a game still does not count at `now` (view.early: under ten cards, and under three minutes since they began;
 * while a seat has not come (`waiting`) they have not begun).
 */
export const stillEarly = (early: Early, now: number): early is NonNullable<Early> =>
  early !== undefined && !countsAt(early.cardsPlayed, early.waiting ? null : early.startedAt, now);

/**
 * What leaving now means for this game, the case that applies now (a player pass read the general rule and could not
 * tell whether its game would be lost or only called off): against the computer it is given up; between people, while
 * it does not count yet (`early`: fewer than 10 cards and under 3 minutes, shared/room/report.ts), it is called off —
 * a rated one unrated, a friendly one for no record; after that it is lost (a rated one with its points and stake).
 */
export function leaveText(kind: string, rated: boolean, early: Early, stake: number, now: number): string {
  if (kind === "computer") return tr("Wer jetzt geht, gibt die Partie gegen den Computer auf.", "Leaving now resigns the game against the computer.");
  if (stillEarly(early, now)) {
    const cards = RATED_MIN_CARDS - early.cardsPlayed;
    const left = formatClock(early.waiting ? RATED_MIN_MS : early.startedAt + RATED_MIN_MS - now);
    const until = tr(`noch ${cards === 1 ? "eine Karte" : `${cards} Karten`} oder ${left}`, `${cards === 1 ? "one more card" : `${cards} more cards`} or ${left}`);
    return rated
      ? tr(`Die Partie zählt noch nicht (${until}): Wer jetzt geht, bricht sie ab – ohne Wertung und ohne Einsatz.`, `The game does not count yet (${until}): leaving now calls it off – unrated, no stake moves.`)
      : tr(`Wer jetzt geht, gibt die Freundschaftspartie auf. Sie zählt noch nicht (${until}) und kommt in keine Bilanz.`, `Leaving now resigns this friendly game. It does not count yet (${until}) and goes into no record.`);
  }
  if (rated)
    return stake > 0
      ? tr(`Wer jetzt geht, verliert die gewertete Partie: 10 Punkte, Elo und ${stake} Taler Einsatz.`, `Leaving now loses this rated game: 10 points, Elo and the stake of ${stake} Taler.`)
      : tr("Wer jetzt geht, verliert die gewertete Partie: 10 Punkte und Elo.", "Leaving now loses this rated game: 10 points and Elo.");
  return tr("Wer jetzt geht, gibt die Freundschaftspartie auf.", "Leaving now resigns this friendly game.");
}
