// A Goldwaage replay step: every hand face up (open cards marked), the scale with both pans, the limit and the Kings.
import { For, type JSX } from "solid-js";
import { sortCards } from "../../../shared/goldwaage/cards";
import { LIVES, sumOf, type State } from "../../../shared/goldwaage/state";
import { tr } from "../i18n";
import { Face, Kings, PanColumn } from "../goldwaage/Table";
import "../goldwaage/goldwaage.css";

export function GoldwaageBoard(props: { state: State; names: readonly string[] }): JSX.Element {
  const s = () => props.state;
  const sums = () => [sumOf(s().pans.left), sumOf(s().pans.right)] as const;
  const last = () => s().played.at(-1)?.card ?? null;
  return (
    <div class="replay-board gw-replay" data-testid="replay-board" data-game="goldwaage">
      <div class="gw-replay-head">
        <span>
          {tr("Runde", "Round")} <b>{s().round}</b>
        </span>
        <span>
          {tr("Grenze", "Limit")} <b data-testid="replay-limit">{s().limit}</b>
        </span>
        <span>
          {tr("Unterschied", "Difference")} <b>{Math.abs(sums()[0] - sums()[1])}</b>
        </span>
        <Kings total={LIVES[s().options.level]} left={s().lives} />
      </div>
      <div class="gw-replay-scale" data-testid="replay-scale" data-sums={sums().join(":")}>
        <PanColumn pan="left" cards={s().pans.left} sum={sums()[0]} heavier={sums()[0] > sums()[1]} last={last()} />
        <PanColumn pan="right" cards={s().pans.right} sum={sums()[1]} heavier={sums()[1] > sums()[0]} last={last()} />
      </div>
      <For each={s().hands}>
        {(hand, i) => (
          <section class="replay-hand" data-testid={`replay-hand-${i()}`} data-cards={hand.join(" ")}>
            <h3>
              {props.names[i()]}
              {s().phase === "play" && s().turn === i() ? <span class="badge">{tr("am Zug", "to move")}</span> : null}
            </h3>
            <div class="replay-cards">
              <For each={sortCards(hand)}>
                {(c) => (
                  <span class="replay-card" classList={{ open: s().open[i()]?.includes(c) ?? false }} data-card={c} title={s().open[i()]?.includes(c) ? tr("offen", "open") : undefined}>
                    <Face id={c} />
                  </span>
                )}
              </For>
            </div>
          </section>
        )}
      </For>
    </div>
  );
}
