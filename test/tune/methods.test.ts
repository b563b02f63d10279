/** The search methods on made-up objectives with known optima (no engine): see synthetic.ts. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { CmaesSearch, type ContinuousOptions } from '../../src/tune/cmaes.js';
import { BudgetError, GridSearch, RaceSearch } from '../../src/tune/race.js';
import { SPSA_ALPHA, SPSA_GAMMA, SpsaSearch } from '../../src/tune/spsa.js';
import type { Point } from '../../src/tune/space.js';
import { runSynthetic } from './synthetic.js';

const line = (n: number): Point[] => Array.from({ length: n }, (_, i) => [i]);

describe('grid and race', () => {
  // A peak at 7 on 0..15: f(7) = 0, f(6) = f(8) = -0.2, farther points much worse.
  const peak = { f: (p: Point) => -0.2 * (p[0] - 7) ** 2, common: 5, own: 1 };

  it('grid plays every point every step and answers the best accumulated mean', () => {
    const g = new GridSearch(line(16), 16 * 2000, 200);
    expect(g.maxSteps).toBe(10);
    const r = runSynthetic(g, peak, 1);
    expect(r).toEqual({ steps: 10, games: 16 * 2000 });
    expect(g.incumbent()).toEqual([7]);
    expect(g.finalists(3)[0]).toEqual([7]);
  });

  it('race halves the field each round on paired differences and keeps the peak', () => {
    const race = new RaceSearch(line(16), 16 * 2000, 200);
    expect(race.maxSteps).toBe(4);
    const plans: number[] = [];
    const next = race.next.bind(race);
    race.next = () => {
      const p = next();
      if (p) plans.push(p.points.length);
      return p;
    };
    const r = runSynthetic(race, peak, 2);
    expect(plans[0]).toBe(16);
    for (let i = 1; i < plans.length; i++) expect(plans[i]).toBeLessThanOrEqual(Math.ceil(plans[i - 1] / 2));
    expect(r.games).toBeLessThanOrEqual(16 * 2000);
    expect(race.incumbent()).toEqual([7]);
    // The last survivors come first among the finalists: the peak's neighbours.
    expect(race.finalists(3).map((p) => p[0]).sort()).toEqual([6, 7, 8]);
  });

  it('race drops a point once its paired gap to the leader is significant, even with noisy levels', () => {
    // Common noise 50 (huge levels noise), own noise 0.1: paired differences resolve 0.5 at once.
    const race = new RaceSearch(line(4), 4 * 1000, 200);
    runSynthetic(race, { f: (p) => (p[0] === 2 ? 0.5 : 0), common: 50, own: 0.1 }, 3);
    expect(race.incumbent()).toEqual([2]);
    expect(race.finalists(4)[0]).toEqual([2]);
  });

  it('refuse a budget that cannot give every point its minimum games', () => {
    expect(() => new GridSearch(line(10), 1999, 200)).toThrow(BudgetError);
    expect(() => new RaceSearch(line(10), 4 * 2000 - 1, 200)).toThrow(BudgetError);
    expect(() => new RaceSearch(line(10), 4 * 2000, 200)).not.toThrow();
  });
});

const continuous = (start: number[], budget: number, seed: number, steps?: number[]): ContinuousOptions => {
  const rng = new Rng(`test/${seed}`);
  return {
    start,
    unitSteps: steps ?? start.map(() => 0),
    toPoint: (u) => u.map((x, i) => Number((steps ? Math.round(x / steps[i]) * steps[i] : x).toPrecision(6))),
    budget,
    minGames: 200,
    uniform: () => rng.unit(),
  };
};

describe('CMA-ES', () => {
  const target = [0.7, 0.2, 0.5];
  const bowl = { f: (p: Point) => -10 * p.reduce((s, x, i) => s + (x - target[i]) ** 2, 0), common: 3, own: 0.5 };

  it('uses the tutorial defaults and about 10 generations per coordinate plus 20', () => {
    const c = new CmaesSearch(continuous([0.5, 0.5, 0.5], 9 * 50 * 400, 1));
    expect(c.lambda).toBe(7); // 4 + floor(3 ln 3)
    expect(c.generations).toBe(Math.floor((9 * 50 * 400) / (8 * Math.max(200, Math.floor((9 * 50 * 400) / (8 * 50))))));
  });

  it('finds the top of a noisy 3-d bowl from a corner; its answer is the distribution mean', () => {
    const c = new CmaesSearch(continuous([0.1, 0.9, 0.1], 2_000_000, 4));
    runSynthetic(c, bowl, 4);
    const best = c.incumbent();
    best.forEach((x, i) => expect(Math.abs(x - target[i])).toBeLessThan(0.05));
  });

  it('keeps its spread above half a step on integer coordinates (step floor)', () => {
    const steps = [0.1, 0.1];
    const c = new CmaesSearch(continuous([0.2, 0.2], 400_000, 5, steps));
    runSynthetic(c, { f: (p) => -10 * ((p[0] - 0.6) ** 2 + (p[1] - 0.3) ** 2), common: 1, own: 0.2 }, 5);
    for (const sd of c.spread()) expect(sd).toBeGreaterThanOrEqual(0.05 - 1e-12);
    expect(c.incumbent()).toEqual([0.6, 0.3]);
  });
});

describe('SPSA', () => {
  it('follows fishtest\'s gain schedule: A = 10% of the iterations, alpha 0.602, gamma 0.101', () => {
    const s = new SpsaSearch(continuous([0.5, 0.5], 3 * 100 * 1000, 1));
    expect(s.iterations).toBe(100);
    expect(s.A).toBe(10);
    const g0 = s.gains(0);
    const g9 = s.gains(9);
    expect(g0.a / g9.a).toBeCloseTo((20 / 11) ** SPSA_ALPHA, 12);
    expect(g0.c / g9.c).toBeCloseTo(10 ** SPSA_GAMMA, 12);
    expect(g0.c).toBe(0.1);
  });

  it('climbs a noisy 2-d bowl from a corner', () => {
    const s = new SpsaSearch(continuous([0.1, 0.9], 3 * 300 * 2000, 6));
    runSynthetic(s, { f: (p) => -10 * ((p[0] - 0.6) ** 2 + (p[1] - 0.4) ** 2), common: 3, own: 0.5 }, 6);
    const [x, y] = s.incumbent();
    expect(Math.hypot(x - 0.6, y - 0.4)).toBeLessThan(0.1);
  });
});
