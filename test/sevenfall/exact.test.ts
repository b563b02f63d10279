/**
 * The no-discard turn score, exactly: every multiset of rowSize tiles weighted by its hypergeometric
 * probability, against a Monte Carlo run of `stand` through the engine, category by category.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { createStrategy } from '../../src/engine/strategy.js';
import { SevenfallEngine } from '../../src/games/sevenfall/engine.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { exactCategoryDistribution } from '../helpers/sevenfall.js';
import { expectWithinSE } from '../helpers/stats.js';

describe.each(['sevenfall', 'sevenfall-6x6'])('exact no-discard distribution, preset %s', (preset) => {
  const rules = sevenfallPreset(preset);
  const exact = exactCategoryDistribution(rules);

  it('sums to 1', () => {
    expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('matches 1e6 simulated stand turns within 4 standard errors, category by category', () => {
    const engine = new SevenfallEngine(rules);
    const rng = new Rng();
    rng.reseed(20261129, 0, 0);
    const stand = createStrategy('sevenfall', SEVENFALL_STRATEGIES, 'stand', { rules, table: engine.table, rng });
    const n = 1_000_000;
    const seen = new Array<number>(exact.length).fill(0);
    const counts = new Uint8Array(rules.symbols + 2);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += engine.playTurn(stand, rng, 0, 0, 1);
      counts.fill(0);
      for (const t of engine.row) counts[t]++;
      const c = engine.table.categoryCounts(counts);
      seen[c < 0 ? rules.categories.length : c]++;
    }
    exact.forEach((p, c) => {
      const se = Math.sqrt((p * (1 - p)) / n);
      const name = c < rules.categories.length ? rules.categories[c].name : 'No Score';
      expectWithinSE(seen[c] / n, p, se, name);
    });
    const points = [...rules.categories.map((c) => c.points), 0];
    const mean = exact.reduce((a, p, c) => a + p * points[c], 0);
    const variance = exact.reduce((a, p, c) => a + p * (points[c] - mean) ** 2, 0);
    expectWithinSE(sum / n, mean, Math.sqrt(variance / n), 'mean score');
  });
});

describe('exact values of the default canister', () => {
  it('give the hand-counted probability of scoring nothing: 2,480,000 / C(40,7)', () => {
    // Rows that score 0, counted by hand (5 copies of 7 symbols, 3 W, 2 X):
    //   no Wild:  7 distinct symbols, or 6 + X, or 5 + X X:   5^7 + 7*5^6*2 + 21*5^5     = 362,500
    //             a pair + 4 singles + X:  7*C(5,2)*C(6,4)*5^4*2                          = 1,312,500
    //             a pair + 3 singles + X X:  7*10*20*125                                   = 175,000
    //             two pairs + 1 single + X X (2,2 -> 2,1 -> 1,1):  21*100*25               = 52,500
    //             a triple + 2 singles + X X (3 -> 2 -> 1):  7*10*15*25                     = 26,250
    //   one W:    W + 5 distinct + X:  3*21*5^5*2                                           = 393,750
    //             W + 4 distinct + X X:  3*35*5^4                                           = 65,625
    //             W + a pair + 2 singles + X X:  3*7*10*15*25                               = 78,750
    //   two W:    W W + 3 distinct + X X:  3*35*125                                         = 13,125
    const exact = exactCategoryDistribution(sevenfallPreset('sevenfall'));
    expect(exact[exact.length - 1] * 18643560).toBeCloseTo(2480000, 4);
  });
});
