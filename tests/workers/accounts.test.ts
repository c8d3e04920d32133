// Guest accounts: tokens stored only as hashes, 401 without a valid token, unique display names, recovery codes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { nameSkeleton } from "../../worker/names";
import app from "../../worker/index";
import { call, json, newAccount, origin, uniqueName } from "./api-helpers";

describe("guest accounts", () => {
  it("POST /api/accounts hands out an id, a bearer token and a recovery code, and stores only hashes", async () => {
    const r = await call("/api/accounts", { method: "POST" });
    expect(r.status).toBe(201);
    const a = await json<{ id: string; token: string; recoveryCode: string }>(r);
    expect(a.token.length).toBeGreaterThanOrEqual(40);
    expect(a.recoveryCode).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    const stored = JSON.stringify([
      await env.DB.prepare("SELECT * FROM accounts WHERE id = ?").bind(a.id).all(),
      await env.DB.prepare("SELECT * FROM sessions WHERE account_id = ?").bind(a.id).all(),
    ]);
    expect(stored).not.toContain(a.token);
    expect(stored).not.toContain(a.recoveryCode.replace(/-/g, ""));
    const me = await json(call("/api/me", { token: a.token }));
    expect(me).toEqual({ id: a.id, name: null, points: 0, elo: 1500, ratedGames: 0, taler: 1000, held: 0, records: [] });
  });

  it("answers 401 to a missing or wrong token and changes nothing", async () => {
    const a = await newAccount();
    expect((await call("/api/me")).status).toBe(401);
    expect((await call("/api/me", { token: "x".repeat(43) })).status).toBe(401);
    expect((await call("/api/me", { headers: { authorization: "Basic abc" } })).status).toBe(401);
    const name = uniqueName("Eve");
    const wrong = await call("/api/me/name", { method: "PUT", body: { name }, token: a.token.slice(0, -2) + "zz" });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toMatchObject({ error: "UNAUTHORIZED" });
    expect((await call("/api/daily/attempts", { body: { role: "conte" } })).status).toBe(401);
    expect((await call("/api/games", { body: { kind: "friendly", clock: null, ruleset: "battlemaske", variant: "single", role: "conte" } })).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts WHERE name = ?").bind(name).first("n")).toBe(0);
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: null });
  });
});

describe("display names", () => {
  it("accepts letters of any script, digits and single separators; refuses the rest with a clear 400", async () => {
    const a = await newAccount();
    const ok = uniqueName("Jürgen_");
    const r = await call("/api/me/name", { method: "PUT", body: { name: ok }, token: a.token });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ id: a.id, name: ok });
    for (const bad of ["ab", "x".repeat(21), "<script>", "a  b", "-lead", "Anna!", "a--b", "Computer", "", 42]) {
      const res = await call("/api/me/name", { method: "PUT", body: { name: bad }, token: a.token });
      expect(res.status, String(bad)).toBe(400);
      const body = await json<{ error: string; message: string }>(res);
      expect(body.error).toBe("BAD_REQUEST");
      expect(body.message).toMatch(/^name: /);
    }
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: ok });
  });

  it("accepts names written with marks (Tamil, Hindi); refuses a tower of marks; a mark on a Latin name is the same name (an attack pass)", async () => {
    const a = await newAccount();
    const b = await newAccount();
    // Tamil "Sridhar" and Hindi "Anil": vowel signs and viramas are marks (\p{M}), and were refused.
    for (const name of [uniqueName("ஸ்ரீதர்"), uniqueName("अनिल")]) {
      const r = await call("/api/me/name", { method: "PUT", body: { name }, token: a.token });
      expect(r.status, name).toBe(200);
      expect(await json(r)).toMatchObject({ name: name.normalize("NFKC") });
    }
    // Four accents on one letter (NFKC composes the first into "à", leaving three), and ten: refused, saying why.
    for (const name of ["Za\u0300\u0301\u0302\u0303l", "Zal\u0300\u0301\u0302\u0303go", `Z${"a\u0301".padEnd(11, "\u0302")}l`]) {
      const tower = await call("/api/me/name", { method: "PUT", body: { name }, token: b.token });
      expect(tower.status, name).toBe(400);
      expect(await json(tower)).toMatchObject({ message: "name: a letter may carry at most two accents or marks" });
    }
    // Two are a name (Vietnamese "ệ" is e with two marks).
    expect((await call("/api/me/name", { method: "PUT", body: { name: uniqueName("Nguyệt") }, token: b.token })).status).toBe(200);
    // "Mira" with a combining low line under it reads as Mira: taken.
    const mira = uniqueName("Mira");
    expect((await call("/api/me/name", { method: "PUT", body: { name: mira }, token: a.token })).status).toBe(200);
    const marked = await call("/api/me/name", { method: "PUT", body: { name: mira.replace("a", "a\u0332") }, token: b.token });
    expect(marked.status).toBe(409);
  });

  it("keeps names unique regardless of case (409), and trims and NFC-normalizes them", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const name = uniqueName("Mira");
    expect((await call("/api/me/name", { method: "PUT", body: { name: ` ${name} ` }, token: a.token })).status).toBe(200);
    const taken = await call("/api/me/name", { method: "PUT", body: { name: name.toUpperCase() }, token: b.token });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ error: "NAME_TAKEN" });
    expect(await json(call("/api/me", { token: b.token }))).toMatchObject({ name: null });
    // "Zoë" typed with a combining diaeresis is the same name as the precomposed one.
    const zoe = uniqueName("Zoe\u0308");
    expect(await json(call("/api/me/name", { method: "PUT", body: { name: zoe }, token: a.token }))).toMatchObject({ name: zoe.normalize("NFC") });
    expect((await call("/api/me/name", { method: "PUT", body: { name: zoe.normalize("NFC") }, token: b.token })).status).toBe(409);
  });
});

