// Two players on one device: the engine runs in the browser; a curtain covers the table before every change of player.
import { createMemo, createSignal, For, onCleanup, Show } from "solid-js";
import type { Ruleset, Variant } from "../../../shared/battlemaske/cards";
import { decide, newGame } from "../../../shared/battlemaske/engine";
import type { Event, Seat } from "../../../shared/battlemaske/events";
import { apply, fold, turnOf, type State } from "../../../shared/battlemaske/state";
import { view } from "../../../shared/battlemaske/view";
import { describeEvent, roleName, type LogEntry, type RoundSummary } from "../battlemaske/log";
import type { RoomView } from "../battlemaske/room";
import { Table, type TableModel } from "../battlemaske/Table";
import { lang } from "../i18n";
import { navigate } from "../router";
import { SetupGo } from "../ui/SetupGo";

const tr = (de: string, en: string) => (lang() === "de" ? de : en);
const KEY = "spielcenter.hotseat";

/** A chess clock for the two at the device: minutes each plus seconds added per action (Fischer). */
interface HotClock {
  minutes: number;
  increment: number;
  /** Milliseconds left per seat, as of the last action (the clock stands while the curtain is down). */
  remaining: [number, number];
  /** The seat whose time ran out, once it has. */
  flagged: Seat | null;
}

interface Saved {
  events: Event[];
  clock?: HotClock | null;
}

const CLOCKS: ReadonlyArray<{ id: string; minutes: number; increment: number } | null> = [null, { id: "3-2", minutes: 3, increment: 2 }, { id: "5-3", minutes: 5, increment: 3 }, { id: "10-5", minutes: 10, increment: 5 }];

function load(): Saved | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
}

function save(s: Saved | null) {
  try {
    if (s) localStorage.setItem(KEY, JSON.stringify(s));
    else localStorage.removeItem(KEY);
  } catch {
    // not kept: a reload starts over
  }
}

/** Who must act now: the player to play, or in an exchange / greed swap the first who has not picked. */
function actor(s: State): Seat | null {
  if (s.phase === "play") return turnOf(s);
  if (s.phase === "exchange" || s.phase === "swap") return s.picks[0] === null ? 0 : s.picks[1] === null ? 1 : null;
  return null;
}

