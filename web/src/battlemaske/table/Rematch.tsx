// "Revanche" on the end table of a game between two accounts: offer it, see the other side's offer and answer it, and
// where it stands (waiting, declined, the new table being set). The room decides; this only shows its `rematch`.
import { Match, Show, Switch, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { Link } from "../../router";
import { useTable } from "./store";

export function Rematch(): JSX.Element {
  const { m, me, rv } = useTable();
  return (
    <>
    {/* A spectator follows the players to their rematch (a player pass: it stayed at the old table, unaware). */}
    <Show when={m.rematchWatch?.()} keyed>
      {(room) => (
        <div class="rematch" aria-live="polite">
          <p>{tr("Die beiden spielen eine Revanche.", "The two are playing a rematch.")}</p>
          <Link class="button primary" href={`/partie/${room}`} data-testid="rematch-watch">
            {tr("Revanche zuschauen", "Watch the rematch")}
          </Link>
        </div>
      )}
    </Show>
    {/* A game called off because someone never came was never played: no rematch (the room refuses it too). */}
    <Show when={!rv().result?.absent && m.rematch}>
      {(r) => {
        // Only a seat asks (a spectator watches); nobody to ask once the other side has left the table (its socket
        // gone), but an opened table stays reachable.
        const away = () => !r().seated() || (m.opponentConnected?.() === false && r().state()?.state !== "opened");
        const st = () => r().state();
        const state = () => st()?.state ?? "none";
        const mine = () => st()?.by === me();
        const name = () => m.opponent[lang()];
        const offer = () => (
          <button type="button" class="button primary" data-testid="rematch" onClick={() => r().send("offer")}>
            {tr("Revanche", "Rematch")}
          </button>
        );
        return (
          <div class="rematch" aria-live="polite" hidden={!r().seated()}>
            <Switch fallback={offer()}>
              {/* The other side left: say so, rather than letting a pending offer vanish without a word (a player pass). */}
              <Match when={away()}>
                {/* Left the game: gone. Otherwise only the socket is (a dropped connection, a closed tab): a pass read
                    "keine Revanche" as final, and the offer came back with the opponent — and an offer made stands. */}
                <p data-testid="rematch-gone">
                  {rv().result?.reason === "leave"
                    ? tr(`${name()} ist nicht mehr am Tisch – keine Revanche.`, `${name()} is no longer at the table – no rematch.`)
                    : mine() && state() === "offered"
                      ? tr(`${name()} ist gerade nicht am Tisch – dein Angebot steht, falls ${name()} zurückkommt.`, `${name()} is not at the table right now – your offer stands if they come back.`)
                      : tr(`${name()} ist gerade nicht am Tisch – eine Revanche geht, sobald ${name()} zurück ist.`, `${name()} is not at the table right now – a rematch is possible once they are back.`)}
                </p>
              </Match>
              <Match when={state() === "offered" && mine()}>
                <p data-testid="rematch-waiting">{tr(`Revanche angeboten – warte auf ${name()} …`, `Rematch offered – waiting for ${name()} …`)}</p>
                <button type="button" class="button quiet" data-testid="rematch-withdraw" onClick={() => r().send("withdraw")}>
                  {tr("Zurückziehen", "Withdraw")}
                </button>
              </Match>
              <Match when={state() === "offered"}>
                <div class="rematch-offer" data-testid="rematch-offer" role="group" aria-label={tr("Revanche", "Rematch")}>
                  <p>{tr(`${name()} bietet eine Revanche an: gleiche Bedingungen, Rollen getauscht.`, `${name()} offers a rematch: the same terms, roles swapped.`)}</p>
                  <button type="button" class="button primary" data-testid="rematch-accept" onClick={() => r().send("accept")}>
                    {tr("Annehmen", "Accept")}
                  </button>
                  <button type="button" class="button quiet" data-testid="rematch-decline" onClick={() => r().send("decline")}>
                    {tr("Ablehnen", "Decline")}
                  </button>
                </div>
              </Match>
              <Match when={state() === "declined" && !mine()}>
                <p data-testid="rematch-declined">{tr(`${name()} hat die Revanche abgelehnt.`, `${name()} declined the rematch.`)}</p>
              </Match>
              <Match when={state() === "declined"}>
                {/* The one who declined may still change its mind and offer one itself. */}
                <p>{tr("Revanche abgelehnt.", "Rematch declined.")}</p>
                {offer()}
              </Match>
              <Match when={state() === "opening" || (state() === "opened" && !r().ready())}>
                <p role="status">{tr("Der neue Tisch wird gedeckt …", "Setting the new table …")}</p>
              </Match>
              <Match when={state() === "opened"}>
                <button type="button" class="button primary" data-testid="rematch-go" onClick={() => r().go()}>
                  {tr("Zur Revanche", "To the rematch")}
                </button>
              </Match>
              <Match when={state() === "failed"}>
                <p data-testid="rematch-failed">
                  {st()?.code === "STAKE_TOO_HIGH"
                    ? tr("Keine Revanche: einer von euch kann den Einsatz nicht mehr decken (Taler, die in offenen Partien stehen, sind gebunden).", "No rematch: one of you can no longer cover the stake (Taler staked at open games are held).")
                    : st()?.code === "TABLE_LIMIT"
                      ? tr("Keine Revanche: zu viele neue Tische in kurzer Zeit. Versucht es in einer Minute noch einmal.", "No rematch: too many new tables in a short time. Try again in a minute.")
                      : tr("Der neue Tisch konnte nicht geöffnet werden.", "The new table could not be opened.")}
                </p>
                {offer()}
              </Match>
            </Switch>
          </div>
        );
      }}
    </Show>
    </>
  );
}
