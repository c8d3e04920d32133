// Online, before the friend has come: the invite link to share, and "Tisch auflösen" (the room's `cancel`) for a host
// who no longer waits. Once the table is called off (this page or another tab of it) it says so instead.
import { Show, type JSX } from "solid-js";
import { tr } from "../../i18n";
import { Link } from "../../router";
import { calledOffTableText } from "../../ui/LeaveDialog";
import { waitingToCancel } from "./LeaveButton";
import { useTable } from "./store";

export function InviteBox(): JSX.Element {
  const { m, v, rv, setLeaveAsk } = useTable();
  return (
    <>
      <Show when={v().phase === "setup" && m.invite && rv().cancelled === undefined}>
        <div class="invite-box">
          <p>{tr("Schick deinem Freund diesen Link. Sobald er ihn öffnet, werden die Karten gegeben.", "Send your friend this link. As soon as they open it, the cards are dealt.")}</p>
          <input class="invite-link" readonly value={m.invite} data-testid="invite-link" aria-label={tr("Einladungslink", "Invite link")} onFocus={(e) => e.currentTarget.select()} />
          <div class="invite-buttons">
            <button type="button" class="button" onClick={() => void navigator.clipboard?.writeText(m.invite!).catch(() => undefined)}>
              {tr("Link kopieren", "Copy link")}
            </button>
            <Show when={waitingToCancel(m, rv())}>
              <button type="button" class="button quiet" data-testid="cancel-table" onClick={() => setLeaveAsk({ go: () => m.exit() })}>
                {tr("Tisch auflösen", "Call the table off")}
              </button>
            </Show>
          </div>
        </div>
      </Show>
      <Show when={rv().cancelled !== undefined}>
        <div class="invite-box" data-testid="table-cancelled" role="status">
          <p>{calledOffTableText()}</p>
          <Link class="button" href="/">
            {tr("Zur Startseite", "To the start page")}
          </Link>
        </div>
      </Show>
    </>
  );
}
