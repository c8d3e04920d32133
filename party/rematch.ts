// "Revanche": after a Battlemaske game between two accounts, one seat offers, the other accepts, and the Worker opens a
// new table with the same terms and the accounts in each other's seats (lila's Rematcher). It lives beside the game,
// not in its log: the game is over and its log is what gets reported and replayed; the offer is kept in the room's
// storage (meta) so it survives hibernation, and so does the new table's seat tokens for a seat that reloads.
import { exports } from "cloudflare:workers";
import type { Terms } from "../shared/lobby.js";
import type { RematchActions, RematchMessage, RematchReadyMessage, ServerMessageOf } from "../shared/room/protocol.js";
import type { RoomConfigOf } from "./core/room-core";
// What the Worker answers POST /internal/lobby/duel with (the challenger: this table's seat 1, as Conte).
import type { Duel } from "./lobby";

type Action = (typeof RematchActions)[number];
type Stored = Omit<RematchMessage, "type">;
/** Per seat of this table: its place at the new one (kept for a reload of the old page). */
type Ready = ReadonlyArray<Omit<RematchReadyMessage, "type">>;
type Error = Extract<ServerMessageOf<unknown>, { type: "error" }>;

/** What the rematcher needs of its room: the config, whether the game is over, storage, and the sockets by seat. */
export interface RematchHost {
  config(): RoomConfigOf<unknown> | null;
  over(): boolean;
  /** The game was called off because a seat never came (ADR 041): nobody played, so there is nothing to play again. */
  noShow(): boolean;
  getMeta<T>(key: string): T | undefined;
  putMeta(key: string, value: unknown): void;
  /** Every socket that said hello, for its seat or as a spectator. */
  sendAll(message: RematchMessage): void;
  /** Only the sockets of `seat`. */
  sendSeat(seat: number, message: RematchReadyMessage | Error): void;
  secret(): string | undefined;
  /** This table's room name: the rematch names the table it follows (the Worker checks the accounts against it). */
  room(): string;
}

const NONE: Stored = { state: "none", by: null };

/**
 * Offers one seat may make after one game. Each offer (and each withdrawal) reaches the other seat and every spectator:
 * an attack toggled offer / withdraw from eight sockets and flickered 47 frames a second onto their screens. Five leave
 * room for a change of mind; the sixth is refused (REMATCH_LIMIT) and sends nobody anything.
 */
export const MAX_REMATCH_OFFERS = 5;

function error(clientSeq: number | null, code: string, message: string, messageDe: string): Error {
  return { type: "error", clientSeq, code, message, messageDe };
}

/**
 * The terms a table was opened with, read back from its config (POST /api/games and the Wartesaal open tables through
 * openDuel, whose config this inverts), with the sender as Conte.
 */
export function termsOf(config: RoomConfigOf<unknown>): Terms {
  const options = config.options as { ruleset: Terms["ruleset"]; variant: Terms["variant"] };
  const clock = config.clock?.type === "fischer" ? { minutes: config.clock.initialMs / 60_000, increment: config.clock.incrementMs / 1000 } : null;
  return { kind: config.rated ? "rated" : "friendly", clock, ruleset: options.ruleset, variant: options.variant, role: "conte", ...(config.stake ? { stake: config.stake } : {}) };
}

export class Rematcher {
  constructor(private readonly host: RematchHost) {}

  private get stored(): Stored {
    return this.host.getMeta<Stored>("rematch") ?? NONE;
  }

  private set(next: Stored): void {
    this.host.putMeta("rematch", next);
    this.host.sendAll({ type: "rematch", ...next });
  }

  /** Two accounts at an online two-seat table: a rematch needs both (it seats accounts, not links). */
  private get possible(): boolean {
    const c = this.host.config();
    return !!c && c.kind === "online" && c.seats.length === 2 && c.seats.every((s) => s.type === "human") && [0, 1].every((i) => typeof c.accounts?.[i] === "string");
  }

  /** After a hello: where the rematch stands, and a seat's own new table if it has one. */
  hello(seat: number | "spectator"): Array<RematchMessage | RematchReadyMessage> {
    const st = this.stored;
    if (st.state === "none") return [];
    const ready = typeof seat === "number" && st.state === "opened" ? this.host.getMeta<Ready>("rematchReady")?.[seat] : undefined;
    return [{ type: "rematch", ...st }, ...(ready ? [{ type: "rematchReady" as const, ...ready }] : [])];
  }

  /** A seat whose last socket closed: its own offer ends (leaving withdraws it). */
  left(seat: number): void {
    const st = this.stored;
    if (st.state === "offered" && st.by === seat) this.set(NONE);
  }

