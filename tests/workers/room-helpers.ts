// Reaching into a room's Durable Object from the workers tests: its log's times, its report mark.
import { runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";

/** Every logged time `ago` ms earlier, and the core folded again from the log (as after an eviction); the alarm stays. */
export async function startedAgo(stub: DurableObjectStub, ago: number): Promise<void> {
  await runInDurableObject(stub, (room, s) => {
    s.storage.sql.exec("UPDATE events SET time = time - ?", ago);
    (room as unknown as { onStart(): void }).onStart();
  });
}

/** Until the room marked its report as delivered (within 5 s: it is one local fetch after the broadcast). */
export async function reported(stub: DurableObjectStub): Promise<void> {
  const mark = () => runInDurableObject(stub, (_r, s) => s.storage.kv.get<string>("reported"));
  for (let i = 0; i < 500 && (await mark()) === undefined; i++) await new Promise((r) => setTimeout(r, 10));
  expect(await mark()).toBe("ok");
}
