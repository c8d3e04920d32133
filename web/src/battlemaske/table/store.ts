// The table's shared state, passed by context: the view it renders, the half-made choice and the actions on it.
import { createContext, createEffect, createMemo, createSignal, on, useContext } from "solid-js";
import { isElixir, type Card, type Suit } from "../../../../shared/battlemaske/cards";
import type { View } from "../../../../shared/battlemaske/view";
import { stateFromView } from "../../../../shared/battlemaske/client-state";
import { legalCommands } from "../../../../shared/battlemaske/engine";
import type { Command, Seat } from "../../../../shared/battlemaske/events";
import { lang, tr } from "../../i18n";
import { roleName, type Viewer } from "../log";
import type { RoomView } from "../room";
import type { TableModel } from "./model";
import { createInfoTopic } from "./topic";

/** `first`: the view the table opened with, shown until the model has one of its own. */
export function createTableStore(m: TableModel, first: () => RoomView) {
  const rv = () => m.view() ?? first();
  const v = () => rv().game;
  const me = () => m.seat();
  const opp = (): Seat => (me() === 0 ? 1 : 0);
  const rs = () => v().ruleset;
  const myRole = () => v().roles[me()];
  /** A batch of events still playing out (the trick growing, then taken), or null. */
  const staged = () => m.staged?.() ?? null;
  const role = (r: "conte" | "maske") => roleName(rs(), r, lang());
  /** Whom the table's sentences speak to: the seat, at one shared device nobody (by role), a spectator both names. */
  const viewer = (): Viewer => {
    if (m.kind === "hotseat") return null;
    if (!m.spectator) return me();
    return m.seatName ? { names: [m.seatName(0), m.seatName(1)] } : null;
  };
  /** A game with a chess clock (Fischer); the brake of a game without one leaves ten minutes, no hurry. */
  const timed = () => rv().clock?.control?.type === "fischer";
  /** This seat's chess clock runs now (a spectator has none). */
  /** The round table's summary while it stands (a round ended, the game goes on): the round table, the head and the hot-seat's hidden table read it. */
  const roundOpen = () => (!rv().over ? m.round() : null);
  const myClockRuns = () => !m.spectator && timed() && !rv().over && (rv().clock?.running.includes(me()) ?? false);

  const [picked, setPicked] = createSignal<Card[]>([]);
  // The card on its way to the trick: it starts moving at the click, before the room answers.
  const [leaving, setLeaving] = createSignal<Card | null>(null);
  // The exchange or swap sent, not yet answered: the turn line says so rather than still asking for the pick (into a
  // dead connection it asked "Wähle 1 Karte zum Tauschen" over a greyed button until the reconnect notice, a pass).
  const [pickSent, setPickSent] = createSignal(false);
  const [elixir, setElixir] = createSignal<Card | null>(null);
  const [explain, setExplain] = createSignal(false);
  const [showResult, setShowResult] = createSignal(true);
  // "Partie aufgeben?" asked (by "Verlassen", or by a link away from the running table: `go` is where it led).
  const [leaveAsk, setLeaveAsk] = createSignal<{ go?: () => void } | null>(null);
  const info = createInfoTopic();

  // A new table state (or another seat in front of the screen) clears the half-made choice. A memo of what counts, so
  // that a view that changes nothing of it (the other seat's exchange sent, the clocks' start) keeps the choice: `on`
  // runs whenever its sources notify, equal values or not, and every view from the room is a new one (a test caught a
  // pick cleared by the clocks' start, ADR 047).
  const table = createMemo(() => `${v().phase}|${v().round}|${v().game}|${v().history.length}|${v().trick.length}|${me()}`);
  createEffect(
    on(table, () => {
      setPicked([]);
      setElixir(null);
      setLeaving(null);
      setPickSent(false);
    }),
  );
  createEffect(
    on(m.error, (e) => {
      if (!e) return;
      setLeaving(null);
      setPickSent(false);
    }),
  );
  // The window about a hand card closes when the card leaves the hand (played, on its way, given away).
  createEffect(() => {
    const t = info.topic();
    if (t?.kind !== "card" || !t.inHand) return;
    const st = staged();
    const gone = leaving() === t.card || !(v().hand ?? []).includes(t.card) || [...(st?.trick ?? []), ...(st?.taken?.cards ?? [])].some((p) => p.card === t.card);
    if (gone) info.close();
  });
  // The intro opens at the start of each game (Profi: both); "Was tauschen?" opens it again.
  // The intro opens when a game's first exchange begins — once: a memo of the moment, so a new view of the same
  // moment (a hint arriving, a reconnect) does not open it again after the player closed it.
  const moment = createMemo(() => `${v().phase}/${v().round}/${v().game}`);
  // Never by itself for a spectator: nobody there exchanges, the window would only cover the table being watched. Nor
  // in a game with a chess clock: the exchange runs the clock, and a window the player did not ask for would spend its
  // time unasked (as on lichess, nothing opens over a running clock); "Was tauschen?" is there, and says the clock runs.
  // Nor while the opponent has not come yet (ADR 041): it covered the countdown that says why nothing happens (a
  // fresh-eyes pass); it opens once the opponent is there, unless this seat has exchanged meanwhile.
  const opponentLate = createMemo(() => (m.opponentNoShowAt?.() ?? null) !== null);
  // Nor over a round table still open: at a Profi match's second game it stood behind the first game's last round table,
  // two windows at once (a fresh-eyes pass); it opens when that table is closed.
  const roundShown = createMemo(() => roundOpen() !== null);
  createEffect(on([moment, opponentLate, roundShown], () => setExplain(!m.spectator && !timed() && !opponentLate() && !roundShown() && v().phase === "exchange" && v().round === 1 && v().waitingFor.includes(me()) && !rv().over), { defer: false }));

  // A spectator picks nothing and plays nothing (its view holds no hand).
  const pickingIn = (g: View) => !m.spectator && (g.phase === "exchange" || g.phase === "swap") && g.waitingFor.includes(me()) && !rv().over;
  const picking = () => pickingIn(v());
  /** The view a click counts against: while a batch plays out, the one it ends on (the click ends the frames at once). */
  const target = () => staged()?.after ?? v();
  const pickOptions = createMemo(() => {
    const g = target();
    if (!pickingIn(g)) return [] as Card[][];
    return legalCommands(stateFromView(g), me())
      .filter((c): c is Extract<Command, { cards: readonly Card[] }> => c.type === g.phase)
      .map((c) => c.cards.slice());
  });
  const pickLegal = (c: Card) => {
    const p = picked();
    if (p.includes(c)) return true;
    return pickOptions().some((o) => o.includes(c) && p.every((x) => o.includes(x)));
  };
  const pickComplete = () => {
    const p = picked();
    return pickOptions().some((o) => o.length === p.length && p.every((x) => o.includes(x)));
  };
  const myTurn = () => !m.spectator && v().turn === me() && !rv().over;
  const legal = (c: Card) => {
    const g = target();
    if (rv().over || !(g.hand ?? []).includes(c)) return false;
    return pickingIn(g) ? pickLegal(c) : g.turn === me() && g.legalCards.includes(c);
  };
  // A batch's frames still show an earlier moment (the trick just taken) while the view after them already holds the
  // opponent's next lead: a hand greyed by that lead told its suit before the card was on the table (a fresh-eyes pass).
  // Until the frames show every card of the trick to follow, the hand looks as while waiting; what a click may play is
  // still the batch's end view (issue 15, point 1: a click ends the frames and counts there).
  const leadUnseen = () => {
    const st = staged();
    const g = target();
    if (!st || pickingIn(g) || g.trick.length === 0) return false;
    return !g.trick.every((p) => st.trick.some((q) => q.card === p.card));
  };
  /** Whether a card shows as playable: `legal`, unless the lead it follows is not on the table yet. */
  const shownLegal = (c: Card) => legal(c) && !leadUnseen();
  /** Why a card may not be picked now, when the rule says it in a sentence (two elixirs: one must go). */
  const pickRule = (): string | null => {
    const g = target();
    if (!pickingIn(g) || g.phase !== "exchange") return null;
    const elixirs = (g.hand ?? []).filter(isElixir).length;
    // Said until an elixir is among the picked cards (not only while cards are greyed: picking two or more, every card
    // is open at first, and a player pass missed the rule in round 2).
    if (elixirs < 2 || picked().some(isElixir)) return null;
    const n = [tr("zwei", "two"), tr("drei", "three"), tr("vier", "four")][elixirs - 2];
    // Giving one card, that one is an elixir; giving two or three (rounds 2 and 3), at least one is ("eines" read as
    // exactly one there: a fresh-eyes pass).
    const several = (pickOptions()[0]?.length ?? 1) > 1;
    return several
      ? tr(`Du hast ${n} Elixiere: mindestens eines davon musst du abgeben.`, `You hold ${n} elixirs: you must give at least one of them away.`)
      : tr(`Du hast ${n} Elixiere: eines davon musst du abgeben.`, `You hold ${n} elixirs: you must give one of them away.`);
  };

  function clickCard(c: Card) {
    // The end of a long press opened the info window; it is not a play.
    if (info.takePress()) return;
    info.close();
    // During a batch's frames the click is taken at once: the frames end now and it counts against the view after them.
    if (staged() && m.finish) {
      if (!legal(c)) {
        // The other tab of this seat just moved: the card was meant for the table before that move and is not playable
        // on the one after it. Said, not dropped without a word (a player pass); a tap on a playable card still counts.
        if (m.movedElsewhere?.()) m.sayMovedElsewhere?.();
        return;
      }
      void m.finish().then(() => clickCard(c));
      return;
    }
    if (m.busy() || !legal(c)) return;
    if (picking()) {
      setPicked((p) => (p.includes(c) ? p.filter((x) => x !== c) : [...p, c]));
      return;
    }
    if (v().trick.length === 0 && isElixir(c)) {
      setElixir((e) => (e === c ? null : c));
      return;
    }
    setLeaving(c);
    m.command({ type: "play", card: c });
  }
  function confirmPick() {
    if (!pickComplete()) return;
    const phase = v().phase;
    setPickSent(true);
    m.command(phase === "swap" ? { type: "swap", cards: picked() } : { type: "exchange", cards: picked() });
  }
  function nameSuit(s: Suit) {
    const e = elixir();
    if (!e) return;
    setLeaving(e);
    // The suits give the stage back at once: the elixir and the answer to it play out there (the chooser stood greyed
    // over the trick until the batch ended, so a player never saw the elixir and its answer together: a fresh-eyes pass).
    setElixir(null);
    m.command({ type: "play", card: e, suit: s });
  }

  return {
    m,
    rv,
    v,
    me,
    opp,
    rs,
    myRole,
    role,
    viewer,
    picked,
    leaving,
    /** This seat's pick (exchange or swap) is on its way to the room. */
    pickSent: () => pickSent() && m.busy(),
    elixir,
    setElixir,
    explain,
    setExplain,
    myClockRuns,
    roundOpen,
    showResult,
    setShowResult,
    leaveAsk,
    setLeaveAsk,
    /** The info window's topic, and the handlers that set it (on any element, on a card). */
    info: info.topic,
    /** The topic with the element it explains. */
    infoShown: info.shown,
    closeInfo: info.close,
    topicHandlers: info.handlers,
    infoHandlers: info.cardHandlers,
    picking,
    pickComplete,
    pickRule,
    myTurn,
    legal,
    shownLegal,
    staged,
    clickCard,
    confirmPick,
    nameSuit,
  };
}

export type TableStore = ReturnType<typeof createTableStore>;

export const TableContext = createContext<TableStore>();

export function useTable(): TableStore {
  const t = useContext(TableContext);
  if (!t) throw new Error("useTable: outside the table");
  return t;
}
