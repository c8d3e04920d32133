// The felt in the middle: the opponent, the trick, whose turn, the choices in hand, the advice, your cards and tools.
import { Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { ExchangeHelp } from "./ExchangeHelp";
import { Hand } from "./Hand";
import { HintBox } from "./HintBox";
import { InfoWindow } from "./InfoWindow";
import { InviteBox } from "./InviteBox";
import { Opponent } from "./Opponent";
import { PickBar } from "./PickBar";
import { useTable } from "./store";
import { SuitChooser } from "./SuitChooser";
import { Tools } from "./Tools";
import { Trick } from "./Trick";
import { Turn } from "./Turn";

export function Felt(): JSX.Element {
  const { m } = useTable();
  return (
    <section class="felt" aria-label={tr("Tisch", "Table")}>
      <Opponent />

      <Trick />

      <Turn />

      <InviteBox />

      <Show when={m.error()}>
        <p class="table-error" role="alert" data-testid="table-error">
          {m.error()}
        </p>
      </Show>

      <div class="actions">
        <PickBar />
        <SuitChooser />
      </div>

      <ExchangeHelp />

      <HintBox />

      <InfoWindow />
      <div class="visually-hidden" aria-live="polite" data-testid="live">
        {m.log()[m.log().length - 1]?.text[lang()] ?? ""}
      </div>

      <Hand />

      <Tools />
    </section>
  );
}
