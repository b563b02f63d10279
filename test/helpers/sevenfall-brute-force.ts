/**
 * A SEVENFALL turn solved by brute force for the tests, sharing no code with src/games/sevenfall:
 * the canister is a list of distinct tiles (ids), the row a list of positions with a lock flag; every
 * draw is a subset of tile ids (all equally likely), every action a subset of unlocked positions; no
 * symmetry, no memo. Rows are scored by the independent scorer (sevenfall-independent-score.ts).
 *
 * Besides the optimal value it gives the exact distribution of the final score under the optimal
 * policy with the documented tie rule (solution.ts: ties go to stop, then to fewer discards). When
 * tied actions of the same size lead to different score distributions the policy is not pinned by
 * that rule; `ambiguous` counts such states (a test wanting a unique distribution expects 0).
 */
import type { SevenfallRules } from '../../src/games/sevenfall/rules.js';
import { independentScore } from './sevenfall-independent-score.js';

export interface BruteForceTurn {
  value: number;
  /** P(final score = s), s = 0..max points of the categories. */
  distribution: number[];
  ambiguous: number;
}

/** Solves one turn; `utility(score)` is what is maximised in expectation (score for ev, an indicator for at-least:K). */
export function bruteForceTurn(rules: SevenfallRules, utility: (score: number) => number): BruteForceTurn {
  const maxScore = Math.max(0, ...rules.categories.map((c) => c.points));
  const tiles: number[] = [];
  for (let s = 0; s < rules.symbols; s++) for (let c = 0; c < rules.copiesPerSymbol; c++) tiles.push(s);
  for (let w = 0; w < rules.wilds; w++) tiles.push(rules.symbols);
  for (let b = 0; b < rules.breaks; b++) tiles.push(rules.symbols + 1);
  let ambiguous = 0;
  const scores = new Map<string, number>(); // by the sorted row: the scorer is slow and rows repeat
  const scoreOf = (row: number[]): number => {
    const key = [...row].sort((a, b) => a - b).join();
    const known = scores.get(key);
    if (known !== undefined) return known;
    const groups = new Array<number>(rules.symbols).fill(0);
    let wilds = 0;
    let breaks = 0;
    for (const t of row) {
      if (t === rules.symbols) wilds++;
      else if (t === rules.symbols + 1) breaks++;
      else groups[t]++;
    }
    const score = independentScore(groups, wilds, breaks, rules.categories);
    scores.set(key, score);
    return score;
  };
  const subsets = (pool: number[], k: number): number[][] => {
    const out: number[][] = [];
    const pick: number[] = [];
    const go = (from: number): void => {
      if (pick.length === k) {
        out.push([...pick]);
        return;
      }
      for (let i = from; i < pool.length; i++) {
        pick.push(pool[i]);
        go(i + 1);
        pick.pop();
      }
    };
    go(0);
    return out;
  };
  type Outcome = { value: number; dist: number[] };
  const stop = (row: number[]): Outcome => {
    const s = scoreOf(row);
    const dist = new Array<number>(maxScore + 1).fill(0);
    dist[s] = 1;
    return { value: utility(s), dist };
  };
  const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const decide = (row: number[], locked: boolean[], inCanister: number[], left: number): Outcome => {
    const stopped = stop(row);
    if (left === 0) return stopped;
    const unlocked = row.map((_, i) => i).filter((i) => !locked[i]);
    const options: { size: number; o: Outcome }[] = [];
    for (let mask = 1; mask < 1 << unlocked.length; mask++) {
      const chosen = unlocked.filter((_, j) => (mask >> j) & 1);
      if (chosen.length > left) continue;
      const draws = subsets(inCanister, chosen.length);
      const o: Outcome = { value: 0, dist: new Array<number>(maxScore + 1).fill(0) };
      for (const draw of draws) {
        const nextRow = [...row];
        const nextLocked = [...locked];
        chosen.forEach((pos, j) => {
          nextRow[pos] = tiles[draw[j]];
          nextLocked[pos] = true;
        });
        const sub = decide(nextRow, nextLocked, inCanister.filter((id) => !draw.includes(id)), left - chosen.length);
        o.value += sub.value / draws.length;
        sub.dist.forEach((p, s) => (o.dist[s] += p / draws.length));
      }
      options.push({ size: chosen.length, o });
    }
    const best = Math.max(stopped.value, ...options.map((x) => x.o.value));
    if (close(stopped.value, best)) return stopped;
    const tied = options.filter((x) => close(x.o.value, best));
    const size = Math.min(...tied.map((x) => x.size));
    const chosen = tied.filter((x) => x.size === size);
    if (chosen.some((x) => x.o.dist.some((p, s) => Math.abs(p - chosen[0].o.dist[s]) > 1e-12))) ambiguous++;
    return { value: best, dist: chosen[0].o.dist };
  };
  const all = tiles.map((_, id) => id);
  const initial = subsets(all, rules.rowSize);
  const out: BruteForceTurn = { value: 0, distribution: new Array<number>(maxScore + 1).fill(0), ambiguous: 0 };
  for (const draw of initial) {
    const r = decide(draw.map((id) => tiles[id]), draw.map(() => false), all.filter((id) => !draw.includes(id)), rules.discardBudget);
    out.value += r.value / initial.length;
    r.dist.forEach((p, s) => (out.distribution[s] += p / initial.length));
  }
  out.ambiguous = ambiguous;
  return out;
}
