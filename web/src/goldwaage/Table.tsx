// The Goldwaage table at a room: the scale, the Kings, the seats in order, the own hand, a turn (card, then pan), the
// round table with the solver's verdict and the end table. It renders the room's view; every judgement comes from
// logic.ts (the engine's decide and the solver), never from rules written here.
import { answerNo, focusIfKeys, keepFocus, modalFocus } from "../ui/focus";
import { createEffect, createMemo, createSignal, For, Index, on, onCleanup, onMount, Show } from "solid-js";
import { card as cardInfo, sortCards, type Card } from "../../../shared/goldwaage/cards";
import type { Pan, Seat } from "../../../shared/goldwaage/events";
import { LIVES, type PanCard } from "../../../shared/goldwaage/state";
import { brakeLeftMs, formatClock } from "../../../shared/room/clock";
import { absentText, lateText, noShowLeftMs } from "../room/no-show";
import type { View } from "../../../shared/goldwaage/view";
import { lang, tr } from "../i18n";
import type { Lang } from "../../../shared/catalog";
import { forgetCurrent, markRoundSeen, roundSeen, type Session } from "../room/session";
import { goldwaageInviteLink } from "./Invite";
import { levelName, variantName } from "./names";
import { GOLDWAAGE_REMARKS } from "../../../shared/goldwaage/game";
import { guardLeaving, Link, navigate } from "../router";
import { CANCEL_WORDS, calledOffTableText, cancelText, LeaveDialog } from "../ui/LeaveDialog";
import { WatchRefused } from "../ui/WatchRefused";
import { SeatClosed } from "../ui/SeatClosed";
import { TableLoading } from "../ui/TableLoading";
import { useNow, wallNow } from "../ui/now";
import { cardName, SUIT_SIGN, clearingLine, endLivesText, endScaleText, livesLostText, lossText, openChoiceAfter, panEffect, panPlace, pansAllowed, playedLine, previewParts, previewPlay, previewText, putTitle, roundReports, roundVerdict, spokenCard, verdictText, type PlayedStep, type RoundReport } from "./logic";
import type { RoomEventMessage } from "../room/connection";
import { connectGoldwaage, type RoomView } from "./room";
import { Feed } from "./feed";
import { GameLog, type LogEntry } from "./GameLog";
import { SkipToHand } from "../ui/SkipToHand";
import "./goldwaage.css";

/** The game log's most lines (a whole game has a few hundred at most). */
const LOG_CAP = 2000;
const SUIT_CLASS: Record<string, string> = { C: "black", S: "black", D: "red", H: "red" };

/** One card face: rank and suit large, its accessible name spoken; where the face is whole (a hand's card), its suit
 * large in the middle too (goldwaage.css: the corner alone left a hand of blank cards, a player pass). */
export function Face(props: { id: Card; small?: boolean }) {
  const c = () => cardInfo(props.id);
  return (
    <span class={`gw-face ${SUIT_CLASS[c().suit]}${props.small ? " small" : ""}`} data-card={props.id} aria-label={spokenCard(props.id, lang())} role="img">
      <span aria-hidden="true">{cardName(props.id, lang())}</span>
      <span class="gw-pip" aria-hidden="true">
        {SUIT_SIGN[c().suit]}
      </span>
    </span>
  );
}

/** A pan: its cards as an overlapping column, bottom card first, the top card (last in) lowest, nearest the players. */
export function PanColumn(props: { pan: Pan; cards: readonly PanCard[]; sum: number; heavier: boolean; last: string | null; onPick?: (() => void) | undefined }) {
  // With a card chosen, the pan itself takes it too (a tap where the card goes); the buttons below stay the way for a
  // keyboard and a screen reader, so the pan is no button of its own.
  return (
    <div class="gw-pan" data-testid="gw-pan" data-pan={props.pan} data-sum={props.sum} classList={{ heavier: props.heavier, pickable: !!props.onPick }} onClick={() => props.onPick?.()}>
      <div class="gw-pan-head">
        {/* The noun gives way on a phone in landscape ("Linke 0"; with it the title was cut to "Linke Sch…"). */}
        <span>
          {props.pan === "left" ? tr("Linke", "Left") : tr("Rechte", "Right")}
          <span class="gw-pan-noun">{tr(" Schale", " pan")}</span>
        </span>
        <strong class="gw-sum">{props.sum}</strong>
      </div>
      <ol class="gw-stack" aria-label={tr(`${props.cards.length} Karten, oben zuletzt`, `${props.cards.length} cards, top last`)}>
        <For each={props.cards}>
          {(p) => (
            <li class="gw-stack-card" classList={{ fresh: p.card === props.last }}>
              <Face id={p.card} />
              <Show when={cardInfo(p.card).kind === "ace"}>
                {/* "= 7" beside the name: "wiegt 7" covered the suit on a phone's narrow pan (the player pass). */}
                <small class="gw-weight" title={tr(`wiegt ${p.weight}`, `weighs ${p.weight}`)}>
                  <span aria-hidden="true">= {p.weight}</span>
                  <span class="visually-hidden">{tr(`wiegt ${p.weight}`, `weighs ${p.weight}`)}</span>
                </small>
              </Show>
            </li>
          )}
        </For>
      </ol>
    </div>
  );
}

/** The Kings still lying; `running`: the game goes on, so with none left the next mistake loses (said, not only drawn). */
export function Kings(props: { total: number; left: number; running?: boolean }) {
  const last = () => props.running === true && props.left === 0;
  return (
    <div class="gw-kings" role="img" aria-label={tr(`Leben: ${props.left} von ${props.total}`, `Lives: ${props.left} of ${props.total}`) + (last() ? tr(" – der nächste Fehler verliert", " – the next mistake loses") : "")} title={last() ? tr("Kein König mehr: Der nächste Fehler verliert die Partie.", "No King left: the next mistake loses the game.") : undefined}>
      <Index each={Array.from({ length: props.total })}>
        {(_, i) => (
          <span class="gw-king" classList={{ lost: i >= props.left }} aria-hidden="true">
            {i < props.left ? "K♔" : ""}
          </span>
        )}
      </Index>
    </div>
  );
}