describe("look-alike names", () => {
  const rename = (token: string, name: string) => call("/api/me/name", { method: "PUT", body: { name }, token });

  it("stores the NFKC form: full-width letters are the plain ones, so „Ａｄｍｉｎ“ is the reserved Admin", async () => {
    const a = await newAccount();
    const wide = uniqueName("Ｗｉｄｅ"); // full-width W i d e
    expect(await json(rename(a.token, wide))).toMatchObject({ name: wide.normalize("NFKC") });
    expect(wide.normalize("NFKC")).toMatch(/^Wide/);
    const reserved = await rename(a.token, "Ａｄｍｉｎ");
    expect(reserved.status).toBe(400);
    expect(await json(reserved)).toMatchObject({ error: "BAD_REQUEST", message: "name: this name is reserved" });
  });

  it("refuses a name that reads like another account's (Cyrillic or Greek letters, digits for letters, separators) with 409", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const base = `Zorro${String(Math.floor(Math.random() * 9000) + 1000)}`; // "Zorro5044"
    expect((await rename(a.token, base)).status).toBe(200);
    const lookAlikes = [
      base.replace("o", "\u043e"), // Cyrillic о
      base.replace("Z", "Ζ"), // Greek capital Zeta
      `${base.slice(0, 5)}_${base.slice(5)}`, // Zorro_5044
      base.replace("o", "0"), // Z0rro
      `${base.slice(0, 5)}.${base.slice(5)}`.toUpperCase(),
      base.normalize("NFKC").replace("Zorro", "Ｚｏｒｒｏ"),
    ];
    for (const name of lookAlikes) {
      const r = await rename(b.token, name);
      expect(r.status, name).toBe(409);
      expect(await json(r)).toMatchObject({ error: "NAME_TAKEN" });
    }
    expect(await json(call("/api/me", { token: b.token }))).toMatchObject({ name: null });
    // Scripts beyond Cyrillic and Greek (a fresh-eyes pass): Armenian օ, Cherokee Ꮓ, small capital ᴏ, Latin ꭇ, and
    // digits of another script read by value.
    for (const name of [base.replace("o", "\u0585"), base.replace("Z", "\u13C3"), base.replace("o", "\u1D0F"), base.replace(/r/g, "\uAB47"), base.replace("Z", "\u1D22"), base.replace(/\d$/, (d) => String.fromCharCode(0x660 + Number(d)))]) {
      const r = await rename(b.token, name);
      expect(r.status, name).toBe(409);
      expect(await json(r)).toMatchObject({ error: "NAME_TAKEN" });
    }
    expect(await json(call("/api/me", { token: b.token }))).toMatchObject({ name: null });
    // The owner may still write their own name in another case or with a separator.
    expect(await json(rename(a.token, base.toUpperCase()))).toMatchObject({ name: base.toUpperCase() });
    expect(await json(rename(a.token, `${base.slice(0, 5)}-${base.slice(5)}`))).toMatchObject({ name: `${base.slice(0, 5)}-${base.slice(5)}` });
    // Other names that merely share letters stay free.
    expect((await rename(b.token, `${base}x`)).status).toBe(200);
  });

  it("refuses a name that reads like a reserved word: „Сomputer“ with a Cyrillic С, „Ｃomputer“, „C0mputer“, „Moderat0r“", async () => {
    const a = await newAccount();
    for (const name of ["\u0421omputer", "Ｃomputer", "C0mputer", "COMPUTER", "Com_puter", "Moderat0r", "Supp0rt", "Spiel-Leiter", "Battlemaske", "Goldwaage", "Conte", "Maske", "null", "Undefined", "Adrnin", "Comp\u057Dter", "\uA4DAomputer", "Compute\u0155", "Co\u0308mputer", "Adm\u0131n",
      // Small capitals, and the computer's or staff's word beside another (a second fresh-eyes pass).
      "\u1D04\u1D0F\u1D0D\u1D18\u1D1C\u1D1B\u1D07\u0280", "\u1D00\u1D05\u1D0D\u026A\u0274", "Computer Stark", "Computer Leicht", "Stark KI", "Admin Team", "Admin1", "Moderator1", "Support Team", "Bot 7"]) {
      const r = await rename(a.token, name);
      expect(r.status, name).toBe(400);
      expect(await json(r), name).toMatchObject({ error: "BAD_REQUEST", message: "name: this name is reserved" });
    }
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: null });
  });

  it("refuses the labels of nameless seats with a number (a spectator read „Gast 1 (Conte) – Gast 1 (Maske)“); names that only begin so stay free", async () => {
    const a = await newAccount();
    for (const name of ["Gast 1", "Gast2", "gast_10", "Guest 2", "Platz 1", "Platz-3", "Spieler 2", "Player 1", "Seat 4", "Computer 2", "Gast l", "Ｇast 1", "Gаst 1", "Computer \u0662", "Spieler \u0662", "Gast \u0661", "Gast\u0661", "Gast \u0968", "G\u00e4st 1", "Gast \u{10107}", "Gast \u4E00", "Gast \u1369", "Spieler Zwei", "Player One", "Gegner 1", "Mitspieler 2"]) {
      const r = await rename(a.token, name);
      expect(r.status, name).toBe(400);
      expect(await json(r), name).toMatchObject({ error: "BAD_REQUEST", message: "name: this name is reserved" });
    }
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: null });
    for (const prefix of ["Gastwirt", "Botanik", "Modesty", "Kiara", "Systematic"]) {
      const free = uniqueName(prefix);
      expect(await json(rename(a.token, free))).toMatchObject({ name: free });
    }
  });

  it("refuses names that draw nothing: the Hangul fillers are letters by category, but invisible", async () => {
    const a = await newAccount();
    for (const name of ["\u3164\u3164\u3164", "\u115F\u115F\u115F", "\u1160\u1160\u1160", "\uFFA0\uFFA0\uFFA0", "Ann\u3164a", "Max\u115Fi"]) {
      const r = await rename(a.token, name);
      expect(r.status, escape(name)).toBe(400);
      expect(await json(r), escape(name)).toMatchObject({ error: "BAD_REQUEST", message: "name: name must not contain invisible characters" });
    }
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ name: null });
    // Modifier letters alone draw only lines (tatweel, low macron, the long-vowel mark).
    for (const name of ["\u0640\u0640\u0640\u0640", "\u02CD\u02CD\u02CD", "\u30FC\u30FC\u30FC"]) {
      const r = await rename(a.token, name);
      expect(r.status, escape(name)).toBe(400);
      expect(await json(r), escape(name)).toMatchObject({ error: "BAD_REQUEST", message: "name: name needs at least one letter or digit that is not a mark or a line" });
    }
    // Hangul itself is welcome, and so is the long-vowel mark in a Japanese word.
    const ramen = uniqueName("\u30E9\u30FC\u30E1\u30F3");
    expect(await json(rename(a.token, ramen))).toMatchObject({ name: ramen });
    const hangul = uniqueName("\uD55C\uAE00");
    expect(await json(rename(a.token, hangul))).toMatchObject({ name: hangul });
  });

  it("nameSkeleton maps look-alikes to one Latin form", () => {
    expect(nameSkeleton("Z\u0585rro")).toBe("zorro"); // Armenian օ
    expect(nameSkeleton("\u13C3orro")).toBe("zorro"); // Cherokee Ꮓ
    expect(nameSkeleton("\uA4DAomputer")).toBe("computer"); // Lisu ꓚ
    expect(nameSkeleton("Zo\uAB47\uAB47o")).toBe("zorro");
    expect(nameSkeleton("\u1D00\uA781ice")).toBe(nameSkeleton("Alice")); // small capital A, turned l
    expect(nameSkeleton("Gast \u0662")).toBe(nameSkeleton("Gast 2")); // Arabic-Indic two
    expect(nameSkeleton("x\u096F\u0E57")).toBe(nameSkeleton("x97")); // Devanagari nine, Thai seven
    expect(nameSkeleton("\u0D6A\u0D6B")).toBe(nameSkeleton("45")); // Malayalam four and five
    expect(nameSkeleton("Zоrro5044")).toBe(nameSkeleton("Zorro_5044"));
    expect(nameSkeleton("Ｃomputer")).toBe("computer");
    expect(nameSkeleton("\u0421\u043em\u0440uter")).toBe("computer"); // Cyrillic С, о, р
    expect(nameSkeleton("ΑΒΕΚΜΟΡΤΧ")).toBe(nameSkeleton("ABEKMOPTX"));
    expect(nameSkeleton("Il1i")).toBe("llll");
    expect(nameSkeleton("Modern")).toBe("modem");
    expect(nameSkeleton("Jürgen")).not.toBe(nameSkeleton("Jurgen"));
  });
});

