// The Wartesaal inside workerd: tickets, presence, challenges (accept once, decline, counter, expiry, an absent player).
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, newAccount } from "./api-helpers";
import { enter, errorOf, refused, sees, type Lobbyist } from "./lobby-helpers";
import { connect, seated, type Msg } from "./sockets";
import { getServerByName } from "partyserver";
import { LOBBY_NAME, LOBBY_RATE_BURST, LOBBY_RATE_CLOSE_AFTER, MAX_OUTGOING } from "../../party/lobby";
import { HEARTBEAT } from "../../shared/room/protocol";

const TERMS = { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" } as const;

const incoming = (p: Lobbyist) => p.s.next((m) => m.type === "challenges" && m.incoming.length > 0);

/** A and B in the Wartesaal, A seeing B. */
async function pair(prefix: string): Promise<[Lobbyist, Lobbyist]> {
  const a = await enter(`${prefix}a`);
  const b = await enter(`${prefix}b`);
  await sees(a, b.name);
  return [a, b];
}

/** A challenges B with `terms`; the challenge as B received it. */
async function challenged(a: Lobbyist, b: Lobbyist, terms: unknown = TERMS): Promise<Msg> {
  a.s.send({ type: "challenge", to: b.name, terms });
  return (await incoming(b)).incoming[0];
}

const matched = (p: Lobbyist) => p.s.next((m) => m.type === "matched");

async function leave(...ps: Lobbyist[]): Promise<void> {
  for (const p of ps) await p.s.close();
}

describe("Lobby", () => {
  it("gives tickets only to named accounts, and routes no other lobby name", async () => {
    expect((await call("/api/lobby/ticket", { method: "POST" })).status).toBe(401);
    const unnamed = await newAccount();
    const r = await call("/api/lobby/ticket", { method: "POST", token: unnamed.token });
    expect(r.status).toBe(409);
    expect((await r.json()) as Msg).toMatchObject({ error: "NO_NAME" });
    expect((await call("/parties/lobby/other", { headers: { Upgrade: "websocket" } })).status).toBe(404);
    const s = await connect("/parties/lobby/main");
    s.send({ type: "hello", ticket: "forged.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(await s.next((m) => m.type === "error")).toMatchObject({ code: "BAD_TICKET" });
    s.send({ type: "challenge", to: "x", terms: TERMS });
    expect(await s.next((m) => m.type === "error")).toMatchObject({ code: "NO_HELLO" });
    await s.close();
  });

  it("answers the heartbeat's ping with pong without spending the socket's small budget", async () => {
    const a = await enter("Puls");
    // More pings at once than the lobby reads messages in a burst (LOBBY_RATE_BURST), and more than it refuses before
    // closing a socket (LOBBY_RATE_CLOSE_AFTER): all answered, nothing refused, the socket still open and served.
    const n = LOBBY_RATE_CLOSE_AFTER + LOBBY_RATE_BURST;
    const before = a.s.all.length;
    for (let i = 0; i < n; i++) a.s.send(HEARTBEAT.ping);
    for (let i = 0; i < n; i++) await a.s.next((m) => m.type === "pong");
    const after = a.s.all.slice(before);
    expect(after.filter((m) => m.type === "pong")).toHaveLength(n);
    expect(after.filter((m) => m.type === "error")).toEqual([]);
    a.s.send({ type: "hello", ticket: "again" });
    expect((await errorOf(a)).code).not.toBe("RATE_LIMITED");
    await a.s.close();
  });

  it("shows who is online, with points and Elo, and drops who leaves", async () => {
    const a = await enter("La");
    const b = await enter("Lb");
    const seen = await sees(a, b.name);
    expect(seen.players.find((p: Msg) => p.name === b.name)).toEqual({ name: b.name, points: 0, elo: 1500, status: "idle" });
    await sees(b, a.name);
    await b.s.close();
    await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === b.name));
    await a.s.close();
  });

  it("at most MAX_OUTGOING open challenges at once: the next one is refused in words of its own (not 'one is open between you')", async () => {
    const from = await enter("Vielfordrer");
    const others: Lobbyist[] = [];
    for (let i = 0; i <= MAX_OUTGOING; i++) others.push(await enter(`Gefordert${i}`));
    for (const o of others) await sees(from, o.name);
    for (const [i, o] of others.slice(0, MAX_OUTGOING).entries()) {
      from.s.send({ type: "challenge", to: o.name, terms: TERMS });
      await from.s.next((m) => m.type === "challenges" && m.outgoing.length === i + 1);
    }
    from.s.send({ type: "challenge", to: others[MAX_OUTGOING]!.name, terms: TERMS });
    const e = await errorOf(from);
    expect(e).toMatchObject({ code: "CHALLENGE_OPEN" });
    expect(e.messageDe).toContain(`${MAX_OUTGOING} Herausforderungen offen`);
    expect(e.messageDe).not.toContain("Zwischen euch");
    await leave(from, ...others);
  });

  it("challenge → accept seats both once, each with its own seat token; a duplicated accept seats nobody twice", async () => {
    const [a, b] = await pair("C");
    const ch = await challenged(a, b);
    expect(ch).toMatchObject({ from: a.name, to: b.name, terms: TERMS });
    // One open challenge per pair, either way.
    await refused(a, { type: "challenge", to: b.name, terms: TERMS }, "CHALLENGE_OPEN");
    await refused(b, { type: "challenge", to: a.name, terms: TERMS }, "CHALLENGE_OPEN");
    // Only the one challenged accepts.
    await refused(a, { type: "accept", id: ch.id }, "NOT_YOURS");
    b.s.send({ type: "accept", id: ch.id });
    b.s.send({ type: "accept", id: ch.id });
    const ma = await matched(a);
    const mb = await matched(b);
    // The second accept is answered while the first one's table is being opened: no second table, no second token.
    expect(b.s.all.filter((m) => m.type === "error")).toMatchObject([{ code: "CHALLENGE_OPEN" }, { code: "NO_CHALLENGE" }]);
    expect(b.s.all.filter((m) => m.type === "matched")).toHaveLength(1);
    expect(a.s.all.filter((m) => m.type === "matched")).toHaveLength(1);
    expect(ma).toMatchObject({ room: mb.room, seat: 0, role: "conte", opponent: b.name, rated: false });
    expect(mb).toMatchObject({ seat: 1, role: "maske", opponent: a.name });
    expect(ma.seatToken).not.toBe(mb.seatToken);
    // One table only, with both accounts recorded and no invite left.
    const games = await env.DB.prepare("SELECT room, account0, account1 FROM games WHERE account0 = ? OR account1 = ?").bind(a.account.id, a.account.id).all<{ room: string; account0: string; account1: string }>();
    expect(games.results).toEqual([{ room: ma.room, account0: a.account.id, account1: b.account.id }]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM invites WHERE room = ?").bind(ma.room).first<{ n: number }>())!.n).toBe(0);
    // Both seats open the table with their own tokens; the game is dealt.
    const [sa, sb] = await Promise.all([seated(ma.socket, ma.seatToken), seated(mb.socket, mb.seatToken)]);
    expect(sa.welcome.seat).toBe(0);
    expect(sb.welcome.seat).toBe(1);
    expect(sb.welcome.view.names).toEqual([a.name, b.name]);
    for (const x of [sa.s, sb.s, a.s, b.s]) await x.close();
  });

  it("decline with a reason, counter with changed terms, withdraw", async () => {
    const [a, b] = await pair("D");
    const ch = await challenged(a, b);
    b.s.send({ type: "decline", id: ch.id, reason: "no-time" });
    expect(await a.s.next((m) => m.type === "ended")).toEqual({ type: "ended", id: ch.id, how: "declined", by: b.name, reason: "no-time" });
    // Declined: a new challenge may be sent; B sends changed terms back.
    const ch2 = await challenged(a, b);
    const changed = { ...TERMS, clock: null, role: "maske" } as const;
    b.s.send({ type: "counter", id: ch2.id, terms: changed });
    expect(await a.s.next((m) => m.type === "ended")).toMatchObject({ id: ch2.id, how: "countered", by: b.name });
    const back = (await incoming(a)).incoming[0];
    expect(back).toMatchObject({ from: b.name, to: a.name, terms: changed, counter: true });
    expect(ch2.counter).toBe(false);
    b.s.send({ type: "withdraw", id: back.id });
    expect(await a.s.next((m) => m.type === "ended")).toMatchObject({ id: back.id, how: "withdrawn" });
    await leave(a, b);
  });

  it("a challenge expires (the alarm), and an accept after that seats nobody", async () => {
    const [a, b] = await pair("E");
    const ch = await challenged(a, b);
    expect(ch.expiresAt - Date.now()).toBeGreaterThan(50_000);
    const lobby = env.Lobby.getByName("main");
    // The minute passed: moved back in storage, then the alarm runs.
    await runInDurableObject(lobby, (_l, state) => void state.storage.sql.exec("UPDATE challenges SET expires_at = 0 WHERE id = ?", ch.id));
    expect(await runDurableObjectAlarm(lobby)).toBe(true);
    expect(await b.s.next((m) => m.type === "ended")).toMatchObject({ id: ch.id, how: "expired", by: null });
    await refused(b, { type: "accept", id: ch.id }, "NO_CHALLENGE");
    expect(a.s.all.some((m) => m.type === "matched")).toBe(false);
    await leave(a, b);
  });

  it("a challenge to someone who left answers NOT_PRESENT; a challenger who left ends its challenge", async () => {
    const [a, b] = await pair("G");
    await b.s.close();
    await a.s.next((m) => m.type === "presence" && !m.players.some((x: Msg) => x.name === b.name));
    await refused(a, { type: "challenge", to: b.name, terms: TERMS }, "NOT_PRESENT");
    const c = await enter("Gc");
    await sees(a, c.name);
    const ch = await challenged(a, c);
    await a.s.close();
    expect(await c.s.next((m) => m.type === "ended")).toMatchObject({ id: ch.id, how: "left", by: a.name });
    await refused(c, { type: "accept", id: ch.id }, "NO_CHALLENGE");
    await c.s.close();
  });

  it("a rated challenge with a stake checks both balances when the table opens", async () => {
    const [a, b] = await pair("S");
    await env.DB.prepare("UPDATE accounts SET taler = 10 WHERE id = ?").bind(b.account.id).run();
    const ch = await challenged(a, b, { ...TERMS, kind: "rated", stake: 50 });
    await refused(b, { type: "accept", id: ch.id }, "STAKE_TOO_HIGH");
    expect(await a.s.next((m) => m.type === "ended")).toMatchObject({ id: ch.id, how: "failed" });
    // The challenger learns the same reason, not only that the table failed.
    expect(await errorOf(a)).toMatchObject({ code: "STAKE_TOO_HIGH", messageDe: "Der Einsatz ist zu hoch für einen von euch (Taler, die in offenen Partien als Einsatz stehen, sind gebunden)." });
    await refused(a, { type: "challenge", to: b.name, terms: { ...TERMS, stake: 5 } }, "BAD_MESSAGE");
    await leave(a, b);
  });

  it("an open seek: listed for everyone, taken by one (a second taker gets NO_SEEK), gone when its poster leaves", async () => {
    const [a, b] = await pair("K");
    const c = await enter("Kc");
    a.s.send({ type: "seek", terms: { ...TERMS, role: "maske" } });
    const listed = await c.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === a.name));
    const seek = listed.seeks.find((x: Msg) => x.from === a.name);
    expect(seek.terms).toEqual({ ...TERMS, role: "maske" });
    await refused(a, { type: "take", id: seek.id }, "SELF");
    // Two takers at once on two sockets: the lobby reads them in either order — one sits down, the other gets NO_SEEK.
    c.s.send({ type: "take", id: seek.id });
    b.s.send({ type: "take", id: seek.id });
    const outcome = (p: Lobbyist) => p.s.next((m) => m.type === "matched" || (m.type === "error" && m.code === "NO_SEEK"));
    const [oc, ob] = await Promise.all([outcome(c), outcome(b)]);
    expect([oc.type, ob.type].sort()).toEqual(["error", "matched"]);
    const [taker, other] = oc.type === "matched" ? [c, b] : [b, c];
    const mt = oc.type === "matched" ? oc : ob;
    const ma = await matched(a);
    expect(ma).toMatchObject({ room: mt.room, seat: 1, role: "maske", opponent: taker.name });
    expect(mt).toMatchObject({ seat: 0, role: "conte", opponent: a.name });
    expect(other.s.all.some((m) => m.type === "matched")).toBe(false);
    // Taken: gone from everyone's list (told before the other take was read).
    expect(other.s.all.filter((m) => m.type === "seeks").at(-1)!.seeks.some((x: Msg) => x.id === seek.id)).toBe(false);
    // The one left over posts the next seek (the taker is at a table now: BUSY would refuse it).
    // A new seek goes when its poster leaves.
    other.s.send({ type: "seek", terms: TERMS });
    await a.s.next((m) => m.type === "seeks" && m.seeks.some((x: Msg) => x.from === other.name));
    await leave(other);
    await a.s.next((m) => m.type === "seeks" && !m.seeks.some((x: Msg) => x.from === other.name));
    await leave(a, taker);
  });

  it("a refused counter changes nothing: the challenge countered is still open", async () => {
    const [d, e] = await pair("C");
    const others: Lobbyist[] = [];
    for (let i = 0; i < 10; i++) others.push(await enter(`C${i}`));
    for (const o of others) await sees(e, o.name);
    for (const o of others) e.s.send({ type: "challenge", to: o.name, terms: TERMS });
    await e.s.next((m) => m.type === "challenges" && m.outgoing.length === 10);
    const ch = await challenged(d, e);
    await refused(e, { type: "counter", id: ch.id, terms: { ...TERMS, role: "maske" } }, "CHALLENGE_OPEN");
    const open = await runInDurableObject(env.Lobby.getByName("main"), (_l, state) => state.storage.sql.exec("SELECT id FROM challenges WHERE id = ?", ch.id).toArray());
    expect(open).toHaveLength(1);
    expect(d.s.all.some((m) => m.type === "ended" && m.id === ch.id)).toBe(false);
    // Still open: E can accept it.
    e.s.send({ type: "accept", id: ch.id });
    await matched(d);
    await leave(d, e, ...others);
  });

  it("nobody at a running table is matched into a second game: accepting or taking a seek is PLAYING when either side plays", async () => {
    const [a, b] = await pair("P");
    const room = `busy${crypto.randomUUID().slice(0, 8)}`;
    const lobby = env.Lobby.getByName("main");
    const live = { room, game: "battlemaske", kind: "online", seats: [{ name: a.name, computer: false }, { name: "X", computer: false }], ruleset: "battlemaske", variant: "single", level: null, round: 1, mirror: 0, lives: null, clock: null, rated: true, stake: 50, startedAt: Date.now() } as const;
    // A's challenge sent before, and seeks of both: then A sits down at a table.
    const ch = await challenged(a, b);
    a.s.send({ type: "seek", terms: TERMS });
    b.s.send({ type: "seek", terms: TERMS });
    const seeks = (await a.s.next((m) => m.type === "seeks" && m.seeks.length >= 2 && m.seeks.some((x: Msg) => x.from === a.name) && m.seeks.some((x: Msg) => x.from === b.name))).seeks as Msg[];
    await lobby.live({ live, accounts: [a.account.id, null] });
    await b.s.next((m) => m.type === "presence" && m.players.some((p: Msg) => p.name === a.name && p.status === "playing"));
    // B accepts A's challenge, B takes A's seek, A takes B's seek: each refused, and nothing ends.
    await refused(b, { type: "accept", id: ch.id }, "PLAYING");
    await refused(b, { type: "take", id: seeks.find((x) => x.from === a.name)!.id }, "PLAYING");
    await refused(a, { type: "take", id: seeks.find((x) => x.from === b.name)!.id }, "BUSY");
    // Nor does A, at that table, send a challenge or a seek that could never be accepted.
    await refused(a, { type: "challenge", to: b.name, terms: { ...TERMS, clock: null } }, "BUSY");
    await refused(a, { type: "seek", terms: TERMS }, "BUSY");
    expect([...a.s.all, ...b.s.all].some((m) => m.type === "matched" || (m.type === "ended" && m.id === ch.id))).toBe(false);
    // The table over: the challenge is accepted as before.
    await lobby.live({ room, ended: true });
    b.s.send({ type: "accept", id: ch.id });
    await matched(a);
    await leave(a, b);
  });

  it("two challenges accepted at the same moment: one table, the other accept is PLAYING (no second staked table)", async () => {
    // An attack: V challenged A1 and A2 (rated, a stake), both accepted at once; in 2 of 3 runs V got two tables, the stake
    // held twice, one of them called off a minute later.
    const v = await enter("Rv");
    const a1 = await enter("Ra");
    const a2 = await enter("Rb");
    await sees(v, a1.name);
    await sees(v, a2.name);
    const rated = { ...TERMS, kind: "rated", stake: 10 };
    const c1 = await challenged(v, a1, rated);
    const c2 = await challenged(v, a2, rated);
    a1.s.send({ type: "accept", id: c1.id });
    a2.s.send({ type: "accept", id: c2.id });
    const first = await matched(v);
    const winner = first.opponent === a1.name ? a1 : a2;
    const loser = winner === a1 ? a2 : a1;
    await matched(winner);
    expect(await loser.s.next((m) => m.type === "error" || m.type === "matched")).toMatchObject({ type: "error", code: "PLAYING" });
    await new Promise((r) => setTimeout(r, 300));
    expect(v.s.all.filter((m) => m.type === "matched")).toHaveLength(1);
    expect(loser.s.all.filter((m) => m.type === "matched")).toEqual([]);
    // V's stake is held at one table only.
    const held = (await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE (account0 = ? OR account1 = ?) AND stake > 0").bind(v.account.id, v.account.id).first<{ n: number }>())!.n;
    expect(held).toBe(1);
    await leave(v, a1, a2);
  });

  it("a socket that floods gets RATE_LIMITED and its messages are not read", async () => {
    const [a, b] = await pair("R");
    for (let i = 0; i < 40; i++) a.s.send({ type: "challenge", to: b.name, terms: TERMS });
    await a.s.next((m) => m.type === "error" && m.code === "RATE_LIMITED");
    // One challenge went through; the others were refused as open already or not read at all.
    expect(b.s.all.filter((m) => m.type === "challenges" && m.incoming.length > 0).at(-1)!.incoming).toHaveLength(1);
    await leave(a, b);
  });

  it("a booked rated game's new points and Elo reach everyone in the Wartesaal (the Worker tells the lobby)", async () => {
    const [a, b] = await pair("st");
    // As results.ts books a rated game: D1 holds the new standing; then the Worker calls the lobby.
    await env.DB.prepare("UPDATE accounts SET points = 10, elo = 1516.4 WHERE id = ?").bind(b.account.id).run();
    const lobby = await getServerByName(env.Lobby, LOBBY_NAME);
    await lobby.standings([b.account.id, "no-such-account"]);
    const seen = await a.s.next((m) => m.type === "presence" && m.players.some((x: Msg) => x.name === b.name && x.points === 10));
    expect(seen.players.find((x: Msg) => x.name === b.name)).toMatchObject({ points: 10, elo: 1516 });
    // The socket's own state holds it too: a later list (someone else arriving) still shows the new figures.
    const c = await enter("stc");
    const later = await c.s.next((m) => m.type === "presence" && m.players.some((x: Msg) => x.name === b.name));
    expect(later.players.find((x: Msg) => x.name === b.name)).toMatchObject({ points: 10, elo: 1516 });
    await leave(a, b, c);
  });
});
