import { describe, expect, it } from 'vitest';
import { sevenfallModule } from '../../src/games/sevenfall/index.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { type CompareOptions, compare } from '../../src/run/compare.js';
import { exactCategoryDistribution } from '../helpers/sevenfall.js';
import { expectWithinSE } from '../helpers/stats.js';

const base = (over: Partial<CompareOptions>): CompareOptions => ({
  game: sevenfallModule as never,
  rules: sevenfallPreset('sevenfall'),
  preset: 'sevenfall',
  mode: 'round',
  a: 'greedy',
  b: 'stand',
  field: [],
  games: 4000,
  seed: 5,
  threads: 1,
  ...over,
});

describe('compare (SEVENFALL)', () => {
  it('finds a difference of exactly 0 for a strategy against itself, randomised ones included', async () => {
    for (const [a, mode, field] of [['greedy', 'round', []], ['random', 'round', []], ['random', 'game', ['greedy', 'stand']]] as const) {
      const r = await compare(base({ a, b: a, mode, field: [...field], games: 1500 }));
      expect(r.diff.mean).toBe(0);
      expect(r.diff.sd).toBe(0);
      if (mode === 'game') expect(r.winDiff!.mean).toBe(0);
    }
  }, 60_000);

  it('is the same for 1 and 2 threads', async () => {
    const r1 = await compare(base({ threads: 1 }));
    const r2 = await compare(base({ threads: 2 }));
    expect(r2.diff).toEqual(r1.diff);
    expect(r2.scoreA).toEqual(r1.scoreA);
  }, 60_000);

  it('plays B on the same streams as a plain run of B: stand scores the exact no-discard mean', async () => {
    const r = await compare(base({ games: 20000 }));
    // The exact mean of the row as drawn, from the test's own enumeration of every draw (helpers/sevenfall.ts).
    const rules = sevenfallPreset('sevenfall');
    const points = [...rules.categories.map((c) => c.points), 0];
    const exact = exactCategoryDistribution(rules).reduce((a, p, c) => a + p * points[c], 0);
    expectWithinSE(r.scoreB.mean, exact, r.scoreB.se, 'stand mean');
    expect(r.diff.mean).toBeGreaterThan(0);
    expect(r.diff.pValue).toBeLessThan(1e-6);
    // Pairing: the difference is estimated more tightly than from two independent samples.
    expect(r.diff.se).toBeLessThan(Math.hypot(r.scoreA.se, r.scoreB.se));
  }, 60_000);

  it('stops early with an SPRT when the difference is large', async () => {
    const r = await compare(base({ games: 200000, sprt: { d0: 0, d1: 1, alpha: 0.05, beta: 0.05, metric: 'score' } }));
    expect(r.sprt!.verdict).toBe('H1');
    expect(r.games).toBeLessThan(200000);
    expect(r.games % 256).toBe(0);
    expect(r.sprt!.llr).toBeGreaterThanOrEqual(r.sprt!.upper);
  }, 60_000);
});
