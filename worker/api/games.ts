import { Hono } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { GAME_IDS, GAMES, gameInfo } from "../../shared/catalog";

const GameParam = v.object({ id: v.picklist(GAME_IDS) });

export const games = new Hono<{ Bindings: Cloudflare.Env }>()
  .get("/", (c) => c.json({ games: GAMES }))
  .get(
    "/:id",
    validator("param", (value, c) => {
      const parsed = v.safeParse(GameParam, value);
      return parsed.success ? parsed.output : c.json({ error: "unknown game" }, 404);
    }),
    (c) => c.json(gameInfo(c.req.valid("param").id)),
  );
