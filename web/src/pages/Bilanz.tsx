// "Bilanz": points, Elo and Taler, wins and losses per game, level and role, and the last games with their logs.
import { createResource, createSignal, For, Show } from "solid-js";
import { settled } from "../ui/settled";
import { AccountRefused, authHeaders, ensureAccount, loadMe } from "../account";
import { dayText, lang, momentText, tr } from "../i18n";
import { Link } from "../router";
import { Summary } from "../ui/Summary";
import { levelName, variantName } from "../goldwaage/names";
import { CopyLink } from "../replay/CopyLink";

interface GameRow {
  id: string;
  kind: string;
  rated: boolean;
  ruleset: string;
  variant: string;
  level: string | null;
  outcome: "win" | "loss" | "draw" | "aborted";
  reason: string;
  opponent: string | null;
  /** The other accounts at the table (a Goldwaage team's other players). */
  others?: Array<{ seat: number; name: string | null }>;
  finishedAt: number;
  /** A daily game whose day still runs: the date (YYYY-MM-DD) from which its whole log is public. */
  logPublicFrom?: string | null;
}

/** A daily game's log as this seat saw it (the archive answers its own player only, with the bearer token). */
async function openOwnLog(id: string): Promise<void> {
  const tab = window.open("", "_blank");
  const r = await fetch(`/api/games/${id}`, { headers: authHeaders(await ensureAccount()) });
  const url = URL.createObjectURL(new Blob([JSON.stringify(await r.json(), null, 2)], { type: "application/json" }));
  if (tab) tab.location.href = url;
  else location.href = url;
}

const PAGE = 30;
async function gamePage(before?: number): Promise<GameRow[]> {
  const r = await fetch(`/api/me/games?limit=${PAGE}${before === undefined ? "" : `&before=${before}`}`, { headers: authHeaders(await ensureAccount()) });
  if (!r.ok) throw new Error(String(r.status));
  return ((await r.json()) as { games: GameRow[] }).games;
}


const LEVELS: Record<string, [string, string]> = {
  leicht: ["Leicht", "Easy"],
  mittel: ["Mittel", "Medium"],
  stark: ["Stark", "Strong"],
  daily: ["Tagesmaskerade", "Daily game"],
  friendly: ["Freundschaftlich", "Friendly"],
  rated: ["Gewertet", "Rated"],
};
const RULESETS: Record<string, string> = { battlemaske: "Battlemaske", zwiegespalten: "Zwiegespalten", goldwaage: "Goldwaage" };
// Goldwaage's levels (the table's, not a computer's) and its records per players and variants ("3p:offene-haende+…").
function goldwaageRole(role: string): string {
  const [players, variants = "normal"] = role.split(":");
  const n = Number.parseInt(players ?? "", 10);
  return `${tr(`${n} Spieler`, `${n} players`)} · ${(variants === "normal" ? tr("ohne Variante", "no variant") : variants.split("+").map(variantName).join(", "))}`;
}
const levelText = (game: string, level: string | null) => (game === "goldwaage" && level ? levelName(level) : labelOf(LEVELS, level));
const roleText = (game: string, role: string) => (game === "goldwaage" ? goldwaageRole(role) : labelOf(game === "zwiegespalten" ? ROLES_ZW : ROLES, role));
const ROLES: Record<string, [string, string]> = { conte: ["Conte", "Conte"], maske: ["Maske", "Maske"], profi: ["Profi", "Profi"] };
// Zwiegespalten's own words: Hüter and Schatten, and the two games with roles swapped are its Rückspiel.
const ROLES_ZW: Record<string, [string, string]> = { conte: ["Hüter", "Keeper"], maske: ["Schatten", "Shadow"], profi: ["Rückspiel", "Return match"] };
const labelOf = (table: Record<string, [string, string]>, key: string | null) => (key && table[key] ? tr(...table[key]!) : (key ?? "–"));

