/**
 * The sums a counterfactual evaluation keeps per valued action (SEVN's rollouts.ts, SEVENFALL's
 * rollouts.ts), written once: value, value², win, win², then the same of its difference from the
 * reference (the first action valued, whose difference is 0). decisions.arrow's counterfactual
 * columns are these sums with the rollout count in front.
 */
import { actionSeatKey } from './game.js';
import type { BucketTable } from './decisions.js';

export const ROLLOUT_SUMS = 8;

/** Adds one rollout's `value` and `win` of action `i` to sums[i * ROLLOUT_SUMS, +8), against the reference's of the same rollout. */
export function addRolloutSums(sums: Float64Array, i: number, value: number, win: number, refValue: number, refWin: number): void {
  const o = i * ROLLOUT_SUMS;
  sums[o] += value;
  sums[o + 1] += value * value;
  sums[o + 2] += win;
  sums[o + 3] += win * win;
  sums[o + 4] += value - refValue;
  sums[o + 5] += (value - refValue) * (value - refValue);
  sums[o + 6] += win - refWin;
  sums[o + 7] += (win - refWin) * (win - refWin);
}

/**
 * Adds the `n` actions' sums of one decision to the table, under (state, actionSeatKey(codes[i], seat)):
 * the rollout count, the sums, then one decision and the squares of its sums of differences (the
 * decision's cluster: see COUNTERFACTUAL_FIELDS).
 */
export function flushRolloutSums(table: BucketTable, state: number, seat: number, codes: ArrayLike<number>, n: number, rollouts: number, sums: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const o = table.at(state, actionSeatKey(codes[i], seat));
    const s = i * ROLLOUT_SUMS;
    table.sums[o] += rollouts;
    for (let k = 0; k < ROLLOUT_SUMS; k++) table.sums[o + 1 + k] += sums[s + k];
    table.sums[o + 1 + ROLLOUT_SUMS] += 1;
    table.sums[o + 2 + ROLLOUT_SUMS] += sums[s + 4] * sums[s + 4];
    table.sums[o + 3 + ROLLOUT_SUMS] += sums[s + 6] * sums[s + 6];
  }
}
