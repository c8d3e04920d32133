// The Wartesaal's sockets for the workers tests: a named account that has entered (ticket, hello, welcome).
import { expect } from "vitest";
import { call, json, newAccount, uniqueName, type Account } from "./api-helpers";
import { connect, type Msg } from "./sockets";

export type Lobbyist = { account: Account; name: string; s: Awaited<ReturnType<typeof connect>> };

export async function enter(prefix: string): Promise<Lobbyist> {
  const name = uniqueName(prefix);
  const account = await newAccount(name);
  const t = await json<{ ticket: string; socket: string }>(call("/api/lobby/ticket", { method: "POST", token: account.token }));
  expect(t.socket).toBe("/parties/lobby/main");
  const s = await connect(t.socket);
  s.send({ type: "hello", ticket: t.ticket });
  expect((await s.next((m) => m.type === "welcome" || m.type === "error")).you).toBe(name);
  return { account, name, s };
}

export const sees = (p: Lobbyist, name: string) => p.s.next((m) => m.type === "presence" && m.players.some((x: Msg) => x.name === name));
export const errorOf = (p: Lobbyist) => p.s.next((m) => m.type === "error");

/** Sends `m` from `p` and expects the lobby to refuse it with `code`. */
export async function refused(p: Lobbyist, m: unknown, code: string): Promise<void> {
  p.s.send(m);
  expect(await errorOf(p)).toMatchObject({ code });
}
