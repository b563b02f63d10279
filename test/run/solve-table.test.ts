/** `solve --game sevn --table`: the stop boundary chart, with cells worked out by hand. */
import { describe, expect, it } from 'vitest';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { solveSevnSolo } from '../../src/games/sevn/solver.js';
import { sevnStopBoundary } from '../../src/games/sevn/analyses/solve.js';
import { sevensim } from '../helpers/cli.js';

describe('solve --game sevn --table: the stop boundary', () => {
  const rows = sevnStopBoundary(solveSevnSolo(sevnPreset('sevn-numbers')).policyRows());

  it('cells worked out by hand (sevn-numbers: value v has max(1, v) copies, 92 cards; a SEVN is 7 distinct values)', () => {
    expect(rows.map((r) => r.distinct)).toEqual([1, 2, 3, 4, 5, 6]);
    const six = rows[5];
    // 6 distinct values at 63 points: only 8..13. The next card busts (57 of 86) or makes a SEVN:
    // draw = 2460 / 86 = 28.6 < 63 (the advise test works it out), so staying is optimal.
    expect(six.cells[63]).toBe('S');
    // 6 distinct values at 15 points: only 0..5. Duplicates 0+0+1+2+3+4 = 10 of 86 unseen; the other
    // 76 make a SEVN worth at least 15 + 6 points plus its bonus: draw >= 76/86 x 21 = 18.6 > 15.
    expect(six.cells[15]).toBe('D');
    // No 6 distinct values sum to 14 or less (0+1+2+3+4+5 = 15 is the least).
    expect(six.cells.slice(0, 15)).toBe('.'.repeat(15));
    // One value held: at most 13 points, and no single value sums to more.
    expect(rows[0].cells.slice(14)).toMatch(/^\.+$/);
  });

  it('CLI: the chart under the solution; --table with --players 2 is one line, exit 2', () => {
    const r = sevensim('solve', '--game', 'sevn', '--preset', 'sevn-numbers', '--table');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Stop boundary of the optimal solo policy');
    for (const row of rows) expect(r.stdout).toContain(row.cells);
    const bad = sevensim('solve', '--game', 'sevn', '--preset', 'sevn-numbers', '--players', '2', '--table');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('sevensim: --players 2: SEVN solves the solo round (--players 1)\n');
  });
});
