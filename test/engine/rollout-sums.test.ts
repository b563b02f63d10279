/**
 * The counterfactual sums by decision and the SE they give, worked by hand: a decision's rollouts share
 * its position, so each decision is one cluster of the difference's SE (decisions.arrow, `decisions`).
 */
import { describe, expect, it } from 'vitest';
import { BucketTable, COUNTERFACTUAL_FIELDS } from '../../src/engine/decisions.js';
import { ROLLOUT_SUMS, addRolloutSums, flushRolloutSums } from '../../src/engine/rollout-sums.js';
import { clusteredSe } from '../../src/stats/summary.js';

describe('counterfactual sums by decision', () => {
  it('three decisions of two rollouts: the table counts them and their squared sums of differences', () => {
    // Action 1 (draw) against action 0 (stay, the reference, value 0): differences 1, 1 | 3, 3 | 5, 5.
    const table = new BucketTable(COUNTERFACTUAL_FIELDS.length);
    const sums = new Float64Array(2 * ROLLOUT_SUMS);
    for (const diffs of [[1, 1], [3, 3], [5, 5]]) {
      sums.fill(0);
      for (const x of diffs) {
        addRolloutSums(sums, 0, 0, 0, 0, 0);
        addRolloutSums(sums, 1, x, 0, 0, 0);
      }
      flushRolloutSums(table, 7, 0, [0, 1], 2, 2, sums);
    }
    const rows = [...table.entries()].map(([, , t]) => Array.from(t));
    // rollouts, value, value², win, win², diff, diff², win diff, win diff², decisions, (decision's diff)², (decision's win diff)².
    const draw = rows.find((t) => t[1] > 0)!;
    expect(draw).toEqual([6, 18, 70, 0, 0, 18, 70, 0, 0, 3, 4 + 36 + 100, 0]);
    expect(rows.find((t) => t[1] === 0)).toEqual([6, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0]);
  });

  it('the clustered SE: 3 decisions of 2 rollouts, sums 2, 6 and 10', () => {
    // mean 3; sum of (S_j - 2 x 3)^2 = 16 + 0 + 16 = 32 = 140 - 36 x 9 / 3; se^2 = 3/2 x 32 / 36 = 4/3: se 1.1547.
    // As if the 6 rollouts were independent: variance 16/5 = 3.2, se sqrt(3.2 / 6) = 0.7303, too small.
    expect(clusteredSe(6, 3, 18, 140)).toBeCloseTo(Math.sqrt(4 / 3), 14);
    // Decisions that agree (sums 4, 4, 4) leave no spread between positions; one decision gives no SE.
    expect(clusteredSe(6, 3, 12, 48)).toBe(0);
    expect(clusteredSe(2, 1, 4, 16)).toBeNaN();
  });
});
