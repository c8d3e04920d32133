import { describe, expect, it } from "vitest";
import { GAME_IDS } from "../../shared/catalog";
import { hrefOf, parseRoute } from "../../web/src/route";
import { spectatorOf, watchHref } from "../../web/src/wartesaal/watch";
import type { LiveGame } from "../../shared/lobby";
import { wayBack } from "../../web/src/replay/archive";

describe("client routes", () => {
  it("reads the start page", () => {
    expect(parseRoute("/")).toEqual({ page: "home" });
    expect(parseRoute("/index.html")).toEqual({ page: "home" });
    // Every way to play is under /spielen/…; the bare /spielen was a 404 (a fresh-eyes pass).
    expect(parseRoute("/spielen")).toEqual({ page: "home" });
    expect(parseRoute("/spielen/")).toEqual({ page: "home" });
    // The game's name alone leads to its setup, whose own address stays /spielen/goldwaage.
    expect(parseRoute("/goldwaage")).toEqual({ page: "goldwaage" });
    expect(hrefOf({ page: "goldwaage" })).toBe("/spielen/goldwaage");
  });

  it.each(GAME_IDS)("round-trips the rules page of %s", (game) => {
    const href = hrefOf({ page: "rules", game });
    expect(href).toBe(`/regeln/${game}`);
    expect(parseRoute(href)).toEqual({ page: "rules", game });
    expect(parseRoute(`${href}/`)).toEqual({ page: "rules", game });
  });

  it.each([
    ["account", "/konto"],
    ["bilanz", "/bilanz"],
    ["wartesaal", "/wartesaal"],
    ["ranking", "/rangliste"],
    ["daily", "/tagesspiel"],
  ] as const)("round-trips the %s page at %s", (page, path) => {
    expect(hrefOf({ page })).toBe(path);
    expect(parseRoute(path)).toEqual({ page });
    expect(parseRoute(`${path}/`)).toEqual({ page });
  });

  it("opens both invite links: /einladung/<room>#invite and the API's /einladung/<code>", () => {
    expect(parseRoute("/einladung/AbCdEfGh12345678")).toEqual({ page: "invite", room: "AbCdEfGh12345678" });
    const code = "x".repeat(43);
    expect(parseRoute(`/einladung/${code}`)).toEqual({ page: "invite", room: code });
    expect(parseRoute(`/einladung/${"x".repeat(129)}`)).toEqual({ page: "notFound" });
  });

  it("opens Goldwaage: its setup page, its invite links (one per seat) and its tables at /partie/<room>", () => {
    expect(parseRoute("/spielen/goldwaage")).toEqual({ page: "goldwaage" });
    expect(hrefOf({ page: "goldwaage" })).toBe("/spielen/goldwaage");
    const code = "y".repeat(43);
    expect(parseRoute(`/einladung/goldwaage/${code}`)).toEqual({ page: "goldwaageInvite", code });
    expect(hrefOf({ page: "goldwaageInvite", code })).toBe(`/einladung/goldwaage/${code}`);
    expect(parseRoute("/einladung/goldwaage/kurz")).toEqual({ page: "notFound" });
    expect(parseRoute("/partie/AbCdEfGh12345678")).toEqual({ page: "table", room: "AbCdEfGh12345678" });
  });

  it("opens a finished game's replay at /replay/<id>", () => {
    expect(parseRoute("/replay/AbCdEfGh12345678")).toEqual({ page: "replay", id: "AbCdEfGh12345678" });
    expect(hrefOf({ page: "replay", id: "AbCdEfGh12345678" })).toBe("/replay/AbCdEfGh12345678");
    expect(parseRoute("/replay/AbCdEfGh12345678/")).toEqual({ page: "replay", id: "AbCdEfGh12345678" });
    for (const path of ["/replay/", "/replay/kurz", "/replay/a.b.c.d.e.f.g", "/replay/AbCdEfGh12345678/x"]) expect(parseRoute(path), path).toEqual({ page: "notFound" });
  });

  it("answers notFound for anything else", () => {
    for (const path of ["/regeln/schach", "/regeln/", "/regeln", "/spiel/goldwaage", "/regeln/goldwaage/extra"]) {
      expect(parseRoute(path), path).toEqual({ page: "notFound" });
    }
  });
});

describe("watching from the Wartesaal", () => {
  const live = (game: "battlemaske" | "goldwaage", computer: boolean[]) => ({ room: "R".repeat(16), game, seats: computer.map((c) => ({ name: c ? null : "Ada", computer: c })) }) as unknown as LiveGame;
  it("a Goldwaage link says its game (a spectator has no session that would); a duel's names its computer seat", () => {
    expect(watchHref(live("goldwaage", [false, true, true]))).toBe(`/partie/${"R".repeat(16)}?game=goldwaage`);
    expect(watchHref(live("battlemaske", [false, true]))).toBe(`/partie/${"R".repeat(16)}?computer=1`);
    expect(watchHref(live("battlemaske", [false, false]))).toBe(`/partie/${"R".repeat(16)}`);
  });
  it("reads the link back into a seatless session of the right game", () => {
    expect(spectatorOf("room", "?game=goldwaage").session).toMatchObject({ room: "room", spectator: true, game: "goldwaage", seatToken: "" });
    expect(spectatorOf("room", "?computer=1")).toMatchObject({ computer: 1, session: { spectator: true } });
    expect(spectatorOf("room", "?computer=1").session.game).toBeUndefined();
    expect(spectatorOf("room", "?game=other").session.game).toBeUndefined();
  });
});

describe("the replay page's way back (wayBack)", () => {
  it("a daily replay leads to the Tagesmaskerade, a game of this browser's account to Meine Partien, else to the start page", () => {
    expect(wayBack(true, true)).toEqual({ href: "/tagesspiel", de: "Zurück zur Tagesmaskerade", en: "Back to the daily game" });
    expect(wayBack(true, false).href).toBe("/tagesspiel");
    expect(wayBack(false, true)).toEqual({ href: "/bilanz", de: "Zurück zu Meine Partien", en: "Back to my games" });
    expect(wayBack(false, false)).toEqual({ href: "/", de: "Zur Startseite", en: "To the start page" });
    // Every way back is a route of the site.
    for (const [d, a] of [[true, true], [false, true], [false, false]] as const) expect(parseRoute(wayBack(d, a).href).page).not.toBe("notFound");
  });
});
