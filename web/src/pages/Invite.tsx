// "/einladung/<code>" (POST /api/games's link, #<room> optional) or the older "/einladung/<room>#<code>": the friend
// claims the free seat once and sits down.
import { createSignal, onMount, Show } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import { AccountRefused, authHeaders, ensureAccount } from "../account";
import { tr } from "../i18n";
import { loadSession, ROOM_NAME, saveSession } from "../room/session";
import { archiveUrl } from "../replay/archive";
import { Link, navigate } from "../router";
import { calledOffInviteText } from "../ui/LeaveDialog";
import { stakeText, type RefusalBody } from "../ui/refusals";
import type { TimeControl } from "../../../shared/room/clock";
import type { Terms } from "../../../shared/lobby";
import { termsText } from "../wartesaal/terms";

/** Which part of the link is the invite code and which the room (both forms carry the code; the room is optional). */
function readLink(path: string, hash: string): { code: string; room: string | null } {
  if (ROOM_NAME.test(path) && hash.length > 16) return { code: hash, room: path };
  return { code: path, room: ROOM_NAME.test(hash) ? hash : null };
}

/** Why a link did not seat its opener, as a text in the language shown now (the switch may change it later). */
type Refusal = { kind: "own" | "taken" | "cancelled" } | { kind: "stake"; body: RefusalBody } | { kind: "over"; room: string } | { kind: "invalid"; status: number } | { kind: "failed"; detail: string } | { kind: "account"; text: string };

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
    case "account":
      return r.text;
  }
}

/** An invite's terms as GET /api/games/invite/{code}/terms says them (a duel's). */
interface InviteTerms {
  readonly game: string;
  readonly seat: number;
  readonly claimed: boolean;
  readonly rated: boolean;
  readonly stake: number;
  readonly ruleset: string;
  readonly variant: string;
  readonly clock: TimeControl | null;
  readonly host: string | null;
}

/** The terms in the Wartesaal's words, from the host's side (the host plays the other seat's role). */
function inviteTermsText(t: InviteTerms): string {
  const terms: Terms = {
    kind: t.rated ? "rated" : "friendly",
    clock: t.clock?.type === "fischer" ? { minutes: t.clock.initialMs / 60_000, increment: t.clock.incrementMs / 1000 } : null,
    ruleset: t.ruleset === "zwiegespalten" ? "zwiegespalten" : "battlemaske",
    variant: t.variant === "profi" ? "profi" : "single",
    role: t.seat === 0 ? "maske" : "conte",
    stake: t.stake,
  };
  return termsText(terms, t.host ?? tr("Gast", "Guest"), false);
}

/**
 * The friend opens the invite link: claims the free seat once and sits down. Where Taler are at stake it shows the terms
 * first and takes the seat only on "Platz nehmen" (a player pass: a staked link seated its opener, clocks running, with
 * no step to agree; closing the tab then lost the stake on time).
 */
export function Invite(props: { room: string }) {
  const [refused, setRefused] = createSignal<Refusal | null>(null);
  const [ask, setAsk] = createSignal<InviteTerms | null>(null);
  const [unread, setUnread] = createSignal(false);
  const link = readLink(props.room, location.hash.slice(1));
  onMount(async () => {
    const { room } = link;
    // The creator (or the friend again) already holds a seat at this table: straight to it.
    if (room && loadSession(room)) return navigate(`/partie/${room}`);
    await readTerms();
  });
  /**
   * The terms first: a stake asks before the seat is taken. Only an invite that does not exist (404, 400: the claim says so)
   * or one without a stake goes straight to the claim; terms that could not be read are said, with a way to try again
   * (a fresh-eyes pass: a failed read seated its opener at a staked table unasked).
   */
  async function readTerms() {
    setUnread(false);
    const r = await fetch(`/api/games/invite/${encodeURIComponent(link.code)}/terms`).catch(() => null);
    if (r?.status === 404 || r?.status === 400) return claim();
    const terms = r?.ok ? ((await r.json().catch(() => null)) as InviteTerms | null) : null;
    if (!terms) return setUnread(true);
    // A seat already taken says so by the claim (it knows whether it is this account's own).
    if (!terms.claimed && terms.game === "battlemaske" && terms.stake > 0) return setAsk(terms);
    await claim();
  }
  async function claim() {
    const { code, room } = link;
    setAsk(null);
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
      setRefused(e instanceof AccountRefused ? { kind: "account", text: e.text } : { kind: "failed", detail: e instanceof Error ? e.message : String(e) });
    }
  }
  const error = () => {
    const r = refused();
    return r && refusalText(r);
  };
  return (
    <div class="page">
      <h1>{tr("Einladung", "Invite")}</h1>
      <Show when={ask()}>
        {(t) => (
          <div data-testid="invite-terms">
            <p>{t().host ? tr(`${t().host} lädt dich zu einer Partie ein:`, `${t().host} invites you to a game:`) : tr("Du bist zu einer Partie eingeladen:", "You are invited to a game:")}</p>
            <p class="invite-terms">
              <strong>{inviteTermsText(t())}</strong>
            </p>
            <p>
              {tr(`Wer verliert, zahlt ${t().stake} Taler an den anderen.`, `Whoever loses pays ${t().stake} Taler to the other.`)}{" "}
              {t().clock?.type === "fischer" ? tr("Die Uhren laufen, sobald du Platz nimmst.", "The clocks run once you take the seat.") : ""}{" "}
              {tr(
                "Vor der zehnten Karte und den ersten drei Minuten zählt die Partie noch nicht: Wer dann geht, bricht sie ohne Wertung ab.",
                "Before the tenth card and the first three minutes the game does not count yet: leaving then calls it off unrated.",
              )}
            </p>
            <div class="overlay-buttons">
              <button type="button" class="button primary" data-testid="invite-accept" onClick={() => void claim()}>
                {tr("Platz nehmen", "Take the seat")}
              </button>
              <Link class="button" href="/" data-testid="invite-later">
                {tr("Nicht jetzt", "Not now")}
              </Link>
            </div>
          </div>
        )}
      </Show>
      <Show when={unread()}>
        <p role="alert" class="table-error" data-testid="invite-unread">
          {tr("Die Einladung konnte gerade nicht gelesen werden. Noch hast du keinen Platz genommen.", "The invite could not be read just now. You have not taken a seat.")}
        </p>
        <div class="overlay-buttons">
          <button type="button" class="button primary" data-testid="invite-retry" onClick={() => void readTerms()}>
            {tr("Noch einmal versuchen", "Try again")}
          </button>
          <Link class="button" href="/">
            {tr("Zur Startseite", "To the start page")}
          </Link>
        </div>
      </Show>
      <Show when={error()} fallback={<Show when={!ask() && !unread()}><p role="status">{tr("Du setzt dich an den Tisch …", "Taking your seat …")}</p></Show>}>
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
        {/* Refused for now (no account could be made, the network): the link is not spent, so it can be tried again
            without going back to the message it came in (a fresh-eyes pass had only "Zur Startseite"). */}
        <Show when={refused()?.kind === "account" || refused()?.kind === "failed"}>
          <button type="button" class="button primary" data-testid="invite-retry" onClick={() => { setRefused(null); void readTerms(); }}>
            {tr("Noch einmal versuchen", "Try again")}
          </button>{" "}
        </Show>
        <Link class="button" href="/">
          {tr("Zur Startseite", "To the start page")}
        </Link>
      </Show>
    </div>
  );
}
