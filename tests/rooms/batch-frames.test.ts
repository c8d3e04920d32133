// Batched frames (hello `batch: true`): the messages split into JSON arrays, in order, none past BATCH_FRAME_CHARS
// unless one message alone is larger (shared/room/protocol.ts).
import { describe, expect, it } from "vitest";
import { rng } from "../../shared/rng.js";
import { BATCH_FRAME_CHARS, batchFrames, framedMessages } from "../../shared/room/protocol.js";

describe("batchFrames", () => {
  it("keeps every message, in order, in frames of at most BATCH_FRAME_CHARS (a larger message alone in its own)", () => {
    const random = rng("frames");
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(random() * 12);
      const messages = Array.from({ length: n }, (_, i) => ({ type: "event", i, pad: "x".repeat(Math.floor(random() * random() * 2 * BATCH_FRAME_CHARS)) }));
      const frames = batchFrames(messages.map((m) => JSON.stringify(m)));
      expect(frames.flatMap((f) => framedMessages(JSON.parse(f)))).toEqual(messages);
      expect(frames.length === 0).toBe(n === 0);
      for (const f of frames) {
        const inside = framedMessages(JSON.parse(f));
        expect(Array.isArray(JSON.parse(f))).toBe(true);
        if (inside.length > 1) expect(f.length).toBeLessThanOrEqual(BATCH_FRAME_CHARS + 2);
      }
    }
  });

  it("puts small messages in one frame and reads an unbatched frame as its one message", () => {
    const texts = ['{"type":"event","version":3}', '{"type":"state","version":3}', '{"type":"ack","clientSeq":1,"version":3}'];
    expect(batchFrames(texts)).toEqual([`[${texts.join(",")}]`]);
    expect(framedMessages(JSON.parse(texts[2]!))).toEqual([{ type: "ack", clientSeq: 1, version: 3 }]);
  });
});
