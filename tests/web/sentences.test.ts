// Every generated sentence of the Battlemaske table, rendered in every combination — rule set × person × the event's
// variants × language — and compared with the reviewed list beside this file (sentences.snapshot.txt). A change to a
// template shows up as a diff of that list: read it line by line, then accept it with `npx vitest run tests/web -u`.
import { describe, expect, it } from "vitest";
import { playReason, pickReason } from "../../shared/battlemaske/bots/index.js";
import type { Ruleset } from "../../shared/battlemaske/cards.js";
import { applyInPlace, emptyState, legalCommands, newGame, decide, type Command, type Seat, type State } from "../../shared/battlemaske/index.js";
import { view, type View } from "../../shared/battlemaske/view.js";
import type { Lang } from "../../shared/catalog.js";
import { announcementAid, cardInfoLines, fieldInfoLines, hiddenInfoLines, suitInfoLines } from "../../web/src/battlemaske/info.js";
import { describeEvent, effectText, endLines, gameWonText, personAt, roundMoveText, withoutTitle, type EndFacts, type Viewer } from "../../web/src/battlemaske/log.js";

const RULESETS: Ruleset[] = ["battlemaske", "zwiegespalten"];
const LANGS: Lang[] = ["de", "en"];
/** Who you play against, as the table labels them: the computer, a person online, a named player; null: hot-seat; a spectator's names of both seats. */
const PEOPLE: { name: string; me: Viewer; opp: Record<Lang, string> }[] = [
  { name: "vs computer", me: 0, opp: { de: "Computer", en: "Computer" } },
  { name: "vs opponent", me: 1, opp: { de: "Gegner", en: "Opponent" } },
  { name: "vs Anna", me: 0, opp: { de: "Anna", en: "Anna" } },
  { name: "hot-seat", me: null, opp: { de: "Gegenüber", en: "Opposite" } },
  { name: "watching Anna and Ben", me: { names: [{ de: "Anna", en: "Anna" }, { de: "Ben", en: "Ben" }] }, opp: { de: "Ben", en: "Ben" } },
  { name: "watching Anna and the computer", me: { names: [{ de: "Anna", en: "Anna" }, { de: "Computer", en: "Computer" }] }, opp: { de: "Computer", en: "Computer" } },
];

/** A game driven by the first legal command of whoever must act, stopping when `until` says so. */
function play(ruleset: Ruleset, variant: "single" | "profi", until: (s: State) => boolean, seed = 7): State {
  let s = emptyState();
  for (const e of newGame({ ruleset, variant }, seed)) s = applyInPlace(s, e);
  for (let i = 0; i < 2000 && !until(s) && s.phase !== "over"; i++) {
    const seat = ([0, 1] as Seat[]).find((x) => legalCommands(s, x).length > 0);
    if (seat === undefined) break;
    const d = decide(s, seat, legalCommands(s, seat)[0] as Command, 0);
    if (!d.ok) throw new Error(d.error.code);
    for (const e of d.events) s = applyInPlace(s, e);
  }
  return s;
}

const lines: string[] = [];
const out = (section: string, parts: string[], text: string | string[]) => {
  for (const t of Array.isArray(text) ? text : [text]) lines.push(`${section} | ${parts.join(" | ")} | ${t}`);
};

