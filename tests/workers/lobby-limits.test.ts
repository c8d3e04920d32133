// The Wartesaal's socket limits inside workerd: sockets that never say hello shut nobody out, an account has at most a
// few sockets here, a name is shown once even when its old holder's socket is still open after a rename, and one account
// cannot make the lobby send everyone its lists again and again (seeks re-posted, coming and going, tables opened).
import { describe, expect, it } from "vitest";
import { LIST_CHANGE_BURST, LIST_CHANGE_PER_S, LOBBY_MAX_PENDING, LOBBY_MAX_PER_ACCOUNT, LOBBY_MAX_SOCKETS } from "../../party/lobby";
import { call, json, newAccount, uniqueName } from "./api-helpers";
import { enter, sees } from "./lobby-helpers";
import { closeCode, connect, type Msg } from "./sockets";

type Socket = Awaited<ReturnType<typeof connect>>;

describe("the Wartesaal's socket limits", () => {
  it(`more than ${LOBBY_MAX_SOCKETS} sockets that never say hello: the oldest are closed (1013), a person still enters`, { timeout: 60_000 }, async () => {
    const idle: Socket[] = [];
    const closed: Array<Promise<number>> = [];
    for (let i = 0; i < LOBBY_MAX_SOCKETS + 10; i++) {
      const s = await connect("/parties/lobby/main");
      closed.push(closeCode(s));
      idle.push(s);
    }
    // All but the newest LOBBY_MAX_PENDING made room, oldest first.
    const made = closed.slice(0, idle.length - LOBBY_MAX_PENDING);
    expect(new Set(await Promise.all(made))).toEqual(new Set([1013]));
    expect(idle.slice(-LOBBY_MAX_PENDING).every((s) => s.socket.readyState === WebSocket.READY_STATE_OPEN)).toBe(true);
    const a = await enter("Lp");
    const b = await enter("Lq");
    await sees(a, b.name);
    for (const s of idle.slice(-LOBBY_MAX_PENDING)) s.socket.close(1000);
    await a.s.close();
    await b.s.close();
  });

  it(`at most ${LOBBY_MAX_PER_ACCOUNT} sockets per account: a further hello is refused (TOO_MANY_SOCKETS) and closed`, async () => {
    const name = uniqueName("Lt");
    const account = await newAccount(name);
    const { ticket } = await json<{ ticket: string }>(call("/api/lobby/ticket", { method: "POST", token: account.token }));
    const tabs: Socket[] = [];
    for (let i = 0; i < LOBBY_MAX_PER_ACCOUNT; i++) {
      const s = await connect("/parties/lobby/main");
      s.send({ type: "hello", ticket });
      expect(await s.next((m) => m.type === "welcome" || m.type === "error")).toMatchObject({ type: "welcome", you: name });
      tabs.push(s);
    }
    const extra = await connect("/parties/lobby/main");
    const code = closeCode(extra);
    extra.send({ type: "hello", ticket });
    expect(await extra.next((m) => m.type === "welcome" || m.type === "error")).toMatchObject({ type: "error", code: "TOO_MANY_SOCKETS" });
    expect(await code).toBe(1008);
    // The tabs already here are untouched; one closed leaves room for another.
    expect(tabs.every((s) => s.socket.readyState === WebSocket.READY_STATE_OPEN)).toBe(true);
    await tabs.pop()!.close();
    const again = await connect("/parties/lobby/main");
    again.send({ type: "hello", ticket });
    expect(await again.next((m) => m.type === "welcome" || m.type === "error")).toMatchObject({ type: "welcome" });
    for (const s of [...tabs, again]) await s.close();
  });

  it(`one account changes everyone's lists at most ${LIST_CHANGE_BURST} times at once (its arrival, seeks, Goldwaage tables), then TOO_OFTEN and nothing changes`, async () => {
    const terms = { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "random" };
    const x = await enter("Lx");
    const by = await enter("Ly");
    await sees(by, x.name);
    const seekLists = () => by.s.all.filter((m) => m.type === "seeks").length;
    const before = seekLists();
    await x.s.next((m) => m.type === "seeks"); // the list that came with the welcome
    // x's arrival was the first change; each post replaces x's seek and sends the whole list to everyone.
    for (let i = 1; i < LIST_CHANGE_BURST; i++) {
      x.s.send({ type: "seek", terms });
      await x.s.next((m) => m.type === "seeks" || m.type === "error").then((m) => expect(m.type).toBe("seeks"));
    }
    x.s.send({ type: "seek", terms: { ...terms, kind: "rated" } });
    expect(await x.s.next((m) => m.type === "error" || m.type === "seeks")).toMatchObject({ type: "error", code: "TOO_OFTEN", messageDe: expect.stringMatching(/Zu viele Änderungen/) });
    // A Goldwaage table is a list change too.
    x.s.send({ type: "gw-open", options: { players: 2, level: "normal", variants: [] } });
    expect(await x.s.next((m) => m.type === "error" || m.type === "gw-tables")).toMatchObject({ type: "error", code: "TOO_OFTEN" });
    // Nothing changed: the seek on the list is still the last friendly one, and withdrawing it is never refused.
    by.s.send({ type: "withdraw", id: "no-such-challenge" }); // a round trip: everything x caused before has arrived
    await by.s.next((m) => m.type === "error" && m.code === "NO_CHALLENGE");
    expect(seekLists() - before).toBe(LIST_CHANGE_BURST - 1);
    const last = by.s.all.filter((m) => m.type === "seeks").at(-1)!;
    const mine = last.seeks.filter((k: Msg) => k.from === x.name);
    expect(mine).toHaveLength(1);
    expect(mine[0].terms.kind).toBe("friendly");
    expect(by.s.all.filter((m) => m.type === "gw-tables" && m.tables.some((t: Msg) => t.from === x.name))).toHaveLength(0);
    x.s.send({ type: "unseek", id: mine[0].id });
    expect((await x.s.next((m) => m.type === "seeks" || m.type === "error")).type).toBe("seeks");
    // The budget refills: one change after 1 / LIST_CHANGE_PER_S seconds.
    await new Promise((r) => setTimeout(r, 1000 / LIST_CHANGE_PER_S + 100));
    x.s.send({ type: "seek", terms });
    expect((await x.s.next((m) => m.type === "seeks" || m.type === "error")).type).toBe("seeks");
    await x.s.close();
    await by.s.close();
  });

  it(`one account that comes and goes: its first ${LIST_CHANGE_BURST} arrivals are told, the next is refused (TOO_OFTEN, 1013) and nobody hears of it`, async () => {
    const name = uniqueName("Lc");
    const account = await newAccount(name);
    const by = await enter("Ld");
    const listed = () => by.s.all.filter((m) => m.type === "presence" && m.players.some((p: Msg) => p.name === name)).length;
    const hello = async () => {
      const { ticket } = await json<{ ticket: string }>(call("/api/lobby/ticket", { method: "POST", token: account.token }));
      const s = await connect("/parties/lobby/main");
      const code = closeCode(s);
      s.send({ type: "hello", ticket });
      return { s, code, first: await s.next((m) => m.type === "welcome" || m.type === "error") };
    };
    for (let i = 0; i < LIST_CHANGE_BURST; i++) {
      const { s, first } = await hello();
      expect(first.type).toBe("welcome");
      await s.close();
    }
    const seenBefore = listed();
    expect(seenBefore).toBe(LIST_CHANGE_BURST);
    const refusedOne = await hello();
    expect(refusedOne.first).toMatchObject({ type: "error", code: "TOO_OFTEN" });
    expect(await refusedOne.code).toBe(1013);
    by.s.send({ type: "withdraw", id: "no-such-challenge" });
    await by.s.next((m) => m.type === "error" && m.code === "NO_CHALLENGE");
    expect(listed()).toBe(seenBefore);
    await by.s.close();
  });

  it("a renamed account's old socket is closed (4001) when another account enters with its old name: the name is listed once", async () => {
    const x = await enter("Lr");
    const watcher = await enter("Lw");
    await sees(watcher, x.name);
    const old = x.name;
    const renamed = await call("/api/me/name", { method: "PUT", body: { name: uniqueName("Ls") }, token: x.account.token });
    expect(renamed.status).toBe(200);
    const y = await newAccount();
    expect((await call("/api/me/name", { method: "PUT", body: { name: old }, token: y.token })).status).toBe(200);
    const xClosed = closeCode(x.s);
    const t = await json<{ ticket: string; socket: string }>(call("/api/lobby/ticket", { method: "POST", token: y.token }));
    const ys = await connect(t.socket);
    ys.send({ type: "hello", ticket: t.ticket });
    expect(await ys.next((m) => m.type === "welcome")).toMatchObject({ you: old });
    // The list as the newcomer gets it names the old name once (not X's stale socket besides Y).
    const listed = await ys.next((m) => m.type === "presence");
    expect(listed.players.filter((p: Msg) => p.name === old)).toHaveLength(1);
    expect(await xClosed).toBe(4001);
    // A challenge by that name reaches the account that holds it now.
    watcher.s.send({ type: "challenge", to: old, terms: { kind: "friendly", clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" } });
    expect((await ys.next((m) => m.type === "challenges" && m.incoming.length > 0)).incoming[0]).toMatchObject({ from: watcher.name, to: old });
    await ys.close();
    await watcher.s.close();
  });

  it("a ticket issued before a rename is refused (STALE_TICKET, closed 4001): the old name stays with its new holder", async () => {
    const a = await newAccount(uniqueName("Lt"));
    const old = (await json<{ ticket: string; socket: string }>(call("/api/lobby/ticket", { method: "POST", token: a.token }))).ticket;
    const oldName = JSON.parse(atob(old.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/"))).name as string;
    expect((await call("/api/me/name", { method: "PUT", body: { name: uniqueName("Lu") }, token: a.token })).status).toBe(200);
    const c = await newAccount();
    expect((await call("/api/me/name", { method: "PUT", body: { name: oldName }, token: c.token })).status).toBe(200);
    const cs = await connect("/parties/lobby/main");
    const ct = await json<{ ticket: string }>(call("/api/lobby/ticket", { method: "POST", token: c.token }));
    cs.send({ type: "hello", ticket: ct.ticket });
    expect(await cs.next((m) => m.type === "welcome")).toMatchObject({ you: oldName });
    const csClosed = Promise.race([closeCode(cs), new Promise<string>((res) => setTimeout(() => res("open"), 1500))]);
    // The renamed account comes back with the ticket it got under the old name.
    const stale = await connect("/parties/lobby/main");
    const staleClosed = closeCode(stale);
    stale.send({ type: "hello", ticket: old });
    expect(await stale.next((m) => m.type === "welcome" || m.type === "error")).toMatchObject({ type: "error", code: "STALE_TICKET" });
    expect(await staleClosed).toBe(4001);
    // The name's holder now was not pushed out.
    expect(await csClosed).toBe("open");
    const fresh = await json<{ ticket: string }>(call("/api/lobby/ticket", { method: "POST", token: a.token }));
    const back = await connect("/parties/lobby/main");
    back.send({ type: "hello", ticket: fresh.ticket });
    expect((await back.next((m) => m.type === "welcome")).you).not.toBe(oldName);
    await back.close();
    await cs.close();
  });
});
