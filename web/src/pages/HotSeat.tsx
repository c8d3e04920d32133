// Two players on one device: the room core runs in the browser (room/local.ts); a curtain covers the table before every
// change of player, and the chess clock stands while it is down.
import { batch, createSignal, For, onCleanup, Show } from "solid-js";
import type { Ruleset, Variant } from "../../../shared/battlemaske/cards";
import { describeEvent, markUndone, roleName, seedLog, type LogEntry, type RoundSummary } from "../battlemaske/log";
import type { RoomView } from "../battlemaske/room";
import { Table, type TableModel } from "../battlemaske/Table";
import type { RoomError } from "../room/connection";
import { lang, tr } from "../i18n";
import { fischer, LocalRoom, type LocalRoomDeps } from "../room/local";
import { navigate } from "../router";
import { SetupGo } from "../ui/SetupGo";
import { pressVerb } from "../ui/pointer";

const OPPOSITE = { de: "Gegenüber", en: "Opposite" };

const CLOCKS: ReadonlyArray<{ id: string; minutes: number; increment: number } | null> = [null, { id: "3-2", minutes: 3, increment: 2 }, { id: "5-3", minutes: 5, increment: 3 }, { id: "10-5", minutes: 10, increment: 5 }];

/** The browser for the local room: localStorage (when allowed), the device clock and its timers. */
function browserDeps(): LocalRoomDeps {
  let storage: Storage | null = null;
  try {
    storage = localStorage;
  } catch {
    // blocked: the game runs, a reload starts over
  }
  return { storage, now: () => Date.now(), setTimer: (run, ms) => setTimeout(run, ms), clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) };
}

export function HotSeat() {
  const deps = browserDeps();
  const [room, setRoom] = createSignal<LocalRoom | null>(LocalRoom.load(deps));
  const [ruleset, setRuleset] = createSignal<Ruleset>("battlemaske");
  const [variant, setVariant] = createSignal<Variant>("single");
  const [clockChoice, setClockChoice] = createSignal<(typeof CLOCKS)[number]>(null);

  function start() {
    const seed = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join("");
    const c = clockChoice();
    setRoom(LocalRoom.create(deps, { ruleset: ruleset(), variant: variant() }, seed, c ? fischer(c.minutes, c.increment) : null));
  }

  return (
    <Show
      when={room()}
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
      {(r) => (
        <HotSeatTable
          room={r}
          onEnd={() => {
            r.close();
            LocalRoom.forget(deps);
            setRoom(null);
          }}
        />
      )}
    </Show>
  );
}

