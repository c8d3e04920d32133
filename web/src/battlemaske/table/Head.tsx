// The head line: game and round, your role, the Profi score, help used, the clocks, the connection.
import { Show, type JSX } from "solid-js";
import { lang, tr } from "../../i18n";
import { roleOf } from "../../../../shared/battlemaske/state";
import { label, roleName } from "../../../../shared/battlemaske/words";
import { firstRoleTag, matchPeople } from "../log";
import { Clocks } from "./Clocks";
import { useTable } from "./store";

export function Head(): JSX.Element {
  const { m, rv, v, me, opp, rs, myRole, role, roundOpen } = useTable();
  // While a round's table is open the head names that round (it named the next one behind "Runde 1 vorbei", a player
  // pass); the next round is named once the table is closed.
  const ended = roundOpen;
  // So does the role: behind a Profi match's first game's last round table it said the second game's (a fresh-eyes pass).
  const shownRole = () => {
    const r = ended();
    return r && r.game !== v().game ? roleOf({ game: r.game }, me()) : myRole();
  };
  /** At one shared device both players look at the screen: the round table and the game's end. */
  const bothLook = () => m.kind === "hotseat" && (rv().over || roundOpen() !== null);
  /**
   * A seat's name in the Profi score: you and the other side, a spectator's both names, or at one shared device each seat
   * by its first role, as the result names them ("Du 0 : 2 Gegenüber" named nobody there).
   */
  const scoreName = (seat: 0 | 1): string => {
    // The seat in front is marked: beside "Du bist Maske" in the second game "Erste Maske 10" read as one's own score.
    if (m.kind === "hotseat") return label(matchPeople(rs(), null, m.opponent)[seat], lang()) + (seat === me() && !bothLook() ? tr(" (du)", " (you)") : "");
    if (seat !== me()) return m.opponent[lang()];
    return m.spectator && m.seatName ? m.seatName(0)[lang()] : tr("Du", "You");
  };
  return (
    <div class="table-head">
      <span>
        {/* The game's name gives its room to the role on the shortest phones in a Profi match (its score took a third line
            there and pushed the trick's effect under the turn line: a fresh-eyes pass); a screen reader still hears it. */}
        <span class="head-game">{rs() === "zwiegespalten" ? "Zwiegespalten" : "Battlemaske"} · </span>
        {v().variant === "profi" ? `Profi · ${tr("Partie", "Game")} ${ended()?.game ?? v().game} · ` : ""}
        {tr("Runde", "Round")} {ended()?.round ?? v().round}/3{" "}
        {/* The rules beside the game, in a tab of their own (the table stays): Goldwaage's table had them, this one not. */}
        <a href={`/regeln/${rs()}`} target="_blank" rel="noopener" data-testid="rules-link">
          {tr("Regeln", "Rules")}
        </a>
      </span>
      <Show
        when={!m.spectator}
        fallback={
          <span data-testid="spectating">
            {tr("Du schaust zu", "You are watching")}: <strong>{m.seatName?.(0)[lang()]}</strong> ({role(v().roles[0])}) – <strong>{m.seatName?.(1)[lang()]}</strong> ({role(v().roles[1])})
            {/* The players see when the other's socket is gone; a spectator was not told (a player pass). */}
            {/* A seat still waiting for its player is not "disconnected": nobody has sat there yet. */}
            <Show when={!rv().over && m.seatsConnected?.()?.some((c, s) => !c && !rv().waitingFor.includes(s))}>
              {" "}
              <span class="spectator-away" role="status" data-testid="spectator-away">
                {(m.seatsConnected?.() ?? [])
                  .map((c, s) => (c || rv().waitingFor.includes(s) ? null : { n: m.seatName?.(s as 0 | 1)[lang()], late: m.seatsLate?.().includes(s) === true }))
                  .filter((x) => x !== null)
                  // Never came since the deal: the game is called off within the minute if that stays so (ADR 041).
                  .map((x) => (x.late ? tr(`${x.n} noch nicht an den Tisch gekommen`, `${x.n} has not come to the table yet`) : tr(`${x.n} getrennt`, `${x.n} disconnected`)))
                  .join(" · ")}
              </span>
            </Show>
          </span>
        }
      >
        {/* At one shared device "Du bist Maske" named nobody while both look: the round table and the game's end (a
            player pass). */}
        <span data-testid="my-role">
          <Show when={bothLook()} fallback={
              <>
                {tr("Du bist", "You are the")} <strong>{role(shownRole())}</strong>
                {/* At one shared device in a Profi match's second game: the name the score uses ("Erster Conte (du)" under
                    "Du bist Maske" read as a contradiction, a fresh-eyes pass). */}
                <Show when={m.kind === "hotseat" && v().match && (ended()?.game ?? v().game) === 2}>{` (${firstRoleTag(rs(), me(), lang())})`}</Show>
              </>
            }>
            {tr("Zu zweit an einem Gerät", "Two players, one device")}
          </Show>
        </span>
      </Show>
      <Show when={v().match}>
        {(mt) => (
          <span data-testid="profi-score">
            {/* Whose score is whose: the Maske's points, yours first. */}
            {/* The role in the reader's language ("Schatten points" was German in the English line). */}
            {tr(`Punkte als ${roleName(rs(), "maske", "de")}`, `Points as the ${roleName(rs(), "maske", "en")}`)}: {(() => {
              // At one shared device the seats keep their places (the numbers jumped sides with every handover).
              const [a, b] = m.kind === "hotseat" ? ([0, 1] as const) : [me(), opp()];
              return `${scoreName(a)} ${mt().scores[a]} : ${mt().scores[b]} ${scoreName(b)}`;
            })()}
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
      {/* At one shared device the clocks are the roles' ("Du 3:18 · Gegenüber 3:17" named nobody: a player pass). */}
      <Show when={rv().clock}>
        {(c) => <Clocks clock={c()} me={me()} opponent={m.kind === "hotseat" ? role(v().roles[opp()]) : m.opponent[lang()]} {...(m.spectator && m.seatName ? { meName: m.seatName(0)[lang()] } : m.kind === "hotseat" ? { meName: role(v().roles[me()]) } : {})} />}
      </Show>
      {/* Everyone at the table sees how many watch. */}
      <Show when={(m.watchers?.() ?? 0) > 0}>
        <span class="watchers" data-testid="watchers" data-count={m.watchers!()}>
          {m.watchers!()} {tr("Zuschauer", m.watchers!() === 1 ? "spectator" : "spectators")}
        </span>
      </Show>
      <Show when={!m.connected()}>
        <span class="connection-lost" role="status" data-testid="reconnecting">
          {tr("Verbindung wird wiederhergestellt …", "Reconnecting …")}
        </span>
      </Show>
    </div>
  );
}