/** The round table or one line of the end table: lives lost and why, and the solver's verdict with a line to step through. */
function RoundAnalysis(props: { report: RoundReport; seatName: (s: Seat) => string; fatal?: boolean }) {
  const verdict = createMemo(() => (props.report.complete ? roundVerdict(props.report.hands, props.report.starter, props.report.limit) : null));
  const [line, setLine] = createSignal<PlayedStep[] | null>(null);
  const [at, setAt] = createSignal(0);
  let lineEl: HTMLDivElement | undefined;
  // Each step, the first too, keeps the whole line in sight: on a low screen it opened below the sheet's fold, and a
  // step's text in three lines pushed the hands under the step buttons (sticky at the sheet's foot, a player pass).
  const step = (n: number) => {
    setAt(n);
    requestAnimationFrame(() => lineEl?.scrollIntoView({ block: "nearest" }));
  };
  const show = () => {
    setLine(clearingLine(props.report.hands, props.report.starter, props.report.limit));
    step(0);
  };
  return (
    <div class="gw-analysis" data-testid="gw-round-analysis" data-round={props.report.round}>
      <Show when={props.report.losses.length > 0} fallback={<p>{tr("Kein Leben verloren.", "No life lost.")}</p>}>
        <ul class="gw-losses">
          <For each={props.report.losses}>
            {(l, i) => {
              // The loss that ended the game is told as such, not like a lost life (the player pass).
              const fatal = () => props.fatal === true && i() === props.report.losses.length - 1;
              return (
                <li classList={{ fatal: fatal() }} data-testid={fatal() ? "gw-fatal-loss" : undefined}>
                  {/* The game ends at the loss that finds no King left to turn (docs/goldwaage.md): no ♔ beside it. */}
                  <Show when={fatal()} fallback="♔ ">
                    ✕ <strong>{tr("Kein Leben mehr – verloren: ", "No life left – lost: ")}</strong>
                  </Show>
                  {lossText(l, lang(), (x) => { const n = props.seatName(x); return n === "du" ? "dir" : n; })}
                </li>
              );
            }}
          </For>
        </ul>
        {/* The list says why; this says how many Kings it cost (a player pass read no loss on a bad round's sheet). */}
        <Show when={props.report.losses.length - (props.fatal === true ? 1 : 0)}>
          {(n) => <p data-testid="gw-lives-lost">{livesLostText(n(), lang())}</p>}
        </Show>
      </Show>
      {/* The live scale is already the next round's when this opens: what the last card left (the player pass). */}
      <Show when={props.report.endPans}>{(end) => <p class="gw-end-scale" data-testid="gw-end-scale">{endScaleText(end(), lang())}</p>}</Show>
      <Show when={verdict()} fallback={<p>{tr("Die Runde wurde nicht zu Ende gespielt.", "The round was not played to the end.")}</p>}>
        {(v) => (
          <>
            <p class="gw-verdict" data-testid="gw-verdict" data-clearable={String(v().clearable)}>
              {verdictText(v(), lang(), props.report.losses.length === 0)}
            </p>
            <Show when={v().clearable && !line()}>
              <button type="button" class="button quiet" data-testid="gw-show-line" onClick={show}>
                {tr("Eine Lösung zeigen", "Show a clearing line")}
              </button>
            </Show>
            <Show when={line()}>
              {(steps) => (
                <div class="gw-line" data-testid="gw-line" ref={lineEl}>
                  <p aria-live="polite">
                    {tr(`Schritt ${at() + 1} von ${steps().length}: `, `Step ${at() + 1} of ${steps().length}: `)}
                    {stepText(steps()[at()]!, props.seatName)}
                  </p>
                  <div class="gw-line-scale" aria-hidden="true">
                    <span>{steps()[at()]!.sums[0]}</span> ⚖ <span>{steps()[at()]!.sums[1]}</span>
                  </div>
                  {/* The hands after this step: with the words alone the line was hard to follow (a fresh-eyes pass). */}
                  <ul class="gw-line-hands" data-testid="gw-line-hands">
                    <For each={props.report.hands}>
                      {(hand, x) => {
                        const left = () => {
                          const gone = new Set(steps().slice(0, at() + 1).map((st) => st.card));
                          return hand.filter((c) => !gone.has(c));
                        };
                        return (
                          <li data-seat={x()}>
                            <span>{capitalFirst(props.seatName(x() as Seat))}:</span>{" "}
                            <Show when={left().length > 0} fallback={<small>{tr("keine Karte mehr", "no card left")}</small>}>
                              <For each={left()}>{(c) => <Face id={c} small />}</For>
                            </Show>
                          </li>
                        );
                      }}
                    </For>
                  </ul>
                  <div class="gw-line-nav">
                    {/* Named as steps: a plain "Weiter" sat right on top of "Weiter zu Runde N" (a fresh-eyes pass). */}
                    <button type="button" class="button quiet" disabled={at() === 0} onClick={() => step(at() - 1)}>
                      {tr("← Schritt zurück", "← Step back")}
                    </button>
                    <button type="button" class="button quiet" data-testid="gw-line-next" disabled={at() >= steps().length - 1} onClick={() => step(at() + 1)}>
                      {tr("Nächster Schritt →", "Next step →")}
                    </button>
                  </div>
                </div>
              )}
            </Show>
          </>
        )}
      </Show>
    </div>
  );
}

const capitalFirst = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

function stepText(s: PlayedStep, seatName: (x: Seat) => string): string {
  const where = panPlace(s.pan, lang());
  const after = s.outcome === "balanced" ? tr("Gleichgewicht", "balanced") : s.outcome === "nothing" ? tr("nichts passiert", "nothing happens") : `${s.sums[0]} : ${s.sums[1]}`;
  return `${capitalFirst(seatName(s.seat))} – ${cardName(s.card, lang())} ${where}${panEffect(s.card, s.pan, lang())} → ${after}`;
}

