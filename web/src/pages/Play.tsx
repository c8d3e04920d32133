// Playing against the computer: the setup screen, and the table of a room (resumed after a reload from localStorage).
import { createSignal, For, Show, type JSX } from "solid-js";
import type { Seat } from "../../../shared/battlemaske/events";
import type { Lang } from "../../../shared/catalog";
import { authHeaders, ensureAccount } from "../account";
import { describeEvent, seedLog, type LogEntry, type RoundSummary } from "../battlemaske/log";
import { connectBattlemaske, type HintPayload } from "../battlemaske/room";
import { forgetCurrent, loadSession, saveSession, type RoomKind, type Session } from "../room/session";
import { Table, type TableModel } from "../battlemaske/Table";
import { lang, tr } from "../i18n";
import { Link, navigate } from "../router";
import { SetupGo } from "./SetupGo";

type Role = "conte" | "maske";
type Level = "leicht" | "mittel" | "stark";
type Ruleset = "battlemaske" | "zwiegespalten";
type Variant = "single" | "profi";

interface Choice {
  role: Role;
  level: Level;
  ruleset: Ruleset;
  variant: Variant;
}

const CHOICE_KEY = "spielcenter.computer.choice";

function storedChoice(): Choice {
  const d: Choice = { role: "conte", level: "leicht", ruleset: "battlemaske", variant: "single" };
  try {
    return { ...d, ...(JSON.parse(localStorage.getItem(CHOICE_KEY) ?? "{}") as Partial<Choice>) };
  } catch {
    return d;
  }
}

/** A row of toggle buttons (each with its data-testid); exactly one is pressed. */
function Choices<T extends string>(props: { label: string; value: T; options: { value: T; id: string; text: string; note?: string }[]; onChange: (v: T) => void; extra?: JSX.Element }) {
  return (
    <fieldset class="choices">
      <legend>{props.label}</legend>
      <div class="choice-row">
        <For each={props.options}>
          {(o) => (
            <button type="button" class="choice" aria-pressed={props.value === o.value} data-testid={o.id} onClick={() => props.onChange(o.value)}>
              <span>{o.text}</span>
              <Show when={o.note}>
                <small>{o.note}</small>
              </Show>
            </button>
          )}
        </For>
        {props.extra}
      </div>
    </fieldset>
  );
}

export function ComputerSetup() {
  const [c, setC] = createSignal<Choice>(storedChoice());
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const set = <K extends keyof Choice>(k: K, v: Choice[K]) => setC((x) => ({ ...x, [k]: v }));
  const zw = () => c().ruleset === "zwiegespalten";

  async function start() {
    setBusy(true);
    setError(null);
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify(c()));
    } catch {
      // not remembered
    }
    try {
      // With the account, so the game counts in its "Bilanz" and "Meine Partien".
      const res = await fetch("/api/battlemaske/computer", { method: "POST", headers: { "content-type": "application/json", ...authHeaders(await ensureAccount()) }, body: JSON.stringify(c()) });
      if (res.status !== 201) throw new Error(`${res.status}`);
      const body = (await res.json()) as { room: string; seat: Seat; seatToken: string };
      saveSession({ room: body.room, seat: body.seat, seatToken: body.seatToken, clientSeq: 0, kind: "computer", level: c().level });
      navigate(`/partie/${body.room}`);
    } catch (e) {
      setError(tr(`Die Partie konnte nicht angelegt werden (${String(e)}).`, `The game could not be created (${String(e)}).`));
      setBusy(false);
    }
  }

  return (
    <div class="page setup">
      <h1>{tr("Gegen den Computer", "Against the computer")}</h1>
      <Choices
        label={tr("Deine Rolle", "Your role")}
        value={c().role}
        onChange={(v) => set("role", v)}
        options={[
          { value: "conte", id: "role-conte", text: zw() ? tr("Hüter", "Keeper") : "Conte", note: tr("hält den Spiegel auf", "holds the mirror back") },
          { value: "maske", id: "role-maske", text: zw() ? tr("Schatten", "Shadow") : "Maske", note: tr("treibt den Spiegel auf 10", "drives the mirror to 10") },
        ]}
        extra={
          <button type="button" class="choice quiet" data-testid="swap-roles" onClick={() => set("role", c().role === "conte" ? "maske" : "conte")}>
            {tr("Rollen tauschen", "Swap roles")}
          </button>
        }
      />
      <Choices
        label={tr("Stärke", "Level")}
        value={c().level}
        onChange={(v) => set("level", v)}
        options={[
          { value: "leicht", id: "level-leicht", text: tr("Leicht", "Easy") },
          { value: "mittel", id: "level-mittel", text: tr("Mittel", "Medium") },
          { value: "stark", id: "level-stark", text: tr("Stark", "Strong") },
        ]}
      />
      <Choices
        label={tr("Regeln", "Rules")}
        value={c().ruleset}
        onChange={(v) => set("ruleset", v)}
        options={[
          { value: "battlemaske", id: "ruleset-battlemaske", text: "Battlemaske", note: tr("Pfau, Dukaten, Glut, Elixiere 1+–4+", "Pfau, Dukaten, Glut, elixirs 1+–4+") },
          { value: "zwiegespalten", id: "ruleset-zwiegespalten", text: "Zwiegespalten", note: tr("♣ ♦ ♥, Pik 2–5", "♣ ♦ ♥, spades 2–5") },
        ]}
      />
      <Choices
        label={tr("Variante", "Variant")}
        value={c().variant}
        onChange={(v) => set("variant", v)}
        options={[
          { value: "single", id: "variant-normal", text: tr("Normal", "Normal"), note: tr("ein Spiel", "one game") },
          { value: "profi", id: "variant-profi", text: "Profi", note: tr("zwei Spiele, Rollen getauscht", "two games, roles swapped") },
        ]}
      />
      <SetupGo testId="start-game" busy={busy()} error={error()} onGo={start}>
        {busy() ? tr("Der Tisch wird gedeckt …", "Setting the table …") : tr("Partie beginnen", "Start the game")}
      </SetupGo>
    </div>
  );
}

