// The Battlemaske / Zwiegespalten table: renders the view it is given; legal moves come from the view and the engine.
import { createEffect, createMemo, createSignal, For, Match, on, onCleanup, Show, Switch, type JSX } from "solid-js";
import { card as cardInfo, isElixir, type Card, type Suit } from "../../../shared/battlemaske/cards";
import { stateFromView } from "../../../shared/battlemaske/client-state";
import { legalCommands } from "../../../shared/battlemaske/engine";
import type { Command, Seat } from "../../../shared/battlemaske/events";
import type { Lang } from "../../../shared/catalog";
import { BRAKE_MS } from "../../../shared/room/clock";
import { lang, tr } from "../i18n";
import { CardBack, CardFace, cardLabel, SuitEmblem, suitName } from "./cards";
import { announcementAid, cardInfoLines, fieldInfoLines, hiddenInfoLines, opponentVoids, suitInfoLines } from "./info";
import { effectText, roleName, type LogEntry, type RoundSummary } from "./log";
import { ANIMATION_MS } from "../../../shared/animation";
import type { RoomKind } from "../room/session";
import type { HintPayload, RoomView, Staged } from "./room";
import "./table.css";

export interface TableModel {
  readonly kind: RoomKind;
  readonly view: () => RoomView | null;
  /** The last event version shown (a hook for tests: it changes whenever the table does). */
  readonly version: () => number;
  /** The seat whose view is shown (hot-seat: the one in front of the screen). */
  readonly seat: () => Seat;
  readonly log: () => readonly LogEntry[];
  readonly hint: () => HintPayload | null;
  readonly round: () => RoundSummary | null;
  readonly dismissRound: () => void;
  readonly busy: () => boolean;
  /** A batch of events still playing out (the trick growing, then taken); null when the table shows the view itself. */
  readonly staged?: () => Staged | null;
  readonly error: () => string | null;
  readonly connected: () => boolean;
  /** The other side as the log names it ("Der Computer", "Dein Gegner"). */
  readonly opponent: Record<Lang, string>;
  readonly canHint: boolean;
  readonly canTakeback: boolean;
  /** Online, before the friend has come: the link to share. */
  readonly invite?: string;
  command(cmd: Command): void;
  requestHint(): void;
  takeback(action: "request" | "accept" | "decline"): void;
  resign(): void;
  exit(): void;
  newGame?(): void;
}

/** The CSS durations are the room's animation credits: a card, a trick gathered, an effect. */
const ANIMATION_VARS = { "--anim-card": `${ANIMATION_MS.card}ms`, "--anim-trick": `${ANIMATION_MS.trick}ms`, "--anim-effect": `${ANIMATION_MS.effect}ms` };
const SUITS: Suit[] = ["P", "D", "G"];

export function Table(props: { model: TableModel }): JSX.Element {
  const m = props.model;
  return (
    <Show when={m.view()} fallback={<p class="table-loading" role="status">{tr("Der Tisch wird gedeckt …", "Setting the table …")}</p>}>
      {(rv) => <TableView model={m} rv={rv()} />}
    </Show>
  );
}

