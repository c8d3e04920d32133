// The info window: what the card, plaque, mirror field or hidden hand under the pointer (or finger) means now.
import { For, Match, Show, Switch, type JSX } from "solid-js";
import type { Card, Suit } from "../../../../shared/battlemaske/cards";
import { lang } from "../../i18n";
import { CardBack, CardFace, SuitEmblem } from "../cards";
import { cardInfoLines, fieldInfoLines, hiddenInfoLines, suitInfoLines } from "../info";
import { useTable } from "./store";
import type { InfoTopic } from "./topic";

export function InfoWindow(): JSX.Element {
  const { v, me, rs, role, info } = useTable();
  const infoLines = (t: InfoTopic): string[] =>
    t.kind === "card"
      ? cardInfoLines(v(), me(), t.card, lang(), t.inHand)
      : t.kind === "place"
        ? suitInfoLines(v(), me(), t.place, lang())
        : t.kind === "field"
          ? fieldInfoLines(v(), t.field, lang(), role)
          : hiddenInfoLines(v(), me(), lang());
  return (
    <Show when={info()}>
      {(i) => (
        <div class="card-info" role="tooltip" data-testid="card-info" data-topic={i().kind} data-card={i().kind === "card" ? (i() as { card: Card }).card : undefined}>
          <Switch>
            <Match when={i().kind === "card" && (i() as { card: Card }).card}>{(c) => <CardFace id={c()} ruleset={rs()} lang={lang()} />}</Match>
            <Match when={i().kind === "place" && v().ranking[(i() as { place: number }).place]}>{(s) => <SuitEmblem suit={s() as Suit} ruleset={rs()} class="info-emblem" />}</Match>
            <Match when={i().kind === "hidden"}>
              <CardBack />
            </Match>
          </Switch>
          <div>
            <For each={infoLines(i())}>{(line) => <p>{line}</p>}</For>
          </div>
        </div>
      )}
    </Show>
  );
}
