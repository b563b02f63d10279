/** The unbiased sample variance from n, the sum and the sum of squares (NaN below 2 values; rounding below 0 is clamped to 0). */
export function sampleVariance(n: number, sum: number, sumSq: number): number {
  return n > 1 ? Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) : NaN;
}
