// Issue 13's attacks, each performed against the Worker and the rooms inside workerd: every one must fail.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_SOCKETS_PER_SEAT, RATE_BURST } from "../../party/room-server";
import { HEARTBEAT } from "../../shared/room/protocol";
import { REFUSALS_KEPT } from "../../party/sql-log-store";
import { berlinDate } from "../../worker/daily-seed";
import { call, json, newAccount, origin, postResult, report, roomId } from "./api-helpers";
import { choose, closeCode, connect } from "./sockets";

const ratedGame = { kind: "rated", clock: { minutes: 5, increment: 2 }, ruleset: "battlemaske", variant: "single", role: "conte" } as const;

async function hmac(key: string, msg: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(msg)))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** `n` sockets at a table, each greeted as a spectator (so each is really in the room). */
async function spectators(socket: string, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const s = await connect(socket);
    s.send({ type: "hello" });
    await s.next((m) => m.type === "welcome");
    out.push(s);
  }
  return out;
}

async function me(token: string) {
  return json<{ points: number; elo: number; taler: number; records: unknown[] }>(call("/api/me", { token }));
}

/** Waits until the room's report landed in D1. */
async function resultOf(room: string): Promise<{ account0: string | null; account1: string | null; counted: number } | null> {
  for (let i = 0; i < 100; i++) {
    const row = await env.DB.prepare("SELECT account0, account1, counted FROM results WHERE room = ?").bind(room).first<{ account0: string | null; account1: string | null; counted: number }>();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

describe("1. a seat is claimed one way, checked and recorded in one step", () => {
  it("the creator cannot take the other seat of a rated game (as a guest or with his token); a claim that fails names nobody", async () => {
    const [a, x] = [await newAccount(), await newAccount()];
    const created = await json(call("/api/games", { body: { ...ratedGame, stake: 500 }, token: a.token }));
    const code = created.inviteCode as string;
    // The old second route, without auth: a rated seat needs an account.
    const guest = await call("/api/battlemaske/invite", { body: { room: created.room, invite: code } });
    expect(guest.status).toBe(401);
    const own = await call("/api/battlemaske/invite", { body: { room: created.room, invite: code }, token: a.token });
    expect(own.status).toBe(409);
    expect(await json(own)).toMatchObject({ error: "OWN_INVITE" });
    expect((await call(`/api/games/invite/${code}`, { method: "POST", token: a.token })).status).toBe(409);
    const row = await env.DB.prepare("SELECT claimed, account_id FROM invites WHERE room = ?").bind(created.room).first<{ claimed: number; account_id: string | null }>();
    expect(row).toEqual({ claimed: 0, account_id: null });
    // X takes the seat normally, by either route: the same claim.
    const claim = await call("/api/battlemaske/invite", { body: { room: created.room, invite: code }, token: x.token });
    expect(claim.status).toBe(200);
    expect(await json(claim)).toMatchObject({ room: created.room, seat: 1 });
  });

  it("a player who cannot afford the stake is refused on every claim route", async () => {
    const [host, poor, rich] = [await newAccount(), await newAccount(), await newAccount()];
    await env.DB.prepare("UPDATE accounts SET taler = 400 WHERE id = ?").bind(poor.id).run();
    const created = await json(call("/api/games", { body: { ...ratedGame, stake: 1000 }, token: host.token }));
    for (const r of [
      await call("/api/battlemaske/invite", { body: { room: created.room, invite: created.inviteCode }, token: poor.token }),
      await call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: poor.token }),
    ]) {
      expect(r.status).toBe(409);
      expect(await json(r)).toMatchObject({ error: "STAKE_TOO_HIGH" });
    }
    expect((await call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: rich.token })).status).toBe(200);
  });

  it("the reproduction: A takes his own friendly invite as a guest, X's claim fails, A resigns: nothing is booked on X", async () => {
    const [a, x] = [await newAccount(), await newAccount()];
    const created = await json(call("/api/games", { body: { ...ratedGame, kind: "friendly" }, token: a.token }));
    const guest = await json(call("/api/battlemaske/invite", { body: { room: created.room, invite: created.inviteCode } }));
    expect(guest.seat).toBe(1);
    const refused = await call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: x.token });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ error: "INVITE_TAKEN" });
    const before = await me(x.token);
    const seat1 = await connect(created.socket);
    seat1.send({ type: "hello", seatToken: guest.seatToken });
    await seat1.next((m) => m.type === "welcome");
    seat1.send({ type: "resign", clientSeq: 1 });
    await seat1.next((m) => m.type === "ack");
    const result = await resultOf(created.room);
    expect(result).toMatchObject({ account0: a.id, account1: null });
    expect(await me(x.token)).toEqual(before);
    await seat1.close();
  });

  it("a report that names an account the Worker did not seat books nothing on it", async () => {
    const [a, b, x] = [await newAccount(), await newAccount(), await newAccount()];
    const created = await json(call("/api/games", { body: { ...ratedGame, stake: 500 }, token: a.token }));
    expect((await call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: b.token })).status).toBe(200);
    // A forged report (a leaked secret): X at seat 1, a bigger stake, X loses.
    const forged = report({ room: created.room, accounts: [a.id, x.id], stake: 1000, result: { winner: 0, draw: false, reason: "rules" } });
    const outcome = await json(postResult(forged));
    expect(outcome.outcome).toMatchObject({ counted: false, taler: 0, ratings: [] });
    expect(await me(x.token)).toMatchObject({ points: 0, elo: 1500, taler: 1000, records: [] });
    expect(await me(b.token)).toMatchObject({ points: 0, elo: 1500, taler: 1000 });
  });
});

