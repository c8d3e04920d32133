// The Wartesaal's socket limits inside workerd: sockets that never say hello shut nobody out, an account has at most a
// few sockets here, and a name is shown once even when its old holder's socket is still open after a rename.
import { describe, expect, it } from "vitest";
import { LOBBY_MAX_PENDING, LOBBY_MAX_PER_ACCOUNT, LOBBY_MAX_SOCKETS } from "../../party/lobby";
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
