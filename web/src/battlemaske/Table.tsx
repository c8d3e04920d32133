// The Battlemaske / Zwiegespalten table: renders the view it is given; legal moves come from the view and the engine.
// This file only composes it: each part is a component in table/, their shared state is table/store.ts.
import { keepFocus } from "../ui/focus";
import { Show, type JSX } from "solid-js";
import { ANIMATION_MS } from "../../../shared/animation";
import { tr } from "../i18n";
import { TableLoading } from "../ui/TableLoading";
import type { RoomView } from "./room";
import { Felt } from "./table/Felt";
import { Head } from "./table/Head";
import { LeaveGuard } from "./table/LeaveButton";
import { LogBox } from "./table/LogBox";
import { Mirror } from "./table/Mirror";
import type { TableModel } from "./table/model";
import { Ranking } from "./table/Ranking";
import { Result } from "./table/Result";
import { RoundTable } from "./table/RoundTable";
import { InfoWindow } from "./table/InfoWindow";
import { SkipToHand } from "../ui/SkipToHand";
import { createTableStore, TableContext } from "./table/store";
import "./table.css";

export type { TableModel } from "./table/model";

/** The CSS durations are the room's animation credits: a card, a trick gathered, an effect. */
const ANIMATION_VARS = { "--anim-card": `${ANIMATION_MS.card}ms`, "--anim-trick": `${ANIMATION_MS.trick}ms`, "--anim-effect": `${ANIMATION_MS.effect}ms` };

export function Table(props: { model: TableModel }): JSX.Element {
  const m = props.model;
  return (
    <Show when={m.view()} fallback={<TableLoading class="table-loading" text={tr("Der Tisch wird gedeckt …", "Setting the table …")} connected={m.connected()} error={m.error()} />}>
      {(rv) => <TableView model={m} rv={rv()} />}
    </Show>
  );
}

function TableView(props: { model: TableModel; rv: RoomView }): JSX.Element {
  const t = createTableStore(props.model, () => props.rv);
  const { m, v, me, rs } = t;
  let root: HTMLDivElement | undefined;
  // A keyboard player's focus whose button went (or was disabled): an open dialog's button, the advised card, a
  // playable card, the exchange's button, any card — never the page's start (a keyboard player pass).
  keepFocus(() => root, ['[aria-modal="true"] .button.primary', '[aria-modal="true"] button', '[data-testid="show-result"]', 'button.hand-card[data-hint="true"]', 'button.hand-card[data-legal="true"]', '[data-testid="exchange-confirm"], [data-testid="swap-confirm"]', "button.hand-card", '[data-testid="hint"]']);
  return (
    <TableContext.Provider value={t}>
      <div ref={root} class={`table rs-${rs()}`} style={ANIMATION_VARS} data-testid="table" data-spectator={m.spectator ? "true" : "false"} data-ruleset={rs()} data-phase={v().phase} data-round={v().round} data-seat={me()} data-version={m.version()} data-busy={m.busy() ? "true" : "false"} data-between={m.kind === "hotseat" && t.roundOpen() !== null ? "true" : undefined}>
        <Show when={!m.spectator}>
          <SkipToHand selectors={['button.hand-card[data-hint="true"]', 'button.hand-card[data-legal="true"]', "button.hand-card"]} />
        </Show>
        <Head />

        <Ranking />

        <div class="table-grid">
          <Mirror />

          <Felt />

          <LogBox />
        </div>

        {/* At the table's root, not in the felt's sticky foot: that foot is a stacking context of its own (z-index 3), and
            the language switch stood over the window's text on a phone (a player pass). */}
        <InfoWindow />

        <RoundTable />

        <Result />

        <LeaveGuard />
      </div>
    </TableContext.Provider>
  );
}
