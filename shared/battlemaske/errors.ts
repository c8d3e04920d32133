// Rule errors are values with a stable code and a message in German and English; the engine never throws for bad input.

export type RuleErrorCode =
  | "BAD_COMMAND"
  | "INVALID_SEAT"
  | "GAME_OVER"
  | "WRONG_PHASE"
  | "NOT_YOUR_TURN"
  | "ALREADY_SUBMITTED"
  | "UNKNOWN_CARD"
  | "NOT_IN_HAND"
  | "DUPLICATE_CARD"
  | "WRONG_CARD_COUNT"
  | "ELIXIR_REQUIRED"
  | "SUIT_REQUIRED"
  | "SUIT_NOT_ALLOWED"
  | "UNKNOWN_SUIT"
  | "MUST_FOLLOW_SUIT"
  | "MUST_PLAY_ELIXIR"
  | "MUST_FOLLOW_NAMED_SUIT";

export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: { readonly de: string; readonly en: string };
}

export function ruleError(code: RuleErrorCode, de: string, en: string): RuleError {
  return { code, message: { de, en } };
}