describe("2. the daily seed stays in the room during its day", () => {
  it("the player's own archive of today's attempt holds neither the seed nor Stark's hand nor the cards set aside", async () => {
    const player = await newAccount();
    const started = await json(call("/api/daily/attempts", { body: { role: "conte" }, token: player.token }));
    const socket = await connect(started.socket);
    socket.send({ type: "hello", seatToken: started.seatToken });
    const welcome = await socket.next((m) => m.type === "welcome");
    const ownHand: string[] = welcome.view.game.hand;
    socket.send({ type: "resign", clientSeq: 1 });
    await socket.next((m) => m.type === "ack");
    expect(await resultOf(started.room)).not.toBeNull();
    const archive = await call(`/api/games/${started.room}`, { token: player.token });
    expect(archive.status).toBe(200);
    expect(archive.headers.get("cache-control")).toBe("private, no-store");
    const text = await archive.text();
    const seed = await hmac(env.DAILY_SECRET, berlinDate(Date.now()));
    expect(text).not.toContain(seed);
    const body = JSON.parse(text) as { log: Array<{ event: Record<string, unknown> }> };
    const dealt = body.log.find((e) => e.event.type === "roundDealt")!.event;
    expect(dealt).not.toHaveProperty("hands");
    expect(dealt).not.toHaveProperty("aside");
    expect(dealt.hand).toEqual(ownHand);
    expect(body.log[0]!.event).not.toHaveProperty("seed");
    // The stored archive itself is whole: it is published once the day is over.
    const stored = await env.DB.prepare("SELECT log FROM results WHERE room = ?").bind(started.room).first<{ log: string }>();
    expect(stored!.log).toContain(seed);
    await socket.close();
  });

  it("nobody may watch a daily attempt: it shows the day's deal as it is played", async () => {
    const player = await newAccount();
    const started = await json(call("/api/daily/attempts", { body: { role: "maske" }, token: player.token }));
    const watcher = await connect(started.socket);
    watcher.send({ type: "hello" });
    expect(await watcher.next()).toMatchObject({ type: "error", code: "NO_SPECTATORS" });
    expect(watcher.all.filter((m) => m.type !== "error")).toEqual([]);
    await watcher.close();
  });

  it("an attempt that ends after its day is over goes on no board", async () => {
    const player = await newAccount();
    const date = "2001-03-01";
    const room = roomId();
    await env.DB.prepare("INSERT INTO daily_attempts (room, account_id, date, role, attempt, created_at) VALUES (?, ?, ?, 'conte', 1, ?)").bind(room, player.id, date, Date.parse("2001-03-01T22:50:00Z")).run();
    // 00:10 in Berlin on the next day: the seed of 2001-03-01 was public by then.
    const finishedAt = Date.parse("2001-03-01T23:10:00Z");
    const r = await json(postResult(report({ room, kind: "daily", rated: false, level: "stark", accounts: [player.id, null], result: { winner: 0, draw: false, reason: "rules" }, startedAt: finishedAt - 1_200_000, finishedAt })));
    expect(r.outcome.daily).toMatchObject({ date, late: true });
    for (const board of ["first", "best"]) expect((await json(call(`/api/daily/${date}/leaderboard?role=conte&board=${board}`))).entries).toEqual([]);
  });
});

describe("3. help on the main daily board is marked", () => {
  it("a first attempt with help is on board=first marked helped, and not on board=best", async () => {
    const name = `Hilfe${crypto.randomUUID().slice(0, 6)}`;
    const player = await newAccount(name);
    const date = "2001-04-01";
    const room = roomId();
    const finishedAt = Date.parse("2001-04-01T12:00:00Z");
    await env.DB.prepare("INSERT INTO daily_attempts (room, account_id, date, role, attempt, created_at) VALUES (?, ?, ?, 'conte', 1, ?)").bind(room, player.id, date, finishedAt - 60_000).run();
    await postResult(report({ room, kind: "daily", rated: false, level: "stark", accounts: [player.id, null], helped: [true, false], result: { winner: 0, draw: false, reason: "rules" }, finishedAt }));
    const first = await json(call(`/api/daily/${date}/leaderboard?role=conte&board=first`, { token: player.token }));
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]).toMatchObject({ name, helped: true });
    expect(first.me).toMatchObject({ helped: true });
    expect((await json(call(`/api/daily/${date}/leaderboard?role=conte&board=best`))).entries).toEqual([]);
  });
});

