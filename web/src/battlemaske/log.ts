// The game log ("Spielverlauf"): each room event explained in words, computed from the event and the table before it.
import type { Card, Effect, Ruleset, Suit } from "../../../shared/battlemaske/cards";
import type { Role, Seat } from "../../../shared/battlemaske/events";
import type { TrickRecord } from "../../../shared/battlemaske/state";
import type { View } from "../../../shared/battlemaske/view";
import type { Lang } from "../../../shared/catalog";
import {
  byRole,
  capital,
  cardLabel,
  effectLine,
  effectName,
  label,
  listOf,
  matchName,
  object,
  personOf,
  roleName,
  roleNoun,
  subject,
  suitName,
  towards,
  verb,
  YOU,
  type Person,
} from "../../../shared/battlemaske/words";

export interface LogEntry {
  readonly key: string;
  readonly text: Record<Lang, string>;
  /** Effects and round ends stand out. */
  readonly strong?: boolean;
  /** Taken back ("Karte zurück"): kept in the list, struck through, as a move list keeps a take-back visible. */
  readonly undone?: boolean;
}

/**
 * The entries of the events from `toVersion` on marked as taken back; their key starts with the version. `toVersion` is
 * the requester's own card (the room folds the events before it), so that card is undone too: a fresh-eyes pass found
 * the computer's replies struck through and "Du spielst Pfau 1." above them as if it still stood.
 */
export function markUndone(log: readonly LogEntry[], toVersion: number): LogEntry[] {
  return log.map((e) => {
    const version = Number.parseInt(e.key, 10);
    return !e.undone && Number.isFinite(version) && version >= toVersion ? { ...e, undone: true } : e;
  });
}

export interface RoundSummary {
  readonly game: 1 | 2;
  readonly round: number;
  /** Tricks per role. */
  readonly conte: number;
  readonly maske: number;
  readonly moved: number;
  readonly mirror: number;
  readonly gameWinner: Role | null;
}

type Ev = { readonly type: string; readonly [k: string]: any };

/**
 * The round table a page opened by a reload should show again: the last round's, when nothing of the next round has
 * happened at this seat yet (its deal, the other seat's exchange, a Profi game's end may have) — a player reloading at
 * the round table found it gone (a fresh-eyes pass). `conteSeat`: who is Conte in the game the view stands in; `at`:
 * the index of its roundEnded among `events`.
 */
export function pendingRoundTable(events: readonly Ev[], me: number, conteSeat: number, currentGame: 1 | 2): (RoundSummary & { readonly at: number }) | null {
  let end = -1;
  for (let i = events.length - 1; i >= 0 && end < 0; i--) {
    const e = events[i]!;
    if (e.type === "roundEnded") end = i;
    else if (!(e.type === "roundDealt" || e.type === "gameEnded" || (e.type === "exchangeSubmitted" && e.seat !== me))) return null;
  }
  if (end < 0) return null;
  let dealt: Ev | undefined;
  for (let i = end - 1; i >= 0 && !dealt; i--) if (events[i]!.type === "roundDealt") dealt = events[i];
  if (!dealt) return null;
  const ended = events[end]!;
  const won = events.slice(end + 1).find((e) => e.type === "gameEnded");
  // Profi's second game swaps the roles: the ended round may be the first game's last.
  const conte = dealt.game === currentGame ? conteSeat : 1 - conteSeat;
  const t = ended.tricks as number[];
  return { game: dealt.game, round: dealt.round, conte: t[conte]!, maske: t[1 - conte]!, moved: ended.moved, mirror: ended.mirror, gameWinner: won ? won.winner : null, at: end };
}

export { roleName };

/** A spectator's table: both seats by name (a person's, the computer, a guest), seat 0 first. */
export interface Watching {
  readonly names: readonly [Record<Lang, string>, Record<Lang, string>];
}

/**
 * Whom the sentences speak to: a player's seat ("du", the other side by the table's label), null at one shared device
 * (hot-seat, a replay: the seats by role), or a spectator (both seats by name, the role beside it where it counts).
 */
export type Viewer = Seat | null | Watching;

const watching = (me: Viewer): me is Watching => typeof me === "object" && me !== null;

/** Who sits in `seat` of a game with these roles, seen from `me`. */
function seatPerson(rs: Ruleset, roles: readonly Role[], seat: Seat, me: Viewer, opponent: Record<Lang, string>): Person {
  if (me === null) return byRole(rs, roles[seat]!);
  if (watching(me)) return personOf(me.names[seat]);
  return seat === me ? YOU : personOf(opponent);
}

