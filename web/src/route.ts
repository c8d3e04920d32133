// Path routes of the client, as pure functions (tested in tests/web/ without a DOM).
import { GAME_IDS, type GameId } from "../../shared/catalog";

export type Route = { page: "home" } | { page: "rules"; game: GameId } | { page: "notFound" };

const RULES_PREFIX = "/regeln/";

export function parseRoute(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/" || path === "" || path === "/index.html") return { page: "home" };
  if (path.startsWith(RULES_PREFIX)) {
    const id = decodeURIComponent(path.slice(RULES_PREFIX.length));
    const game = GAME_IDS.find((known) => known === id);
    if (game) return { page: "rules", game };
  }
  return { page: "notFound" };
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case "home":
      return "/";
    case "rules":
      return RULES_PREFIX + route.game;
    case "notFound":
      return "/";
  }
}