describe("4. nothing grows without bound because of what a stranger sends", () => {
  it("a request for a room the Worker never created is answered 404 and creates no room", async () => {
    const name = roomId();
    for (const party of ["battlemaske-room", "goldwaage-room"]) {
      const r = await exports.default.fetch(`${origin}/parties/${party}/${name}`, { headers: { Upgrade: "websocket" } });
      expect(r.status).toBe(404);
      expect(await r.json()).toMatchObject({ error: "NO_SUCH_ROOM" });
      expect((await exports.default.fetch(`${origin}/parties/${party}/${name}`)).status).toBe(404);
    }
    // Inspecting the object now brings it to life, but nothing was ever written into it.
    const written = await runInDurableObject(env.BattlemaskeRoom.getByName(name), (_r, s) => ({
      tables: s.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'").one().n,
      meta: [...s.storage.kv.list()].length,
    }));
    expect(written).toEqual({ tables: 0, meta: 0 });
    // A Battlemaske room's name under the Goldwaage class is no room either.
    const real = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    expect((await exports.default.fetch(`${origin}/parties/goldwaage-room/${real.room}`, { headers: { Upgrade: "websocket" } })).status).toBe(404);
    // A real room's name, or the lobby's, with a letter percent-encoded: it decodes to a real name, but the object
    // would be named by the raw path — refused, and no object of that raw name is written.
    const escaped = `%${real.room.charCodeAt(0).toString(16).toUpperCase()}${real.room.slice(1)}`;
    for (const path of [`/parties/battlemaske-room/${escaped}`, "/parties/lobby/m%61in", "/parties/battlemaske%2Droom/" + real.room]) {
      const r = await exports.default.fetch(`${origin}${path}`, { headers: { Upgrade: "websocket" } });
      expect(r.status, path).toBe(404);
      expect(await r.json()).toMatchObject({ error: "NO_SUCH_ROOM" });
    }
    const rawName = await runInDurableObject(env.BattlemaskeRoom.getByName(escaped), (_r, s) => [...s.storage.kv.list()].length);
    expect(rawName).toBe(0);
    // The real room itself still answers.
    expect((await exports.default.fetch(`${origin}/parties/battlemaske-room/${real.room}`, { headers: { Upgrade: "websocket" } })).status).toBe(101);
  });

  it("refused commands keep only a bounded window per seat, and a duplicate within it gets the same answer", async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const s = await connect(g.socket);
    s.send({ type: "hello", seatToken: g.seatToken });
    const w = await s.next((m) => m.type === "welcome");
    const n = 80;
    for (let i = 1; i <= n; i++) s.send({ type: "command", clientSeq: i, baseVersion: w.version, command: { type: "play", card: "XX" } });
    const last = await s.next((m) => m.type === "error" && m.clientSeq === n);
    expect(last.code).not.toBe("RATE_LIMITED");
    const kept = await runInDurableObject(env.BattlemaskeRoom.getByName(g.room), (room, st) => ({
      rows: st.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM refusals").one().n,
      outcomes: st.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outcomes").one().n,
      memory: (room as unknown as { store: { refusalsKept(seat: number): number } }).store.refusalsKept(0),
    }));
    expect(kept).toEqual({ rows: REFUSALS_KEPT, outcomes: 0, memory: REFUSALS_KEPT });
    s.send({ type: "command", clientSeq: n, baseVersion: w.version, command: { type: "play", card: "XX" } });
    expect(await s.next((m) => m.type === "error" && m.clientSeq === n)).toEqual(last);
    await s.close();
  });

  it("a socket that floods gets a typed RATE_LIMITED for every message over its budget, and the room changes nothing", async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const s = await connect(g.socket);
    const sent = 400;
    for (let i = 0; i < sent; i++) s.send({ type: "hello" });
    // A welcome comes with a presence message (who is at the table): count the answers, not the messages. One hello per
    // socket: the first is welcomed, those within the budget after it refused as repeated, the rest rate-limited.
    const count = (code: string) => s.all.filter((m) => m.type === "error" && m.code === code).length;
    const welcomed = () => s.all.filter((m) => m.type === "welcome").length;
    while (welcomed() + count("HELLO_REPEATED") + count("RATE_LIMITED") < sent) await s.next();
    expect(welcomed()).toBe(1);
    expect(count("RATE_LIMITED")).toBeGreaterThan(200);
    expect(count("HELLO_REPEATED")).toBeGreaterThanOrEqual(99);
    expect(welcomed() + count("HELLO_REPEATED") + count("RATE_LIMITED")).toBe(sent);
    await s.close();
  });
});

describe("5. a Goldwaage table waiting for invited friends", () => {
  it("welcomes its creator and a spectator with a view that says who is missing; commands are refused as GAME_NOT_STARTED", async () => {
    const t = await json(call("/api/goldwaage/table", { body: { players: 3, level: "normal", friends: 2 } }));
    const creator = await connect(t.socket);
    creator.send({ type: "hello", seatToken: t.seatToken });
    const w = await creator.next((m) => m.type === "welcome" || m.type === "error");
    expect(w.type).toBe("welcome");
    expect(w.view.waitingFor).toEqual([1, 2]);
    expect(w.view.game).toMatchObject({ players: 3, phase: "setup", hand: [], handSizes: [0, 0, 0] });
    const spectator = await connect(t.socket);
    spectator.send({ type: "hello" });
    expect((await spectator.next((m) => m.type === "welcome")).view.waitingFor).toEqual([1, 2]);
    creator.send({ type: "command", clientSeq: 1, baseVersion: 0, command: { type: "show", cards: [] } });
    expect(await creator.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "GAME_NOT_STARTED" });
    // One friend arrives: still one missing, shown to everyone at the table.
    expect((await call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[0] } })).status).toBe(200);
    // Told without asking: the table's sockets get the new view (one hello per socket).
    expect((await creator.next((m) => m.type === "state")).view.waitingFor).toEqual([2]);
    await creator.close();
    await spectator.close();
  });
});