export function HotSeat() {
  const [saved, setSaved] = createSignal<Saved | null>(load());
  const [ruleset, setRuleset] = createSignal<Ruleset>("battlemaske");
  const [variant, setVariant] = createSignal<Variant>("single");
  const [clockChoice, setClockChoice] = createSignal<(typeof CLOCKS)[number]>(null);

  function start() {
    const seed = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join("");
    const c = clockChoice();
    const clock: HotClock | null = c ? { minutes: c.minutes, increment: c.increment, remaining: [c.minutes * 60_000, c.minutes * 60_000], flagged: null } : null;
    const s: Saved = { events: newGame({ ruleset: ruleset(), variant: variant() }, seed), clock };
    save(s);
    setSaved(s);
  }

  return (
    <Show
      when={saved()}
      keyed
      fallback={
        <div class="page setup">
          <h1>{tr("Zu zweit an einem Gerät", "Two players, one device")}</h1>
          <p class="lead">
            {tr(
              "Ihr spielt abwechselnd am selben Bildschirm. Vor jedem Wechsel verdeckt ein Vorhang die Karten: tippt erst, wenn der andere vor dem Gerät sitzt.",
              "You take turns at the same screen. Before every change a curtain hides the cards: tap only when the other player sits in front of it.",
            )}
          </p>
          <fieldset class="choices">
            <legend>{tr("Regeln", "Rules")}</legend>
            <div class="choice-row">
              <button type="button" class="choice" aria-pressed={ruleset() === "battlemaske"} data-testid="hotseat-ruleset-battlemaske" onClick={() => setRuleset("battlemaske")}>
                Battlemaske
              </button>
              <button type="button" class="choice" aria-pressed={ruleset() === "zwiegespalten"} data-testid="hotseat-ruleset-zwiegespalten" onClick={() => setRuleset("zwiegespalten")}>
                Zwiegespalten
              </button>
            </div>
          </fieldset>
          <fieldset class="choices">
            <legend>{tr("Variante", "Variant")}</legend>
            <div class="choice-row">
              <button type="button" class="choice" aria-pressed={variant() === "single"} data-testid="hotseat-variant-normal" onClick={() => setVariant("single")}>
                {tr("Normal", "Normal")}
              </button>
              <button type="button" class="choice" aria-pressed={variant() === "profi"} data-testid="hotseat-variant-profi" onClick={() => setVariant("profi")}>
                Profi
              </button>
            </div>
          </fieldset>
          <fieldset class="choices">
            <legend>{tr("Schachuhr", "Chess clock")}</legend>
            <div class="choice-row">
              <For each={CLOCKS}>
                {(c) => (
                  <button type="button" class="choice" aria-pressed={clockChoice()?.id === c?.id} data-testid={`hotseat-clock-${c?.id ?? "none"}`} onClick={() => setClockChoice(c)}>
                    {c ? `${c.minutes} + ${c.increment}` : tr("Ohne", "None")}
                  </button>
                )}
              </For>
            </div>
            <p class="small">{tr("Minuten je Spieler + Sekunden dazu nach jedem Zug. Die Uhr steht, solange der Vorhang unten ist.", "Minutes per player + seconds added after each move. The clock stands while the curtain is down.")}</p>
          </fieldset>
          <SetupGo testId="hotseat-start" onGo={start}>
            {tr("Partie beginnen", "Start the game")}
          </SetupGo>
        </div>
      }
    >
      {(s) => (
        <HotSeatTable
          saved={s}
          onEnd={() => {
            save(null);
            setSaved(null);
          }}
        />
      )}
    </Show>
  );
}

