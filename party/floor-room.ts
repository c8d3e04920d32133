// The floor of the plumbing (bench:rooms --floor, docs/protocol.md "Load"): a Durable Object that plays back the frames a
// real room sent for a recorded game — the same number, sizes and texts per command, to the same sockets, through the
// same Worker route and hops — without any game: no parsing, no rules, no redaction, no partyserver. Optionally it writes
// the command's event rows with the room's own INSERT. What the room costs above this is ours; this is workerd's.
// Bound only in the bench's frozen wrangler.toml (scripts/lib/site.ts, `floor`): the deployed Worker has no such binding,
// and its route answers 404 without one (worker/index.ts).
import { DurableObject } from "cloudflare:workers";
import type { FloorScript } from "./core/floor";

export type { FloorScript } from "./core/floor";

/** The room's multi-row INSERT (party/sql-log-store.ts), by row count. */
const INSERTS: string[] = [];
const insertEvents = (n: number) => (INSERTS[n] ??= `INSERT INTO events (version, time, actor, event, seat, client_seq) VALUES ${Array.from({ length: n }, () => "(?, ?, ?, ?, ?, ?)").join(", ")}`);

export class FloorRoom extends DurableObject<Cloudflare.Env> {
  /** In memory only: a bench fixture that is played while it is loaded (a game's sockets keep it from being evicted). */
  private script: FloorScript | null = null;
  private sql = false;
  private next = 0;

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      // The set-up (not measured): the recorded game, and whether to write its rows.
      const body = (await request.json()) as { script: FloorScript; sql: boolean };
      [this.script, this.sql, this.next] = [body.script, body.sql, 0];
      if (this.sql) {
        this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS events (
          version INTEGER PRIMARY KEY, time INTEGER NOT NULL, actor TEXT NOT NULL, event TEXT NOT NULL, seat INTEGER, client_seq INTEGER)`);
      }
      return new Response(null, { status: 204 });
    }
    const seat = new URL(request.url).searchParams.get("seat") ?? "0";
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    // Hibernatable, tagged with its seat: as partyserver accepts the room's sockets (hibernate: true).
    this.ctx.acceptWebSocket(server, [seat]);
    return new Response(null, { status: 101, webSocket: client });
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    const script = this.script;
    if (!script) return ws.close(1011, "no script");
    // A hello (the first frame of each socket) is answered to that socket only; every other frame is the next command.
    if (typeof message === "string" && message.startsWith('{"type":"hello"')) {
      for (const frame of script.hello[Number(this.ctx.getTags(ws)[0])] ?? []) ws.send(frame);
      return;
    }
    const step = script.steps[this.next++];
    if (!step) return;
    if (this.sql && step.rows.length > 0) this.ctx.storage.sql.exec(insertEvents(step.rows.length), ...step.rows.flat());
    for (const socket of this.ctx.getWebSockets()) for (const frame of step.frames[Number(this.ctx.getTags(socket)[0])] ?? []) socket.send(frame);
  }

  override webSocketClose(ws: WebSocket, code: number): void {
    ws.close(code === 1005 ? 1000 : code);
  }
}