describe("6. room names are checked at the edge", () => {
  it("a name over 1,024 characters or with other characters is a 404 in JSON, never a 500 with internal text", async () => {
    for (const name of ["a".repeat(1100), "a".repeat(16) + "%00", "..%2F..%2Fetc", "ümlautümlautümla"]) {
      const r = await exports.default.fetch(`${origin}/parties/battlemaske-room/${name}`, { headers: { Upgrade: "websocket" } });
      expect(r.status, name.slice(0, 20)).toBe(404);
      const text = await r.text();
      expect(text).not.toMatch(/ctx\.id|Error:|at .*\(/);
      expect(JSON.parse(text)).toMatchObject({ error: "NO_SUCH_ROOM" });
    }
    expect((await exports.default.fetch(`${origin}/parties/no-such-room/${roomId()}`)).status).toBe(404);
  });
});

describe("7. socket details", () => {
  it("counts the 16 KB message limit in UTF-8 bytes and refuses binary frames that are not UTF-8", async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const s = await connect(g.socket);
    // 6,000 three-byte characters: 18,000 bytes in 6,000 UTF-16 units.
    s.send(JSON.stringify({ type: "hello", seatToken: "€".repeat(6000) }));
    expect((await s.next((m) => m.type === "error")).code).toBe("TOO_LARGE");
    s.send(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect((await s.next((m) => m.type === "error")).code).toBe("BAD_MESSAGE");
    s.send(new TextEncoder().encode(JSON.stringify({ type: "hello", seatToken: g.seatToken })));
    expect((await s.next((m) => m.type === "welcome" || m.type === "error")).type).toBe("welcome");
    await s.close();
  });

  it("answers the heartbeat's ping with pong, before and after the hello, without reading it or spending the socket's budget", async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const s = await connect(g.socket);
    s.send(HEARTBEAT.ping);
    expect(await s.next()).toEqual({ type: "pong" });
    s.send({ type: "hello", seatToken: g.seatToken });
    const welcome = await s.next((m) => m.type === "welcome");
    // Three times the burst a socket may send at once (RATE_BURST): every one answered, none refused, none an error.
    const n = 3 * RATE_BURST;
    for (let i = 0; i < n; i++) s.send(HEARTBEAT.ping);
    for (let i = 0; i < n; i++) await s.next((m) => m.type === "pong");
    expect(s.all.filter((m) => m.type === "pong")).toHaveLength(n + 1);
    expect(s.all.filter((m) => m.type === "error")).toEqual([]);
    // The socket's budget is untouched: a burst of commands right after is read, not RATE_LIMITED.
    const move = choose(welcome.view);
    s.send({ type: "command", clientSeq: 1, baseVersion: welcome.version, command: move });
    expect((await s.next((m) => m.type === "ack" || m.type === "error")).type).toBe("ack");
    await s.close();
  });

  it("sends the events a command caused before its ack", async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "maske", level: "leicht" } }));
    const s = await connect(g.socket);
    s.send({ type: "hello", seatToken: g.seatToken });
    const w = await s.next((m) => m.type === "welcome");
    const hand: string[] = w.view.game.hand;
    s.send({ type: "command", clientSeq: 1, baseVersion: w.version, command: { type: "exchange", cards: [...hand].sort((a, b) => Number(b.startsWith("E")) - Number(a.startsWith("E"))).slice(0, w.view.game.pickCount) } });
    const ack = await s.next((m) => m.type === "ack" || m.type === "error");
    expect(ack.type).toBe("ack");
    const i = s.all.indexOf(ack);
    const before = s.all.slice(0, i);
    expect(before.filter((m) => m.type === "event").map((m) => m.version)).toContain(ack.version);
    expect(before.at(-1)).toMatchObject({ type: "state" });
    expect(before.at(-1)!.version).toBeGreaterThanOrEqual(ack.version);
    await s.close();
  });

  it("speaks one protocol version: welcome names it, a client of another version is told to reload", async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const s = await connect(g.socket);
    s.send({ type: "hello", protocol: 2, seatToken: g.seatToken });
    expect(await s.next()).toMatchObject({ type: "error", code: "PROTOCOL_MISMATCH" });
    s.send({ type: "hello", protocol: 1, seatToken: g.seatToken });
    expect(await s.next()).toMatchObject({ type: "welcome", protocol: 1, seat: 0 });
    await s.close();
  });

  it("a command before the game is dealt is GAME_NOT_STARTED, not GAME_OVER", async () => {
    const created = await json(call("/api/battlemaske/online", { body: { role: "conte" } }));
    const s = await connect(created.socket);
    s.send({ type: "hello", seatToken: created.seatToken });
    expect((await s.next((m) => m.type === "welcome")).view.waitingFor).toEqual([1]);
    s.send({ type: "resign", clientSeq: 1 });
    expect(await s.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "GAME_NOT_STARTED" });
    await s.close();
  });
});

