// Small helpers shared by both engines, the protocol and the Worker.
import type * as v from "valibot";

/** All k-subsets of `items`, in order (the exchange's and the open cards' choices). */
export function subsets<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const go = (from: number) => {
    if (pick.length === k) {
      out.push(pick.slice());
      return;
    }
    for (let i = from; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i] as T);
      go(i + 1);
      pick.pop();
    }
  };
  go(0);
  return out;
}

/** The first validation issue as "path: message" (`where` names the top level), for typed errors people can read. */
export function describeIssue(issues: readonly v.BaseIssue<unknown>[], where: string): { path: string; message: string } {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join(".") || where;
  return { path, message: issue?.message ?? "invalid" };
}
