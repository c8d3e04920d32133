// "/einladung/<room>#<invite>" (or /einladung/<code>): the friend claims the free seat once and sits down.
import { createSignal, onMount, Show } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { authHeaders, ensureAccount } from "../account";
import { tr } from "../i18n";
import { loadSession, saveSession } from "../room/session";
import { Link, navigate } from "../router";

/** The friend opens the invite link: claims the free seat once and sits down. */
export function Invite(props: { room: string }) {
  const [error, setError] = createSignal<string | null>(null);
  onMount(async () => {
    if (loadSession(props.room)) return navigate(`/partie/${props.room}`);
    const invite = location.hash.slice(1);
    try {
      const account = await ensureAccount();
      // Two link forms: /einladung/<room>#<invite> (this page's own) and /einladung/<code> (POST /api/games's link).
      const r = invite
        ? await fetch("/api/battlemaske/invite", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(account) }, body: JSON.stringify({ room: props.room, invite }) })
        : await fetch(`/api/games/invite/${encodeURIComponent(props.room)}`, { method: "POST", headers: authHeaders(account) });
      if (r.status === 409) {
        const { error: code } = (await r.json().catch(() => ({}))) as { error?: string };
        if (code === "OWN_INVITE") throw new Error(tr("Das ist deine eigene Einladung – schick den Link deinem Mitspieler.", "This is your own invite – send the link to the other player."));
        if (code === "STAKE_TOO_HIGH") throw new Error(tr("Du hast nicht genug Taler für den Einsatz dieser Partie.", "You do not have enough Taler for this game's stake."));
        throw new Error(tr("Diese Einladung wurde schon angenommen.", "This invite has already been used."));
      }
      if (!r.ok) throw new Error(tr(`Die Einladung gilt nicht (${r.status}).`, `The invite is not valid (${r.status}).`));
      const b = (await r.json()) as { room: string; seat: Seat; seatToken: string };
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: "online" });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  });
  return (
    <div class="page">
      <h1>{tr("Einladung", "Invite")}</h1>
      <Show when={error()} fallback={<p role="status">{tr("Du setzt dich an den Tisch …", "Taking your seat …")}</p>}>
        <p role="alert" class="table-error">
          {error()}
        </p>
        <Link class="button" href="/">
          {tr("Zur Startseite", "To the start page")}
        </Link>
      </Show>
    </div>
  );
}
