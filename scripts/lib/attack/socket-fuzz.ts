// Category 2, socket fuzz: malformed and hostile messages over every kind of client message, each of which must be
// answered with a typed error and change nothing; afterwards the rooms' versions are unchanged and the games still play
// to the end.
import { stateFromView } from "../../../shared/battlemaske/index.js";
import { botCommand } from "../../../shared/battlemaske/bots/index.js";
import { MAX_MESSAGE_BYTES } from "../../../shared/room/protocol.js";
import { check, mustPost, newAccount, newResult, rng, short, sleep, type CategoryResult } from "./common.js";
import { Player } from "./player.js";
import { RawSocket, type Answer } from "./raw-socket.js";

export interface SocketFuzzOptions {
  readonly messages: number;
  /** Sockets per kind of sender; the rooms rate-limit per socket, so the load is spread. */
  readonly socketsPerRole?: number;
  /** The least time between two messages on one socket (the rooms allow 50 per second after a burst of 100; pacing keeps the fuzz about what it sends, not about the budget). */
  readonly paceMs?: number;
  readonly seed?: number;
  readonly log?: (line: string) => void;
}

/** Who sends: a socket that never said hello, a spectator, or a seat of one of the tables. */
type Role = "pre" | "spectator" | "seat" | "leader" | "follower" | "waiting";

interface Case {
  readonly name: string;
  readonly role: Role;
  readonly frame: string | Buffer;
  readonly binary?: boolean;
  /** The codes that are right for it (RATE_LIMITED always is); null: any typed error. */
  readonly expect: readonly string[] | null;
  /** Close codes that are right too (1007: a text frame that is not UTF-8 must fail the connection, RFC 6455 §8.1). */
  readonly closeOk?: readonly number[];
}

interface Table {
  readonly room: string;
  /** The seat token per role that sits here. */
  readonly tokens: Partial<Record<Role, string>>;
  version: number;
  /** What each seat role holds (to pick cards it does not hold). */
  hands: Partial<Record<Role, string[]>>;
}

const ALL_CARDS = [..."PDG"].flatMap((s) => [1, 2, 3, 4, 5, 6, 7].map((v) => `${s}${v}`)).concat(["E1", "E2", "E3", "E4", "E5"]);
const SEQ = 1_000_000_000; // far from the real players' counters, so no fuzz outcome is ever mistaken for theirs

function wsUrl(base: string, room: string): string {
  return `${base.replace(/^http/, "ws")}/parties/battlemaske-room/${room}`;
}

/** Opens a socket and says hello (or not, for "pre"); returns it with the welcome, or throws. */
async function openAs(base: string, table: Table, role: Role): Promise<{ socket: RawSocket; welcome: any }> {
  const s = await RawSocket.open(wsUrl(base, table.room));
  if (!(s instanceof RawSocket)) throw new Error(`socket to ${table.room} refused: ${s.status} ${s.refused}`);
  if (role === "pre") return { socket: s, welcome: null };
  const token = table.tokens[role];
  s.send(JSON.stringify({ type: "hello", ...(role === "spectator" ? {} : { seatToken: token }) }));
  const a = await s.next(10_000);
  const welcome = a.kind === "message" ? JSON.parse(a.text) : null;
  if (welcome?.type !== "welcome") throw new Error(`hello as ${role} on ${table.room}: ${JSON.stringify(a).slice(0, 300)}`);
  return { socket: s, welcome };
}

