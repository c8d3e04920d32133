// A Battlemaske table: /parties/battlemaske-room/<name>. When a game ends, the room reports it to the Worker once.
import { exports } from "cloudflare:workers";
import { ClientMessageSchema } from "../shared/protocol.js";
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
    if (!core?.over || this.store.getMeta<boolean>("reported")) return;
    if (await this.report(core)) this.store.putMeta("reported", true);
    else await this.ctx.storage.setAlarm(Date.now() + REPORT_RETRY_MS);
  }

  /** POST /internal/results through the Worker itself, authenticated with ROOM_SECRET; true once the Worker has it. */
  private async report(core: BattlemaskeRoomCore): Promise<boolean> {
    const body = core.report();
    if (!body) return false;
    try {
      const res = await exports.default.fetch("https://spielcenter.internal/internal/results", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.env.ROOM_SECRET}` },
        body: JSON.stringify(body),
      });
      if (!res.ok) console.error(`room ${core.name}: the Worker refused the report: ${res.status} ${await res.text()}`);
      return res.ok;
    } catch (err) {
      console.error(`room ${core.name}: reporting failed: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }
}