describe("recovery code", () => {
  it("carries the account to another device; a wrong code is refused", async () => {
    const a = await newAccount();
    const r = await call("/api/accounts/recover", { body: { recoveryCode: a.recoveryCode.toLowerCase().replace(/-/g, " ") } });
    expect(r.status).toBe(200);
    const other = await json<{ id: string; token: string }>(r);
    expect(other.id).toBe(a.id);
    expect(other.token).not.toBe(a.token);
    expect(await json(call("/api/me", { token: other.token }))).toMatchObject({ id: a.id });
    expect(await json(call("/api/me", { token: a.token }))).toMatchObject({ id: a.id });
    const wrong = await call("/api/accounts/recover", { body: { recoveryCode: "00000-00000-00000-00000" } });
    expect(wrong.status).toBe(401);
    const malformed = await call("/api/accounts/recover", { body: { recoveryCode: "nope" } });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ error: "BAD_REQUEST", message: expect.stringMatching(/^recoveryCode: /) });
  });
});

describe("tokens expire when unused for 180 days", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const sessionOf = async (account: string) => (await env.DB.prepare("SELECT last_used_at FROM sessions WHERE account_id = ?").bind(account).first<{ last_used_at: number }>())!;
  const setLastUsed = (account: string, t: number) => env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE account_id = ?").bind(t, account).run();

  it("a token unused for more than 180 days answers 401 and changes nothing", async () => {
    const a = await newAccount();
    await setLastUsed(a.id, Date.now() - 181 * DAY);
    const r = await call("/api/me", { token: a.token });
    expect(r.status).toBe(401);
    expect(await json(r)).toMatchObject({ error: "UNAUTHORIZED" });
    const name = uniqueName("Old");
    expect((await call("/api/me/name", { method: "PUT", body: { name }, token: a.token })).status).toBe(401);
    expect(await env.DB.prepare("SELECT name FROM accounts WHERE id = ?").bind(a.id).first("name")).toBeNull();
    // The recovery code still brings the account back, with a new token.
    const back = await json<{ token: string }>(call("/api/accounts/recover", { body: { recoveryCode: a.recoveryCode } }));
    expect((await call("/api/me", { token: back.token })).status).toBe(200);
  });

  it("a token used within 180 days works and its last use is refreshed at most once a day", async () => {
    const a = await newAccount();
    const old = Date.now() - 179 * DAY;
    await setLastUsed(a.id, old);
    expect((await call("/api/me", { token: a.token })).status).toBe(200);
    const touched = (await sessionOf(a.id)).last_used_at;
    expect(touched).toBeGreaterThan(Date.now() - 60_000);
    // Used again an hour "later": no new write.
    const recent = Date.now() - 60 * 60 * 1000;
    await setLastUsed(a.id, recent);
    expect((await call("/api/me", { token: a.token })).status).toBe(200);
    expect((await sessionOf(a.id)).last_used_at).toBe(recent);
  });

  it("new tokens start with last_used_at set", async () => {
    const a = await newAccount();
    expect((await sessionOf(a.id)).last_used_at).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("sign out other devices: POST /api/me/sessions/revoke", () => {
  it("kills every token of the account, including the calling one, and hands this device a fresh one", async () => {
    const a = await newAccount();
    const other = await json<{ token: string }>(call("/api/accounts/recover", { body: { recoveryCode: a.recoveryCode } }));
    const bystander = await newAccount();
    const r = await call("/api/me/sessions/revoke", { method: "POST", token: a.token });
    expect(r.status).toBe(200);
    const { token } = await json<{ token: string }>(r);
    expect(token).not.toBe(a.token);
    expect(token).not.toBe(other.token);
    expect((await call("/api/me", { token: a.token })).status).toBe(401);
    expect((await call("/api/me", { token: other.token })).status).toBe(401);
    expect(await json(call("/api/me", { token }))).toMatchObject({ id: a.id });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?").bind(a.id).first("n")).toBe(1);
    // Another account is untouched.
    expect((await call("/api/me", { token: bystander.token })).status).toBe(200);
    // The old token cannot revoke again.
    expect((await call("/api/me/sessions/revoke", { method: "POST", token: other.token })).status).toBe(401);
  });

  it("needs a bearer token", async () => {
    expect((await call("/api/me/sessions/revoke", { method: "POST" })).status).toBe(401);
  });

  it("ten a minute per account, a new code counted too: the 11th is 429 and signs nobody out", { timeout: 30_000 }, async () => {
    // An attack pass sent 1,099 sign-outs in 10 s from six accounts (each wakes the Wartesaal and writes D1).
    await freshMinute();
    const a = await newAccount();
    let token = a.token;
    for (let i = 0; i < 9; i++) token = (await json<{ token: string }>(call("/api/me/sessions/revoke", { method: "POST", token }))).token;
    token = (await json<{ token: string }>(call("/api/me/recovery", { method: "POST", token }))).token;
    const refused = await call("/api/me/sessions/revoke", { method: "POST", token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await call("/api/me", { token })).status).toBe(200);
    // Another account is not held back.
    const b = await newAccount();
    expect((await call("/api/me/sessions/revoke", { method: "POST", token: b.token })).status).toBe(200);
  });
});

describe("a new recovery code: POST /api/me/recovery", () => {
  it("replaces the code: the old one recovers nothing any more, the new one does; every other device is signed out, this one gets a fresh token; other accounts are untouched", async () => {
    const a = await newAccount();
    const other = await json<{ token: string }>(call("/api/accounts/recover", { body: { recoveryCode: a.recoveryCode } }));
    const bystander = await newAccount();
    const r = await call("/api/me/recovery", { method: "POST", token: a.token });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    const { recoveryCode, token } = await json<{ recoveryCode: string; token: string }>(r);
    expect(recoveryCode).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    expect(recoveryCode).not.toBe(a.recoveryCode);
    const old = await call("/api/accounts/recover", { body: { recoveryCode: a.recoveryCode } });
    expect(old.status).toBe(401);
    expect(await json(old)).toMatchObject({ error: "BAD_RECOVERY_CODE" });
    expect(await json(call("/api/accounts/recover", { body: { recoveryCode } }))).toMatchObject({ id: a.id });
    // Every other device is signed out too: a stolen token that minted a code and recovered with it after the owner's
    // sign-out stayed in through the owner's new code (a fresh-eyes attack). This device goes on with its fresh token.
    expect((await call("/api/me", { token: other.token })).status).toBe(401);
    expect((await call("/api/me", { token: a.token })).status).toBe(401);
    expect((await call("/api/me", { token })).status).toBe(200);
    expect(await json(call("/api/accounts/recover", { body: { recoveryCode: bystander.recoveryCode } }))).toMatchObject({ id: bystander.id });
  });

  it("needs a bearer token", async () => {
    expect((await call("/api/me/recovery", { method: "POST" })).status).toBe(401);
  });
});

/**
 * Miniflare's limiter counts per calendar minute: start the 11 requests well inside one (ten that straddle a minute's
 * end leave the 11th within budget — the IPv6 test below failed so in 1 of 2 runs of the workers project).
 */
async function freshMinute() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100));
}

