// The move with the smallest summed loss over sampled worlds, computing only the per-world values that can change which
// move that is. Every value is an integer in [0, cap]; a bound is raised one step at a time (a budget question to the
// solver, or a partner's answer played out), so a move that is already worse than another's exact total is left alone.

/**
 * One step of work on the value of move group `g` in world `w`, whose proven lower bound is `lb` (< cap): returns the new
 * lower bound and whether it is now the exact value.
 */
export type Refine = (g: number, w: number, lb: number) => { lb: number; exact: boolean };

/**
 * The groups whose summed value over the worlds is the smallest, with that sum — the same groups and sum as summing every
 * value, since a group is left with a bound only when its lower bound already exceeds another group's exact sum (or, for a
 * single remaining winner, when its upper bound is below every other group's lower bound: then `total` is null).
 * `candidates` are the groups that may win (at least one); `lazy: false` computes every value exactly (the reference the
 * tests compare with).
 */
export function cheapestGroups(
  groups: number,
  worlds: number,
  cap: number,
  candidates: readonly number[],
  refine: Refine,
  lazy = true,
  cost: readonly number[] | null = null,
): { winners: number[]; total: number | null } {
  // What a value costs: the value itself, or a non-decreasing table over 0..cap (so a lower bound of the value is one of its
  // cost). A table either way: a lookup in the hot loop, not a branch in a closure.
  const ct = new Float64Array(cap + 1);
  for (let v = 0; v <= cap; v++) ct[v] = cost ? cost[v]! : v;
  const c = (v: number) => ct[v]!;
  const lb = new Int32Array(groups * worlds);
  const exact = new Uint8Array(groups * worlds);
  const L = new Float64Array(groups);
  const U = new Float64Array(groups);
  const next = new Int32Array(groups); // the first world whose value in the group is not exact yet
  for (const g of candidates) {
    L[g] = c(0) * worlds;
    U[g] = c(cap) * worlds;
  }
  const step = (g: number) => {
    let w = next[g]!;
    while (w < worlds && exact[g * worlds + w]) w++;
    next[g] = w;
    const i = g * worlds + w;
    const r = refine(g, w, lb[i]!);
    L[g] += c(r.lb) - c(lb[i]!);
    lb[i] = r.lb;
    if (r.exact || r.lb >= cap) {
      exact[i] = 1;
      U[g] -= c(cap) - c(r.lb);
    }
  };
  if (!lazy) {
    for (const g of candidates) while (L[g] !== U[g]) step(g);
  }
  for (;;) {
    let lmin = Infinity;
    let best = -1; // the candidate with the smallest upper bound
    for (const g of candidates) {
      if (L[g]! < lmin) lmin = L[g]!;
      if (best < 0 || U[g]! < U[best]!) best = g;
    }
    // A single winner: its worst case is below every other candidate's best case.
    if (lazy && candidates.every((g) => g === best || L[g]! > U[best]!)) return { winners: [best], total: L[best] === U[best] ? L[best]! : null };
    const open = candidates.find((g) => L[g] === lmin && L[g] !== U[g]);
    if (open === undefined) return { winners: candidates.filter((g) => L[g] === lmin), total: lmin };
    step(open);
  }
}