describe("7b. a table called off before the deal (cancel)", () => {
  it("tells every socket, ends the invite with TABLE_CANCELLED (the claim undone in D1), and stays called off after a reconnect", async () => {
    const created = await json(call("/api/battlemaske/online", { body: { role: "conte" } }));
    const host = await connect(created.socket);
    host.send({ type: "hello", seatToken: created.seatToken });
    await host.next((m) => m.type === "welcome");
    const watcher = await connect(created.socket);
    watcher.send({ type: "hello" });
    await watcher.next((m) => m.type === "welcome");
    // A spectator cannot call it off.
    watcher.send({ type: "cancel", clientSeq: 1 });
    expect(await watcher.next((m) => m.type === "error")).toMatchObject({ code: "NOT_A_PLAYER" });
    host.send({ type: "cancel", clientSeq: 1 });
    // The view that says so first, then the ack (the page goes once it reads the view).
    const state = await host.next((m) => m.type === "state" || m.type === "error");
    expect(state).toMatchObject({ type: "state", version: 0, view: { cancelled: { seat: 0 }, over: false, waitingFor: [1] } });
    expect(await host.next((m) => m.type === "ack" || m.type === "error")).toEqual({ type: "ack", clientSeq: 1, version: 0 });
    expect((await watcher.next((m) => m.type === "state")).view.cancelled).toEqual({ seat: 0 });

    const friend = await newAccount();
    // A duel's invite is no Goldwaage seat: that game's route does not know it.
    const crossed = await call("/api/goldwaage/invite", { body: { room: created.room, invite: created.invite }, token: friend.token });
    expect(crossed.status).toBe(404);
    expect(await json(crossed)).toMatchObject({ error: "NO_INVITE" });
    const claim = await call("/api/battlemaske/invite", { body: { room: created.room, invite: created.invite }, token: friend.token });
    expect(claim.status).toBe(409);
    expect(await json(claim)).toMatchObject({ error: "TABLE_CANCELLED", room: created.room });
    const row = await env.DB.prepare("SELECT claimed, account_id FROM invites WHERE room = ?").bind(created.room).first<{ claimed: number; account_id: string | null }>();
    expect(row).toEqual({ claimed: 0, account_id: null });
    // The host's page again (a reload): still called off; a command says why.
    const again = await connect(created.socket);
    again.send({ type: "hello", seatToken: created.seatToken });
    expect((await again.next((m) => m.type === "welcome")).view.cancelled).toEqual({ seat: 0 });
    again.send({ type: "leave", clientSeq: 2 });
    expect(await again.next((m) => m.type === "error")).toMatchObject({ clientSeq: 2, code: "TABLE_CANCELLED" });
    // Nothing was played, so nothing is reported.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM results WHERE room = ?").bind(created.room).first("n")).toBe(0);
    for (const s of [host, watcher, again]) await s.close();
  });

  it("at a Goldwaage table: a friend already seated is told, the other invite is spent, and after the deal it is too late", async () => {
    const t = await json(call("/api/goldwaage/table", { body: { players: 3, level: "normal", friends: 2 } }));
    const first = await json(call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[0] } }));
    const seatedFriend = await connect(t.socket);
    seatedFriend.send({ type: "hello", seatToken: first.seatToken });
    expect((await seatedFriend.next((m) => m.type === "welcome")).view.waitingFor).toEqual([2]);
    // The friend who sat down is a guest: it cannot end the host's table for everyone.
    seatedFriend.send({ type: "cancel", clientSeq: 1 });
    expect(await seatedFriend.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "NOT_THE_HOST" });
    const host = await connect(t.socket);
    host.send({ type: "hello", seatToken: t.seatToken });
    await host.next((m) => m.type === "welcome");
    host.send({ type: "cancel", clientSeq: 1 });
    expect(await host.next((m) => m.type === "ack" || m.type === "error")).toMatchObject({ type: "ack" });
    expect((await seatedFriend.next((m) => m.type === "state")).view.cancelled).toEqual({ seat: 0 });
    const late = await call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[1] } });
    expect(await json(late)).toMatchObject({ error: "TABLE_CANCELLED" });

    const dealt = await json(call("/api/goldwaage/table", { body: { players: 2, level: "normal", friends: 1 } }));
    const joined = await json(call("/api/goldwaage/invite", { body: { room: dealt.room, invite: dealt.invites[0] } }));
    const player = await connect(dealt.socket);
    player.send({ type: "hello", seatToken: joined.seatToken });
    expect((await player.next((m) => m.type === "welcome")).view.waitingFor).toEqual([]);
    player.send({ type: "cancel", clientSeq: 1 });
    expect(await player.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "CANCEL_TOO_LATE" });
    for (const s of [host, seatedFriend, player]) await s.close();
  });
});

describe("7c. a Goldwaage table started without a friend who has not come (fill)", () => {
  it("the host gives the free seat to a computer: everyone gets the deal, the spent invite seats nobody, and only the host may, only before the deal", async () => {
    const t = await json(call("/api/goldwaage/table", { body: { players: 3, level: "normal", friends: 2 } }));
    const first = await json(call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[0] } }));
    const friend = await connect(t.socket);
    friend.send({ type: "hello", seatToken: first.seatToken });
    expect((await friend.next((m) => m.type === "welcome")).view.waitingFor).toEqual([2]);
    // A guest who sat down cannot start the host's table; a spectator cannot act at all.
    friend.send({ type: "fill", clientSeq: 1 });
    expect(await friend.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "NOT_THE_HOST" });
    const watcher = await connect(t.socket);
    watcher.send({ type: "hello" });
    await watcher.next((m) => m.type === "welcome");
    watcher.send({ type: "fill", clientSeq: 1 });
    expect(await watcher.next((m) => m.type === "error")).toMatchObject({ code: "NOT_A_PLAYER" });

    const host = await connect(t.socket);
    host.send({ type: "hello", seatToken: t.seatToken });
    await host.next((m) => m.type === "welcome");
    host.send({ type: "fill", clientSeq: 1 });
    const state = await host.next((m) => m.type === "state" || m.type === "error");
    expect(state).toMatchObject({ type: "state", version: 0, view: { waitingFor: [] } });
    expect(await host.next((m) => m.type === "ack" || m.type === "error")).toEqual({ type: "ack", clientSeq: 1, version: 0 });
    // The deal reaches every socket; seat 2 is a computer team-mate now.
    for (const s of [host, friend, watcher]) expect((await s.next((m) => m.type === "event" && m.event.type === "roundDealt")).version).toBeGreaterThan(0);
    const dealt = await host.next((m) => m.type === "state");
    expect(dealt.view.computers).toContain(2);
    // The spent invite seats nobody; asking again is too late.
    const late = await call("/api/goldwaage/invite", { body: { room: t.room, invite: t.invites[1] } });
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({ error: "INVITE_TAKEN" });
    host.send({ type: "fill", clientSeq: 2 });
    expect(await host.next((m) => m.type === "error")).toMatchObject({ clientSeq: 2, code: "FILL_TOO_LATE" });
    for (const s of [host, friend, watcher]) await s.close();
  });

  it("a duel has no computer team-mate to fill a seat with: FILL_NOT_ALLOWED, and the table still waits", async () => {
    const created = await json(call("/api/battlemaske/online", { body: { role: "conte" } }));
    const host = await connect(created.socket);
    host.send({ type: "hello", seatToken: created.seatToken });
    await host.next((m) => m.type === "welcome");
    host.send({ type: "fill", clientSeq: 1 });
    expect(await host.next((m) => m.type === "error")).toMatchObject({ clientSeq: 1, code: "FILL_NOT_ALLOWED" });
    const again = await connect(created.socket);
    again.send({ type: "hello", seatToken: created.seatToken });
    expect((await again.next((m) => m.type === "welcome")).view.waitingFor).toEqual([1]);
    for (const s of [host, again]) await s.close();
  });
});

