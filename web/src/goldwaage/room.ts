// Goldwaage at the generic room connection: its view and command types and its room; how a batch plays out is pace.ts.
import type { Command } from "../../../shared/goldwaage/events";
import { goldwaageGame } from "../../../shared/goldwaage/game";
import type { View } from "../../../shared/goldwaage/view";
import type { RoomViewOf } from "../../../shared/room/protocol";
import { connectRoom, type RoomEventMessage } from "../room/connection";
import { pace, THINK_MS, type Staged } from "./pace";
import type { Session } from "../room/session";

export type RoomView = RoomViewOf<View>;
export { THINK_MS, type Staged };

/** Sits down at a Goldwaage room (inside a component: closed on cleanup). */
export function connectGoldwaage(session: Session, onEvent: (m: RoomEventMessage, before: RoomView | null) => void, onHistory?: (entries: readonly RoomEventMessage[], view: RoomView | null) => void) {
  return connectRoom<View, Command, Staged>({ party: goldwaageGame.party, session, onEvent, pace, ...(onHistory ? { onHistory } : {}) });
}
