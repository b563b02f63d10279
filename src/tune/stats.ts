/**
 * Estimates from the integer sums of candidates played on the same games (see engine/candidates.ts):
 * each candidate's mean and SE, and the paired difference of any two, whose variance uses the cross
 * products, so common random numbers shrink it. Sums of several blocks add, as long as the same
 * candidates played every block.
 */
import { sampleVariance } from '../stats/variance.js';
import { crossIndex, sumsLength } from '../engine/candidates.js';
import { Z95, shareCi95, twoSidedP } from '../stats/summary.js';

export interface Estimate {
  mean: number;
  se: number;
  ci95: [number, number];
}

export interface Difference extends Estimate {
  pValue: number;
}

const ci = (mean: number, se: number): [number, number] => [mean - Z95 * se, mean + Z95 * se];

export class BlockStats {
  readonly sums: Float64Array;

  /**
   * `scale` divides every value (840 for win shares counted in 1/840ths); `share`: the values are shares
   * (a win share, a reach of at-least:K), so a candidate's CI is shareCi95's (Wilson's near 0 and 1).
   */
  constructor(
    readonly k: number,
    readonly scale = 1,
    sums?: Float64Array,
    readonly share = false,
  ) {
    this.sums = sums ?? new Float64Array(sumsLength(k));
  }

  get n(): number {
    return this.sums[0];
  }

  add(sums: Float64Array): void {
    for (let i = 0; i < this.sums.length; i++) this.sums[i] += sums[i];
  }

  /** Adds a block played by a subset of candidates: `index[c]` is step candidate c's index here. */
  addSubset(index: readonly number[], step: BlockStats): void {
    this.sums[0] += step.n;
    for (let a = 0; a < index.length; a++) {
      this.sums[1 + index[a]] += step.sums[1 + a];
      for (let b = a; b < index.length; b++) {
        const [i, j] = index[a] <= index[b] ? [index[a], index[b]] : [index[b], index[a]];
        this.sums[crossIndex(this.k, i, j)] += step.sums[crossIndex(step.k, a, b)];
      }
    }
  }

  private sum(i: number): number {
    return this.sums[1 + i];
  }

  private cross(i: number, j: number): number {
    return this.sums[i <= j ? crossIndex(this.k, i, j) : crossIndex(this.k, j, i)];
  }

  estimate(i: number): Estimate {
    const e = this.fromMoments(this.sum(i), this.cross(i, i));
    if (this.share) e.ci95 = shareCi95(e.mean, this.n, e.se);
    return e;
  }

  /** Candidate i minus candidate j on the same games. */
  diff(i: number, j: number): Difference {
    const s = this.sum(i) - this.sum(j);
    const s2 = this.cross(i, i) - 2 * this.cross(i, j) + this.cross(j, j);
    const e = this.fromMoments(s, s2);
    return { ...e, pValue: e.se > 0 ? twoSidedP(e.mean / e.se) : e.mean === 0 ? 1 : 0 };
  }

  private fromMoments(sum: number, sumSq: number): Estimate {
    const n = this.n;
    const mean = sum / n / this.scale;
    const variance = sampleVariance(n, sum, sumSq) / (this.scale * this.scale);
    const se = Math.sqrt(variance / n);
    return { mean, se, ci95: ci(mean, se) };
  }
}