function HotSeatTable(props: { saved: Saved; onEnd: () => void }) {
  const events = props.saved.events.slice();
  const [state, setState] = createSignal<State>(fold(events));
  const [version, setVersion] = createSignal(events.length);
  const [log, setLog] = createSignal<LogEntry[]>([]);
  const [round, setRound] = createSignal<RoundSummary | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  // The seat in front of the screen, and whether the curtain is down.
  const [shown, setShown] = createSignal<Seat>(actor(state()) ?? 0);
  const [curtain, setCurtain] = createSignal(true);
  // The chess clock: only the seat in front of the raised curtain runs, from `since`.
  const [clock, setClock] = createSignal<HotClock | null>(props.saved.clock ?? null);
  const [since, setSince] = createSignal<number | null>(null);
  const running = () => clock() !== null && clock()!.flagged === null && !curtain() && state().phase !== "over";
  const raise = () => {
    setSince(Date.now());
    setCurtain(false);
  };
  /** Charges the running seat for the time since `since` (and adds the increment when it acted); flags it at zero. */
  function charge(seat: Seat, acted: boolean) {
    const c = clock();
    const t0 = since();
    if (!c || c.flagged !== null || t0 === null) return;
    const now = Date.now();
    const remaining: [number, number] = [c.remaining[0], c.remaining[1]];
    remaining[seat] -= now - t0;
    const flagged = remaining[seat] <= 0 ? seat : null;
    if (flagged === null && acted) remaining[seat] += c.increment * 1000;
    const next = { ...c, remaining: [Math.max(0, remaining[0]), Math.max(0, remaining[1])] as [number, number], flagged };
    setClock(next);
    setSince(now);
    save({ events, clock: next });
  }
  /** Whether the running seat's time is used up now (the flag falls at the next charge). */
  const outOfTime = (seat: Seat) => {
    const c = clock();
    const t0 = since();
    return running() && c !== null && t0 !== null && c.remaining[seat] - (Date.now() - t0) <= 0;
  };
  const tick = setInterval(() => {
    if (outOfTime(shown())) charge(shown(), false);
  }, 200);
  onCleanup(() => clearInterval(tick));

  const rv = createMemo<RoomView>(() => {
    const s = state();
    const c = clock();
    const flagged = c?.flagged ?? null;
    const t0 = since() ?? Date.now();
    const control = c ? ({ type: "fischer", initialMs: c.minutes * 60_000, incrementMs: c.increment * 1000 } as const) : null;
    const clockView = c && control ? { control, remaining: c.remaining, running: running() ? [shown()] : [], since: t0, waitingSince: [t0, t0] } : null;
    const result = flagged !== null ? { winner: flagged === 0 ? 1 : 0, draw: false, reason: "timeout" as const } : null;
    return { game: view(s, shown()), waitingFor: [], takeback: { requestedBy: null, allowed: false }, helped: [false, false], over: s.phase === "over" || flagged !== null, result, clock: clockView };
  });

  function command(cmd: Parameters<TableModel["command"]>[0]) {
    const seat = shown();
    if (outOfTime(seat)) charge(seat, false); // too late: the flag fell first
    if (clock()?.flagged != null) return;
    const d = decide(state(), seat, cmd, Date.now());
    if (!d.ok) {
      setError(lang() === "de" ? d.error.message.de : d.error.message.en);
      return;
    }
    setError(null);
    let s = state();
    const entries: LogEntry[] = [];
    for (const e of d.events) {
      const before = view(s, seat);
      entries.push(...describeEvent(e as never, events.length + 1, before, null, { de: "", en: "" }));
      if (e.type === "roundEnded") {
        const conteSeat: Seat = before.roles[0] === "conte" ? 0 : 1;
        setRound({ game: before.game, round: before.round, conte: e.tricks[conteSeat], maske: e.tricks[conteSeat === 0 ? 1 : 0], moved: e.moved, mirror: e.mirror, gameWinner: null });
      }
      if (e.type === "gameEnded" && before.variant === "profi" && e.game === 1) setRound((r) => (r ? { ...r, gameWinner: e.winner } : r));
      events.push(e);
      s = apply(s, e);
    }
    charge(seat, true);
    setState(s);
    setVersion(events.length);
    setLog((l) => [...l, ...entries]);
    save({ events, clock: clock() });
    const next = actor(s);
    if (next !== null && next !== seat) {
      setShown(next);
      setCurtain(true);
    }
  }

  const model: TableModel = {
    kind: "hotseat",
    view: rv,
    version,
    seat: shown,
    log,
    hint: () => null,
    round,
    dismissRound: () => setRound(null),
    busy: () => false,
    error,
    connected: () => true,
    opponent: { de: "Gegenüber", en: "Opposite" },
    canHint: false,
    canTakeback: false,
    command,
    requestHint: () => undefined,
    takeback: () => undefined,
    resign: () => {
      props.onEnd();
    },
    exit: () => {
      props.onEnd();
      navigate("/");
    },
    newGame: () => props.onEnd(),
  };

  const who = () => roleName(state().options.ruleset, view(state(), shown()).roles[shown()], lang());

  return (
    <div class="page play">
      <Show
        when={!curtain() || rv().over}
        fallback={
          <div class="curtain" data-testid="curtain" data-seat={shown()}>
            <div class="curtain-card">
              <h1>{tr(`${who()} ist dran`, `${who()}'s turn`)}</h1>
              <p>{tr(`Gib das Gerät an ${who()}. Tippe erst, wenn ${who()} vor dem Bildschirm sitzt.`, `Hand the device to ${who()}. Tap only when ${who()} sits in front of the screen.`)}</p>
              <button type="button" class="button primary big" data-testid="curtain-ready" onClick={raise} autofocus>
                {tr(`Ich bin ${who()} – Karten zeigen`, `I am ${who()} – show my cards`)}
              </button>
            </div>
          </div>
        }
      >
        <Table model={model} />
      </Show>
    </div>
  );
}
