// The tools under the hand: "Rat", "Karte zurück" and its answer, resigning (asked twice), and after the end the result again.
import { answerNo, focusIfKeys } from "../../ui/focus";
import { createSignal, Show, type JSX } from "solid-js";
import { RATED_MIN_CARDS, RATED_MIN_MS } from "../../../../shared/room/report";
import type { Seat } from "../../../../shared/battlemaske/events";
import { lang, tr } from "../../i18n";
import { firstRoleTag, takebackQuestion, takebackTarget } from "../log";
import { LeaveButton } from "./LeaveButton";
import { Rematch } from "./Rematch";
import { useTable } from "./store";

export function Tools(): JSX.Element {
  const { m, rv, v, me, myTurn, picking, showResult, setShowResult, role, myRole, rs } = useTable();
  /**
   * Who is asked at one shared device: the role, and in a Profi match's second game also the name the result will use
   * ("Conte (erste Maske)"; "Conte, wirklich aufgeben?" was followed by "Der erste Conte gewinnt!", a fresh-eyes pass).
   */
  const who = () => {
    if (!v().match || v().game !== 2) return role(myRole());
    return `${role(myRole())} (${firstRoleTag(rs(), me(), lang())})`;
  };
  const [confirmResign, setConfirmResign] = createSignal(false);
  const pause = () => m.takebackPause?.() ?? 0;
  return (
    <div class="tools" hidden={v().phase === "setup"}>
      <Show when={m.canHint}>
        <button type="button" class="button quiet" data-testid="hint" title={tr("Zeigt, was der Computer auf Stark hier spielen würde; die Partie zählt dann „mit Hilfe“.", "Shows what the computer on Strong would play here; the game then counts as “with help”.")} disabled={m.busy() || rv().over || !(myTurn() || picking())} onClick={() => m.requestHint()}>
          {tr("Rat", "Hint")}
        </button>
      </Show>
      <Show when={m.canTakeback}>
        <button type="button" class="button quiet" data-testid="takeback" title={pause() > 0 ? tr(`Dein Gegner hat abgelehnt: In ${pause()} s darfst du wieder fragen.`, `Your opponent declined: you may ask again in ${pause()} s.`) : tr("Nimmt deine letzte Karte der Runde zurück (nicht über einen Gier-Tausch hinweg); die Partie zählt dann „mit Hilfe“.", "Takes back your last card of the round (not past a greed swap); the game then counts as “with help”.")} disabled={m.busy() || rv().over || !rv().takeback.allowed || rv().takeback.mine === false || rv().takeback.requestedBy === me() || pause() > 0} onClick={() => m.takeback("request")}>
          {tr("Karte zurück", "Take back")}
          <Show when={pause() > 0 && !rv().over}>
            {/* Read out with its reason; the title says it on hover (a pass: the bare count was not explained). */}
            <span class="takeback-pause" data-testid="takeback-pause">{` (${pause()} s)`}<span class="visually-hidden">{tr(" – dein Gegner hat abgelehnt", " – your opponent declined")}</span></span>
          </Show>
        </button>
      </Show>
      <Show when={rv().takeback.requestedBy === me() && !rv().over}>
        <span class="takeback-ask" data-testid="takeback-waiting">
          <span class="takeback-q">{tr("Warte auf die Antwort deines Gegners …", "Waiting for your opponent's answer …")}</span>
        </span>
      </Show>
      <Show when={rv().takeback.requestedBy !== null && rv().takeback.requestedBy !== me() && !rv().over}>
        {/* Scrolled into sight when it comes: on a phone it appeared under the log's handle (a player pass). */}
        <span class="takeback-ask" data-testid="takeback-request" ref={(el) => requestAnimationFrame(() => el.scrollIntoView({ block: "nearest" }))}>
          {/* It names the card going back and whether more goes with it (a player pass: "which card?"). */}
          <span class="takeback-q">
            <Show when={takebackTarget(v(), rv().takeback.requestedBy as Seat)} fallback={tr("Dein Gegner bittet um „Karte zurück“.", "Your opponent asks to take back a card.")}>
              {(t) => takebackQuestion(v().ruleset, t(), lang())}
            </Show>
          </span>
          <button type="button" class="button primary" data-testid="takeback-accept" onClick={() => m.takeback("accept")}>
            {tr("Annehmen", "Accept")}
          </button>
          <button type="button" class="button quiet" data-testid="takeback-decline" onClick={() => m.takeback("decline")}>
            {tr("Ablehnen", "Decline")}
          </button>
        </span>
      </Show>
      <Show when={!rv().over}>
        <Show
          when={confirmResign()}
          fallback={
            <button type="button" class="button quiet" data-testid="resign" onClick={() => setConfirmResign(true)}>
              {tr("Aufgeben", "Resign")}
            </button>
          }
        >
          {/* Escape is "Nein", as in the dialogs (a third keyboard pass). */}
          <span class="confirm-resign" onKeyDown={(e) => e.key === "Escape" && (e.preventDefault(), answerNo(() => setConfirmResign(false), "resign"))}>
            {/* At one shared device the question says who gives up (it asked nobody in particular: a fresh-eyes pass). */}
            <span class="confirm-q">{m.kind === "hotseat" ? tr(`${who()}, wirklich aufgeben?`, `${who()}, really resign?`) : tr("Wirklich aufgeben?", "Really resign?")}</span>
            {/* The rule the Bilanz then shows as "abgebrochen" (a player pass: nobody had said it beforehand). */}
            <Show when={m.rated === true}>
              <small class="resign-rule" data-testid="resign-rated-rule">
                {tr(` Endet eine gewertete Partie, bevor ${RATED_MIN_CARDS} Karten gespielt oder ${RATED_MIN_MS / 60_000} Minuten vergangen sind, zählt sie nicht: Sie wird abgebrochen.`, ` A rated game that ends before ${RATED_MIN_CARDS} cards are played or ${RATED_MIN_MS / 60_000} minutes have passed does not count: it is aborted.`)}
              </small>
            </Show>
            <button type="button" class="button" data-testid="resign-yes" onClick={() => { setConfirmResign(false); m.resign(); }}>
              {tr("Ja", "Yes")}
            </button>
            {/* Asked by key: the focus on "Nein" (it went to a card, and the next Enter played it: a keyboard player pass);
                answered "Nein", back on "Aufgeben". */}
            <button type="button" class="button quiet" data-testid="resign-no" ref={focusIfKeys} onClick={() => answerNo(() => setConfirmResign(false), "resign")}>
              {tr("Nein", "No")}
            </button>
          </span>
        </Show>
        <Show when={m.leaveRunning}>
          <LeaveButton testId="leave" />
        </Show>
      </Show>
      <Show when={rv().over && !showResult()}>
        <Rematch />
        <button type="button" class="button primary" data-testid="show-result" onClick={() => setShowResult(true)}>
          {tr("Ergebnis zeigen", "Show result")}
        </button>
        <LeaveButton testId="leave" />
      </Show>
    </div>
  );
}
