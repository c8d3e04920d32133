// "Sign out other devices" reaches the Wartesaal: a device signed out keeps no lobby socket and gets none back, so it
// cannot accept a challenge (with the account's Taler at stake) for the account; the device that signed the others out
// comes back with its fresh token and keeps what it had open. A fresh-eyes attack found the old socket accepting a
// staked challenge and playing it 70 s after the sign-out.
import { describe, expect, it } from "vitest";
import { CLOSE_SIGNED_OUT } from "../../party/lobby";
import { call, json, newAccount, uniqueName } from "./api-helpers";
import { enter, sees } from "./lobby-helpers";
import { closeCode, connect, type Msg } from "./sockets";

const TERMS = { kind: "rated", stake: 10, clock: { minutes: 5, increment: 3 }, ruleset: "battlemaske", variant: "single", role: "conte" } as const;

async function ticketOf(token: string): Promise<string> {
  return (await json<{ ticket: string }>(call("/api/lobby/ticket", { method: "POST", token }))).ticket;
}

async function hello(ticket: string) {
  const s = await connect("/parties/lobby/main");
  s.send({ type: "hello", ticket });
  return s;
}

describe("signing out the other devices, in the Wartesaal", () => {
  it("closes the account's sockets (4003), refuses tickets issued before, ends what the account had open, and lets the signing device back in", async () => {
    const name = uniqueName("So");
    const account = await newAccount(name);
    const before = await ticketOf(account.token);
    // Two devices of the account in the Wartesaal, and a challenger who sees them.
    const lost = await hello(before);
    expect(await lost.next((m) => m.type === "welcome")).toMatchObject({ you: name });
    const mine = await hello(before);
    await mine.next((m) => m.type === "welcome");
    const other = await enter("Sp");
    await sees(other, name);
    // The account has a challenge out to the other player: it ends with the sign-out (which device sent it is unknown
    // here, and one the signed-out device sent was accepted by an accomplice within the grace: an attack).
    mine.send({ type: "challenge", to: other.name, terms: { ...TERMS, kind: "friendly", stake: 0 } });
    await other.s.next((m) => m.type === "challenges" && m.incoming.some((c: Msg) => c.from === name));
    const lostClosed = closeCode(lost);
    const mineClosed = closeCode(mine);

    const r = await json<{ token: string }>(call("/api/me/sessions/revoke", { method: "POST", token: account.token }));
    expect(await lostClosed).toBe(CLOSE_SIGNED_OUT);
    expect(await mineClosed).toBe(CLOSE_SIGNED_OUT);
    await other.s.next((m) => m.type === "ended" && m.how === "left");

    // The old token gets no ticket, and a ticket from before the sign-out is refused.
    expect((await call("/api/lobby/ticket", { method: "POST", token: account.token })).status).toBe(401);
    const late = await hello(before);
    const lateClosed = closeCode(late);
    expect(await late.next((m) => m.type === "welcome" || m.type === "error")).toMatchObject({ type: "error", code: "SIGNED_OUT" });
    expect(await lateClosed).toBe(CLOSE_SIGNED_OUT);

    // The signing device comes back with its fresh token: nothing of before stands.
    const back = await hello(await ticketOf(r.token));
    expect(await back.next((m) => m.type === "welcome")).toMatchObject({ you: name });
    const challenges = await back.next((m) => m.type === "challenges");
    expect(challenges.outgoing).toEqual([]);
    // A staked challenge to the account now reaches only the fresh socket, and nobody else can accept it.
    await sees(other, name);
    other.s.send({ type: "challenge", to: name, terms: TERMS });
    const got = await back.next((m) => m.type === "challenges" && m.incoming.some((c: Msg) => c.from === other.name));
    expect(lost.all.filter((m) => m.type === "challenges" && m.incoming.some((c: Msg) => c.from === other.name))).toEqual([]);
    back.send({ type: "decline", id: got.incoming.find((c: Msg) => c.from === other.name).id });
    await back.close();
    await other.s.close();
  });

  it("an account with its only socket on the device signed out: it leaves at once, and its seek goes", async () => {
    const name = uniqueName("Sq");
    const account = await newAccount(name);
    const s = await hello(await ticketOf(account.token));
    await s.next((m) => m.type === "welcome");
    const watcher = await enter("Sr");
    await sees(watcher, name);
    s.send({ type: "seek", terms: { ...TERMS, kind: "friendly", stake: 0 } });
    await watcher.s.next((m) => m.type === "seeks" && m.seeks.some((k: Msg) => k.from === name));
    const closed = closeCode(s);
    expect((await call("/api/me/sessions/revoke", { method: "POST", token: account.token })).status).toBe(200);
    expect(await closed).toBe(CLOSE_SIGNED_OUT);
    // Gone from the list at once, its seek with it.
    await watcher.s.next((m) => m.type === "seeks" && !m.seeks.some((k: Msg) => k.from === name));
    await watcher.s.next((m) => m.type === "presence" && !m.players.some((p: Msg) => p.name === name));
    await watcher.s.close();
  }, 30_000);
});
