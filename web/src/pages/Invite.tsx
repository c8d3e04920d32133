// "/einladung/<code>" (POST /api/games's link, #<room> optional) or the older "/einladung/<room>#<code>": the friend
// claims the free seat once and sits down.
import { createSignal, onMount, Show } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { authHeaders, ensureAccount } from "../account";
import { tr } from "../i18n";
import { loadSession, ROOM_NAME, saveSession } from "../room/session";
import { archiveUrl } from "../replay/archive";
import { Link, navigate } from "../router";
import { calledOffInviteText } from "../ui/LeaveDialog";
import { stakeText, type RefusalBody } from "../ui/refusals";

/** Which part of the link is the invite code and which the room (both forms carry the code; the room is optional). */
function readLink(path: string, hash: string): { code: string; room: string | null } {
  if (ROOM_NAME.test(path) && hash.length > 16) return { code: hash, room: path };
  return { code: path, room: ROOM_NAME.test(hash) ? hash : null };
}

/** Why a link did not seat its opener, as a text in the language shown now (the switch may change it later). */
type Refusal = { kind: "own" | "taken" | "cancelled" } | { kind: "stake"; body: RefusalBody } | { kind: "over"; room: string } | { kind: "invalid"; status: number } | { kind: "failed"; detail: string };

function refusalText(r: Refusal): string {
  switch (r.kind) {
    case "own":
      return tr("Das ist deine eigene Einladung – schick den Link deinem Mitspieler.", "This is your own invite – send the link to the other player.");
    case "stake":
      return stakeText(r.body);
    case "taken":
      return tr("Diese Einladung wurde schon angenommen.", "This invite has already been used.");
    case "cancelled":
      return calledOffInviteText();
    case "over":
      return tr("Diese Einladung wurde schon angenommen, und die Partie ist vorbei.", "This invite has already been used, and the game is over.");
    case "invalid":
      return tr(`Die Einladung gilt nicht (${r.status}).`, `The invite is not valid (${r.status}).`);
    case "failed":
      return tr(`Der Platz konnte nicht eingenommen werden (${r.detail}).`, `The seat could not be taken (${r.detail}).`);
  }
}

/** The friend opens the invite link: claims the free seat once and sits down. */
export function Invite(props: { room: string }) {
  const [refused, setRefused] = createSignal<Refusal | null>(null);
  onMount(async () => {
    const { code, room } = readLink(props.room, location.hash.slice(1));
    // The creator (or the friend again) already holds a seat at this table: straight to it.
    if (room && loadSession(room)) return navigate(`/partie/${room}`);
    try {
      // With the account: the seat is booked on it (records, a rated game's points and Elo).
      const account = await ensureAccount();
      const r = await fetch(`/api/games/invite/${encodeURIComponent(code)}`, { method: "POST", headers: authHeaders(account) });
      if (r.status === 409) {
        const body = (await r.json().catch(() => ({}))) as RefusalBody & { room?: string };
        // A seat this account already holds at that table (a link whose #room a messenger dropped): back to it.
        if (body.error === "OWN_INVITE" && body.room && loadSession(body.room)) return navigate(`/partie/${body.room}`);
        if (body.error === "OWN_INVITE") return setRefused({ kind: "own" });
        if (body.error === "STAKE_TOO_HIGH") return setRefused({ kind: "stake", body });
        if (body.error === "TABLE_CANCELLED") return setRefused({ kind: "cancelled" });
        // A spent link opened after its game: say so and lead to the replay (a player pass read only "used").
        const at = room ?? body.room;
        const over = at ? await fetch(archiveUrl(at)).then((a) => a.ok).catch(() => false) : false;
        return setRefused(over && at ? { kind: "over", room: at } : { kind: "taken" });
      }
      if (!r.ok) return setRefused({ kind: "invalid", status: r.status });
      const b = (await r.json()) as { room: string; seat: Seat; seatToken: string; rated: boolean };
      // A rated table offers no "Karte zurück": the page must know it as the creator's does.
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: "online", rated: b.rated });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setRefused({ kind: "failed", detail: e instanceof Error ? e.message : String(e) });
    }
  });
  const error = () => {
    const r = refused();
    return r && refusalText(r);
  };
  return (
    <div class="page">
      <h1>{tr("Einladung", "Invite")}</h1>
      <Show when={error()} fallback={<p role="status">{tr("Du setzt dich an den Tisch …", "Taking your seat …")}</p>}>
        <p role="alert" class="table-error">
          {error()}
        </p>
        <Show when={(() => { const r = refused(); return r?.kind === "over" ? r.room : null; })()}>
          {(at) => (
            <Link class="button primary" href={`/replay/${at()}`} data-testid="invite-replay">
              {tr("Partie nachspielen", "Replay the game")}
            </Link>
          )}
        </Show>{" "}
        <Link class="button" href="/">
          {tr("Zur Startseite", "To the start page")}
        </Link>
      </Show>
    </div>
  );
}
