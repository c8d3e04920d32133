// Which words fit the device: "Tippe" under a finger, "Klicke" under a mouse (player passes read "Tippe" at a desktop
// and "wischen" with a mouse).

/** Whether the main pointer is a finger (a phone, a tablet) rather than a mouse. */
export function coarsePointer(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(pointer: coarse)").matches;
}

/** The verb for a press, by the device: "Tippe" / "Tap" under a finger, "Klicke" / "Click" under a mouse. */
export function pressVerb(): { readonly de: string; readonly en: string } {
  return coarsePointer() ? { de: "Tippe", en: "Tap" } : { de: "Klicke", en: "Click" };
}
