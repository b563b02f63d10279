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

type Outcome = { value: number; dist: number[] };

/** The brute force's pieces for one rules object and utility (see the file comment). */
function bruteForce(rules: SevenfallRules, utility: (score: number) => number) {
  const maxScore = Math.max(0, ...rules.categories.map((c) => c.points));
  const tiles: number[] = [];
  for (let s = 0; s < rules.symbols; s++) for (let c = 0; c < rules.copiesPerSymbol; c++) tiles.push(s);
  for (let w = 0; w < rules.wilds; w++) tiles.push(rules.symbols);
  for (let b = 0; b < rules.breaks; b++) tiles.push(rules.symbols + 1);
  const state = { ambiguous: 0 };
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
  const stop = (row: number[]): Outcome => {
    const s = scoreOf(row);
    const dist = new Array<number>(maxScore + 1).fill(0);
    dist[s] = 1;
    return { value: utility(s), dist };
  };
  const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  /** Discards the tiles at `chosen` (positions) and averages over every draw of replacements. */
  const act = (row: number[], locked: boolean[], inCanister: number[], left: number, chosen: number[]): Outcome => {
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
    return o;
  };
  const decide = (row: number[], locked: boolean[], inCanister: number[], left: number): Outcome => {
    const stopped = stop(row);
    if (left === 0) return stopped;
    const unlocked = row.map((_, i) => i).filter((i) => !locked[i]);
    const options: { size: number; o: Outcome }[] = [];
    for (let mask = 1; mask < 1 << unlocked.length; mask++) {
      const chosen = unlocked.filter((_, j) => (mask >> j) & 1);
      if (chosen.length > left) continue;
      options.push({ size: chosen.length, o: act(row, locked, inCanister, left, chosen) });
    }
    const best = Math.max(stopped.value, ...options.map((x) => x.o.value));
    if (close(stopped.value, best)) return stopped;
    const tied = options.filter((x) => close(x.o.value, best));
    const size = Math.min(...tied.map((x) => x.size));
    const chosen = tied.filter((x) => x.size === size);
    if (chosen.some((x) => x.o.dist.some((p, s) => Math.abs(p - chosen[0].o.dist[s]) > 1e-12))) state.ambiguous++;
    return { value: best, dist: chosen[0].o.dist };
  };
  return { maxScore, tiles, state, stop, act, decide };
}

/** Every k-subset of the ids in `pool` (ascending), as arrays. */
export function subsets(pool: number[], k: number): number[][] {
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
}

/** Solves one turn; `utility(score)` is what is maximised in expectation (score for ev, an indicator for at-least:K). */
export function bruteForceTurn(rules: SevenfallRules, utility: (score: number) => number): BruteForceTurn {
  const b = bruteForce(rules, utility);
  const all = b.tiles.map((_, id) => id);
  const initial = subsets(all, rules.rowSize);
  const out: BruteForceTurn = { value: 0, distribution: new Array<number>(b.maxScore + 1).fill(0), ambiguous: 0 };
  for (const draw of initial) {
    const r = b.decide(draw.map((id) => b.tiles[id]), draw.map(() => false), all.filter((id) => !draw.includes(id)), rules.discardBudget);
    out.value += r.value / initial.length;
    r.dist.forEach((p, s) => (out.distribution[s] += p / initial.length));
  }
  out.ambiguous = b.state.ambiguous;
  return out;
}

/**
 * The value of discarding `discard` (tiles by kind; all 0 = stop) from a position given by kind counts
 * of unlocked, locked and discarded tiles, then playing on optimally.
 */
export function bruteForceActionValue(
  rules: SevenfallRules, utility: (score: number) => number,
  unlocked: readonly number[], locked: readonly number[], discarded: readonly number[], discard: readonly number[],
): number {
  const b = bruteForce(rules, utility);
  // Take tile ids for the row and the discards out of the canister, kind by kind.
  const free = b.tiles.map((_, id) => id);
  const takeId = (kind: number): number => {
    const at = free.findIndex((id) => b.tiles[id] === kind);
    if (at < 0) throw new Error(`no tile of kind ${kind} left`);
    return free.splice(at, 1)[0];
  };
  const row: number[] = [];
  const lockedFlags: boolean[] = [];
  unlocked.forEach((n, k) => {
    for (let i = 0; i < n; i++) {
      row.push(b.tiles[takeId(k)]);
      lockedFlags.push(false);
    }
  });
  locked.forEach((n, k) => {
    for (let i = 0; i < n; i++) {
      row.push(b.tiles[takeId(k)]);
      lockedFlags.push(true);
    }
  });
  discarded.forEach((n, k) => {
    for (let i = 0; i < n; i++) takeId(k);
  });
  const left = rules.discardBudget - discarded.reduce((a, c) => a + c, 0);
  if (discard.every((n) => n === 0)) return b.stop(row).value;
  const chosen: number[] = [];
  discard.forEach((n, k) => {
    let need = n;
    row.forEach((t, pos) => {
      if (need > 0 && t === k && !lockedFlags[pos]) {
        chosen.push(pos);
        need--;
      }
    });
    if (need > 0) throw new Error(`cannot discard ${n} unlocked tiles of kind ${k}`);
  });
  if (chosen.length > left) throw new Error('more discards than the budget left');
  return b.act(row, lockedFlags, free, left, chosen).value;
}