/** Who sits in `seat`, seen from `me`: you, the other side as the table labels it, by name (a spectator), or the role (hot-seat). */
export function personAt(v: View, seat: Seat, me: Viewer, opponent: Record<Lang, string>): Person {
  return seatPerson(v.ruleset, v.roles, seat, me, opponent);
}

const both = (f: (l: Lang) => string): Record<Lang, string> => ({ de: f("de"), en: f("en") });
const cards = (rs: Ruleset, cs: readonly Card[], l: Lang) => listOf(cs.map((c) => cardLabel(rs, c, l)), l);

/**
 * The effect of an elixir in a sentence: its name, then what happened ("Stolz: Du nimmst dem Verlierer …").
 * `winner` is the trick's winner (a person, or the table's label for it); `cardsLeft` how many each holds after the trick.
 */
export function effectText(effect: string, stolen: boolean, winner: Person | Record<Lang, string>, lang: Lang, ruleset: Ruleset = "battlemaske", cardsLeft?: number, loser?: Person | Record<Lang, string>): string {
  const e = effect as Effect;
  const w: Person = "you" in winner ? winner : personOf(winner);
  const de = lang === "de";
  const name = effectName(ruleset, e, lang);
  if (e === "pride") {
    const zw = ruleset === "zwiegespalten";
    // Pride's loser by name where the sentence knows it ("Der Computer nimmt dir …"): "dem Verlierer" named nobody when
    // the loser was the reader or the computer (a player pass); the rule's own words without it.
    const l: Person | null = loser ? ("you" in loser ? loser : personOf(loser)) : null;
    if (!stolen) {
      if (l) return `${name}: ${de ? `${subject(l, "de", true)} ${verb(l, "hast", "hat")} noch keinen Stich; es gibt nichts wegzunehmen.` : `${subject(l, "en")} ${verb(l, "have", "has")} no trick yet, so there is nothing to take.`}`;
      return `${name}: ${de ? "Der Verlierer hat noch keinen Stich; es gibt nichts wegzunehmen." : "the loser has no trick yet, so there is nothing to take."}`;
    }
    const loserDat = l ? object(l, "de") : "dem Verlierer";
    const loserNom = l ? subject(l, "de") : "der Verlierer";
    if (de) return `${name}: ${subject(w, "de", true)} ${zw ? verb(w, "stiehlst", "stiehlt") : verb(w, "nimmst", "nimmt")} ${loserDat} zusätzlich einen schon gewonnenen Stich${zw ? "" : " weg"}: ${subject(w, "de", false)} ${verb(w, "hast", "hat")} zwei Stiche mehr, ${loserNom} einen weniger.`;
    if (l) return `${name}: ${subject(w, "en")} also ${zw ? verb(w, "steal", "steals") : verb(w, "take", "takes")} one trick ${subject(l, "en")} had already won: two tricks more for ${object(w, "en")}, one fewer for ${object(l, "en")}.`;
    return `${name}: ${subject(w, "en")} also ${zw ? verb(w, "steal", "steals") : verb(w, "take", "takes")} one trick the loser had already won: two tricks more for the winner, one fewer for the loser.`;
  }
  return effectLine(ruleset, e, lang, cardsLeft === undefined ? undefined : Math.min(2, Math.max(0, cardsLeft)));
}

/** One trick in words (used for the log and to seed it after a reload). */
export function trickEntry(v: View, t: TrickRecord, me: Viewer, opp: Record<Lang, string>, key: string): LogEntry[] {
  const w = personAt(v, t.winner, me, opp);
  const played = both((l) => t.cards.map((p) => `${label(personAt(v, p.seat, me, opp), l)}: ${cardLabel(v.ruleset, p.card, l)}`).join(" · "));
  const out: LogEntry[] = [{ key, text: both((l) => `${played[l]} – ${subject(w, l)} ${l === "de" ? verb(w, "gewinnst", "gewinnt") : verb(w, "win", "wins")} ${l === "de" ? "den Stich" : "the trick"}.`) }];
  if (t.effect) {
    const left = 10 - (v.history.indexOf(t) + 1);
    out.push({ key: key + "e", strong: true, text: both((l) => effectText(t.effect!, t.stolen, w, l, v.ruleset, left, personAt(v, t.winner === 0 ? 1 : 0, me, opp))) });
  }
  return out;
}

