// Every game's rules, per language. Add a game here and in shared/catalog.ts.
import type { GameId, Lang } from "../../../shared/catalog";
import { battlemaske } from "./battlemaske";
import { goldwaage } from "./goldwaage";
import type { RulesDoc } from "./types";
import { zwiegespalten } from "./zwiegespalten";

export type { Block, RulesDoc, Section } from "./types";

export const RULES: Record<GameId, Record<Lang, RulesDoc>> = { battlemaske, zwiegespalten, goldwaage };
