// The felt in the middle: the opponent and the trick (the stage, where the intro and the suit choice open over
// them), whose turn, the choices in hand, your cards, the tools and the advice — all within one screen.
import { For, Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { ExchangeHelp } from "./ExchangeHelp";
import { Hand } from "./Hand";
import { HintBox } from "./HintBox";
import { InviteBox } from "./InviteBox";
import { Opponent } from "./Opponent";
import { PickBar } from "./PickBar";
import { useTable } from "./store";
import { SuitChooser } from "./SuitChooser";
import { Tools } from "./Tools";
import { Trick } from "./Trick";
import { Turn } from "./Turn";

/** How many of the newest log lines the live region keeps: a batch adds each of them, and each is read. */
const LIVE_LINES = 16;

export function Felt(): JSX.Element {
  const { m, elixir } = useTable();
  return (
    <section class="felt" aria-label={tr("Tisch", "Table")}>
      <div class="stage" classList={{ choosing: elixir() !== null }}>
        <Opponent />

        <Trick />

        <div class="stage-over">
          <SuitChooser />
          <ExchangeHelp />
        </div>
      </div>

      {/* Whose turn, the choices, the hand and the tools: on a phone they stand on the log's handle and stay standing
          there should the felt ever be taller than the screen (table.css); elsewhere the wrapper takes no box. */}
      <div class="felt-foot">
        <Turn />

        <InviteBox />

        <Show when={m.error()}>
          <p class="table-error" role="alert" data-testid="table-error">
            {m.error()}
          </p>
        </Show>

        <div class="actions">
          <PickBar />
        </div>

        {/* Every line a batch adds is its own node: a screen reader reads each of them, not only the last. */}
        <div class="visually-hidden" aria-live="polite" aria-relevant="additions" data-testid="live">
          <For each={m.log().slice(-LIVE_LINES)}>{(e) => <p>{e.text[lang()]}</p>}</For>
        </div>

        {/* A spectator has no hand and nothing to act with: seat 0's side of the table, and the way out. */}
        <Show
          when={!m.spectator}
          fallback={
            <>
              <Opponent seat={0} />
              {/* Not "Verlassen": a spectator gives nothing up by going. */}
              <div class="tools">
                <button type="button" class="button quiet" data-testid="watch-leave" onClick={() => m.exit()}>
                  {tr("Zurück zum Wartesaal", "Back to the lobby")}
                </button>
              </div>
            </>
          }
        >
          <Hand />

          <Tools />
        </Show>
      </div>

      {/* Under the button that asked for it, in the page's flow: over the stage it hid the computer's hand and its
          card in the trick (the player pass), the very things the advice is about. */}
      <Show when={!m.spectator}>
        <HintBox />
      </Show>
    </section>
  );
}