/** Zwiegespalten counts the track in face-up track cards. */
function openCards(n: number, lang: Lang): string {
  if (lang === "de") return n === 0 ? "es liegt noch keine Leistenkarte offen" : n === 1 ? "1 Leistenkarte liegt offen" : `${n} Leistenkarten liegen offen`;
  return n === 0 ? "no track card is face up yet" : n === 1 ? "1 track card is face up" : `${n} track cards are face up`;
}

/** How the track moved at a round's end, after "→": "der Spiegel rückt 2 Felder zur Maske und steht auf 6". */
export function trackMove(rs: Ruleset, moved: number, mirror: number, lang: Lang): string {
  const de = lang === "de";
  const shown = Math.min(10, mirror);
  const fields = (n: number) => (de ? `${n} ${n === 1 ? "Feld" : "Felder"}` : `${n} field${n === 1 ? "" : "s"}`);
  if (rs === "zwiegespalten") {
    const shadow = roleNoun(rs, "maske", lang);
    if (moved === 0) return de ? `${shadow} rückt nicht vor, ${openCards(shown, lang)}` : `${shadow} does not advance; ${openCards(shown, lang)}`;
    if (shown >= 10) return de ? `${shadow} rückt ${fields(moved)} vor und erreicht das Ende der Leiste` : `${shadow} advances ${fields(moved)} and reaches the end of the track`;
    return de ? `${shadow} rückt ${fields(moved)} vor, ${openCards(shown, lang)}` : `${shadow} advances ${fields(moved)}; ${openCards(shown, lang)}`;
  }
  if (moved === 0) return de ? `der Spiegel bleibt auf ${shown}` : `the mirror stays at ${shown}`;
  if (shown >= 10) return de ? `der Spiegel rückt ${fields(moved)} ${towards(rs, "maske", lang)} und erreicht 10` : `the mirror moves ${fields(moved)} ${towards(rs, "maske", lang)} and reaches 10`;
  return de ? `der Spiegel rückt ${fields(moved)} ${towards(rs, "maske", lang)} und steht auf ${shown}` : `the mirror moves ${fields(moved)} ${towards(rs, "maske", lang)}, to ${shown}`;
}

/** The seat holding `role` in game `game` (seat 0 is the Conte in game 1 and the Maske in game 2). */
export function seatOfRole(game: number, role: Role): Seat {
  return (game === 1) === (role === "conte") ? 0 : 1;
}

/** "Du gewinnst als Maske." / "der Computer gewinnt als Conte." (lower case unless `start`) / hot-seat "Die Maske gewinnt." */
export function winsAs(rs: Ruleset, p: Person, role: Role, lang: Lang, byRoleOnly: boolean, start = true): string {
  const de = lang === "de";
  const w = `${subject(p, lang, start)} ${de ? verb(p, "gewinnst", "gewinnt") : verb(p, "win", "wins")}`;
  return byRoleOnly ? `${w}.` : `${w} ${de ? "als" : "as"} ${de ? roleName(rs, role, lang) : roleNoun(rs, role, lang)}.`;
}

/** A round's trick difference by the rule set's name for it: "Abstand", Zwiegespalten's "Unterschied", "difference". */
export function differenceName(rs: Ruleset, lang: Lang): string {
  return lang === "de" ? (rs === "zwiegespalten" ? "Unterschied" : "Abstand") : "difference";
}

/** The round table's sentence: "Der Abstand ist 2: Der Spiegel rückt 2 Felder zur Maske und steht auf 6." */
export function roundMoveText(rs: Ruleset, moved: number, mirror: number, lang: Lang): string {
  const de = lang === "de";
  const move = trackMove(rs, moved, mirror, lang);
  return `${de ? "Der" : "The"} ${differenceName(rs, lang)} ${de ? "ist" : "is"} ${moved}: ${de ? capital(move) : move}.`;
}

/** Profi, the round table after game 1: who won it, and that game 2 follows with the roles swapped. */
export function gameWonText(rs: Ruleset, game: number, p: Person, role: Role, lang: Lang, hotseat: boolean): string {
  const de = lang === "de";
  const w = hotseat ? byRole(rs, role) : p;
  return `${de ? `Partie ${game} ist vorbei` : `Game ${game} is over`}: ${winsAs(rs, w, role, lang, hotseat, de)} ${de ? `Jetzt beginnt Partie ${game + 1} mit getauschten Rollen.` : `Game ${game + 1} starts with the roles swapped.`}`;
}