function logSentences() {
  for (const rs of RULESETS)
    for (const variant of ["single", "profi"] as const) {
      const v = view(play(rs, variant, (s) => s.phase === "play" && s.history.length === 3), 0);
      for (const p of PEOPLE)
        for (const l of LANGS) {
          const tag = [rs, variant, p.name, l];
          const say = (label: string, ev: Record<string, unknown>, before: View = v) => out("log", [...tag, label], describeEvent(ev as { type: string }, 1, before, p.me, p.opp).map((e) => e.text[l]));
          say("roundDealt g1r2", { type: "roundDealt", game: 1, round: 2 });
          say("roundDealt g2r1", { type: "roundDealt", game: 2, round: 1 });
          for (const seat of [0, 1] as Seat[]) {
            const who = `seat ${seat}`;
            say(`exchangeSubmitted ${who}`, { type: "exchangeSubmitted", seat });
            say(`swapSubmitted ${who}`, { type: "swapSubmitted", seat });
            say(`cardPlayed suit ${who}`, { type: "cardPlayed", seat, card: "G6" });
            say(`cardPlayed ace ${who}`, { type: "cardPlayed", seat, card: "P1" });
            say(`cardPlayed elixir lead ${who}`, { type: "cardPlayed", seat, card: "E3", suit: "D" });
            say(`trickTaken ${who}`, { type: "trickTaken", seat, winner: seat });
            say(`trickTaken pride stolen ${who}`, { type: "trickTaken", winner: seat, effect: "pride", stolen: true });
            say(`trickTaken pride nothing ${who}`, { type: "trickTaken", winner: seat, effect: "pride" });
            say(`trickTaken greed (trick 4) ${who}`, { type: "trickTaken", winner: seat, effect: "greed" });
            say(`trickTaken greed (trick 9) ${who}`, { type: "trickTaken", winner: seat, effect: "greed" }, { ...v, history: [...v.history, ...v.history, ...v.history.slice(0, 2)] });
            say(`trickTaken greed (trick 10) ${who}`, { type: "trickTaken", winner: seat, effect: "greed" }, { ...v, history: [...v.history, ...v.history, ...v.history] });
            say(`trickTaken wrath ${who}`, { type: "trickTaken", winner: seat, effect: "wrath" });
            say(`takeback ${who}`, { type: "takeback", seat, toVersion: 1 });
            say(`takebackRequested ${who}`, { type: "takebackRequested", seat });
            say(`takebackDeclined ${who}`, { type: "takebackDeclined", seat });
            say(`resigned ${who}`, { type: "resigned", seat, how: "resign" });
            say(`left ${who}`, { type: "resigned", seat, how: "leave" });
            say(`timeout ${who}`, { type: "timeout", seat });
          }
          say("timeout both seats at once", { type: "timeout", seat: 0, seats: [0, 1] });
          say("exchangeCompleted 1", { type: "exchangeCompleted", cards: [["P3"], ["G7"]] });
          say("exchangeCompleted 3", { type: "exchangeCompleted", cards: [["P3", "D1", "E2"], ["G7", "G1", "D4"]] });
          say("swapCompleted 2", { type: "swapCompleted", cards: [["P3", "D1"], ["G7", "E4"]] });
          say("swapCompleted 1", { type: "swapCompleted", cards: [["P3"], ["G7"]] });
          say("hintGiven", { type: "hintGiven", seat: 0 });
          for (const [moved, mirror] of [[0, 4], [2, 2], [2, 6], [8, 14], [10, 10]]) say(`roundEnded moved ${moved} to ${mirror}`, { type: "roundEnded", tricks: [5 + moved / 2, 5 - moved / 2], moved, mirror });
          for (const winner of ["conte", "maske"]) for (const game of variant === "profi" ? [1, 2] : [1]) say(`gameEnded g${game} ${winner}`, { type: "gameEnded", game, winner });
          if (variant === "profi") {
            const end = { ...v, results: [{ game: 1, winner: "maske", mirror: 10, rounds: 2 }], round: 3, game: 2 } as View;
            say("matchEnded 6:4", { type: "matchEnded", scores: [6, 4], winner: 0, draw: false }, end);
            say("matchEnded 2:8", { type: "matchEnded", scores: [2, 8], winner: 1, draw: false }, end);
            say("matchEnded 4:4 draw", { type: "matchEnded", scores: [4, 4], winner: null, draw: true }, end);
            say("matchEnded 10:10 seat 1 fewer rounds", { type: "matchEnded", scores: [10, 10], winner: 1, draw: false }, end);
            say("matchEnded 10:10 same rounds", { type: "matchEnded", scores: [10, 10], winner: null, draw: true }, { ...end, round: 2 } as View);
          }
          // The effect under the last trick: the table passes its label of the winner ("Du" / the opponent's).
          for (const winner of [l === "de" ? "Du" : "You", p.opp[l]])
            for (const effect of ["pride", "greed", "wrath"]) out("effect", [...tag, `${effect} won by ${winner}`], effectText(effect, true, { de: winner, en: winner }, l, rs));
        }
    }
}