/** Notices a room sends of its own accord (who is connected): never the answer to what a socket sent. */
const isNotice = (a: Answer) => a.kind === "message" && /^\{"type":"presence"/.test(a.text);

/** The room's answer to what this socket sent last: its next message that is not a notice. */
async function answer(s: RawSocket, timeoutMs: number): Promise<Answer> {
  for (;;) {
    const a = await s.next(timeoutMs);
    if (!isNotice(a)) return a;
  }
}

/** The room's version as a fresh spectator's hello shows it. */
async function versionOf(base: string, room: string): Promise<number> {
  const { socket, welcome } = await openAs(base, { room, tokens: {}, version: 0, hands: {} }, "spectator");
  socket.close();
  return welcome.version as number;
}

/** Every hostile message, for every role; `pick` varies the details from run to run (seeded). */
function cases(t: { seat: Table; play: Table; waiting: Table }, random: () => number): Case[] {
  const pickFrom = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const notHeld = (role: Role, table: Table) => {
    const held = new Set(table.hands[role] ?? []);
    return pickFrom(ALL_CARDS.filter((c) => !held.has(c) && c !== "E5" && c !== "E1"));
  };
  const seq = () => SEQ + Math.floor(random() * 1e6);
  const cmd = (baseVersion: number, command: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ type: "command", clientSeq: seq(), baseVersion, command, ...extra });
  const out: Case[] = [];
  const add = (role: Role, name: string, frame: string | Buffer, expect: readonly string[] | null, more: Partial<Case> = {}) => out.push({ role, name: `${role}: ${name}`, frame, expect, ...more });
  const sv = t.seat.version;
  const BAD = ["BAD_MESSAGE"];

  // Before hello: nothing but hello is accepted.
  add("pre", "command before hello", cmd(sv, { type: "exchange", cards: [] }), ["NO_HELLO"]);
  add("pre", "takeback before hello", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "request" }), ["NO_HELLO"]);
  add("pre", "hint before hello", JSON.stringify({ type: "hint", clientSeq: seq() }), ["NO_HELLO"]);
  add("pre", "resign before hello", JSON.stringify({ type: "resign", clientSeq: seq() }), ["NO_HELLO"]);
  add("pre", "leave before hello", JSON.stringify({ type: "leave", clientSeq: seq() }), ["NO_HELLO"]);
  // hello with bad, foreign or malformed seat tokens.
  add("pre", "hello with a made-up seat token", JSON.stringify({ type: "hello", seatToken: Buffer.from(String(random())).toString("base64url").padEnd(43, "A") }), ["BAD_SEAT_TOKEN"]);
  add("pre", "hello with another table's seat token", JSON.stringify({ type: "hello", seatToken: t.play.tokens.leader }), ["BAD_SEAT_TOKEN"]);
  add("pre", "hello with an empty seat token", JSON.stringify({ type: "hello", seatToken: "" }), ["BAD_SEAT_TOKEN", "BAD_MESSAGE"]);
  add("pre", "hello with a seat token of 129 characters", JSON.stringify({ type: "hello", seatToken: "A".repeat(129) }), BAD);
  for (const bad of [42, null, true, ["x"], { token: "x" }]) add("pre", `hello with seatToken ${JSON.stringify(bad)}`, JSON.stringify({ type: "hello", seatToken: bad }), BAD);
  for (const bad of [-1, 1.5, 1e300, "3", null, Number.MAX_SAFE_INTEGER + 2]) add("pre", `hello with lastVersion ${JSON.stringify(bad)}`, JSON.stringify({ type: "hello", lastVersion: bad }), BAD);
  add("pre", "hello with an extra field", JSON.stringify({ type: "hello", admin: true }), BAD);
  add("pre", "hello with __proto__", '{"type":"hello","__proto__":{"seatToken":"x","admin":true}}', BAD);
  add("pre", "hello with constructor.prototype", '{"type":"hello","constructor":{"prototype":{"admin":true}}}', BAD);
  add("pre", "type __proto__", '{"type":"__proto__"}', BAD);
  // Not JSON, not an object, not a known message.
  for (const raw of ["", " ", "{", "nul", "null", "[]", "42", '"hello"', "{}", '{"type":null}', '{"type":"HELLO"}', '{"type":"hello"}{"type":"hello"}', "\u0000", '{"type":"admin"}']) add(pickFrom(["pre", "spectator", "seat"] as const), `frame ${JSON.stringify(raw)}`, raw, BAD);
  // Binary frames and bytes that are not UTF-8.
  add("seat", "binary frame of garbage", Buffer.from([0, 1, 2, 255, 254, 10]), BAD, { binary: true });
  add("seat", "binary frame of invalid UTF-8 JSON", Buffer.concat([Buffer.from('{"type":"hint","clientSeq":1,"x":"'), Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xff]), Buffer.from('"}')]), BAD, { binary: true });
  add("spectator", "binary frame of a truncated UTF-8 sequence", Buffer.from([0x7b, 0xe2, 0x82]), BAD, { binary: true });
  // Decoded with replacement characters, this is a hello with a token nobody has: any typed refusal is right.
  add("seat", "text frame of invalid UTF-8", Buffer.concat([Buffer.from('{"type":"hello","seatToken":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]), null, { binary: false, closeOk: [1007] });
  add("pre", "binary frame of a hello with invalid UTF-8 in its token", Buffer.concat([Buffer.from('{"type":"hello","seatToken":"'), Buffer.from([0xc0, 0xaf, 0xfe]), Buffer.from('"}')]), ["BAD_SEAT_TOKEN", "BAD_MESSAGE"], { binary: true });
  // Too large, counted in UTF-8 bytes (16 KB).
  add("seat", "17,000 ASCII bytes", JSON.stringify({ type: "hint", clientSeq: seq(), pad: "x".repeat(17_000) }), ["TOO_LARGE"]);
  add("spectator", "6,000 three-byte characters (18,000 bytes)", JSON.stringify({ type: "hello", seatToken: "€".repeat(6000) }), ["TOO_LARGE"]);
  add("pre", "5,500 four-byte characters (22,000 bytes)", JSON.stringify({ type: "hello", pad: "😀".repeat(5500) }), ["TOO_LARGE"]);
  add("seat", "a valid hello padded with spaces to 17 KB", `{"type":"hello"${" ".repeat(MAX_MESSAGE_BYTES + 600)}}`, ["TOO_LARGE"]);
  add("seat", "20,000 bytes in a binary frame", Buffer.alloc(20_000, 0x20), ["TOO_LARGE"], { binary: true });
  // Deep nesting.
  add("seat", "5,000 nested arrays", "[".repeat(5000) + "]".repeat(5000), BAD);
  add("seat", "a card nested 2,000 objects deep", cmd(sv, { type: "play", card: JSON.parse('{"a":'.repeat(2000) + "1" + "}".repeat(2000)) }), BAD);
  // Spectators may not act.
  for (const m of [{ type: "takeback", action: "request" }, { type: "takeback", action: "accept" }, { type: "takeback", action: "decline" }, { type: "hint" }, { type: "resign" }, { type: "leave" }]) add("spectator", `${m.type}${"action" in m ? ` ${m.action}` : ""} as a spectator`, JSON.stringify({ ...m, clientSeq: seq() }), ["NOT_A_PLAYER"]);
  add("spectator", "a command as a spectator", cmd(sv, { type: "exchange", cards: [notHeld("seat", t.seat)] }), ["NOT_A_PLAYER"]);
  // Commands with wrong types and numbers.
  for (const bad of [-1, 0.5, 1e300, Number.MAX_SAFE_INTEGER + 2, "1", null, [1], { n: 1 }]) add("seat", `command with clientSeq ${JSON.stringify(bad)}`, JSON.stringify({ type: "command", clientSeq: bad, baseVersion: sv, command: { type: "exchange", cards: [] } }), BAD);
  for (const bad of [-1, 2.5, 1e300, Number.MAX_SAFE_INTEGER + 2, "3", null]) add("seat", `command with baseVersion ${JSON.stringify(bad)}`, JSON.stringify({ type: "command", clientSeq: seq(), baseVersion: bad, command: { type: "exchange", cards: [] } }), BAD);
  add("seat", "command without clientSeq", JSON.stringify({ type: "command", baseVersion: sv, command: { type: "exchange", cards: [] } }), BAD);
  add("seat", "command without command", JSON.stringify({ type: "command", clientSeq: seq(), baseVersion: sv }), BAD);
  add("seat", "command with a baseVersion ahead of the room", cmd(sv + 1000, { type: "exchange", cards: [notHeld("seat", t.seat)] }), ["BAD_VERSION"]);
  for (const c of ["play", 5, null, [], { type: "fly" }, { type: "play" }, { type: "play", card: 7 }, { type: "play", card: "P1", suit: "X" }, { type: "play", card: "P1P1P" }, { type: "exchange", cards: "P1" }, { type: "exchange", cards: ["P1", "P2", "P3", "P4"] }, { type: "swap", cards: [1, 2] }, { type: "play", card: "P1", extra: 1 }])
    add("seat", `command ${JSON.stringify(c)}`, cmd(sv, c), BAD);
  add("seat", "command with __proto__ in it", `{"type":"command","clientSeq":${seq()},"baseVersion":${sv},"command":{"type":"exchange","cards":[],"__proto__":{"cards":["P1"]}}}`, BAD);
  add("seat", "message with __proto__ beside the command", `{"type":"command","clientSeq":${seq()},"baseVersion":${sv},"command":{"type":"exchange","cards":[]},"__proto__":{"seat":1}}`, BAD);
  add("seat", "takeback with an unknown action", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "force" }), BAD);
  add("seat", "hint with an extra field", JSON.stringify({ type: "hint", clientSeq: seq(), seat: 0 }), BAD);
  // Well-formed but illegal: refused by the rules, nothing applied (the seat is to pick one card in round 1's exchange).
  add("seat", "exchange of a card not held", cmd(sv, { type: "exchange", cards: [notHeld("seat", t.seat)] }), ["NOT_IN_HAND"]);
  add("seat", "exchange of an unknown card", cmd(sv, { type: "exchange", cards: [pickFrom(["Z9", "P8", "E9", "p1", "D0"])] }), ["UNKNOWN_CARD"]);
  add("seat", "exchange of no card", cmd(sv, { type: "exchange", cards: [] }), ["WRONG_CARD_COUNT"]);
  add("seat", "exchange of two own cards in round 1", cmd(sv, { type: "exchange", cards: (t.seat.hands.seat ?? []).slice(0, 2) }), ["WRONG_CARD_COUNT", "ELIXIR_REQUIRED"]);
  add("seat", "exchange of the same card twice", cmd(sv, { type: "exchange", cards: [t.seat.hands.seat![0], t.seat.hands.seat![0]] }), ["DUPLICATE_CARD", "WRONG_CARD_COUNT"]);
  add("seat", "play during the exchange", cmd(sv, { type: "play", card: t.seat.hands.seat![0] }), ["WRONG_PHASE"]);
  add("seat", "swap during the exchange", cmd(sv, { type: "swap", cards: (t.seat.hands.seat ?? []).slice(0, 2) }), ["WRONG_PHASE"]);
  add("seat", "take-back with no card played", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "request" }), ["TAKEBACK_NOTHING"]);
  add("seat", "accepting a take-back nobody asked for", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "accept" }), ["TAKEBACK_NONE_PENDING"]);
  add("seat", "declining a take-back nobody asked for", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "decline" }), ["TAKEBACK_NONE_PENDING"]);
  // A table in play, with a friend: the follower plays out of turn, the leader plays a card it does not hold.
  const pv = t.play.version;
  add("follower", "a card out of turn", cmd(pv, { type: "play", card: t.play.hands.follower![0] }), ["NOT_YOUR_TURN"]);
  add("leader", "a card not held", cmd(pv, { type: "play", card: notHeld("leader", t.play) }), ["NOT_IN_HAND"]);
  add("leader", "an exchange during play", cmd(pv, { type: "exchange", cards: [t.play.hands.leader![0]] }), ["WRONG_PHASE"]);
  add("leader", "a greed swap without a greed trick", cmd(pv, { type: "swap", cards: t.play.hands.leader!.slice(0, 2) }), ["WRONG_PHASE"]);
  add("follower", "a hint in a game between people", JSON.stringify({ type: "hint", clientSeq: seq() }), ["HINT_NOT_ALLOWED"]);
  add("follower", "a take-back with no card played", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "request" }), ["TAKEBACK_NOTHING"]);
  add("leader", "accepting a take-back nobody asked for", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "accept" }), ["TAKEBACK_NONE_PENDING"]);
  // A table whose friend has not come yet: nothing is dealt, nothing may be played.
  add("waiting", "a command before the deal", cmd(0, { type: "exchange", cards: ["P1"] }), null);
  add("waiting", "a play before the deal", cmd(0, { type: "play", card: "P1" }), null);
  add("waiting", "a hint before the deal", JSON.stringify({ type: "hint", clientSeq: seq() }), null);
  add("waiting", "a take-back before the deal", JSON.stringify({ type: "takeback", clientSeq: seq(), action: "request" }), null);
  return out;
}