function HotSeatTable(props: { room: LocalRoom; onEnd: () => void }) {
  const room = props.room;
  const [view, setView] = createSignal<RoomView>(room.view());
  const [version, setVersion] = createSignal(room.version);
  const [shown, setShown] = createSignal(room.shown);
  const [curtain, setCurtain] = createSignal(room.curtainDown);
  const [log, setLog] = createSignal<LogEntry[]>(seedLog(room.view().game, null, OPPOSITE));
  const [round, setRound] = createSignal<RoundSummary | null>(null);
  const [error, setError] = createSignal<RoomError | null>(null);

  /** The room's messages, as a socket would deliver them: each event into the log (named by role), then the view after them. */
  room.listen((messages) => {
    const before = view().game;
    const entries: LogEntry[] = [];
    let undoneAfter: number | null = null;
    let after = room.view();
    for (const m of messages) {
      if (m.type === "state") after = m.view;
      if (m.type !== "event") continue;
      const ev = m.event as { readonly type: string; readonly [k: string]: any };
      if (ev.type === "roundEnded") {
        const conteSeat = before.roles[0] === "conte" ? 0 : 1;
        setRound({ game: before.game, round: before.round, conte: ev.tricks[conteSeat], maske: ev.tricks[1 - conteSeat], moved: ev.moved, mirror: ev.mirror, gameWinner: null });
      }
      if (ev.type === "gameEnded" && before.variant === "profi" && ev.game === 1) setRound((r) => (r ? { ...r, gameWinner: ev.winner } : r));
      // What a take-back undid stays in the log, struck through.
      if (ev.type === "takeback") undoneAfter = ev.toVersion;
      entries.push(...describeEvent(ev, m.version, before, null, OPPOSITE));
    }
    batch(() => {
      setLog((l) => [...(undoneAfter !== null ? markUndone(l, undoneAfter) : l), ...entries]);
      sync(after);
    });
  });
  /** The table follows the room: its view for the seat in front of the screen, and the curtain. */
  const sync = (next: RoomView = room.view()) =>
    batch(() => {
      setView(next);
      setVersion(room.version);
      setShown(room.shown);
      setCurtain(room.curtainDown);
    });
  const send = (message: Parameters<LocalRoom["send"]>[1]) => {
    const reply = room.send(shown(), message);
    const refused = reply.find((m) => m.type === "error");
    setError(refused?.type === "error" ? refused : null);
  };
  const raise = () => {
    room.raise();
    sync();
  };
  // The time up to leaving the page counts after a reload too.
  const hide = () => room.persist();
  addEventListener("pagehide", hide);
  onCleanup(() => {
    removeEventListener("pagehide", hide);
    room.close();
  });

  const model: TableModel = {
    kind: "hotseat",
    view,
    version,
    seat: shown,
    log,
    hint: () => null,
    round,
    dismissRound: () => setRound(null),
    busy: () => false,
    error: () => {
      const e = error();
      return e ? (lang() === "de" ? e.messageDe : e.message) : null;
    },
    connected: () => true,
    opponent: OPPOSITE,
    canHint: false,
    canTakeback: false,
    command: (command) => send({ type: "command", baseVersion: version(), command }),
    requestHint: () => undefined,
    takeback: () => undefined,
    // The player in front of the screen gives up: the other seat wins.
    resign: () => send({ type: "resign" }),
    exit: () => {
      props.onEnd();
      navigate("/");
    },
    newGame: () => props.onEnd(),
  };

  const who = () => roleName(view().game.ruleset, view().game.roles[shown()], lang());
  // The roles with their German articles: die Maske, der Conte / Hüter / Schatten.
  const feminine = () => who() === "Maske";
  const toWhom = () => (feminine() ? `an die ${who()}` : `an den ${who()}`);
  const withArticle = () => (feminine() ? `die ${who()}` : `der ${who()}`);

  return (
    <div class="page play">
      {/* A round just ended: its table is read by both players, over the table with its cards hidden (Table.tsx), the
          curtain down behind it (room/local.ts); "Weiter" leaves the curtain for the seat to act. */}
      <Show
        when={!curtain() || view().over || round() !== null}
        fallback={
          <div class="curtain" data-testid="curtain" data-seat={shown()}>
            <div class="curtain-card">
              {/* A round's exchange: said, so the one who takes the device knows a new round began (a third pass: the
                  curtain after a round's table read like any other). */}
              <Show when={view().game.phase === "exchange"}>
                <p class="curtain-round" data-testid="curtain-round">
                  {tr(`Runde ${view().game.round} von 3 – Tausch`, `Round ${view().game.round} of 3 – exchange`)}
                </p>
              </Show>
              <h1>{tr(`${who()} ist dran`, `The ${who()}'s turn`)}</h1>
              {/* "Tippe" on a touch screen, "Klicke" with a mouse (a fresh-eyes pass read "Tippe" at a desktop). */}
              <p>{tr(`Gib das Gerät ${toWhom()}. ${pressVerb().de} erst, wenn ${withArticle()} vor dem Bildschirm sitzt.`, `Hand the device to the ${who()}. ${pressVerb().en} only when the ${who()} sits in front of the screen.`)}</p>
              <button type="button" class="button primary big" data-testid="curtain-ready" onClick={raise} autofocus>
                {tr(`Ich bin ${who()} – Karten zeigen`, `I'm the ${who()} – show my cards`)}
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
