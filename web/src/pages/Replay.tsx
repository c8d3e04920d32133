// The replay viewer at /replay/<id>: a finished game from its public archive, step by step (forward, back, a round, a
// trick, any step of the list, the arrow keys), every hand face up; the log downloadable as JSON. No account needed.
import { duelLevelName } from "../levels";
import { createEffect, createMemo, createResource, createSignal, For, Match, onCleanup, onMount, Show, Switch, type JSX } from "solid-js";
import type { Event as BmEvent } from "../../../shared/battlemaske/events";
import { apply as bmApply, fold as bmFold, type State as BmState } from "../../../shared/battlemaske/state";
import { capital, roleName } from "../../../shared/battlemaske/words";
import type { Event as GwEvent } from "../../../shared/goldwaage/events";
import { apply as gwApply, fold as gwFold, type State as GwState } from "../../../shared/goldwaage/state";
import { dayText, lang, momentText, tr } from "../i18n";
import { levelName, variantName } from "../goldwaage/names";
import { storedAccount } from "../account";
import { ownSeat } from "../room/session";
import { archiveUrl, computerSeats, loadArchive, wayBack, type Archive } from "../replay/archive";
import { BattlemaskeBoard } from "../replay/BattlemaskeBoard";
import { CopyLink } from "../replay/CopyLink";
import { Link } from "../router";
import { countGuests, guestName } from "../ui/guests";
import { clampStep, isRoomEntry, replaySteps, seekStep, type ReplayStep } from "../replay/fold";
import { GoldwaageBoard } from "../replay/GoldwaageBoard";
import { battlemaskePlace, battlemaskeStepText, goldwaageStepText, roomStepText, type Text } from "../replay/words";
import "../replay/replay.css";

