// A Battlemaske / Zwiegespalten replay step: both hands face up, the five cards set aside, the trick (or the last one),
// the ranking plaques and the mirror as they stood. It draws the folded state; the cards' faces are the table's own.
import { For, Show, type JSX } from "solid-js";
import { sortCards, type Card } from "../../../shared/battlemaske/cards";
import type { Seat } from "../../../shared/battlemaske/events";
import { roleOf, type State } from "../../../shared/battlemaske/state";
import { byRole, capital, roleName, trackName } from "../../../shared/battlemaske/words";
import { lang, tr } from "../i18n";
import { CardFace, suitName } from "../battlemaske/cards";
import { Plaques } from "../battlemaske/table/Ranking";
import { effectText, seatOfRole } from "../battlemaske/log";
import { Scoresheet } from "../battlemaske/Scoresheet";
import "../battlemaske/table.css";

export function BattlemaskeBoard(props: { state: State; names: readonly [string, string] }): JSX.Element {
  const rs = () => props.state.options.ruleset;
  const s = () => props.state;
  const who = (seat: Seat) => `${props.names[seat]} (${roleName(rs(), roleOf(s(), seat), lang())})`;
  const tricksOf = (seat: Seat) => s().tricks[seat];
  const shownTrick = () => (s().trick.length > 0 ? { cards: s().trick, last: null } : { cards: s().history.at(-1)?.cards ?? [], last: s().history.at(-1) ?? null });
  return (
    <div class={`replay-board table rs-${rs()}`} data-testid="replay-board" data-game="battlemaske">
      <Plaques ranking={s().ranking} rs={rs()} testId="replay-ranking" />
      <div class="replay-track" data-testid="replay-mirror" data-value={Math.min(10, s().mirror)}>
        <span class="replay-track-name">{capital(trackName(rs(), lang()))}</span>
        <ol class="replay-fields">
          <For each={[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}>{(f) => <li classList={{ here: f === Math.min(10, s().mirror), passed: f < s().mirror }}>{f}</li>}</For>
        </ol>
        <span class="replay-score">
          {/* The Conte first, as the table and the scoresheet count (by seat, a Maske in seat 0 read first: a pass). */}
          {tr("Stiche", "Tricks")}: {roleName(rs(), "conte", lang())} <b>{tricksOf(seatOfRole(s().game, "conte"))}</b> : <b>{tricksOf(seatOfRole(s().game, "maske"))}</b> {roleName(rs(), "maske", lang())}
        </span>
      </div>
      <Hand seat={1} label={who(1)} state={s()} />
      <div class="replay-middle">
        <div class="replay-trick" data-testid="replay-trick" data-count={s().trick.length}>
          <span class="replay-caption">{s().trick.length > 0 ? tr("Auf dem Tisch", "On the table") : shownTrick().last ? tr("Letzter Stich", "Last trick") : tr("Noch kein Stich", "No trick yet")}</span>
          <div class="trick-cards">
            <For each={shownTrick().cards}>
              {(p) => (
                <figure class={`played${shownTrick().last?.winner === p.seat ? " won" : ""}`}>
                  <CardFace id={p.card} ruleset={rs()} lang={lang()} />
                  <figcaption>{props.names[p.seat]}</figcaption>
                </figure>
              )}
            </For>
          </div>
          <Show when={s().trick.length > 0 && s().namedSuit}>
            {(n) => (
              <p class="named">
                {tr("Angesagt:", "Named:")} {suitName(rs(), n(), lang())}
              </p>
            )}
          </Show>
          {/* By role, as the replay's steps speak ("Stolz: Die Maske nimmt …"): a name in the sentence read "Stolz: Computer ·
              Leicht nimmt …" (a player pass). */}
          <Show when={shownTrick().last?.effect}>{(e) => <p class="effect-text">{effectText(e(), shownTrick().last!.stolen, byRole(rs(), roleOf(s(), shownTrick().last!.winner)), lang(), rs(), undefined, byRole(rs(), roleOf(s(), shownTrick().last!.winner === 0 ? 1 : 0)))}</p>}</Show>
        </div>
        <div class="replay-aside" data-testid="replay-aside" data-cards={s().aside.join(" ")}>
          <span class="replay-caption">{tr("Beiseite gelegt", "Set aside")}</span>
          <div class="replay-cards small">
            <For each={sortCards(s().aside)}>{(c) => <CardFace id={c} ruleset={rs()} lang={lang()} small />}</For>
          </div>
        </div>
      </div>
      <Hand seat={0} label={who(0)} state={s()} />
      {/* The rounds replayed so far, as the end box lists them: it grows as the replay passes each round's end. */}
      <Show when={s().rounds.length > 0}>
        <Scoresheet
          rounds={s().rounds}
          rs={rs()}
          profi={s().options.variant === "profi"}
          gameNote={(game) => `${props.names[seatOfRole(game, "conte")]} ${tr("als", "as")} ${roleName(rs(), "conte", lang())}`}
          testId="replay-rounds"
        />
      </Show>
    </div>
  );
}

function Hand(props: { seat: Seat; label: string; state: State }): JSX.Element {
  const picked = () => new Set<Card>(props.state.picks[props.seat] ?? []);
  return (
    <section class="replay-hand" data-testid={`replay-hand-${props.seat}`} data-cards={props.state.hands[props.seat].join(" ")} aria-label={props.label}>
      <h3>
        {props.label} <span class="small">· {props.state.hands[props.seat].length} {tr("Karten", "cards")}</span>
      </h3>
      <div class="replay-cards">
        <For each={sortCards(props.state.hands[props.seat])}>
          {(c) => (
            <span class="replay-card" classList={{ picked: picked().has(c) }} data-card={c} title={picked().has(c) ? tr("gewählt zum Abgeben", "picked to give") : undefined}>
              <CardFace id={c} ruleset={props.state.options.ruleset} lang={lang()} />
            </span>
          )}
        </For>
      </div>
    </section>
  );
}
