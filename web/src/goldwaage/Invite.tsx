// "/einladung/goldwaage/<code>#<room>": an invited person sees the table's settings and who is still missing (read as a
// spectator from the room's waiting view), then takes the seat with one click (POST /api/goldwaage/invite).
import { createSignal, onCleanup, onMount, Show } from "solid-js";
import { goldwaageGame } from "../../../shared/goldwaage/game";
import type { View } from "../../../shared/goldwaage/view";
import { authHeaders, ensureAccount } from "../account";
import { tr } from "../i18n";
import { loadSession, ROOM_NAME, saveSession } from "../room/session";
import { Link, navigate } from "../router";
import { levelName, variantName } from "./names";
import { calledOffInviteText } from "../ui/LeaveDialog";
import "./goldwaage.css";

/** The link one invited seat opens. */
export const goldwaageInviteLink = (room: string, code: string) => `${location.origin}/einladung/goldwaage/${code}#${room}`;

interface Preview {
  game: View;
  waitingFor: readonly number[];
  /** The game at this table has ended: the link is spent, its replay is what is left to see. */
  over: boolean;
  /** Its host called the table off before the deal: the link will never seat anyone. */
  cancelled: boolean;
  /** Who sits where already (the room's names and computer seats), so the invited person knows the table. */
  names: ReadonlyArray<string | null>;
  computers: readonly number[];
}

