// Category 1, the hidden-information scan: whole games watched by a spectator, every message each socket received
// checked against the full log for the seed, the aside cards and cards of another seat's hand that viewer may not know.
import { RawSocket } from "./raw-socket";
import { createHmac } from "node:crypto";
import { dealFor, type Deal, type Options } from "../../../shared/battlemaske/index.js";
import { handsFor as goldwaageHands, type Options as GoldwaageOptions } from "../../../shared/goldwaage/index.js";
import { check, devVar, http, mustPost, newAccount, newResult, pool, rng, sha256Hex, short, sleep, type CategoryResult } from "./common.js";
import { Player, type PlayerSummary, type Received } from "./player.js";

type Kind = "computer" | "friend" | "daily";
type Viewer = number | "spectator";
interface Entry {
  readonly version: number;
  readonly event: { readonly type: string; readonly [k: string]: any };
}

export interface HiddenOptions {
  readonly games: number;
  /** Games played at once. */
  readonly concurrency?: number;
  readonly seed?: number;
  readonly log?: (line: string) => void;
}

/** The kinds and rule sets in turn: computer, friend, daily; Battlemaske, then Zwiegespalten (the daily game has one rule set). */
export function plan(i: number): { kind: Kind; ruleset: "battlemaske" | "zwiegespalten"; role: "conte" | "maske" } {
  const kind = (["computer", "friend", "daily"] as const)[i % 3]!;
  const ruleset = kind === "daily" || Math.floor(i / 3) % 2 === 0 ? "battlemaske" : "zwiegespalten";
  return { kind, ruleset, role: Math.floor(i / 2) % 2 === 0 ? "conte" : "maske" };
}

/**
 * What `viewer` may not know at each version: the aside cards and the cards dealt to the other seats (a spectator: all
 * hands), minus what it has learnt in this round — its own picks, both sides of a completed exchange or greed swap (a
 * seat sees what it gave and what it got), and every card played. A take-back returns cards to a hand, but a card once
 * seen stays known; a take-back never reaches back into an earlier round (docs/protocol.md), so knowledge is per deal.
 */
export function secretsByVersion(entries: readonly Entry[], viewer: Viewer): (version: number) => ReadonlySet<string> {
  const out: Array<Set<string>> = [new Set()];
  let hidden = new Set<string>();
  let known = new Set<string>();
  for (const { version, event: e } of entries) {
    switch (e.type) {
      case "roundDealt": {
        const hands = e.hands as string[][];
        hidden = new Set([...(e.aside as string[]), ...hands.flatMap((h, s) => (s === viewer ? [] : h))]);
        known = new Set(viewer === "spectator" ? [] : hands[viewer] ?? []);
        break;
      }
      case "exchangeSubmitted":
      case "swapSubmitted":
        if (e.seat === viewer) for (const c of e.cards as string[]) known.add(c);
        break;
      case "exchangeCompleted":
      case "swapCompleted":
        if (viewer !== "spectator") for (const side of e.cards as string[][]) for (const c of side) known.add(c);
        break;
      case "cardPlayed":
        known.add(e.card);
        break;
    }
    const secret = new Set([...hidden].filter((c) => !known.has(c)));
    // Versions missing from the list (a daily seat's view of Stark's secret pick) keep what was secret before them.
    while (out.length < version) out.push(out[out.length - 1]!);
    out[version] = secret;
  }
  return (version) => out[Math.max(0, Math.min(version, out.length - 1))]!;
}

/**
 * The last version of the deal each version belongs to (Infinity for the deal still running). A history message sent
 * in round 2 repeats round 1's events: a card named there speaks of round 1, where it may long be known, not of the
 * same card dealt again into the other hand (judged by round 2's secrets, that was a false alarm seen in CI).
 */