/** The people of a finished Profi match, by seat: you and the other side, both by name (a spectator), or in hot-seat by their first role. */
/** At one shared device, a seat's name by its first role in lower case, for a bracket: "erster Conte", "first Keeper". */
export function firstRoleTag(rs: Ruleset, seat: Seat, lang: Lang): string {
  const n = label(matchPeople(rs, null, { de: "", en: "" })[seat], lang);
  return n.charAt(0).toLowerCase() + n.slice(1);
}

export function matchPeople(rs: Ruleset, me: Viewer, opponent: Record<Lang, string>): [Person, Person] {
  if (me === null) {
    const first = (role: Role, f: boolean): Person => {
      const n = roleName(rs, role, "de");
      return { you: false, de: `${f ? "die erste" : "der erste"} ${n}`, deDat: `${f ? "der ersten" : "dem ersten"} ${n}`, en: `the first ${roleName(rs, role, "en")}`, tag: { de: `${f ? "Erste" : "Erster"} ${n}`, en: `First ${roleName(rs, role, "en")}` } };
    };
    return [first("conte", false), first("maske", rs === "battlemaske")];
  }
  if (watching(me)) return [personOf(me.names[0]), personOf(me.names[1])];
  const o = personOf(opponent);
  return me === 0 ? [YOU, o] : [o, YOU];
}

/** The end of a Profi match in sentences: both Maske scores with names, the tie-break when it decides, the winner. */
export function matchLines(rs: Ruleset, scores: readonly [number, number], winner: Seat | null, rounds: readonly [number, number] | null, people: [Person, Person], lang: Lang): string[] {
  const de = lang === "de";
  const maske = roleName(rs, "maske", lang);
  const out = [`${de ? `Punkte als ${maske}` : `Points as the ${maske}`}: ${label(people[0], lang)} ${scores[0]} · ${label(people[1], lang)} ${scores[1]}.`];
  const tie = scores[0] === 10 && scores[1] === 10;
  if (tie && rounds) {
    const r = (n: number) => (de ? `${n} ${n === 1 ? "Runde" : "Runden"}` : `${n} round${n === 1 ? "" : "s"}`);
    const p0 = people[0];
    const p1 = people[1];
    out.push(
      de
        ? `Beide haben 10; dafür ${verb(p0, "brauchtest", "brauchte")} ${subject(p0, "de")} ${r(rounds[0])}, ${subject(p1, "de")} ${r(rounds[1])}${rounds[0] === rounds[1] ? " – gleich viele" : ": weniger Runden entscheiden"}.`
        : `Both have 10; ${subject(p0, "en")} needed ${r(rounds[0])}, ${subject(p1, "en")} ${r(rounds[1])}${rounds[0] === rounds[1] ? " – the same" : ": fewer rounds decide"}.`,
    );
  }
  if (winner === null) out.push(de ? "Unentschieden." : "A draw.");
  else {
    const w = people[winner];
    out.push(de ? `${subject(w, "de", true)} ${verb(w, "gewinnst", "gewinnt")} ${tie ? "mit weniger Runden" : rs === "zwiegespalten" ? `als besserer ${maske}` : `als bessere ${maske}`}.` : `${subject(w, "en", true)} ${verb(w, "win", "wins")} ${tie ? "with fewer rounds" : `as the better ${maske}`}.`);
  }
  return out;
}

/** "Runde 2" / "Partie 2, Runde 1" (Profi): where the game stands. */
function where(v: View, game: number, round: number, lang: Lang): string {
  const de = lang === "de";
  const r = `${de ? "Runde" : "round"} ${round}`;
  return v.variant === "profi" ? `${de ? "Partie" : "Game"} ${game}, ${r}` : capital(r);
}

/** Explains one event; `before` is the view just before it (null when unknown). */
/** A seat's move: what lets a pending "Karte zurück" request lapse (docs/protocol.md). */
const MOVES = new Set(["cardPlayed", "exchangeSubmitted", "swapSubmitted"]);

/** The seat whose "Karte zurück" request stands after `ev`, from the one that stood before it (null: none). */
export function pendingTakeback(pending: Seat | null, ev: Ev): Seat | null {
  if (ev.type === "takebackRequested") return ev.seat as Seat;
  if (ev.type === "takebackDeclined" || ev.type === "takeback" || MOVES.has(ev.type)) return null;
  return pending;
}

/**
 * What a "Karte zurück" request of `seat` would take back, for the asked side's question: the seat's last card of the
 * round (the room rolls back to it, docs/protocol.md), the cards played after it, the tricks taken since (its own trick
 * included once complete), and whether a greed swap was made after it (null: no card yet). All of it is public: the
 * cards lie face up in the trick and the round's tricks, and a greed swap follows a trick with greed once its phase is
 * over.
 */
