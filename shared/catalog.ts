// The site's catalog of games: pure data, read by the Worker (/api/games) and the web client.

export const GAME_IDS = ["battlemaske", "zwiegespalten", "goldwaage"] as const;
export type GameId = (typeof GAME_IDS)[number];

export const LANGS = ["de", "en"] as const;
export type Lang = (typeof LANGS)[number];

/** A text in every UI language; German is the site's first language. */
export type Localized = Record<Lang, string>;

export interface GameInfo {
  id: GameId;
  /** Proper names: the games keep their German names in the English UI too. */
  name: Localized;
  summary: Localized;
  players: { min: number; max: number };
  /** Zwiegespalten is a ruleset of the Battlemaske engine, not an engine of its own. */
  engine: "battlemaske" | "goldwaage";
}

// A record keyed by id, so the compiler insists on an entry for every game.
const CATALOG: Record<GameId, Omit<GameInfo, "id">> = {
  battlemaske: {
    name: { de: "Battlemaske", en: "Battlemaske" },
    summary: {
      de: "Stichspiel zu zweit im Venedig des Karnevals: Der Conte will gleich viele Stiche, die Maske einen Abstand.",
      en: "A two-player trick-taking game in carnival Venice: the Conte wants equal tricks, the Maske a gap.",
    },
    players: { min: 2, max: 2 },
    engine: "battlemaske",
  },
  zwiegespalten: {
    name: { de: "Zwiegespalten", en: "Zwiegespalten" },
    summary: {
      de: "Dasselbe Duell mit französischen Karten: Hüter gegen Schatten, Elixiere als kleine Pik-Karten.",
      en: "The same duel with French-suited cards: Keeper against Shadow, elixirs as small spades.",
    },
    players: { min: 2, max: 2 },
    engine: "battlemaske",
  },
  goldwaage: {
    name: { de: "Goldwaage", en: "Goldwaage" },
    summary: {
      de: "Gemeinsam an der Waage: Legt Karten so in zwei Schalen, dass sie nie zu weit kippt.",
      en: "Together at the scale: place cards in two pans so that it never tips too far.",
    },
    players: { min: 2, max: 4 },
    engine: "goldwaage",
  },
};

export const GAMES: readonly GameInfo[] = GAME_IDS.map((id) => gameInfo(id));

export function gameInfo(id: GameId): GameInfo {
  return { id, ...CATALOG[id] };
}
