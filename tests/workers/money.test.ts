// Seats, stakes and new tables as an attacker tried them (the audit of accounts, stakes and tables): one account never
// holds two seats of one table nor is booked twice for one game; a stake is always covered (held from the seat to the
// booking, ADR 031); the table limit holds per account over every path that opens a table.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, newAccount, postResult, report, uniqueName, type Account } from "./api-helpers";
import { connect } from "./sockets";

const secret = () => ({ authorization: `Bearer ${env.ROOM_SECRET}` });
const RATED = { kind: "rated", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const me = (a: Account) => json(call("/api/me", { token: a.token }));
const holdsOf = async (room: string) => (await env.DB.prepare("SELECT account_id, amount, expires_at FROM stake_holds WHERE room = ? ORDER BY account_id").bind(room).all()).results;
const ledgerSum = async (a: Account) => (await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE account_id = ?").bind(a.id).first<{ s: number }>())!.s;

/** Miniflare's rate limiter counts per calendar minute: a test that spends a whole budget starts early in one. */
async function freshMinute(needed = 15_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needed) await sleep(left + 100);
}

let ipSeq = Math.floor(Math.random() * 200);
const freshIp = () => `203.0.113.${ipSeq++ % 250}`;

describe("one account, one seat per table", () => {
  it("two claims of one table's two invites by the same account at the same moment: one seat, the other OWN_INVITE", async () => {
    const host = await newAccount();
    const friend = await newAccount();
    for (let t = 0; t < 4; t++) {
      const table = await json(call("/api/goldwaage/table", { body: { players: 3, friends: 2 }, token: host.token }));
      const answers = await Promise.all(table.invites.map((invite: string) => call("/api/goldwaage/invite", { body: { room: table.room, invite }, token: friend.token })));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const refusal = await json(answers.find((r) => r.status === 409)!);
      expect(refusal).toMatchObject({ error: "OWN_INVITE", room: table.room });
      const seats = await env.DB.prepare("SELECT COUNT(*) AS n FROM invites WHERE room = ? AND account_id = ?").bind(table.room, friend.id).first<{ n: number }>();
      expect(seats!.n).toBe(1);
      // The other invite is still free for someone else.
      const other = await newAccount();
      const left = await Promise.all(table.invites.map((invite: string) => call("/api/goldwaage/invite", { body: { room: table.room, invite }, token: other.token })));
      expect(left.map((r) => r.status).sort()).toEqual([200, 409]);
    }
  });

  it("the host cannot take a seat of its own duel, even claiming at the same moment from two tabs", async () => {
    const host = await newAccount();
    const created = await json(call("/api/games", { body: { ...RATED, kind: "friendly" }, token: host.token }));
    const answers = await Promise.all([0, 1].map(() => call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: host.token })));
    expect(answers.map((r) => r.status)).toEqual([409, 409]);
    for (const r of answers) expect(await json(r)).toMatchObject({ error: "OWN_INVITE" });
  });

  it("a result that names one account at two seats books it once: one Bilanz entry, one row in Meine Partien", async () => {
    const host = await newAccount(uniqueName("Gh"));
    const twice = await newAccount(uniqueName("Gd"));
    const table = await json(call("/api/goldwaage/table", { body: { players: 3, friends: 2, level: "leicht" }, token: host.token }));
    // As the race before the fix left it: the same account recorded at seats 1 and 2.
    await env.DB.prepare("UPDATE invites SET claimed = 1, account_id = ? WHERE room = ?").bind(twice.id, table.room).run();
    const now = Date.now();
    const body = {
      room: table.room, game: "goldwaage", kind: "table", rated: false, level: "leicht", accounts: [host.id, twice.id, twice.id],
      result: { winner: null, draw: false, reason: "rules", team: "lost" }, helped: [false, false, false], cardsPlayed: 20,
      startedAt: now - 300_000, finishedAt: now, stake: 0, log: [{ version: 1, time: now, actor: "room", event: { type: "gameCreated" } }],
      options: { players: 3, level: "leicht", variants: [] }, rounds: 2, lives: 0, livesLostByRound: [2, 1],
    };
    const r = await postResult(body, undefined, { register: false });
    expect(r.status).toBe(200);
    const records = (await me(twice)).records.filter((x: { game: string }) => x.game === "goldwaage");
    expect(records).toEqual([expect.objectContaining({ level: "leicht", role: "3p:normal", wins: 0, losses: 1 })]);
    const games = (await json(call("/api/me/games", { token: twice.token }))).games.filter((g: { id: string }) => g.id === table.room);
    expect(games).toHaveLength(1);
    const seats = (await env.DB.prepare("SELECT seat, account_id FROM result_seats WHERE room = ? ORDER BY seat").bind(table.room).all()).results;
    expect(seats).toEqual([{ seat: 0, account_id: host.id }, { seat: 1, account_id: twice.id }]);
  });
});

