// Goldwaage open tables in the Wartesaal inside workerd: open, join, full, leave, the creator leaving, bad options,
// and the start: one room with exactly the accounts that joined, computers in the empty seats, each seat token only
// to its owner, a duplicated start opening nothing more.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newAccount } from "./api-helpers";
import { enter, refused, sees, type Lobbyist } from "./lobby-helpers";
import { seated, type Msg } from "./sockets";

const OPTIONS = { players: 3, level: "leicht", variants: ["ruhige-waage"] } as const;

/** The open table `p`'s socket was last told of, whose creator is `from` (other tests' tables may be listed too). */
const tableOf = (p: Lobbyist, from: string, pred: (t: Msg) => boolean = () => true) =>
  p.s.next((m) => m.type === "gw-tables" && m.tables.some((t: Msg) => t.from === from && pred(t))).then((m) => m.tables.find((t: Msg) => t.from === from) as Msg);
const goneFrom = (p: Lobbyist, from: string) => p.s.next((m) => m.type === "gw-tables" && !m.tables.some((t: Msg) => t.from === from));

async function everyone(prefix: string, n: number): Promise<Lobbyist[]> {
  const ps: Lobbyist[] = [];
  for (let i = 0; i < n; i++) ps.push(await enter(`${prefix}${i}`));
  for (const p of ps) await sees(ps[0]!, p.name);
  return ps;
}

async function leave(...ps: Lobbyist[]): Promise<void> {
  for (const p of ps) await p.s.close();
}

