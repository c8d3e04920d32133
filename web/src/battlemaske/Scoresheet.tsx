// The scoresheet: every ended round's tricks, the difference and where the track stood after it. At a game's end (the
// end box named only the last round, and how the game went stood only in the log: a player pass) and beside a replay,
// where it grows with the rounds replayed so far.
import { For, onMount, Show, type JSX } from "solid-js";
import type { Ruleset } from "../../../shared/battlemaske/cards";
import type { Role } from "../../../shared/battlemaske/events";
import type { RoundScore } from "../../../shared/battlemaske/state";
import { capital, roleName, trackName } from "../../../shared/battlemaske/words";
import { lang, tr } from "../i18n";
import { differenceName } from "./log";

export interface ScoresheetProps {
  readonly rounds: readonly RoundScore[];
  /** The round the game stopped in before its end (a resignation, a flag, a leave). */
  readonly open?: { readonly game: 1 | 2; readonly round: number; readonly conte: number; readonly maske: number } | null;
  readonly rs: Ruleset;
  readonly profi: boolean;
  /** A column's head: the role, with whose side it was where that is one seat for the whole game ("Maske (du)"). */
  readonly head?: (role: Role) => string;
  /** Who held which role in a Profi match's game (its roles swap): "du als Conte", "Anna als Conte"; null says nothing. */
  readonly gameNote?: (game: 1 | 2) => string | null;
  readonly testId: string;
  /** The last ended round's own hook (the end box's: where the game was decided, or the last one played to its end). */
  readonly lastTestId?: string;
  /** Open scrolled to the last round, where the sheet scrolls in a box of its own (the end box on a phone on its side). */
  readonly scrollEnd?: boolean;
}

export function Scoresheet(props: ScoresheetProps): JSX.Element {
  const head = (r: Role) => props.head?.(r) ?? roleName(props.rs, r, lang());
  const gameHead = (game: 1 | 2) => (
    <tr class="sheet-game">
      <th scope="rowgroup" colSpan={5}>
        {tr("Partie", "Game")} {game}
        <Show when={props.gameNote?.(game)}>{(note) => <> · {note()}</>}</Show>
      </th>
    </tr>
  );
  const last = () => props.rounds[props.rounds.length - 1];
  let el!: HTMLTableElement;
  onMount(() => {
    if (props.scrollEnd) el.scrollTop = el.scrollHeight;
  });
  return (
    <table ref={el} class="scoresheet" data-testid={props.testId}>
      <caption class="visually-hidden">{tr("Die Runden der Partie", "The game's rounds")}</caption>
      <thead>
        <tr>
          <th scope="col">{tr("Runde", "Round")}</th>
          <th scope="col">{head("conte")}</th>
          <th scope="col">{head("maske")}</th>
          {/* "Unterschied" may break on a phone (a soft hyphen): the column fits a 360 px screen so. */}
          <th scope="col">{capital(differenceName(props.rs, lang())).replace("Unterschied", "Unter\u00adschied")}</th>
          <th scope="col">{capital(trackName(props.rs, lang()))}</th>
        </tr>
      </thead>
      <tbody>
        <For each={props.rounds}>
          {(r, i) => (
            <>
              <Show when={props.profi && (i() === 0 || props.rounds[i() - 1]!.game !== r.game)}>{gameHead(r.game)}</Show>
              <tr class={r === last() ? "sheet-last" : undefined} data-testid={r === last() ? props.lastTestId : undefined} data-round={r.round} data-game={r.game}>
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
              <Show when={props.profi && last()?.game !== o().game}>{gameHead(o().game)}</Show>
              <tr class="sheet-open" data-testid="result-round-open">
                <th scope="row">{o().round}</th>
                <td>{o().conte}</td>
                <td>{o().maske}</td>
                <td colSpan={2}>{tr("nicht zu Ende gespielt", "not played to its end")}</td>
              </tr>
            </>
          )}
        </Show>
      </tbody>
    </table>
  );
}
