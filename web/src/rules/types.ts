// Rules as data: a document per game and language, rendered by pages/Rules.tsx.
// Text may mark key words as **bold**; nothing else is interpreted.

export type Block =
  | { kind: "p"; text: string }
  /** An unordered list. */
  | { kind: "list"; items: string[] }
  /** Numbered steps. */
  | { kind: "steps"; items: string[] }
  /** A worked example: a title and its steps or paragraphs. */
  | { kind: "example"; title: string; lines: string[]; numbered?: boolean }
  | { kind: "table"; caption: string; head: string[]; rows: string[][] };

export interface Section {
  /** Stable anchor, the same in every language (#ranking, #elixirs …). */
  id: string;
  title: string;
  blocks: Block[];
}

export interface RulesDoc {
  title: string;
  /** One or two sentences under the title: what kind of game this is. */
  lead: string;
  sections: Section[];
}
