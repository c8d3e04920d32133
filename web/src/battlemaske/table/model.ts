// What the table is given: the room's view and the actions it may take, from a room (RoomTable) or the device (HotSeat).
import type { Command, Seat } from "../../../../shared/battlemaske/events";
import type { Lang } from "../../../../shared/catalog";
import type { Me } from "../../account";
import type { RoomKind } from "../../room/session";
import type { LogEntry, RoundSummary } from "../log";
import type { RematchActions, RematchMessage } from "../../../../shared/room/protocol";
import type { HintPayload, RoomView, Staged } from "../room";

export interface TableModel {
  readonly kind: RoomKind;
  /** The room's name, for a table at a room (the daily result asks the Worker about its attempt). */
  readonly room?: string;
  readonly view: () => RoomView | null;
  /** The last event version shown (a hook for tests: it changes whenever the table does). */
  readonly version: () => number;
  /** The seat whose view is shown (hot-seat: the one in front of the screen). */
  readonly seat: () => Seat;
  readonly log: () => readonly LogEntry[];
  readonly hint: () => HintPayload | null;
  readonly round: () => RoundSummary | null;
  readonly dismissRound: () => void;
  readonly busy: () => boolean;
  /** A batch of events still playing out (the trick growing, then taken); null when the table shows the view itself. */
  readonly staged?: () => Staged | null;
  /** Ends the batch playing out at once (a click during it is taken, not lost); resolves when the view after it shows. */
  readonly finish?: () => Promise<void>;
  /** The batch playing out is this seat's own move, made in its other tab or device (a tap meant the table before it). */
  readonly movedElsewhere?: () => boolean;
  /** Tells the player that a tap came after the other tab's move and was not played. */
  readonly sayMovedElsewhere?: () => void;
  readonly error: () => string | null;
  readonly connected: () => boolean;
  /** Online: whether the other player's socket is at the room now (null: not known, or no other person). */
  readonly opponentConnected?: () => boolean | null;
  /** Online: when the game is called off if the opponent still has not come to the table (ADR 041); null once it came. */
  readonly opponentNoShowAt?: () => number | null;
  /** A spectator's view of both seats' sockets (the room's presence); null for a player or while not connected. */
  readonly seatsConnected?: () => readonly boolean[] | null;
  /** A spectator's: the seats that have not come to the table since the deal (ADR 041), not "disconnected". */
  readonly seatsLate?: () => readonly number[];
  /** The other side as the log names it ("Der Computer", "Dein Gegner"). */
  readonly opponent: Record<Lang, string>;
  /** Watching without a seat: no hand, nothing to act with; seat 0 is shown at the bottom. */
  readonly spectator?: boolean;
  /** How many watch without a seat (the room's presence), for the players to see. */
  readonly watchers?: () => number;
  /** A spectator's names of both seats (a person's name, or the computer, or a guest). */
  readonly seatName?: (seat: Seat) => Record<Lang, string>;
  readonly canHint: boolean;
  readonly canTakeback: boolean;
  /** Seconds until this seat may ask for "Karte zurück" again after the other side declined (0: now); absent: never waits. */
  readonly takebackPause?: () => number;
  /** Online, before the friend has come: the link to share. */
  readonly invite?: string;
  command(cmd: Command): void;
  requestHint(): void;
  takeback(action: "request" | "accept" | "decline"): void;
  resign(): void;
  exit(): void;
  /**
   * "Verlassen" while the game runs: leaving gives it up (the room's `leave`), then the table is left — by `go` where a
   * link away led (the router's guard), else as `exit`. Absent (hot-seat, daily, a spectator): leaving asks nothing.
   * `uncounted`: the player was told the game does not count yet; should it count by the time the room reads the
   * message, nothing happens and `refused` is called (the question is asked again).
   */
  leaveRunning?(go?: () => void, uncounted?: { readonly refused: () => void }): void;
  /**
   * Before the deal (the friend has not come): "Tisch auflösen" — the room's `cancel`, then the table is left once the
   * room says it is called off (by `go` where a link away led, else as `exit`). Absent where nobody waits for a friend.
   */
  cancelWaiting?(go?: () => void): void;
  /** A rated game: leaving loses it (or aborts it unrated, early on); said in "Partie aufgeben?". */
  readonly rated?: boolean;
  /** A rated game's seat: the account's standing when the table opened, to show what the result moved. */
  readonly standingBefore?: () => Me | undefined;
  /** "Revanche" after the end, at a table of two accounts (absent: none here); `go` moves to the new table once open. */
  readonly rematch?: { readonly state: () => RematchMessage | null; send(action: (typeof RematchActions)[number]): void; readonly ready: () => string | null; go(): void; readonly seated: () => boolean };
  /** A spectator's way to the rematch's table once it is open (the room names it to everyone); absent for a seat. */
  readonly rematchWatch?: () => string | null;
  newGame?(): void;
}

/** The CSS durations are the room's animation credits: a card, a trick gathered, an effect. */
