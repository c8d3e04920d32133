// A Battlemaske table: /parties/battlemaske-room/<name>. When a game ends, the room reports it to the Worker once.
import { exports } from "cloudflare:workers";
import { ClientMessageSchema } from "../shared/room/protocol.js";
import type { Options } from "../shared/battlemaske/index.js";
import { adviseSeat, chooseComputerCommand } from "./computer";
import { BattlemaskeRoomCore, type LoggedEvent, type RoomConfig } from "./core/battlemaske-core";
import type { LogStore } from "./core/log";
import { GameRoomServer } from "./room-server";

/** A failed report is tried again after this long (the Worker records each room once, so retries are safe). */
const REPORT_RETRY_MS = 30_000;

export class BattlemaskeRoom extends GameRoomServer<BattlemaskeRoomCore, Options> {
  protected readonly messages = ClientMessageSchema;

  protected makeCore(name: string, store: LogStore<unknown>, config: RoomConfig): BattlemaskeRoomCore {
    return new BattlemaskeRoomCore(name, store as LogStore<LoggedEvent>, config, chooseComputerCommand, adviseSeat);
  }

  protected override async afterChange(): Promise<void> {
    await super.afterChange();
    const core = this.core;
    // A hot-seat game is played in the browser (web/src/room/local.ts) and is nobody's record: never reported.
    if (!core?.over || core.config.kind === "hotseat" || this.store.getMeta<string>("reported")) return;
    const sent = await this.report(core);
    // Delivered, or refused as malformed (a 4xx will never succeed): either way this room is done reporting.
    if (sent !== "retry") this.store.putMeta("reported", sent);
    else await this.setAlarmAt(Date.now() + REPORT_RETRY_MS);
  }

  /** POST /internal/results through the Worker itself, authenticated with ROOM_SECRET: "ok", "refused" (4xx, final) or "retry". */
  private async report(core: BattlemaskeRoomCore): Promise<"ok" | "refused" | "retry"> {
    const body = core.report();
    if (!body) return "retry";
    try {
      const res = await exports.default.fetch("https://spielcenter.internal/internal/results", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.env.ROOM_SECRET}` },
        body: JSON.stringify(body),
      });
      if (res.ok) return "ok";
      console.error(`room ${core.name}: the Worker refused the report: ${res.status} ${await res.text()}`);
      return res.status >= 400 && res.status < 500 ? "refused" : "retry";
    } catch (err) {
      console.error(`room ${core.name}: reporting failed: ${err instanceof Error ? err.message : String(err)}`);
      return "retry";
    }
  }
}
