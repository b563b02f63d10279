import { describe, expect, it } from 'vitest';
import { BlockStats } from '../../src/tune/stats.js';
import { sumsOf } from './synthetic.js';

describe('BlockStats', () => {
  // Three candidates on four games; hand-worked: A = 1,2,3,6 (mean 3, var 14/3), B = A - 1 except game 4.
  const games = [
    [1, 0, 5],
    [2, 1, 5],
    [3, 2, 5],
    [6, 3, 5],
  ];

  it('gives each mean and SE, and paired differences from the cross products', () => {
    const st = new BlockStats(3, 1, sumsOf(games));
    expect(st.n).toBe(4);
    const a = st.estimate(0);
    expect(a.mean).toBe(3);
    expect(a.se).toBeCloseTo(Math.sqrt(14 / 3 / 4), 12);
    // A - B = 1,1,1,3: mean 1.5, var ((-.5)^2 * 3 + 1.5^2) / 3 = 1, se 1/2.
    const d = st.diff(0, 1);
    expect(d.mean).toBe(1.5);
    expect(d.se).toBeCloseTo(0.5, 12);
    expect(d.pValue).toBeCloseTo(0.0027, 4); // z = 3
    // C is constant: C - A has A's spread.
    expect(st.diff(2, 0).se).toBeCloseTo(a.se, 12);
    expect(st.diff(1, 0).mean).toBe(-1.5);
  });

  it('adds blocks and maps a subset of candidates into a larger table', () => {
    const whole = new BlockStats(3, 1, sumsOf([...games, ...games]));
    const twice = new BlockStats(3);
    twice.add(sumsOf(games));
    twice.add(sumsOf(games));
    expect([...twice.sums]).toEqual([...whole.sums]);
    // Candidates 2 and 0 only, into rows 2 and 0 of a fresh table.
    const sub = new BlockStats(2, 1, sumsOf(games.map((g) => [g[2], g[0]])));
    const big = new BlockStats(3);
    big.addSubset([2, 0], sub);
    expect(big.diff(2, 0).mean).toBe(2);
    expect(big.diff(2, 0).se).toBeCloseTo(new BlockStats(3, 1, sumsOf(games)).diff(2, 0).se, 12);
  });

  it('divides by the scale (win shares in 1/840ths)', () => {
    const st = new BlockStats(3, 840, sumsOf(games.map((g) => g.map((x) => x * 840))));
    expect(st.estimate(0).mean).toBeCloseTo(3, 12);
    expect(st.diff(0, 1).se).toBeCloseTo(0.5, 12);
  });
});
