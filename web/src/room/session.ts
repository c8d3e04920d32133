// The seat this browser holds at a room, kept in localStorage so a reload sits down at the same seat again.

export type RoomKind = "computer" | "online" | "daily" | "hotseat";

/** Everything needed to sit down at the same seat again (`Seat`: the game's own seat numbers). */
export interface Session<Seat extends number = number> {
  room: string;
  seat: Seat;
  seatToken: string;
  clientSeq: number;
  kind: RoomKind;
  level?: string;
  invite?: string;
  rated?: boolean;
  date?: string;
  /** A daily attempt: its number that day (1: the first) and its role, as the Worker answered (the daily page says them). */
  attempt?: number;
  role?: "conte" | "maske";
  /** Which game's table the room is (absent: Battlemaske, as every session before Goldwaage). */
  game?: "goldwaage";
  /** Goldwaage: the invite codes of the seats still to share (the creator's), in seat order from seat 1. */
  invites?: string[];
  /** Goldwaage: the seats known to be computer team-mates from the start (a Wartesaal table tells every player). */
  computers?: number[];
  /** Where the table was opened from, when not the start page: leaving it goes back there (the Wartesaal's tables). */
  from?: "wartesaal";
  /** Watching without a seat: hello carries no seat token and the room sends the public table (never stored). */
  spectator?: true;
}

/**
 * Sits down at a new daily attempt as the Worker answered it (`POST /api/daily/attempts`): its number and the role kept
 * with the seat, for the daily page to name the attempt still running.
 */
export function saveDailyAttempt(b: { room: string; seat: number; seatToken: string; date: string; attempt?: number }, role: "conte" | "maske"): void {
  saveSession({ room: b.room, seat: b.seat, seatToken: b.seatToken, clientSeq: 0, kind: "daily", date: b.date, ...(typeof b.attempt === "number" ? { attempt: b.attempt } : {}), role });
}

const KEY = (room: string) => `spielcenter.seat.${room}`;
const CURRENT = "spielcenter.current";
/**
 * The games this browser sat down at and has not seen end, newest first: the start page offers them besides the last
 * one ("Partie fortsetzen"), so a game is not lost from view when another was started (a fresh-eyes pass).
 */
export const RUNNING = "spielcenter.running";
/** At most this many are listed; an older one drops out (its seat stays stored: its link still resumes it). */
export const MAX_RUNNING = 8;

/** One unfinished game as the start page lists it. */
export interface RunningGame {
  readonly room: string;
  readonly kind: RoomKind;
  readonly game?: "goldwaage";
  readonly level?: string;
  /** When this browser sat down (ms). */
  readonly at: number;
}

/** The list as stored (a broken or foreign value reads as empty). */
export function runningGames(): RunningGame[] {
  try {
    const list = JSON.parse(localStorage.getItem(RUNNING) ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((g): g is RunningGame => typeof g === "object" && g !== null && typeof (g as RunningGame).room === "string" && ROOM_NAME.test((g as RunningGame).room)) : [];
  } catch {
    return [];
  }
}

function writeRunning(list: readonly RunningGame[]): void {
  localStorage.setItem(RUNNING, JSON.stringify(list.slice(0, MAX_RUNNING)));
}

/** The stored seat at `room`; the caller names its game's seat type, as storage keeps no types. */
export function loadSession<Seat extends number = number>(room: string): Session<Seat> | null {
  try {
    const raw = localStorage.getItem(KEY(room));
    return raw ? (JSON.parse(raw) as Session<Seat>) : null;
  } catch {
    return null;
  }
}

/** Whether this browser holds (or held) a seat at `room`: its stored session (a spectator's is never stored). */
export function ownSeat(room: string): boolean {
  const own = loadSession(room);
  return own !== null && own.spectator !== true;
}

export function saveSession(s: Session): void {
  try {
    localStorage.setItem(KEY(s.room), JSON.stringify(s));
    localStorage.setItem(CURRENT, s.room);
    // Listed once, when the seat is taken (clientSeq 0): the saves after each command — a rematch offer after the end
    // too — must not bring back a game already seen to its end.
    if (s.clientSeq === 0 && !runningGames().some((g) => g.room === s.room)) {
      writeRunning([{ room: s.room, kind: s.kind, ...(s.game ? { game: s.game } : {}), ...(s.level ? { level: s.level } : {}), at: Date.now() }, ...runningGames()]);
    }
  } catch {
    // storage blocked: the game still runs, a reload cannot resume it
  }
}

/** The room of the game last played here, if it is still stored. */
export function currentRoom(): string | null {
  try {
    const room = localStorage.getItem(CURRENT);
    return room && loadSession(room) ? room : null;
  } catch {
    return null;
  }
}

/** The game at `room` is over (or called off, or left): no longer the one to resume, nor among the running ones. */
export function forgetCurrent(room: string): void {
  try {
    if (localStorage.getItem(CURRENT) === room) localStorage.removeItem(CURRENT);
    const list = runningGames();
    if (list.some((g) => g.room === room)) writeRunning(list.filter((g) => g.room !== room));
  } catch {
    // nothing to forget
  }
}

/**
 * The link a friend opens to claim the free seat: /einladung/<code> as POST /api/games answers it, with the room after
 * the # so that its creator, opening it by mistake, lands at the table (pages/Invite.tsx).
 */
export function inviteLink(room: string, invite: string): string {
  return `${location.origin}/einladung/${invite}#${room}`;
}

/** Room names as the Worker hands them out (16 base64url characters); invite codes are longer. */
export const ROOM_NAME = /^[A-Za-z0-9_-]{16}$/;

/**
 * The version of the last round end whose table the player closed in this tab ("Weiter"): a reload shows a round's
 * table again only if it was never closed here (sessionStorage: per tab, kept over a reload). 0 when none.
 */
export function roundSeen(room: string): number {
  try {
    return Number(sessionStorage.getItem(`spielcenter.roundSeen.${room}`) ?? 0);
  } catch {
    return 0;
  }
}

export function markRoundSeen(room: string, version: number): void {
  try {
    sessionStorage.setItem(`spielcenter.roundSeen.${room}`, String(version));
  } catch {
    // storage blocked: a reload shows the table once more
  }
}