function tableSentences() {
  for (const rs of RULESETS)
    for (const l of LANGS) {
      for (const [moved, mirror] of [[0, 0], [0, 6], [2, 2], [2, 8], [6, 12]]) out("round table", [rs, l, `moved ${moved} to ${mirror}`], roundMoveText(rs, moved!, mirror!, l));
      const v = view(play(rs, "profi", (s) => s.game === 2), 0);
      for (const p of PEOPLE)
        for (const w of ["conte", "maske"] as const) {
          const seat: Seat = w === "conte" ? 0 : 1;
          out("round table", [rs, l, p.name, `game 1 won by ${w}`], gameWonText(rs, 1, personAt({ ...v, roles: ["conte", "maske"] }, seat, p.me, p.opp), w, l, p.me === null));
        }
    }
}

function endSentences() {
  for (const rs of RULESETS)
    for (const p of PEOPLE)
      for (const l of LANGS) {
        const base: EndFacts = { ruleset: rs, variant: "single", me: p.me, opponent: p.opp, winner: 0, reason: "rules", roles: ["conte", "maske"], mirror: 6, match: null };
        const say = (label: string, f: Partial<EndFacts>) => out("end", [rs, p.name, l, label], endLines({ ...base, ...f }, l));
        say("conte wins", { winner: 0, mirror: 6 });
        say("conte wins at 0", { winner: 0, mirror: 0 });
        say("maske wins", { winner: 1, mirror: 10 });
        for (const reason of ["resign", "leave", "timeout"] as const) for (const winner of [0, 1] as Seat[]) say(`${reason}: seat ${winner} wins`, { winner, reason });
        const profi = { variant: "profi" as const, roles: ["maske", "conte"] as ["maske", "conte"] };
        say("profi 6:4", { ...profi, winner: 0, match: { scores: [6, 4], rounds: [3, 3] } });
        say("profi 2:8", { ...profi, winner: 1, match: { scores: [2, 8], rounds: [3, 3] } });
        say("profi 4:4 draw", { ...profi, winner: null, match: { scores: [4, 4], rounds: [3, 3] } });
        say("profi 10:10, seat 0 in 2 rounds, seat 1 in 3", { ...profi, winner: 0, match: { scores: [10, 10], rounds: [2, 3] } });
        say("profi 10:10 in 3 rounds each", { ...profi, winner: null, match: { scores: [10, 10], rounds: [3, 3] } });
        say("profi resign", { ...profi, winner: 1, reason: "resign", match: { scores: [2, 0], rounds: null } });
        say("both flags at once: a draw", { winner: null, reason: "timeout" });
        say("profi, both flags at once: a draw", { ...profi, winner: null, reason: "timeout", match: { scores: [0, 0], rounds: null } });
      }
}

function hintSentences() {
  for (const rs of RULESETS) {
    const e = rs === "zwiegespalten" ? "E5" : "E2";
    for (const [label, cmd] of [
      ["follow", { type: "play", card: "G6" }],
      ["ace", { type: "play", card: "D1" }],
      ["elixir lead", { type: "play", card: e, suit: "D" }],
    ] as const)
      for (const [trickWin, after, now] of [[1, 0, 0], [0, 2, 0], [0.62, 1.4, 0], [0.3, 2, 2], [0.5, 1, 0]] as const) {
        const r = playReason(rs, cmd as Extract<Command, { type: "play" }>, trickWin, after, now, label === "elixir lead");
        for (const l of LANGS) out("hint", [rs, l, `${label} p=${trickWin} after=${after} now=${now}`], r[l]);
      }
    for (const [label, cmd] of [
      ["exchange 1", { type: "exchange", cards: ["P3"] }],
      ["exchange 3", { type: "exchange", cards: ["P3", "D1", e] }],
      ["swap 2", { type: "swap", cards: ["G7", "P1"] }],
    ] as const)
      for (const [who, conte, strong] of [["conte", true, false], ["maske strong", false, true], ["maske weak", false, false]] as const) {
        const r = pickReason(rs, cmd as unknown as Extract<Command, { cards: readonly string[] }>, conte, strong);
        for (const l of LANGS) out("hint", [rs, l, `${label} ${who}`], r[l]);
      }
  }
}