  /** One rematch message from `viewer`: null when done (state told to all), else the error for the sender. */
  async handle(viewer: number | "spectator", action: Action, clientSeq: number, address: string | null = null): Promise<Error | null> {
    if (viewer === "spectator") return error(clientSeq, "NOT_A_PLAYER", "Only the players can ask for a rematch.", "Nur die Spieler können eine Revanche anbieten.");
    if (!this.possible) return error(clientSeq, "REMATCH_NOT_ALLOWED", "A rematch is only for a game between two accounts.", "Eine Revanche gibt es nur in einer Partie zweier Spieler.");
    if (!this.host.over()) return error(clientSeq, "REMATCH_NOT_ALLOWED", "The game is still running.", "Die Partie läuft noch.");
    // A late-comer offering a rematch to the one who waited in vain (a fresh-eyes pass): a new game is for the Wartesaal.
    if (this.host.noShow()) return error(clientSeq, "REMATCH_NOT_ALLOWED", "Nobody played this game: someone never came to the table. Meet again in the Wartesaal.", "Diese Partie hat nicht stattgefunden: jemand ist nicht an den Tisch gekommen. Trefft euch im Wartesaal wieder.");
    const st = this.stored;
    const other = 1 - viewer;
    if (st.state === "opening" || st.state === "opened") return error(clientSeq, "REMATCH_DONE", "The rematch has been accepted already.", "Die Revanche ist schon angenommen.");
    const offeredByOther = st.state === "offered" && st.by === other;
    switch (action) {
      case "offer":
        // Two offers crossing are an agreement: the second one accepts the first.
        if (offeredByOther) return this.open(address);
        if (!(st.state === "offered" && st.by === viewer)) {
          const offers = this.host.getMeta<number[]>("rematchOffers") ?? [0, 0];
          if ((offers[viewer] ?? 0) >= MAX_REMATCH_OFFERS) return error(clientSeq, "REMATCH_LIMIT", `At most ${MAX_REMATCH_OFFERS} rematch offers per game: meet again in the Wartesaal.`, `Höchstens ${MAX_REMATCH_OFFERS} Revanche-Angebote pro Partie: trefft euch im Wartesaal wieder.`);
          this.host.putMeta("rematchOffers", offers.map((n, s) => (s === viewer ? n + 1 : n)));
          this.set({ state: "offered", by: viewer });
        }
        return null;
      case "accept":
        return offeredByOther ? this.open(address) : error(clientSeq, "REMATCH_NONE_PENDING", "Your opponent has not offered a rematch.", "Dein Gegner hat keine Revanche angeboten.");
      case "decline":
        if (!offeredByOther) return error(clientSeq, "REMATCH_NONE_PENDING", "Your opponent has not offered a rematch.", "Dein Gegner hat keine Revanche angeboten.");
        this.set({ state: "declined", by: viewer });
        return null;
      case "withdraw":
        if (!(st.state === "offered" && st.by === viewer)) return error(clientSeq, "REMATCH_NONE_PENDING", "You have offered no rematch.", "Du hast keine Revanche angeboten.");
        this.set(NONE);
        return null;
    }
  }

  /**
   * Opens the new table: "opening" is stored before anything waits, so a second accept (a double click, both offering
   * at once, a resent frame) finds the rematch taken and opens nothing. Each seat gets only its own seat token.
   */
  private async open(address: string | null): Promise<null> {
    const config = this.host.config()!;
    this.set({ state: "opening", by: null });
    const opened = await this.duel(config, address);
    if ("error" in opened) {
      this.set({ state: "failed", by: null, code: opened.error });
      const e = opened.error === "STAKE_TOO_HIGH"
        ? error(null, "STAKE_TOO_HIGH", `One of you can no longer cover the stake of ${config.stake ?? 0} Taler.`, `Einer von euch kann den Einsatz von ${config.stake ?? 0} Talern nicht mehr decken.`)
        : opened.error === "TABLE_LIMIT"
          ? error(null, "TABLE_LIMIT", "Too many new tables in a short time: try again in a minute.", "Zu viele neue Tische in kurzer Zeit: versucht es in einer Minute noch einmal.")
          : opened.error === "PLAYING"
            ? error(null, "PLAYING", "One of you is at another table now: one game at a time.", "Einer von euch sitzt gerade an einem anderen Tisch: eine Partie nach der anderen.")
            : opened.error === "SIGNED_OUT"
              ? error(null, "SIGNED_OUT", "One of you has signed out the other devices since this game began: meet again in the Wartesaal.", "Einer von euch hat seit dieser Partie seine anderen Geräte abgemeldet: trefft euch im Wartesaal wieder.")
              : error(null, "TABLE_FAILED", "The new table could not be opened.", "Der neue Tisch konnte nicht geöffnet werden.");
      for (const seat of [0, 1]) this.host.sendSeat(seat, e);
      return null;
    }
    // This table's seat 1 is the new Conte (the duel's challenger), seat 0 the new Maske.
    const ready: Ready = [opened.accepter, opened.challenger].map((side) => ({ room: opened.room, socket: opened.socket, rated: opened.rated, seat: side.seat, role: side.role, seatToken: side.seatToken }));
    this.host.putMeta("rematchReady", ready);
    this.set({ state: "opened", by: null, room: opened.room });
    for (const seat of [0, 1]) this.host.sendSeat(seat, { type: "rematchReady", ...ready[seat]! });
    return null;
  }

  /** The Worker opens the table through the Wartesaal's route: the same openDuel, both accounts seated, fresh tokens. */
  /** `address`: the socket's that completed the agreement, whose table budget the table spends too. */
  private async duel(config: RoomConfigOf<unknown>, address: string | null): Promise<Duel | { error: "STAKE_TOO_HIGH" | "TABLE_LIMIT" | "TABLE_FAILED" | "PLAYING" | "SIGNED_OUT" }> {
    try {
      const res = await exports.default.fetch("https://spielcenter.internal/internal/lobby/duel", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.host.secret()}` },
        body: JSON.stringify({ challenger: config.accounts![1], accepter: config.accounts![0], terms: termsOf(config), address, rematchOf: this.host.room() }),
      });
      if (res.ok) return (await res.json()) as Duel;
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      if (body.error === "STAKE_TOO_HIGH") return { error: "STAKE_TOO_HIGH" };
      if (body.error === "PLAYING" || body.error === "SIGNED_OUT") return { error: body.error };
      if (body.error === "TABLE_LIMIT") return { error: "TABLE_LIMIT" };
      console.error(`rematch: the Worker refused the table: ${res.status} ${JSON.stringify(body)}`);
    } catch (err) {
      console.error(`rematch: opening the table failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { error: "TABLE_FAILED" };
  }
}
