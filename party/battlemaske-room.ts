// A Battlemaske table as a PartyServer room on a SQLite-backed Durable Object: sockets, storage and the seat
// tokens here; every rule and every message decision in the runtime-agnostic room core (party/core/).
import { Server, type Connection, type WSMessage } from "partyserver";
import { parseClientMessage } from "../shared/protocol.js";
import { adviseSeat, chooseComputerCommand } from "./computer";
import { BattlemaskeRoomCore, type LoggedEvent, type RoomConfig, type ServerMessage } from "./core/battlemaske-core";
import type { Viewer } from "./core/room-core";
import type { LogEntry } from "./core/log";
import { SqlLogStore } from "./sql-log-store";
import { hashToken } from "./tokens";

interface ConnectionState {
  viewer: Viewer;
}

export class BattlemaskeRoom extends Server {
  static override options = { hibernate: true };

  private core: BattlemaskeRoomCore | null = null;
  private store!: SqlLogStore<LoggedEvent>;

  override onStart(): void {
    this.store = new SqlLogStore<LoggedEvent>(this.ctx.storage);
    // A Durable Object woken by its alarm has no ctx.id.name, so the room keeps its own name.
    if (this.store.getMeta<string>("roomName") === undefined) this.store.putMeta("roomName", this.name);
    const config = this.store.getMeta<RoomConfig>("config");
    if (config) this.core = new BattlemaskeRoomCore(this.roomName(), this.store, config, chooseComputerCommand, adviseSeat);
  }

  /** Called once by the Worker that creates the table (RPC); a second call with the room set up changes nothing. */
  async init(config: RoomConfig): Promise<{ created: boolean; version: number }> {
    if (this.core) return { created: false, version: this.core.version };
    this.store.putMeta("config", config);
    this.core = new BattlemaskeRoomCore(this.roomName(), this.store, config, chooseComputerCommand, adviseSeat);
    this.core.start(Date.now());
    await this.scheduleAlarm();
    return { created: true, version: this.core.version };
  }

  /** Gives the invited seat to the first caller with the invite; the game starts then. Later calls get null. */
  async claimInvite(inviteHash: string, tokenHash: string): Promise<{ seat: number } | null> {
    const core = this.core;
    const seat = core?.inviteSeat(inviteHash) ?? null;
    if (!core || seat === null) return null;
    const seats = core.config.seats.map((s, i) => (i === seat ? { type: "human" as const, tokenHash } : s)) as unknown as RoomConfig["seats"];
    const config: RoomConfig = { ...core.config, seats };
    this.store.putMeta("config", config);
    this.core = new BattlemaskeRoomCore(this.roomName(), this.store, config, chooseComputerCommand, adviseSeat);
    this.broadcastEntries(this.core, this.core.start(Date.now()));
    await this.scheduleAlarm();
    return { seat };
  }

  /** Ends a game on time. Alarms fire at least once, maybe twice: the core appends a timeout only when one is really due. */
  override async onAlarm(): Promise<void> {
    const core = this.core;
    if (!core) return;
    this.broadcastEntries(core, core.onAlarm(Date.now()));
    await this.scheduleAlarm();
  }

  private async scheduleAlarm(): Promise<void> {
    const at = this.core?.nextAlarm() ?? null;
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  override async onMessage(connection: Connection<ConnectionState>, raw: WSMessage): Promise<void> {
    const parsed = parseClientMessage(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
    if (!parsed.ok) return this.send(connection, [{ type: "error", clientSeq: null, code: parsed.code, message: parsed.message, messageDe: "Die Nachricht ist ungültig." }]);
    const core = this.core;
    if (!core) return this.send(connection, [{ type: "error", clientSeq: null, code: "NO_GAME", message: "There is no game at this table.", messageDe: "An diesem Tisch gibt es kein Spiel." }]);
    const msg = parsed.message;
    if (msg.type === "hello") {
      let viewer: Viewer = "spectator";
      if (msg.seatToken !== undefined) {
        const seat = core.seatFor(await hashToken(msg.seatToken));
        if (seat === null) return this.send(connection, [{ type: "error", clientSeq: null, code: "BAD_SEAT_TOKEN", message: "This seat token does not belong to this table.", messageDe: "Dieses Platz-Token gehört nicht zu diesem Tisch." }]);
        viewer = seat;
      }
      connection.setState({ viewer });
      return this.send(connection, core.hello(viewer, msg.lastVersion));
    }
    const state = connection.state;
    if (!state) return this.send(connection, [{ type: "error", clientSeq: msg.clientSeq, code: "NO_HELLO", message: "Say hello first.", messageDe: "Zuerst hello senden." }]);
    const { reply, appended } = core.handle(state.viewer, msg, Date.now());
    this.send(connection, reply);
    this.broadcastEntries(core, appended);
    if (appended.length > 0) await this.scheduleAlarm();
  }

  private broadcastEntries(core: BattlemaskeRoomCore, entries: ReadonlyArray<LogEntry<LoggedEvent>>): void {
    if (entries.length === 0) return;
    for (const connection of this.getConnections<ConnectionState>()) {
      const viewer = connection.state?.viewer;
      if (viewer !== undefined) this.send(connection, core.messagesFor(viewer, entries));
    }
  }

  private send(connection: Connection, messages: ServerMessage[]): void {
    for (const m of messages) connection.send(JSON.stringify(m));
  }

  private roomName(): string {
    return this.store.getMeta<string>("roomName") ?? this.name;
  }
}
