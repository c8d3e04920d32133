// "Rangliste": the top 100 by points or by Elo over everyone who has played a rated game, and this browser's own place
// (also when it is below the top). Read without creating an account: a visitor without one just sees the list.
import { createResource, createSignal, For, Show } from "solid-js";
import { authHeaders, storedAccount } from "../account";
import { num, tr } from "../i18n";
import { Link } from "../router";
import { ChoiceRow } from "../ui/ChoiceRow";

type By = "points" | "elo";
interface Entry {
  place: number;
  name: string | null;
  points: number;
  elo: number;
  ratedGames: number;
}
interface Ranking {
  by: By;
  total: number;
  top: Entry[];
  me: Entry | null;
  unranked?: boolean;
}

async function load(by: By): Promise<Ranking> {
  const r = await fetch(`/api/ranking?by=${by}`, { headers: authHeaders(storedAccount()) });
  if (!r.ok) throw new Error(String(r.status));
  return (await r.json()) as Ranking;
}

export function RankingPage() {
  const [by, setBy] = createSignal<By>("points");
  const [ranking] = createResource(by, load);
  const nameOf = (e: Entry) => e.name ?? tr("(ohne Namen)", "(no name)");
  const row = (e: Entry, mine: boolean) => (
    <tr data-testid={mine ? "ranking-me" : "ranking-row"} data-name={e.name ?? ""} data-place={e.place} class={mine ? "mine" : undefined} aria-current={mine ? "true" : undefined}>
      <td>{e.place}</td>
      <th scope="row">{nameOf(e)}</th>
      <td>{num(e.points)}</td>
      <td>{e.elo}</td>
      <td>{e.ratedGames}</td>
    </tr>
  );
  return (
    <div class="page ranking">
      <h1>{tr("Rangliste", "Ranking")}</h1>
      <p>{tr("Alle, die schon eine gewertete Partie gespielt haben: +10 Punkte für einen Sieg, −10 für eine Niederlage; Elo nach der Stärke des Gegners.", "Everyone who has played a rated game: +10 points for a win, −10 for a loss; Elo by the opponent's strength.")}</p>
      <ChoiceRow
        options={[
          { id: "ranking-by-points", value: "points", text: tr("Nach Punkten", "By points") },
          { id: "ranking-by-elo", value: "elo", text: tr("Nach Elo", "By Elo") },
        ] as const}
        current={by()}
        onChoose={setBy}
      />
      <Show when={ranking.error}>
        <p role="alert" class="error">{tr("Die Rangliste ließ sich nicht laden.", "The ranking could not be loaded.")}</p>
      </Show>
      <Show when={ranking.latest} keyed>
        {(r) => (
          <>
            <Show when={r.me} fallback={<p data-testid="ranking-mine">{r.unranked ? tr("Du stehst noch nicht in der Rangliste: spiele eine gewertete Partie im Wartesaal.", "You are not in the ranking yet: play a rated game in the lobby.") : ""}</p>}>
              {(me) => <p data-testid="ranking-mine">{tr(`Dein Platz: ${me().place} von ${r.total}.`, `Your place: ${me().place} of ${r.total}.`)}</p>}
            </Show>
            <Show when={r.top.length > 0} fallback={<p>{tr("Noch hat niemand gewertet gespielt.", "Nobody has played a rated game yet.")}</p>}>
              <div class="table-wrap">
                <table class="records" data-testid="ranking">
                  <caption class="visually-hidden">{r.by === "points" ? tr("Rangliste nach Punkten", "Ranking by points") : tr("Rangliste nach Elo", "Ranking by Elo")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{tr("Platz", "Place")}</th>
                      <th scope="col">{tr("Name", "Name")}</th>
                      <th scope="col">{tr("Punkte", "Points")}</th>
                      <th scope="col">Elo</th>
                      <th scope="col">{tr("Partien", "Games")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    <For each={r.top}>{(e) => row(e, r.me !== null && e.name === r.me.name)}</For>
                  </tbody>
                  {/* Below the top 100: the own row after a gap. */}
                  <Show when={r.me && r.me.place > r.top.length}>
                    <tbody class="ranking-own">{row(r.me!, true)}</tbody>
                  </Show>
                </table>
              </div>
            </Show>
          </>
        )}
      </Show>
      <p>
        <Link href="/wartesaal">{tr("Zum Wartesaal", "To the lobby")}</Link> · <Link href="/bilanz">{tr("Deine Bilanz", "Your records")}</Link>
      </p>
    </div>
  );
}