export function takebackTarget(v: Pick<View, "history" | "trick" | "phase">, seat: Seat): { readonly card: Card; readonly after: readonly Card[]; readonly tricks: number; readonly swap: boolean } | null {
  const played = [...v.history.flatMap((t, i) => t.cards.map((c) => ({ ...c, trick: i }))), ...v.trick.map((c) => ({ ...c, trick: v.history.length }))];
  for (let i = played.length - 1; i >= 0; i--) {
    if (played[i]!.seat !== seat) continue;
    const from = played[i]!.trick;
    // A greed trick's swap is done unless the table still waits for it (the last trick, the swap phase).
    const swap = v.history.some((t, k) => k >= from && t.effect === "greed" && !(k === v.history.length - 1 && v.phase === "swap"));
    return { card: played[i]!.card, after: played.slice(i + 1).map((c) => c.card), tricks: Math.max(0, v.history.length - from), swap };
  }
  return null;
}

/**
 * The asked side's question: "Dein Gegner möchte Glut 5 zurücknehmen – und damit auch den Stich." / "… Pfau 2, den Stich
 * und den Gier-Tausch." (a player pass: the trick and the point it gave were not said to go back).
 */
export function takebackQuestion(rs: Ruleset, t: { readonly card: Card; readonly after: readonly Card[]; readonly tricks: number; readonly swap: boolean }, lang: Lang): string {
  const de = lang === "de";
  const swapName = de ? (rs === "zwiegespalten" ? "das Kartentauschen" : "den Gier-Tausch") : rs === "zwiegespalten" ? "the swap" : "the greed swap";
  const tricks = t.tricks === 0 ? [] : [t.tricks === 1 ? (de ? "den Stich" : "the trick") : de ? `${t.tricks} Stiche` : `${t.tricks} tricks`];
  const items = [...t.after.map((c) => cardLabel(rs, c, lang)), ...tricks, ...(t.swap ? [swapName] : [])];
  const card = cardLabel(rs, t.card, lang);
  if (!items.length) return de ? `Dein Gegner möchte ${card} zurücknehmen.` : `Your opponent asks to take back ${card}.`;
  return de ? `Dein Gegner möchte ${card} zurücknehmen – und damit auch ${listOf(items, lang)}.` : `Your opponent asks to take back ${card} – and with it ${listOf(items, lang)}.`;
}

/**
 * The line for a request that `ev` lets lapse, before the move's own: the asker was told nothing when the other side
 * played on instead of answering (a fresh-eyes pass), nor when its own second tab did.
 */
export function lapsedTakeback(pending: Seat | null, ev: Ev, version: number, before: View | null, me: Viewer, opp: Record<Lang, string>): LogEntry[] {
  if (pending === null || !before || !MOVES.has(ev.type)) return [];
  const p = personAt(before, ev.seat as Seat, me, opp);
  return [{ key: `${version}r`, text: both((l) => (l === "de" ? `„Karte zurück“ verfallen: ${subject(p, l, true)} ${verb(p, "spielst", "spielt")} weiter.` : `Take-back request lapsed: ${subject(p, l)} ${verb(p, "play", "plays")} on.`)) }];
}

