// Rule errors are values with a stable code and a message in German and English; the engine never throws for bad input.

export type RuleErrorCode =
  | "BAD_COMMAND"
  | "INVALID_SEAT"
  | "GAME_OVER"
  | "WRONG_PHASE"
  | "NOT_YOUR_TURN"
  | "ALREADY_SHOWN"
  | "UNKNOWN_CARD"
  | "NOT_IN_HAND"
  | "DUPLICATE_CARD"
  | "WRONG_OPEN_COUNT"
  | "SHOW_REQUIRED"
  | "SHOW_NOT_ALLOWED"
  | "MISSING_PAN"
  | "UNKNOWN_PAN"
  | "EMPTY_PAN";

export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: { readonly de: string; readonly en: string };
}

export function ruleError(code: RuleErrorCode, de: string, en: string): RuleError {
  return { code, message: { de, en } };
}