export function dealEnds(entries: readonly Entry[]): (version: number) => number {
  const starts = entries.filter((e) => e.event.type === "roundDealt").map((e) => e.version);
  return (version) => {
    const next = starts.find((s) => s > version);
    return next === undefined ? Infinity : next - 1;
  };
}

/**
 * Hidden cards in one message that speaks of version `asOf`: a history message's entries each as of the end of their
 * own deal (or `asOf`, whichever is earlier), everything else in it as of `asOf`.
 */
export function hiddenCardsIn(msg: unknown, asOf: number, secrets: (version: number) => ReadonlySet<string>, dealEnd: (version: number) => number): string[] {
  const m = msg as { type?: unknown; entries?: unknown } | null;
  if (!m || typeof m !== "object" || m.type !== "history" || !Array.isArray(m.entries)) return cardsIn(msg, secrets(asOf));
  const out: string[] = [];
  for (const [k, x] of Object.entries(m)) if (k !== "entries") cardsIn(x, secrets(asOf), `$.${k}`, out);
  m.entries.forEach((entry, i) => {
    const v = (entry as { version?: unknown } | null)?.version;
    const at = typeof v === "number" ? Math.min(asOf, dealEnd(v)) : asOf;
    cardsIn(entry, secrets(at), `$.entries[${i}]`, out);
  });
  return out;
}

/** The first version at which the game is over (after it, the full log is public anyway); Infinity while it runs. */
export function overVersion(entries: readonly Entry[], options: Options): number {
  for (const { version, event: e } of entries) {
    if (e.type === "matchEnded" || e.type === "resigned" || e.type === "timeout") return version;
    if (e.type === "gameEnded" && (options.variant === "single" || e.game === 2)) return version;
  }
  return Infinity;
}