export function describeEvent(ev: Ev, version: number, before: View | null, me: Viewer, opp: Record<Lang, string>, clock: "fischer" | "brake" | null = "fischer"): LogEntry[] {
  const key = String(version);
  if (!before) return [];
  const v = before;
  const rs = v.ruleset;
  const zw = rs === "zwiegespalten";
  const at = (seat: Seat) => personAt(v, seat, me, opp);
  const one = (text: (l: Lang) => string, strong = false): LogEntry[] => [{ key, ...(strong ? { strong } : {}), text: both(text) }];
  switch (ev.type) {
    case "roundDealt":
      return one((l) => `${where(v, ev.game, ev.round, l)}: ${l === "de" ? "neue Karten" : "new cards"}.`, true);
    case "exchangeSubmitted":
    case "swapSubmitted": {
      const p = at(ev.seat);
      return one((l) => (l === "de" ? `${subject(p, l, true)} ${verb(p, "hast", "hat")} gewählt.` : `${subject(p, l, true)} ${verb(p, "have", "has")} picked.`));
    }
    case "exchangeCompleted":
    case "swapCompleted": {
      const name: Record<Lang, string> = ev.type === "exchangeCompleted" ? { de: zw ? "Tauschen" : "Tausch", en: "Exchange" } : { de: zw ? "Karten tauschen" : "Gier-Tausch", en: zw ? "Swap" : "Greed swap" };
      // Hot-seat and a spectator know no hand: the cards that moved are nobody's to be told.
      if (me === null || watching(me) || !Array.isArray(ev.cards)) return one((l) => `${name[l]}: ${l === "de" ? "Die Karten wechseln die Hand." : "the cards change hands."}`);
      const gave = ev.cards[me] as Card[];
      const got = ev.cards[me === 0 ? 1 : 0] as Card[];
      return one((l) => (l === "de" ? `${name.de}: Du gibst ${cards(rs, gave, l)} ab und bekommst ${cards(rs, got, l)}.` : `${name.en}: you give ${cards(rs, gave, l)} and get ${cards(rs, got, l)}.`));
    }
    case "cardPlayed": {
      const p = at(ev.seat);
      const card = (l: Lang) => cardLabel(rs, ev.card, l);
      if (!ev.suit) return one((l) => `${subject(p, l, true)} ${l === "de" ? verb(p, "spielst", "spielt") : verb(p, "play", "plays")} ${card(l)}.`);
      // An elixir lead names a suit: Battlemaske "ansagen", Zwiegespalten "nennen".
      const suit = (l: Lang) => suitName(rs, ev.suit as Suit, l);
      return one((l) =>
        l === "de"
          ? `${subject(p, l, true)} ${verb(p, "spielst", "spielt")} ${card(l)} aus und ${zw ? `${verb(p, "nennst", "nennt")} ${suit(l)}` : `${verb(p, "sagst", "sagt")} ${suit(l)} an`}.`
          : `${subject(p, l, true)} ${verb(p, "lead", "leads")} ${card(l)} and ${verb(p, "name", "names")} ${suit(l)}.`,
      );
    }
    case "trickTaken": {
      // `before` is the table before the whole batch: the trick's cards may have come in the same batch, so only the event counts.
      const w = at(ev.winner);
      const out = one((l) => `${subject(w, l, true)} ${l === "de" ? `${verb(w, "gewinnst", "gewinnt")} den Stich` : `${verb(w, "win", "wins")} the trick`}.`);
      if (ev.effect) {
        const left = 10 - (v.history.length + 1);
        out.push({ key: key + "e", strong: true, text: both((l) => effectText(ev.effect, !!ev.stolen, w, l, rs, left, at(ev.winner === 0 ? 1 : 0))) });
      }
      return out;
    }
    case "roundEnded": {
      const conteSeat: Seat = v.roles[0] === "conte" ? 0 : 1;
      const maskeSeat: Seat = conteSeat === 0 ? 1 : 0;
      const c = ev.tricks[conteSeat];
      const m = ev.tricks[maskeSeat];
      // A spectator's score names the people, each with the role the score is about: "Anna (Conte) 3 : 7 Ben (Maske)".
      const side = (seat: Seat, r: Role, l: Lang) => (watching(me) ? `${label(at(seat), l)} (${roleName(rs, r, l)})` : roleName(rs, r, l));
      return one((l) => `${where(v, v.game, v.round, l)} ${l === "de" ? "vorbei" : "over"}: ${side(conteSeat, "conte", l)} ${c} : ${m} ${side(maskeSeat, "maske", l)} → ${trackMove(rs, ev.moved, ev.mirror, l)}.`, true);
    }
    case "gameEnded": {
      const p = me === null ? byRole(rs, ev.winner) : at(seatOfRole(ev.game, ev.winner));
      return one((l) => `${v.variant === "profi" ? `${l === "de" ? "Partie" : "Game"} ${ev.game}` : l === "de" ? "Partie" : "Game"} ${l === "de" ? "vorbei" : "over"}: ${winsAs(rs, p, ev.winner, l, me === null, l === "de")}`, true);
    }
    case "matchEnded": {
      const rounds = v.results.length >= 1 ? ([v.results[0]!.rounds, v.round] as const) : null;
      // Seat 0 was the Maske in game 2, seat 1 in game 1.
      const r: readonly [number, number] | null = rounds ? [rounds[1], rounds[0]] : null;
      const people = matchPeople(rs, me, opp);
      return one((l) => `${capital(matchName(rs, l))} ${l === "de" ? "vorbei" : "over"}. ${matchLines(rs, ev.scores, ev.winner, r, people, l).join(" ")}`, true);
    }
    case "takeback": {
      const p = at(ev.seat);
      const whose = (l: Lang) => (p.you ? (l === "de" ? "deiner letzten Karte" : "your last card") : l === "de" ? `der letzten Karte von ${object(p, l)}`.replace("von dem ", "vom ") : `${object(p, l)}'s last card`);
      // Whose game now counts "mit Hilfe" is told as the hint's line tells it (a player pass found it said nowhere).
      const helped = (l: Lang) => (p.you ? (l === "de" ? " Deine Partie zählt „mit Hilfe“." : " Your game counts as “with help”.") : "");
      return one((l) => (l === "de" ? `Karte zurück: Der Tisch steht wieder vor ${whose(l)}.${helped(l)}` : `Take-back: the table is back to before ${whose(l)}.${helped(l)}`), true);
    }
    case "takebackRequested": {
      const p = at(ev.seat);
      return one((l) => (l === "de" ? `${subject(p, l, true)} ${verb(p, "bittest", "bittet")} um „Karte zurück“.` : `${subject(p, l, true)} ${verb(p, "ask", "asks")} to take back a card.`));
    }
    case "takebackDeclined": {
      const p = at(ev.seat);
      return one((l) => (l === "de" ? `„Karte zurück“ abgelehnt: ${subject(p, l, true)} ${verb(p, "sagst", "sagt")} Nein.` : `Take-back declined: ${subject(p, l)} ${verb(p, "say", "says")} no.`));
    }
    case "hintGiven":
      return one((l) => (l === "de" ? "Rat eingeholt (die Partie zählt „mit Hilfe“)." : "Advice taken (the game counts as “with help”)."));
    case "resigned": {
      const p = at(ev.seat);
      const leave = ev.how === "leave";
      return one((l) => (l === "de" ? `${subject(p, l, true)} ${leave ? `${verb(p, "verlässt", "verlässt")} den Tisch` : verb(p, "gibst auf", "gibt auf")}.` : `${subject(p, l, true)} ${leave ? `${verb(p, "leave", "leaves")} the table` : verb(p, "resign", "resigns")}.`), true);
    }
    case "noShow":
      return one((l) => noShowText((ev.seats as Seat[]).map(at), l), true);
    // Every seat of a table of people has come: the chess clocks stood until now; a table "Ohne Uhr" has the emergency
    // brake instead, said as such (a fresh-eyes pass read "die Uhren laufen" there); a table with neither says only that.
    case "seated":
      return one((l) =>
        clock === "fischer"
          ? l === "de" ? "Beide sind am Tisch: die Uhren laufen." : "Both are at the table: the clocks run."
          : clock === "brake"
            ? l === "de" ? "Beide sind am Tisch: Die Notbremse läuft – wer 10 Minuten nicht spielt, verliert." : "Both are at the table: the brake runs – no move for 10 minutes loses."
            : l === "de" ? "Beide sind am Tisch." : "Both are at the table.",
      );
    case "timeout": {
      if (ev.seats && ev.seats.length > 1) return one((l) => (l === "de" ? "Beide haben im selben Augenblick die Zeit überschritten: unentschieden." : "Both ran out of time at the same instant: a draw."), true);
      const p = at(ev.seat);
      return one((l) => (l === "de" ? `Die Zeit ist abgelaufen: ${subject(p, l, true)} ${verb(p, "hast", "hat")} verloren.` : `Time ran out: ${subject(p, l)} ${verb(p, "lose", "loses")}.`), true);
    }
    default:
      return [];
  }
}