function infoSentences() {
  for (const rs of RULESETS)
    for (const l of LANGS) {
      const tag = [rs, l];
      // Seat 0 leads trick 4, then follows a lead in trick 5 (a state the first-legal game reaches), both with knowledge.
      const lead = view(play(rs, "single", (s) => s.phase === "play" && s.history.length === 3 && s.trick.length === 0 && s.leader === 0, 11), 0);
      const follow = view(play(rs, "single", (s) => s.phase === "play" && s.trick.length === 1 && s.trick[0]!.seat === 1, 11), 0);
      const exchange = view(play(rs, "single", () => true, 11), 0);
      for (const [name, v] of [["lead", lead], ["follow", follow]] as const) {
        for (const c of v.hand ?? []) out("info card", [...tag, name, c], cardInfoLines(v, 0, c, l, true));
        for (const p of [0, 1, 2] as const) out("info plaque", [...tag, name, `place ${p}`], suitInfoLines(v, 0, p, l));
        out("info hidden", [...tag, name], hiddenInfoLines(v, 0, l));
      }
      for (const c of follow.trick.map((p) => p.card)) out("info card", [...tag, "on the table", c], cardInfoLines(follow, 0, c, l, false));
      out("info hidden", [...tag, "exchange"], hiddenInfoLines(exchange, 0, l));
      // The track: each kind of field (passed, here, the preview, 10), with a difference that would reach 10.
      const track = { ...follow, mirror: 4, tricks: [6, 1] as [number, number] } as View;
      for (const f of [2, 4, 9, 10]) out("info field", [...tag, `mirror 4, tricks 6:1, field ${f}`], fieldInfoLines(track, f, l));
      for (const f of [1, 10]) out("info field", [...tag, `mirror 0, tricks 3:3, field ${f}`], fieldInfoLines({ ...follow, mirror: 0, tricks: [3, 3] } as View, f, l));
      // The announcement aid: a made-up lead with knowledge (a card given, a void shown) and cards already played.
      const low = rs === "zwiegespalten" ? "E2" : "E1";
      const high = rs === "zwiegespalten" ? "E5" : "E4";
      const aid = {
        ...lead,
        hand: [low, high, "P6", "P7", "D1", "G3"],
        // The opponent holds cards too: with none it is void in nothing (with seed 11 Battlemaske's `lead` is a game's end).
        handSizes: [6, 6],
        knownAtOpponent: ["G5", "P2"],
        trick: [],
        history: [
          { leader: 0, cards: [{ seat: 0, card: "D4" }, { seat: 1, card: "P3" }], namedSuit: null, winner: 1, effect: null, stolen: false },
          { leader: 1, cards: [{ seat: 1, card: "G7" }, { seat: 0, card: "G1" }], namedSuit: null, winner: 1, effect: null, stolen: false },
          { leader: 1, cards: [{ seat: 1, card: "G6" }, { seat: 0, card: "G2" }], namedSuit: null, winner: 1, effect: null, stolen: false },
        ],
      } as unknown as View;
      for (const e of [low, high]) {
        const a = announcementAid(aid, 0, e, l);
        for (const s of ["P", "D", "G"] as const) out("announcement aid", [...tag, `${e} naming ${s}`], [a[s].beat, a[s].opponent, a[s].effect, a[s].held]);
      }
      const last = announcementAid({ ...aid, hand: [low, "P6"] } as View, 0, low, l);
      out("announcement aid", [...tag, `${low} with 2 cards left, naming D`], [last.D.beat, last.D.opponent, last.D.effect, last.D.held]);
    }
}

