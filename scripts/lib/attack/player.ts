// A headless room client for the attack suite: plays a seat (a bot deciding from its own view only) or watches as a
// spectator, records every message it receives, reconnects with lastVersion whenever the socket drops (as
// scripts/client.ts does), resends a command in flight with the same clientSeq, and can ask for take-backs and hints.
import WebSocket from "ws";
import { stateFromView } from "../../../shared/battlemaske/index.js";
import { botCommand, mustAct, type BotName } from "../../../shared/battlemaske/bots/index.js";
import { simpleBot } from "../../../shared/goldwaage/bots/index.js";
import type { View as GoldwaageView } from "../../../shared/goldwaage/view.js";

export type Msg = { type: string; [k: string]: any };

export interface Received {
  readonly raw: string;
  readonly msg: Msg | null;
  /** The room version the message speaks of: its own version, else the last version this socket had seen. */
  readonly asOf: number;
}

export interface PlayerOptions {
  /** http://host:port of the site. */
  readonly url: string;
  /** A Goldwaage table plays with the seed's simple bot from its own view; no take-backs or hints there. */
  readonly party?: "battlemaske-room" | "goldwaage-room";
  readonly room: string;
  /** Without one the client is a spectator. */
  readonly seatToken?: string;
  readonly label: string;
  readonly bot?: BotName;
  /** Against the computer or in the daily game a take-back applies at once: ask this many times on the own turn. */
  readonly takebacks?: number;
  /** Friendly online: ask the friend this many times (while the friend is to play). */
  readonly askTakebacks?: number;
  /** Friendly online: accept the friend's take-back requests. */
  readonly acceptTakebacks?: boolean;
  readonly hints?: number;
  /** Waits this long before each own action (so a game is still running when the site is killed). */
  readonly thinkMs?: number;
  readonly random?: () => number;
  /** Gives up (rejects) after this long. */
  readonly deadlineMs?: number;
}

interface Pending {
  readonly clientSeq: number;
  readonly kind: "command" | "takeback" | "hint";
  readonly message: Record<string, unknown>;
}

export interface PlayerSummary {
  readonly label: string;
  readonly seat: number | null;
  /** The version of the first welcome (what its full view showed), and the last version seen. */
  readonly firstVersion: number;
  readonly lastVersion: number;
  /** Every event version received, in arrival order (repeats included). */
  readonly eventVersions: readonly number[];
  readonly reconnects: number;
  readonly commands: number;
  readonly takebacksAsked: number;
  readonly hintsAsked: number;
  readonly commandErrors: readonly Msg[];
  readonly result: unknown;
}

export class Player {
  readonly received: Received[] = [];
  readonly eventVersions: number[] = [];
  seat: number | null = null;
  view: any = null;
  version = 0;
  firstVersion: number | null = null;
  reconnects = -1;
  commands = 0;
  takebacksAsked = 0;
  hintsAsked = 0;
  readonly commandErrors: Msg[] = [];
  /** Errors answered to take-back and hint requests (expected now and then: nothing to take back, nothing to decide). */
  readonly helpErrors: Msg[] = [];
  private ws: WebSocket | null = null;
  private clientSeq = 0;
  private pending: Pending | null = null;
  /** After an ack: act only once the state of that version has arrived. */
  private waitFor = 0;
  private lastSeen = 0;
  private welcomed = false;
  private finished = false;
  private acceptedAt = -1;
  private ownRequestSince = 0;
  private thinking = false;
  private timer: NodeJS.Timeout | null = null;
  private resolveDone!: (s: PlayerSummary) => void;
  private rejectDone!: (e: Error) => void;
  readonly done: Promise<PlayerSummary>;

  constructor(private readonly o: PlayerOptions) {
    this.done = new Promise((res, rej) => {
      this.resolveDone = res;
      this.rejectDone = rej;
    });
    // A caller that only awaits later must not see an unhandled rejection meanwhile.
    this.done.catch(() => {});
  }

  /** Connects (and keeps reconnecting until the game is over or the deadline passes). */
  start(): Promise<PlayerSummary> {
    const deadline = setTimeout(() => this.fail(new Error(`${this.o.label}: no end of the game within ${this.o.deadlineMs ?? 180_000} ms (version ${this.version})`)), this.o.deadlineMs ?? 180_000);
    this.done.then(() => clearTimeout(deadline), () => clearTimeout(deadline));
    this.connect();
    return this.done;
  }

  /** Closes the socket for good. */
  close(): void {
    this.finished = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }

  private fail(e: Error): void {
    if (this.finished) return;
    this.close();
    this.rejectDone(e);
  }

  private connect(): void {
    if (this.finished) return;
    const ws = new WebSocket(`${this.o.url.replace(/^http/, "ws")}/parties/${this.o.party ?? "battlemaske-room"}/${this.o.room}`);
    this.ws = ws;
    ws.on("open", () => {
      this.reconnects++;
      this.send({ type: "hello", ...(this.o.seatToken ? { seatToken: this.o.seatToken } : {}), ...(this.welcomed ? { lastVersion: this.lastSeen } : {}) });
    });
    ws.on("message", (data, isBinary) => this.onMessage(isBinary ? Buffer.from(data as Buffer).toString("utf8") : String(data)));
    ws.on("error", () => {
      // the close that follows reconnects
    });
    ws.on("close", () => {
      if (this.ws !== ws || this.finished) return;
      this.ws = null;
      // The site may be down for a while (a restart): try again soon, forever until the deadline.
      this.timer = setTimeout(() => this.connect(), 100);
    });
  }

