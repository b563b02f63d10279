/** Test helpers for SEVENFALL: rows written as letters (A..G symbols, W Wild, X Break). */
import type { SevenfallRules } from '../../src/games/sevenfall/rules.js';
import type { ScoreTable } from '../../src/games/sevenfall/scoring.js';

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
