import { Hono } from "hono";

export const health = new Hono<{ Bindings: Cloudflare.Env }>().get("/", (c) =>
  c.json({ ok: true, name: "Spielcenter" } as const),
);