/**
 * A game called off because seats never came to the table (a `noShow`, ADR 041): who did not come, and that it does not
 * count. "Anna ist nicht an den Tisch gekommen: …", "Du bist nicht rechtzeitig an den Tisch gekommen: …".
 */
export function noShowText(absent: readonly Person[], lang: Lang): string {
  const de = lang === "de";
  const after = de ? "Die Partie ist abgebrochen und zählt nicht." : "The game is called off and does not count.";
  if (absent.length !== 1) return de ? `Niemand ist an den Tisch gekommen: ${after}` : `Nobody came to the table: ${after}`;
  const p = absent[0]!;
  if (p.you) return de ? `Du bist nicht rechtzeitig an den Tisch gekommen: ${after}` : `You did not come to the table in time: ${after}`;
  return de ? `${subject(p, lang, true)} ist nicht an den Tisch gekommen: ${after}` : `${subject(p, lang, true)} did not come to the table: ${after}`;
}

/** The log after a reload: the completed tricks of the current round, from the view. */
export function seedLog(v: View, me: Viewer, opp: Record<Lang, string>): LogEntry[] {
  const out: LogEntry[] = [{ key: "seed", strong: true, text: both((l) => `${where(v, v.game, v.round, l)}.`) }];
  v.history.forEach((t, i) => out.push(...trickEntry(v, t, me, opp, `seed${i}`)));
  return out;
}

