// Path routes of the client, as pure functions (tested in tests/web/ without a DOM).
import { GAME_IDS, type GameId } from "../../shared/catalog";

export type Route =
  | { page: "home" }
  | { page: "rules"; game: GameId }
  | { page: "computer" }
  | { page: "hotseat" }
  | { page: "friend" }
  | { page: "daily" }
  | { page: "account" }
  | { page: "bilanz" }
  | { page: "wartesaal" }
  | { page: "ranking" }
  | { page: "table"; room: string }
  | { page: "invite"; room: string }
  | { page: "goldwaage" }
  | { page: "goldwaageInvite"; code: string }
  | { page: "replay"; id: string }
  | { page: "notFound" };

const RULES_PREFIX = "/regeln/";
const ROOM = /^[A-Za-z0-9_-]{8,32}$/;
const INVITE = /^[A-Za-z0-9_-]{8,128}$/;

export function parseRoute(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  // "/spielen" alone (every way to play lives under it, and it was a 404: a fresh-eyes pass) is the start page, which lists them.
  if (path === "/" || path === "" || path === "/index.html" || path === "/spielen") return { page: "home" };
  if (path.startsWith(RULES_PREFIX)) {
    const id = decodeURIComponent(path.slice(RULES_PREFIX.length));
    const game = GAME_IDS.find((known) => known === id);
    if (game) return { page: "rules", game };
  }
  if (path === "/spielen/computer") return { page: "computer" };
  if (path === "/spielen/zuzweit") return { page: "hotseat" };
  if (path === "/spielen/freund") return { page: "friend" };
  // The game's name alone, as people type it (a fresh-eyes pass met a 404 at /goldwaage).
  if (path === "/spielen/goldwaage" || path === "/goldwaage") return { page: "goldwaage" };
  if (path === "/tagesspiel") return { page: "daily" };
  if (path === "/konto") return { page: "account" };
  if (path === "/bilanz") return { page: "bilanz" };
  if (path === "/wartesaal") return { page: "wartesaal" };
  if (path === "/rangliste") return { page: "ranking" };
  // /replay/<id>: a finished game's public replay (the archive's id is the room's name).
  const replay = /^\/replay\/([^/]+)$/.exec(path);
  if (replay && ROOM.test(replay[1]!)) return { page: "replay", id: replay[1]! };
  const table = /^\/partie\/([^/]+)$/.exec(path);
  if (table && ROOM.test(table[1]!)) return { page: "table", room: table[1]! };
  // /einladung/goldwaage/<code>#<room>: one invited seat at a Goldwaage table (its settings first, then the seat).
  const gw = /^\/einladung\/goldwaage\/([^/]+)$/.exec(path);
  if (gw && INVITE.test(gw[1]!)) return { page: "goldwaageInvite", code: gw[1]! };
  const invite = /^\/einladung\/([^/]+)$/.exec(path);
  // /einladung/<room>#<invite> (the friend page's link) or /einladung/<code> (the link POST /api/games returns).
  if (invite && INVITE.test(invite[1]!)) return { page: "invite", room: invite[1]! };
  return { page: "notFound" };
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case "home":
      return "/";
    case "rules":
      return RULES_PREFIX + route.game;
    case "computer":
      return "/spielen/computer";
    case "hotseat":
      return "/spielen/zuzweit";
    case "friend":
      return "/spielen/freund";
    case "daily":
      return "/tagesspiel";
    case "account":
      return "/konto";
    case "bilanz":
      return "/bilanz";
    case "wartesaal":
      return "/wartesaal";
    case "ranking":
      return "/rangliste";
    case "table":
      return `/partie/${route.room}`;
    case "invite":
      return `/einladung/${route.room}`;
    case "goldwaage":
      return "/spielen/goldwaage";
    case "goldwaageInvite":
      return `/einladung/goldwaage/${route.code}`;
    case "replay":
      return `/replay/${route.id}`;
    case "notFound":
      return "/";
  }
}