describe("a stake is always covered (held from the seat to the booking)", () => {
  it("three tables staked 1000 at once from 1000 Taler: one opens, the others are refused with the figures", async () => {
    const a = await newAccount();
    const answers = await Promise.all([0, 1, 2].map(() => call("/api/games", { body: { ...RATED, stake: 1000 }, token: a.token })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of answers.filter((x) => x.status === 409)) expect(await json(r)).toMatchObject({ error: "STAKE_TOO_HIGH", taler: 1000, held: 1000, available: 0 });
    expect(await me(a)).toMatchObject({ taler: 1000, held: 1000 });
    // Unstaked tables still open.
    expect((await call("/api/games", { body: RATED, token: a.token })).status).toBe(201);
  });

  it("the claim holds the claimer's stake: one who staked elsewhere cannot stake it again", async () => {
    const a = await newAccount();
    const b = await newAccount();
    expect((await call("/api/games", { body: { ...RATED, stake: 600 }, token: b.token })).status).toBe(201);
    const created = await json(call("/api/games", { body: { ...RATED, stake: 600 }, token: a.token }));
    const claim = await call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: b.token });
    expect(claim.status).toBe(409);
    expect(await json(claim)).toMatchObject({ error: "STAKE_TOO_HIGH", taler: 1000, held: 600, available: 400 });
    // Nothing changed: the invite is free, only the host's stake is held there.
    expect(await env.DB.prepare("SELECT claimed, account_id FROM invites WHERE room = ?").bind(created.room).first()).toEqual({ claimed: 0, account_id: null });
    expect((await holdsOf(created.room)).map((h) => h.account_id)).toEqual([a.id]);
  });

  it("the freeroll: the lost game pays its 1000, a second and third table were never open; the booking releases the holds once", async () => {
    const a = await newAccount();
    const opp = [await newAccount(), await newAccount(), await newAccount()];
    const first = await json(call("/api/games", { body: { ...RATED, stake: 1000 }, token: a.token }));
    const claim = await json(call(`/api/games/invite/${first.inviteCode}`, { method: "POST", token: opp[0]!.token }));
    expect(claim.seat).toBe(1);
    const held = await holdsOf(first.room);
    expect(held).toEqual([a.id, opp[0]!.id].sort().map((id) => ({ account_id: id, amount: 1000, expires_at: expect.any(Number) })));
    // Seated: held until the booking (a month at most, the backstop for a room that never reports).
    for (const h of held) expect(h.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    for (const _ of [1, 2]) expect((await call("/api/games", { body: { ...RATED, stake: 1000 }, token: a.token })).status).toBe(409);
    // A challenge in the Wartesaal is refused too: A's Taler are all held.
    const duel = await call("/internal/lobby/duel", { body: { challenger: a.id, accepter: opp[1]!.id, terms: { ...RATED, stake: 1000 } }, headers: secret() });
    expect(duel.status).toBe(409);
    expect(await json(duel)).toMatchObject({ error: "STAKE_TOO_HIGH" });

    // A call-off for a table that started (a forged one: its invite is claimed) releases nothing.
    expect(await json(call("/internal/tables/called-off", { body: { room: first.room }, headers: secret() }))).toEqual({ ok: true, released: 0 });
    expect(await holdsOf(first.room)).toHaveLength(2);

    const result = report({ room: first.room, accounts: [a.id, opp[0]!.id], result: { winner: 1, draw: false, reason: "rules" } });
    expect(await json(postResult(result, undefined, { register: false }))).toMatchObject({ duplicate: false, outcome: { counted: true, taler: 1000 } });
    expect(await holdsOf(first.room)).toEqual([]);
    expect(await me(a)).toMatchObject({ taler: 0, held: 0 });
    expect(await me(opp[0]!)).toMatchObject({ taler: 2000, held: 0 });
    for (const x of [a, opp[0]!]) expect(await ledgerSum(x)).toBe((await me(x)).taler);
    // The same report again changes nothing.
    expect(await json(postResult(result, undefined, { register: false }))).toMatchObject({ duplicate: true });
    expect(await me(opp[0]!)).toMatchObject({ taler: 2000, held: 0 });
  });

  it("an aborted game moves nothing and releases the holds too", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const opened = await json(call("/internal/lobby/duel", { body: { challenger: a.id, accepter: b.id, terms: { ...RATED, stake: 300 } }, headers: secret() }));
    expect((await holdsOf(opened.room)).map((h) => h.amount)).toEqual([300, 300]);
    const ids = opened.challenger.seat === 0 ? [a.id, b.id] : [b.id, a.id];
    await postResult(report({ room: opened.room, accounts: ids, cardsPlayed: 2, startedAt: Date.now() - 1000, result: { winner: null, draw: false, reason: "aborted" } }), undefined, { register: false });
    expect(await holdsOf(opened.room)).toEqual([]);
    expect(await me(a)).toMatchObject({ taler: 1000, held: 0 });
  });

  it("a host's hold at a table nobody joined lapses; the late claim holds it again, or is refused when the host no longer has it", async () => {
    const a = await newAccount();
    const first = await json(call("/api/games", { body: { ...RATED, stake: 1000 }, token: a.token }));
    const [hold] = await holdsOf(first.room);
    expect(hold!.expires_at).toBeGreaterThan(Date.now() + 59 * 60_000);
    await env.DB.prepare("UPDATE stake_holds SET expires_at = ? WHERE room = ?").bind(Date.now() - 1, first.room).run();
    expect(await me(a)).toMatchObject({ held: 0 });
    // The lapsed hold frees the Taler for another table, whose friend comes first.
    const second = await json(call("/api/games", { body: { ...RATED, stake: 1000 }, token: a.token }));
    const late = await newAccount();
    const refused = await call(`/api/games/invite/${first.inviteCode}`, { method: "POST", token: late.token });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ error: "STAKE_TOO_HIGH", host: true });
    expect((await holdsOf(first.room)).map((h) => h.account_id)).toEqual([a.id]);
    // The second table's claim holds both stakes until its result; the host's lapsing hold becomes a lasting one.
    const friend = await newAccount();
    expect((await call(`/api/games/invite/${second.inviteCode}`, { method: "POST", token: friend.token })).status).toBe(200);
    for (const h of await holdsOf(second.room)) expect(h.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    // A lapsed hold whose host still has the Taler: the late claim holds them again.
    const b = await newAccount();
    const third = await json(call("/api/games", { body: { ...RATED, stake: 500 }, token: b.token }));
    await env.DB.prepare("UPDATE stake_holds SET expires_at = ? WHERE room = ?").bind(Date.now() - 1, third.room).run();
    expect((await call(`/api/games/invite/${third.inviteCode}`, { method: "POST", token: late.token })).status).toBe(200);
    expect(await holdsOf(third.room)).toEqual([b.id, late.id].sort().map((id) => ({ account_id: id, amount: 500, expires_at: expect.any(Number) })));
    expect(await me(b)).toMatchObject({ held: 500 });
  });

  it("calling a staked table off releases the host's hold", async () => {
    const a = await newAccount();
    const created = await json(call("/api/games", { body: { ...RATED, stake: 700 }, token: a.token }));
    expect(await me(a)).toMatchObject({ held: 700 });
    const host = await connect(created.socket);
    host.send({ type: "hello", seatToken: created.seatToken });
    await host.next((m) => m.type === "welcome");
    host.send({ type: "cancel", clientSeq: 1 });
    expect(await host.next((m) => m.type === "ack" || m.type === "error")).toMatchObject({ type: "ack" });
    let held = 700;
    for (let i = 0; i < 100 && held > 0; i++) {
      held = (await me(a)).held;
      if (held > 0) await sleep(30);
    }
    expect(held).toBe(0);
    await host.close();
    // The called-off invite seats nobody and holds nothing.
    const friend = await newAccount();
    expect(await json(call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: friend.token }))).toMatchObject({ error: "TABLE_CANCELLED" });
    expect(await holdsOf(created.room)).toEqual([]);
  });
});

