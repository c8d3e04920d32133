// The Wartesaal: who is online (live, from the lobby socket), challenges with every term shown to the one challenged,
// accept / decline (with a reason) / change the terms and send them back. An accepted challenge seats both players;
// each page saves its own seat and goes to the table.
import { createResource, createSignal, For, onCleanup, Show } from "solid-js";
import { CHALLENGE_MS, CLOCK_PRESETS, DECLINE_REASONS, type Challenge, type DeclineReason, type Terms } from "../../../shared/lobby";
import { authHeaders, ensureAccount, loadMe, type Account } from "../account";
import { tr } from "../i18n";
import { connectLobby } from "../lobby";
import { saveSession } from "../room/session";
import { navigate } from "../router";

type ClockChoice = "none" | "custom" | `${number}+${number}`;
const PRESET_IDS = CLOCK_PRESETS.map((p) => `${p.minutes}+${p.increment}` as ClockChoice);
const DEFAULT_TERMS: Terms = { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" };

const roleName = (r: "conte" | "maske") => (r === "conte" ? "Conte" : "Maske");
const other = (r: "conte" | "maske") => (r === "conte" ? "maske" : "conte");

/** Every term in words; `from` is the sender, `mine` whether this page sent them. */
export function termsText(t: Terms, from: string, mine: boolean): string {
  const clock = t.clock ? tr(`${t.clock.minutes} Min. + ${t.clock.increment} s pro Zug`, `${t.clock.minutes} min + ${t.clock.increment} s per move`) : tr("Ohne Uhr (Notbremse nach zehn Minuten)", "No clock (ten-minute emergency brake)");
  const kind = t.kind === "rated" ? tr(`Gewertet, Einsatz ${t.stake ?? 0} Taler`, `Rated, stake ${t.stake ?? 0} Taler`) : tr("Freundschaftlich", "Friendly");
  const role =
    t.role === "random" ? tr("Rollen zufällig", "Roles at random") : mine ? tr(`Du spielst ${roleName(t.role)}`, `You play ${roleName(t.role)}`) : tr(`${from} spielt ${roleName(t.role)}, du ${roleName(other(t.role))}`, `${from} plays ${roleName(t.role)}, you ${roleName(other(t.role))}`);
  return [clock, t.ruleset === "zwiegespalten" ? "Zwiegespalten" : "Battlemaske", t.variant === "profi" ? "Profi" : tr("Normal", "Normal"), kind, role].join(" · ");
}

const REASONS: Record<DeclineReason, () => string> = {
  "no-time": () => tr("Keine Zeit", "No time"),
  "other-clock": () => tr("Andere Bedenkzeit", "Another time control"),
  "other-kind": () => tr("Lieber anders gewertet", "Rather another kind"),
  "other-stake": () => tr("Anderer Einsatz", "Another stake"),
};

export function Wartesaal() {
  const [account] = createResource(ensureAccount);
  const [me, { refetch }] = createResource(account, () => loadMe());
  return (
    <div class="page wartesaal">
      <h1>{tr("Wartesaal", "Waiting room")}</h1>
      <Show when={account.error || me.error}>
        <p role="alert" class="table-error">
          {tr("Der Wartesaal ist gerade nicht erreichbar.", "The waiting room cannot be reached right now.")}
        </p>
      </Show>
      <Show when={me()} keyed>
        {(m) => (
          <Show when={m.name} fallback={<NameFirst account={account()!} onNamed={() => void refetch()} />}>
            <Lobby account={account()!} />
          </Show>
        )}
      </Show>
    </div>
  );
}

/** A guest's first entry: the Wartesaal shows names, so one is chosen first. */
function NameFirst(props: { account: Account; onNamed: () => void }) {
  const [name, setName] = createSignal("");
  const [msg, setMsg] = createSignal<string | null>(null);
  async function save(e: SubmitEvent) {
    e.preventDefault();
    const r = await fetch("/api/me/name", { method: "PUT", headers: { "content-type": "application/json", ...authHeaders(props.account) }, body: JSON.stringify({ name: name().trim() }) });
    if (r.ok) return props.onNamed();
    setMsg(r.status === 409 ? tr("Dieser Name ist vergeben.", "This name is taken.") : tr("Dieser Name geht nicht: 3 bis 20 Buchstaben oder Ziffern.", "This name is not allowed: 3 to 20 letters or digits."));
  }
  return (
    <form class="name-form" onSubmit={save}>
      <p>{tr("Im Wartesaal sehen dich die anderen unter deinem Namen. Wie möchtest du heißen?", "In the waiting room the others see you by your name. What should it be?")}</p>
      <input type="text" value={name()} onInput={(e) => setName(e.currentTarget.value)} minLength={3} maxLength={20} aria-label={tr("Dein Name", "Your name")} data-testid="lobby-name-input" />
      <button type="submit" class="button primary" data-testid="lobby-name-save">
        {tr("Eintreten", "Enter")}
      </button>
      <Show when={msg()}>
        <p role="alert">{msg()}</p>
      </Show>
    </form>
  );
}

/** What the form is for: a new challenge to a player, or changed terms sent back for a challenge received. */
type FormFor = { to: string; counter?: string; initial: Terms };

function Lobby(props: { account: Account }) {
  const [notice, setNotice] = createSignal<string | null>(null);
  const [form, setForm] = createSignal<FormFor | null>(null);
  const [now, setNow] = createSignal(Date.now());
  const tick = setInterval(() => setNow(Date.now()), 1000);
  const lobby = connectLobby(props.account, {
    matched(m) {
      saveSession({ room: m.room, seat: m.seat, seatToken: m.seatToken, clientSeq: 0, kind: "online", rated: m.rated });
      navigate(`/partie/${m.room}`);
    },
    ended(m) {
      const by = m.by ?? "";
      const texts: Record<typeof m.how, string | null> = {
        accepted: null,
        declined: tr(`${by} hat abgelehnt${m.reason ? ` („${REASONS[m.reason]()}“)` : ""}.`, `${by} declined${m.reason ? ` (“${REASONS[m.reason]()}”)` : ""}.`),
        expired: tr("Eine Herausforderung ist abgelaufen.", "A challenge has expired."),
        withdrawn: tr(`${by} hat die Herausforderung zurückgezogen.`, `${by} withdrew the challenge.`),
        countered: tr(`${by} schlägt andere Bedingungen vor.`, `${by} proposes other terms.`),
        left: tr(`${by} hat den Wartesaal verlassen.`, `${by} has left the waiting room.`),
        failed: tr("Der Tisch konnte nicht geöffnet werden.", "The table could not be opened."),
      };
      if (texts[m.how]) setNotice(texts[m.how]);
    },
    error(m) {
      setNotice(tr(m.messageDe, m.message));
    },
  });
  onCleanup(() => {
    clearInterval(tick);
    lobby.close();
  });

  function send(terms: Terms) {
    const f = form();
    if (!f) return;
    setNotice(null);
    lobby.send(f.counter ? { type: "counter", id: f.counter, terms } : { type: "challenge", to: f.to, terms });
    setForm(null);
  }

  // The lobby's clock and this one differ a little: never more than the minute a challenge has.
  const left = (c: Challenge) => Math.max(0, Math.min(CHALLENGE_MS / 1000, Math.ceil((c.expiresAt - now()) / 1000)));

  return (
    <>
      <Show when={lobby.you()} fallback={<p class="loading">{tr("Verbinde mit dem Wartesaal …", "Connecting to the waiting room …")}</p>}>
        <p>{tr(`Du bist als ${lobby.you()} hier.`, `You are here as ${lobby.you()}.`)}</p>
      </Show>
      <Show when={notice()}>
        <p role="status" class="lobby-notice" data-testid="lobby-notice">
          {notice()}
        </p>
      </Show>
      <Show when={lobby.incoming().length > 0}>
        <section aria-labelledby="incoming-title">
          <h2 id="incoming-title">{tr("Herausforderungen an dich", "Challenges to you")}</h2>
          <ul class="lobby-list">
            <For each={lobby.incoming()}>
              {(c) => <Incoming challenge={c} left={left(c)} onAccept={() => lobby.send({ type: "accept", id: c.id })} onDecline={(reason) => lobby.send({ type: "decline", id: c.id, ...(reason ? { reason } : {}) })} onCounter={() => setForm({ to: c.from, counter: c.id, initial: { ...c.terms, role: c.terms.role === "random" ? "random" : other(c.terms.role) } })} />}
            </For>
          </ul>
        </section>
      </Show>
      <Show when={lobby.outgoing().length > 0}>
        <section aria-labelledby="outgoing-title">
          <h2 id="outgoing-title">{tr("Deine Herausforderungen", "Your challenges")}</h2>
          <ul class="lobby-list">
            <For each={lobby.outgoing()}>
              {(c) => (
                <li data-testid="challenge-outgoing" data-to={c.to}>
                  <strong>{tr(`An ${c.to}`, `To ${c.to}`)}</strong> <span>{termsText(c.terms, c.from, true)}</span> <small>{tr(`noch ${left(c)} s`, `${left(c)} s left`)}</small>{" "}
                  <button type="button" class="button quiet" data-testid="challenge-withdraw" onClick={() => lobby.send({ type: "withdraw", id: c.id })}>
                    {tr("Zurückziehen", "Withdraw")}
                  </button>
                </li>
              )}
            </For>
          </ul>
        </section>
      </Show>
      <Show when={form()} keyed>
        {(f) => <ChallengeForm for={f} onSend={send} onCancel={() => setForm(null)} />}
      </Show>
      <section aria-labelledby="players-title">
        <h2 id="players-title">{tr("Jetzt im Wartesaal", "In the waiting room now")}</h2>
        <ul class="lobby-list">
          <For each={lobby.players()}>
            {(p) => (
              <li data-testid="lobby-player" data-name={p.name} data-status={p.status}>
                <strong>{p.name}</strong> <span>{tr(`${p.points} Punkte · Elo ${p.elo}`, `${p.points} points · Elo ${p.elo}`)}</span> <small>{p.status === "playing" ? tr("spielt", "playing") : tr("frei", "free")}</small>{" "}
                <Show when={p.name !== lobby.you()} fallback={<small>{tr("(du)", "(you)")}</small>}>
                  <button type="button" class="button" data-testid="lobby-challenge" disabled={p.status === "playing"} onClick={() => setForm({ to: p.name, initial: DEFAULT_TERMS })}>
                    {tr("Herausfordern", "Challenge")}
                  </button>
                </Show>
              </li>
            )}
          </For>
        </ul>
        <Show when={lobby.connected() && lobby.players().length <= 1}>
          <p>{tr("Außer dir ist gerade niemand hier.", "Nobody but you is here right now.")}</p>
        </Show>
      </section>
    </>
  );
}

function Incoming(props: { challenge: Challenge; left: number; onAccept: () => void; onDecline: (reason: DeclineReason | undefined) => void; onCounter: () => void }) {
  const [reason, setReason] = createSignal<DeclineReason | "">("");
  return (
    <li data-testid="challenge-incoming" data-from={props.challenge.from}>
      <strong>{tr(`${props.challenge.from} fordert dich heraus`, `${props.challenge.from} challenges you`)}</strong>
      <p data-testid="challenge-terms">{termsText(props.challenge.terms, props.challenge.from, false)}</p>
      <small>{tr(`noch ${props.left} s`, `${props.left} s left`)}</small>
      <div class="choice-row">
        <button type="button" class="button primary" data-testid="challenge-accept" onClick={() => props.onAccept()}>
          {tr("Annehmen", "Accept")}
        </button>
        <select aria-label={tr("Grund (freiwillig)", "Reason (optional)")} data-testid="challenge-decline-reason" value={reason()} onChange={(e) => setReason(e.currentTarget.value as DeclineReason | "")}>
          <option value="">{tr("Ohne Grund", "No reason")}</option>
          <For each={DECLINE_REASONS}>{(r) => <option value={r}>{REASONS[r]()}</option>}</For>
        </select>
        <button type="button" class="button" data-testid="challenge-decline" onClick={() => props.onDecline(reason() || undefined)}>
          {tr("Ablehnen", "Decline")}
        </button>
        <button type="button" class="button quiet" data-testid="challenge-counter" onClick={() => props.onCounter()}>
          {tr("Bedingungen ändern", "Change the terms")}
        </button>
      </div>
    </li>
  );
}

function ChallengeForm(props: { for: FormFor; onSend: (t: Terms) => void; onCancel: () => void }) {
  const init = props.for.initial;
  const initClock: ClockChoice = init.clock === null ? "none" : PRESET_IDS.find((id) => id === `${init.clock!.minutes}+${init.clock!.increment}`) ?? "custom";
  const [clock, setClock] = createSignal<ClockChoice>(initClock);
  const [minutes, setMinutes] = createSignal(init.clock?.minutes ?? 5);
  const [increment, setIncrement] = createSignal(init.clock?.increment ?? 3);
  const [ruleset, setRuleset] = createSignal(init.ruleset);
  const [variant, setVariant] = createSignal(init.variant);
  const [kind, setKind] = createSignal(init.kind);
  const [stake, setStake] = createSignal(init.stake ?? 0);
  const [role, setRole] = createSignal(init.role);

  const choice = <T,>(id: string, value: T, current: () => T, set: (v: T) => void, text: string) => (
    <button type="button" class="choice" aria-pressed={current() === value} data-testid={id} onClick={() => set(value)}>
      {text}
    </button>
  );

  function terms(): Terms {
    const c = clock();
    const [m, i] = c === "custom" ? [minutes(), increment()] : c === "none" ? [0, 0] : c.split("+").map(Number);
    const s = Math.max(0, Math.floor(stake()));
    return {
      kind: kind(),
      clock: c === "none" ? null : { minutes: Math.min(180, Math.max(0.5, m!)), increment: Math.min(180, Math.max(0, Math.round(i!))) },
      ruleset: ruleset(),
      variant: variant(),
      role: role(),
      ...(kind() === "rated" && s > 0 ? { stake: s } : {}),
    };
  }

  return (
    <section class="setup challenge-form" aria-labelledby="challenge-title" data-testid="challenge-form">
      <h2 id="challenge-title">{props.for.counter ? tr(`Andere Bedingungen an ${props.for.to}`, `Other terms for ${props.for.to}`) : tr(`${props.for.to} herausfordern`, `Challenge ${props.for.to}`)}</h2>
      <fieldset class="choices">
        <legend>{tr("Bedenkzeit (Minuten + Sekunden pro Zug)", "Time control (minutes + seconds per move)")}</legend>
        <div class="choice-row">
          {choice("challenge-clock-none", "none" as ClockChoice, clock, setClock, tr("Ohne Uhr", "No clock"))}
          <For each={PRESET_IDS}>{(id) => choice(`challenge-clock-${id}`, id, clock, setClock, id)}</For>
          {choice("challenge-clock-custom", "custom" as ClockChoice, clock, setClock, tr("Eigene", "Custom"))}
        </div>
        <Show when={clock() === "custom"}>
          <label>
            {tr("Minuten", "Minutes")} <input type="number" min="0.5" max="180" step="0.5" value={minutes()} onInput={(e) => setMinutes(Number(e.currentTarget.value))} data-testid="challenge-minutes" />
          </label>{" "}
          <label>
            {tr("Sekunden pro Zug", "Seconds per move")} <input type="number" min="0" max="180" step="1" value={increment()} onInput={(e) => setIncrement(Number(e.currentTarget.value))} data-testid="challenge-increment" />
          </label>
        </Show>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Regeln", "Rules")}</legend>
        <div class="choice-row">
          {choice("challenge-ruleset-battlemaske", "battlemaske" as const, ruleset, setRuleset, "Battlemaske")}
          {choice("challenge-ruleset-zwiegespalten", "zwiegespalten" as const, ruleset, setRuleset, "Zwiegespalten")}
          {choice("challenge-variant-normal", "single" as const, variant, setVariant, tr("Normal", "Normal"))}
          {choice("challenge-variant-profi", "profi" as const, variant, setVariant, "Profi")}
        </div>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Art", "Kind")}</legend>
        <div class="choice-row">
          {choice("challenge-kind-friendly", "friendly" as const, kind, setKind, tr("Freundschaftlich", "Friendly"))}
          {choice("challenge-kind-rated", "rated" as const, kind, setKind, tr("Gewertet", "Rated"))}
        </div>
        <Show when={kind() === "rated"}>
          <label>
            {tr("Einsatz (Taler, beide müssen ihn haben)", "Stake (Taler, both must have it)")} <input type="number" min="0" max="1000" step="1" value={stake()} onInput={(e) => setStake(Number(e.currentTarget.value) || 0)} data-testid="challenge-stake" />
          </label>
        </Show>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Deine Rolle", "Your role")}</legend>
        <div class="choice-row">
          {choice("challenge-role-conte", "conte" as const, role, setRole, "Conte")}
          {choice("challenge-role-maske", "maske" as const, role, setRole, "Maske")}
          {choice("challenge-role-random", "random" as const, role, setRole, tr("Zufällig", "Random"))}
        </div>
      </fieldset>
      <p data-testid="challenge-summary">{termsText(terms(), "", true)}</p>
      <div class="setup-go">
        <button type="button" class="button primary" data-testid="challenge-send" onClick={() => props.onSend(terms())}>
          {props.for.counter ? tr("Zurückschicken", "Send back") : tr("Herausfordern", "Send the challenge")}
        </button>
        <button type="button" class="button quiet" data-testid="challenge-cancel" onClick={() => props.onCancel()}>
          {tr("Abbrechen", "Cancel")}
        </button>
      </div>
    </section>
  );
}