describe("account creation is rate-limited per client address", () => {
  const from6 = (ip: string) => ({ method: "POST", headers: { "cf-connecting-ip": ip } });
  it("the 11th account or recovery attempt within a minute from one address gets 429 and creates nothing; another address is unaffected", { timeout: 30_000 }, async () => {
    await freshMinute();
    const from = (ip: string) => ({ method: "POST", headers: { "cf-connecting-ip": ip } });
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts").first<{ n: number }>())!.n;
    for (let i = 0; i < 10; i++) expect((await call("/api/accounts", from("203.0.113.7"))).status).toBe(201);
    const refused = await call("/api/accounts", from("203.0.113.7"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await json(refused)).toMatchObject({ error: "RATE_LIMITED" });
    // Guessing recovery codes counts against the same budget.
    const guess = await call("/api/accounts/recover", { ...from("203.0.113.7"), body: { recoveryCode: "ABCDE-FGHJK-MNPQR-STVWX" } });
    expect(guess.status).toBe(429);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts").first<{ n: number }>())!.n).toBe(before + 10);
    expect((await call("/api/accounts", from("198.51.100.4"))).status).toBe(201);
    // The test harness sets RATE_LIMIT_LOOPBACK=off (vitest.config.ts): only then is the machine itself not counted.
    expect(env.RATE_LIMIT_LOOPBACK).toBe("off");
    for (let i = 0; i < 12; i++) expect((await call("/api/accounts", from("127.0.0.1"))).status).toBe(201);
  });

  it("an IPv6 /64 is one address: walking through its addresses opens no more accounts", { timeout: 30_000 }, async () => {
    await freshMinute();
    for (let i = 0; i < 10; i++) expect((await call("/api/accounts", from6(`2001:db8:77:1:${i.toString(16)}::${((i * 7919) % 0xffff).toString(16)}`))).status).toBe(201);
    expect((await call("/api/accounts", from6("2001:db8:77:1:ffff:ffff:ffff:fffe"))).status).toBe(429);
    expect((await call("/api/accounts", from6("2001:db8:77:2::1"))).status).toBe(201);
  });
});

describe("without RATE_LIMIT_LOOPBACK the limit is strict (npm start, production)", () => {
  // The same Worker with the harness's exemption removed from its environment.
  const strictEnv = { ...env, RATE_LIMIT_LOOPBACK: undefined };
  const strict = (path: string, headers: Record<string, string> = {}) => app.request(`${origin}${path}`, { method: "POST", headers }, strictEnv);
  const accountCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts").first<{ n: number }>())!.n;

  it("requests without CF-Connecting-IP share one budget: the 11th within a minute gets 429 and creates no account", { timeout: 30_000 }, async () => {
    await freshMinute();
    const before = await accountCount();
    for (let i = 0; i < 10; i++) expect((await strict("/api/accounts")).status, `request ${i + 1}`).toBe(201);
    const refused = await strict("/api/accounts");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await json(refused)).toMatchObject({ error: "RATE_LIMITED" });
    expect(await accountCount()).toBe(before + 10);
  });

  it("loopback addresses are counted like any other address", { timeout: 30_000 }, async () => {
    await freshMinute();
    const before = await accountCount();
    for (let i = 0; i < 10; i++) expect((await strict("/api/accounts", { "cf-connecting-ip": "127.0.0.1" })).status).toBe(201);
    expect((await strict("/api/accounts", { "cf-connecting-ip": "127.0.0.1" })).status).toBe(429);
    expect((await strict("/api/accounts", { "cf-connecting-ip": "::1" })).status).toBe(201);
    expect(await accountCount()).toBe(before + 11);
  });
});
