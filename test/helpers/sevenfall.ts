/** Test helpers for SEVENFALL: rows written as letters (A..G symbols, W Wild, X Break). */
import { type SevenfallRules, validateSevenfallRules } from '../../src/games/sevenfall/rules.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';

export function rowCodes(rules: SevenfallRules, text: string): number[] {
  return text.split(/\s+/).filter(Boolean).map((t) => (t === 'W' ? rules.symbols : t === 'X' ? rules.symbols + 1 : t.charCodeAt(0) - 65));
}

export function countsOf(rules: SevenfallRules, row: readonly number[]): Uint8Array {
  const c = new Uint8Array(rules.symbols + 2);
  for (const t of row) c[t]++;
  return c;
}

export function scoreText(rules: SevenfallRules, table: ScoreTable, text: string): number {
  return table.scoreCounts(countsOf(rules, rowCodes(rules, text)));
}

export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * The exact no-discard distribution: probability of each category (by index; the last slot is "no
 * score") over every multiset of rowSize tiles, weighted by its hypergeometric probability.
 */
export function exactCategoryDistribution(rules: SevenfallRules): number[] {
  const table = new ScoreTable(rules);
  const avail = [...new Array(rules.symbols).fill(rules.copiesPerSymbol), rules.wilds, rules.breaks];
  const total = avail.reduce((a, b) => a + b, 0);
  const dist = new Array<number>(rules.categories.length + 1).fill(0);
  const counts = new Uint8Array(avail.length);
  const visit = (t: number, left: number, ways: number): void => {
    if (t === avail.length) {
      if (left > 0) return;
      const c = table.categoryCounts(counts);
      dist[c < 0 ? rules.categories.length : c] += ways / choose(total, rules.rowSize);
      return;
    }
    for (let k = 0; k <= Math.min(left, avail[t]); k++) {
      counts[t] = k;
      visit(t + 1, left - k, ways * choose(avail[t], k));
    }
    counts[t] = 0;
  };
  visit(0, rules.rowSize, 1);
  return dist;
}

/** A small canister for brute-force checks: 3 symbols x 3, 1 Wild, 1 Break, a short row and its own categories. */
export function smallRules(rowSize: number, discardBudget: number): SevenfallRules {
  const categories = [
    { name: 'Pair', parts: [2], points: 1 },
    { name: 'Triple', parts: [3], points: 4 },
    { name: 'Two Pairs', parts: [2, 2], points: 3 },
    { name: 'Four', parts: [4], points: 9 },
    { name: 'Triple + Pair', parts: [3, 2], points: 7 },
  ].filter((c) => c.parts.reduce((a, b) => a + b, 0) <= rowSize);
  return validateSevenfallRules({
    game: 'sevenfall', name: `small-${rowSize}-${discardBudget}`, symbols: 3, copiesPerSymbol: 3, wilds: 1, breaks: 1,
    rowSize, discardBudget, rounds: 1, categories,
  });
}
