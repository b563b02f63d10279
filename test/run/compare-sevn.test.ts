/**
 * `compare` on SEVN: a strategy against itself differs by exactly 0 (same random streams), and on
 * sevn-numbers solo rounds stay-at:points=25 against stay-at:points=10 finds the sign and the size of
 * the exact difference of their solo values (exact.ts), within 4 standard errors (fixed seed).
 */
import { describe, expect, it } from 'vitest';
import { soloStayAt } from '../../src/games/sevn/exact.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { type CompareOptions, compare } from '../../src/run/compare.js';
import { expectWithinSE } from '../helpers/stats.js';
import { onSevn } from '../helpers/presets.js';

const base = (over: Partial<CompareOptions>): CompareOptions => ({
  ...onSevn('sevn-numbers'),
  mode: 'round',
  a: 'stay-at:points=25',
  b: 'stay-at:points=10',
  field: [],
  games: 4000,
  seed: 7,
  threads: 1,
  ...over,
});

describe('compare (SEVN)', () => {
  it('finds a difference of exactly 0 for a strategy against itself', async () => {
    const cases: [string, string, 'round' | 'game', string[]][] = [
      ['sevn-numbers', 'stay-at:points=20', 'round', []],
      ['sevn', 'random', 'round', []],
      ['sevn', 'bust-cap', 'game', ['stay-at', 'random']],
    ];
    for (const [preset, a, mode, field] of cases) {
      const r = await compare(base({ rules: sevnPreset(preset), preset, a, b: a, mode, field, games: mode === 'game' ? 300 : 3000 }));
      expect(r.diff.mean, `${preset} ${a} ${mode}`).toBe(0);
      expect(r.diff.sd).toBe(0);
      if (mode === 'game') {
        expect(r.winDiff!.mean).toBe(0);
        // A tied lead plays on, so each game's win is 0 or 1: the sample SE is sqrt(p(1 - p) / (n - 1)).
        const p = r.winShareA!;
        expect(r.winShareSeA!).toBeCloseTo(Math.sqrt((p * (1 - p)) / (r.games - 1)), 12);
        expect(r.winShareSeB).toBe(r.winShareSeA);
      }
    }
  }, 60_000);

  it('stay-at:points=25 vs stay-at:points=10 on sevn-numbers rounds: sign and size of the exact difference', async () => {
    const r = sevnPreset('sevn-numbers');
    const exact = soloStayAt(r, 25).mean - soloStayAt(r, 10).mean;
    const c = await compare(base({ games: 200_000 }));
    expect(c.games).toBe(200_000);
    expect(exact).toBeGreaterThan(0);
    expect(c.diff.ci95[0]).toBeGreaterThan(0); // the sign, at 95%
    expectWithinSE(c.diff.mean, exact, c.diff.se, 'paired difference');
    expectWithinSE(c.scoreA.mean, soloStayAt(r, 25).mean, c.scoreA.se, 'stay-at 25 mean');
    expectWithinSE(c.scoreB.mean, soloStayAt(r, 10).mean, c.scoreB.se, 'stay-at 10 mean');
  }, 60_000);
});
