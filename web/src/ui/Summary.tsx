// The account's standing (points, Elo, Taler) as Konto and Bilanz both show it.
import type { Me } from "../account";
import { num, tr } from "../i18n";

/** Points, Elo and Taler; its test hooks are named for the page it is on (account-… on Konto, bilanz-… on Bilanz). */
export function Summary(props: { me: Me; ids?: "account" | "bilanz" }) {
  const id = (what: string) => `${props.ids ?? "account"}-${what}`;
  return (
    <dl class="account-summary" data-testid={id("summary")}>
      <div>
        <dt>{tr("Punkte", "Points")}</dt>
        <dd data-testid={id("points")} data-value={props.me.points}>{num(props.me.points)}</dd>
      </div>
      <div>
        <dt>Elo</dt>
        <dd data-testid={id("elo")} data-value={props.me.elo}>
          {props.me.elo} <span class="small">({props.me.ratedGames === 1 ? tr("1 gewertete Partie", "1 rated game") : tr(`${props.me.ratedGames} gewertete Partien`, `${props.me.ratedGames} rated games`)})</span>
        </dd>
      </div>
      <div>
        <dt>Taler</dt>
        <dd data-testid={id("taler")} data-value={props.me.taler} data-held={props.me.held ?? 0}>
          {props.me.taler}
          {(props.me.held ?? 0) > 0 ? <span class="small"> {tr(`(davon ${props.me.held} als Einsatz gebunden)`, `(${props.me.held} of them held as stakes)`)}</span> : null}
        </dd>
      </div>
    </dl>
  );
}