function TableView(props: { model: TableModel; rv: RoomView }): JSX.Element {
  const m = props.model;
  const rv = () => m.view() ?? props.rv;
  const v = () => rv().game;
  const me = () => m.seat();
  const opp = (): Seat => (me() === 0 ? 1 : 0);
  const rs = () => v().ruleset;
  const myRole = () => v().roles[me()];
  const role = (r: "conte" | "maske") => roleName(rs(), r, lang());

  const [picked, setPicked] = createSignal<Card[]>([]);
  // The card on its way to the trick: it starts moving at the click, before the room answers.
  const [leaving, setLeaving] = createSignal<Card | null>(null);
  const [elixir, setElixir] = createSignal<Card | null>(null);
  const [explain, setExplain] = createSignal(false);
  const [showResult, setShowResult] = createSignal(true);
  const [confirmResign, setConfirmResign] = createSignal(false);
  let logList: HTMLOListElement | undefined;
  // The card info window: hover or focus, or a long press on touch.
  // What the window explains: a card, a ranking plaque, a mirror field (or the preview), the opponent's hidden cards.
  type InfoTopic = { kind: "card"; card: Card; inHand: boolean } | { kind: "place"; place: 0 | 1 | 2 } | { kind: "field"; field: number } | { kind: "hidden" };
  const [info, setInfo] = createSignal<InfoTopic | null>(null);
  let pressTimer: ReturnType<typeof setTimeout> | undefined;
  let pressed = false;
  const topicHandlers = (topic: () => InfoTopic) => ({
    onMouseEnter: () => setInfo(topic()),
    onMouseLeave: () => setInfo(null),
    onFocus: () => setInfo(topic()),
    onBlur: () => setInfo(null),
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType !== "touch") return;
      pressed = false;
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => {
        pressed = true;
        setInfo(topic());
      }, 500);
    },
    onPointerUp: () => clearTimeout(pressTimer),
    onPointerCancel: () => clearTimeout(pressTimer),
    onContextMenu: (e: Event) => e.preventDefault(),
  });
  const infoHandlers = (c: Card, inHand: boolean) => topicHandlers(() => ({ kind: "card", card: c, inHand }));
  const infoLines = (t: InfoTopic): string[] =>
    t.kind === "card"
      ? cardInfoLines(v(), me(), t.card, lang(), t.inHand)
      : t.kind === "place"
        ? suitInfoLines(v(), me(), t.place, lang())
        : t.kind === "field"
          ? fieldInfoLines(v(), t.field, lang(), role)
          : hiddenInfoLines(v(), me(), lang());
  // The newest entry stays in sight.
  createEffect(on(m.log, () => queueMicrotask(() => logList && (logList.scrollTop = logList.scrollHeight))));

  // A new table state (or another seat in front of the screen) clears the half-made choice.
  createEffect(
    on([() => v().phase, () => v().round, () => v().game, () => v().history.length, () => v().trick.length, me], () => {
      setPicked([]);
      setElixir(null);
      setLeaving(null);
    }),
  );
  createEffect(on(m.error, (e) => e && setLeaving(null)));
  createEffect(on([() => v().phase, () => v().round], () => setExplain(v().phase === "exchange" && v().round === 1 && v().game === 1), { defer: false }));

  const picking = () => (v().phase === "exchange" || v().phase === "swap") && v().waitingFor.includes(me()) && !rv().over;
  const pickOptions = createMemo(() => {
    if (!picking()) return [] as Card[][];
    return legalCommands(stateFromView(v()), me())
      .filter((c): c is Extract<Command, { cards: readonly Card[] }> => c.type === v().phase)
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
  const myTurn = () => v().turn === me() && !rv().over;
  const legal = (c: Card) => (rv().over ? false : picking() ? pickLegal(c) : myTurn() && v().legalCards.includes(c));
  const hinted = (c: Card) => m.hint()?.cards.includes(c) ?? false;

  function clickCard(c: Card) {
    if (pressed) {
      // The end of a long press opened the info window; it is not a play.
      pressed = false;
      return;
    }
    setInfo(null);
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
    m.command(phase === "swap" ? { type: "swap", cards: picked() } : { type: "exchange", cards: picked() });
  }
  function nameSuit(s: Suit) {
    const e = elixir();
    if (!e) return;
    setLeaving(e);
    m.command({ type: "play", card: e, suit: s });
  }

  const tricksOf = (r: "conte" | "maske") => v().tricks[v().roles[0] === r ? 0 : 1];
  // Where the mirror would stand if the round ended now (after the end of the game: where it stands).
  const preview = () => (rv().over || v().phase === "over" ? v().mirror : Math.min(10, v().mirror + Math.abs(v().tricks[0] - v().tricks[1])));
  const threat = () => !rv().over && preview() >= 10 && v().mirror < 10;

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

  // While a batch plays out the table shows its frames instead of the view's trick (the view moves on at the end).
  const staged = () => m.staged?.() ?? null;
  const trickShown = () => staged()?.trick ?? v().trick;
  const lastTrick = () => {
    const st = staged();
    if (st) return st.taken ?? (st.trick.length === 0 && v().history.length > 0 ? v().history[v().history.length - 1] : undefined);
    return v().trick.length === 0 && v().history.length > 0 ? v().history[v().history.length - 1] : undefined;
  };
  /** The hand without a card that is already on its way to (or in) the staged trick. */
  const handShown = () => {
    const st = staged();
    const out = new Set([...(st?.trick ?? []), ...(st?.taken?.cards ?? [])].map((p) => p.card));
    return (v().hand ?? []).filter((c) => !out.has(c));
  };
  const who = (s: Seat) => (s === me() ? tr("Du", "You") : m.opponent[lang()]);

  const winnerRole = (): "conte" | "maske" | null => {
    const r = rv().result;
    if (r && r.winner !== null && r.reason !== "rules") return v().roles[r.winner as Seat];
    if (v().variant === "profi") {
      const w = v().match?.result?.winner;
      if (w === undefined || w === null) return null;
      return v().roles[w];
    }
    return v().winner;
  };
  const iWon = () => {
    const r = rv().result;
    if (r) return r.draw ? null : r.winner === me();
    const w = winnerRole();
    return w === null ? null : w === myRole();
  };

  return (
    <div class={`table rs-${rs()}`} style={ANIMATION_VARS} data-testid="table" data-ruleset={rs()} data-phase={v().phase} data-seat={me()} data-version={m.version()} data-busy={m.busy() ? "true" : "false"}>
      <div class="table-head">
        <span>
          {rs() === "zwiegespalten" ? "Zwiegespalten" : "Battlemaske"}
          {v().variant === "profi" ? ` · Profi · ${tr("Spiel", "game")} ${v().game}` : ""} · {tr("Runde", "Round")} {v().round}/3
        </span>
        <span data-testid="my-role">
          {tr("Du bist", "You are")} <strong>{role(myRole())}</strong>
        </span>
        <Show when={v().match}>
          {(mt) => (
            <span data-testid="profi-score">
              Profi {mt().scores[me()]} : {mt().scores[opp()]}
            </span>
          )}
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

      <ol class="plaques" aria-label={tr("Rangfolge der Farben", "Ranking of the suits")} data-testid="ranking">
        <For each={[tr("schwächste", "weakest"), tr("mittlere", "middle"), tr("stärkste", "strongest")]}>
          {(label, i) => {
            const s = () => v().ranking[i()] as Suit | undefined;
            return (
              <li class={`plaque${s() ? ` suit-${s()}` : " empty"}`} data-suit={s() ?? ""} data-testid="plaque" tabindex="0" {...topicHandlers(() => ({ kind: "place", place: i() as 0 | 1 | 2 }))}>
                <span class="plaque-label">{label}</span>
                <Show when={s()} fallback={<span class="plaque-empty">—</span>}>
                  {(suit) => (
                    <span class="plaque-suit">
                      <SuitEmblem suit={suit()} ruleset={rs()} />
                      {suitName(rs(), suit(), lang())}
                    </span>
                  )}
                </Show>
              </li>
            );
          }}
        </For>
      </ol>

      <div class="table-grid">
        <section class="mirror-box" aria-label={tr("Spiegel", "Mirror")}>
          <h2 class="box-title">{tr("Spiegel", "Mirror")}</h2>
          <ol class="mirror" data-testid="mirror" data-value={v().mirror} data-preview={preview()}>
            <For each={[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}>
              {(f) => (
                <li
                  classList={{ field: true, here: f === v().mirror, passed: f < v().mirror, preview: f === preview() && preview() !== v().mirror, threat: f === 10 && threat() }}
                  aria-current={f === v().mirror ? "step" : undefined}
                  data-testid="mirror-field"
                  data-field={f}
                  tabindex={f === v().mirror || f === preview() ? 0 : -1}
                  {...topicHandlers(() => ({ kind: "field", field: f }))}
                >
                  {f}
                </li>
              )}
            </For>
          </ol>
          <p class="trick-score" data-testid="trick-score" data-conte={tricksOf("conte")} data-maske={tricksOf("maske")}>
            <span>
              {role("conte")} <b>{tricksOf("conte")}</b> : <b>{tricksOf("maske")}</b> {role("maske")}
            </span>
            <span class="preview-text" data-testid="mirror-preview" tabindex="0" {...topicHandlers(() => ({ kind: "field", field: preview() }))}>
              {tr("Rundenende jetzt:", "Round end now:")} → {preview()}
            </span>
          </p>
        </section>

        <section class="felt" aria-label={tr("Tisch", "Table")}>
          <div class="opponent" data-testid="opponent-hand" data-count={v().handSizes[opp()]}>
            <span class="opp-name">
              {m.opponent[lang()]} · {role(v().roles[opp()])} · {v().handSizes[opp()]} {v().handSizes[opp()] === 1 ? tr("Karte", "card") : tr("Karten", "cards")}
              {/* Suits the opponent could not follow stand struck through at its side. */}
              <Show when={opponentVoids(v(), me()).size > 0}>
                <span class="opp-voids" data-testid="opponent-voids">
                  {" · "}
                  <For each={[...opponentVoids(v(), me())]}>
                    {(s) => (
                      <s title={tr("blank", "void")}>
                        <SuitEmblem suit={s} ruleset={rs()} /> {suitName(rs(), s, lang())}
                      </s>
                    )}
                  </For>
                </span>
              </Show>
            </span>
            <div class="backs" data-testid="opponent-backs" tabindex="0" aria-label={tr("Verdeckte Karten des Gegners", "The opponent's hidden cards")} {...topicHandlers(() => ({ kind: "hidden" }))}>
              <For each={Array.from({ length: v().handSizes[opp()] })}>{() => <CardBack />}</For>
            </div>
          </div>

          <div class="trick" data-testid="trick" data-count={trickShown().length} data-staged={staged() ? "true" : undefined}>
            <Show
              when={trickShown().length > 0}
              fallback={
                <Show when={lastTrick()} fallback={<p class="trick-empty">{tr("Noch kein Stich", "No trick yet")}</p>}>
                  {(t) => (
                    <div class="last-trick" data-testid="last-trick">
                      <span class="trick-caption">
                        {tr("Letzter Stich", "Last trick")} – {t().winner === me() ? tr("deiner", "yours") : m.opponent[lang()]}
                      </span>
                      <div class="trick-cards">
                        <For each={t().cards}>
                          {(p) => (
                            <figure class={`played${p.seat === t().winner ? " won" : ""}${staged()?.taken ? " gathering" : ""}`}>
                              <CardFace id={p.card} ruleset={rs()} lang={lang()} />
                              <figcaption>{who(p.seat)}</figcaption>
                            </figure>
                          )}
                        </For>
                      </div>
                      <Show when={t().effect}>{(e) => <p class="effect-text" data-testid="effect">{effectText(e(), t().stolen, { de: who(t().winner), en: who(t().winner) }, lang())}</p>}</Show>
                    </div>
                  )}
                </Show>
              }
            >
              <div class="trick-cards">
                <For each={trickShown()}>
                  {(p) => (
                    <figure class="played fresh" data-card={p.card} tabindex="0" {...infoHandlers(p.card, false)}>
                      <CardFace id={p.card} ruleset={rs()} lang={lang()} />
                      <figcaption>{who(p.seat)}</figcaption>
                    </figure>
                  )}
                </For>
              </div>
              <Show when={staged() ? null : v().namedSuit}>
                {(s) => (
                  <p class="named">
                    {tr("Angesagt:", "Named:")} <SuitEmblem suit={s()} ruleset={rs()} /> {suitName(rs(), s(), lang())}
                  </p>
                )}
              </Show>
            </Show>
          </div>

          <p class="turn" data-testid="turn" data-my-turn={myTurn() || picking() ? "true" : "false"} aria-live="polite">
            {status()}
          </p>

          <Show when={v().phase === "setup" && m.invite}>
            <div class="invite-box">
              <p>{tr("Schick deinem Freund diesen Link. Sobald er ihn öffnet, werden die Karten gegeben.", "Send your friend this link. As soon as they open it, the cards are dealt.")}</p>
              <input class="invite-link" readonly value={m.invite} data-testid="invite-link" aria-label={tr("Einladungslink", "Invite link")} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" class="button" onClick={() => void navigator.clipboard?.writeText(m.invite!).catch(() => undefined)}>
                {tr("Link kopieren", "Copy link")}
              </button>
            </div>
          </Show>

          <Show when={m.error()}>
            <p class="table-error" role="alert" data-testid="table-error">
              {m.error()}
            </p>
          </Show>

          <div class="actions">
            <Show when={picking()}>
              <button
                type="button"
                class="button primary"
                data-testid={v().phase === "swap" ? "swap-confirm" : "exchange-confirm"}
                disabled={!pickComplete() || m.busy()}
                onClick={confirmPick}
              >
                {v().phase === "swap" ? tr("Gier-Tausch", "Swap") : tr("Tauschen", "Exchange")} ({picked().length}/{v().pickCount})
              </button>
              <button type="button" class="button quiet" aria-expanded={explain()} onClick={() => setExplain((x) => !x)} data-testid="explain-exchange">
                {tr("Was tauschen?", "What to exchange?")}
              </button>
            </Show>
            <Show when={elixir()}>
              <div class="name-suit" role="group" aria-label={tr("Farbe ansagen", "Name a suit")}>
                <For each={SUITS}>
                  {(s) => (
                    <button type="button" class="button suit-button" data-testid={`name-suit-${s}`} disabled={m.busy()} onClick={() => nameSuit(s)}>
                      <span class="suit-button-name">
                        <SuitEmblem suit={s} ruleset={rs()} /> {suitName(rs(), s, lang())}
                      </span>
                      <small class="aid" data-testid={`announcement-aid-${s}`}>
                        {announcementAid(v(), me(), elixir()!, lang())[s]}
                      </small>
                    </button>
                  )}
                </For>
                <button type="button" class="button quiet" onClick={() => setElixir(null)}>
                  {tr("Abbrechen", "Cancel")}
                </button>
              </div>
            </Show>
          </div>

          <Show when={explain() && (v().phase === "exchange" || v().phase === "swap")}>
            <div class="explain" data-testid="exchange-help">
              <Show
                when={v().phase === "exchange"}
                fallback={<p>{tr("Gier: Beide wählen verdeckt bis zu zwei Karten; sie wechseln gleichzeitig die Hand. Gib ab, was dir nicht hilft.", "Greed: both pick up to two cards face down; they change hands at once. Give away what does not help you.")}</p>}
              >
                <p>
                  {tr(
                    `Vor jeder Runde gibt jeder genau so viele Karten ab, wie die Runde zählt (jetzt ${v().pickCount}). Beide wählen verdeckt, dann wechseln die Karten gleichzeitig die Hand. Wer zwei oder mehr Elixiere hält, muss mindestens eines abgeben. Als ${role("conte")} willst du ausgeglichene Stiche, als ${role("maske")} einen großen Abstand.`,
                    `Before every round each player gives exactly as many cards as the round's number (now ${v().pickCount}). Both pick face down, then the cards change hands at once. Holding two or more elixirs, you must give at least one. As ${role("conte")} you want even tricks, as ${role("maske")} a big difference.`,
                  )}
                </p>
              </Show>
            </div>
          </Show>

          <Show when={m.hint()}>
            {(h) => (
              <div class="hint-box" data-testid="hint-box" role="status">
                <strong>{tr("Rat", "Advice")}:</strong> {h().reason[lang()]}{" "}
                <span class="win-chance" data-testid="win-chance">
                  {tr("Gewinnchance", "Chance to win")} {Math.round(h().winChance * 100)} %
                </span>
              </div>
            )}
          </Show>

          <Show when={info()}>
            {(i) => (
              <div class="card-info" role="tooltip" data-testid="card-info" data-topic={i().kind} data-card={i().kind === "card" ? (i() as { card: Card }).card : undefined}>
                <Switch>
                  <Match when={i().kind === "card" && (i() as { card: Card }).card}>{(c) => <CardFace id={c()} ruleset={rs()} lang={lang()} />}</Match>
                  <Match when={i().kind === "place" && v().ranking[(i() as { place: number }).place]}>{(s) => <SuitEmblem suit={s() as Suit} ruleset={rs()} class="info-emblem" />}</Match>
                  <Match when={i().kind === "hidden"}>
                    <CardBack />
                  </Match>
                </Switch>
                <div>
                  <For each={infoLines(i())}>{(line) => <p>{line}</p>}</For>
                </div>
              </div>
            )}
          </Show>
          <div class="visually-hidden" aria-live="polite" data-testid="live">
            {m.log()[m.log().length - 1]?.text[lang()] ?? ""}
          </div>

          <div class="hand-wrap">
            <ul class={`hand${(v().hand?.length ?? 0) >= 6 ? " many" : ""}`} aria-label={tr("Deine Karten", "Your cards")} style={{ "--cols": String(Math.ceil((v().hand?.length ?? 0) / 2)) }}>
              <For each={handShown()}>
                {(c) => (
                  <li>
                    <button
                      type="button"
                      class="hand-card"
                      classList={{ leaving: leaving() === c, legal: legal(c), picked: picked().includes(c) || elixir() === c, hinted: hinted(c), known: v().knownAtOpponent.includes(c) }}
                      data-testid="hand-card"
                      data-card={c}
                      data-legal={legal(c) ? "true" : "false"}
                      data-hint={hinted(c) ? "true" : undefined}
                      aria-pressed={picking() || elixir() !== null ? picked().includes(c) || elixir() === c : undefined}
                      aria-disabled={!legal(c)}
                      aria-label={cardLabel(rs(), c, lang()) + (legal(c) ? "" : tr(" (nicht spielbar)", " (not playable)"))}
                      onClick={() => clickCard(c)}
                      {...infoHandlers(c, true)}
                    >
                      <CardFace id={c} ruleset={rs()} lang={lang()} />
                    </button>
                  </li>
                )}
              </For>
            </ul>
          </div>

          <div class="tools" hidden={v().phase === "setup"}>
            <Show when={m.canHint}>
              <button type="button" class="button quiet" data-testid="hint" disabled={m.busy() || rv().over || !(myTurn() || picking())} onClick={() => m.requestHint()}>
                {tr("Rat", "Hint")}
              </button>
            </Show>
            <Show when={m.canTakeback}>
              <button type="button" class="button quiet" data-testid="takeback" disabled={m.busy() || rv().over || !rv().takeback.allowed} onClick={() => m.takeback("request")}>
                {tr("Karte zurück", "Take back")}
              </button>
            </Show>
            <Show when={rv().takeback.requestedBy === me() && !rv().over}>
              <span class="takeback-ask" data-testid="takeback-waiting">
                {tr("Warte auf die Antwort deines Gegners …", "Waiting for your opponent's answer …")}
              </span>
            </Show>
            <Show when={rv().takeback.requestedBy !== null && rv().takeback.requestedBy !== me() && !rv().over}>
              <span class="takeback-ask" data-testid="takeback-request">
                {tr("Dein Gegner bittet um „Karte zurück“.", "Your opponent asks to take back a card.")}
                <button type="button" class="button" data-testid="takeback-accept" onClick={() => m.takeback("accept")}>
                  {tr("Annehmen", "Accept")}
                </button>
                <button type="button" class="button quiet" data-testid="takeback-decline" onClick={() => m.takeback("decline")}>
                  {tr("Ablehnen", "Decline")}
                </button>
              </span>
            </Show>
            <Show when={!rv().over}>
              <Show
                when={confirmResign()}
                fallback={
                  <button type="button" class="button quiet" data-testid="resign" onClick={() => setConfirmResign(true)}>
                    {tr("Aufgeben", "Resign")}
                  </button>
                }
              >
                <span class="confirm-resign">
                  {tr("Wirklich aufgeben?", "Really resign?")}
                  <button type="button" class="button" data-testid="resign-yes" onClick={() => { setConfirmResign(false); m.resign(); }}>
                    {tr("Ja", "Yes")}
                  </button>
                  <button type="button" class="button quiet" onClick={() => setConfirmResign(false)}>
                    {tr("Nein", "No")}
                  </button>
                </span>
              </Show>
            </Show>
            <Show when={rv().over && !showResult()}>
              <button type="button" class="button primary" data-testid="show-result" onClick={() => setShowResult(true)}>
                {tr("Ergebnis zeigen", "Show result")}
              </button>
              <button type="button" class="button quiet" data-testid="leave" onClick={() => m.exit()}>
                {tr("Verlassen", "Leave")}
              </button>
            </Show>
          </div>
        </section>

        <aside class="log-box" aria-label={tr("Spielverlauf", "Game log")}>
          {/* On a phone this is a sheet at the bottom edge: the handle shows the newest entry, a tap pulls the whole log up. */}
          <details class="log-sheet" data-testid="log-sheet" open={!narrow()}>
            <summary class="box-title">
              <span>{tr("Spielverlauf", "Game log")}</span>
              <span class="log-latest" aria-hidden="true">
                {m.log()[m.log().length - 1]?.text[lang()] ?? ""}
              </span>
            </summary>
            <ol class="log" data-testid="game-log" ref={logList}>
              <For each={m.log()}>{(e) => <li classList={{ strong: !!e.strong }}>{e.text[lang()]}</li>}</For>
            </ol>
          </details>
          <CardCounter v={v()} me={me()} />
        </aside>
      </div>

      <Show when={!rv().over ? m.round() : null}>
        {(r) => (
          <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="round-title" data-testid="round-table">
            <div class="overlay-card">
              <h2 id="round-title">
                {tr("Runde", "Round")} {r().round} {tr("vorbei", "over")}
                {v().variant === "profi" ? ` (${tr("Spiel", "game")} ${r().game})` : ""}
              </h2>
              <p class="round-sum" data-testid="round-sum">
                {role("conte")} <b>{r().conte}</b> : <b>{r().maske}</b> {role("maske")} → <b>{r().moved}</b>
              </p>
              <p>
                {tr(
                  `Der Abstand ist ${r().moved}: der Spiegel rückt ${r().moved} ${r().moved === 1 ? "Feld" : "Felder"} zur ${role("maske")} und steht jetzt auf ${Math.min(10, r().mirror)}.`,
                  `The difference is ${r().moved}: the mirror moves ${r().moved} towards the ${role("maske")} and now stands at ${Math.min(10, r().mirror)}.`,
                )}
              </p>
              <Show when={r().gameWinner}>{(w) => <p class="strong-line">{tr(`Spiel ${r().game}: ${role(w())} gewinnt. Jetzt beginnt Spiel 2 mit getauschten Rollen.`, `Game ${r().game}: ${role(w())} wins. Game 2 starts with the roles swapped.`)}</p>}</Show>
              <button type="button" class="button primary" data-testid="round-continue" onClick={() => m.dismissRound()} autofocus>
                {tr("Weiter", "Continue")}
              </button>
            </div>
          </div>
        )}
      </Show>

      <Show when={rv().over && showResult()}>
        <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="result-title">
          <div class="overlay-card" data-testid="game-result" data-winner={winnerRole() ?? "draw"} data-winner-seat={String(rv().result?.winner ?? v().match?.result?.winner ?? (v().winner ? v().roles.indexOf(v().winner!) : ""))} data-reason={rv().result?.reason ?? "rules"}>
            <h2 id="result-title">
              {rv().result?.reason === "aborted"
                ? tr("Abgebrochen – nicht gewertet", "Aborted – not rated")
                : m.kind === "hotseat"
                ? winnerRole()
                  ? tr(`${role(winnerRole()!)} gewinnt!`, `${role(winnerRole()!)} wins!`)
                  : tr("Unentschieden", "A draw")
                : iWon() === null
                  ? tr("Unentschieden", "A draw")
                  : iWon()
                    ? tr("Gewonnen!", "You won!")
                    : tr("Verloren", "You lost")}
            </h2>
            <p>
              <Show
                when={rv().result?.reason !== "aborted"}
                fallback={tr("Die Partie endete vor 10 gespielten Karten und 3 Minuten: keine Punkte, kein Elo, keine Taler.", "The game ended before 10 cards and 3 minutes: no points, no Elo, no Taler.")}
              >
                <Show when={winnerRole()} fallback={tr("Niemand gewinnt.", "Nobody wins.")}>
                  {(w) => <>{tr(`${role(w())} gewinnt`, `${role(w())} wins`)}</>}
                </Show>
                {rv().result && rv().result!.reason !== "rules" ? ` (${reasonText(rv().result!.reason)})` : ""}.
              </Show>
            </p>
            <Show when={m.round()}>
              {(r) => (
                <p class="round-sum">
                  {tr("Letzte Runde", "Last round")}: {role("conte")} <b>{r().conte}</b> : <b>{r().maske}</b> {role("maske")} → <b>{r().moved}</b>
                </p>
              )}
            </Show>
            <p>
              {tr("Spiegel", "Mirror")}: <b>{v().mirror}</b> / 10
              <Show when={v().match}>{(mt) => <> · Profi {mt().scores[me()]} : {mt().scores[opp()]}</>}</Show>
            </p>
            <Show when={rv().helped[me()]}>
              <p class="helped">{tr("Diese Partie zählt „mit Hilfe“.", "This game counts as \"with help\".")}</p>
            </Show>
            <div class="overlay-buttons">
              <button type="button" class="button" data-testid="view-table" onClick={() => setShowResult(false)}>
                {tr("Tisch ansehen", "View the table")}
              </button>
              <Show when={m.newGame}>
                <button type="button" class="button primary" data-testid="new-game" onClick={() => m.newGame!()}>
                  {tr("Neue Partie", "New game")}
                </button>
              </Show>
              <button type="button" class="button quiet" data-testid="leave-result" onClick={() => m.exit()}>
                {tr("Verlassen", "Leave")}
              </button>
            </div>
          </div>
        </div>
      </Show>
    </div>
  );
}

/** The chess clocks: counted down here from the room's last report while a seat runs. */
function Clocks(props: { clock: NonNullable<RoomView["clock"]>; me: Seat; opponent: string }): JSX.Element {
  const [now, setNow] = createSignal(Date.now());
  const timer = setInterval(() => setNow(Date.now()), 250);
  onCleanup(() => clearInterval(timer));
  // The room names the running seats; a device clock a little behind the reported `since` must not show more time
  // than is left.
  const runs = (s: Seat) => props.clock.running.includes(s);
  const left = (s: Seat) => Math.max(0, (props.clock.remaining[s] ?? 0) - (runs(s) ? Math.max(0, now() - props.clock.since) : 0));
  // Without a clock: the emergency brake — ten minutes from when the seat began to wait for itself.
  const brake = () => props.clock.control?.type === "brake";
  const brakeLeft = (s: Seat) => Math.max(0, (props.clock.waitingSince?.[s] ?? props.clock.since) + BRAKE_MS - now());
  const fmt = (ms: number) => {
    const t = Math.ceil(ms / 1000);
    return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
  };
  const other: Seat = props.me === 0 ? 1 : 0;
  const waiting = () => props.clock.running.filter((s): s is Seat => s === 0 || s === 1);
  return (
    <Show
      when={!brake()}
      fallback={
        <span class="clocks" data-testid="clocks" title={tr("Ohne Uhr: wer zehn Minuten nicht spielt, verliert.", "No clock: whoever does not play for ten minutes loses.")}>
          <span class="brake-label">{tr("Notbremse", "Brake")}</span>
          <For each={waiting().sort((x, y) => Number(y === props.me) - Number(x === props.me))}>
            {(s) => (
              <span class="brake" classList={{ warning: brakeLeft(s) < 60_000 }} data-testid="brake" data-seat={s} data-ms={Math.round(brakeLeft(s))}>
                {s === props.me ? tr("Du", "You") : props.opponent} {fmt(brakeLeft(s))}
              </span>
            )}
          </For>
        </span>
      }
    >
      <span class="clocks" data-testid="clocks">
        <span classList={{ running: runs(props.me) }} data-testid="clock" data-seat={props.me} data-running={runs(props.me) ? "true" : "false"} data-ms={Math.round(left(props.me))}>
          {tr("Du", "You")} {fmt(left(props.me))}
        </span>
        <span classList={{ running: runs(other) }} data-testid="clock" data-seat={other} data-running={runs(other) ? "true" : "false"} data-ms={Math.round(left(other))}>
          {props.opponent} {fmt(left(other))}
        </span>
      </span>
    </Show>
  );
}

function reasonText(r: string): string {
  switch (r) {
    case "resign":
      return tr("Aufgabe", "resignation");
    case "leave":
      return tr("Tisch verlassen", "left the table");
    case "timeout":
      return tr("Zeit abgelaufen", "time ran out");
    case "aborted":
      return tr("abgebrochen", "aborted");
    default:
      return "";
  }
}

function narrow(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(max-width: 700px)").matches;
}

/** The collapsible card counter: all 25 cards; played struck through, yours outlined green, surely at the opponent outlined red. */
function CardCounter(props: { v: RoomView["game"]; me: Seat }): JSX.Element {
  const deckCards = () => {
    const el = props.v.ruleset === "zwiegespalten" ? [2, 3, 4, 5] : [1, 2, 3, 4];
    return [...SUITS.flatMap((s) => [1, 2, 3, 4, 5, 6, 7].map((n) => `${s}${n}`)), ...el.map((n) => `E${n}`)];
  };
  const played = () => new Set([...props.v.history.flatMap((t) => t.cards.map((p) => p.card)), ...props.v.trick.map((p) => p.card)]);
  const voids = () => opponentVoids(props.v, props.me);
  return (
    <details class="counter">
      <summary class="box-title">{tr("Kartenzähler", "Card counter")}</summary>
      <ul class="counter-grid" data-testid="card-counter">
        <For each={deckCards()}>
          {(c) => (
            <li
              classList={{ played: played().has(c), mine: props.v.hand?.includes(c) ?? false, theirs: props.v.knownAtOpponent.includes(c) }}
              title={cardLabel(props.v.ruleset, c, lang())}
            >
              <CardFace id={c} ruleset={props.v.ruleset} lang={lang()} small />
            </li>
          )}
        </For>
      </ul>
      <Show when={voids().size > 0}>
        <p class="voids">
          {tr("Gegner blank in:", "Opponent void in:")} <For each={[...voids()]}>{(s) => <s>{suitName(props.v.ruleset, s, lang())} </s>}</For>
        </p>
      </Show>
    </details>
  );
}