describe("the table limit holds per account over every path", () => {
  it("POST /api/games from 31 addresses: the account's 31st table within a minute is 429", { timeout: 30_000 }, async () => {
    await freshMinute();
    const a = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await call("/api/games", { body: { ...RATED, kind: "friendly" }, token: a.token, headers: { "cf-connecting-ip": `198.18.${i}.${ipSeq++ % 250}` } })).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await call("/api/battlemaske/computer", { body: { role: "conte", level: "leicht" }, token: a.token, headers: { "cf-connecting-ip": freshIp() } });
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ error: "RATE_LIMITED" });
    // Another account is not affected.
    const b = await newAccount();
    expect((await call("/api/games", { body: { ...RATED, kind: "friendly" }, token: b.token, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(201);
  });

  it("Wartesaal Goldwaage tables (gw-open, gw-start) count against the account: the 31st start is refused with TABLE_LIMIT", { timeout: 90_000 }, async () => {
    await freshMinute(35_000);
    const name = uniqueName("Gl");
    const a = await newAccount(name);
    const ticket = await json(call("/api/lobby/ticket", { method: "POST", token: a.token }));
    const s = await connect(ticket.socket, { "cf-connecting-ip": freshIp() });
    s.send({ type: "hello", ticket: ticket.ticket });
    await s.next((m) => m.type === "welcome");
    const started: string[] = [];
    let refusal: Record<string, unknown> | null = null;
    for (let i = 0; i < 31 && !refusal; i++) {
      s.send({ type: "gw-open", options: { players: 2, level: "leicht", variants: [] } });
      const listed = await s.next((m) => (m.type === "gw-tables" && m.tables.some((t: { from: string }) => t.from === name)) || m.type === "error");
      expect(listed).toMatchObject({ type: "gw-tables" });
      const id = listed.tables.find((t: { from: string }) => t.from === name).id;
      s.send({ type: "gw-start", id });
      const m = await s.next((x) => (x.type === "gw-matched" && x.id === id) || x.type === "error");
      if (m.type === "error") refusal = m;
      else started.push(m.room);
      // Within the socket's message budget (5 a second): the table limit is what this is about.
      await sleep(400);
    }
    expect(started).toHaveLength(30);
    expect(refusal).toMatchObject({ code: "TABLE_LIMIT", messageDe: expect.stringContaining("Zu viele neue Tische") });
    // With its budget spent it takes someone's seek: refused (TABLE_LIMIT), and the seek stands again, in its place
    // (an attack pass emptied everyone's seeks this way, each take refused yet each seek gone).
    const poster = await newAccount(uniqueName("Gp"));
    const pt = await json(call("/api/lobby/ticket", { method: "POST", token: poster.token }));
    const ps = await connect(pt.socket, { "cf-connecting-ip": freshIp() });
    ps.send({ type: "hello", ticket: pt.ticket });
    await ps.next((m) => m.type === "welcome");
    ps.send({ type: "seek", terms: { ...RATED, kind: "friendly" } });
    const posted = await ps.next((m) => m.type === "seeks" && m.seeks.some((k: { from: string }) => k.from !== name));
    const seek = posted.seeks.find((k: { from: string }) => k.from !== name);
    await sleep(400);
    s.send({ type: "take", id: seek.id });
    expect(await s.next((m) => m.type === "error" || m.type === "matched")).toMatchObject({ type: "error", code: "TABLE_LIMIT" });
    const back = await ps.next((m) => m.type === "seeks" && m.seeks.some((k: { id: string }) => k.id === seek.id));
    expect(back.seeks.find((k: { id: string }) => k.id === seek.id)).toEqual(seek);
    expect(ps.all.some((m) => m.type === "ended")).toBe(false);
    await ps.close();
    await s.close();
  });

  it("the lobby's and the rematch's route counts the address too: 30 tables of different accounts from one address, then 429", { timeout: 30_000 }, async () => {
    await freshMinute();
    const ip = freshIp();
    const accounts = await Promise.all(Array.from({ length: 31 }, () => newAccount()));
    const options = { players: 2, level: "leicht", variants: [] };
    for (let i = 0; i < 30; i++) expect((await call("/internal/lobby/goldwaage", { body: { accounts: [accounts[i]!.id], options, address: ip }, headers: secret() })).status).toBe(201);
    const refused = await call("/internal/lobby/duel", { body: { challenger: accounts[30]!.id, accepter: accounts[0]!.id, terms: { ...RATED, kind: "friendly" }, address: ip }, headers: secret() });
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ error: "TABLE_LIMIT" });
    // From another address the same accounts' next table opens (accounts[30] has opened none).
    expect((await call("/internal/lobby/goldwaage", { body: { accounts: [accounts[30]!.id], options, address: freshIp() }, headers: secret() })).status).toBe(201);
  });

  it("a rematch counts against both accounts: with the budget spent it fails with TABLE_LIMIT and opens nothing", { timeout: 30_000 }, async () => {
    await freshMinute();
    const [a, b] = [await newAccount(), await newAccount()];
    const created = await json(call("/api/games", { body: { ...RATED, kind: "friendly" }, token: a.token, headers: { "cf-connecting-ip": freshIp() } }));
    const claim = await json(call(`/api/games/invite/${created.inviteCode}`, { method: "POST", token: b.token }));
    const ip = freshIp();
    const sockets = await Promise.all([created.seatToken, claim.seatToken].map(async (seatToken: string) => {
      const s = await connect(created.socket, { "cf-connecting-ip": ip });
      s.send({ type: "hello", seatToken });
      await s.next((m) => m.type === "welcome");
      return s;
    }));
    sockets[0]!.send({ type: "resign", clientSeq: 1 });
    for (const s of sockets) await s.next((m) => m.type === "state" && m.view.over === true);
    // A's other 29 tables this minute, each from another address.
    const options = { players: 2, level: "leicht", variants: [] };
    for (let i = 0; i < 29; i++) expect((await call("/internal/lobby/goldwaage", { body: { accounts: [a.id], options, address: freshIp() }, headers: secret() })).status).toBe(201);
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE account0 = ?1 OR account1 = ?1").bind(b.id).first<{ n: number }>())!.n;
    sockets[0]!.send({ type: "rematch", clientSeq: 2, action: "offer" });
    await sockets[1]!.next((m) => m.type === "rematch" && m.state === "offered");
    sockets[1]!.send({ type: "rematch", clientSeq: 2, action: "accept" });
    expect(await sockets[1]!.next((m) => m.type === "rematch" && m.state === "failed")).toMatchObject({ code: "TABLE_LIMIT" });
    expect(await sockets[0]!.next((m) => m.type === "error")).toMatchObject({ code: "TABLE_LIMIT", messageDe: expect.stringContaining("Zu viele neue Tische") });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE account0 = ?1 OR account1 = ?1").bind(b.id).first<{ n: number }>())!.n).toBe(before);
    for (const s of sockets) await s.close();
  });
});
