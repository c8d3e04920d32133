// Goldwaage's levels and variants in words, for the table header, the invite page and the Bilanz.
import { tr } from "../i18n";
/** A variant's name as the rules page writes it. */
export function variantName(id: string): string {
  return (
    ({
      "offene-haende": tr("Offene Hände", "Open hands"),
      "zwei-offene-karten": tr("Zwei offene Karten", "Two open cards"),
      "ruhige-waage": tr("Ruhige Waage", "Calm scale"),
    } as Record<string, string>)[id] ?? id
  );
}

/** A level's name (the table's level, not a computer's). */
export function levelName(id: string): string {
  return ({ leicht: tr("Leicht", "Easy"), normal: "Normal", schwer: tr("Schwer", "Hard"), profi: "Profi" } as Record<string, string>)[id] ?? id;
}
