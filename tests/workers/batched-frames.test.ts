// Batched frames (hello `batch: true`): a socket that asks for them gets exactly the messages a socket without them
// gets, in the same order, only fewer frames — a command's events, state and ack in one; every other socket keeps one
// message per frame. Whole random games, each seat and a spectator on both kinds of socket at once.
import { describe, expect, it } from "vitest";
import { randomCommand, stateFromView, type Seat } from "../../shared/battlemaske/index.js";
import { mustAct } from "../../shared/battlemaske/bots/index.js";
import { rng } from "../../shared/rng.js";
import { framedMessages } from "../../shared/room/protocol.js";
import { call, json } from "./api-helpers";
import { connect, type Msg } from "./sockets";

type Socket = Awaited<ReturnType<typeof connect>>;

const messagesOf = (s: Socket): Msg[] => s.raw.flatMap((frame) => framedMessages<Msg>(JSON.parse(frame)));

async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 5000 && !done(); i++) await new Promise((r) => setTimeout(r, 1));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

/** A friend game between two guests, dealt: its socket path and both seat tokens. */
async function duel(): Promise<{ socket: string; tokens: [string, string] }> {
  const created = await json(call("/api/battlemaske/online", { body: { role: "conte", clock: null } }));
  const friend = await json(call("/api/battlemaske/invite", { body: { room: created.room, invite: created.invite } }));
  return { socket: created.socket, tokens: [created.seatToken, friend.seatToken] };
}

