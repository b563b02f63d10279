import { describe, expect, it } from 'vitest';
import { sprtBounds, sprtLlr, sprtVerdict } from '../../src/stats/sprt.js';
import { estimate, histogramQuantile, twoSidedP } from '../../src/stats/summary.js';
import { quantileSorted } from 'simple-statistics';

describe('SPRT', () => {
  it('has the Wald bounds log(beta/(1-alpha)) and log((1-beta)/alpha)', () => {
    const b = sprtBounds(0, 1, 0.05, 0.05);
    expect(b.upper).toBeCloseTo(Math.log(19), 12);
    expect(b.lower).toBeCloseTo(-Math.log(19), 12);
  });
  it('computes the normal LLR by hand: d0=0, d1=1, n=4, differences 1,1,2,0', () => {
    // sum 4, sum of squares 6, variance (6 - 16/4)/3 = 2/3; LLR = (1/(2/3)) * (4 - 4*0.5) = 3
    expect(sprtLlr(sprtBounds(0, 1), 4, 4, 6)).toBeCloseTo(3, 12);
    expect(sprtVerdict(sprtBounds(0, 1), 3)).toBe('H1');
    expect(sprtVerdict(sprtBounds(0, 1), -3)).toBe('H0');
    expect(sprtVerdict(sprtBounds(0, 1), 0.5)).toBe('continue');
  });
  it('gives no evidence without spread', () => expect(sprtLlr(sprtBounds(0, 1), 10, 0, 0)).toBe(0));
});

describe('summaries', () => {
  it('estimate: mean, sample SD, SE and CI by hand for 1, 2, 3, 4', () => {
    const e = estimate(4, 10, 30);
    expect(e.mean).toBe(2.5);
    expect(e.sd).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(e.se).toBeCloseTo(Math.sqrt(5 / 3) / 2, 12);
    // By hand: se = sqrt(5/3) / 2 = 0.645497; 1.959964 x 0.645497 = 1.265151, so 2.5 -+ 1.265151.
    expect(e.ci95[0]).toBeCloseTo(1.234849, 6);
    expect(e.ci95[1]).toBeCloseTo(3.765151, 6);
  });
  it('histogram quantiles equal simple-statistics quantileSorted on the expanded scores', () => {
    const hist = new Map([[0, 3], [1, 1], [5, 4], [8, 2], [15, 7]]);
    const expanded = [...hist].flatMap(([v, c]) => new Array(c).fill(v));
    for (const p of [0, 0.05, 0.1, 0.25, 0.5, 0.7, 0.75, 0.95, 1]) expect(histogramQuantile([...hist].sort((a, b) => a[0] - b[0]), p)).toBe(quantileSorted(expanded, p));
  });
  it('two-sided p-values of a normal statistic', () => {
    expect(twoSidedP(0)).toBeCloseTo(1, 6);
    expect(twoSidedP(1.959964)).toBeCloseTo(0.05, 5);
    expect(twoSidedP(-2.575829)).toBeCloseTo(0.01, 5);
  });
});
