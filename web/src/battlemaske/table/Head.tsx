// The head line: game and round, your role, the Profi score, help used, the clocks, the connection.
import { Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { Clocks } from "./Clocks";
import { useTable } from "./store";

export function Head(): JSX.Element {
  const { m, rv, v, me, opp, rs, myRole, role } = useTable();
  return (
    <div class="table-head">
      <span>
        {rs() === "zwiegespalten" ? "Zwiegespalten" : "Battlemaske"}
        {v().variant === "profi" ? ` · Profi · ${tr("Partie", "game")} ${v().game}` : ""} · {tr("Runde", "Round")} {v().round}/3
      </span>
      <span data-testid="my-role">
        {tr("Du bist", "You are")} <strong>{role(myRole())}</strong>
      </span>
      <Show when={v().match}>
        {(mt) => (
          <span data-testid="profi-score">
            {/* Whose score is whose: the Maske's points, yours first. */}
            {rs() === "zwiegespalten" ? tr("Punkte als Schatten", "Schatten points") : tr("Punkte als Maske", "Maske points")}: {tr("Du", "You")} {mt().scores[me()]} : {mt().scores[opp()]} {m.opponent[lang()]}
          </span>
        )}
      </Show>
      {/* The agreed terms stay in sight: a rated game and its stake. */}
      <Show when={rv().rated}>
        <span class="terms" data-testid="table-terms">
          {tr("Gewertet", "Rated")}
          {(rv().stake ?? 0) > 0 ? tr(` · Einsatz ${rv().stake} Taler`, ` · stake ${rv().stake} Taler`) : ""}
        </span>
      </Show>
      <Show when={rv().helped[me()]}>
        <span class="helped">{tr("mit Hilfe", "with help")}</span>
      </Show>
      <Show when={rv().clock}>{(c) => <Clocks clock={c()} me={me()} opponent={m.opponent[lang()]} />}</Show>
      <Show when={!m.connected()}>
        <span class="offline" role="status">
          {tr("Verbindung wird wiederhergestellt …", "Reconnecting …")}
        </span>
      </Show>
    </div>
  );
}
