import { describe, expect, it } from "vitest";
import { GAME_IDS, GAMES, LANGS } from "../../shared/catalog";
import { RULES, type Block, type RulesDoc } from "../../web/src/rules";

function blockTexts(block: Block): string[] {
  switch (block.kind) {
    case "p":
      return [block.text];
    case "list":
    case "steps":
      return block.items;
    case "example":
      return [block.title, ...block.lines];
    case "table":
      return [block.caption, ...block.head, ...block.rows.flat()];
  }
}

function allTexts(doc: RulesDoc): string[] {
  return [doc.title, doc.lead, ...doc.sections.flatMap((s) => [s.title, ...s.blocks.flatMap(blockTexts)])];
}

describe("rules pages", () => {
  it("exist for every game of the catalog, in every language", () => {
    expect(Object.keys(RULES).sort()).toEqual([...GAME_IDS].sort());
    for (const game of GAMES) for (const lang of LANGS) expect(RULES[game.id][lang].sections.length).toBeGreaterThan(5);
  });

  describe.each(GAME_IDS)("%s", (id) => {
    const { de, en } = RULES[id];

    it("has the same sections, in the same order and shape, in German and English", () => {
      const shape = (doc: RulesDoc) => doc.sections.map((s) => ({ id: s.id, blocks: s.blocks.map((b) => b.kind) }));
      expect(shape(en)).toEqual(shape(de));
    });

    it("has unique, URL-friendly section anchors", () => {
      const ids = de.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const anchor of ids) expect(anchor).toMatch(/^[a-z][a-z0-9-]*$/);
    });

    it.each(LANGS)("has no empty text and balanced **bold** marks (%s)", (lang) => {
      for (const text of allTexts(RULES[id][lang])) {
        expect(text.trim()).not.toBe("");
        expect(text.split("**").length % 2, text).toBe(1);
      }
    });

    it.each(LANGS)("has tables whose rows fit their heads (%s)", (lang) => {
      const tables = RULES[id][lang].sections.flatMap((s) => s.blocks).filter((b) => b.kind === "table");
      for (const table of tables) for (const row of table.rows) expect(row).toHaveLength(table.head.length);
    });
  });
});
