// The Wartesaal's Goldwaage tables: every open table live (its creator, who joined, the free seats, level and
// variants), a form to open one (the setup page's choices), join / leave, and for its creator "Starten" and
// "Schließen". The creator decides when it begins: the seats still free then are computer team-mates. A started
// table sends each page its own seat, which is saved before the page goes to the table.
import { createSignal, For, onCleanup, Show } from "solid-js";
import type { Options } from "../../../shared/goldwaage/events";
import type { GwTable, GwTableEnd } from "../../../shared/lobby";
import { GoldwaageChoices } from "../goldwaage/Choices";
import { levelName, variantName } from "../goldwaage/names";
import { tr } from "../i18n";
import type { connectLobby } from "../lobby";
import { saveSession } from "../room/session";
import { createNotice } from "../ui/notice";
import { navigate } from "../router";

type LobbySocket = ReturnType<typeof connectLobby>;
type Choice = Pick<Options, "players" | "level"> & { variants: Options["variants"][number][] };

const DEFAULT_CHOICE: Choice = { players: 3, level: "normal", variants: [] };

/** The options in words: "3 Spieler · Normal · Ruhige Waage". */
export function optionsText(o: Options): string {
  const variants = o.variants.length ? o.variants.map(variantName).join(", ") : tr("ohne Varianten", "no variants");
  return [tr(`${o.players} Spieler`, `${o.players} players`), tr(`Stufe ${levelName(o.level)}`, `Level ${levelName(o.level)}`), variants].join(" · ");
}

const free = (t: GwTable) => t.options.players - t.players.length;

function Button(props: { id: string; kind?: "primary" | "quiet"; disabled?: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" class={props.kind ? `button ${props.kind}` : "button"} data-testid={props.id} disabled={props.disabled} onClick={() => props.onClick()}>
      {props.children}
    </button>
  );
}

