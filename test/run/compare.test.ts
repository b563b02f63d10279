import { describe, expect, it } from 'vitest';
import { sevenfallModule } from '../../src/catalog.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { type CompareOptions, compare, formatCompare, parseSprt } from '../../src/run/compare.js';
import { sprtBias } from '../../src/stats/sprt.js';
import { type PairedDefinition, lineups, playPaired } from '../../src/engine/paired.js';
import { exactCategoryDistribution } from '../helpers/sevenfall.js';
import { expectWithinSE } from '../helpers/stats.js';
import { onSevenfall } from '../helpers/presets.js';

const base = (over: Partial<CompareOptions>): CompareOptions => ({
  ...onSevenfall(),
  mode: 'round',
  a: 'greedy',
  b: 'stand',
  field: [],
  games: 4000,
  seed: 5,
  threads: 1,
  ...over,
});

describe('compare (SEVENFALL)', () => {
  it('finds a difference of exactly 0 for a strategy against itself, randomised ones included', async () => {
    for (const [a, mode, field] of [['greedy', 'round', []], ['random', 'round', []], ['random', 'game', ['greedy', 'stand']]] as const) {
      const r = await compare(base({ a, b: a, mode, field: [...field], games: 1500 }));
      expect(r.diff.mean).toBe(0);
      expect(r.diff.sd).toBe(0);
      if (mode === 'game') expect(r.winDiff!.mean).toBe(0);
    }
  }, 60_000);

  it('is the same for 1 and 2 threads', async () => {
    const r1 = await compare(base({ threads: 1 }));
    const r2 = await compare(base({ threads: 2 }));
    expect(r2.diff).toEqual(r1.diff);
    expect(r2.scoreA).toEqual(r1.scoreA);
  }, 60_000);

  it('plays B on the same streams as a plain run of B: stand scores the exact no-discard mean', async () => {
    const r = await compare(base({ games: 20000 }));
    // The exact mean of the row as drawn, from the test's own enumeration of every draw (helpers/sevenfall.ts).
    const rules = sevenfallPreset('sevenfall');
    const points = [...rules.categories.map((c) => c.points), 0];
    const exact = exactCategoryDistribution(rules).reduce((a, p, c) => a + p * points[c], 0);
    expectWithinSE(r.scoreB.mean, exact, r.scoreB.se, 'stand mean');
    expect(r.diff.mean).toBeGreaterThan(0);
    expect(r.diff.pValue).toBeLessThan(1e-6);
    // Pairing: the difference is estimated more tightly than from two independent samples.
    expect(r.diff.se).toBeLessThan(Math.hypot(r.scoreA.se, r.scoreB.se));
  }, 60_000);

  it('stops early with an SPRT when the difference is large', async () => {
    const r = await compare(base({ games: 200000, sprt: { d0: 0, d1: 1, alpha: 0.05, beta: 0.05, metric: 'score' } }));
    expect(r.sprt!.verdict).toBe('H1');
    expect(r.games).toBeLessThan(200000);
    expect(r.games % 256).toBe(0);
    expect(r.sprt!.llr).toBeGreaterThanOrEqual(r.sprt!.upper);
    expect(formatCompare(r)).toContain(`LLR ${r.sprt!.llr.toFixed(3)} crossed the upper bound ${r.sprt!.upper.toFixed(3)} after`);
  }, 60_000);

  it('one paired game: no SE, so no p-value either (it printed p = 1.00)', async () => {
    const r = await compare(base({ games: 1 }));
    expect(Number.isNaN(r.diff.se)).toBe(true);
    expect(Number.isNaN(r.diff.pValue)).toBe(true);
    expect(formatCompare(r)).toMatch(/A - B: +-?[\d.]+ +se - +95% CI \[-, -\] +p -$/m);
  });

  it('after an SPRT stop the note says which way the estimate is biased: past the bound crossed, not toward the hypothesis', async () => {
    const r = await compare(base({ b: 'greedy:margin=1', games: 200000, sprt: { d0: 0, d1: 5, alpha: 0.05, beta: 0.05, metric: 'score' } }));
    expect(r.sprt!.verdict).toBe('H0');
    expect(r.stoppedEarly).toBe(true);
    const text = formatCompare(r);
    expect(text).toContain('when its LLR crossed the lower bound');
    expect(text).toContain("biased downward: away from H1's 5, toward or past H0's 0 by that stopping rule");
    // greedy beats stand by about 5.4 points: stopped on H1's 1, the estimate lies far past it, upward.
    const h1 = await compare(base({ games: 200000, sprt: { d0: 0, d1: 1, alpha: 0.05, beta: 0.05, metric: 'score' } }));
    expect(h1.diff.mean).toBeGreaterThan(1);
    expect(formatCompare(h1)).toContain("biased upward: away from H0's 0, toward or past H1's 1 by that stopping rule");
    // H1 below H0: crossing the upper bound (toward H1) means the difference ran low.
    expect(sprtBias({ verdict: 'H1', d0: 0, d1: -1 })).toBe("downward: away from H0's 0, toward or past H1's -1");
  }, 60_000);

  it('stops the SPRT after the same chunk for any --threads: the first chunk, in order, whose LLR crosses a bound', async () => {
    const sprt = { d0: 0, d1: 0.5, alpha: 0.05, beta: 0.05, metric: 'score' as const };
    const o = base({ games: 400000, chunkSize: 64, sprt });
    // Independently of src/stats/sprt.ts: play chunk after chunk in this process and, after each, the
    // normal GSPRT written out here: LLR = (d1 - d0) / s^2 * (sum - n (d0 + d1) / 2), s^2 the sample
    // variance of the differences, against Wald's bounds for alpha = beta = 0.05: +-ln(0.95 / 0.05) = +-ln 19.
    const rules = sevenfallPreset('sevenfall');
    const def: PairedDefinition = { game: 'sevenfall', rules, mode: 'round', a: o.a, b: o.b, field: [], games: o.games, seed: o.seed, chunkSize: 64 };
    const make = (c: string) => lineups(def, c).map((players) => sevenfallModule.createRunner(rules, players, 'round'));
    const [ra, rb] = [make(def.a), make(def.b)];
    const bound = Math.log(19); // 2.944...
    const llr = (n: number, sum: number, sumSq: number) => (n < 2 ? 0 : (0.5 / ((sumSq - (sum * sum) / n) / (n - 1))) * (sum - n * 0.25));
    let n = 0;
    let sum = 0;
    let sumSq = 0;
    for (let c = 0; Math.abs(llr(n, sum, sumSq)) < bound; c++) {
      const r = playPaired(ra, rb, def, c, c + 1);
      [n, sum, sumSq] = [n + r.sums[0], sum + r.sums[1], sumSq + r.sums[2]];
    }
    expect(llr(n, sum, sumSq)).toBeGreaterThanOrEqual(bound); // greedy beats stand: H1
    for (const threads of [1, 2]) {
      const r = await compare({ ...o, threads });
      expect(r.games, `threads ${threads}`).toBe(n);
      expect(r.diff.mean).toBe(sum / n);
      expect(r.stoppedEarly).toBe(true);
      expect(r.sprt!.verdict).toBe('H1');
      expect(r.sprt!.llr).toBeCloseTo(llr(n, sum, sumSq), 9);
      expect(formatCompare(r)).toMatch(/naive interval\* \[[\s\S]*They are NOT confidence intervals/);
    }
    const full = await compare(base({ games: 2048, chunkSize: 64 }));
    expect(full.stoppedEarly).toBe(false);
    expect(formatCompare(full)).toMatch(/95% CI \[/);
  }, 120_000);
});

describe('compare refuses an SPRT that could never decide', () => {
  const sprt = (over: Partial<NonNullable<CompareOptions['sprt']>>) => ({ d0: 0, d1: 0.5, alpha: 0.05, beta: 0.05, metric: 'score' as const, ...over });
  it('bounds so wide that the LLR overflows (it printed as "-" and H0 was accepted)', () => {
    expect(() => parseSprt('0,1e308')).toThrow(/between -1000000 and 1000000/);
    expect(() => parseSprt('-1e6,1e6')).not.toThrow();
  });
  it('the win metric in round mode (a round has no winner: the difference is always 0)', async () => {
    await expect(compare(base({ sprt: sprt({ metric: 'win', d1: 0.1 }) }))).rejects.toThrow(/--metric win needs --mode game/);
    await expect(compare(base({ field: ['stand'], sprt: sprt({ metric: 'win', d1: 0.1 }) }))).rejects.toThrow(/--metric win needs --mode game/);
  });
  it('win-share bounds outside [-1, 1]', async () => {
    await expect(compare(base({ mode: 'game', field: ['stand'], sprt: sprt({ metric: 'win', d1: 2 }) }))).rejects.toThrow(/between -1 and 1/);
    await expect(compare(base({ mode: 'game', field: [] }))).rejects.toThrow(/^--mode game without --field: a game alone is always won/);
  });
  it('A the same strategy as B, however spelled (every paired difference is 0)', async () => {
    await expect(compare(base({ a: 'greedy', b: 'greedy:margin=0', sprt: sprt({}) }))).rejects.toThrow(/same strategy/);
  });
});