describe("8. reports only for rooms the Worker created", () => {
  it("a report with the right secret for a room the Worker never created is refused (404) and records nothing", async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const body = report({ accounts: [a.id, b.id], stake: 500, result: { winner: 0, draw: false, reason: "rules" } });
    const r = await postResult(body, env.ROOM_SECRET, { register: false });
    expect(r.status).toBe(404);
    expect(await json(r)).toMatchObject({ error: "UNKNOWN_ROOM" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM results WHERE room = ?").bind(body.room).first("n")).toBe(0);
    expect(await me(b.token)).toMatchObject({ points: 0, taler: 1000 });
  });

  it("kind, rating and stake come from the Worker's record, not from the report", async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const created = await json(call("/api/games", { body: { ...ratedGame, kind: "friendly" }, token: a.token }));
    await call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: b.token });
    const r = await json(postResult(report({ room: created.room, rated: true, stake: 900, accounts: [a.id, b.id], result: { winner: 0, draw: false, reason: "rules" } })));
    expect(r.outcome).toMatchObject({ counted: false, taler: 0 });
    expect(await me(b.token)).toMatchObject({ points: 0, elo: 1500, taler: 1000 });
  });
});

describe("found by a second attack (fresh eyes)", () => {
  it("a first daily attempt finished after the same account started another attempt goes on no main board", async () => {
    const player = await newAccount();
    const date = "2001-05-01";
    const [first, second] = [roomId(), roomId()];
    const t = Date.parse("2001-05-01T10:00:00Z");
    await env.DB.prepare("INSERT INTO daily_attempts (room, account_id, date, role, attempt, created_at) VALUES (?, ?, ?, 'conte', 1, ?), (?, ?, ?, 'maske', 2, ?)")
      .bind(first, player.id, date, t, second, player.id, date, t + 60_000)
      .run();
    // Attempt 2 (as Maske: Stark's Conte hand) was started at t + 1 min; attempt 1 ends at t + 5 min.
    const r = await json(postResult(report({ room: first, kind: "daily", rated: false, level: "stark", accounts: [player.id, null], result: { winner: 0, draw: false, reason: "rules" }, startedAt: t, finishedAt: t + 300_000 })));
    expect(r.outcome.daily).toMatchObject({ attempt: 1, firstBoard: false });
    expect((await json(call(`/api/daily/${date}/leaderboard?role=conte&board=first`))).entries).toEqual([]);
    // Without help it still ranks on the best board, which is for repeated attempts anyway.
    expect((await json(call(`/api/daily/${date}/leaderboard?role=conte&board=best`))).entries).toHaveLength(1);
  });

  it("a friendly game resigned at once books no record: no 'Bilanz' wins without a card played", async () => {
    const b = await newAccount();
    const created = await json(call("/api/battlemaske/online", { body: { role: "conte" } })); // a guest's table
    expect((await call("/api/battlemaske/invite", { body: { room: created.room, invite: created.invite }, token: b.token })).status).toBe(200);
    const guest = await connect(created.socket);
    guest.send({ type: "hello", seatToken: created.seatToken });
    await guest.next((m) => m.type === "welcome");
    guest.send({ type: "resign", clientSeq: 1 });
    await guest.next((m) => m.type === "ack");
    expect(await resultOf(created.room)).toMatchObject({ account1: b.id });
    expect((await me(b.token)).records).toEqual([]);
    await guest.close();
  });

  it("a board for a day that has not come yet is a 404, not an empty board", async () => {
    for (const date of ["9999-12-31", "2999-01-01"]) expect((await call(`/api/daily/${date}/leaderboard?role=conte`)).status).toBe(404);
    expect((await call(`/api/daily/1999-12-31/leaderboard?role=conte`)).status).toBe(404);
  });

  // 66 handshakes one after another: seconds on a loaded machine, so more than vitest's default 5 s.
  it("a table takes at most 64 sockets; plain HTTP to a room is a typed 426", { timeout: 30_000 }, async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    // 64 sockets, each greeted (so each is really in the room), then two more: those two are closed with 1013.
    const sockets = await spectators(g.socket, 64);
    for (let i = 0; i < 2; i++) {
      const extra = await connect(g.socket);
      const code = await new Promise<number>((res) => extra.socket.addEventListener("close", (e) => res(e.code), { once: true }));
      expect(code).toBe(1013);
    }
    for (const s of sockets) s.socket.close(1000);
    const plain = await exports.default.fetch(`${origin}${g.socket}`);
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ error: "WEBSOCKET_ONLY" });
  });
});

