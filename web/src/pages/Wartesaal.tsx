// The Wartesaal: who is online (live, from the lobby socket), challenges with every term shown to the one challenged,
// accept / decline (with a reason) / change the terms and send them back. An accepted challenge seats both players;
// each page saves its own seat and goes to the table.
import { RATED_MIN_CARDS, RATED_MIN_MS } from "../../../shared/room/report";
import { createEffect, createResource, createSignal, For, on, onCleanup, Show, type JSX } from "solid-js";
import { settled } from "../ui/settled";
import * as v from "valibot";
import { CHALLENGE_MS, CLOCK_MINUTES, CLOCK_PRESETS, MAX_STAKE, DECLINE_REASONS, TermsSchema, type Challenge, type DeclineReason, type LobbyPlayer, type Terms } from "../../../shared/lobby";
import { AccountRefused, ensureAccount, isSignedOut, loadMe, signedOutText, type Account, type Me } from "../account";
import { lang, minutesText, num, tr } from "../i18n";
import { connectLobby, type LostWhileAway } from "../lobby";
import { loadSession, ownSeat, saveSession } from "../room/session";
import { Link, navigate } from "../router";
import { ChoiceRow } from "../ui/ChoiceRow";
import { createNotice } from "../ui/notice";
import { LiveGames, ReturnLink } from "../wartesaal/LiveGames";
import { NameForm } from "../ui/NameForm";
import { GoldwaageTables } from "../wartesaal/GoldwaageTables";
import { other, roleName, termsParts, termsText } from "../wartesaal/terms";
import { awayNote, awaySays, awayText } from "../wartesaal/away";

type ClockChoice = "none" | "custom" | `${number}+${number}`;
const PRESET_IDS = CLOCK_PRESETS.map((p) => `${p.minutes}+${p.increment}` as ClockChoice);
const opt = (id: ClockChoice, text: string) => ({ id: `challenge-clock-${id}`, value: id, text });
const DEFAULT_TERMS: Terms = { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" };
const TERMS_KEY = "spielcenter.lobby.terms";

/** The terms this browser sent last (the form starts from them), or the defaults. */
function lastTerms(): Terms {
  try {
    const saved = localStorage.getItem(TERMS_KEY);
    if (saved) {
      const parsed = v.safeParse(TermsSchema, JSON.parse(saved));
      if (parsed.success) return parsed.output;
    }
  } catch {
    // no storage, or something else stored there: the defaults
  }
  return DEFAULT_TERMS;
}

function rememberTerms(t: Terms): void {
  try {
    localStorage.setItem(TERMS_KEY, JSON.stringify(t));
  } catch {
    // private mode: the form starts from the defaults next time
  }
}

/**
 * Which parts of changed terms sent back differ from the terms this page sent (in termsParts' order). `sent` is this
 * page's own (its role is mine); `back` is the other side's (its role is theirs).
 */
function changedParts(sent: Terms, back: Terms): boolean[] {
  const myRole = (t: Terms, mine: boolean) => (t.role === "random" ? "random" : mine ? t.role : other(t.role));
  return [
    JSON.stringify(sent.clock) !== JSON.stringify(back.clock),
    sent.ruleset !== back.ruleset,
    sent.variant !== back.variant,
    sent.kind !== back.kind || (sent.stake ?? 0) !== (back.stake ?? 0),
    myRole(sent, true) !== myRole(back, false),
  ];
}

/** A titled list of this page: incoming and outgoing challenges, seeks, players. */
function ListSection<T>(props: { id: string; class?: string; title: string; items: readonly T[]; children: (item: T) => JSX.Element; empty?: string; after?: JSX.Element }) {
  return (
    <section aria-labelledby={props.id} class={props.class}>
      <h2 id={props.id}>{props.title}</h2>
      <ul class="lobby-list">
        <For each={props.items}>{(item) => props.children(item)}</For>
      </ul>
      <Show when={props.empty !== undefined && props.items.length === 0}>
        <p>{props.empty}</p>
      </Show>
      {props.after}
    </section>
  );
}

/** Challenges to the player shown in full before "… weitere zeigen". */
const INCOMING_SHOWN = 3;
/** "Alle ablehnen" sends at most this many declines at once (the lobby reads bursts of 20 messages, party/lobby.ts). */
const DECLINE_AT_ONCE = 15;

/** A button of this page: its hook, its look ("primary", "quiet" or plain) and what it does. */
function Action(props: { id: string; kind?: "primary" | "quiet"; disabled?: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" class={props.kind ? `button ${props.kind}` : "button"} data-testid={props.id} disabled={props.disabled} onClick={() => props.onClick()}>
      {props.children}
    </button>
  );
}

const REASONS: Record<DeclineReason, () => string> = {
  "no-time": () => tr("Keine Zeit", "No time"),
  "other-clock": () => tr("Andere Bedenkzeit", "Another time control"),
  "other-kind": () => tr("Lieber anders gewertet", "Rather another kind"),
  "other-stake": () => tr("Anderer Einsatz", "Another stake"),
};

/** This device's token was signed out by another device: no retry helps, the Konto page's recovery code does. */
function SignedOut() {
  return (
    <div role="alert" class="table-error" data-testid="lobby-signed-out">
      <p>{signedOutText()}</p>
      <Link href="/konto" class="button">
        {tr("Zum Konto", "To your account")}
      </Link>
    </div>
  );
}

export function Wartesaal() {
  const [account, { refetch: retryAccount }] = createResource(ensureAccount);
  // Only from an account that came: a refused one (a 429) read as the source threw out of the page, which stayed blank
  // (a fresh-eyes pass opening it in eleven new browsers at once).
  const [me, { refetch }] = createResource(() => (account.state === "ready" ? account() : false), () => loadMe());
  const problem = () => {
    const e: unknown = account.error ?? me.error;
    if (!e || isSignedOut(e)) return null;
    return e instanceof AccountRefused ? e.text : tr("Der Wartesaal ist gerade nicht erreichbar.", "The lobby cannot be reached right now.");
  };
  return (
    <div class="page wartesaal">
      <h1>{tr("Wartesaal", "Lobby")}</h1>
      <Show when={isSignedOut(me.error)}>
        <SignedOut />
      </Show>
      <Show when={problem()}>
        {(text) => (
          <div role="alert" class="table-error" data-testid="lobby-unreachable">
            <p>{text()}</p>
            <button type="button" class="button" data-testid="lobby-retry" onClick={() => void (account.error ? retryAccount() : refetch())}>
              {tr("Noch einmal versuchen", "Try again")}
            </button>
          </div>
        )}
      </Show>
      <Show when={settled(me)} keyed>
        {(m) => (
          <Show when={m.name} fallback={<NameFirst onNamed={() => void refetch()} />}>
            <Lobby account={account()!} me={m} />
          </Show>
        )}
      </Show>
    </div>
  );
}

/** A guest's first entry: the Wartesaal shows names, so one is chosen first. */
function NameFirst(props: { onNamed: () => void }) {
  return (
    <>
      <p>{tr("Im Wartesaal sehen dich die anderen unter deinem Namen. Wie möchtest du heißen?", "In the lobby the others see you by your name. What should it be?")}</p>
      <NameForm inputTestId="lobby-name-input" saveTestId="lobby-name-save" label={tr("Dein Name", "Your name")} button={tr("Eintreten", "Enter")} onSaved={props.onNamed} />
    </>
  );
}

const LEFT_SEEK_KEY = "spielcenter.lobby.leftSeek";
/** How long a seek withdrawn by leaving the page is worth telling on coming back. */
const LEFT_SEEK_MS = 10 * 60_000;

function rememberLeftSeek(at: number): void {
  try {
    localStorage.setItem(LEFT_SEEK_KEY, String(at));
  } catch {
    // storage refused (private mode): nothing to tell later
  }
}

/** Whether the player left the Wartesaal with a seek open lately; forgets it (told once). */
function takeLeftSeek(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(LEFT_SEEK_KEY));
    localStorage.removeItem(LEFT_SEEK_KEY);
    return Number.isFinite(at) && at > 0 && now - at < LEFT_SEEK_MS;
  } catch {
    return false;
  }
}

