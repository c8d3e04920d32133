// The UI language: German first, English one click away, remembered in localStorage.
import { createSignal } from "solid-js";
import { LANGS, type Lang } from "../../shared/catalog";

const STORAGE_KEY = "spielcenter.lang";

function isLang(value: unknown): value is Lang {
  return LANGS.some((lang) => lang === value);
}

function storedLang(): Lang {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to German.
  }
  return "de";
}

const [lang, setLangSignal] = createSignal<Lang>(storedLang());
document.documentElement.lang = lang();
// The switch in one tab switches the site's other open tabs too (a fresh-eyes pass: a second tab stayed German).
window.addEventListener("storage", (e) => {
  if (e.key !== STORAGE_KEY || !isLang(e.newValue)) return;
  setLangSignal(e.newValue);
  document.documentElement.lang = e.newValue;
});

export { lang };

/** A text written in place in both languages: the German first, as the site speaks German first. */
export const tr = (de: string, en: string): string => (lang() === "de" ? de : en);

export function setLang(next: Lang): void {
  setLangSignal(next);
  document.documentElement.lang = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not remembered then; the switch still works for this visit.
  }
}

const de = {
  skipToContent: "Zum Inhalt",
  languageSwitch: "Sprache",
  homeLink: "Spielcenter – Startseite",
  homeTitle: "Spielcenter",
  homeLead:
    "Drei Kartenspiele an einem Ort: zwei Duelle mit Stichen und Masken und ein Teamspiel an der Waage. Spiel gegen den Computer, zu zweit am selben Gerät, online mit Freunden oder im Tagesspiel; die Regeln stehen bei jedem Spiel.",
  gamesHeading: "Die Spiele",
  readRules: "Regeln lesen",
  playersOne: "{n} Spieler",
  playersRange: "{min}–{max} Spieler",
  rulesLabel: "Regeln",
  backToGames: "Alle Spiele",
  contents: "Inhalt",
  otherRules: "Regeln der anderen Spiele",
  example: "Beispiel",
  notFoundTitle: "Diese Seite gibt es nicht",
  notFoundText: "Vielleicht hilft die Startseite weiter.",
  toHome: "Zur Startseite",
  footer: "Spielcenter – alles hier ist selbst gezeichnet und läuft ohne fremde Server.",
};

const en: typeof de = {
  skipToContent: "Skip to content",
  languageSwitch: "Language",
  homeLink: "Spielcenter – home",
  homeTitle: "Spielcenter",
  homeLead:
    "Three card games in one place: two duels of tricks and masks, and a team game at the scale. Play against the computer, two on one device, online with friends or in the daily game; each game has its rules.",
  gamesHeading: "The games",
  readRules: "Read the rules",
  playersOne: "{n} players",
  playersRange: "{min}–{max} players",
  rulesLabel: "Rules",
  backToGames: "All games",
  contents: "Contents",
  otherRules: "Rules of the other games",
  example: "Example",
  notFoundTitle: "This page does not exist",
  notFoundText: "The start page may help.",
  toHome: "To the start page",
  footer: "Spielcenter – everything here is drawn by us and runs without third-party servers.",
};

const UI: Record<Lang, typeof de> = { de, en };

/** The UI texts in the current language. */
export function ui(): typeof de {
  return UI[lang()];
}

export function playersText(players: { min: number; max: number }): string {
  return players.min === players.max
    ? ui().playersOne.replace("{n}", String(players.min))
    : ui().playersRange.replace("{min}", String(players.min)).replace("{max}", String(players.max));
}

/** A whole number as text, negative ones with a true minus sign (−10, not the hyphen of -10). */
export const num = (n: number): string => (n < 0 ? `−${-n}` : String(n));

/** A calendar date (YYYY-MM-DD, the daily game's Berlin date) as the page's language writes it: "5. Dezember 2026". */
export const dayText = (date: string, style: "medium" | "long" = "long"): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(lang() === "de" ? "de-DE" : "en-GB", { dateStyle: style, timeZone: "UTC" });

/**
 * A moment (ms since the epoch) with its date and time: "07.12.2026, 10:33" in German, "7 Dec 2026, 10:33" in English —
 * the English short form "07/12/2026" reads as July 12 to many, and the Bilanz's "07.12.26" was not the replay's
 * "07.12.2026" for the same game (two player passes). The replay's header uses it too.
 */
export const momentText = (ms: number): string => new Date(ms).toLocaleString(lang() === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeStyle: "short" });

/** Minutes of a clock as text: a decimal comma in German ("0,5 Min.", not "0.5" — a fresh-eyes pass), a point in English. */
export const minutesText = (m: number): string => (lang() === "de" ? String(m).replace(".", ",") : String(m));