describe("sockets that never say hello cannot lock the players out of their table", () => {

  /** The seat holder takes its seat and plays a card: its welcome, then the ack of its command. */
  async function playsItsSeat(g: { socket: string; seatToken: string }) {
    const player = await connect(g.socket);
    player.send({ type: "hello", seatToken: g.seatToken });
    const w = await player.next((m) => m.type === "welcome");
    expect(w.seat).toBe(0);
    player.send({ type: "command", clientSeq: 1, baseVersion: w.version, command: choose(w.view) });
    expect(await player.next((m) => m.type === "ack" || m.type === "error")).toMatchObject({ type: "ack", clientSeq: 1 });
    return player;
  }

  it("64 idle sockets: the seat holder still gets in and plays, the oldest idle one makes room (1013)", { timeout: 30_000 }, async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const idle = [];
    for (let i = 0; i < 64; i++) idle.push(await connect(g.socket));
    const firstClosed = closeCode(idle[0]!);
    const player = await playsItsSeat(g);
    expect(await firstClosed).toBe(1013);
    // Told why before the close, typed and in German, as a refused hello is.
    expect(idle[0]!.all).toEqual([expect.objectContaining({ type: "error", code: "TABLE_FULL", messageDe: expect.stringContaining("zu viele") })]);
    // A seat never counts: 63 idle sockets and the player leave room for one more idle one; the one after it closes the
    // next oldest idle one, not the player.
    const secondClosed = closeCode(idle[1]!);
    idle.push(await connect(g.socket));
    idle.push(await connect(g.socket));
    expect(await secondClosed).toBe(1013);
    // The player's socket is still open and answered (a second hello on it is refused as repeated: it is known).
    player.send({ type: "hello", seatToken: g.seatToken });
    expect(await player.next((m) => m.type === "error")).toMatchObject({ code: "HELLO_REPEATED" });
    expect(player.socket.readyState).toBe(WebSocket.READY_STATE_OPEN);
    for (const s of idle) s.socket.close(1000);
    await player.close();
  });

  it("64 spectators: the seat holder still gets in and plays; a 65th spectator is refused (TABLE_FULL, 1013)", { timeout: 30_000 }, async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const watching = await spectators(g.socket, 64);
    const player = await playsItsSeat(g);
    const extra = await connect(g.socket);
    const closed = closeCode(extra);
    extra.send({ type: "hello" });
    expect(await extra.next((m) => m.type === "error")).toMatchObject({ code: "TABLE_FULL" });
    expect(await closed).toBe(1013);
    // Every spectator is still there.
    expect(watching.every((s) => s.socket.readyState === WebSocket.READY_STATE_OPEN)).toBe(true);
    for (const s of watching) s.socket.close(1000);
    await player.close();
  });
});

/** A spectator socket from `ip` (through the Worker's route, which writes the address as in production) and its answer. */
async function watch(socket: string, ip: string) {
  const s = await connect(socket, { "cf-connecting-ip": ip });
  const closed = closeCode(s);
  s.send({ type: "hello" });
  const answer = await s.next((m) => m.type === "welcome" || m.type === "error");
  return { s, answer, closed, ip };
}

describe("one address cannot hold a table's spectator places", () => {

  it("eight spectator sockets per address (an IPv6 /64 as one); the ninth is refused TOO_MANY_SPECTATORS and closed; others and the seat still get in", { timeout: 30_000 }, async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const held = [];
    for (let i = 0; i < 8; i++) {
      const w = await watch(g.socket, "203.0.113.9");
      expect(w.answer.type).toBe("welcome");
      held.push(w);
    }
    const ninth = await watch(g.socket, "203.0.113.9");
    expect(ninth.answer).toMatchObject({ type: "error", code: "TOO_MANY_SPECTATORS" });
    expect(ninth.answer.messageDe).toContain("höchstens 8");
    expect(await ninth.closed).toBe(1013);
    // Another address watches; the seat's holder, from the same address, gets in and plays.
    expect((await watch(g.socket, "198.51.100.23")).answer.type).toBe("welcome");
    const player = await connect(g.socket, { "cf-connecting-ip": "203.0.113.9" });
    player.send({ type: "hello", seatToken: g.seatToken });
    const w = await player.next((m) => m.type === "welcome");
    expect(w.seat).toBe(0);
    player.send({ type: "command", clientSeq: 1, baseVersion: w.version, command: choose(w.view) });
    expect(await player.next((m) => m.type === "ack" || m.type === "error")).toMatchObject({ type: "ack", clientSeq: 1 });
    // IPv6: one /64 is one subscriber's, whichever of its addresses a socket uses.
    for (let i = 0; i < 8; i++) expect((await watch(g.socket, `2001:db8:5:6::${(i + 1).toString(16)}`)).answer.type).toBe("welcome");
    expect((await watch(g.socket, "2001:DB8:5:6:ffff:1:2:3")).answer).toMatchObject({ code: "TOO_MANY_SPECTATORS" });
    expect((await watch(g.socket, "2001:db8:5:7::1")).answer.type).toBe("welcome");
    // Every place held is still held; one closed makes room for the address again.
    expect(held.every((h) => h.s.socket.readyState === WebSocket.READY_STATE_OPEN)).toBe(true);
    await held.pop()!.s.close();
    let again: Awaited<ReturnType<typeof watch>> | null = null;
    for (let i = 0; i < 50 && again?.answer.type !== "welcome"; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 20)); // the room learns of the close a moment later
      again = await watch(g.socket, "203.0.113.9");
    }
    expect(again!.answer.type).toBe("welcome");
    // The harness's machine itself is not counted (RATE_LIMIT_LOOPBACK=off, as for the Worker's limits).
    for (let i = 0; i < 9; i++) expect((await watch(g.socket, "127.0.0.1")).answer.type).toBe("welcome");
    await player.close();
  });

  it(`one seat holds at most ${MAX_SOCKETS_PER_SEAT} sockets: one more hello closes the seat's oldest (TOO_MANY_WINDOWS, 1008); the newest plays`, { timeout: 30_000 }, async () => {
    // An attack pass opened 60 sockets of its own seat, all accepted: a seat never counted against the table's cap.
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const mine = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SEAT; i++) {
      const s = await connect(g.socket);
      s.send({ type: "hello", seatToken: g.seatToken });
      expect((await s.next((m) => m.type === "welcome" || m.type === "error")).type).toBe("welcome");
      mine.push({ s, closed: closeCode(s) });
    }
    for (let extra = 0; extra < 3; extra++) {
      const s = await connect(g.socket);
      s.send({ type: "hello", seatToken: g.seatToken });
      const w = await s.next((m) => m.type === "welcome" || m.type === "error");
      expect(w.type).toBe("welcome");
      // The oldest still open is told and closed; the rest stay.
      const oldest = mine.shift()!;
      expect(await oldest.s.next((m) => m.type === "error")).toMatchObject({ code: "TOO_MANY_WINDOWS", clientSeq: null });
      expect(await oldest.closed).toBe(1008);
      expect(mine.every((m) => m.s.socket.readyState === WebSocket.READY_STATE_OPEN)).toBe(true);
      mine.push({ s, closed: closeCode(s) });
    }
    // The newest plays.
    const newest = mine.at(-1)!.s;
    const view = newest.all.find((m) => m.type === "welcome")!;
    newest.send({ type: "command", clientSeq: 1, baseVersion: view.version, command: choose(view.view) });
    expect(await newest.next((m) => m.type === "ack" || m.type === "error")).toMatchObject({ type: "ack", clientSeq: 1 });
    for (const m of mine) await m.s.close();
  });
});