export function GoldwaageTable(props: { session: Session }) {
  const s = props.session;
  // A spectator (the Wartesaal's "Zuschauen") holds no seat: -1 is nobody's, so every "x === seat" is false for it, it
  // is never to act, and it has no hand — it sees what the room sends a spectator, the public table only.
  const watching = s.spectator === true;
  const seat = (watching ? -1 : s.seat) as Seat;
  // Spoken lines in both languages: the feed follows the language switch (a player pass: it stayed German).
  const [said, setSaid] = createSignal<Array<Record<Lang, string>>>([]);
  const [feed, setFeed] = createSignal<Array<Record<Lang, string>>>([]);
  // The whole game's lines, oldest first, for the log under the feed (the feed keeps the newest few only; a player pass
  // could not read back what happened two cards ago). A round's deal heads its lines. Bounded by the game: four rounds
  // of at most 16 cards, each with a few lines; the cap only guards against a room that sends without end.
  const [log, setLog] = createSignal<LogEntry[]>([]);
  const logLines = (lines: Array<Record<Lang, string>>, head: boolean) => {
    if (lines.length > 0) setLog((l) => [...l, ...lines.map((line) => ({ line, head }))].slice(-LOG_CAP));
  };
  const [roundShown, setRoundShown] = createSignal<number | null>(null);
  // The creator knows: seats after the invited ones are computer team-mates; others learn it when those seats act.
  const known = s.seat === 0 && (s.kind === "computer" || s.invites) ? [1, 2, 3].filter((x) => x > (s.invites?.length ?? 0)) : [];
  const [learnt, setComputers] = createSignal<ReadonlySet<number>>(new Set<number>(s.computers ?? known));
  // The room says which seats are computers (view.computers); an older room did not, so what was learnt stays too.
  const computers = (): ReadonlySet<number> => {
    const told = rv()?.computers;
    return told && told.length > 0 ? new Set([...learnt(), ...told]) : learnt();
  };
  // Every event of a batch is spoken, not only the last: lines gather until the batch has been handed over.
  let buffer: Array<Record<Lang, string>> = [];
  const say = (lines: Array<Record<Lang, string>>) => {
    if (lines.length === 0) return;
    if (buffer.length === 0)
      queueMicrotask(() => {
        const all = buffer;
        buffer = [];
        setSaid(all);
        setFeed((f) => [...all.slice().reverse(), ...f].slice(0, 8));
      });
    buffer.push(...lines);
  };

  // A person's account name where the room knows it (view.names), else the seat; in either language.
  const nameIn = (x: Seat, l: Lang) => {
    const t = (de: string, en: string) => (l === "de" ? de : en);
    if (x === seat) return t("du", "you");
    if (computers().has(x)) return t(`Platz ${x + 1} (Computer)`, `Seat ${x + 1} (computer)`);
    const name = rv()?.names?.[x];
    return name ? t(`Platz ${x + 1} (${name})`, `Seat ${x + 1} (${name})`) : t(`Platz ${x + 1}`, `Seat ${x + 1}`);
  };
  const seatName = (x: Seat) => nameIn(x, lang());
  // The room's event stream: every card, balance, tip, life and round end spoken and kept in the short feed (feed.ts).
  const narrator = new Feed(seat, nameIn);
  // The version of the round end whose sheet shows (closing it marks it seen in this tab: roundSeen).
  let roundEndAt = 0;
  const closeRound = () => {
    setRoundShown(null);
    markRoundSeen(s.room, roundEndAt);
  };
  // `replay`: a line of the log so far, told once after a reload or a late join (the room's history) — into the feed,
  // never spoken again by the live region, and no round sheet (a player pass found the feed empty after a reload).
  const speak = (m: RoomEventMessage, before: RoomView | null, replay = false) => {
    const told = narrator.tell(m, before);
    if (told.computer !== undefined) setComputers((c) => new Set([...c, told.computer!]));
    if (told.roundEnded !== undefined) {
      roundEndAt = m.version;
      if (!replay) setRoundShown(told.roundEnded);
    }
    if (replay) setFeed((f) => [...told.lines.slice().reverse(), ...f].slice(0, 8));
    else say(told.lines);
    logLines(told.lines, m.event.type === "roundDealt");
  };
  const room = connectGoldwaage(s, speak, (entries, view) => {
    narrator.restart(view ? LIVES[view.game.level] : 0);
    for (const m of entries) speak(m, null, true);
    // A reload at a round's sheet shows it again, unless closed in this tab or this seat has played since (a pass found
    // it gone after a reload).
    const end = entries.map((m) => m.event.type).lastIndexOf("roundEnded");
    const since = entries.slice(end + 1);
    if (!watching && end >= 0 && !view?.over && entries[end]!.version > roundSeen(s.room) && !since.some((m) => m.event.type === "gameEnded" || (m.event.type === "cardPlayed" && (m.event as { seat?: number }).seat === seat))) {
      setRoundShown((entries[end]!.event as { round?: number }).round ?? null);
    }
  });

  const rv = () => room.view();
  // Another person's seat whose every socket is gone (the room's presence; a computer always counts as there).
  const away = (x: Seat) => x !== seat && !computers().has(x) && room.presence()?.[x] === false;
  // The emergency brake of a table of people (10 minutes without acting lose the game for the team): ticking on the
  // page's one clock (web/src/ui/now.ts) while it runs, shown for an absent seat to act, and for one's own seat in its
  // last minute.
  const now = wallNow;
  // People who never came since the deal (ADR 041): the table says when it gives up waiting for them.
  const noShowSeats = () => (rv()?.over ? [] : (room.noShow()?.seats ?? []).filter((x) => x !== seat));
  const braking = () => !!rv() && !rv()!.over && (rv()!.clock?.control.type === "brake" || noShowSeats().length > 0);
  createEffect(() => {
    if (!braking()) return; // a table with computers only has no clock: no ticking
    useNow(); // ticks while this effect stands
  });
  const brakeNote = (): string | null => {
    const absent = noShowSeats();
    const at = room.noShow()?.at;
    if (absent.length > 0 && at !== undefined) return lateText(absent.map((x) => seatName(x as Seat)), formatClock(noShowLeftMs(at, now())), lang());
    const c = rv()?.clock;
    if (!c || !braking()) return null;
    for (const x of c.running as Seat[]) {
      const ms = brakeLeftMs(c, x, now());
      const left = formatClock(ms);
      if (away(x)) return tr(`${seatName(x)} ist nicht verbunden. Spielt dieser Platz nicht binnen ${left}, ist die Partie für euch alle verloren.`, `${seatName(x)} is not connected. If this seat does not play within ${left}, the game is lost for all of you.`);
      if (x === seat && ms < 60_000) return tr(`Du bist dran: noch ${left}, dann ist die Partie für alle verloren.`, `Your turn: ${left} left, then the game is lost for everyone.`);
    }
    return null;
  };
  const g = (): View | null => rv()?.game ?? null;
  const staged = () => room.staged();
  const pans = () => staged()?.pans ?? g()?.pans ?? { left: [], right: [] };
  const sums = (): [number, number] => [pans().left.reduce((t, p) => t + p.weight, 0), pans().right.reduce((t, p) => t + p.weight, 0)];
  const lives = () => staged()?.lives ?? g()?.lives ?? 0;
  const over = () => rv()?.over === true;
  const phase = () => (over() ? "over" : (g()?.phase ?? "setup"));
  const waiting = () => (rv()?.waitingFor.length ?? 0) > 0;
  const hand = () => sortCards((g()?.hand ?? []).filter((c) => !staged()?.gone.includes(c)));
  const myOpen = () => g()?.open[seat] ?? [];
  const myTurn = () => phase() === "play" && g()?.turn === seat && !room.busy();
  const mustShow = () => phase() === "show" && g()?.shown[seat] === false && !room.busy();

  // A turn: the chosen card, then (if needed) the open cards after it.
  const [selected, setSelected] = createSignal<Card | null>(null);
  const [pending, setPending] = createSignal<{ card: Card; pan: Pan | null } | null>(null);
  const [picked, setPicked] = createSignal<Card[]>([]);
  const [swap, setSwap] = createSignal(false);
  const needShow = () => {
    const v = g();
    if (!v) return 0;
    if (mustShow()) return Math.min(v.variants.includes("zwei-offene-karten") ? 2 : 1, hand().length);
    const p = pending();
    return p ? openChoiceAfter(v, seat, p.card).need : 0;
  };
  const choosing = () => mustShow() || pending() !== null;
  const handShown = () => (pending() ? hand().filter((c) => c !== pending()!.card) : hand());
  // Choosing cards to show, every card may be tapped: with the choice full, a tap replaces the card chosen last.
  const legal = (c: Card) => (choosing() ? true : myTurn());
  const isOpen = (c: Card) => (choosing() ? picked().includes(c) : myOpen().includes(c));

  function clickCard(c: Card) {
    if (choosing()) {
      const p = picked();
      if (p.includes(c)) setPicked(p.filter((x) => x !== c));
      else if (needShow() === 1) setPicked([c]);
      else if (p.length < needShow()) setPicked([...p, c]);
      // Full: the card chosen last gives way (a player pass tapped B♦, then 2♥, and B♦ stayed chosen).
      else setPicked([...p.slice(0, needShow() - 1), c]);
      revealActions();
      return;
    }
    if (!myTurn()) {
      // This seat's other tab has just played: the tap was meant for the table before that card (a player pass).
      if (room.movedElsewhere()) room.sayMovedElsewhere();
      return;
    }
    setSelected(selected() === c ? null : c);
    revealActions();
  }

  let actionsEl: HTMLDivElement | undefined;
  // What acts on the chosen card (the pans' buttons, "Zeigen") may lie below the screen's edge on a small phone (four
  // seats at 375 × 667: the player pass): it comes into sight, scrolling no more than needed.
  const revealActions = () => queueMicrotask(() => actionsEl?.scrollIntoView({ block: "nearest" }));

  const previews = createMemo(() => {
    const v = g();
    const c = selected();
    if (!v || !c || !myTurn()) return null;
    const allowed = pansAllowed(v, c);
    if (allowed.length === 0) return { discard: previewPlay(v, seat, c, null), left: null, right: null };
    return { discard: null, left: allowed.includes("left") ? previewPlay(v, seat, c, "left") : null, right: allowed.includes("right") ? previewPlay(v, seat, c, "right") : null };
  });

  function put(pan: Pan | null) {
    const v = g();
    const c = selected();
    if (!v || !c || !myTurn()) return;
    const choice = openChoiceAfter(v, seat, c);
    if (choice.required || (swap() && choice.possible)) {
      setPending({ card: c, pan });
      // A swap asked for starts with no card chosen: with the old open card chosen, one tap on "bestätigen" swapped
      // nothing (a player pass). The open card that was played leaves the others chosen.
      setPicked(choice.required ? choice.keep.slice(0, choice.need) : []);
      return;
    }
    send({ type: "play", card: c, ...(pan ? { pan } : {}) });
  }

  function confirmShow() {
    const v = g();
    if (!v || picked().length !== needShow()) return;
    const p = pending();
    if (p) {
      const keep = openChoiceAfter(v, seat, p.card).keep;
      const same = picked().length === keep.length && picked().every((x) => keep.includes(x));
      send({ type: "play", card: p.card, ...(p.pan ? { pan: p.pan } : {}), ...(same ? {} : { show: picked() }) });
    } else send({ type: "show", cards: picked() });
  }

  const [confirming, setConfirming] = createSignal(false);
  // A link away from the running game (the top bar, any link) asks "Partie aufgeben?" first, as Battlemaske's
  // table does: confirming leaves the table (the team loses), then goes where the player clicked. Not while the table
  // still waits for its players: nothing runs to give up yet.
  const [leaveAsk, setLeaveAsk] = createSignal<{ go: () => void } | null>(null);
  const leavable = () => !watching && !!rv() && !over() && !waiting();
  // Before the deal the host (who holds the invites) may call the table off: leaving then asks "Tisch auflösen?". A
  // friend already seated at a table still waiting for others just goes; the table waits on for its seat.
  const cancellable = () => !!rv() && waiting() && !over() && rv()!.cancelled === undefined && (s.invites?.length ?? 0) > 0;
  createEffect(() => {
    if (!leavable() && !cancellable()) return;
    onCleanup(guardLeaving((go) => setLeaveAsk({ go }), { back: cancellable() }));
  });
  // Called off from this page: go once the room has said so (a friend who sat down at that moment starts the game
  // instead — the room refuses CANCEL_TOO_LATE — and the page stays).
  let cancelGo: (() => void) | null = null;
  createEffect(() => {
    if (rv()?.cancelled === undefined) return;
    // Nothing to resume here any more, for the host and for a friend already seated.
    forgetCurrent(s.room);
    if (!cancelGo) return;
    const go = cancelGo;
    cancelGo = null;
    forgetCurrent(s.room);
    go();
  });
  const cancelNow = (go: () => void) => {
    setLeaveAsk(null);
    cancelGo = go;
    room.cancel();
  };
  const leaveNow = (go: () => void) => {
    setLeaveAsk(null);
    room.leave();
    // The page goes once the room has said the game is over (or after a while, if it cannot answer).
    const started = Date.now();
    const wait = setInterval(() => {
      if (over() || Date.now() - started > 5000) {
        clearInterval(wait);
        forgetCurrent(s.room);
        go();
      }
    }, 50);
  };

  // While a batch plays out, a seat's cards as they stand in it: the cards played so far are out of every hand.
  const openNow = (x: Seat) => (staged()?.open[x] ?? g()!.open[x]!).filter((c) => !(staged()?.gone ?? []).includes(c));
  // The seat whose cards shown before are explained under them (a tap on them; gone after a while or a tap again).
  const [explained, setExplained] = createSignal<Seat | null>(null);
  let explainTimer: ReturnType<typeof setTimeout> | undefined;
  const explain = (x: Seat) => {
    clearTimeout(explainTimer);
    const next = explained() === x ? null : x;
    setExplained(next);
    if (next !== null) explainTimer = setTimeout(() => setExplained(null), 6000);
  };
  onCleanup(() => clearTimeout(explainTimer));
  // It goes with the next card played or shown (it stood over the right pan through the next turns, a player pass) and
  // with a tap anywhere but its own button (which toggles it) — on the note too: it lies over the scale, and a player
  // who tapped it to be rid of it saw it stay.
  createEffect(on(g, () => setExplained(null), { defer: true }));
  const closeOnTapElsewhere = (e: PointerEvent) => {
    if (!(e.target instanceof Element) || !e.target.closest('[data-testid="gw-shown-before"]')) setExplained(null);
  };
  createEffect(() => {
    if (explained() === null) return;
    document.addEventListener("pointerdown", closeOnTapElsewhere, true);
    onCleanup(() => document.removeEventListener("pointerdown", closeOnTapElsewhere, true));
  });
  const shownBeforeNote = () =>
    tr("Schon gezeigt: Diese Karten hat der Platz in dieser Runde offen gehabt und hält sie noch verdeckt.", "Shown before: this seat had these cards open earlier this round and still holds them face down.");
  /** Cards a seat showed earlier this round and still holds: public, as they were shown (a computer's open card moves on). */
  const shownBefore = (x: Seat) => (g()!.wasOpen?.[x] ?? []).filter((c) => !(staged()?.gone ?? []).includes(c) && !openNow(x).includes(c));
  const handSizeNow = (x: Seat) => g()!.handSizes[x]! - (staged()?.playedBy ?? []).filter((p) => p === x).length;
  /** A seat's cards nobody has seen: neither open now nor shown before. */
  const hiddenNow = (x: Seat) => handSizeNow(x) - openNow(x).length - shownBefore(x).length;

  /**
   * The fixed public remarks, offered only between rounds and after the game (the room refuses them in a round), and
   * the ones made at the table since this page connected. Only where other people sit: team-mates do not read.
   */
  // Other people at this table: the creator invited some, this page sat down through an invite, or the room says a
  // seat is not a computer (a table from the Wartesaal has no invites: its host is at seat 0 with people beside it).
  const people = () => !watching && ((s.invites?.length ?? 0) > 0 || seat !== 0 || seatsInOrder().some((x) => x !== seat && !computers().has(x)));
  const remarkText = (id: string) =>
    ({
      "well-played": tr("Gut gespielt!", "Well played!"),
      again: tr("Noch eine Runde?", "Another round?"),
      thanks: tr("Danke!", "Thanks!"),
      close: tr("Knapp!", "Close one!"),
      pity: tr("Schade!", "Too bad!"),
    })[id] ?? id;
  const Remarks = () => (
    <Show when={people()}>
      <div class="gw-remarks" data-testid="gw-remarks">
        <ul class="gw-remarks-said" aria-live="polite">
          <For each={room.remarks()}>{(r) => <li data-testid="gw-remark">{`${r.seat === seat ? tr("Du", "You") : seatName(r.seat as Seat)}: ${remarkText(r.remark)}`}</li>}</For>
        </ul>
        <div class="gw-remarks-buttons" role="group" aria-label={tr("Bemerkungen", "Remarks")}>
          <For each={GOLDWAAGE_REMARKS}>
            {(id) => (
              <button type="button" class="button quiet small" data-testid={`gw-remark-${id}`} onClick={() => room.remark(id)}>
                {remarkText(id)}
              </button>
            )}
          </For>
        </div>
      </div>
    </Show>
  );

  function send(cmd: Parameters<typeof room.command>[0]) {
    room.command(cmd);
    setSelected(null);
    setPending(null);
    setPicked([]);
    setSwap(false);
    queueMicrotask(() => (document.querySelector('[data-testid="gw-hand-card"]') as HTMLElement | null)?.focus({ preventScroll: true }));
  }

  const [keyNote, setKeyNote] = createSignal<string | null>(null);
  let keyNoteTimer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(keyNoteTimer));
  createEffect(on(selected, () => setKeyNote(null), { defer: true }));
  // Keys: ←/→ move through the hand, Enter/Space take a card, L / R the pan, A (or Enter on the discard) the discard.
  const onKey = (ev: KeyboardEvent) => {
    if (ev.target instanceof HTMLInputElement || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const k = ev.key.toLowerCase();
    const pv = previews();
    if (pv && k === "l" && pv.left) (ev.preventDefault(), put("left"));
    else if (pv && k === "r" && pv.right) (ev.preventDefault(), put("right"));
    // A for "Ablage", D for "discard": the English hint named a German letter (a player pass read A as Ace).
    else if (pv && (k === "a" || k === "d") && pv.discard) (ev.preventDefault(), put(null));
    // A pan (or the discard pile) this card cannot go to: said, instead of nothing at all (a keyboard player pass
    // pressed R, and A, and wondered).
    else if (pv && (k === "l" || k === "r" || k === "a" || k === "d")) {
      ev.preventDefault();
      clearTimeout(keyNoteTimer);
      setKeyNote(
        k === "l"
          ? tr("Auf die linke Schale geht diese Karte gerade nicht.", "This card cannot go onto the left pan now.")
          : k === "r"
            ? tr("Auf die rechte Schale geht diese Karte gerade nicht.", "This card cannot go onto the right pan now.")
            : tr("Auf den Ablagestapel kommt eine Karte nur, wenn sie auf der Waage nichts tun kann (Bube oder Dame bei leerer Waage).", "Only a card that can do nothing on the scale goes to the discard pile (a jack or queen on an empty scale)."),
      );
      keyNoteTimer = setTimeout(() => setKeyNote(null), 4000);
    }
    else if (k === "arrowleft" || k === "arrowright") {
      const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="gw-hand-card"]')];
      const i = cards.indexOf(document.activeElement as HTMLElement);
      if (i < 0) return;
      ev.preventDefault();
      cards[(i + (k === "arrowleft" ? cards.length - 1 : 1)) % cards.length]?.focus();
    }
  };
  onMount(() => window.addEventListener("keydown", onKey));
  onCleanup(() => window.removeEventListener("keydown", onKey));

  const reports = createMemo(() => {
    const v = g();
    return v ? roundReports(v) : [];
  });
  /** The cards already played in the round after `round` (it began while that round's sheet is open). */
  const nextPlays = (round: number) => (g()?.played ?? []).filter((p) => p.round === round + 1);
  const capitalised = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  const shownReport = () => {
    const r = roundShown();
    return r !== null && !over() ? reports().find((x) => x.round === r) ?? null : null;
  };
  const totalKings = () => (g() ? LIVES[g()!.level] : 0);
  const endLives = () => {
    const v = g()!;
    return endLivesText((rv()!.result?.team ?? v.result) === "won", v.lives, totalKings(), v.round, lang());
  };
  /** The game was lost by the rules (its last life), not given up or out of time: then one loss ended it. */
  const lostByLives = () => over() && g()?.result === "lost" && g()!.lives === 0 && (!rv()?.result || rv()!.result!.reason === "rules");
  const lastLossReport = () => [...reports()].reverse().find((r) => r.losses.length > 0);
  const cardsLeft = () => (g()?.handSizes ?? []).reduce((a, b) => a + b, 0) - (staged()?.gone.length ?? 0);
  const difference = () => Math.abs(sums()[0] - sums()[1]);
  const seatsInOrder = () => Array.from({ length: g()?.players ?? 0 }, (_, i) => i as Seat);
  const tableLevel = () => levelName(g()?.level ?? "normal");
  const invites = () => (s.invites ?? []).map((code) => goldwaageInviteLink(s.room, code));
  const onOver = () => {
    if (over()) forgetCurrent(s.room);
    return over();
  };

  let pageRoot: HTMLDivElement | undefined;
  // A keyboard player's focus whose button went (a pan's, "bestätigen"): an open dialog's button, else the hand —
  // never the page's start, as after every play before (a keyboard player pass).
  keepFocus(() => pageRoot, ['[aria-modal="true"] .button.primary', '[aria-modal="true"] button', '[data-testid="gw-hand-card"]', '[data-testid="gw-table"] .button.primary']);
  return (
    <div class="page gw-page" ref={pageRoot}>
      <Show when={leavable() ? leaveAsk() : null} keyed>
        {(ask) => <LeaveDialog text={tr("Wer jetzt geht, gibt die Partie auf: das ganze Team verliert.", "Leaving now gives up the game: the whole team loses.")} onCancel={() => setLeaveAsk(null)} onConfirm={() => leaveNow(ask.go)} />}
      </Show>
      <Show when={cancellable() ? leaveAsk() : null} keyed>
        {(ask) => <LeaveDialog text={cancelText(rv()!.waitingFor.length, (s.invites?.length ?? 0) - rv()!.waitingFor.length)} words={CANCEL_WORDS} onCancel={() => setLeaveAsk(null)} onConfirm={() => cancelNow(ask.go)} />}
      </Show>
      <SeatClosed closed={room.stopped()} error={room.error()} />
      <div class="visually-hidden" aria-live="polite" data-testid="gw-live">
        {said().map((l) => l[lang()]).join(" ")}
      </div>
      <Show
        when={rv()}
        fallback={
          <Show when={watching && room.error()} fallback={<TableLoading class="loading" text={tr("Verbinde mit dem Tisch …", "Connecting to the table …")} connected={room.connected()} error={room.error() && !room.stopped() ? (lang() === "de" ? room.error()!.messageDe : room.error()!.message) : null} />}>
            {(e) => <WatchRefused error={e()} />}
          </Show>
        }
      >
        <Show
          when={!waiting()}
          fallback={
            <section class="gw-waiting" data-testid="gw-waiting">
              <h1>Goldwaage</h1>
              <p>
                {g()?.players} {tr("Spieler", "players")} · {tableLevel()}
                {g()?.variants.length ? ` · ${g()!.variants.map(variantName).join(", ")}` : ""}
              </p>
              <Show
                when={rv()!.cancelled === undefined}
                fallback={
                  <p role="status" data-testid="gw-cancelled">
                    {calledOffTableText()}{" "}
                    <Link href="/">{tr("Zur Startseite", "To the start page")}</Link>
                  </p>
                }
              >
              <p role="status">
                {tr("Der Tisch wartet noch auf: ", "The table is still waiting for: ")}
                {rv()!.waitingFor.map((x) => tr(`Platz ${x + 1}`, `seat ${x + 1}`)).join(", ")}
              </p>
              {/* A friend already seated learns who can end the wait (a player pass: it waited with no word of how long). */}
              <Show when={!watching && (s.invites?.length ?? 0) === 0}>
                <p data-testid="gw-waiting-host">
                  {tr(`${rv()!.names?.[0] ?? "Wer eingeladen hat"} kann auch ohne die Fehlenden beginnen – dann spielen Computer die freien Plätze – oder den Tisch auflösen.`, `${rv()!.names?.[0] ?? "The player who invited you"} can also start without those missing – computers then play the free seats – or call the table off.`)}
                </p>
              </Show>
              </Show>
              <Show when={invites().length > 0 && rv()!.cancelled === undefined}>
                <p>{tr("Schick jedem Eingeladenen seinen eigenen Link (ein Link, ein Platz):", "Send each invited player their own link (one link, one seat):")}</p>
                <ol class="gw-invites">
                  <For each={invites()}>
                    {(link, i) => (
                      <li data-testid="gw-invite-seat" data-taken={String(!rv()!.waitingFor.includes(i() + 1))}>
                        <span>{tr(`Platz ${i() + 2}: `, `Seat ${i() + 2}: `)}</span>
                        {/* A seat its friend has taken: who sits there (and whether they are here), not the spent link. */}
                        <Show
                          when={rv()!.waitingFor.includes(i() + 1)}
                          fallback={
                            <span>
                              {tr("besetzt", "taken")}
                              {rv()!.names?.[i() + 1] ? ` – ${rv()!.names![i() + 1]}` : ""}
                              {room.presence()?.[i() + 1] === false ? tr(" (gerade nicht verbunden)", " (not connected right now)") : ""}
                            </span>
                          }
                        >
                          <code data-testid="gw-invite-link">{link}</code>
                          <button type="button" class="button quiet" onClick={() => void navigator.clipboard?.writeText(link).catch(() => undefined)}>
                            {tr("Kopieren", "Copy")}
                          </button>
                        </Show>
                      </li>
                    )}
                  </For>
                </ol>
              </Show>
              <Show when={cancellable()}>
                <p class="gw-waiting-actions">
                  {/* A friend who does not come need not keep the others waiting: computers take the free seats. */}
                  <button type="button" class="button" data-testid="gw-fill" onClick={() => room.fill()}>
                    {rv()!.waitingFor.length === 1
                      ? tr("Ohne Platz " + (rv()!.waitingFor[0]! + 1) + " beginnen (ein Computer spielt ihn)", "Start without seat " + (rv()!.waitingFor[0]! + 1) + " (a computer plays it)")
                      : tr(`Ohne die Fehlenden beginnen (${rv()!.waitingFor.length} × Computer)`, `Start without those missing (${rv()!.waitingFor.length} × computer)`)}
                  </button>{" "}
                  <button type="button" class="button quiet" data-testid="gw-cancel-table" onClick={() => setLeaveAsk({ go: () => navigate("/", { force: true }) })}>
                    {tr("Tisch auflösen", "Call the table off")}
                  </button>
                </p>
              </Show>
              <Show when={room.error()}>
                <p class="table-error" role="alert">
                  {lang() === "de" ? room.error()!.messageDe : room.error()!.message}
                </p>
              </Show>
            </section>
          }
        >
          <section
            class="gw-table"
            data-testid="gw-table"
            data-phase={phase()}
            data-round={g()!.round}
            data-limit={g()!.limit}
            data-lives={lives()}
            data-turn={g()!.turn ?? ""}
            data-seat={watching ? "" : seat}
            data-spectator={String(watching)}
            data-busy={String(room.busy())}
            aria-label="Goldwaage"
          >
            <Show when={!watching}>
              <SkipToHand selectors={['[data-testid="gw-hand-card"]']} />
            </Show>
            <header class="gw-top">
              <div class="gw-round">
                <strong>{tr(`Runde ${g()!.round} von 4`, `Round ${g()!.round} of 4`)}</strong>
                <span>{cardsLeft() === 1 ? tr("noch 1 Karte in der Runde", "1 card left in the round") : tr(`noch ${cardsLeft()} Karten in der Runde`, `${cardsLeft()} cards left in the round`)}</span>
              </div>
              <Kings total={totalKings()} left={lives()} running={!over()} />
              <div class="gw-meta">
                <span class="gw-level" title={`${tableLevel()}${g()!.variants.length ? ` · ${g()!.variants.map(variantName).join(" · ")}` : ""}`}>
                  {tableLevel()}
                  {g()!.variants.length ? ` · ${g()!.variants.map(variantName).join(" · ")}` : ""}
                </span>
                <a href="/regeln/goldwaage" target="_blank" rel="noopener" data-testid="gw-rules-link">
                  {tr("Regeln", "Rules")}
                </a>
                {/* Players see who watches; a spectator is told it only watches, and has its way back instead of "Aufgeben". */}
                <Show when={!watching && room.spectators() > 0}>
                  <span data-testid="gw-watchers">{room.spectators() === 1 ? tr("1 schaut zu", "1 watching") : tr(`${room.spectators()} schauen zu`, `${room.spectators()} watching`)}</span>
                </Show>
                {/* Giving up ends the game for the whole team: asked once more before it is sent. */}
                <Show when={!watching}>
                <Show when={!confirming()} fallback={
                  <span class="gw-confirm" role="group" aria-label={tr("Wirklich aufgeben?", "Really give up?")} onKeyDown={(e) => e.key === "Escape" && (e.preventDefault(), answerNo(() => setConfirming(false), "gw-resign"))}>
                    <span>{tr("Aufgeben? Das Team verliert.", "Give up? The team loses.")}</span>
                    <button type="button" class="button quiet" data-testid="gw-resign-confirm" onClick={() => { setConfirming(false); room.resign(); }}>
                      {tr("Ja", "Yes")}
                    </button>
                    {/* Asked by key: the focus on "Nein" (it went to a card: a keyboard player pass); answered, back on "Aufgeben". */}
                    <button type="button" class="button quiet" data-testid="gw-resign-no" ref={focusIfKeys} onClick={() => answerNo(() => setConfirming(false), "gw-resign")}>
                      {tr("Nein", "No")}
                    </button>
                  </span>
                }>
                  <button type="button" class="button quiet" data-testid="gw-resign" disabled={!!rv()?.over} onClick={() => setConfirming(true)}>
                    {tr("Aufgeben", "Give up")}
                  </button>
                </Show>
                </Show>
              </div>
            </header>

            <Show when={watching}>
              <p class="gw-note" data-testid="gw-watching">
                {tr("Du schaust zu: Du siehst, was offen liegt und gespielt wird – die verdeckten Karten der Spieler nicht.", "You are watching: you see what is open and what is played – not the players' face-down cards.")}
              </p>
            </Show>
            {/* The seats and the scale: one column of a phone in landscape, the table's own rows elsewhere. */}
            <div class="gw-board">
              <ol class="gw-seats" aria-label={tr("Plätze in Spielreihenfolge", "Seats in playing order")}>
                <For each={seatsInOrder()}>
                  {(x) => (
                    <li class="gw-seat" data-testid="gw-seat" data-seat={x} classList={{ turn: (staged()?.thinking ?? g()!.turn) === x, me: x === seat, many: x !== seat && openNow(x).length + shownBefore(x).length >= 3 }}>
                      <div class="gw-seat-name">
                        {/* A person's name alone: "Platz 4 (Zacharias)" was cut to "Pla…" on phones (a fresh-eyes pass);
                            the seat is where it stands in the playing order, and the full label is its title. */}
                        <strong title={x === seat ? undefined : seatName(x)}>
                          <Show when={x !== seat && computers().has(x)} fallback={x === seat ? tr("Du", "You") : rv()?.names?.[x] || seatName(x)}>
                            {/* On a narrow phone a computer is "Computer 3", as a replay names it ("Platz 3 (Com…" was cut). */}
                            <span class="gw-name-long">{seatName(x)}</span>
                            <span class="gw-name-short">{`Computer ${x + 1}`}</span>
                          </Show>
                        </strong>
                        <Show when={g()!.starter === x}>
                          <small class="gw-starter">{/* After the seat's name: "Du beginnst", "You start" (it read "You you start"). */}
                          {x === seat ? tr("beginnst", "start") : tr("beginnt", "starts")}</small>
                        </Show>
                        <Show when={phase() === "play" && g()!.turn === x && staged() === null}>
                          <small class="gw-turn-mark">{tr("am Zug", "to move")}</small>
                        </Show>
                        <Show when={staged()?.thinking === x}>
                          <small class="gw-thinking" data-testid="gw-thinking">
                            {tr("denkt nach", "thinking")}
                            <span class="dots" aria-hidden="true" />
                          </small>
                        </Show>
                        {/* Not beside "getrennt" / "nicht da": a seat nobody sits at chooses nothing (a fresh-eyes pass). */}
                        <Show when={phase() === "show" && !g()!.shown[x] && !away(x)}>
                          <small class="gw-choosing">{x === seat ? tr("wählst offene Karte", "choosing your open card") : tr("wählt offene Karte", "choosing open card")}</small>
                        </Show>
                        <Show when={away(x)}>
                          {/* Never came since the deal (ADR 041): not "disconnected", nobody has sat there yet. */}
                          <small class="gw-away" data-testid="gw-away">{noShowSeats().includes(x) ? tr("nicht da", "not here") : tr("getrennt", "disconnected")}</small>
                        </Show>
                      </div>
                      <div class="gw-seat-cards">
                        <For each={x === seat ? [] : openNow(x)}>{(c) => <Face id={c} small />}</For>
                        <Show when={x !== seat && shownBefore(x).length > 0}>
                          {/* A button: on a phone the words "schon gezeigt" give their place to the cards (CSS), and a
                              player pass found the dimmed cards unexplained; a tap says what they are. */}
                          <button
                            type="button"
                            class="gw-shown-before"
                            data-testid="gw-shown-before"
                            aria-expanded={explained() === x}
                            title={shownBeforeNote()}
                            onClick={() => explain(x)}
                          >
                            <small>{tr("schon gezeigt:", "shown before:")}</small>
                            <For each={shownBefore(x)}>{(c) => <Face id={c} small />}</For>
                          </button>
                          <Show when={explained() === x}>
                            <span class="gw-shown-note" role="note" data-testid="gw-shown-note">{shownBeforeNote()}</span>
                          </Show>
                        </Show>
                        <span class="gw-hidden-count" data-none={x !== seat && hiddenNow(x) === 0 ? "" : undefined} title={x === seat ? undefined : tr(`${hiddenNow(x)} verdeckt`, `${hiddenNow(x)} hidden`)}>
                          {x === seat ? (
                            handSizeNow(x) === 1 ? (
                              tr("1 Karte", "1 card")
                            ) : (
                              tr(`${handSizeNow(x)} Karten`, `${handSizeNow(x)} cards`)
                            )
                          ) : (
                            // On a phone the number stands on a small card back and the word is left to a screen reader:
                            // with three players and two cards in sight "1 verdeckt" was cut to "1 …" at 390 px.
                            <>
                              <span class="gw-hidden-n">{hiddenNow(x)}</span>
                              <span class="gw-hidden-word">{tr(" verdeckt", " hidden")}</span>
                            </>
                          )}
                        </span>
                      </div>
                    </li>
                  )}
                </For>
              </ol>

              <div class="gw-scale" classList={{ flash: staged()?.flash != null, tipped: staged()?.flash === "tipped", balanced: staged()?.flash === "balanced" }}>
                <PanColumn pan="left" cards={pans().left} sum={sums()[0]} heavier={sums()[0] > sums()[1]} last={staged()?.last?.card ?? null} onPick={previews()?.left && !room.busy() ? () => put("left") : undefined} />
                <div class="gw-beam" data-testid="gw-difference" data-difference={difference()}>
                  <span class="gw-beam-icon" aria-hidden="true">⚖</span>
                  <span class="gw-diff">
                    {tr("Unterschied", "Difference")} <strong>{difference()}</strong>
                  </span>
                  <span class="gw-limit" data-testid="gw-limit">
                    {tr(`Grenze ${g()!.limit}`, `Limit ${g()!.limit}`)}
                  </span>
                  {/* The pans' buttons' words ("noch 4 Luft"): one line in the beam's narrow column of an upright phone,
                      where "darf noch um 9 wachsen" took two and pushed the table under a 640 px screen. */}
                  <span class="gw-room">{tr(`noch ${Math.max(0, g()!.limit - difference())} Luft`, `${Math.max(0, g()!.limit - difference())} to spare`)}</span>
                  <Show when={staged()?.flash}>
                    <strong class="gw-flash" role="status">
                      {staged()!.flash === "balanced" ? tr("Gleichgewicht!", "Balanced!") : lives() === 0 ? tr("Gekippt! Der letzte König fällt.", "Tipped! The last King falls.") : tr("Gekippt! Ein König fällt.", "Tipped! A King falls.")}
                    </strong>
                  </Show>
                </div>
                <PanColumn pan="right" cards={pans().right} sum={sums()[1]} heavier={sums()[1] > sums()[0]} last={staged()?.last?.card ?? null} onPick={previews()?.right && !room.busy() ? () => put("right") : undefined} />
              </div>
            </div>

            <Show when={!over()}>
              <div class="gw-status" role="status">
                <Show when={mustShow()}>{tr(needShow() === 2 ? "Wähle zwei Karten, die offen liegen, und bestätige." : "Wähle die Karte, die offen liegt, und bestätige.", needShow() === 2 ? "Choose two cards to show and confirm." : "Choose the card to show and confirm.")}</Show>
                <Show when={phase() === "show" && !mustShow() && !room.busy()}>{watching ? tr("Die Spieler wählen ihre offene Karte …", "The players are choosing their open card …") : tr("Die anderen wählen ihre offene Karte …", "The others are choosing their open card …")}</Show>
                <Show when={pending()}>
                  {(p) => {
                    // The card has left the hand and the move is sent only with the new open card: say where it goes
                    // (a player pass saw the card nowhere meanwhile), and what a Jack or Queen does there.
                    const fx = (l: Lang) => panEffect(p().card, p().pan, l);
                    return tr(`Du ${fx("de") ? "spielst" : "legst"} ${cardName(p().card, "de")} ${panPlace(p().pan, "de")}${fx("de")}. Wähle deine neue offene Karte und bestätige.`, `You ${fx("en") ? "play" : "put"} ${cardName(p().card, "en")} ${panPlace(p().pan, "en")}${fx("en")}. Choose your new open card and confirm.`);
                  }}
                </Show>
                <Show when={myTurn() && !pending()}>{selected() ? (
                    // A card no pan takes (a Jack onto the empty scale) goes to the discard pile: the prompt named
                    // the pans while both their buttons were disabled (a player pass).
                    previews()?.discard ? (
                      <>
                        {tr("Diese Karte geht auf den Ablagestapel", "This card goes to the discard pile")}
                        <span class="gw-key-note">{tr(" (Taste A)", " (key D)")}</span>.
                      </>
                    ) : (
                    <>
                      {tr("Jetzt die Schale wählen", "Now choose the pan")}
                      <span class="gw-key-note">{tr(" (Taste L / R)", " (key L / R)")}</span>.
                    </>
                    )
                  ) : (
                    tr("Du bist dran: Wähle eine Karte.", "Your turn: choose a card.")
                  )}</Show>
                <Show when={phase() === "play" && !myTurn() && !room.busy() && g()!.turn !== null}>{tr(`${seatName(g()!.turn!)} ist dran.`, `${seatName(g()!.turn!)} to play.`)}</Show>
              </div>

              <Show when={!watching}>
              <div class="gw-hand-row">
                <ul class="gw-hand" aria-label={tr("Deine Karten", "Your cards")}>
                  <For each={handShown()}>
                    {(c) => (
                      <li>
                        <button
                          type="button"
                          class="gw-card"
                          data-testid="gw-hand-card"
                          data-card={c}
                          data-legal={String(legal(c))}
                          data-open={String(isOpen(c))}
                          aria-pressed={choosing() ? picked().includes(c) : selected() === c}
                          aria-label={`${spokenCard(c, lang())}${isOpen(c) ? tr(", offen", ", open") : pending() && myOpen().includes(c) ? tr(", bisher offen", ", open so far") : ""}`}
                          classList={{ legal: legal(c), selected: choosing() ? picked().includes(c) : selected() === c, open: isOpen(c) }}
                          onClick={() => clickCard(c)}
                        >
                          <Face id={c} />
                          <Show when={isOpen(c)}>
                            <small class="gw-open-tag">{tr("offen", "open")}</small>
                          </Show>
                          {/* While a new open card is chosen, the one shown so far keeps a mark (a player pass lost sight
                              of what was being swapped away). */}
                          <Show when={pending() && !isOpen(c) && myOpen().includes(c)}>
                            <small class="gw-open-tag was" data-testid="gw-was-open">{tr("bisher offen", "open so far")}</small>
                          </Show>
                        </button>
                      </li>
                    )}
                  </For>
                </ul>
              </div>

              <div class="gw-actions" ref={actionsEl}>
                <Show when={choosing()}>
                  <button type="button" class="button primary" data-testid="gw-show-confirm" disabled={picked().length !== needShow() || room.busy()} onClick={confirmShow}>
                    {pending() ? tr("Offene Karte bestätigen", "Confirm open card") : tr("Zeigen", "Show")}
                  </button>
                  <Show when={pending()}>
                    {/* It takes the card back into the hand, unplayed ("Andere Karte" read as another open card). */}
                    <button type="button" class="button quiet" onClick={() => (setPending(null), setPicked([]))}>
                      {tr("Abbrechen", "Cancel")}
                    </button>
                  </Show>
                </Show>
                {/* Not once this seat's hand is played out: two disabled pans stood there for the rest of the round. */}
                <Show when={!choosing() && phase() === "play" && (watching || handSizeNow(seat) > 0)}>
                  <div class="gw-puts">
                    <For each={["left", "right"] as const}>
                      {(p) => (
                        <button type="button" class="button gw-put" data-testid={`gw-put-${p}`} disabled={!previews()?.[p]} onClick={() => put(p)} aria-keyshortcuts={p === "left" ? "L" : "R"}>
                          <span>{putTitle(p, selected() ?? null, lang())}</span>
                          <Show when={previews()?.[p]}>{(pv) => <small classList={{ warn: pv().outcome === "tipped", good: pv().outcome === "balanced" }}>{previewParts(pv(), lang())[0]}<span class="gw-preview-room">{previewParts(pv(), lang())[1]}</span></small>}</Show>
                        </button>
                      )}
                    </For>
                    <Show when={previews()?.discard}>
                      {(pv) => (
                        <button type="button" class="button gw-put" data-testid="gw-put-discard" onClick={() => put(null)} aria-keyshortcuts="A D">
                          <span>{tr("Ablagestapel", "Discard")}</span>
                          <small>{previewText(pv(), lang())}</small>
                        </button>
                      )}
                    </Show>
                    {/* In the pans' row: on a phone in landscape a row of its own stood below the screen's foot (a
                        player pass). */}
                    <Show when={myTurn() && selected() && openChoiceAfter(g()!, seat, selected()!).possible && !openChoiceAfter(g()!, seat, selected()!).required}>
                      <label class="gw-swap">
                        <input type="checkbox" data-testid="gw-swap" checked={swap()} onChange={(e) => setSwap(e.currentTarget.checked)} />
                        {tr("danach offene Karte tauschen", "then swap my open card")}
                      </label>
                    </Show>
                  </div>
                </Show>
                <Show when={keyNote()}>
                  {(note) => (
                    <p class="gw-key-note" role="status" data-testid="gw-key-note">
                      {note()}
                    </p>
                  )}
                </Show>
                <Show when={room.stopped() ? null : room.error()}>
                  {(e) => (
                    <p class="table-error" role="alert">
                      {lang() === "de" ? e().messageDe : e().message}
                    </p>
                  )}
                </Show>
              </div>
              <p class="gw-keys">{tr("Tasten: Tab / ← → zu einer Karte, Eingabe nimmt sie, dann L links, R rechts, A Ablage.", "Keys: Tab / ← → to a card, Enter takes it, then L left, R right, D discard.")}</p>
              </Show>
            </Show>

            <ul class="gw-feed" aria-hidden="true">
              <For each={feed().slice(0, 4)}>{(l) => <li>{l[lang()]}</li>}</For>
            </ul>
            <GameLog entries={log()} />

            {/* On Profi the computers' plays are their only signal; the rules page says how (the player pass found it
                explained nowhere at the table). */}
            <Show when={g()!.level === "profi" && computers().size > 0}>
              <p class="gw-note" data-testid="gw-profi-note">
                {tr("Profi: Nichts liegt offen. Eure Computer-Teamkameraden verraten ihre Karten nur durch ihr Spiel – wie, steht in den ", "Profi: nothing is open. Your computer team-mates tell about their cards only by how they play – how, the ")}
                <a href="/regeln/goldwaage" target="_blank" rel="noopener">
                  {tr("Regeln", "rules")}
                </a>
                {tr(" unter „Kein Wort über eure Karten“.", " say under “Not a word about your cards”.")}
              </p>
            </Show>

            {/* A person to act who has left, or one's own brake running out: the table says how long it waits. */}
            <Show when={brakeNote()}>
              {(t) => (
                <p class="gw-offline" role="status" data-testid="gw-brake">
                  {t()}
                </p>
              )}
            </Show>
            <Show when={watching && !over()}>
              <p class="gw-watch-leave">
                <button type="button" class="button quiet" data-testid="watch-leave" onClick={() => navigate("/wartesaal")}>
                  {tr("Zurück zum Wartesaal", "Back to the lobby")}
                </button>
              </p>
            </Show>
            <Show when={!room.connected() && !room.stopped()}>
              <p class="gw-offline connection-lost" role="status" data-testid="reconnecting">
                {tr("Verbindung wird wiederhergestellt …", "Reconnecting …")}
              </p>
            </Show>
          </section>

          <Show when={shownReport()}>
            {(r) => (
              <div class="gw-overlay" role="dialog" aria-modal="true" aria-labelledby="gw-round-title" data-testid="gw-round-table" ref={modalFocus}>
                <div class="gw-sheet">
                  <h2 id="gw-round-title">{tr(`Runde ${r().round} vorbei`, `Round ${r().round} over`)}</h2>
                  <RoundAnalysis report={r()} seatName={seatName} />
                  {/* The next round may have begun under this sheet (a computer starts it): say what already lies there,
                      or the player comes back to a card on the scale nobody saw played (a player pass). */}
                  <Show when={nextPlays(r().round).length > 0}>
                    <p class="gw-next-plays" data-testid="gw-round-next-plays">
                      {tr(`Runde ${r().round + 1} hat schon begonnen: `, `Round ${r().round + 1} has already begun: `)}
                      {nextPlays(r().round)
                        .map((p) => `${capitalised(seatName(p.seat as Seat))}: ${cardName(p.card, lang())} ${panPlace(p.pan, lang())}`)
                        .join(" · ")}
                    </p>
                  </Show>
                  <Remarks />
                  <button type="button" class="button primary" data-testid="gw-round-continue" ref={(el) => queueMicrotask(() => el.focus({ preventScroll: true }))} onClick={closeRound}>
                    {tr(`Weiter zu Runde ${r().round + 1}`, `On to round ${r().round + 1}`)}
                  </button>
                </div>
              </div>
            )}
          </Show>

          <Show when={onOver()}>
            <div class="gw-overlay" role="dialog" aria-modal="true" aria-labelledby="gw-end-title" ref={modalFocus}>
              <div class="gw-sheet wide" data-testid="gw-result" data-result={rv()!.result?.absent ? "aborted" : (rv()!.result?.team ?? g()!.result ?? "lost")}>
                {/* A spectator won and lost nothing: the team did (a player pass read "Verloren" as its own loss). */}
                <h2 id="gw-end-title">
                  {rv()!.result?.absent
                    ? tr("Abgebrochen", "Called off")
                    : (rv()!.result?.team ?? g()!.result) === "won"
                      ? watching ? tr("Das Team hat gewonnen!", "The team won!") : tr("Gewonnen!", "Won!")
                      : watching ? tr("Das Team hat verloren", "The team lost") : tr("Verloren", "Lost")}
                </h2>
                <Show
                  when={rv()!.result?.absent}
                  fallback={
                    <p>
                      {endLives()}
                      {rv()!.result && rv()!.result!.reason !== "rules" ? ` (${endedHow(rv()!.result!.reason)})` : ""}
                    </p>
                  }
                >
                  {(absent) => (
                    <p data-testid="gw-no-show">
                      {absentText(absent().map((x) => (x === seat ? tr("du", "you") : seatName(x as Seat))), lang())}
                    </p>
                  )}
                </Show>
                {/* Given up (or a clock ran out) before 10 cards or 3 minutes at a table of people: no record counts it
                    (one who took a free seat could otherwise cost the others a lost game). */}
                <Show when={rv()!.result?.uncounted}>
                  <p data-testid="result-uncounted">
                    {watching
                      ? tr("Zählt nicht: Die Partie endete, bevor 10 Karten gespielt oder 3 Minuten vergangen waren – in den Bilanzen steht sie als „abgebrochen“.", "Not counted: the game ended before 10 cards were played or 3 minutes had passed – the players' records list it as “aborted”.")
                      : tr("Zählt nicht: Die Partie endete, bevor 10 Karten gespielt oder 3 Minuten vergangen waren – in der Bilanz steht sie als „abgebrochen“.", "Not counted: the game ended before 10 cards were played or 3 minutes had passed – your records list it as “aborted”.")}
                  </p>
                </Show>
                {/* Nobody to say "Gut gespielt!" to when someone never came. */}
                <Show when={!rv()!.result?.absent}>
                  <Remarks />
                </Show>
                <div class="setup-go">
                  <Show when={watching}>
                    <button type="button" class="button primary" data-testid="watch-leave-result" onClick={() => navigate("/wartesaal")}>
                      {tr("Zurück zum Wartesaal", "Back to the lobby")}
                    </button>
                  </Show>
                  {/* A table from the Wartesaal leads back there, to the same people, not to a table with computers (a pass). */}
                  <button type="button" class="button" classList={{ primary: !watching }} data-testid="gw-new-game" onClick={() => navigate(s.from === "wartesaal" && !watching ? "/wartesaal" : "/spielen/goldwaage")}>
                    {s.from === "wartesaal" && !watching ? tr("Neue Partie im Wartesaal", "New game in the lobby") : tr("Neue Partie", "New game")}
                  </button>
                  {/* As the duel's result offers it: the whole game again, every hand open (the archive follows the end
                      by a moment; the replay page waits for it). */}
                  <Link class="button quiet" href={`/replay/${s.room}`} data-testid="gw-replay">
                    {tr("Partie nachspielen", "Replay the game")}
                  </Link>
                  {/* A spectator's records hold nothing of this game. */}
                  <Show when={!watching}>
                    <Link class="button quiet" href="/bilanz">
                      {tr("Bilanz", "Records")}
                    </Link>
                  </Show>
                  <Link class="button quiet" href="/">
                    {tr("Startseite", "Start page")}
                  </Link>
                </div>
                <ol class="gw-end-table">
                  <For each={reports()}>
                    {(r) => (
                      <li>
                        <h3>{tr(`Runde ${r.round} · Grenze ${r.limit}`, `Round ${r.round} · limit ${r.limit}`)}</h3>
                        <RoundAnalysis report={r} seatName={seatName} fatal={lostByLives() && r === lastLossReport()} />
                      </li>
                    )}
                  </For>
                </ol>
              </div>
            </div>
          </Show>
        </Show>
      </Show>
    </div>
  );
}

/** How a game ended other than by the rules, in words. */
function endedHow(reason: string): string {
  switch (reason) {
    case "resign":
      return tr("aufgegeben", "given up");
    case "leave":
      return tr("jemand hat den Tisch verlassen", "someone left the table");
    case "timeout":
      return tr("Zeit abgelaufen", "time ran out");
    default:
      return tr("abgebrochen", "aborted");
  }
}

