/**
 * `decisions DIR`: the table's values against the rows of the run's decisions.arrow (pooled here from
 * the file's own per-row values: rollouts, diff and diff_se, not its sums), a fact any run must show
 * (in round mode, drawing at 0 points cannot lose), and bad input.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrowRows } from '../../src/report/inputs.js';
import { type DecisionsTable, VERDICT_MIN_N } from '../../src/run/decisions-table.js';
import { sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const table = (...args: string[]) => {
  const r = sevensim('decisions', ...args, '--json');
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as DecisionsTable;
};

describe('decisions: SEVN counterfactual, round mode', () => {
  const dir = join(tempDir('decisions'), 'run');
  const sim = sevensim('simulate', '--game', 'sevn', '--players', 'ev', 'stay-at', '--mode', 'round', '--games', '4000', '--decisions', 'counterfactual', '--sample-rate', '0.2', '--rollouts', '8', '--bucket', 'points:10,distinct:1', '--out', dir, '--quiet', '--threads', '1');

  it('draw minus stay by points: n, mean and SE pooled from the file\'s rows', () => {
    expect(sim.code).toBe(0);
    const rows = arrowRows(join(dir, 'decisions.arrow')).filter((r) => r.kind === 'draw-stay' && r.action === 'draw');
    const t = table(dir, '--by', 'points');
    expect(t.groups.length).toBeGreaterThan(3);
    for (const g of t.groups) {
      const mine = rows.filter((r) => r.points === g.features[0]);
      // Pool: n = sum of rollouts; mean = sum(n_i * diff_i) / n; the variance from each row's own SE:
      // var_i = diff_se_i^2 * n_i, sum of squares_i = (n_i - 1) var_i + n_i diff_i^2.
      const n = mine.reduce((s, r) => s + (r.rollouts as number), 0);
      const sum = mine.reduce((s, r) => s + (r.rollouts as number) * (r.diff as number), 0);
      const sq = mine.reduce((s, r) => {
        const k = r.rollouts as number;
        return s + (k - 1) * (r.diff_se as number) ** 2 * k + k * (r.diff as number) ** 2;
      }, 0);
      const mean = sum / n;
      const se = Math.sqrt((sq - n * mean * mean) / (n - 1) / n);
      expect(g.score.n).toBe(n);
      expect(g.score.mean).toBeCloseTo(mean, 9);
      // The SE takes each decision's 8 rollouts as one cluster (they share its position), from the file's
      // sums by decision: S_j a decision's sum of differences, d decisions, n = 8 d rollouts:
      // se^2 = d / (d - 1) x (sum of S_j^2 - n^2 mean^2 / d) / n^2. Positions differ, so it is wider than
      // the SE over rollouts as if independent.
      const d = mine.reduce((s, r) => s + (r.decisions as number), 0);
      const bySq = mine.reduce((s, r) => s + (r.sum_diff_by_decision_sq as number), 0);
      expect(d * 8).toBe(n);
      // Shown on 30 sampled decisions or more (with 2, one degree of freedom: an interval at z would mislead).
      if (d >= VERDICT_MIN_N) {
        expect(g.score.se).toBeCloseTo(Math.sqrt((d / (d - 1)) * (bySq - (n * n * mean * mean) / d)) / n, 6);
        expect(g.score.se).toBeGreaterThan(se);
      } else expect(g.score.se).toBeNull();
      // The sampled decisions behind them: 8 rollouts each (--rollouts 8); a verdict needs VERDICT_MIN_N of them.
      expect(g.sampled).toBe(n / 8);
      expect(g.better).toBe(n / 8 < VERDICT_MIN_N ? null : g.score.lo > 0 ? 'draw' : g.score.hi < 0 ? 'stay' : null);
      expect(g.win).toBeNull(); // round mode
    }
    // At 0 points staying scores 0 and a round score is never below 0: drawing cannot lose.
    const zero = t.groups.find((g) => g.features[0] === 0)!;
    expect(zero.score.mean).toBeGreaterThan(0);
    expect(zero.better).toBe('draw');
  });

  it('by every feature of the run by default; the text names the better answer; bad input is one line, exit 2', () => {
    expect(table(dir).by).toEqual(['points', 'distinct']);
    const text = sevensim('decisions', dir, '--by', 'points');
    expect(text.stdout).toContain('draw minus stay, by points');
    expect(text.stdout).toMatch(/^ {2}0 +[\d,]+ +[\d,]+ +\+[\d.]+ \[\+[\d.]+, \+[\d.]+\] +draw$/m);
    for (const [args, message] of [
      [[dir, '--by', 'gap-leader'], /--by gap-leader: gap-leader is not a feature of this run \(its buckets: points, distinct/],
      [[dir, '--kind', 'discard'], /--kind discard: sevn decisions are draw-stay/],
      [[join(dir, 'nope')], /no run.json here/],
    ] as const) {
      const r = sevensim('decisions', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('decisions: SEVN counterfactual, game mode', () => {
  it('draw minus stay in final total and win chance (the file\'s win sums are in 1/840ths)', () => {
    const dir = join(tempDir('decisions'), 'run');
    expect(sevensim('simulate', '--game', 'sevn', '--players', 'ev', 'race', '--mode', 'game', '--games', '300', '--decisions', 'counterfactual', '--sample-rate', '0.1', '--rollouts', '4', '--bucket', 'points:20,distinct:2', '--out', dir, '--quiet', '--threads', '1').code).toBe(0);
    const rows = arrowRows(join(dir, 'decisions.arrow')).filter((r) => r.kind === 'draw-stay' && r.action === 'draw');
    const t = table(dir, '--by', 'points');
    expect(t.unit).toBe('final total');
    for (const g of t.groups) {
      const mine = rows.filter((r) => r.points === g.features[0]);
      const n = mine.reduce((s, r) => s + (r.rollouts as number), 0);
      expect(g.win!.n).toBe(n);
      expect(g.win!.mean).toBeCloseTo(mine.reduce((s, r) => s + (r.rollouts as number) * (r.diff_win as number), 0) / n, 9);
      expect(g.better).toBe(n < VERDICT_MIN_N ? null : g.win!.lo > 0 ? 'draw' : g.win!.hi < 0 ? 'stay' : null); // judged by the win chance in game mode
    }
  }, 120_000);
});

describe('decisions: SEVN outcomes, game mode', () => {
  it('counts each answer\'s decisions from the file, and names no better answer on a side under the minimum', () => {
    const dir = join(tempDir('decisions'), 'run');
    expect(sevensim('simulate', '--game', 'sevn', '--players', 'stay-at', 'bust-cap', 'ev', '--mode', 'game', '--games', '600', '--seed', '1', '--decisions', 'outcomes', '--bucket', 'points:10,distinct:1', '--out', dir, '--quiet', '--threads', '1').code).toBe(0);
    const rows = arrowRows(join(dir, 'decisions.arrow')).filter((r) => r.kind === 'draw-stay');
    const t = table(dir, '--by', 'points,distinct');
    const count = (g: DecisionsTable['groups'][number], action: string) =>
      rows.filter((r) => r.action === action && r.points === g.features[0] && r.distinct === g.features[1]).reduce((s, r) => s + (r.count as number), 0);
    for (const g of t.groups) {
      expect(g.counts).toEqual({ action: count(g, 'draw'), reference: count(g, 'stay') });
      expect(g.score.n).toBe(g.counts.action + g.counts.reference);
      if (Math.min(g.counts.action, g.counts.reference) < VERDICT_MIN_N) expect(g.better).toBeNull();
      // A difference of win shares lies in [-1, 1], and so does its interval (null in JSON: one value, no interval).
      if (g.win!.lo !== null) expect(g.win!.lo).toBeGreaterThanOrEqual(-1);
      if (g.win!.hi !== null) expect(g.win!.hi).toBeLessThanOrEqual(1);
    }
    // This run has buckets where one answer was taken once or twice: no verdict there, whatever the means.
    const thin = t.groups.filter((g) => Math.min(g.counts.action, g.counts.reference) < 3);
    expect(thin.length).toBeGreaterThan(0);
    const text = sevensim('decisions', dir, '--by', 'points,distinct').stdout;
    expect(text).toMatch(/600 games, outcomes/);
    expect(text).toMatch(/n draw +n stay/);
    for (const g of thin) expect(text).toMatch(new RegExp(`^ {2}${g.features[0]} +${g.features[1]} +${g.counts.action} +${g.counts.reference} .* -$`, 'm'));
    // Nor an interval: two decisions that both won have an SE of 0, and a normal interval of one point said so.
    for (const g of t.groups.filter((x) => Math.min(x.counts.action, x.counts.reference) < VERDICT_MIN_N)) {
      expect([g.score.se, g.score.lo, g.score.hi, g.win!.se, g.win!.lo, g.win!.hi]).toEqual([null, null, null, null, null, null]);
    }
    expect(text).toMatch(/^ {2}\d+ +\d+ +[\d,]+ +[12] +[-+][\d.]+ \[no CI: a side under 30\] +[-+][\d.]+ \[no CI: a side under 30\] +-$/m);
    // Buckets with one answer only are counted, not dropped silently: with the groups they hold every decision of the file.
    const keys = new Set(rows.map((r) => `${r.points},${r.distinct}`));
    expect(t.oneAnswer.buckets).toBe(keys.size - t.groups.length);
    expect(t.oneAnswer.buckets).toBeGreaterThan(0);
    const all = rows.reduce((s, r) => s + (r.count as number), 0);
    expect(t.oneAnswer.decisions + t.groups.reduce((s, g) => s + g.counts.action + g.counts.reference, 0)).toBe(all);
    expect(text).toContain(`Left out: ${t.oneAnswer.buckets} buckets (${t.oneAnswer.decisions.toLocaleString('en-US')} decisions) with one answer only`);
  }, 120_000);
});

describe('decisions: a run with nothing to compare', () => {
  it('stay-at by points: every bucket holds one answer, and the table says so instead of a blank comparison', () => {
    const dir = join(tempDir('decisions'), 'run');
    expect(sevensim('simulate', '--game', 'sevn', '--players', 'stay-at', '--games', '2000', '--decisions', 'outcomes', '--bucket', 'points,distinct', '--out', dir, '--quiet', '--threads', '1').code).toBe(0);
    const t = table(dir);
    expect(t.groups).toEqual([]);
    expect(t.reference).toBe('stay');
    const text = sevensim('decisions', dir).stdout;
    expect(text).not.toContain('undefined');
    expect(text).toContain('nothing to compare: no bucket has a draw-stay answer beside stay (as played, each bucket held one answer only');
  });
});

describe('decisions: SEVENFALL, the best discard per profile', () => {
  it('the best answer of each profile has the highest pooled mean difference against stop', () => {
    const dir = join(tempDir('decisions'), 'run');
    expect(sevensim('simulate', '--game', 'sevenfall', '--players', 'greedy', '--mode', 'round', '--games', '3000', '--decisions', 'counterfactual', '--sample-rate', '0.3', '--rollouts', '4', '--out', dir, '--quiet', '--threads', '1').code).toBe(0);
    const rows = arrowRows(join(dir, 'decisions.arrow')).filter((r) => r.action !== 'stop');
    const t = table(dir, '--by', 'profile');
    expect(t.groups.length).toBeGreaterThan(10);
    for (const g of t.groups) {
      const byAction = new Map<string, { n: number; sum: number }>();
      for (const r of rows.filter((x) => x.profile === g.features[0])) {
        const a = byAction.get(r.action as string) ?? { n: 0, sum: 0 };
        a.n += r.rollouts as number;
        a.sum += (r.rollouts as number) * (r.diff as number);
        byAction.set(r.action as string, a);
      }
      const best = Math.max(...[...byAction.values()].map((a) => a.sum / a.n));
      expect(g.score.mean).toBeCloseTo(best, 9);
      expect(g.reference).toBe('stop');
      expect(g.compared).toBe(byAction.size);
      // The best of k is chosen on these rollouts: its interval is the Bonferroni one, z for 1 - 0.025/k
      // (normal tables: k = 1 1.95996, 2 2.24140, 3 2.39398, 4 2.49771).
      const z = ({ 1: 1.95996, 2: 2.2414, 3: 2.39398, 4: 2.49771 } as Record<number, number>)[g.compared];
      if (!(g.score.se > 0)) continue; // one rollout (no SE), or no spread
      if (z !== undefined) expect((g.score.hi - g.score.mean) / g.score.se).toBeCloseTo(z, 4);
      else expect((g.score.hi - g.score.mean) / g.score.se).toBeGreaterThan(2.49771);
    }
    expect(t.groups.some((g) => g.compared > 1 && g.compared <= 4)).toBe(true);
  });

  it('game mode, outcomes: a win-chance interval never leaves [-100%, +100%]; a bucket with a side of a few decisions shows none', () => {
    const dir = join(tempDir('decisions'), 'run');
    expect(sevensim('simulate', '--game', 'sevenfall', '--players', 'greedy', 'greedy', '--mode', 'game', '--games', '300', '--decisions', 'outcomes', '--out', dir, '--quiet', '--threads', '1').code).toBe(0);
    const t = table(dir);
    for (const g of t.groups) {
      if (g.win!.lo === null) {
        expect(Math.min(g.counts.action, g.counts.reference)).toBeLessThan(VERDICT_MIN_N);
        continue;
      }
      expect(g.win!.lo).toBeGreaterThanOrEqual(-1);
      expect(g.win!.hi).toBeLessThanOrEqual(1);
    }
    // Thin buckets, where a normal interval (mean +- z se) ran past the bounds or shrank to a point: none now.
    expect(t.groups.some((g) => g.win!.lo === null)).toBe(true);
    expect(sevensim('decisions', dir).stdout).toContain('win chance, % (95% CI, cut at +-100)');
  }, 120_000);
});
