/**
 * Ratings: Bradley-Terry maximum-likelihood fits checked against fits worked by hand, the existence
 * condition, the bootstrap weights' distribution and reproducibility, and the likelihood of superiority.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapWeight, dealKey } from '../../src/engine/rng.js';
import { fitBradleyTerry, likelihoodOfSuperiority, normalCdf, rateWithBootstrap } from '../../src/stats/ratings.js';

const elo = (x: number): number => 400 * Math.log10(x);

describe('Bradley-Terry ratings', () => {
  it('two entrants, 3 wins to 1: g_a / g_b = 3, so the ratings are +-200 log10 3', () => {
    const r = fitBradleyTerry(2, [0, 3, 1, 0])!;
    expect(r[0]).toBeCloseTo(200 * Math.log10(3), 9); // 95.424
    expect(r[1]).toBeCloseTo(-200 * Math.log10(3), 9);
  });

  it('three entrants whose counts are the expected counts of strengths 4 : 2 : 1', () => {
    // a-b 2 of 3 (4/6 = 2/3), b-c 2 of 3 (2/3), a-c 4 of 5 (4/5): each entrant's wins equal its
    // expected wins under (4, 2, 1) (a: 2 + 4 = 6, b: 1 + 2 = 3, c: 1 + 1 = 2), the likelihood
    // equations, so (4, 2, 1) is the maximum: Elo 400 log10(4, 2, 1) less their mean, 400 log10 2.
    const ahead = [0, 2, 4, /* b */ 1, 0, 2, /* c */ 1, 1, 0];
    const r = fitBradleyTerry(3, ahead)!;
    expect(r[0]).toBeCloseTo(elo(2), 9); // +120.41
    expect(r[1]).toBeCloseTo(0, 9);
    expect(r[2]).toBeCloseTo(-elo(2), 9);
  });

  it('counts a tie half to each: 1 win, 2 ties, 1 loss is level', () => {
    const r = fitBradleyTerry(2, [0, 1 + 2 / 2, 1 + 2 / 2, 0])!;
    expect(r[0]).toBeCloseTo(0, 9);
  });

  it('has no finite fit when an entrant (or a group) never finishes behind the others', () => {
    expect(fitBradleyTerry(2, [0, 4, 0, 0])).toBeNull();
    // a and b trade places, but c never finishes ahead of either.
    expect(fitBradleyTerry(3, [0, 1, 2, 1, 0, 2, 0, 0, 0])).toBeNull();
    // Disconnected pairs: no comparison links {a, b} to {c, d}.
    expect(fitBradleyTerry(4, [0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0])).toBeNull();
  });
});

describe('bootstrap weights', () => {
  it('are Poisson(1): P(0) = P(1) = 1/e, mean 1 and variance 1, within 4 standard errors', () => {
    const key = new Int32Array(2);
    const n = 200_000;
    let sum = 0;
    let sumSq = 0;
    let zeros = 0;
    for (let g = 0; g < n / 200; g++) {
      dealKey(7, g, key);
      for (let rep = 0; rep < 200; rep++) {
        const w = bootstrapWeight(key, rep);
        sum += w;
        sumSq += w * w;
        if (w === 0) zeros++;
      }
    }
    const mean = sum / n;
    expect(Math.abs(mean - 1)).toBeLessThan(4 * Math.sqrt(1 / n));
    expect(Math.abs(sumSq / n - mean * mean - 1)).toBeLessThan(4 * Math.sqrt(3 / n)); // the sample variance's SE: sqrt((mu4 - 1) / n), mu4 = 4 for Poisson(1)
    const p0 = Math.exp(-1);
    expect(Math.abs(zeros / n - p0)).toBeLessThan(4 * Math.sqrt((p0 * (1 - p0)) / n));
  });

  it('depend on (seed, deal, replicate) alone', () => {
    const draw = (seed: number, g: number): number[] => {
      const key = new Int32Array(2);
      dealKey(seed, g, key);
      return Array.from({ length: 50 }, (_, rep) => bootstrapWeight(key, rep));
    };
    expect(draw(3, 10)).toEqual(draw(3, 10));
    expect(draw(3, 10)).not.toEqual(draw(3, 11));
    expect(draw(3, 10)).not.toEqual(draw(4, 10));
  });
});

describe('likelihood of superiority', () => {
  it('is Phi(d / s) over the paired replicates, and LOS(a, b) + LOS(b, a) = 1', () => {
    // Replicates of two entrants: a's count over b 5, 6 and 7 of 10 (ratings +-200 log10(w / (10 - w))).
    const reps = [5, 6, 7].map((w) => [0, w, 10 - w, 0]);
    const r = rateWithBootstrap(2, [0, 6, 4, 0], reps);
    const d = [5, 6, 7].map((w) => 400 * Math.log10(w / (10 - w)));
    const mean = (d[0] + d[1] + d[2]) / 3;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / 2);
    const los = likelihoodOfSuperiority(r, 0, 1)!;
    expect(los).toBeCloseTo(normalCdf(elo(6 / 4) / sd), 12);
    expect(los + likelihoodOfSuperiority(r, 1, 0)!).toBeCloseTo(1, 12);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    // Intervals: type-7 quantiles of the three replicates' ratings of a (d / 2).
    expect(r.ratings[0].elo_ci95![0]).toBeCloseTo(d[0] / 2 + 0.05 * (d[1] - d[0]) / 2, 9);
    expect(r.ratings[0].elo_ci95![1]).toBeCloseTo(d[1] / 2 + 0.95 * (d[2] - d[1]) / 2, 9);
  });

  it('leaves intervals and LOS undefined when a replicate has no fit', () => {
    const r = rateWithBootstrap(2, [0, 6, 4, 0], [[0, 6, 4, 0], [0, 3, 0, 0]]);
    expect(r.ratings[0].elo).not.toBeNull();
    expect(r.ratings[0].elo_ci95).toBeNull();
    expect(likelihoodOfSuperiority(r, 0, 1)).toBeNull();
    const level = { ratings: [{ elo: 0, elo_ci95: null }, { elo: 0, elo_ci95: null }], replicates: [[0, 0], [0, 0]] };
    expect(likelihoodOfSuperiority(level, 0, 1)).toBe(0.5);
  });
});

describe('likelihood of superiority without spread', () => {
  it('is unknown (null) when every replicate gives the same non-zero difference, not a certainty; level everywhere is 0.5', () => {
    const r = { ratings: [{ elo: 50, elo_ci95: [50, 50] as [number, number] }, { elo: -50, elo_ci95: [-50, -50] as [number, number] }], replicates: [[50, -50], [50, -50], [50, -50]] };
    expect(likelihoodOfSuperiority(r, 0, 1)).toBeNull();
    const level = { ratings: [{ elo: 0, elo_ci95: null }, { elo: 0, elo_ci95: null }], replicates: [[0, 0], [0, 0]] };
    expect(likelihoodOfSuperiority(level, 0, 1)).toBe(0.5);
    // With spread: Phi(100 / sd), sd of the differences 100, 80, 120 = 20: Phi(5).
    const s = { ...r, replicates: [[50, -50], [40, -40], [60, -60]] };
    expect(likelihoodOfSuperiority(s, 0, 1)).toBeCloseTo(0.99999971, 7);
  });
});
