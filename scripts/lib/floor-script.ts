// Records what a real room sends for one duel, frame by frame, for bench:rooms' floor (party/floor-room.ts): the room
// core plays the game in Node as the bench's two greedy players would (each deciding from its own view), and every
// frame each seat would get — the same texts, so the same sizes and the same work for permessage-deflate — is kept with
// the command that caused it and the event rows the room writes for it.
import { stateFromView, type Seat } from "../../shared/battlemaske/index.js";
import { botCommand, mustAct } from "../../shared/battlemaske/bots/index.js";
import { batchFrames } from "../../shared/room/protocol.js";
import { BattlemaskeRoomCore, type LoggedEvent, type RoomConfig } from "../../party/core/battlemaske-core.js";
import { MemoryLogStore } from "../../party/core/log.js";
import type { FloorScript } from "../../party/core/floor.js";

/** A recorded duel: what the floor sends (`script`) and what each command's seat sends, in order. */
export interface FloorGame {
  readonly script: FloorScript;
  /** Per seat: its hello's text. */
  readonly hellos: readonly [string, string];
  /** Per step of the script: the seat that sends it and the text it sends. */
  readonly commands: ReadonlyArray<{ readonly seat: Seat; readonly text: string }>;
}

/** One duel with `seed`, its frames as a socket with (`batch`) or without batched frames gets them. */
export function recordFloorGame(seed: string, batch: boolean): FloorGame {
  const config: RoomConfig = {
    kind: "online",
    options: { ruleset: "battlemaske", variant: "single" },
    seed,
    rated: false,
    clock: { type: "brake" },
    seats: [
      { type: "human", tokenHash: "0".repeat(64) },
      { type: "human", tokenHash: "1".repeat(64) },
    ],
    names: [null, null],
  };
  const core = new BattlemaskeRoomCore("floorFloorFloor0", new MemoryLogStore<LoggedEvent>(), config);
  let now = Date.now();
  core.start(now);
  const frames = (texts: string[]) => (batch ? batchFrames(texts) : texts);
  const seats = [0, 1] as const;
  const presence = JSON.stringify({ type: "presence", connected: [true, true], spectators: 0 });
  const hello = seats.map((seat) => frames([...core.hello(seat).map((m) => JSON.stringify(m)), presence]));
  // A seat token's length (32 random bytes, base64url), so the hello is as long as the bench's.
  const hellos = seats.map((seat) => JSON.stringify({ type: "hello", seatToken: String(seat).repeat(43), ...(batch ? { batch: true } : {}) })) as [string, string];
  const steps: Array<FloorScript["steps"][number]> = [];
  const commands: Array<{ seat: Seat; text: string }> = [];
  const seq = [0, 0];
  for (let guard = 0; guard < 1000 && !core.over; guard++) {
    const seat = seats.find((s) => mustAct(stateFromView(core.viewFor(s).game), s));
    if (seat === undefined) throw new Error(`floor game ${seed}: nobody to act at version ${core.version}`);
    const command = botCommand("greedy", stateFromView(core.viewFor(seat).game), seat, `bench/${seed}/${core.version}`);
    const message = { type: "command" as const, clientSeq: ++seq[seat]!, baseVersion: core.version, command };
    const { reply, appended } = core.handle(seat, message, (now += 1000));
    if (appended.length === 0) throw new Error(`floor game ${seed}: a command was refused: ${JSON.stringify(reply)}`);
    const texts = core.serializedFor(seats, appended);
    const last = appended.at(-1)!.version;
    steps.push({
      frames: seats.map((s) => frames([...texts.get(s)!, ...(s === seat ? reply.map((m) => JSON.stringify(m)) : [])])),
      rows: appended.map((e) => [e.version, e.time, e.actor, JSON.stringify(e.event), e.version === last ? seat : null, e.version === last ? message.clientSeq : null] as const),
    });
    commands.push({ seat, text: JSON.stringify(message) });
  }
  return { script: { hello, steps }, hellos, commands };
}