describe("Lobby: Goldwaage tables", () => {
  it("opens a table listed live to everyone; join until full, leave; one table per account; bad options refused", async () => {
    const [a, b, c, d] = await everyone("Gt", 4);
    // The engine's rule: Profi shows no cards. The shape is the message schema's: five players is no message at all.
    await refused(a, { type: "gw-open", options: { players: 2, level: "profi", variants: ["offene-haende"] } }, "BAD_OPTIONS");
    await refused(a, { type: "gw-open", options: { players: 5, level: "leicht", variants: [] } }, "BAD_MESSAGE");
    await refused(a, { type: "gw-open", options: { players: 2, level: "leicht", variants: ["ruhige-waage", "ruhige-waage"] } }, "BAD_OPTIONS");
    a.s.send({ type: "gw-open", options: OPTIONS });
    const t = await tableOf(b!, a!.name);
    expect(t).toMatchObject({ from: a!.name, options: OPTIONS, players: [a!.name] });
    // Kept in the lobby's SQLite, so hibernation does not lose it.
    const rows = await runInDurableObject(env.Lobby.getByName("main"), (_l, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM gw_tables WHERE id = ?", t.id).one().n);
    expect(rows).toBe(1);
    await refused(a, { type: "gw-open", options: OPTIONS }, "AT_TABLE");
    // Only its creator starts or closes it.
    b!.s.send({ type: "gw-join", id: t.id });
    expect(await tableOf(a!, a!.name, (x) => x.players.length === 2)).toMatchObject({ players: [a!.name, b!.name] });
    await refused(b!, { type: "gw-start", id: t.id }, "NOT_YOURS");
    await refused(b!, { type: "gw-close", id: t.id }, "NOT_YOURS");
    await refused(b!, { type: "gw-join", id: t.id }, "AT_TABLE");
    await refused(b!, { type: "gw-open", options: OPTIONS }, "AT_TABLE");
    c!.s.send({ type: "gw-join", id: t.id });
    await tableOf(d!, a!.name, (x) => x.players.length === 3);
    await refused(d!, { type: "gw-join", id: t.id }, "TABLE_FULL");
    await refused(d!, { type: "gw-leave", id: t.id }, "NOT_YOURS");
    // B leaves: a seat is free again, and D takes it.
    b!.s.send({ type: "gw-leave", id: t.id });
    expect(await tableOf(d!, a!.name, (x) => x.players.length === 2 && !x.players.includes(b!.name))).toMatchObject({ players: [a!.name, c!.name] });
    d!.s.send({ type: "gw-join", id: t.id });
    expect(await tableOf(b!, a!.name, (x) => x.players.includes(d!.name))).toMatchObject({ players: [a!.name, c!.name, d!.name] });
    await refused(b!, { type: "gw-join", id: "nosuchtable00000" }, "NO_TABLE");
    // The creator leaves the Wartesaal: the table ends, and those at it are told.
    await a!.s.close();
    expect(await c!.s.next((m) => m.type === "gw-ended")).toEqual({ type: "gw-ended", id: t.id, how: "left", by: a!.name });
    expect(await d!.s.next((m) => m.type === "gw-ended")).toMatchObject({ id: t.id, how: "left" });
    await goneFrom(b!, a!.name);
    expect(b!.s.all.some((m) => m.type === "gw-ended")).toBe(false);
    // C and D are free again: C opens a table of its own, and closes it.
    c!.s.send({ type: "gw-open", options: { players: 2, level: "normal", variants: [] } });
    const t2 = await tableOf(d!, c!.name);
    d!.s.send({ type: "gw-join", id: t2.id });
    await tableOf(c!, c!.name, (x) => x.players.length === 2);
    c!.s.send({ type: "gw-close", id: t2.id });
    expect(await d!.s.next((m) => m.type === "gw-ended")).toMatchObject({ id: t2.id, how: "closed", by: c!.name });
    await goneFrom(b!, c!.name);
    await leave(b!, c!, d!);
  });

  it("one game at a time: a player at a running table can neither open nor join a Goldwaage table; a seated one who went to a duel stops the start", async () => {
    // An attack: an account at a running rated duel was seated at a Goldwaage table as well.
    const [a, b, c] = await everyone("Gb", 3);
    const lobby = env.Lobby.getByName("main");
    const live = (room: string, name: string) => ({ room, game: "battlemaske", kind: "online", seats: [{ name, computer: false }, { name: "X", computer: false }], ruleset: "battlemaske", variant: "single", level: null, round: 1, mirror: 0, lives: null, clock: null, rated: true, stake: 10, startedAt: Date.now() }) as const;
    const duel = `gbusy${crypto.randomUUID().slice(0, 8)}`;
    await lobby.live({ live: live(duel, b!.name), accounts: [b!.account.id, null] });
    await refused(b!, { type: "gw-open", options: OPTIONS }, "BUSY");
    a!.s.send({ type: "gw-open", options: OPTIONS });
    const t = await tableOf(c!, a!.name);
    await refused(b!, { type: "gw-join", id: t.id }, "BUSY");
    // C joins, then sits down at a duel: the start waits for it.
    c!.s.send({ type: "gw-join", id: t.id });
    await tableOf(a!, a!.name, (x) => x.players.length === 2);
    const other = `gbusy${crypto.randomUUID().slice(0, 8)}`;
    await lobby.live({ live: live(other, c!.name), accounts: [c!.account.id, null] });
    await refused(a!, { type: "gw-start", id: t.id }, "PLAYING");
    expect(a!.s.all.some((m) => m.type === "gw-matched")).toBe(false);
    await lobby.live({ room: duel, ended: true });
    await lobby.live({ room: other, ended: true });
    a!.s.send({ type: "gw-close", id: t.id });
    await leave(a!, b!, c!);
  });

  it("start: one room with those accounts in order and a computer for the empty seat; each seat token only to its owner; a second start opens nothing", async () => {
    const [a, b, c, d] = await everyone("Gs", 4);
    a!.s.send({ type: "gw-open", options: { players: 4, level: "leicht", variants: [] } });
    const t = await tableOf(b!, a!.name);
    b!.s.send({ type: "gw-join", id: t.id });
    await tableOf(c!, a!.name, (x) => x.players.length === 2);
    c!.s.send({ type: "gw-join", id: t.id });
    await tableOf(a!, a!.name, (x) => x.players.length === 3);
    a!.s.send({ type: "gw-start", id: t.id });
    a!.s.send({ type: "gw-start", id: t.id });
    const [ma, mb, mc] = await Promise.all([a!, b!, c!].map((p) => p.s.next((m) => m.type === "gw-matched")));
    // The second start is answered while the first one's room is being opened.
    expect(a!.s.all.filter((m) => m.type === "error")).toMatchObject([{ code: "NO_TABLE" }]);
    await goneFrom(d!, a!.name);
    const players = [a!.name, b!.name, c!.name, null];
    expect(ma).toMatchObject({ id: t.id, game: "goldwaage", seat: 0, level: "leicht", players });
    expect(mb).toMatchObject({ room: ma!.room, seat: 1, players });
    expect(mc).toMatchObject({ room: ma!.room, seat: 2, socket: ma!.socket });
    expect(new Set([ma!.seatToken, mb!.seatToken, mc!.seatToken]).size).toBe(3);
    // Each token went only to its own account; D, present but not at the table, got nothing.
    for (const [p, mine] of [[a!, ma!], [b!, mb!], [c!, mc!]] as const) {
      expect(p.s.all.filter((m) => m.type === "gw-matched")).toHaveLength(1);
      for (const other of [ma!, mb!, mc!]) if (other !== mine) expect(p.s.raw.some((r) => r.includes(other.seatToken))).toBe(false);
    }
    expect(d!.s.raw.some((r) => r.includes("gw-matched"))).toBe(false);
    // The Worker recorded one table, its seats booked to exactly those accounts (seat 2 as a claimed seat).
    const games = await env.DB.prepare("SELECT room, game, kind, rated, account0, account1 FROM games WHERE account0 = ?").bind(a!.account.id).all();
    expect(games.results).toEqual([{ room: ma!.room, game: "goldwaage", kind: "table", rated: 0, account0: a!.account.id, account1: b!.account.id }]);
    const invites = await env.DB.prepare("SELECT seat, account_id, claimed FROM invites WHERE room = ?").bind(ma!.room).all();
    expect(invites.results).toEqual([{ seat: 2, account_id: c!.account.id, claimed: 1 }]);
    const config = await runInDurableObject(env.GoldwaageRoom.getByName(ma!.room), (_r, state) => state.storage.kv.get<{ seats: Array<{ type: string }>; accounts: unknown[] }>("config")!);
    expect(config.seats.map((s) => s.type)).toEqual(["human", "human", "human", "computer"]);
    expect(config.accounts).toEqual([a!.account.id, b!.account.id, c!.account.id, null]);
    // Every seat sits down with its own token; the game is dealt at once (nobody is awaited).
    const at = await Promise.all([ma!, mb!, mc!].map((m) => seated(m.socket, m.seatToken)));
    expect(at.map((x) => x.welcome.seat)).toEqual([0, 1, 2]);
    expect(at[2]!.welcome.view.names).toEqual(players);
    expect(at[0]!.welcome.view.waitingFor).toEqual([]);
    expect(at[0]!.welcome.view.game.players).toBe(4);
    for (const x of at) await x.s.close();
    await leave(a!, b!, c!, d!);
  });

  it("after a restart the rows of those not back are never listed and are pruned: a stale seat neither fills a table nor blocks its account", async () => {
    const [a, b] = await everyone("Gr", 2);
    const lobby = env.Lobby.getByName("main");
    // As a restart leaves them: a table of someone not back (its socket went without a close), with B seated at it.
    await runInDurableObject(lobby, (_l, state) => {
      state.storage.sql.exec("INSERT INTO gw_tables (id, creator, creator_name, options, created_at) VALUES ('staletable000000', 'gone-account', 'Gone', ?, 0)", JSON.stringify({ players: 2, level: "leicht", variants: [] }));
      state.storage.sql.exec("INSERT INTO gw_seats (account, table_id, name, joined_at) VALUES ('gone-account', 'staletable000000', 'Gone', 0), (?, 'staletable000000', ?, 0)", b!.account.id, b!.name);
    });
    a!.s.send({ type: "gw-open", options: { players: 2, level: "leicht", variants: [] } });
    const listed = await a!.s.next((m) => m.type === "gw-tables" && m.tables.some((t: Msg) => t.from === a!.name));
    expect(listed.tables.some((t: Msg) => t.from === "Gone")).toBe(false);
    // B is free: it joins A's table.
    b!.s.send({ type: "gw-join", id: listed.tables.find((t: Msg) => t.from === a!.name).id });
    await tableOf(a!, a!.name, (t) => t.players.includes(b!.name));
    const left = await runInDurableObject(lobby, (_l, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM gw_seats WHERE table_id = 'staletable000000'").one().n);
    expect(left).toBe(0);
    await leave(a!, b!);
  });

  it("POST /internal/lobby/goldwaage: rooms only; options the engine refuses, or more accounts than players, open nothing", async () => {
    const [x, y, z] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const post = (body: unknown, secret = env.ROOM_SECRET) => call("/internal/lobby/goldwaage", { body, headers: { authorization: `Bearer ${secret}` } });
    const good = { accounts: [x.id, y.id], options: { players: 2, level: "leicht", variants: [] } };
    expect((await post(good, `${env.ROOM_SECRET}x`)).status).toBe(401);
    const bad = await post({ ...good, options: { players: 2, level: "profi", variants: ["zwei-offene-karten"] } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "BAD_OPTIONS" });
    expect((await post({ ...good, accounts: [x.id, y.id, z.id] })).status).toBe(400);
    expect((await post({ ...good, accounts: [x.id, x.id] })).status).toBe(400);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE account0 IN (?, ?, ?)").bind(x.id, y.id, z.id).first<{ n: number }>();
    expect(n!.n).toBe(0);
    const ok = await post(good);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as Msg).seats.map((s: Msg) => s.account)).toEqual([x.id, y.id]);
  });
});
