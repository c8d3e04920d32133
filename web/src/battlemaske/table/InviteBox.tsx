// Online, before the friend has come: the invite link to share.
import { Show, type JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function InviteBox(): JSX.Element {
  const { m, v } = useTable();
  return (
    <Show when={v().phase === "setup" && m.invite}>
      <div class="invite-box">
        <p>{tr("Schick deinem Freund diesen Link. Sobald er ihn öffnet, werden die Karten gegeben.", "Send your friend this link. As soon as they open it, the cards are dealt.")}</p>
        <input class="invite-link" readonly value={m.invite} data-testid="invite-link" aria-label={tr("Einladungslink", "Invite link")} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" class="button" onClick={() => void navigator.clipboard?.writeText(m.invite!).catch(() => undefined)}>
          {tr("Link kopieren", "Copy link")}
        </button>
      </div>
    </Show>
  );
}