const OPPONENT: Record<RoomKind, Record<Lang, string>> = {
  computer: { de: "Computer", en: "Computer" },
  daily: { de: "Computer", en: "Computer" },
  online: { de: "Gegner", en: "Opponent" },
  hotseat: { de: "Gegner", en: "Opponent" },
};

/** The table of a room this browser holds a seat in. */
export function RoomPage(props: { room: string }) {
  const session = loadSession<Seat>(props.room);
  if (!session) {
    return (
      <div class="page">
        <h1>{tr("Diese Partie kennt dein Browser nicht", "This browser holds no seat in this game")}</h1>
        <p>{tr("Der Platz an diesem Tisch gehört einem anderen Gerät, oder die Partie ist vorbei.", "The seat at this table belongs to another device, or the game is over.")}</p>
        <Link class="button" href="/">
          {tr("Zur Startseite", "To the start page")}
        </Link>
      </div>
    );
  }
  return <RoomTable session={session} />;
}

function RoomTable(props: { session: Session<Seat> }) {
  const s = props.session;
  const opp = OPPONENT[s.kind];
  const [log, setLog] = createSignal<LogEntry[]>([]);
  const [hint, setHint] = createSignal<HintPayload | null>(null);
  const [round, setRound] = createSignal<RoundSummary | null>(null);
  let seeded = false;
  const room = connectBattlemaske(s, (msg, before) => {
    const ev = msg.event;
    const v = before?.game ?? null;
    if (ev.type === "hintGiven") {
      if (ev.seat === s.seat && ev.hint) setHint(ev.hint as HintPayload);
    } else setHint(null);
    if (ev.type === "roundEnded" && v) {
      const conteSeat = v.roles[0] === "conte" ? 0 : 1;
      const t = ev.tricks as number[];
      setRound({ game: v.game, round: v.round, conte: t[conteSeat]!, maske: t[1 - conteSeat]!, moved: ev.moved as number, mirror: ev.mirror as number, gameWinner: null });
    }
    if (ev.type === "gameEnded" && v?.variant === "profi" && ev.game === 1) setRound((r) => (r ? { ...r, gameWinner: ev.winner as "conte" | "maske" } : r));
    const entries = describeEvent(ev, msg.version, v, s.seat, opp);
    if (entries.length) setLog((l) => [...l, ...entries]);
  });
  const model: TableModel = {
    kind: s.kind,
    view: () => {
      const v = room.view();
      if (v && !seeded) {
        seeded = true;
        if (log().length === 0) queueMicrotask(() => setLog(seedLog(v.game, s.seat, opp)));
      }
      if (v?.over) forgetCurrent(s.room);
      return v;
    },
    version: room.version,
    seat: () => s.seat,
    log,
    hint,
    round,
    dismissRound: () => setRound(null),
    busy: room.busy,
    staged: room.staged,
    error: () => {
      const e = room.error();
      return e ? (lang() === "de" ? e.messageDe : e.message) : null;
    },
    connected: room.connected,
    opponent: opp,
    canHint: s.kind === "computer" || s.kind === "daily",
    canTakeback: !s.rated,
    ...(s.invite ? { invite: `${location.origin}/einladung/${s.room}#${s.invite}` } : {}),
    command: (cmd) => void room.command(cmd),
    requestHint: () => void room.hint(),
    takeback: (a) => void room.takeback(a),
    resign: () => void room.resign(),
    exit: () => {
      forgetCurrent(s.room);
      navigate(s.kind === "daily" ? "/tagesspiel" : "/");
    },
    ...(s.kind === "computer" ? { newGame: () => navigate("/spielen/computer") } : {}),
  };
  return (
    <div class="page play">
      <Table model={model} />
    </div>
  );
}
