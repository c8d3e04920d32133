// The phone layout's media query, for the code that must agree with table.css: a screen up to 700 px wide, unless it
// is a phone turned sideways (landscape and at most 500 px high), which gets a layout of its own (table.css, "A phone
// in landscape"): the log is a box there, not a sheet at the bottom edge.
export const PHONE_PORTRAIT = "(max-width: 700px) and (min-height: 501px), (max-width: 700px) and (orientation: portrait)";

/** Whether the table is laid out for a phone held upright now. */
export function phonePortrait(): boolean {
  return typeof window !== "undefined" && window.matchMedia(PHONE_PORTRAIT).matches;
}
