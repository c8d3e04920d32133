// What bench:rooms' floor (party/floor-room.ts) plays back: a recorded game's frames, runtime-agnostic so that the
// recorder (scripts/lib/floor-script.ts, in Node) and the Durable Object share the shape.

/** A recorded game as the floor plays it back. */
export interface FloorScript {
  /** Per seat: the frames its hello is answered with. */
  readonly hello: ReadonlyArray<readonly string[]>;
  /** Per command, in order: the frames each seat gets, and the event rows the room wrote for it. */
  readonly steps: ReadonlyArray<{ readonly frames: ReadonlyArray<readonly string[]>; readonly rows: ReadonlyArray<readonly [number, number, string, string, number | null, number | null]> }>;
}