/** What the frame needs of either game: the steps' words, where rounds (and tricks) begin, and the board at a step. */
interface Model {
  readonly count: number;
  readonly texts: readonly Text[][];
  /** Each step's place: "R2 · S4" and the like, for the list. */
  readonly places: readonly string[];
  readonly rounds: ReadonlyArray<{ readonly label: string; readonly index: number }>;
  /** Steps that take a trick (Battlemaske) or play a card (Goldwaage): what "next trick" / "next card" jumps to. */
  readonly marks: readonly boolean[];
  /** Steps a later "Karte zurück" undid (struck through in the list, said in the step's words). */
  readonly undone: readonly boolean[];
  readonly markName: Text;
  /** The jump buttons' names ("Voriger Stich", "Nächste Karte"). */
  readonly markPrev: Text;
  readonly markNext: Text;
  board(index: number): JSX.Element;
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function seatNames(a: Archive): string[] {
  const computers = computerSeats(a.log);
  // A seat no account held is a computer's at a table with one (the log also names it as the actor of its moves).
  const computer = (seat: number) => computers.has(seat) || (a.players[seat]?.account === false && a.kind !== "online");
  // The level after a dot, not in brackets: the role follows in brackets ("Computer (Stark) (Schatten)" read oddly).
  // Several computer seats (a Goldwaage table) are told apart by their seat number, as the guests are.
  const several = a.players.filter((_, seat) => computer(seat)).length > 1;
  const guests = countGuests(a.players.length, (seat) => !!a.players[seat]?.name, computer);
  return a.players.map((p, seat) => p.name ?? (computer(seat) ? (a.kind === "computer" && a.level ? `${tr("Computer", "Computer")} · ${duelLevelName(a.level)}` : several ? `${tr("Computer", "Computer")} ${seat + 1}` : tr("Computer", "Computer")) : guestName(seat, guests)[lang()]));
}

function battlemaskeModel(a: Archive): Model {
  const steps = replaySteps<BmState, BmEvent>({ fold: bmFold, apply: bmApply }, a.log as ReplayStep<BmState, BmEvent>["entry"][]);
  const names = seatNames(a) as [string, string];
  const profi = (a.options as { variant?: string }).variant === "profi";
  const rounds = steps.flatMap((s) => (s.entry.event.type === "roundDealt" ? [{ label: profi ? `${s.after.game}.${s.after.round}` : String(s.after.round), index: s.index }] : []));
  return {
    count: steps.length,
    texts: steps.map(battlemaskeStepText),
    places: steps.map((s) => {
      const p = battlemaskePlace(s.after);
      return `${profi ? `${p.game}.` : ""}${p.round}${p.trick > 0 ? ` · ${p.trick}` : ""}`;
    }),
    rounds,
    marks: steps.map((s) => s.entry.event.type === "trickTaken" && !s.undone),
    undone: steps.map((s) => s.undone),
    markName: { de: "Stich", en: "Trick" },
    markPrev: { de: "Voriger Stich", en: "Previous trick" },
    markNext: { de: "Nächster Stich", en: "Next trick" },
    board: (i) => <BattlemaskeBoard state={steps[i]!.after} names={names} />,
  };
}

function goldwaageModel(a: Archive): Model {
  const steps = replaySteps<GwState, GwEvent>({ fold: gwFold, apply: gwApply }, a.log as ReplayStep<GwState, GwEvent>["entry"][]);
  const names = seatNames(a);
  const name = (s: number) => names[s] ?? `#${s + 1}`;
  return {
    count: steps.length,
    texts: steps.map((s) => (isRoomEntry(s.entry) ? roomStepText(s.entry.event as { type: string }, name) : goldwaageStepText(s, name))),
    places: steps.map((s) => String(s.after.round)),
    rounds: steps.flatMap((s) => (s.entry.event.type === "roundDealt" ? [{ label: String(s.after.round), index: s.index }] : [])),
    marks: steps.map((s) => s.entry.event.type === "cardPlayed" && !s.undone),
    undone: steps.map((s) => s.undone),
    markName: { de: "Karte", en: "Card" },
    markPrev: { de: "Vorige Karte", en: "Previous card" },
    markNext: { de: "Nächste Karte", en: "Next card" },
    board: (i) => <GoldwaageBoard state={steps[i]!.after} names={names} />,
  };
}

/**
 * The link back above the replay: `daily` for a daily game's (also the one whose day is not over yet). The game is
 * this browser's when it kept a seat's session for the room (a spectator's is never kept) and holds an account.
 */
function BackLink(props: { daily: boolean; id: string }) {
  const to = () => wayBack(props.daily, storedAccount() !== null && ownSeat(props.id));
  return (
    <p class="replay-return">
      <Link href={to().href} data-testid="replay-return" data-to={to().href}>
        ← {to()[lang()]}
      </Link>
    </p>
  );
}

export function ReplayPage(props: { id: string }) {
  const [loaded] = createResource(() => props.id, (id) => loadArchive(id));
  return (
    <div class="page replay">
      <Switch>
        {/* A game that has only just ended is asked for a few times (its archive follows the end by a moment): say so
            meanwhile, the page stood empty for seconds before it explained a running game (a player pass). */}
        <Match when={loaded.loading}>
          <h1>{tr("Wiederholung", "Replay")}</h1>
          <p role="status" data-testid="replay-loading">{tr("Die Partie wird geladen …", "Loading the game …")}</p>
        </Match>
        <Match when={loaded.error}>
          <p role="alert" class="error">{tr("Die Partie ließ sich nicht laden.", "The game could not be loaded.")}</p>
        </Match>
        <Match when={loaded()?.kind === "notFound"}>
          <BackLink daily={false} id={props.id} />
          <h1>{tr("Wiederholung", "Replay")}</h1>
          <Show
            when={(loaded() as { exists?: boolean } | undefined)?.exists}
            fallback={<p data-testid="replay-not-found">{tr("Unter dieser Adresse gibt es keine Partie.", "There is no game at this address.")}</p>}
          >
            <p data-testid="replay-not-found">{tr("Unter dieser Adresse gibt es keine beendete Partie. Eine laufende Partie lässt sich erst nach ihrem Ende nachspielen.", "There is no finished game at this address. A running game can be replayed once it is over.")}</p>
            {/* A player pass followed a replay link too early: the running game itself can be watched. */}
            <p>
              <Link href={`/partie/${props.id}`} data-testid="replay-watch-live">
                {tr("Läuft die Partie noch? Live zuschauen", "Still running? Watch it live")}
              </Link>
            </p>
          </Show>
        </Match>
        <Match when={(() => { const l = loaded(); return l?.kind === "notYet" ? l : null; })()}>
          {(l) => (
            <>
              <BackLink daily id={props.id} />
              <h1>{tr("Tagesmaskerade – Wiederholung", "Daily game – replay")}</h1>
              <p class="soon" data-testid="replay-not-yet" data-date={l().date ?? ""}>
                <Show
                  when={l().date}
                  fallback={tr("Eine Tagesmaskerade lässt sich erst nachspielen, wenn ihr Tag vorbei ist.", "A daily game can be replayed once its day is over.")}
                >
                  {/* A fragment: a Show's child function runs untracked, and the words must follow the language switch. */}
                  {(d) => (
                    <>
                      {tr(
                      `Diese Tagesmaskerade vom ${dayText(d())} lässt sich erst nachspielen, wenn ihr Tag vorbei ist: ab ${dayText(nextDay(d()))}, 0 Uhr (Berliner Zeit). Bis dahin entscheidet ihr Blatt noch die Partien anderer – auch für dich bleibt es bis dahin verdeckt.`,
                      `This daily game of ${dayText(d())} can be replayed once its day is over: from ${dayText(nextDay(d()))}, midnight Berlin time. Until then its deal still decides other players' games – so it stays hidden until then, for you too.`,
                      )}
                    </>
                  )}
                </Show>
              </p>
            </>
          )}
        </Match>
        <Match when={(() => { const l = loaded(); return l?.kind === "ok" ? l.archive : null; })()} keyed>
          {(a) => <Viewer archive={a} />}
        </Match>
      </Switch>
    </div>
  );
}

function Viewer(props: { archive: Archive }) {
  const a = props.archive;
  const model = createMemo(() => (a.game === "goldwaage" ? goldwaageModel(a) : battlemaskeModel(a)));
  const [at, setAt] = createSignal(0);
  const count = () => model().count;
  const go = (i: number) => setAt(clampStep(i, 0, count()));
  const step = (d: number) => setAt((i) => clampStep(i, d, count()));
  const names = () => seatNames(a);
  let list: HTMLOListElement | undefined;

  onMount(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const moves: Record<string, () => void> = { ArrowRight: () => step(1), ArrowLeft: () => step(-1), Home: () => go(0), End: () => go(count() - 1) };
      const f = moves[e.key];
      if (f) {
        e.preventDefault();
        f();
      }
    };
    document.addEventListener("keydown", onKey);
    onCleanup(() => document.removeEventListener("keydown", onKey));
  });
  // The current step stays in view inside the list (the list scrolls, not the page).
  createEffect(() => {
    const i = at();
    const el = list?.querySelector<HTMLElement>(`[data-index="${i}"]`);
    if (list && el) {
      // The list is positioned, so a step's offsetTop counts from the list's top.
      const top = el.offsetTop;
      if (top < list.scrollTop || top + el.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
    }
  });

  const title = () => {
    const o = a.options as { ruleset?: string; variant?: string; players?: number; level?: string; variants?: string[] };
    if (a.game === "goldwaage") return `Goldwaage · ${levelName(o.level ?? "")} · ${tr(`${o.players} Spieler`, `${o.players} players`)}${o.variants && o.variants.length > 0 ? ` · ${o.variants.map(variantName).join(", ")}` : ""}`;
    return `${o.ruleset === "zwiegespalten" ? "Zwiegespalten" : "Battlemaske"}${o.variant === "profi" ? " · Profi" : ""}`;
  };
  const kindText = () => (a.kind === "computer" ? tr("gegen den Computer", "against the computer") : a.kind === "daily" ? tr("Tagesmaskerade", "Daily game") : a.kind === "table" ? tr("Tisch", "Table") : a.rated ? tr("gewertet", "rated") : tr("freundschaftlich", "friendly"));
  const resultText = () => {
    const r = a.result;
    if (r.team) return r.team === "won" ? tr("Gewonnen", "Won") : tr("Verloren", "Lost");
    // Called off for seats that never came (ADR 041): the log's noShow names them.
    const noShow = a.log.find((e) => (e.event as { type: string }).type === "noShow")?.event as { seats?: number[] } | undefined;
    if (r.reason === "aborted" && noShow?.seats) {
      const who = noShow.seats.map((s) => names()[s] ?? "?").join(", ");
      return tr(`Abgebrochen – nicht an den Tisch gekommen: ${who} – zählt nicht`, `Aborted – did not come to the table: ${who} – does not count`);
    }
    // Beside the kind ("gewertet"), "nicht gewertet" read as a contradiction (a player pass): the game was rated and
    // counts for nobody, as it ended too early.
    if (r.reason === "aborted") return tr("Abgebrochen, zu früh beendet – zählt nicht", "Aborted, ended too early – does not count");
    if (r.draw || r.winner === null) return r.reason === "timeout" ? tr("Remis (beide über der Zeit)", "Draw (both out of time)") : tr("Remis", "Draw");
    // The loser is named with how it ended: "Winner: Computer (resigned)" read as if the winner had resigned.
    const loser = names()[1 - r.winner] ?? "?";
    const why = r.reason === "resign" ? tr(` – ${loser} hat aufgegeben`, ` – ${loser} resigned`) : r.reason === "leave" ? tr(` – ${loser} hat die Partie verlassen`, ` – ${loser} left the game`) : r.reason === "timeout" ? tr(` – bei ${loser} lief die Zeit ab`, ` – ${loser} ran out of time`) : "";
    return `${tr("Sieger", "Winner")}: ${names()[r.winner] ?? "?"}${why}`;
  };
  const playersText = () => {
    if (a.game !== "battlemaske" || !a.roles) return names().join(", ");
    const rs = (a.options as { ruleset: "battlemaske" | "zwiegespalten" }).ruleset;
    // The roles of the last game: in Profi seat 0 was the Conte of game 1.
    const first = a.log.some((e) => (e.event as { type: string; game?: number }).type === "roundDealt" && (e.event as { game?: number }).game === 2) ? ([a.roles[1], a.roles[0]] as const) : a.roles;
    return names().map((n, seat) => `${n} (${roleName(rs, first[seat]!, lang())})`).join(tr(" gegen ", " vs "));
  };
  const currentRound = () => {
    const r = model().rounds;
    let k = -1;
    for (let j = 0; j < r.length; j++) if (r[j]!.index <= at()) k = j;
    return k;
  };

  return (
    <div class="replay-viewer" data-testid="replay" data-id={a.id} data-game={a.game} data-steps={count()} data-index={at()}>
      <header class="replay-head">
        <BackLink daily={a.kind === "daily"} id={a.id} />
        <h1>
          {tr("Wiederholung", "Replay")}: {title()}
        </h1>
        <p class="replay-meta">
          {/* Against the computer the players already say so ("Gast (Conte) gegen Computer · Leicht (Maske)"): the kind
              repeated it (a player pass). */}
          <span data-testid="replay-players">{playersText()}</span> · {a.kind === "computer" ? "" : `${kindText()} · `}<strong data-testid="replay-result">{resultText()}</strong> ·{" "}
          <time datetime={new Date(a.finishedAt).toISOString()}>{momentText(a.finishedAt)}</time>
        </p>
        <div class="replay-share">
          <CopyLink path={`/replay/${a.id}`} field />
          <a class="button quiet" data-testid="replay-download" href={archiveUrl(a.id)} download={`spielcenter-${a.id}.json`}>
            {tr("Protokoll (JSON)", "Log (JSON)")}
          </a>
        </div>
      </header>

      <Show when={count() > 0} fallback={<p data-testid="replay-empty">{tr("Diese Partie endete, bevor eine Karte ausgeteilt war.", "This game ended before any card was dealt.")}</p>}>
        <div class="replay-layout">
          <div class="replay-side">
            <nav class="replay-controls" aria-label={tr("Schritte", "Steps")}>
              <button type="button" class="button" data-testid="replay-first" disabled={at() === 0} onClick={() => go(0)} aria-label={tr("Zum Anfang", "To the start")}>
                |◀
              </button>
              <button type="button" class="button" data-testid="replay-back" disabled={at() === 0} onClick={() => step(-1)}>
                ◀ {tr("Zurück", "Back")}
              </button>
              <span class="replay-counter" data-testid="replay-position" aria-live="polite">
                {at() + 1} / {count()}
              </span>
              <button type="button" class="button primary" data-testid="replay-forward" disabled={at() >= count() - 1} onClick={() => step(1)}>
                {tr("Weiter", "Forward")} ▶
              </button>
              <button type="button" class="button" data-testid="replay-last" disabled={at() >= count() - 1} onClick={() => go(count() - 1)} aria-label={tr("Zum Ende", "To the end")}>
                ▶|
              </button>
            </nav>
            <div class="replay-jumps">
              <span class="replay-jump-label">{tr("Runde", "Round")}</span>
              <For each={model().rounds}>
                {(r, j) => (
                  <button type="button" class="button quiet chip" data-testid="replay-round" data-round={r.label} aria-label={tr(`Runde ${r.label}`, `Round ${r.label}`)} aria-pressed={currentRound() === j()} onClick={() => go(r.index)}>
                    {r.label}
                  </button>
                )}
              </For>
              {/* The label and its two buttons wrap as one ("Karte ◀" above a lone "▶": a player pass). */}
              <span class="replay-jump-group">
                <span class="replay-jump-label">{model().markName[lang()]}</span>
                <button type="button" class="button quiet chip" data-testid="replay-mark-back" onClick={() => go(seekStep(model().marks, at(), -1, (m) => m))} aria-label={model().markPrev[lang()]} title={model().markPrev[lang()]}>
                  ◀
                </button>
                <button type="button" class="button quiet chip" data-testid="replay-mark-forward" onClick={() => go(seekStep(model().marks, at(), 1, (m) => m))} aria-label={model().markNext[lang()]} title={model().markNext[lang()]}>
                  ▶
                </button>
              </span>
              <span class="small replay-keys">{tr("Pfeiltasten: Schritt für Schritt", "Arrow keys: step by step")}</span>
            </div>
            <p class="replay-now" data-testid="replay-now" aria-live="polite">
              <For each={model().texts[at()]}>{(t) => <span>{t[lang()]} </span>}</For>
              <Show when={model().undone[at()]}>
                <span class="replay-undone-note" data-testid="replay-now-undone">{tr("(Später zurückgenommen.)", "(Taken back later.)")}</span>
              </Show>
            </p>
          </div>
          <div class="replay-stage">{model().board(at())}</div>
          <section class="replay-log" aria-label={tr("Spielverlauf", "Game log")}>
            <h2 class="box-title">{tr("Spielverlauf", "Game log")}</h2>
            <ol class="replay-steps" ref={list}>
              <For each={model().texts}>
                {(t, i) => (
                  <li data-testid="replay-step" data-index={i()} data-undone={model().undone[i()] ? "true" : undefined} aria-current={i() === at() ? "step" : undefined} classList={{ current: i() === at(), undone: model().undone[i()] }}>
                    <button type="button" onClick={() => go(i())}>
                      <span class="replay-place">{model().places[i()]}</span> <span class="replay-step-text">{t.map((x) => x[lang()]).join(" ") || "…"}</span>
                      <Show when={model().undone[i()]}>
                        <span class="visually-hidden"> {tr("(zurückgenommen)", "(taken back)")}</span>
                      </Show>
                    </button>
                  </li>
                )}
              </For>
            </ol>
          </section>
        </div>
      </Show>
    </div>
  );
}