describe("every generated sentence (log, effect, round table, end table, hint, info window, announcement aid)", () => {
  it("matches the reviewed list in tests/web/sentences.snapshot.txt", async () => {
    logSentences();
    tableSentences();
    endSentences();
    hintSentences();
    infoSentences();
    expect(lines.length).toBeGreaterThan(2000);
    await expect(lines.join("\n") + "\n").toMatchFileSnapshot("./sentences.snapshot.txt");
  });

  it("never prints a known-wrong phrase", () => {
    const text = lines.join("\n");
    for (const wrong of [/Du spielst[^|]*und sagt /, /Du nimmt/, /rückt 0 Felder/, /zur Schatten/, /Mit Elixier/, /bis zu zwei Karten/, /cleared follows/, /Siegchance.*Gewinnchance/, /\b[Dd]u [a-zäöü]*[^s\s]t\b/u, /undefined|NaN|\[object/]) {
      expect(text, String(wrong)).not.toMatch(wrong);
    }
    const zw = lines.filter((x) => x.includes("zwiegespalten"));
    for (const wrong of [/Maske/, /Conte/, /Spiegel/, /Pfau|Dukaten|Glut/, /\bPik\b/, /Stolz|Gier|Zorn/]) expect(zw.join("\n"), String(wrong)).not.toMatch(wrong);
  });
});

describe("the result's sentences under its title (withoutTitle)", () => {
  it("leave out only a sentence that repeats the title (hot-seat: 'Der Conte gewinnt!' over 'Der Conte gewinnt.')", () => {
    const hot = endLines({ ruleset: "battlemaske", me: null, opponent: { de: "", en: "" }, winner: 0, reason: "rules", roles: ["conte", "maske"], mirror: 6, match: null } as unknown as EndFacts, "de");
    expect(hot[0]).toBe("Der Conte gewinnt.");
    expect(withoutTitle(hot, "Der Conte gewinnt!")).toEqual(hot.slice(1));
    expect(withoutTitle(hot, "Die Maske gewinnt!")).toEqual(hot);
    expect(withoutTitle(["Der Computer gewinnt: Du hast aufgegeben."], "Verloren")).toEqual(["Der Computer gewinnt: Du hast aufgegeben."]);
    // The winner with the reason stays whole, under a title that names the winner too.
    expect(withoutTitle(["Der erste Conte gewinnt: Die erste Maske hat aufgegeben."], "Der erste Conte gewinnt!")).toEqual(["Der erste Conte gewinnt: Die erste Maske hat aufgegeben."]);
  });
});

describe("every seat at the table (the room's 'seated')", () => {
  it("says the clocks run only at a table with chess clocks, the brake at a table 'Ohne Uhr' (a fresh-eyes pass read the clocks there)", () => {
    const v = view(play("battlemaske", "single", () => true), 0);
    const text = (clock: "fischer" | "brake" | null) => describeEvent({ type: "seated" }, 5, v, 0, { de: "Bruno", en: "Bruno" }, clock).map((e) => e.text);
    expect(text("fischer")).toEqual([{ de: "Beide sind am Tisch: die Uhren laufen.", en: "Both are at the table: the clocks run." }]);
    // "Ohne Uhr": the emergency brake runs, not clocks (a second pass still read "die Uhren laufen" there).
    expect(text("brake")).toEqual([{ de: "Beide sind am Tisch: Die Notbremse läuft – wer 10 Minuten nicht spielt, verliert.", en: "Both are at the table: the brake runs – no move for 10 minutes loses." }]);
    expect(text(null)).toEqual([{ de: "Beide sind am Tisch.", en: "Both are at the table." }]);
  });
});