  private send(m: Record<string, unknown>): void {
    // While the socket is down a command stays pending and is resent after the next welcome.
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private onMessage(raw: string): void {
    let m: Msg | null = null;
    try {
      m = JSON.parse(raw) as Msg;
    } catch {
      // recorded as it came; the scans judge it
    }
    const asOf = m && typeof m.version === "number" && m.type !== "ack" ? m.version : this.lastSeen;
    this.received.push({ raw, msg: m, asOf });
    if (!m) return;
    switch (m.type) {
      case "welcome":
        this.seat = m.seat;
        this.welcomed = true;
        if (m.view) {
          this.view = m.view;
          this.version = m.version;
          this.lastSeen = Math.max(this.lastSeen, m.version);
        }
        this.firstVersion ??= m.version;
        if (this.pending) this.send(this.pending.message);
        break;
      case "event":
        this.eventVersions.push(m.version);
        this.lastSeen = Math.max(this.lastSeen, m.version);
        break;
      case "state":
      case "resync":
        this.view = m.view;
        this.version = m.version;
        this.lastSeen = Math.max(this.lastSeen, m.version);
        if (m.type === "resync" && this.pending?.kind === "command") this.pending = null;
        break;
      case "ack":
        if (this.pending?.clientSeq === m.clientSeq) {
          this.pending = null;
          this.waitFor = m.version;
        }
        break;
      case "error":
        if (this.pending !== null && this.pending.clientSeq === m.clientSeq) {
          (this.pending.kind === "command" ? this.commandErrors : this.helpErrors).push(m);
          this.pending = null;
        } else {
          this.commandErrors.push(m);
        }
        if (this.commandErrors.length > 5) return this.fail(new Error(`${this.o.label}: the room refused: ${JSON.stringify(this.commandErrors.slice(0, 3))}`));
        break;
    }
    if (this.view?.over && this.version >= this.waitFor) return this.finish();
    this.maybeAct();
  }

  private finish(): void {
    if (this.finished) return;
    this.close();
    this.resolveDone({
      label: this.o.label,
      seat: this.seat,
      firstVersion: this.firstVersion ?? 0,
      lastVersion: this.lastSeen,
      eventVersions: this.eventVersions.slice(),
      reconnects: Math.max(0, this.reconnects),
      commands: this.commands,
      takebacksAsked: this.takebacksAsked,
      hintsAsked: this.hintsAsked,
      commandErrors: this.commandErrors.slice(),
      result: this.view?.result ?? null,
    });
  }

  private next(kind: Pending["kind"], body: Record<string, unknown>): void {
    const clientSeq = ++this.clientSeq;
    this.pending = { clientSeq, kind, message: { ...body, clientSeq } };
    this.send(this.pending.message);
  }

  private maybeAct(): void {
    const v = this.view;
    if (this.finished || !v || v.over || this.seat === null || this.pending || this.thinking || this.version < this.waitFor || !this.ws) return;
    const seat = this.seat as 0 | 1;
    const random = this.o.random ?? Math.random;
    const requestedBy: number | null = v.takeback?.requestedBy ?? null;
    // The friend asked to take a card back: say yes once per table state (a failed accept is followed by a move).
    if (this.o.acceptTakebacks && requestedBy !== null && requestedBy !== seat && this.acceptedAt !== this.version) {
      this.acceptedAt = this.version;
      return this.next("takeback", { type: "takeback", action: "accept" });
    }
    // Our own request waits a moment for the friend's answer; after that a move lets it lapse.
    if (requestedBy === seat) {
      if (this.ownRequestSince === 0) this.ownRequestSince = Date.now();
      if (Date.now() - this.ownRequestSince < 2000) {
        this.timer = setTimeout(() => this.maybeAct(), 2100);
        return;
      }
    } else {
      this.ownRequestSince = 0;
    }
    const game = v.game;
    if (this.o.party === "goldwaage-room") return this.actGoldwaage(seat);
    if ((this.o.askTakebacks ?? 0) > this.takebacksAsked && game.phase === "play" && game.turn === 1 - seat && requestedBy === null && random() < 0.15) {
      this.takebacksAsked++;
      return this.next("takeback", { type: "takeback", action: "request" });
    }
    const state = stateFromView(game);
    if (!mustAct(state, seat)) return;
    if ((this.o.hints ?? 0) > this.hintsAsked && random() < 0.1) {
      this.hintsAsked++;
      return this.next("hint", { type: "hint" });
    }
    if ((this.o.takebacks ?? 0) > this.takebacksAsked && game.phase === "play" && random() < 0.1) {
      this.takebacksAsked++;
      return this.next("takeback", { type: "takeback", action: "request" });
    }
    const act = () => {
      this.thinking = false;
      if (this.finished || this.pending || !this.ws) return;
      // The view may have moved on while thinking: decide on the newest one.
      const now = stateFromView(this.view.game);
      if (this.view.over || !mustAct(now, seat)) return;
      this.commands++;
      this.next("command", { type: "command", baseVersion: this.version, command: botCommand(this.o.bot ?? "greedy", now, seat, `attack/${this.o.label}/${this.version}`) });
    };
    if (this.o.thinkMs) {
      this.thinking = true;
      this.timer = setTimeout(act, this.o.thinkMs * (0.5 + random()));
    } else {
      act();
    }
  }

  /** Goldwaage: the round start's open cards, or a card on this seat's turn, as the simple bot decides from the view. */
  private actGoldwaage(seat: number): void {
    const g = this.view.game as GoldwaageView;
    const due = (g.phase === "show" && !g.shown[seat]) || (g.phase === "play" && g.turn === seat);
    if (!due) return;
    this.commands++;
    this.next("command", { type: "command", baseVersion: this.version, command: simpleBot({ seed: `attack/${this.o.label}` }).act(g) });
  }
}
