// The turn line: whose move it is and what to do now, in words.
import type { JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function Turn(): JSX.Element {
  const { m, rv, v, me, elixir, picking, myTurn } = useTable();
  const status = (): string => {
    const vv = v();
    if (rv().over) return tr("Die Partie ist vorbei.", "The game is over.");
    if (vv.phase === "setup") return tr("Warte auf deinen Freund …", "Waiting for your friend …");
    if (vv.phase === "exchange" || vv.phase === "swap") {
      const what = vv.phase === "exchange" ? tr("zum Tauschen", "to exchange") : tr("für den Gier-Tausch", "for the greed swap");
      if (vv.waitingFor.includes(me())) return tr(`Wähle ${vv.pickCount} ${vv.pickCount === 1 ? "Karte" : "Karten"} ${what}.`, `Pick ${vv.pickCount} card${vv.pickCount === 1 ? "" : "s"} ${what}.`);
      return m.kind === "computer" || m.kind === "daily" ? tr("Der Computer wählt …", "The computer is picking …") : tr("Warte auf die Wahl des Gegners …", "Waiting for the opponent's pick …");
    }
    if (vv.turn === me()) {
      if (elixir()) return tr("Sag eine Farbe an.", "Name a suit.");
      return vv.trick.length === 0 ? tr("Du spielst aus.", "Your lead.") : tr("Du bist am Zug: bediene oder trumpfe.", "Your turn: follow or beat it.");
    }
    return m.kind === "computer" || m.kind === "daily" ? tr("Der Computer überlegt …", "The computer is thinking …") : tr("Der Gegner ist am Zug.", "The opponent's turn.");
  };
  return (
    <p class="turn" data-testid="turn" data-my-turn={myTurn() || picking() ? "true" : "false"} aria-live="polite">
      {status()}
    </p>
  );
}