describe("batched frames", () => {
  it("carry exactly an unbatched socket's messages in the same order, per seat and for a spectator, over whole random games", async () => {
    for (let g = 0; g < 3; g++) {
      const { socket, tokens } = await duel();
      const viewers = [0, 1, "spectator"] as const;
      // Per viewer: [one message per frame, batched], each having said hello before the first command.
      const sockets: Array<[Socket, Socket]> = [];
      for (const viewer of viewers) {
        const pair: Socket[] = [];
        for (const batch of [false, true]) {
          const s = await connect(socket);
          s.send({ type: "hello", ...(viewer === "spectator" ? {} : { seatToken: tokens[viewer] }), ...(batch ? { batch: true } : {}) });
          await until("the welcome", () => messagesOf(s).some((m) => m.type === "welcome"));
          pair.push(s);
        }
        sockets.push(pair as [Socket, Socket]);
      }
      const all = sockets.flat();
      await until("everyone's presence", () => all.every((s) => messagesOf(s).some((m) => m.type === "presence" && m.spectators === 2 && m.connected.every(Boolean))));
      const helloFrames = all.map((s) => s.raw.length);
      const lastView = (s: Socket) => messagesOf(s).filter((m) => m.type === "state" || m.type === "welcome").at(-1)!;
      const random = rng(`batched-${g}`);
      const seq = [0, 0];
      let commands = 0;
      for (let i = 0; i < 400 && !lastView(all[0]!).view.over; i++) {
        const seat = ([0, 1] as const).find((s) => mustAct(stateFromView(lastView(sockets[s]![0]).view.game), s as Seat))!;
        const view = lastView(sockets[seat]![0]);
        // Sent in turn from the seat's socket without and with batches: each gets the acks of its own commands only.
        const sender = sockets[seat]![i % 2]!;
        const clientSeq = ++seq[seat]!;
        sender.send({ type: "command", clientSeq, baseVersion: view.version, command: randomCommand(stateFromView(view.view.game), seat as Seat, random) });
        await until("the ack", () => messagesOf(sender).some((m) => m.type === "ack" && m.clientSeq === clientSeq));
        const acked = messagesOf(sender).find((m) => m.type === "ack" && m.clientSeq === clientSeq)!;
        await until("every socket's state", () => all.every((s) => lastView(s).version >= acked.version));
        commands++;
      }
      expect(lastView(all[0]!).view.over).toBe(true);
      expect(commands).toBeGreaterThan(20);

      for (const [k, [plain, batched]] of sockets.entries()) {
        // The same messages in the same order after the hellos, but for the acks, which go to the sending socket only.
        const after = (s: Socket) => s.raw.slice(helloFrames[all.indexOf(s)]).flatMap((f) => framedMessages<Msg>(JSON.parse(f)));
        const withoutAcks = (ms: Msg[]) => ms.filter((m) => m.type !== "ack");
        expect(withoutAcks(after(batched)), `viewer ${viewers[k]}`).toEqual(withoutAcks(after(plain)));
        expect(after(plain).filter((m) => m.type === "event").length).toBeGreaterThan(commands);
        // Without batches, one message per frame as always; with them, arrays.
        for (const f of plain.raw) expect(Array.isArray(JSON.parse(f))).toBe(false);
        for (const f of batched.raw) expect(Array.isArray(JSON.parse(f))).toBe(true);
        // A batched hello's answer: the welcome and the presence in one frame.
        expect(framedMessages<Msg>(JSON.parse(batched.raw[0]!)).map((m) => m.type)).toEqual(["welcome", "presence"]);
        // Each command's messages in one frame: its events, then the state, then (the sender's) the ack.
        const frames = batched.raw.slice(helloFrames[all.indexOf(batched)]).map((f) => framedMessages<Msg>(JSON.parse(f)));
        expect(frames.length).toBe(commands);
        for (const frame of frames) {
          const types = frame.map((m) => m.type);
          const state = types.indexOf("state");
          expect(types.slice(0, state).every((t) => t === "event") && types.slice(state + 1).every((t) => t === "ack")).toBe(true);
          expect(types.filter((t) => t === "ack").length).toBeLessThanOrEqual(1);
        }
        // Every ack on either socket comes after its command's state: the events before the ack.
        for (const s of [plain, batched]) {
          const ms = after(s);
          for (const [j, m] of ms.entries()) if (m.type === "ack") expect(ms[j - 1]).toMatchObject({ type: "state", version: m.version });
        }
        const acks = (s: Socket) => after(s).filter((m) => m.type === "ack").length;
        if (viewers[k] === "spectator") expect(acks(plain) + acks(batched)).toBe(0);
        else expect(acks(plain) > 0 && acks(batched) > 0).toBe(true);
      }
      for (const s of all) await s.close();
    }
  });

  it("answer a refused command with one frame holding the error", async () => {
    const { socket, tokens } = await duel();
    const s = await connect(socket);
    s.send({ type: "hello", seatToken: tokens[1], batch: true });
    await until("the welcome", () => messagesOf(s).some((m) => m.type === "welcome"));
    const before = s.raw.length;
    // A baseVersion ahead of the room: refused, nothing logged.
    s.send({ type: "command", clientSeq: 1, baseVersion: 999, command: { type: "play", card: "X1" } });
    await until("the error", () => s.raw.length > before);
    expect(JSON.parse(s.raw[before]!)).toEqual([expect.objectContaining({ type: "error", clientSeq: 1, code: "BAD_VERSION" })]);
    await s.close();
  });

  it("answer a refused hello that asked for them as an array of one too (and one without as a plain message)", async () => {
    const { socket } = await duel();
    for (const [hello, code] of [[{ seatToken: "not-this-table" }, "BAD_SEAT_TOKEN"], [{ protocol: 999 }, "PROTOCOL_MISMATCH"]] as const) {
      for (const batch of [true, false]) {
        const s = await connect(socket);
        s.send({ type: "hello", ...hello, ...(batch ? { batch: true } : {}) });
        await until("the refusal", () => s.raw.length > 0);
        const got = JSON.parse(s.raw[0]!);
        if (batch) expect(got).toEqual([expect.objectContaining({ type: "error", code })]);
        else expect(got).toMatchObject({ type: "error", code });
        await s.close();
      }
    }
  });
});