export function GoldwaageTables(props: { lobby: LobbySocket }) {
  const [form, setForm] = createSignal<Choice | null>(null);
  // Gone after a while, and when the player starts something new (see ui/notice.ts).
  const notice = createNotice();
  const lobby = props.lobby;
  const stop = lobby.listen((m) => {
    if (m.type === "gw-matched") {
      const computers = m.players.flatMap((name, seat) => (name === null ? [seat] : []));
      saveSession({ room: m.room, seat: m.seat, seatToken: m.seatToken, clientSeq: 0, kind: "online", level: m.level, game: "goldwaage", computers, from: "wartesaal" });
      navigate(`/partie/${m.room}`);
    } else if (m.type === "gw-ended") {
      const by = m.by ?? "";
      const texts: Record<GwTableEnd, (() => string) | null> = {
        started: null,
        closed: () => tr(`${by} hat den Goldwaage-Tisch geschlossen.`, `${by} closed the Goldwaage table.`),
        // Not by its page: the connection broke (a fresh-eyes pass: one player read "left", another "connection lost").
        left: () => (m.lost ? tr(`Die Verbindung von ${by} zum Wartesaal ist abgerissen; der Goldwaage-Tisch ist aufgelöst.`, `${by}'s connection to the lobby was lost; the Goldwaage table is gone.`) : tr(`${by} hat den Wartesaal verlassen; der Goldwaage-Tisch ist aufgelöst.`, `${by} has left the lobby; the Goldwaage table is gone.`)),
        failed: () => tr("Der Goldwaage-Tisch konnte nicht geöffnet werden.", "The Goldwaage table could not be opened."),
      };
      const text = texts[m.how];
      if (text) notice.show(text);
    }
  });
  onCleanup(stop);

  const you = () => lobby.you();
  /** The table this page's account sits at (as creator or joined), if any: one at a time. */
  const mine = () => lobby.gwTables().find((t) => t.players.includes(you() ?? ""));

  /** A message of the player's own doing: the notice before it is cleared. */
  const act = (m: Parameters<typeof lobby.send>[0]) => {
    notice.clear();
    lobby.send(m);
  };

  function open() {
    const c = form();
    if (!c) return;
    notice.clear();
    lobby.send({ type: "gw-open", options: { players: c.players, level: c.level, variants: [...c.variants] } });
    setForm(null);
  }

  return (
    <section aria-labelledby="gw-tables-title" class="lobby-gw">
      <h2 id="gw-tables-title">{tr("Goldwaage-Tische", "Goldwaage tables")}</h2>
      <p class="lobby-gw-note">{tr("Ein offener Tisch beginnt, wenn sein Gastgeber auf „Starten“ drückt; freie Plätze spielen dann Computer-Teamkameraden.", "An open table begins when its host presses “Start”; the seats still free are then played by computer team-mates.")}</p>
      <Show when={notice.text()}>
        <p role="status" class="lobby-notice" data-testid="gw-notice">{notice.text()?.()}</p>
      </Show>
      <ul class="lobby-list">
        <For each={lobby.gwTables()}>
          {(t) => {
            const host = () => t.from === you();
            const seated = () => t.players.includes(you() ?? "");
            return (
              <li data-testid="gw-table" data-from={t.from} data-players={t.options.players} data-joined={t.players.length}>
                <strong>{host() ? tr("Dein Tisch", "Your table") : tr(`Tisch von ${t.from}`, `${t.from}'s table`)}</strong> <span>{optionsText(t.options)}</span>
                <p class="lobby-gw-seats" data-testid="gw-seats">
                  {tr(`Am Tisch: ${t.players.join(", ")}`, `At the table: ${t.players.join(", ")}`)}
                  {" · "}
                  {free(t) === 0 ? tr("voll", "full") : tr(`${free(t)} ${free(t) === 1 ? "Platz" : "Plätze"} frei`, `${free(t)} seat${free(t) === 1 ? "" : "s"} free`)}
                </p>
                <div class="choice-row">
                  <Show when={host()}>
                    <Button id="gw-start" kind="primary" onClick={() => act({ type: "gw-start", id: t.id })}>
                      {free(t) === 0 ? tr("Starten", "Start") : tr(`Starten (${free(t)} × Computer)`, `Start (${free(t)} × computer)`)}
                    </Button>
                    <Button id="gw-close" kind="quiet" onClick={() => act({ type: "gw-close", id: t.id })}>{tr("Tisch schließen", "Close the table")}</Button>
                  </Show>
                  <Show when={!host() && seated()}>
                    <small>{tr(`Du sitzt hier; ${t.from} startet.`, `You are seated; ${t.from} starts.`)}</small>
                    <Button id="gw-leave" kind="quiet" onClick={() => act({ type: "gw-leave", id: t.id })}>{tr("Aufstehen", "Leave the table")}</Button>
                  </Show>
                  <Show when={!seated()}>
                    <Button id="gw-join" kind="primary" disabled={free(t) === 0 || mine() !== undefined} onClick={() => act({ type: "gw-join", id: t.id })}>
                      {tr("Mitspielen", "Join")}
                    </Button>
                  </Show>
                </div>
              </li>
            );
          }}
        </For>
      </ul>
      {/* While the lobby is not connected the list is unknown, not empty (a fresh-eyes pass read "kein Tisch offen"). */}
      <Show when={lobby.connected() && lobby.gwTables().length === 0}>
        <p>{tr("Gerade ist kein Goldwaage-Tisch offen.", "No Goldwaage table is open right now.")}</p>
      </Show>
      <Show
        when={form()}
        fallback={
          <Show when={mine() === undefined}>
            <Button id="gw-create" disabled={!lobby.connected()} onClick={() => { notice.clear(); setForm({ ...DEFAULT_CHOICE }); }}>{tr("Goldwaage-Tisch öffnen", "Open a Goldwaage table")}</Button>
          </Show>
        }
      >
        {(c) => (
          <div class="setup gw-lobby-form" data-testid="gw-form">
            <h3>{tr("Einen Goldwaage-Tisch anbieten", "Offer a Goldwaage table")}</h3>
            <GoldwaageChoices choice={c()} onPlayers={(players) => setForm((x) => x && { ...x, players })} onChange={(o) => setForm((x) => x && { ...x, ...o })} />
            <div class="setup-go">
              <Button id="gw-open" kind="primary" disabled={!lobby.connected()} onClick={open}>{tr("Tisch anbieten", "Offer the table")}</Button>
              <Button id="gw-cancel" kind="quiet" onClick={() => setForm(null)}>{tr("Abbrechen", "Cancel")}</Button>
            </div>
          </div>
        )}
      </Show>
    </section>
  );
}
