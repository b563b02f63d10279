/** Statistical assertions shared by the tests that hold a Monte Carlo estimate against an exact value. */
import { expect } from 'vitest';

/**
 * Expects `observed` within 4 standard errors of the exact `expected` (the project's standard: with a
 * fixed seed such a test cannot flake, and a real error of a few SE still shows). `se` may be 0 when
 * the exact value is certain (then the two must agree to rounding).
 */
export function expectWithinSE(observed: number, expected: number, se: number, what = 'estimate'): void {
  expect(Number.isFinite(se) && se >= 0, `${what}: standard error ${se}`).toBe(true);
  expect(Math.abs(observed - expected), `${what}: observed ${observed}, exact ${expected}, se ${se}`).toBeLessThanOrEqual(4 * se + 1e-9);
}

/** The standard error of a proportion p estimated from n trials. */
export const proportionSe = (p: number, n: number): number => Math.sqrt((p * (1 - p)) / n);
