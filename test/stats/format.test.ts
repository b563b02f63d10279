/** Printed tables and the progress bar's time left. */
import { describe, expect, it } from 'vitest';
import { etaText, formatEta } from '../../src/cli/progress.js';
import { type SeatSummary, formatSummaryTable } from '../../src/stats/summary.js';

const seat = (quantiles: number[]): SeatSummary => ({
  seat: 0,
  strategy: 'x',
  games: 10,
  mean: 1,
  sd: 1,
  se: 0.3,
  ci95: [0.4, 1.6],
  quantiles: Object.fromEntries(quantiles.map((q, i) => [`p${i}`, q])),
  winShare: null,
  bustRate: null,
});

describe('summary table', () => {
  it('prints every quantile of a table in one format (it printed 0/5.8/27/31/35.0)', () => {
    const text = formatSummaryTable([seat([0, 5.8, 27, 31, 34.96]), seat([1, 2, 3, 4, 5])]);
    expect(text).toMatch(/ 0\.0\/5\.8\/27\.0\/31\.0\/35\.0$/m);
    expect(text).toMatch(/ 1\.0\/2\.0\/3\.0\/4\.0\/5\.0$/m);
    expect(formatSummaryTable([seat([1, 2, 3, 4, 5])])).toMatch(/ 1\/2\/3\/4\/5$/m);
  });

  it('says rounds in round mode', () => {
    expect(formatSummaryTable([seat([1, 2, 3, 4, 5])], 'rounds').split('\n')[0]).toMatch(/^seat\s+strategy\s+rounds\s+mean/);
  });
});

describe('progress ETA', () => {
  it('gives no estimate in the first second or before 1% (it said "ETA 0s" at 2%)', () => {
    expect(etaText(2, 100, 0.3)).toBe('...');
    expect(etaText(0, 100, 5)).toBe('...');
    expect(etaText(2, 100, 2)).toBe('1m38s'); // 98 left at 1 per second
    expect(etaText(50, 100, 10)).toBe('10s');
    expect(etaText(100, 100, 10)).toBe('0s');
    expect(formatEta(3725)).toBe('1h02m');
  });
});
