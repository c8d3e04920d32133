// What a rated game moved, on the result: points, Elo and Taler before → after. The standing is read when the table
// opens (RoomTable's `standingBefore`) and again once the Worker has booked the game (its rated-game count grew); a
// page opened after the end has no "before" and shows nothing here (the Bilanz has it).
import { createResource, Show, type JSX } from "solid-js";
import { loadMe, type Me } from "../../account";
import { num, tr } from "../../i18n";
import { useTable } from "./store";

const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? "±0" : num(n));

/** The standing once it counts this game (asked a few times: the room reports the end a moment after it). */
async function booked(before: Me): Promise<Me | null> {
  for (let i = 0; i < 12; i++) {
    const now = await loadMe().catch(() => null);
    if (now && now.ratedGames > before.ratedGames) return now;
    await new Promise((r) => setTimeout(r, 750));
  }
  return null;
}

export function RatedChange(): JSX.Element {
  const { m, rv } = useTable();
  const counts = () => m.rated === true && !m.spectator && rv().over && rv().result?.reason !== "aborted" ? m.standingBefore?.() ?? null : null;
  const [after] = createResource(counts, booked);
  return (
    <Show when={counts() && after()} keyed>
      {(now) => {
        const before = counts()!;
        return (
          <p class="rated-change" data-testid="rated-change" data-points={now.points - before.points} data-taler={now.taler - before.taler}>
            {tr("Punkte", "Points")} <b>{signed(now.points - before.points)}</b> ({num(now.points)}) · Elo <b>{signed(now.elo - before.elo)}</b> ({num(now.elo)}) · Taler <b>{signed(now.taler - before.taler)}</b> ({num(now.taler)})
          </p>
        );
      }}
    </Show>
  );
}
