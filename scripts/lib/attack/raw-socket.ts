// A bare WebSocket for attacks: sends exactly the frame given (text, binary, or raw bytes in a text frame) and reads
// the answers one at a time, so each hostile message is paired with what the room said to it.
import WebSocket from "ws";

export type Answer = { kind: "message"; text: string } | { kind: "close"; code: number; reason: string } | { kind: "timeout" } | { kind: "refused"; detail: string };

export class RawSocket {
  private readonly queue: Answer[] = [];
  private waiter: ((a: Answer) => void) | null = null;
  closed: { code: number; reason: string } | null = null;

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data, isBinary) => this.push({ kind: "message", text: isBinary ? Buffer.from(data as Buffer).toString("utf8") : String(data) }));
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.push({ kind: "close", code, reason: String(reason) });
    });
    ws.on("error", () => {
      // the close event follows
    });
  }

  /** Opens a socket to `url` (ws://…); refused (an HTTP answer instead of the upgrade) is an answer, not an exception. */
  static open(url: string, timeoutMs = 10_000): Promise<RawSocket | { refused: string; status: number }> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, { handshakeTimeout: timeoutMs });
      ws.once("open", () => resolve(new RawSocket(ws)));
      ws.once("unexpected-response", (_req, res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString("utf8")));
        res.on("end", () => resolve({ refused: body, status: res.statusCode ?? 0 }));
        res.on("error", () => resolve({ refused: body, status: res.statusCode ?? 0 }));
      });
      ws.once("error", (e) => resolve({ refused: e.message, status: 0 }));
    });
  }

  private push(a: Answer): void {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(a);
    } else {
      this.queue.push(a);
    }
  }

  /** Sends a text frame (a string), a binary frame (`binary: true`), or bytes that are not UTF-8 in a text frame. */
  send(data: string | Buffer, binary = false): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(data, { binary });
  }

  /** The next thing the room did: a message, closing the socket, or nothing within `timeoutMs`. */
  next(timeoutMs = 5000): Promise<Answer> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.closed) return Promise.resolve({ kind: "close", ...this.closed });
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiter = null;
        resolve({ kind: "timeout" });
      }, timeoutMs);
      this.waiter = (a) => {
        clearTimeout(t);
        resolve(a);
      };
    });
  }

  /** Everything already received and not read yet. */
  drain(): Answer[] {
    return this.queue.splice(0);
  }

  close(): void {
    this.ws.close();
  }
}
