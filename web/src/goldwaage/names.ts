// Goldwaage's variants in words, for the table header and the invite page.
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