function judge(c: Case, a: Answer): string | null {
  if (a.kind === "timeout") return "no answer within 5 s";
  if (a.kind === "refused") return `refused: ${a.detail}`;
  if (a.kind === "close") return c.closeOk?.includes(a.code) ? null : `the room closed the socket (${a.code} ${a.reason}) instead of answering`;
  let m: any;
  try {
    m = JSON.parse(a.text);
  } catch {
    return `an answer that is not JSON: ${short(a.text)}`;
  }
  if (m?.type !== "error" || typeof m.code !== "string") return `not a typed error: ${short(a.text, 300)}`;
  if (m.code === "RATE_LIMITED" || c.expect === null || c.expect.includes(m.code)) return null;
  return `code ${m.code} (expected ${c.expect.join(" or ")}): ${short(m.message ?? "", 200)}`;
}

export async function socketFuzz(base: string, o: SocketFuzzOptions): Promise<CategoryResult> {
  const r = newResult("socket", "Socket fuzz: malformed and hostile client messages of every kind; each answered with a typed error, changing nothing");
  const t0 = Date.now();
  const random = rng(o.seed ?? 2);
  const pace = o.paceMs ?? 120;
  const perRole = o.socketsPerRole ?? 3;

  // The tables: against the computer (frozen in round 1's exchange, the seat to pick), a friend game in play (seat 0 to
  // lead) and a friend game whose invite nobody has claimed yet.
  const account = await newAccount(base);
  const friend = await newAccount(base);
  const comp = await mustPost<{ room: string; seatToken: string }>(base, "/api/battlemaske/computer", { role: "conte", level: "leicht" }, account, 201);
  const seat: Table = { room: comp.room, tokens: { seat: comp.seatToken }, version: 0, hands: {} };
  const created = await mustPost<{ room: string; seatToken: string; inviteCode: string }>(base, "/api/games", { kind: "friendly", clock: null, ruleset: "zwiegespalten", variant: "single", role: "conte" }, account, 201);
  const claimed = await mustPost<{ seatToken: string }>(base, `/api/games/invite/${created.inviteCode}`, undefined, friend, 200);
  const play: Table = { room: created.room, tokens: { leader: created.seatToken, follower: claimed.seatToken }, version: 0, hands: {} };
  const open = await mustPost<{ room: string; seatToken: string; inviteCode: string }>(base, "/api/games", { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" }, account, 201);
  const waiting: Table = { room: open.room, tokens: { waiting: open.seatToken }, version: 0, hands: {} };

  // The friend game's exchange, played for real, so the fuzz meets it in play.
  for (const role of ["leader", "follower"] as const) {
    const { socket, welcome } = await openAs(base, play, role);
    const state = stateFromView(welcome.view.game);
    socket.send(JSON.stringify({ type: "command", clientSeq: SEQ - 1, baseVersion: welcome.version, command: botCommand("greedy", state, welcome.seat, `fuzz/${role}`) }));
    for (let a = await socket.next(5000); a.kind === "message" && JSON.parse(a.text).type !== "ack"; a = await socket.next(5000)) {
      if (JSON.parse(a.text).type === "error") throw new Error(`setting up the friend game: ${a.text}`);
    }
    socket.close();
  }
  for (const [table, role] of [[seat, "seat"], [play, "leader"], [play, "follower"]] as const) {
    const { socket, welcome } = await openAs(base, table, role);
    table.version = welcome.version;
    table.hands[role] = welcome.view.game.hand;
    socket.close();
  }
  if (play.hands.leader && (await openAs(base, play, "leader").then(({ socket, welcome }) => (socket.close(), welcome.view.game.turn))) !== 0) throw new Error("the friend game is not at the leader's card");
  waiting.version = await versionOf(base, waiting.room);

  const all = cases({ seat, play, waiting }, random);
  const list: Case[] = Array.from({ length: o.messages }, (_, i) => all[i % all.length]!);
  const tableOf = (role: Role) => (role === "leader" || role === "follower" ? play : role === "waiting" ? waiting : seat);
  // Each role's cases spread over its sockets; each socket sends one, reads the answer, keeps its pace.
  const byRole = new Map<Role, Case[]>();
  for (const c of list) byRole.set(c.role, [...(byRole.get(c.role) ?? []), c]);
  let sent = 0;
  const workers: Array<Promise<void>> = [];
  for (const [role, mine] of byRole) {
    for (let k = 0; k < perRole; k++) {
      const share = mine.filter((_, i) => i % perRole === k);
      workers.push(
        (async () => {
          let s: RawSocket | null = null;
          for (const c of share) {
            const started = Date.now();
            if (!s || s.closed) s = (await openAs(base, tableOf(role), role)).socket;
            s.send(c.frame, c.binary === true);
            const a = await answer(s, 5000);
            const ok = check(r, c.name, judge(c, a));
            // A socket whose state may have changed (an accepted hostile hello, a late answer) starts afresh.
            if (!ok || s.drain().filter((x) => !isNotice(x)).length > 0) {
              s.close();
              s = null;
            }
            if (++sent % 500 === 0) o.log?.(`socket: ${sent}/${list.length} messages`);
            await sleep(Math.max(0, pace - (Date.now() - started)));
          }
          s?.close();
        })(),
      );
    }
  }
  await Promise.all(workers);

  // A flood on one socket: every message answered, typed, and the room slows the sender down (its budget: bursts of
  // 100, then 50 per second; the flood is three bursts long).
  {
    const { socket } = await openAs(base, seat, "spectator");
    const n = 300;
    for (let i = 0; i < n; i++) socket.send(JSON.stringify({ type: "hint", clientSeq: SEQ + i }));
    const codes: string[] = [];
    for (let i = 0; i < n; i++) {
      const a = await answer(socket, 5000);
      if (a.kind !== "message") break;
      codes.push(JSON.parse(a.text).code ?? JSON.parse(a.text).type);
    }
    socket.close();
    const counts = codes.reduce<Record<string, number>>((m, c) => ((m[c] = (m[c] ?? 0) + 1), m), {});
    check(r, "a flood of 300 messages at once on one socket", codes.length !== n ? `only ${codes.length} of ${n} answered (${JSON.stringify(counts)})` : codes.some((c) => c !== "NOT_A_PLAYER" && c !== "RATE_LIMITED") ? `answers ${JSON.stringify(counts)}` : !codes.includes("RATE_LIMITED") ? `no RATE_LIMITED among the answers (${JSON.stringify(counts)}): the room does not limit a socket's rate` : null);
  }

  // Nothing changed: the same versions as before.
  for (const [name, table] of [["the computer table", seat], ["the friend table in play", play], ["the table waiting for its friend", waiting]] as const) {
    const now = await versionOf(base, table.room);
    check(r, `${name}'s version is unchanged after the fuzz`, now === table.version ? null : `version ${table.version} before, ${now} after`);
  }
  // And every table still plays to the end.
  const finish = async (name: string, players: Player[]) => {
    try {
      await Promise.all(players.map((p) => p.start()));
      check(r, `${name} plays to the end after the fuzz`, null);
    } catch (e) {
      check(r, `${name} plays to the end after the fuzz`, e instanceof Error ? e.message : String(e));
    }
  };
  const claimedLate = await mustPost<{ seatToken: string }>(base, `/api/games/invite/${open.inviteCode}`, undefined, friend, 200).catch(() => null);
  await Promise.all([
    finish("the computer table", [new Player({ url: base, room: seat.room, seatToken: comp.seatToken, label: "fuzz/computer", deadlineMs: 120_000 })]),
    finish("the friend table", [new Player({ url: base, room: play.room, seatToken: created.seatToken, label: "fuzz/leader", deadlineMs: 120_000 }), new Player({ url: base, room: play.room, seatToken: claimed.seatToken, label: "fuzz/follower", deadlineMs: 120_000 })]),
    claimedLate
      ? finish("the table that waited for its friend", [new Player({ url: base, room: waiting.room, seatToken: open.seatToken, label: "fuzz/waiting0", deadlineMs: 120_000 }), new Player({ url: base, room: waiting.room, seatToken: claimedLate.seatToken, label: "fuzz/waiting1", deadlineMs: 120_000 })])
      : Promise.resolve(void check(r, "the waiting table's invite can still be claimed after the fuzz", "POST /api/games/invite/<code> refused")),
  ]);
  Object.assign(r.notes, { messages: sent + 100, kinds: all.length, sockets: byRole.size * perRole });
  r.ms = Date.now() - t0;
  return r;
}
