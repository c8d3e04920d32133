// Battlemaske at the generic room connection: its view and command types, its room class, and how a trick plays out.
import type { Command, Seat } from "../../../shared/battlemaske/events";
import { battlemaskeGame } from "../../../shared/battlemaske/game";
import type { View } from "../../../shared/battlemaske/view";
import type { RoomViewOf } from "../../../shared/room/protocol";
import { connectRoom, type RoomEventMessage } from "../room/connection";
import type { Session } from "../room/session";
import { paceTricks, type Staged } from "./pace";

/** The room's view envelope around the Battlemaske view: the wire contract's own type (shared/room/protocol.ts). */
export type RoomView = RoomViewOf<View>;
export type { HintPayload, RoomResult } from "../../../shared/room/protocol";

export type { Staged } from "./pace";

/** Sits down at a Battlemaske room (inside a component: closed on cleanup). */
export function connectBattlemaske(session: Session<Seat>, onEvent: (m: RoomEventMessage, before: RoomView | null) => void, onHistory?: (entries: readonly RoomEventMessage[], view: RoomView | null) => void) {
  return connectRoom<View, Command, Staged>({ party: battlemaskeGame.party, session, onEvent, pace: paceTricks, ...(onHistory ? { onHistory } : {}) });
}