describe("a full table shares its spectator places out between networks", () => {
  /** The one held socket the room closes next, with the error it was told. */
  const nextClosed = async (held: Awaited<ReturnType<typeof watch>>[]) => {
    const i = await Promise.race(held.map((h, i) => h.closed.then(() => i)));
    const [gone] = held.splice(i, 1);
    return { gone: gone!, code: await gone!.closed, told: gone!.s.all.at(-1)! };
  };

  it("eight networks holding all 64 places do not keep a ninth out: it takes a place from a network with the most; equal shares never trade", { timeout: 60_000 }, async () => {
    const g = await json(call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" } }));
    const held = [];
    for (let k = 1; k <= 8; k++) {
      for (let i = 0; i < 8; i++) {
        const w = await watch(g.socket, `192.0.2.${k}`);
        expect(w.answer.type).toBe("welcome");
        held.push(w);
      }
    }
    // Full. A newcomer from a network with no place gets one; one socket of a network holding eight is closed (1013),
    // told why.
    const ninth = await watch(g.socket, "198.51.100.50");
    expect(ninth.answer.type).toBe("welcome");
    const first = await nextClosed(held);
    expect(first.code).toBe(1013);
    expect(first.told).toMatchObject({ type: "error", code: "TABLE_FULL" });
    expect(first.told.messageDe).toContain("weniger Plätze");
    // Its network (seven now) coming back is refused: it would take from a network only one place ahead.
    const back = await watch(g.socket, first.gone.ip);
    expect(back.answer).toMatchObject({ type: "error", code: "TABLE_FULL" });
    expect(await back.closed).toBe(1013);
    // The ninth network, holding one, takes a second place (from another network of eight), and a tenth its first.
    const second = await watch(g.socket, "198.51.100.50");
    expect(second.answer.type).toBe("welcome");
    const gone2 = await nextClosed(held);
    expect(gone2.gone.ip).not.toBe(first.gone.ip);
    expect((await watch(g.socket, "203.0.113.77")).answer.type).toBe("welcome");
    const gone3 = await nextClosed(held);
    expect([first.gone.ip, gone2.gone.ip]).not.toContain(gone3.gone.ip);
    // Sixty-four places, still: the seat's holder gets in as ever.
    const player = await connect(g.socket, { "cf-connecting-ip": "192.0.2.1" });
    player.send({ type: "hello", seatToken: g.seatToken });
    const w = await player.next((m) => m.type === "welcome");
    expect(w.seat).toBe(0);
    const presence = await player.next((m) => m.type === "presence");
    expect(presence.spectators).toBe(64);
    expect(held.every((h) => h.s.socket.readyState === WebSocket.READY_STATE_OPEN)).toBe(true);
    await player.close();
  });
});

describe("new tables are limited per address (npm start, production)", () => {
  it("the 31st table within a minute from one address gets 429 and creates no room", { timeout: 30_000 }, async () => {
    const { default: app } = await import("../../worker/index");
    const strictEnv = { ...env, RATE_LIMIT_LOOPBACK: undefined };
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100)); // Miniflare counts per calendar minute
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    // A combination no other test creates, so the count below is this test's own.
    const body = JSON.stringify({ players: 4, level: "schwer", variants: ["ruhige-waage", "offene-haende"] });
    const create = () => app.request(`${origin}/api/goldwaage/table`, { method: "POST", headers: { "content-type": "application/json", "cf-connecting-ip": ip }, body }, strictEnv);
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE game = 'goldwaage' AND level = 'schwer' AND variant = 'offene-haende+ruhige-waage'").first<{ n: number }>())!.n;
    const before = await count();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await create()).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "RATE_LIMITED" });
    expect(await count()).toBe(before + 30);
  });
});