export function GoldwaageInvite(props: { code: string }) {
  let room = location.hash.slice(1);
  const [preview, setPreview] = createSignal<Preview | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const [busy, setBusy] = createSignal(false);
  let ws: WebSocket | null = null;
  onMount(async () => {
    // A link whose #room was dropped (some messengers do): the invite itself says where its seat is.
    if (!ROOM_NAME.test(room)) {
      const r = await fetch(`/api/games/invite/${encodeURIComponent(props.code)}`).catch(() => null);
      const found = r?.ok ? ((await r.json()) as { room: string; game: string }) : null;
      if (!found || found.game !== "goldwaage") return setError(tr("Diese Einladung gilt nicht.", "This invite is not valid."));
      room = found.room;
    }
    if (loadSession(room)) return navigate(`/partie/${room}`);
    // As a spectator: the table before the deal shows its players, level, variants and the seats still free.
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/parties/${goldwaageGame.party}/${room}`);
    ws.onopen = () => ws?.send(JSON.stringify({ type: "hello", protocol: 1 }));
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as { type: string; view?: { game: View; waitingFor: number[]; over?: boolean; cancelled?: unknown; names?: Array<string | null>; computers?: number[] } };
      if ((m.type === "welcome" || m.type === "state") && m.view) setPreview({ game: m.view.game, waitingFor: m.view.waitingFor, over: m.view.over === true, cancelled: m.view.cancelled !== undefined, names: m.view.names ?? [], computers: m.view.computers ?? [] });
    };
  });
  onCleanup(() => ws?.close(1000));

  async function join() {
    setBusy(true);
    setError(null);
    try {
      const account = await ensureAccount();
      const r = await fetch("/api/goldwaage/invite", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(account) }, body: JSON.stringify({ room, invite: props.code }) });
      if (r.status === 409) {
        const { error: code } = (await r.json().catch(() => ({}))) as { error?: string };
        throw new Error(
          code === "OWN_INVITE"
            ? tr("Du sitzt schon an diesem Tisch – schick den Link weiter.", "You already hold a seat at this table – pass the link on.")
            : code === "TABLE_CANCELLED"
              ? calledOffInviteText()
              : tr("Diese Einladung wurde schon angenommen.", "This invite has already been used."),
        );
      }
      if (!r.ok) throw new Error(tr(`Die Einladung gilt nicht (${r.status}).`, `The invite is not valid (${r.status}).`));
      const b = (await r.json()) as { room: string; seat: number; seatToken: string };
      saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: "online", game: "goldwaage" });
      navigate(`/partie/${b.room}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  const level = levelName;
  return (
    <div class="page setup">
      <h1>{tr("Einladung zur Goldwaage", "Invitation to Goldwaage")}</h1>
      <Show when={preview()} fallback={<Show when={!error()}><p role="status">{tr("Der Tisch wird geladen …", "Loading the table …")}</p></Show>}>
        {(p) => (
          <dl class="gw-invite-settings" data-testid="gw-invite-settings">
            <dt>{tr("Spieler", "Players")}</dt>
            <dd>{p().game.players}</dd>
            <dt>{tr("Stufe", "Level")}</dt>
            <dd>{level(p().game.level)}</dd>
            <dt>{tr("Varianten", "Variants")}</dt>
            <dd>{p().game.variants.length ? p().game.variants.map(variantName).join(", ") : tr("keine", "none")}</dd>
            <dt>{tr("Am Tisch", "At the table")}</dt>
            <dd data-testid="gw-invite-seats">
              {Array.from({ length: p().game.players }, (_, x) => {
                const who = p().computers.includes(x)
                  ? tr("Computer", "computer")
                  : p().waitingFor.includes(x)
                    ? p().cancelled
                      ? tr("–", "–")
                      : tr("frei", "free")
                    : (p().names[x] ?? tr("Gast", "guest"));
                return tr(`Platz ${x + 1}: ${who}`, `seat ${x + 1}: ${who}`);
              }).join(" · ")}
            </dd>
            <Show when={!p().cancelled}>
              <dt>{tr("Noch frei", "Still free")}</dt>
              <dd>{p().waitingFor.length ? p().waitingFor.map((s) => tr(`Platz ${s + 1}`, `seat ${s + 1}`)).join(", ") : tr("kein Platz – der Tisch ist voll", "no seat – the table is full")}</dd>
            </Show>
          </dl>
        )}
      </Show>
      <Show when={preview()?.cancelled}>
        <p role="status" data-testid="gw-invite-cancelled">
          {calledOffInviteText()}
        </p>
      </Show>
      {/* A spent link said only "the table is full" under a greyed button (a player pass): say what happened. */}
      <Show when={preview() && !preview()!.cancelled && preview()!.waitingFor.length === 0}>
        <p role="status" data-testid="gw-invite-spent">
          {preview()!.over
            ? tr("An diesem Tisch ist schon gespielt worden: Die Partie ist vorbei.", "This table has played: the game is over.")
            : tr("Alle Plätze sind besetzt: Die Partie läuft schon.", "Every seat is taken: the game is under way.")}{" "}
          <Show when={preview()!.over}>
            <Link href={`/replay/${room}`} data-testid="gw-invite-replay">{tr("Partie nachspielen", "Replay the game")}</Link>
          </Show>
        </p>
      </Show>
      <p class="gw-note">
        {preview()?.game.level === "profi"
          ? tr("Goldwaage ist ein Teamspiel: Während einer Runde wird nicht geredet, und auf Profi liegt keine Karte offen – eure Züge sind euer einziges Signal.", "Goldwaage is a team game: nobody talks during a round, and on Profi no card lies open – your plays are your only signal.")
          : tr("Goldwaage ist ein Teamspiel: Während einer Runde wird nicht geredet – eure offene Karte ist euer einziges Signal.", "Goldwaage is a team game: nobody talks during a round – your open card is your only signal.")}
      </p>
      <Show when={error()}>
        <p role="alert" class="table-error">
          {error()}
        </p>
      </Show>
      <div class="setup-go">
        <Show when={!preview()?.cancelled}>
        <button type="button" class="button primary big" data-testid="gw-join" disabled={busy() || !preview() || preview()!.cancelled || preview()!.waitingFor.length === 0} onClick={() => void join()}>
          {tr("Platz nehmen", "Take the seat")}
        </button>
        </Show>
        <Link class="button quiet" href="/regeln/goldwaage">
          {tr("Regeln lesen", "Read the rules")}
        </Link>
      </div>
    </div>
  );
}