/** How long after its connection went a page's seek surely still stands: the lobby's grace after a network close (ADR 046). */
const SEEK_STANDS_MS = 10_000;

/** What the form is for: a new challenge to a player, changed terms sent back for a challenge received, or a seek (`to` null). */
type FormFor = { to: string | null; counter?: string; initial: Terms };

function Lobby(props: { account: Account; me: Me }) {
  // A notice as a text of the language shown now; it goes after a while, and when the player starts something new
  // (opens the form, accepts, declines, withdraws, takes a seek) — an old "… hat abgelehnt" is not about that.
  const notice = createNotice();
  /** The challengers whose connections broke while their notice stands. */
  let lostNames: string[] = [];
  const [form, setFormSignal] = createSignal<FormFor | null>(null);
  const setForm = (f: FormFor | null) => {
    if (f) notice.clear();
    setFormSignal(f);
  };
  const [now, setNow] = createSignal(Date.now());
  const tick = setInterval(() => setNow(Date.now()), 1000);
  // Who each open challenge is with, so an ending without a `by` (expired) still names the other side.
  const partners = new Map<string, string>();
  // The terms this page last sent to each person, so changed terms sent back can show what changed.
  const sentTo = new Map<string, Terms>();
  const lobby = connectLobby(props.account, {
    matched(m) {
      // Told again at a new hello (the first may have been lost with the connection): this browser has that seat already.
      if (m.again && loadSession(m.room)) return;
      saveSession({ room: m.room, seat: m.seat, seatToken: m.seatToken, clientSeq: 0, kind: "online", rated: m.rated, from: "wartesaal" });
      navigate(`/partie/${m.room}`);
    },
    ended(m) {
      // What this page did itself (declined, withdrew, changed the terms) needs no notice.
      if (m.by !== null && m.by === lobby.you()) return;
      const by = m.by ?? partners.get(m.id) ?? "";
      const texts: Record<typeof m.how, (() => string) | null> = {
        accepted: null,
        declined: () => tr(`${by} hat abgelehnt${m.reason ? ` („${REASONS[m.reason]()}“)` : ""}.`, `${by} declined${m.reason ? ` (“${REASONS[m.reason]()}”)` : ""}.`),
        expired: () => (by ? tr(`Die Herausforderung mit ${by} ist abgelaufen.`, `The challenge with ${by} has expired.`) : tr("Eine Herausforderung ist abgelaufen.", "A challenge has expired.")),
        withdrawn: () => tr(`${by} hat die Herausforderung zurückgezogen.`, `${by} withdrew the challenge.`),
        // The changed terms show as such in the list (and what changed): no notice besides.
        countered: null,
        // Not by its page: the lobby stopped hearing it (ADR 046) — it did not leave on purpose (a fresh-eyes pass).
        left: m.lost ? null : () => tr(`${by} hat den Wartesaal verlassen.`, `${by} has left the lobby.`),
        failed: () => tr("Der Tisch konnte nicht geöffnet werden.", "The table could not be opened."),
      };
      // Connections that broke while the notice stands are said in one sentence (four at once took a third of a phone).
      if (m.how === "left" && m.lost) {
        lostNames = notice.has("lost") ? [...new Set([...lostNames, by])] : [by];
        const names = lostNames;
        return notice.show(() => lostText(names), "lost");
      }
      const text = texts[m.how];
      if (text) notice.show(text);
    },
    error(m) {
      notice.show(() => tr(m.messageDe, m.message));
    },
    back(lost) {
      // The lobby ended them while this page could not hear it (closed for silence, ADR 046; or a minute ran out), and
      // its own account of it, after a reload and in a new tab too (ADR 048). It stays until the player says so: a
      // fresh-eyes pass missed a passing notice (10 s) in a background tab, or scrolled down to the list.
      if (!awaySays(lost)) {
        if (lost.told) lobby.send({ type: "away-seen" });
        return;
      }
      setAway(lost);
      queueMicrotask(() => awayBox?.scrollIntoView({ block: "nearest" }));
    },
    awaySeen() {
      // Read in another tab of this player.
      setAway(null);
    },
  });
  /** What was lost while away, shown until dismissed (ADR 048). */
  const [away, setAway] = createSignal<LostWhileAway | null>(null);
  // Back after leaving the page with a seek open (within LEFT_SEEK_MS): said once, here only (the lobby was told by a
  // page that closed its socket itself, so it keeps nothing to tell).
  if (takeLeftSeek(Date.now())) setAway({ seek: true, challengedBy: [], challenged: [], expired: [], more: 0, gw: null, tables: [], told: false, left: true });
  let awayBox: HTMLDivElement | undefined;
  const awayRead = () => {
    const lost = away();
    setAway(null);
    if (lost?.told) lobby.send({ type: "away-seen" });
  };
  createEffect(() => {
    for (const c of lobby.incoming()) partners.set(c.id, c.from);
    for (const c of lobby.outgoing()) {
      partners.set(c.id, c.to);
      sentTo.set(c.to, c.terms);
    }
  });
  // Leaving the page withdraws one's seek (the lobby ends it with the socket): noted, so that coming back says so.
  const noteLeaving = () => {
    // Off to one's table (a taken seek, a started Goldwaage table): nothing was withdrawn.
    if (location.pathname.startsWith("/partie/")) return;
    if (lobby.connected() && lobby.seeks().some((k) => k.from === lobby.you())) rememberLeftSeek(Date.now());
  };
  window.addEventListener("pagehide", noteLeaving);
  onCleanup(() => {
    window.removeEventListener("pagehide", noteLeaving);
    noteLeaving();
    clearInterval(tick);
    lobby.close();
  });

  /** A message of the player's own doing: the notice before it is cleared (a refusal of it brings its own). */
  const act = (m: Parameters<typeof lobby.send>[0]) => {
    notice.clear();
    lobby.send(m);
  };

  function send(terms: Terms) {
    const f = form();
    if (!f) return;
    act(f.to === null ? { type: "seek", terms } : f.counter ? { type: "counter", id: f.counter, terms } : { type: "challenge", to: f.to, terms });
    // A counter's terms are the other side's wish: only one's own challenges and seeks become the next form's start.
    if (!f.counter) rememberTerms(terms);
    setForm(null);
  }

  // At a running table oneself: no challenge or seek goes out (nobody could accept it: one game at a time).
  const mineListed = () => lobby.players().find((p) => p.name === lobby.you());
  const iPlay = () => mineListed()?.status === "playing";
  // One's own points, Elo and Taler as the account says them: read again when the list shows them changed or one's own
  // game ended (a rated game lost on time while this page stood open: the list said −10, this line still 0).
  const [mine, setMine] = createSignal(props.me);
  createEffect(
    on(
      () => {
        const p = mineListed();
        return p ? `${p.points}|${Math.round(p.elo)}|${p.status}` : null;
      },
      (now, before) => {
        if (now === null || before === undefined || before === null || now === before) return;
        loadMe().then(setMine, () => undefined);
      },
    ),
  );
  // The lobby's clock and this one differ a little: never more than the minute a challenge has.
  const left = (c: Challenge) => Math.max(0, Math.min(CHALLENGE_MS / 1000, Math.ceil((c.expiresAt - now()) / 1000)));

  // With no incoming challenge's buttons in sight (scrolled down to the players, or below a short screen's foot) a bar
  // at the screen's foot says that someone challenged you and leads there: a tester at 740 × 360 did not see it. Kept:
  // each card's row of buttons and whether it was wholly on the screen when last measured (a card not measured yet
  // counts as neither, so a challenge arriving in sight does not flash the bar).
  const [inSight, setInSight] = createSignal<ReadonlyMap<Element, boolean>>(new Map());
  const sight =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver((entries) => {
          const next = new Map(inSight());
          for (const e of entries) next.set(e.target, e.isIntersecting);
          setInSight(next);
        }, { threshold: 1 })
      : null;
  const watchActions = (el: Element) => {
    sight?.observe(el);
    onCleanup(() => {
      sight?.unobserve(el);
      const next = new Map(inSight());
      next.delete(el);
      setInSight(next);
    });
  };
  onCleanup(() => sight?.disconnect());
  /** This page's account has an open challenge to `name`, or `name` one to it (one at a time between two players). */
  const challenged = (name: string) => lobby.outgoing().some((c) => c.to === name);
  const challengedBy = (name: string) => lobby.incoming().some((c) => c.from === name);
  // The first few challenges to the player are shown in full, the rest on asking: a fresh-eyes pass challenged by
  // eleven players at once scrolled seven phone screens of cards to reach the list of players.
  const [allIncoming, setAllIncoming] = createSignal(false);
  const shownIncoming = () => (allIncoming() ? lobby.incoming() : lobby.incoming().slice(0, INCOMING_SHOWN));
  const hiddenIncoming = () => lobby.incoming().length - shownIncoming().length;
  // Declined at once, as many as the lobby reads in one burst; the rest stay for a second press. The first tap asks.
  const [sureToDecline, setSureToDecline] = createSignal(false);
  let sureTimer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(sureTimer));
  const declineAll = () => {
    clearTimeout(sureTimer);
    if (!sureToDecline()) {
      setSureToDecline(true);
      sureTimer = setTimeout(() => setSureToDecline(false), 5_000);
      return;
    }
    setSureToDecline(false);
    const declined = lobby.incoming().slice(0, DECLINE_AT_ONCE);
    for (const c of declined) act({ type: "decline", id: c.id });
    const n = declined.length;
    notice.show(() => (n === 1 ? tr("Eine Herausforderung abgelehnt.", "One challenge declined.") : tr(`${n} Herausforderungen abgelehnt.`, `${n} challenges declined.`)));
  };
  const unseen = () => {
    // Not over the challenge form: the player is answering already (it covered the form's own choices at 390 × 844).
    if (form() !== null) return null;
    const measured = [...inSight().values()];
    return measured.length > 0 && measured.length >= shownIncoming().length && !measured.includes(true) ? lobby.incoming()[0] ?? null : null;
  };

  /** Brings the challenge from `name` into sight, its "Annehmen" focused (the answer is one key away). */
  function showIncoming(name: string) {
    if (!shownIncoming().some((c) => c.from === name)) setAllIncoming(true);
    const card = [...document.querySelectorAll<HTMLElement>('[data-testid="challenge-incoming"]')].find((el) => el.dataset.from === name);
    if (!card) return;
    // The first challenge brings its heading along ("Herausforderungen an dich" went out of view above it on a phone,
    // a player pass): the heading and the card fit a phone's screen, upright or in landscape.
    const first = card.parentElement?.firstElementChild === card;
    const heading = first ? document.getElementById("incoming-title") : null;
    (heading ?? card).scrollIntoView({ block: heading ? "start" : "nearest", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    card.querySelector<HTMLElement>('[data-testid="challenge-accept"]')?.focus({ preventScroll: true });
  }

  // Signed out by another device: nothing here can be acted on any more, and nothing would come back.
  return (
    <Show when={!lobby.signedOut()} fallback={<SignedOut />}>
      {/* Back from a lost connection the line is the tables' red mark and their words: the lists under it are unknown,
          the buttons that would change them wait (a fresh-eyes pass: a small grey line, buttons that looked live). */}
      <Show
        when={lobby.connected()}
        fallback={
          <>
            <p class="loading" classList={{ "connection-lost": lobby.wasConnected() }} role="status" data-testid="lobby-connecting">
              {lobby.wasConnected() ? tr("Verbindung wird wiederhergestellt …", "Reconnecting …") : tr("Verbinde mit dem Wartesaal …", "Connecting to the lobby …")}
            </p>
            {/* The lists went blank and one's own seek with them: it had looked withdrawn (a fresh-eyes pass). */}
            <Show when={lobby.wasConnected()}>
              <p class="lobby-away-note" data-testid="lobby-away-note">
                {(() => {
                  const had = lobby.awayHad();
                  return awayNote({ seek: had?.seek ?? false, challenges: had?.challenges.length ?? 0, gw: had?.gw ?? false }, had !== null && now() - had.since < SEEK_STANDS_MS, lang());
                })()}
              </p>
            </Show>
          </>
        }
      >
        <p data-testid="lobby-you">
          {tr(`Du bist als ${lobby.you()} hier · ${num(mine().points)} Punkte · Elo ${mine().elo} · ${mine().taler} Taler`, `You are here as ${lobby.you()} · ${num(mine().points)} points · Elo ${mine().elo} · ${mine().taler} Taler`)}
          {/* Stakes held at open tables are not free to stake again (the challenge form offers only the rest). */}
          <Show when={(mine().held ?? 0) > 0}>{tr(` (${mine().held} davon im Einsatz)`, ` (${mine().held} of them at stake)`)}</Show> ·{" "}
          <Link href="/rangliste" data-testid="link-ranking">{tr("Rangliste", "Ranking")}</Link>
        </p>
      </Show>
      <p role="status" class="lobby-notice" data-testid="lobby-notice">
        {notice.text()?.() ?? ""}
        {/* It stays in sight while the player scrolls, over what is under it: closed with a tap (a fresh-eyes pass). */}
        <Show when={notice.text()}>
          <button type="button" class="notice-close" data-testid="lobby-notice-close" aria-label={tr("Hinweis schließen", "Close the notice")} onClick={() => notice.clear()} />
        </Show>
      </p>
      {/* A seek "withdrawn by leaving" that another tab of the player kept open is listed again: nothing to say then. */}
      <Show when={away()?.left && lobby.seeks().some((k) => k.from === lobby.you()) ? null : away()}>
        {(lost) => (
          <div class="lobby-away" role="alert" data-testid="lobby-away" ref={awayBox}>
            <p>{awayText(lost(), lang())}</p>
            <Action id="lobby-away-ok" onClick={awayRead}>
              {tr("Verstanden", "Got it")}
            </Action>
          </div>
        )}
      </Show>
      <Show when={lobby.incoming().length > 0}>
        <ListSection
          id="incoming-title"
          class="incoming"
          title={tr("Herausforderungen an dich", "Challenges to you")}
          items={shownIncoming()}
          after={
            <Show when={lobby.incoming().length >= INCOMING_SHOWN}>
              <div class="choice-row incoming-all">
                <Show when={hiddenIncoming() > 0}>
                  <Action id="incoming-more" onClick={() => setAllIncoming(true)}>
                    {hiddenIncoming() === 1 ? tr("Eine weitere zeigen", "Show one more") : tr(`${hiddenIncoming()} weitere zeigen`, `Show ${hiddenIncoming()} more`)}
                  </Action>
                </Show>
                <Show when={allIncoming() && lobby.incoming().length > INCOMING_SHOWN}>
                  <Action id="incoming-fewer" onClick={() => setAllIncoming(false)}>
                    {tr("Weniger zeigen", "Show fewer")}
                  </Action>
                </Show>
                {/* Asked twice: one tap next to "… weitere zeigen" declined nine at once (a fresh-eyes pass). */}
                <Action id="incoming-decline-all" kind="quiet" onClick={declineAll}>
                  {sureToDecline() ? tr(`Wirklich alle ${lobby.incoming().length} ablehnen?`, `Really decline all ${lobby.incoming().length}?`) : tr("Alle ablehnen", "Decline all")}
                </Action>
              </div>
            </Show>
          }
        >
          {(c) => <Incoming challenge={c} watch={watchActions} sent={sentTo.get(c.from)} left={left(c)} onAccept={() => act({ type: "accept", id: c.id })} onDecline={(reason) => act({ type: "decline", id: c.id, ...(reason ? { reason } : {}) })} onCounter={() => setForm({ to: c.from, counter: c.id, initial: { ...c.terms, role: c.terms.role === "random" ? "random" : other(c.terms.role) } })} />}
        </ListSection>
      </Show>
      <Show when={lobby.outgoing().length > 0}>
        <ListSection id="outgoing-title" title={tr("Deine Herausforderungen", "Your challenges")} items={lobby.outgoing()}>
          {(c) => (
            <li data-testid="challenge-outgoing" data-to={c.to}>
              <strong>{tr(`An ${c.to}`, `To ${c.to}`)}</strong> <span>{termsText(c.terms, c.from, true)}</span> <small>{tr(`noch ${left(c)} s`, `${left(c)} s left`)}</small>{" "}
              <Action id="challenge-withdraw" kind="quiet" onClick={() => act({ type: "withdraw", id: c.id })}>{tr("Zurückziehen", "Withdraw")}</Action>
            </li>
          )}
        </ListSection>
      </Show>
      <Show when={form()} keyed>
        {(f) => <ChallengeForm for={f} taler={mine().taler - (mine().held ?? 0)} onSend={send} onCancel={() => setForm(null)} />}
      </Show>
      {/* While a seek's form is open its own button posts it: the list's "Gesuch aufgeben" goes (two of them confused a player pass). */}
      <ListSection id="seeks-title" title={tr("Offene Gesuche", "Open seeks")} items={lobby.seeks()} empty={lobby.connected() ? tr("Gerade sucht niemand offen einen Gegner.", "Nobody is seeking an opponent right now.") : undefined} after={form()?.to === null ? undefined : <Action id="seek-create" disabled={iPlay() || !lobby.connected()} onClick={() => setForm({ to: null, initial: lastTerms() })}>{tr("Gesuch aufgeben", "Post a seek")}</Action>}>
        {(k) => (
          <li data-testid="seek" data-from={k.from}>
            <strong>{k.from}</strong> <span>{termsText(k.terms, k.from, k.from === lobby.you())}</span>{" "}
            <Show when={k.from !== lobby.you()} fallback={<Action id="seek-withdraw" kind="quiet" onClick={() => act({ type: "unseek", id: k.id })}>{tr("Zurückziehen", "Withdraw")}</Action>}>
              <Action id="seek-accept" kind="primary" onClick={() => act({ type: "take", id: k.id })}>{tr("Annehmen", "Take it")}</Action>
            </Show>
            {/* Leaving the page (the Rangliste, a closed tab) withdraws it: a fresh-eyes pass lost one that way, unaware. */}
            <Show when={k.from === lobby.you()}>
              <p class="seek-hint" data-testid="seek-hint">{tr("Dein Gesuch gilt, solange du im Wartesaal bist.", "Your seek stands while you are in the lobby.")}</p>
            </Show>
          </li>
        )}
      </ListSection>
      <GoldwaageTables lobby={lobby} />
      <ListSection
        id="players-title"
        title={tr("Jetzt im Wartesaal", "In the lobby now")}
        items={lobby.players()}
        after={
          <Show when={lobby.connected() && lobby.players().length <= 1}>
            <p>{tr("Außer dir ist gerade niemand hier.", "Nobody but you is here right now.")}</p>
          </Show>
        }
      >
        {(p) => (
          <li data-testid="lobby-player" data-name={p.name} data-status={p.status}>
            <strong>{p.name}</strong> <span>{tr(`${num(p.points)} Punkte · Elo ${p.elo}`, `${num(p.points)} points · Elo ${p.elo}`)}</span> <small>{p.status === "playing" ? playingText(p.playing) : tr("frei", "free")}</small>{" "}
            <Show
              when={p.name !== lobby.you()}
              fallback={
                <>
                  <small>{tr("(du)", "(you)")}</small>
                  {/* Playing at a table this browser holds a seat of: the way back to it. */}
                  <Show when={p.status === "playing" && p.playing && ownSeat(p.playing.room) ? p.playing.room : null}>{(room) => <> <ReturnLink room={room()} testId="lobby-return" /></>}</Show>
                </>
              }
            >
              {/* Their challenge to me is open: the answer to it is what this row offers (a tester challenged back
                  beside it, a second challenge crossing the first). One challenge between two players at a time (the
                  lobby refuses a second with CHALLENGE_OPEN, after the form was filled in): beside a player challenged
                  already the button says so. */}
              <Show
                when={challengedBy(p.name)}
                fallback={
                  <button
                    type="button"
                    class="button"
                    data-testid="lobby-challenge"
                    data-challenged={challenged(p.name) ? "true" : undefined}
                    disabled={p.status === "playing" || iPlay() || challenged(p.name)}
                    title={iPlay() ? tr("Du sitzt an einem laufenden Tisch.", "You are at a running table.") : p.status === "playing" ? tr("Spielt gerade: herausfordern geht nach der Partie.", "Playing now: challenge them after the game.") : challenged(p.name) ? tr("Deine Herausforderung steht noch: oben unter „Deine Herausforderungen“.", "Your challenge is still open: see “Your challenges” above.") : undefined}
                    onClick={() => setForm({ to: p.name, initial: lastTerms() })}
                  >
                    {challenged(p.name) ? tr("Herausgefordert", "Challenged") : tr("Herausfordern", "Challenge")}
                  </button>
                }
              >
                <Action id="lobby-see-challenge" kind="primary" onClick={() => showIncoming(p.name)}>{tr("Herausforderung ansehen", "View the challenge")}</Action>
              </Show>
            </Show>
          </li>
        )}
      </ListSection>
      <LiveGames games={lobby.live()} connected={lobby.connected()} />
      <Show when={unseen()} keyed>
        {(c) => (
          <div class="incoming-bar" role="status" data-testid="incoming-bar">
            <span>
              {lobby.incoming().length > 1
                ? tr(`${c.from} und ${lobby.incoming().length - 1} weitere fordern dich heraus`, `${c.from} and ${lobby.incoming().length - 1} more challenge you`)
                : c.counter
                  ? tr(`${c.from} schlägt dir andere Bedingungen vor`, `${c.from} proposes other terms`)
                  : tr(`${c.from} fordert dich heraus`, `${c.from} challenges you`)}
            </span>
            <Action id="incoming-bar-show" kind="primary" onClick={() => showIncoming(c.from)}>{tr("Ansehen", "View")}</Action>
          </div>
        )}
      </Show>
    </Show>
  );
}

/** "Die Verbindung von Anna zum Wartesaal ist abgerissen …", or of several in one sentence. */
function lostText(names: readonly string[]): string {
  if (names.length === 1) return tr(`Die Verbindung von ${names[0]} zum Wartesaal ist abgerissen: die Herausforderung ist verfallen.`, `${names[0]}'s connection to the lobby was lost: the challenge lapsed.`);
  const list = (and: string) => `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
  return tr(`Die Verbindungen von ${list("und")} zum Wartesaal sind abgerissen: ihre Herausforderungen sind verfallen.`, `The connections of ${list("and")} to the lobby were lost: their challenges lapsed.`);
}

/** What a player is playing, and with whom. */
function playingText(at: LobbyPlayer["playing"]): string {
  const others = (at?.others ?? []).map((n) => n ?? tr("Computer", "the computer"));
  if (at?.game === "goldwaage") return tr("spielt Goldwaage", "playing Goldwaage");
  return others.length > 0 ? tr(`spielt gegen ${others.join(", ")}`, `playing ${others.join(", ")}`) : tr("spielt", "playing");
}

function Incoming(props: { challenge: Challenge; watch: (actions: Element) => void; sent?: Terms; left: number; onAccept: () => void; onDecline: (reason: DeclineReason | undefined) => void; onCounter: () => void }) {
  const [reason, setReason] = createSignal<DeclineReason | "">("");
  // A counter marks what it changed against the terms this page sent (when it still knows them).
  const changed = () => (props.challenge.counter && props.sent ? changedParts(props.sent, props.challenge.terms) : null);
  // "Anderer Einsatz" only where there is a stake to differ on.
  const reasons = () => DECLINE_REASONS.filter((r) => r !== "other-stake" || (props.challenge.terms.stake ?? 0) > 0);
  return (
    <li data-testid="challenge-incoming" data-from={props.challenge.from}>
      <strong>{props.challenge.counter ? tr(`${props.challenge.from} schlägt andere Bedingungen vor`, `${props.challenge.from} proposes other terms`) : tr(`${props.challenge.from} fordert dich heraus`, `${props.challenge.from} challenges you`)}</strong>
      <p data-testid="challenge-terms">
        <For each={termsParts(props.challenge.terms, props.challenge.from, false)}>
          {(part, i) => (
            <>
              {i() > 0 ? " · " : ""}
              <Show when={changed()?.[i()]} fallback={part}>
                <mark class="changed" title={tr("geändert", "changed")}>{part}</mark>
              </Show>
            </>
          )}
        </For>
      </p>
      <small>{tr(`noch ${props.left} s`, `${props.left} s left`)}</small>
      <div class="choice-row" ref={(el) => props.watch(el)}>
        <Action id="challenge-accept" kind="primary" onClick={() => props.onAccept()}>{tr("Annehmen", "Accept")}</Action>
        <select aria-label={tr("Grund (freiwillig)", "Reason (optional)")} data-testid="challenge-decline-reason" value={reason()} onChange={(e) => setReason(e.currentTarget.value as DeclineReason | "")}>
          <option value="">{tr("Ohne Grund", "No reason")}</option>
          <For each={reasons()}>{(r) => <option value={r}>{REASONS[r]()}</option>}</For>
        </select>
        <Action id="challenge-decline" onClick={() => props.onDecline(reason() || undefined)}>{tr("Ablehnen", "Decline")}</Action>
        <Action id="challenge-counter" kind="quiet" onClick={() => props.onCounter()}>{tr("Bedingungen ändern", "Change the terms")}</Action>
      </div>
    </li>
  );
}

/** A time control's minutes as the lobby takes them: 0.5 to 180, in half minutes. */
function clockMinutes(m: number): number {
  return Math.min(CLOCK_MINUTES.max, Math.max(CLOCK_MINUTES.min, Math.round(m * 2) / 2));
}

/** Minutes typed with a decimal comma or point ("7,5", "7.5"); null for anything else. */
function parseMinutes(text: string): number | null {
  // In German a point before exactly three digits groups thousands ("1.000"): read so, it is out of range and said to
  // be, not taken as one minute (a fresh-eyes pass). "7.5" stays seven and a half.
  const grouped = lang() === "de" && /^\d{1,3}(\.\d{3})+$/.test(text.trim());
  const t = grouped ? text.trim().replaceAll(".", "") : text.trim().replace(",", ".");
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const m = Number(t);
  return Number.isFinite(m) ? m : null;
}

function ChallengeForm(props: { for: FormFor; taler: number; onSend: (t: Terms) => void; onCancel: () => void }) {
  const init = props.for.initial;
  const initClock: ClockChoice = init.clock === null ? "none" : PRESET_IDS.find((id) => id === `${init.clock!.minutes}+${init.clock!.increment}`) ?? "custom";
  const [clock, setClock] = createSignal<ClockChoice>(initClock);
  const [minutes, setMinutes] = createSignal(init.clock?.minutes ?? 5);
  // The minutes as typed: a text field, so German reads "0,5" as the summary does (a number field shows the browser's
  // own decimal point, "0.5", whatever the page's language). Both "0,5" and "0.5" are taken.
  const [minutesField, setMinutesField] = createSignal(minutesText(minutes()));
  /** What is typed is no number of minutes the lobby takes as it stands (it would be replaced on leaving the field). */
  const minutesOff = () => {
    const m = parseMinutes(minutesField());
    return m === null || m < CLOCK_MINUTES.min || m > CLOCK_MINUTES.max;
  };
  // Switching the language rewrites the field in the new language's way.
  createEffect(on(lang, () => setMinutesField(minutesText(clockMinutes(minutes()))), { defer: true }));
  const [increment, setIncrement] = createSignal(init.clock?.increment ?? 3);
  const [ruleset, setRuleset] = createSignal(init.ruleset);
  const [variant, setVariant] = createSignal(init.variant);
  const [kind, setKind] = createSignal(init.kind);
  const [stake, setStake] = createSignal(init.stake ?? 0);
  const [role, setRole] = createSignal(init.role);
  // A stake above one's free Taler (those not held at an open game) or the cap is refused when the table opens: said
  // here instead, the form kept.
  const maxStake = () => Math.max(0, Math.min(props.taler, MAX_STAKE));
  const [stakeError, setStakeError] = createSignal<(() => string) | null>(null);
  function trySend() {
    const t = terms();
    const s = t.stake ?? 0;
    // terms() would quietly make −5 or 2.5 Taler a stake of 0 or 2: said instead.
    if (kind() === "rated" && (stake() < 0 || !Number.isInteger(stake()))) {
      setStakeError(() => () => tr("Der Einsatz ist eine ganze Zahl Taler, 0 oder mehr.", "The stake is a whole number of Taler, 0 or more."));
      return;
    }
    if (s > maxStake()) {
      const cap = maxStake();
      setStakeError(() => () => (cap < props.taler ? tr(`Der Einsatz ist höchstens ${cap} Taler.`, `The stake is at most ${cap} Taler.`) : tr(`Du hast nur ${cap} freie Taler.`, `You have only ${cap} free Taler.`)));
      return;
    }
    props.onSend(t);
  }

  function terms(): Terms {
    const c = clock();
    const [m, i] = c === "custom" ? [minutes(), increment()] : c === "none" ? [0, 0] : c.split("+").map(Number);
    const s = Math.max(0, Math.floor(stake()));
    return {
      kind: kind(),
      clock: c === "none" ? null : { minutes: clockMinutes(m!), increment: Math.min(180, Math.max(0, Math.round(i!))) },
      ruleset: ruleset(),
      variant: variant(),
      role: role(),
      ...(kind() === "rated" && s > 0 ? { stake: s } : {}),
    };
  }

  return (
    <section class="setup challenge-form" aria-labelledby="challenge-title" data-testid="challenge-form">
      <h2 id="challenge-title">{props.for.to === null ? tr("Gesuch für alle im Wartesaal", "A seek for everyone in the lobby") : props.for.counter ? tr(`Andere Bedingungen an ${props.for.to}`, `Other terms for ${props.for.to}`) : tr(`${props.for.to} herausfordern`, `Challenge ${props.for.to}`)}</h2>
      <fieldset class="choices">
        <legend>{tr("Bedenkzeit (Minuten + Sekunden pro Zug)", "Time control (minutes + seconds per move)")}</legend>
        <ChoiceRow options={[opt("none", tr("Ohne Uhr", "No clock")), ...PRESET_IDS.map((id) => opt(id, id)), opt("custom", tr("Eigene", "Custom"))]} current={clock()} onChoose={setClock} />
        <Show when={clock() === "custom"}>
          <label>
            {tr("Minuten", "Minutes")}{" "}
            <input
              type="text"
              inputmode="decimal"
              autocomplete="off"
              value={minutesField()}
              aria-describedby="challenge-minutes-range"
              aria-invalid={minutesOff() ? "true" : undefined}
              onInput={(e) => {
                setMinutesField(e.currentTarget.value);
                const m = parseMinutes(e.currentTarget.value);
                // Something not a number yet ("", ",") keeps the last minutes: the summary says what would be sent.
                if (m !== null) setMinutes(m);
              }}
              // Leaving the field shows what counts: within 0.5–180, in half minutes.
              onBlur={() => setMinutesField(minutesText(clockMinutes(minutes())))}
              data-testid="challenge-minutes"
            />
            {/* Said while typing: "abc" or "200" were quietly replaced on leaving the field (a fresh-eyes pass). */}
            <small id="challenge-minutes-range" classList={{ "form-error": minutesOff() }} data-testid="challenge-minutes-range">
              {minutesOff() ? tr("Bitte eine Zahl von 0,5 bis 180 – sonst gilt: ", "Please a number from 0.5 to 180 – else it is: ") + minutesText(clockMinutes(minutes())) : tr("0,5 bis 180", "0.5 to 180")}
            </small>
          </label>{" "}
          <label>
            {tr("Sekunden pro Zug", "Seconds per move")} <input type="number" min="0" max="180" step="1" value={increment()} onInput={(e) => setIncrement(Number(e.currentTarget.value))} data-testid="challenge-increment" />
          </label>
        </Show>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Regeln", "Rules")}</legend>
        <ChoiceRow options={[{ id: "challenge-ruleset-battlemaske", value: "battlemaske", text: "Battlemaske" }, { id: "challenge-ruleset-zwiegespalten", value: "zwiegespalten", text: "Zwiegespalten" }] as const} current={ruleset()} onChoose={setRuleset} />
        <ChoiceRow options={[{ id: "challenge-variant-normal", value: "single", text: tr("Normal", "Normal") }, { id: "challenge-variant-profi", value: "profi", text: "Profi" }] as const} current={variant()} onChoose={setVariant} />
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Art", "Kind")}</legend>
        <ChoiceRow options={[{ id: "challenge-kind-friendly", value: "friendly", text: tr("Freundschaftlich", "Friendly") }, { id: "challenge-kind-rated", value: "rated", text: tr("Gewertet", "Rated") }] as const} current={kind()} onChoose={setKind} />
        <Show when={kind() === "rated"}>
          <label>
            {tr(`Einsatz in Taler (beide müssen ihn haben; du hast ${props.taler})`, `Stake in Taler (both must have it; you have ${props.taler})`)} <input type="number" min="0" max={maxStake()} step="1" value={stake()} onInput={(e) => { setStake(Number(e.currentTarget.value) || 0); setStakeError(null); }} aria-invalid={stakeError() ? "true" : undefined} aria-describedby="challenge-stake-error" data-testid="challenge-stake" />
          </label>
          <p id="challenge-stake-error" class="form-error" role="alert" data-testid="challenge-stake-error">{stakeError()?.() ?? ""}</p>
          {/* Said before the game (a player pass let a one-minute clock run out in a rated game and read "abgebrochen"
              afterwards, with no word of the rule before). */}
          <p class="note" data-testid="challenge-rated-rule">
            {tr(
              `Gewertet zählt die Partie erst, wenn ${RATED_MIN_CARDS} Karten gespielt oder ${RATED_MIN_MS / 60_000} Minuten vergangen sind; endet sie früher – auch weil eine Uhr abläuft –, wird sie abgebrochen.`,
              `A rated game counts only once ${RATED_MIN_CARDS} cards are played or ${RATED_MIN_MS / 60_000} minutes have passed; if it ends sooner – a clock running out too – it is aborted.`,
            )}
          </p>
        </Show>
      </fieldset>
      <fieldset class="choices">
        <legend>{tr("Deine Rolle", "Your role")}</legend>
        <ChoiceRow options={[{ id: "challenge-role-conte", value: "conte", text: roleName("conte", ruleset()) }, { id: "challenge-role-maske", value: "maske", text: roleName("maske", ruleset()) }, { id: "challenge-role-random", value: "random", text: tr("Zufällig", "Random") }] as const} current={role()} onChoose={setRole} />
      </fieldset>
      <p data-testid="challenge-summary">{termsText(terms(), "", true)}</p>
      <div class="setup-go">
        <Action id="challenge-send" kind="primary" onClick={trySend}>{props.for.to === null ? tr("Gesuch aufgeben", "Post the seek") : props.for.counter ? tr("Zurückschicken", "Send back") : tr("Herausfordern", "Send the challenge")}</Action>
        <Action id="challenge-cancel" kind="quiet" onClick={() => props.onCancel()}>{tr("Abbrechen", "Cancel")}</Action>
      </div>
    </section>
  );
}