/** Card ids found as whole strings (values or keys) anywhere in a message, with their paths. */
export function cardsIn(value: unknown, secret: ReadonlySet<string>, path = "$", out: string[] = []): string[] {
  if (typeof value === "string") {
    if (secret.has(value)) out.push(`${path}=${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((x, i) => cardsIn(x, secret, `${path}[${i}]`, out));
  } else if (value && typeof value === "object") {
    for (const [k, x] of Object.entries(value)) {
      if (secret.has(k)) out.push(`${path} key ${k}`);
      cardsIn(x, secret, `${path}.${k}`, out);
    }
  }
  return out;
}

/** True when some run of 64 hex digits in `text` hashes to the commitment (i.e. the day's seed is in it). */
function containsCommittedSeed(text: string, commitment: string): boolean {
  for (const m of text.matchAll(/[0-9a-f]{64}/gi)) {
    for (let i = 0; i + 64 <= m[0].length; i++) if (sha256Hex(m[0].slice(i, i + 64).toLowerCase()) === commitment) return true;
  }
  return false;
}

/** The day's seed as the Worker derives it, from the local DAILY_SECRET wrangler dev reads (.dev.vars). */
function localDailySeed(date: string): string | null {
  const secret = devVar("DAILY_SECRET");
  return secret ? createHmac("sha256", secret).update(date).digest("hex") : null;
}

interface Played {
  readonly kind: Kind;
  readonly room: string;
  readonly options: Options;
  readonly players: Player[];
  readonly summaries: PlayerSummary[];
  /** null for a daily attempt: nobody may watch one (the room refuses spectators, checked in `spectatorRefused`). */
  readonly spectator: Player | null;
  readonly spectatorRefused?: string | null;
  /** Daily only. */
  readonly daily?: { date: string; commitment: string; token: string };
  /** A bearer token that may read the archive (daily: the player's). */
  readonly token: string;
}

async function playOne(base: string, i: number, seed: number): Promise<Played> {
  const p = plan(i);
  const options: Options = { ruleset: p.ruleset, variant: "single" };
  const random = rng(seed * 1000 + i);
  const token = await newAccount(base);
  const deadlineMs = 240_000;
  const players: Player[] = [];
  let spectator: Player | null = null;
  let spectatorRefused: string | null | undefined;
  let room: string;
  let daily: Played["daily"];
  if (p.kind === "friend") {
    const created = await mustPost<{ room: string; seatToken: string; inviteCode: string }>(base, "/api/games", { kind: "friendly", clock: null, ruleset: p.ruleset, variant: "single", role: p.role }, token, 201);
    room = created.room;
    // Both the spectator and the creator are there before the deal: they see every version from 1 on.
    spectator = new Player({ url: base, room, label: `g${i}/spectator`, deadlineMs });
    players.push(new Player({ url: base, room, seatToken: created.seatToken, label: `g${i}/creator`, askTakebacks: 2, acceptTakebacks: true, random, deadlineMs }));
    spectator.start();
    players[0]!.start();
    await sleep(300);
    const friend = await newAccount(base);
    const claimed = await mustPost<{ seatToken: string }>(base, `/api/games/invite/${created.inviteCode}`, undefined, friend, 200);
    players.push(new Player({ url: base, room, seatToken: claimed.seatToken, label: `g${i}/friend`, askTakebacks: 1, acceptTakebacks: true, random, deadlineMs }));
    players[1]!.start();
  } else {
    let seatToken: string;
    if (p.kind === "computer") {
      ({ room, seatToken } = await mustPost<{ room: string; seatToken: string }>(base, "/api/battlemaske/computer", { role: p.role, level: "leicht", ruleset: p.ruleset }, token, 201));
    } else {
      const today = (await http(base, "GET", "/api/daily")).json as { date: string; commitment: string };
      const a = await mustPost<{ room: string; seatToken: string; date: string }>(base, "/api/daily/attempts", { role: p.role }, token, 201);
      ({ room, seatToken } = a);
      daily = { date: a.date, commitment: today.commitment, token };
    }
    if (p.kind === "daily") spectatorRefused = await refusesSpectator(base, room);
    else {
      spectator = new Player({ url: base, room, label: `g${i}/spectator`, deadlineMs });
      spectator.start();
    }
    players.push(new Player({ url: base, room, seatToken, label: `g${i}/${p.kind}`, takebacks: 2, hints: 2, random, deadlineMs }));
    players[0]!.start();
  }
  const summaries = await Promise.all(players.map((x) => x.done));
  if (spectator) await spectator.done;
  return { kind: p.kind, room, options, players, summaries, spectator, spectatorRefused, token, ...(daily ? { daily } : {}) };
}

/** A daily attempt shows the day's deal as it is played: a spectator's hello must be refused (null: it was). */
async function refusesSpectator(base: string, room: string): Promise<string | null> {
  const s = await RawSocket.open(`${base.replace(/^http/, "ws")}/parties/battlemaske-room/${room}`);
  if ("refused" in s) return `the socket was refused: ${s.status}`;
  s.send(JSON.stringify({ type: "hello" }));
  const a = await s.next(5000);
  s.close();
  if (a.kind !== "message") return `no answer to a spectator's hello (${a.kind})`;
  const m = JSON.parse(a.text) as { type: string; code?: string };
  return m.type === "error" && m.code === "NO_SPECTATORS" ? null : `a spectator's hello got ${a.text.slice(0, 200)}`;
}

/** GET /api/games/<room> until the room's report has arrived (it is posted when the game ends; retried by alarm). */
async function archive(base: string, room: string, token?: string, waitMs = 45_000): Promise<{ status: number; json: any; text: string }> {
  const until = Date.now() + waitMs;
  for (;;) {
    const r = await http(base, "GET", `/api/games/${room}`, { token });
    const code = (r.json as { error?: string } | undefined)?.error;
    if (r.status !== 404 || code !== "NOT_FOUND" || Date.now() > until) return r;
    await sleep(250);
  }
}

/** The true log of a daily game without the server's help: the seat's own events, each deal re-dealt from the seed. */
function dailyTruth(seat: Player, seed: string, options: Options): Entry[] {
  const byVersion = new Map<number, Entry["event"]>();
  for (const r of seat.received) if (r.msg?.type === "event") byVersion.set(r.msg.version, r.msg.event);
  // The game was dealt (and Stark may have picked) before the seat's hello: newGame's two events are versions 1 and 2.
  if (!byVersion.has(1)) byVersion.set(1, { type: "gameCreated", v: 1, options, seed });
  if (!byVersion.has(2)) byVersion.set(2, { type: "roundDealt", v: 1, game: 1, round: 1 });
  const entries: Entry[] = [];
  for (const [version, e] of [...byVersion].sort((a, b) => a[0] - b[0])) {
    if (e.type === "roundDealt") {
      const deal: Deal = dealFor({ options, seed, deals: [] } as never, e.game, e.round);
      entries.push({ version, event: { ...e, hands: deal.hands, aside: deal.aside } });
    } else {
      entries.push({ version, event: e });
    }
  }
  return entries;
}

export async function hiddenInformation(base: string, o: HiddenOptions): Promise<CategoryResult> {
  const r = newResult("hidden", "Hidden information: every message to each seat and a spectator scanned for the seed, the aside cards and unrevealed cards of other hands");
  const t0 = Date.now();
  const seed = o.seed ?? 1;
  let messages = 0;
  let takebacks = 0;
  let hints = 0;
  const kinds: Record<string, number> = {};
  const played = await pool(
    o.concurrency ?? 3,
    Array.from({ length: o.games }, (_, i) => async () => {
      try {
        const g = await playOne(base, i, seed);
        o.log?.(`hidden: game ${i + 1}/${o.games} (${g.kind}, ${g.options.ruleset}) over after ${g.spectator?.version ?? g.players[0]!.version} versions`);
        return g;
      } catch (e) {
        check(r, `game ${i} (${plan(i).kind}, ${plan(i).ruleset}) plays to the end`, e instanceof Error ? e.message : String(e));
        return null;
      }
    }),
  );
  for (const g of played) {
    if (!g) continue;
    kinds[`${g.kind}/${g.options.ruleset}`] = (kinds[`${g.kind}/${g.options.ruleset}`] ?? 0) + 1;
    const name = `${g.kind} game ${g.room} (${g.options.ruleset})`;
    // The truth: the archived full log, or for today's daily game the seat's events re-dealt from the committed seed.
    let entries: Entry[];
    let gameSeed: string | null;
    if (g.daily) {
      gameSeed = localDailySeed(g.daily.date);
      if (!check(r, `${name}: the local DAILY_SECRET yields the committed seed`, gameSeed && sha256Hex(gameSeed) === g.daily.commitment ? null : "sha256(HMAC(.dev.vars DAILY_SECRET, date)) is not GET /api/daily's commitment: cannot re-deal the daily game"))
        continue;
      entries = dailyTruth(g.players[0]!, gameSeed!, g.options);
      // The archive of today's daily game: never the seed; to others not at all.
      const own = await archive(base, g.room, g.daily.token);
      check(r, `${name}: the player's own archive during the day holds no seed`, own.status >= 500 ? `status ${own.status}` : own.text.includes(gameSeed!) || containsCommittedSeed(own.text, g.daily.commitment) ? `GET /api/games/${g.room} (own bearer, status ${own.status}) contains the day's seed (sha256 = commitment)` : null);
      const anon = await http(base, "GET", `/api/games/${g.room}`);
      check(r, `${name}: the archive is not served to others during the day`, anon.status === 404 && !anon.text.includes(gameSeed!) ? null : `GET /api/games/${g.room} without a token: ${anon.status} ${short(anon.text)}`);
    } else {
      const a = await archive(base, g.room, g.token);
      if (!check(r, `${name}: the finished game's archive is served`, a.status === 200 && Array.isArray(a.json?.log) ? null : `GET /api/games/${g.room}: ${a.status} ${short(a.text)}`)) continue;
      entries = a.json.log as Entry[];
      gameSeed = String(entries[0]?.event?.seed ?? "");
      check(r, `${name}: the archive holds the seed and its deals`, gameSeed && entries.filter((e) => e.event.type === "roundDealt").every((e) => JSON.stringify(dealFor({ options: g.options, seed: gameSeed!, deals: [] } as never, e.event.game, e.event.round)) === JSON.stringify({ hands: e.event.hands, aside: e.event.aside })) ? null : "the archived roundDealt events are not the deals of the archived seed");
    }
    const n = entries.at(-1)?.version ?? 0;
    if (!g.daily) check(r, `${name}: the log's versions are 1..n`, entries.every((e, k) => e.version === k + 1) ? null : `versions ${short(entries.map((e) => e.version).join(","), 300)}`);
    takebacks += entries.filter((e) => e.event.type === "takeback").length;
    hints += entries.filter((e) => e.event.type === "hintGiven").length;
    const over = overVersion(entries, g.options);
    const viewers: Array<{ label: string; viewer: Viewer; received: readonly Received[]; first: number }> = [
      ...g.players.map((p) => ({ label: `seat ${p.seat}`, viewer: p.seat as Viewer, received: p.received, first: p.firstVersion ?? 0 })),
      ...(g.spectator ? [{ label: "spectator", viewer: "spectator" as Viewer, received: g.spectator.received, first: g.spectator.firstVersion ?? 0 }] : []),
    ];
    if (g.daily) check(r, `${name}: nobody may watch a daily attempt`, g.spectatorRefused === undefined ? "not checked" : g.spectatorRefused);
    const dealEnd = dealEnds(entries);
    for (const v of viewers) {
      const secrets = secretsByVersion(entries, v.viewer);
      const got = v.received.filter((m) => m.msg?.type === "event").map((m) => m.msg!.version as number);
      const want = Array.from({ length: n - v.first }, (_, k) => v.first + k + 1);
      check(r, `${name}: ${v.label} received every version once`, JSON.stringify(got) === JSON.stringify(want) ? null : `received ${short(got.join(","), 300)}, expected ${v.first + 1}..${n}`);
      for (const m of v.received) {
        messages++;
        const leaks: string[] = [];
        // The day's seed must never reach anyone during the day, not even in the last messages of the game.
        if (g.daily && (m.raw.includes(gameSeed!) || containsCommittedSeed(m.raw, g.daily.commitment))) leaks.push("the day's seed");
        if (m.asOf < over) {
          if (!g.daily && gameSeed && m.raw.includes(gameSeed)) leaks.push("the seed");
          if (m.msg) leaks.push(...hiddenCardsIn(m.msg, m.asOf, secrets, dealEnd).map((c) => `hidden card ${c}`));
        }
        check(r, `${name}: message to ${v.label}`, leaks.length === 0 ? null : `at version ${m.asOf}: ${leaks.join("; ")} in ${short(m.raw, 300)}`);
      }
    }
  }
  Object.assign(r.notes, { games: played.filter(Boolean).length, ...kinds, messages, takebacks, hints });
  r.ms = Date.now() - t0;
  return r;
}

// ---- Goldwaage tables -------------------------------------------------------------------------------------------

/** The Goldwaage tables in turn: players, level and variants, and how many seats are people (the rest computers). */
export function goldwaagePlan(i: number): { players: 2 | 3 | 4; level: "normal" | "profi" | "schwer"; variants: string[]; friends: number } {
  return (
    [
      { players: 3, level: "profi", variants: [], friends: 1 },
      { players: 4, level: "normal", variants: [], friends: 0 },
      { players: 2, level: "schwer", variants: ["zwei-offene-karten"], friends: 1 },
      { players: 4, level: "profi", variants: [], friends: 2 },
    ] as const
  )[i % 4]! as never;
}

/**
 * What `viewer` may not know at a Goldwaage table at each version: every card dealt to another seat (a spectator: every
 * hand) until it is shown as an open card or played — both are public to the whole table, and stay known. On *offene
 * Hände* nothing is hidden. Each card is dealt once per game (four rounds of twelve from 48), so knowledge carries over,
 * and the later rounds' cards are secret to everyone until they are dealt (on *offene Hände* too): a card of a round
 * still to come in any message would say what is left in the deck's order.
 */
export function goldwaageSecretsByVersion(entries: readonly Entry[], viewer: Viewer): (version: number) => ReadonlySet<string> {
  const out: Array<Set<string>> = [new Set()];
  const deals = entries.filter((e) => e.event.type === "roundDealt");
  const later = (version: number) => deals.filter((d) => d.version > version).flatMap((d) => (d.event.hands as string[][]).flat());
  let openHands = false;
  const hidden = new Set<string>();
  const known = new Set<string>();
  for (const { version, event: e } of entries) {
    switch (e.type) {
      case "gameCreated":
        openHands = ((e.options?.variants ?? []) as string[]).includes("offene-haende");
        break;
      case "roundDealt": {
        const hands = e.hands as string[][];
        // Cumulative: a card of an earlier round never shown nor played (a game that ended mid-round) stays hidden.
        if (!openHands) for (const c of hands.flatMap((h, s) => (s === viewer ? [] : h))) hidden.add(c);
        if (viewer !== "spectator") for (const c of hands[viewer] ?? []) known.add(c);
        break;
      }
      case "cardsShown":
        for (const c of e.cards as string[]) known.add(c);
        break;
      case "cardPlayed":
        known.add(e.card);
        break;
    }
    const secret = new Set([...[...hidden].filter((c) => !known.has(c)), ...later(version)]);
    while (out.length < version) out.push(out[out.length - 1]!);
    out[version] = secret;
  }
  return (version) => out[Math.max(0, Math.min(version, out.length - 1))]!;
}

/** The first version at which a Goldwaage game is over (its end, or a seat's giving up or leaving). */
export function goldwaageOverVersion(entries: readonly Entry[]): number {
  return entries.find((e) => e.event.type === "gameEnded" || e.event.type === "resigned" || e.event.type === "timeout")?.version ?? Infinity;
}

interface PlayedTable {
  readonly room: string;
  readonly options: GoldwaageOptions;
  readonly players: Player[];
  readonly spectator: Player;
  readonly token: string;
}

async function playTable(base: string, i: number): Promise<PlayedTable> {
  const p = goldwaagePlan(i);
  const deadlineMs = 240_000;
  const token = await newAccount(base);
  const created = await mustPost<{ room: string; seatToken: string; invites: string[] }>(base, "/api/goldwaage/table", { players: p.players, level: p.level, variants: p.variants, friends: p.friends }, token, 201);
  const room = created.room;
  const party = "goldwaage-room" as const;
  // The spectator and the host are there before the deal (with friends, the table is dealt at the last claim).
  const spectator = new Player({ url: base, party, room, label: `gw${i}/spectator`, deadlineMs });
  spectator.start();
  const players = [new Player({ url: base, party, room, seatToken: created.seatToken, label: `gw${i}/host`, deadlineMs })];
  players[0]!.start();
  for (const [k, invite] of created.invites.entries()) {
    const friend = await newAccount(base);
    const claimed = await mustPost<{ seatToken: string }>(base, "/api/goldwaage/invite", { room, invite }, friend, 200);
    const player = new Player({ url: base, party, room, seatToken: claimed.seatToken, label: `gw${i}/friend${k + 1}`, deadlineMs });
    players.push(player);
    player.start();
  }
  await Promise.all(players.map((x) => x.done));
  await spectator.done;
  return { room, options: { players: p.players, level: p.level, variants: p.variants as never }, players, spectator, token };
}

/** Whole Goldwaage tables (people and computers, Normal to Profi) watched by a spectator, every message scanned. */
export async function hiddenGoldwaage(base: string, o: HiddenOptions): Promise<CategoryResult> {
  const r = newResult("hidden-goldwaage", "Hidden information at Goldwaage tables: every message to each seat and a spectator scanned for the seed and the cards of other hands not yet shown or played");
  const t0 = Date.now();
  let messages = 0;
  const played = await pool(
    o.concurrency ?? 2,
    Array.from({ length: o.games }, (_, i) => async () => {
      try {
        const g = await playTable(base, i);
        o.log?.(`hidden: Goldwaage table ${i + 1}/${o.games} (${g.options.players} players, ${g.options.level}) over after ${g.spectator.version} versions`);
        return g;
      } catch (e) {
        const p = goldwaagePlan(i);
        check(r, `Goldwaage table ${i} (${p.players} players, ${p.level}) plays to the end`, e instanceof Error ? e.message : String(e));
        return null;
      }
    }),
  );
  for (const g of played) {
    if (!g) continue;
    const name = `Goldwaage table ${g.room} (${g.options.players} players, ${g.options.level}${g.options.variants.length ? `, ${g.options.variants.join("+")}` : ""})`;
    const a = await archive(base, g.room, g.token);
    if (!check(r, `${name}: the finished game's archive is served`, a.status === 200 && Array.isArray(a.json?.log) ? null : `GET /api/games/${g.room}: ${a.status} ${short(a.text)}`)) continue;
    const entries = a.json.log as Entry[];
    const gameSeed = String(entries[0]?.event?.seed ?? "");
    check(r, `${name}: the archive holds the seed and its deals`, gameSeed && entries.filter((e) => e.event.type === "roundDealt").every((e) => JSON.stringify(goldwaageHands({ options: g.options, seed: gameSeed, deals: [] }, e.event.round)) === JSON.stringify(e.event.hands)) ? null : "the archived roundDealt events are not the deals of the archived seed");
    const n = entries.at(-1)?.version ?? 0;
    check(r, `${name}: the log's versions are 1..n`, entries.every((e, k) => e.version === k + 1) ? null : `versions ${short(entries.map((e) => e.version).join(","), 300)}`);
    const over = goldwaageOverVersion(entries);
    const viewers = [
      ...g.players.map((p) => ({ label: `seat ${p.seat}`, viewer: p.seat as Viewer, player: p })),
      { label: "spectator", viewer: "spectator" as Viewer, player: g.spectator },
    ];
    const dealEnd = dealEnds(entries);
    for (const v of viewers) {
      const secrets = goldwaageSecretsByVersion(entries, v.viewer);
      const first = v.player.firstVersion ?? 0;
      const got = v.player.received.filter((m) => m.msg?.type === "event").map((m) => m.msg!.version as number);
      const want = Array.from({ length: n - first }, (_, k) => first + k + 1);
      check(r, `${name}: ${v.label} received every version once`, JSON.stringify(got) === JSON.stringify(want) ? null : `received ${short(got.join(","), 300)}, expected ${first + 1}..${n}`);
      for (const m of v.player.received) {
        messages++;
        if (m.asOf >= over) continue;
        const leaks: string[] = [];
        if (gameSeed && m.raw.includes(gameSeed)) leaks.push("the seed");
        if (m.msg) leaks.push(...hiddenCardsIn(m.msg, m.asOf, secrets, dealEnd).map((c) => `hidden card ${c}`));
        check(r, `${name}: message to ${v.label}`, leaks.length === 0 ? null : `at version ${m.asOf}: ${leaks.join("; ")} in ${short(m.raw, 300)}`);
      }
    }
  }
  Object.assign(r.notes, { tables: played.filter(Boolean).length, messages });
  r.ms = Date.now() - t0;
  return r;
}
