// The turn line: whose move it is and what to do now, in words; while a batch plays out, what is happening in it.
import { Show, type JSX } from "solid-js";
import type { Seat } from "../../../../shared/battlemaske/events";
import { byRole, COMPUTER, OPPONENT, roleName, subject, verb, YOU, type Person } from "../../../../shared/battlemaske/words";
import { lang, tr } from "../../i18n";
import { cardLabel } from "../cards";
import { effectText } from "../log";
import { useTable } from "./store";

export function Turn(): JSX.Element {
  const { m, rv, v, me, rs, elixir, picking, myTurn, staged, leaving, pickSent } = useTable();
  const computer = () => m.kind === "computer" || m.kind === "daily";
  // At one shared device (hot-seat) both players read this line: "Du" and "Dein Gegner" named nobody. There a seat is its
  // role, as the trick's box, the log and the curtain name it: "Die Maske nimmt den Stich.", "Conte, du spielst aus."
  const hotseat = m.kind === "hotseat";
  /** Who sits in `seat`, for a player's line: you, the computer or your opponent; at one shared device the role. */
  const person = (seat: Seat): Person => (hotseat ? byRole(rs(), v().roles[seat]!) : seat === me() ? YOU : computer() ? COMPUTER : OPPONENT);
  /** "Die Maske nimmt den Stich." / "Du nimmst den Stich." — the subject with its verb, at the start of a sentence. */
  const does = (seat: Seat, l: "de" | "en", you: string, other: string) => `${subject(person(seat), l, true)} ${verb(person(seat), you, other)}`;
  /**
   * What the seat in front of the screen is asked to do ("Wähle 1 Karte zum Tauschen."): at one shared device called by
   * its role first ("Maske, wähle 1 Karte zum Tauschen."), so that both know whose move it is; elsewhere as it stands.
   */
  const asked = (de: string, en: string): string => {
    if (!hotseat) return tr(de, en);
    const call = (l: "de" | "en", s: string) => `${roleName(rs(), v().roles[me()]!, l)}, ${s.charAt(0).toLowerCase()}${s.slice(1)}`;
    return tr(call("de", de), call("en", en));
  };
  /** The frame on the table: the card just played, or the trick taken (with its effect). */
  const happening = (): string | null => {
    const st = staged();
    if (!st) {
      // Sent, not yet answered: it is your card that goes to the table, nobody else's move.
      const c = leaving();
      return c && m.busy() ? tr(`${does(me(), "de", "spielst", "spielt")} ${cardLabel(rs(), c, "de")} …`, `${does(me(), "en", "play", "plays")} ${cardLabel(rs(), c, "en")} …`) : null;
    }
    if (st.taken) {
      const w: Seat = st.taken.winner;
      return tr(`${does(w, "de", "nimmst", "nimmt")} den Stich.`, `${does(w, "en", "take", "takes")} the trick.`);
    }
    const last = st.trick[st.trick.length - 1];
    if (!last) return null;
    const card = (l: "de" | "en") => cardLabel(rs(), last.card, l);
    return tr(`${does(last.seat, "de", "spielst", "spielt")} ${card("de")}.`, `${does(last.seat, "en", "play", "plays")} ${card("en")}.`);
  };
  /** A spectator's line: the same moments, every side by its name. */
  const watched = (): string => {
    const name = (s: Seat) => m.seatName?.(s)[lang()] ?? "";
    const st = staged();
    const last = st?.trick[st.trick.length - 1];
    if (st?.taken) {
      const w: Seat = st.taken.winner;
      return tr(`${name(w)} nimmt den Stich.`, `${name(w)} takes the trick.`);
    }
    if (last) return tr(`${name(last.seat)} spielt ${cardLabel(rs(), last.card, "de")}.`, `${name(last.seat)} plays ${cardLabel(rs(), last.card, "en")}.`);
    const vv = v();
    if (rv().over) return tr("Die Partie ist vorbei.", "The game is over.");
    if (rv().cancelled) return tr("Der Tisch ist aufgelöst.", "The table is called off.");
    // Before the deal the felt showed a free seat and nothing else: nothing said the game had not begun (a fresh-eyes pass).
    if (vv.phase === "setup") return tr("Die Partie beginnt, sobald der zweite Spieler da ist …", "The game starts once the second player is here …");
    if (vv.phase === "exchange" || vv.phase === "swap") {
      const who = vv.waitingFor.map(name).join(tr(" und ", " and "));
      // Both still picking: "wählen" (plural); one: "wählt".
      const picks = vv.waitingFor.length > 1 ? "wählen" : "wählt";
      return vv.phase === "exchange" ? tr(`Tausch: ${who} ${picks} noch …`, `Exchange: ${who} still picking …`) : tr(`Kartentausch: ${who} ${picks} noch …`, `Swap: ${who} still picking …`);
    }
    return vv.turn === null ? "" : tr(`${name(vv.turn)} ist am Zug.`, `${name(vv.turn)} to play.`);
  };
  /**
   * The effect of the trick being gathered, said after "… nimmt den Stich." for a screen reader only: the trick's box
   * shows it under the cards (Trick), and a player pass read the Stolz sentence twice at once — on a phone the turn
   * line's copy was cut off besides. Gier after the round's last trick swaps nothing: the sentence says so (st.left).
   */
  const takenEffect = (): string | null => {
    const t = staged()?.taken;
    if (!t?.effect) return null;
    const nameOf = (seat: Seat): Person | Record<"de" | "en", string> => {
      const name = m.spectator ? (m.seatName?.(seat)[lang()] ?? "") : null;
      return name === null ? person(seat) : { de: name, en: name };
    };
    return effectText(t.effect, t.stolen, nameOf(t.winner), lang(), rs(), staged()!.left, nameOf(t.winner === 0 ? 1 : 0));
  };
  const status = (): string => {
    if (m.spectator) return watched();
    const now = happening();
    if (now) return now;
    const vv = v();
    if (rv().over) return tr("Die Partie ist vorbei.", "The game is over.");
    if (rv().cancelled) return tr("Der Tisch ist aufgelöst.", "The table is called off.");
    if (vv.phase === "setup") return tr("Warte auf deinen Freund …", "Waiting for your friend …");
    if (vv.phase === "exchange" || vv.phase === "swap") {
      const what = vv.phase === "exchange" ? tr("zum Tauschen", "to exchange") : rs() === "zwiegespalten" ? tr("zum Kartentausch (♦ Karo)", "for the ♦ swap") : tr("für den Gier-Tausch", "for the greed swap");
      if (vv.waitingFor.includes(me()) && pickSent()) return asked("Deine Wahl ist unterwegs …", "Your pick is on its way …");
      if (vv.waitingFor.includes(me())) return asked(`Wähle ${vv.pickCount} ${vv.pickCount === 1 ? "Karte" : "Karten"} ${what}.`, `Pick ${vv.pickCount} card${vv.pickCount === 1 ? "" : "s"} ${what}.`);
      const other = vv.waitingFor[0];
      if (hotseat && other !== undefined) return tr(`${does(other, "de", "wählst", "wählt")} noch …`, `${does(other, "en", "are", "is")} still picking …`);
      return computer() ? tr("Der Computer wählt …", "The computer is picking …") : tr("Warte auf die Wahl des Gegners …", "Waiting for the opponent's pick …");
    }
    if (vv.turn === me()) {
      if (elixir()) return rs() === "zwiegespalten" ? asked("Nenn eine Farbe.", "Name a suit.") : asked("Sag eine Farbe an.", "Name a suit.");
      return vv.trick.length === 0 ? asked("Du spielst aus.", "Your lead.") : asked("Du bist am Zug: bediene die Farbe, wenn du kannst.", "Your turn: follow suit if you can.");
    }
    if (hotseat && vv.turn !== null) return tr(`${does(vv.turn, "de", "bist", "ist")} am Zug.`, `${subject(person(vv.turn), "en", true)}'s turn.`);
    return computer() ? tr("Der Computer überlegt …", "The computer is thinking …") : tr("Der Gegner ist am Zug.", "The opponent's turn.");
  };
  return (
    // The frames are read from the live region line by line; the turn line speaks once they are done (aria-busy).
    <p class="turn" data-testid="turn" data-my-turn={myTurn() || picking() ? "true" : "false"} data-staged={staged() ? "true" : undefined} aria-live="polite" aria-busy={staged() ? "true" : undefined}>
      {status()}
      <Show when={takenEffect()}>{(e) => <span class="visually-hidden"> {e()}</span>}</Show>
    </p>
  );
}
