// A room telling the Wartesaal (party/lobby.ts) that its table runs, how it stands, and that it ended — for the
// Wartesaal's list of running games and its players' "playing". Durable Object RPC to the one lobby, never awaited
// by the game: a lobby that is down or slow changes nothing at the table; what was not told is told at the next change.
import { getServerByName } from "partyserver";
import type { LiveGame, LiveReport } from "../shared/lobby.js";
import type { GameDefinition } from "../shared/room/game.js";
import type { RoomCore } from "./core/room-core";
import { LOBBY_NAME } from "./lobby";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCore = RoomCore<any, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyGame = GameDefinition<any, any, any, any>;

/** Kinds of tables anyone may watch: never a daily attempt (its deal is the day's) nor a hot-seat game (no room). */
const LISTED = new Set(["online", "computer", "table"]);

/**
 * What the room reports now: null while there is nothing to list (not dealt yet, no account seated, a kind nobody
 * watches), `ended` once the game is over, else the table. Only public facts: names, rules, the score of past rounds.
 * `present`: whether a person has a socket at the table now. A game against the computer, or a Goldwaage table, that
 * nobody sits at is not running for anyone (neither has a clock to end it): it leaves the list until a player is back.
 */
export function liveReport(core: AnyCore, game: AnyGame, present: boolean | (() => boolean) = true): LiveReport | null {
  const c = core.config;
  const accounts = c.seats.map((_, i) => c.accounts?.[i] ?? null);
  if (!LISTED.has(c.kind) || core.version === 0 || accounts.every((a) => a === null)) return null;
  if (core.over) return { room: core.name, ended: true };
  // Asked only where it matters (a lazy `present` reads the room's sockets).
  if ((c.kind === "computer" || game.id === "goldwaage") && !(typeof present === "function" ? present() : present)) return { room: core.name, ended: true };
  const g = core.state.game;
  // The game's own report fields (as the archive files them) say its rules and score without the room knowing the game.
  const summary = game.report.summary(g) as { mirror?: unknown; rounds?: unknown; lives?: unknown };
  const archive = game.report.archive(summary);
  const live: LiveGame = {
    room: core.name,
    game: game.id,
    kind: c.kind as LiveGame["kind"],
    seats: c.seats.map((s, i) => ({ name: c.names?.[i] ?? null, computer: s.type === "computer" })),
    ruleset: archive.ruleset,
    variant: archive.variant,
    level: archive.level ?? null,
    round: typeof summary.rounds === "number" ? summary.rounds : 0,
    mirror: typeof summary.mirror === "number" ? Math.min(10, summary.mirror) : null,
    lives: typeof summary.lives === "number" ? summary.lives : null,
    clock: c.clock,
    rated: c.rated,
    stake: c.stake ?? 0,
    startedAt: core.state.startedAt,
  };
  return { live, accounts };
}

/** The report as one comparable string: the room tells the lobby only when it changed (a round ended, the game did). */
const keyOf = (r: LiveReport | null) => (r ? JSON.stringify(r) : "");

export interface LiveStore {
  getMeta<T>(key: string): T | undefined;
  putMeta(key: string, value: unknown): void;
}

/**
 * The room's side: the last report the lobby confirmed (in the room's storage, so hibernation does not re-send it),
 * and one send at a time in order. A failed send leaves the old key: the next change sends the current state again.
 */
export class LiveTeller {
  private chain: Promise<void> = Promise.resolve();
  /** `liveTold` as this instance last read or wrote it: one storage read per instance instead of one per change. */
  private told: string | undefined = undefined;
  /**
   * The last report queued (undefined: none pending beyond what was told). A new state is compared with it, not with
   * the last told: with a send still queued, "told" is older than the table, and a state equal to it would be dropped
   * although the queued send will tell something else (a CI run under load: present, gone, present again within one
   * send, and the lobby kept "gone" — the table missing from its list while a person sat at it).
   */
  private wanted: string | undefined = undefined;

  constructor(
    private readonly env: Cloudflare.Env,
    private readonly store: LiveStore,
  ) {}

  /** Tells the lobby if the report changed; `failed` is called when a send did not get through (to try again later). */
  update(core: AnyCore, game: AnyGame, present: boolean | (() => boolean), failed: () => void): void {
    const report = liveReport(core, game, present);
    const key = keyOf(report);
    if (!report || key === (this.wanted ?? this.lastTold())) return;
    this.wanted = key;
    this.chain = this.chain.then(async () => {
      // A newer state was queued meanwhile: its own send tells it (the lobby needs only the last).
      if (key !== this.wanted) return;
      // Another send may have told it meanwhile.
      if (key === this.lastTold()) return;
      try {
        const lobby = await getServerByName(this.env.Lobby, LOBBY_NAME);
        await lobby.live(report);
        this.store.putMeta("liveTold", key);
        this.told = key;
      } catch (err) {
        console.error(`room ${core.name}: telling the Wartesaal failed: ${err instanceof Error ? err.message : String(err)}`);
        // Untold: the next change compares with what the lobby has, and sends even this state again.
        if (this.wanted === key) this.wanted = undefined;
        failed();
      }
    });
  }

  private lastTold(): string {
    return (this.told ??= this.store.getMeta<string>("liveTold") ?? "");
  }

  /** Resolves once every send asked for so far is done (for tests and for a room about to report). */
  settled(): Promise<void> {
    return this.chain;
  }
}
