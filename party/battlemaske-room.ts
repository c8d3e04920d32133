import { Server, type Connection } from "partyserver";

/** The first message every connection receives. */
export interface WelcomeMessage {
  type: "welcome";
  room: string;
  /** The version of the last event in the room's log; 0 for an empty log. */
  version: number;
}

/**
 * A Battlemaske room: one SQLite-backed Durable Object per table, addressed as
 * /parties/battlemaske-room/<name>. For now it only owns the event log's table and greets
 * connections; the game itself arrives with the engine.
 */
export class BattlemaskeRoom extends Server {
  static override options = { hibernate: true };

  override onStart(): void {
    this.ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS events (
         version INTEGER PRIMARY KEY,
         time INTEGER NOT NULL,
         actor TEXT NOT NULL,
         event TEXT NOT NULL
       )`,
    );
    // A Durable Object woken by its alarm has no ctx.id.name, so the room keeps its own name.
    if (this.ctx.storage.kv.get<string>("roomName") === undefined) {
      this.ctx.storage.kv.put("roomName", this.name);
    }
  }

  override onConnect(connection: Connection): void {
    const welcome: WelcomeMessage = { type: "welcome", room: this.roomName(), version: this.version() };
    connection.send(JSON.stringify(welcome));
  }

  private roomName(): string {
    return this.ctx.storage.kv.get<string>("roomName") ?? this.name;
  }

  private version(): number {
    const row = this.ctx.storage.sql
      .exec<{ version: number }>("SELECT COALESCE(MAX(version), 0) AS version FROM events")
      .one();
    return row.version;
  }
}