/** What the end table needs to say who won and why. */
export interface EndFacts {
  readonly ruleset: Ruleset;
  readonly variant: "single" | "profi";
  /** Your seat; null in hot-seat (the seats are named by role); a spectator's names of both seats. */
  readonly me: Viewer;
  readonly opponent: Record<Lang, string>;
  readonly winner: Seat | null;
  readonly reason: "rules" | "resign" | "leave" | "timeout" | "aborted";
  /** The roles of the last game, by seat. */
  readonly roles: readonly [Role, Role];
  /** Where the track stands at the end (capped at 10). */
  readonly mirror: number;
  /** Profi: the Maske scores and the rounds each needed as Maske, by seat. */
  readonly match: { readonly scores: readonly [number, number]; readonly rounds: readonly [number, number] | null } | null;
}

/** The end's sentences under a title, without one that only repeats it ("Der Conte gewinnt!" over "Der Conte gewinnt."). */
export function withoutTitle(lines: readonly string[], title: string): string[] {
  const bare = (t: string) => t.trim().replace(/[.!]$/, "");
  // A sentence that names the winner and then why stays whole ("Beno gewinnt: Alma hat aufgegeben." under "Beno gewinnt!"):
  // the pages and their tests read the winner with the reason.
  return lines.filter((line) => bare(line) !== bare(title));
}

/** The end table's sentences: the winner by name (you / the computer / your opponent / a player), why, and Profi's scores. */
export function endLines(f: EndFacts, lang: Lang): string[] {
  const de = lang === "de";
  const rs = f.ruleset;
  const hot = f.me === null;
  const people: [Person, Person] = f.match ? matchPeople(rs, f.me, f.opponent) : [seatPerson(rs, f.roles, 0, f.me, f.opponent), seatPerson(rs, f.roles, 1, f.me, f.opponent)];
  if (f.reason !== "rules" && f.reason !== "aborted" && f.winner !== null) {
    const w = people[f.winner];
    const l = people[f.winner === 0 ? 1 : 0];
    const why =
      f.reason === "resign"
        ? de ? `${subject(l, lang, true)} ${verb(l, "hast", "hat")} aufgegeben.` : `${subject(l, lang)} resigned.`
        : f.reason === "leave"
          ? de ? `${subject(l, lang, true)} ${verb(l, "hast", "hat")} den Tisch verlassen.` : `${subject(l, lang)} left the table.`
          : de ? `${subject(l, lang, true)} ${verb(l, "hast", "hat")} die Zeit überschritten.` : `${subject(l, lang)} ran out of time.`;
    return [`${subject(w, lang, true)} ${de ? verb(w, "gewinnst", "gewinnt") : verb(w, "win", "wins")}: ${why}`];
  }
  // Both flags fell together (shared/room/clock.ts flagFall): a draw on time. Said without "Uhren": without a clock the
  // brake's ten minutes are the time (a fresh-eyes pass read "beide Uhren" at a table with no clock).
  if (f.reason === "timeout" && f.winner === null) return [de ? "Beide haben im selben Augenblick die Zeit überschritten: Niemand gewinnt." : "Both ran out of time at the same instant: nobody wins."];
  if (f.match) return matchLines(rs, f.match.scores, f.winner, f.match.rounds, people, lang);
  if (f.winner === null) return [de ? "Niemand gewinnt." : "Nobody wins."];
  const role = f.roles[f.winner];
  const zw = rs === "zwiegespalten";
  const why =
    role === "maske"
      ? zw
        ? de ? "Der Schatten hat das Ende der Leiste erreicht." : "The Shadow has reached the end of the track."
        : de ? "Der Spiegel hat Feld 10 erreicht." : "The mirror has reached field 10."
      : zw
        ? de ? `Nach drei Runden ist die Leiste nicht durch: ${capital(openCards(f.mirror, lang))}.` : `After three rounds the track is not through: ${openCards(f.mirror, lang)}.`
        : de ? `Nach drei Runden steht der Spiegel auf ${f.mirror}, nicht auf 10.` : `After three rounds the mirror stands at ${f.mirror}, not at 10.`;
  return [winsAs(rs, people[f.winner], role, lang, hot), why];
}