export function BilanzPage() {
  const [me, { refetch: refetchMe }] = createResource(loadMe);
  // Meine Partien page by page: "Mehr" asks for the games finished before the last one shown.
  const [more, setMore] = createSignal<GameRow[]>([]);
  const [exhausted, setExhausted] = createSignal(false);
  const [games, { refetch: refetchGames }] = createResource(async () => {
    const first = await gamePage();
    if (first.length < PAGE) setExhausted(true);
    return first;
  });
  const allGames = () => [...(settled(games) ?? []), ...more()];
  async function loadMore() {
    const last = allGames().at(-1);
    if (!last) return;
    const next = await gamePage(last.finishedAt);
    setMore([...more(), ...next]);
    if (next.length < PAGE) setExhausted(true);
  }
  const outcomeText = (o: GameRow["outcome"]) => ({ win: tr("Sieg", "Win"), loss: tr("Niederlage", "Loss"), draw: tr("Remis", "Draw"), aborted: tr("abgebrochen", "aborted") })[o];
  return (
    <div class="page bilanz">
      <h1>{tr("Bilanz", "Records")}</h1>
      <Show when={me.error || games.error}>
        <p role="alert" class="error">{me.error instanceof AccountRefused ? me.error.text : tr("Die Bilanz ließ sich nicht laden.", "The records could not be loaded.")}</p>
        <button type="button" class="button" data-testid="bilanz-retry" onClick={() => void Promise.all([refetchMe(), refetchGames()])}>
          {tr("Noch einmal versuchen", "Try again")}
        </button>
      </Show>
      <Show when={settled(me)}>
        {(m) => (
          <>
            <Summary me={m()} ids="bilanz" />
            <p>
              <Link href="/rangliste" data-testid="link-ranking">{tr("Zur Rangliste (Punkte und Elo)", "To the ranking (points and Elo)")}</Link>
            </p>
            <h2>{tr("Siege und Niederlagen", "Wins and losses")}</h2>
            <Show when={m().records.length > 0} fallback={<p data-testid="bilanz-empty">{tr("Noch keine beendete Partie.", "No finished game yet.")}</p>}>
              {/* On a phone the three counts' headers shrink to their initials (full words in the title and for screen
                  readers): with the words the table was wider than the screen and its last column was cut off. */}
              <div class="table-wrap">
              <table class="records" data-testid="bilanz-records">
                <thead>
                  <tr>
                    <th scope="col">{tr("Spiel", "Game")}</th>
                    <th scope="col">{tr("Stufe / Art", "Level / kind")}</th>
                    <th scope="col">{tr("Rolle", "Role")}</th>
                    <th scope="col" class="count-col"><span class="col-long">{tr("Siege", "Wins")}</span><abbr class="col-short" title={tr("Siege", "Wins")} aria-hidden="true">{tr("S", "W")}</abbr></th>
                    <th scope="col" class="count-col"><span class="col-long">{tr("Niederlagen", "Losses")}</span><abbr class="col-short" title={tr("Niederlagen", "Losses")} aria-hidden="true">{tr("N", "L")}</abbr></th>
                    <th scope="col" class="count-col"><span class="col-long">{tr("Remis", "Draws")}</span><abbr class="col-short" title={tr("Remis", "Draws")} aria-hidden="true">{tr("R", "D")}</abbr></th>
                  </tr>
                </thead>
                <tbody>
                  <For each={m().records}>
                    {(r) => (
                      <tr data-testid="bilanz-record" data-game={r.game} data-level={r.level} data-role={r.role} data-helped={r.helped ? "true" : "false"} data-wins={r.wins} data-losses={r.losses} data-draws={r.draws}>
                        <td>{RULESETS[r.game] ?? r.game}</td>
                        <td>
                          {levelText(r.game, r.level)}
                          <Show when={r.helped}>
                            {" "}
                            <span class="badge">{tr("mit Hilfe", "with help")}</span>
                          </Show>
                        </td>
                        <td>{roleText(r.game, r.role)}</td>
                        <td>{r.wins}</td>
                        <td>{r.losses}</td>
                        <td>{r.draws}</td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
              </div>
              <p class="small" hidden={!m().records.some((r) => r.helped)}>{tr("„mit Hilfe“: Partien mit „Karte zurück“ oder „Rat“ – sie zählen getrennt.", "“with help”: games with a take-back or a hint – counted separately.")}</p>
            </Show>
          </>
        )}
      </Show>
      <h2>{tr("Meine Partien", "My games")}</h2>
      {/* "Noch keine" only once the games were read (not under the message that they could not be, a fresh-eyes pass). */}
      <Show when={allGames().length > 0} fallback={<Show when={settled(games) !== undefined}><p>{tr("Noch keine.", "None yet.")}</p></Show>}>
        <ul class="game-history" data-testid="bilanz-games">
          <For each={allGames()}>
            {(g) => (
              <li data-testid="my-game" data-id={g.id}>
                <time datetime={new Date(g.finishedAt).toISOString()}>{momentText(g.finishedAt)}</time>{" "}
                {RULESETS[g.ruleset] ?? g.ruleset} · {g.ruleset === "goldwaage" ? levelText("goldwaage", g.level) : labelOf(LEVELS, g.kind === "computer" ? g.level : g.kind === "daily" ? "daily" : g.rated ? "rated" : "friendly")}
                <Show when={g.opponent}>{(o) => <> · {tr("gegen", "vs")} {o()}</>}</Show>
                <Show when={g.ruleset === "goldwaage" && (g.others ?? []).some((o) => o.name)}> · {tr("mit", "with")} {(g.others ?? []).flatMap((o) => (o.name ? [o.name] : [])).join(", ")}</Show> · <strong>{outcomeText(g.outcome)}</strong>{" "}
                {/* A daily game of today: the link says from when (it led to a page saying "not yet": a player pass). */}
                <Link href={`/replay/${g.id}`} data-testid="my-game-replay">
                  {g.logPublicFrom ? tr(`Nachspielen ab ${dayText(g.logPublicFrom, "medium")}`, `Replay from ${dayText(g.logPublicFrom, "medium")}`) : tr("Partie nachspielen", "Replay the game")}
                </Link>{" "}
                <CopyLink path={`/replay/${g.id}`} />{" "}
                <Show
                  when={g.logPublicFrom}
                  fallback={<a href={`/api/games/${g.id}`}>{tr("Protokoll (JSON)", "Log (JSON)")}</a>}
                >
                  {(from) => (
                    <span class="small" data-testid="log-not-yet" data-from={from()}>
                      {tr(`Protokoll (JSON) ab ${dayText(from(), "medium")}, 0 Uhr (Berliner Zeit) – bis dahin`, `Full log (JSON) from ${dayText(from(), "medium")}, 00:00 Berlin time; until then`)}{" "}
                      <a
                        href={`/api/games/${g.id}`}
                        data-testid="own-log"
                        onClick={(e) => {
                          e.preventDefault();
                          void openOwnLog(g.id);
                        }}
                      >
                        {tr("deine Sicht", "your own view")}
                      </a>
                    </span>
                  )}
                </Show>
              </li>
            )}
          </For>
        </ul>
        <Show when={!exhausted()}>
          <button type="button" class="button quiet" data-testid="my-games-more" onClick={() => void loadMore()}>
            {tr("Mehr", "More")}
          </button>
        </Show>
      </Show>
    </div>
  );
}
