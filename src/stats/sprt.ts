/**
 * Sequential probability ratio test for the mean of paired differences, normal approximation
 * (the GSPRT used by chess engine testers): LLR = (d1 - d0) / var * (sum - n (d0 + d1) / 2).
 * It accepts H1 (difference = d1) when LLR >= log((1 - beta) / alpha) and H0 (difference = d0)
 * when LLR <= log(beta / (1 - alpha)).
 */
import { sampleVariance } from './variance.js';

export interface SprtBounds {
  d0: number;
  d1: number;
  alpha: number;
  beta: number;
  lower: number;
  upper: number;
}

export function sprtBounds(d0: number, d1: number, alpha = 0.05, beta = 0.05): SprtBounds {
  return { d0, d1, alpha, beta, lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** The log-likelihood ratio from n, the sum and the sum of squares of the differences. */
export function sprtLlr(b: SprtBounds, n: number, sum: number, sumSq: number): number {
  if (n < 2) return 0;
  const variance = sampleVariance(n, sum, sumSq);
  if (!(variance > 0)) return 0; // no spread yet: no evidence either way
  return ((b.d1 - b.d0) / variance) * (sum - (n * (b.d0 + b.d1)) / 2);
}

export function sprtVerdict(b: SprtBounds, llr: number): 'H1' | 'H0' | 'continue' {
  return llr >= b.upper ? 'H1' : llr <= b.lower ? 'H0' : 'continue';
}

/**
 * Which way an SPRT's stop biases the naive estimate: a run stops when the LLR crosses a bound, that is
 * when the difference has run far to one side (H1's, crossing the upper bound; H0's, the lower), so the
 * estimate at the stop overshoots that way: upward when that side is the higher difference.
 */
export function sprtBias(s: { verdict: string; d0: number; d1: number }): string {
  const up = (s.verdict === 'H1') === s.d1 > s.d0;
  const [near, far] = s.verdict === 'H1' ? [`H1's ${s.d1}`, `H0's ${s.d0}`] : [`H0's ${s.d0}`, `H1's ${s.d1}`];
  return `${up ? 'upward' : 'downward'}: away from ${far}, toward or past ${near}`;
}
