// The scoresheet at a game's end: every round's tricks, the difference and where the mirror stood after it. The end box
// named only the last round, and a player who wanted to know how the game went had to scroll the log (a player pass).
import { For, Show, type JSX } from "solid-js";
import type { RoundScore } from "../../../../shared/battlemaske/state";
import { capital, trackName } from "../../../../shared/battlemaske/words";
import { lang, tr } from "../../i18n";
import { differenceName, seatOfRole } from "../log";
import { useTable } from "./store";

/** `rounds`: the ended rounds; `open`: the round the game stopped in before its end (a resignation, a flag, a leave). */
export function Scoresheet(props: { rounds: readonly RoundScore[]; open: { readonly game: 1 | 2; readonly round: number } | null }): JSX.Element {
  const { m, v, me, role, rs } = useTable();
  const profi = () => v().variant === "profi";
  /** A player's own role in `game` (none for a spectator or at one shared device: there the columns are the roles). */
  const mine = (game: 1 | 2): "conte" | "maske" | null => {
    if (m.spectator || m.kind === "hotseat") return null;
    return seatOfRole(game, "conte") === me() ? "conte" : "maske";
  };
  const you = () => tr("du", "you");
  /** A single game's column heads say which side was the player's; a Profi match's roles swap, so its games' rows do. */
  const head = (r: "conte" | "maske") => (!profi() && mine(1) === r ? `${role(r)} (${you()})` : role(r));
  /** A Profi match's rows per game, headed by the game and the player's role in it. */
  const gameHead = (game: 1 | 2) => (
    <tr class="sheet-game">
      <th scope="rowgroup" colSpan={5}>
        {tr("Partie", "Game")} {game}
        <Show when={mine(game)}>{(own) => <> · {tr("du als", "you as")} {role(own())}</>}</Show>
      </th>
    </tr>
  );
  const last = () => props.rounds[props.rounds.length - 1];
  return (
    <table class="scoresheet" data-testid="result-rounds">
      <caption class="visually-hidden">{tr("Die Runden der Partie", "The game's rounds")}</caption>
      <thead>
        <tr>
          <th scope="col">{tr("Runde", "Round")}</th>
          <th scope="col">{head("conte")}</th>
          <th scope="col">{head("maske")}</th>
          {/* "Unterschied" may break on a phone (a soft hyphen): the column fits a 360 px screen so. */}
          <th scope="col">{capital(differenceName(rs(), lang())).replace("Unterschied", "Unter\u00adschied")}</th>
          <th scope="col">{capital(trackName(rs(), lang()))}</th>
        </tr>
      </thead>
      <tbody>
        <For each={props.rounds}>
          {(r, i) => (
            <>
              <Show when={profi() && (i() === 0 || props.rounds[i() - 1]!.game !== r.game)}>
                {gameHead(r.game)}
              </Show>
              {/* The last round keeps its own hook: it is where the game was decided (or the last one played to its end). */}
              <tr class={r === last() ? "sheet-last" : undefined} data-testid={r === last() ? "result-round" : undefined} data-round={r.round} data-game={r.game}>
                <th scope="row">{r.round}</th>
                <td>{r.conte}</td>
                <td>{r.maske}</td>
                <td>{r.moved}</td>
                <td>{Math.min(10, r.mirror)}</td>
              </tr>
            </>
          )}
        </For>
        <Show when={props.open}>
          {(o) => (
            <>
              <Show when={profi() && props.rounds[props.rounds.length - 1]?.game !== o().game}>
                {gameHead(o().game)}
              </Show>
              <tr class="sheet-open" data-testid="result-round-open">
                <th scope="row">{o().round}</th>
                <td colSpan={4}>{tr("nicht zu Ende gespielt", "not played to its end")}</td>
              </tr>
            </>
          )}
        </Show>
      </tbody>
    </table>
  );
}
