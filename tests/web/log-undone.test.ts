// "Karte zurück" in the game log: the entries of the events a take-back undid are marked, nothing else.
import { describe, expect, it } from "vitest";
import { markUndone, type LogEntry } from "../../web/src/battlemaske/log.js";

const entry = (key: string, undone?: boolean): LogEntry => ({ key, text: { de: key, en: key }, ...(undone ? { undone } : {}) });

describe("markUndone", () => {
  it("marks the entries from the take-back's target version on (the taken-back card itself, later events and their effect lines), keeps the rest and the order", () => {
    const log = [entry("seed"), entry("3"), entry("4"), entry("4e"), entry("5"), entry("5e"), entry("6")];
    const marked = markUndone(log, 4);
    expect(marked.map((e) => e.key)).toEqual(["seed", "3", "4", "4e", "5", "5e", "6"]);
    expect(marked.map((e) => e.undone === true)).toEqual([false, false, true, true, true, true, true]);
    expect(log.every((e) => !e.undone)).toBe(true); // the input is not changed
  });
  it("leaves entries marked by an earlier take-back as they are, and a target past the end marks nothing", () => {
    const log = [entry("2"), entry("3", true), entry("4")];
    expect(markUndone(log, 5)).toEqual(log);
    expect(markUndone(log, 1).map((e) => e.undone === true)).toEqual([true, true, true]);
  });
});
