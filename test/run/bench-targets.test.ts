// How `sevensim bench` judges and prints its speed targets (never the speed itself: the figures here are made up).
import { describe, expect, it } from 'vitest';
import { SPEED_TARGETS, TUNE_LINEUPS, formatTargets, loadCheck, verdict, withVerdict } from '../../src/run/bench-targets.js';
import { type BenchRow, median, speedModeWarning } from '../../src/run/bench.js';

const target = (id: string) => SPEED_TARGETS.find((t) => t.id === id)!;

describe('bench targets', () => {
  it('holds the issue targets', () => {
    expect(SPEED_TARGETS.map((t) => [t.id, t.target, t.atLeast])).toEqual([
      ['sevenfall-stand', 10_000_000, true],
      ['sevn-solo', 15_000_000, true],
      ['sevn-4p', 140_000, true],
      ['outcomes-cost', 0.15, false],
      ['tune-solo', 0.8, true],
      ['tune-4p', 0.8, true],
      ['tune-sevenfall', 0.8, true],
      ['tune-bots', 0.8, true],
      ['scaling', 1.9, true],
      ['ev-4p', 0.5, true],
      ['race-4p', 0.5, true],
    ]);
  });

  it('measures a lineup for every tune target and a target for every tune lineup', () => {
    expect(Object.keys(TUNE_LINEUPS)).toEqual(SPEED_TARGETS.map((t) => t.id).filter((id) => id.startsWith('tune-')));
  });

  it('passes a figure at or beyond its target and fails one short of it, in the target\'s direction', () => {
    expect(verdict(10_000_000, target('sevenfall-stand'))).toBe('PASS');
    expect(verdict(9_999_999, target('sevenfall-stand'))).toBe('FAIL');
    expect(verdict(0.15, target('outcomes-cost'))).toBe('PASS');
    expect(verdict(0.1501, target('outcomes-cost'))).toBe('FAIL');
    expect(verdict(0.02, target('outcomes-cost'))).toBe('PASS');
    expect(verdict(1.89, target('scaling'))).toBe('FAIL');
    expect(verdict(0.5, target('ev-4p'))).toBe('PASS');
    expect(verdict(0.321, target('race-4p'))).toBe('FAIL');
  });

  it('warns only when the load average exceeds the cores', () => {
    expect(loadCheck(2, 2).warning).toBeNull();
    expect(loadCheck(0.3, 8).warning).toBeNull();
    expect(loadCheck(2.01, 2).warning).toBe('warning: load average 2.01 on 2 cores: other work shared the machine, so these figures understate the code; measure again on a quiet machine');
  });

  it('prints each target beside its measured figure and verdict, then any load warning', () => {
    const rows = [
      withVerdict(target('sevenfall-stand'), 12_345_678),
      withVerdict(target('sevn-4p'), 99_500.4),
      withVerdict(target('outcomes-cost'), 0.123),
      withVerdict(target('scaling'), 1.954),
    ];
    const lines = formatTargets(rows, loadCheck(5.5, 2)).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^target +measured +goal +verdict$/);
    expect(lines[1]).toMatch(/^SEVENFALL stand turns, 1 thread +12\.35 M turns\/s +>= 10\.00 M turns\/s +PASS$/);
    expect(lines[2]).toMatch(/^SEVN 4-player games \(4x stay-at 20\), 1 thread +99,500 games\/s +>= 140,000 games\/s +FAIL$/);
    expect(lines[3]).toMatch(/^--decisions outcomes: throughput lost, 4-player games +12\.3% +<= 15\.0% +PASS$/);
    expect(lines[4]).toMatch(/^2 threads \/ 1 thread, 4-player games +1\.95x +>= 1\.90x +PASS$/);
    expect(lines[5]).toBe(loadCheck(5.5, 2).warning);
    expect(formatTargets(rows, loadCheck(1, 2)).split('\n')).toHaveLength(5);
  });

  it('prints the range of the repeats beside each median when given, in the target\'s unit', () => {
    const lines = formatTargets([withVerdict(target('sevenfall-stand'), 10_390_641, [9_840_000, 10_810_000]), withVerdict(target('outcomes-cost'), 0.144, [0.131, 0.174])], loadCheck(1, 2)).split('\n');
    expect(lines[0]).toMatch(/^target +measured +goal +verdict +range of the repeats$/);
    expect(lines[1]).toMatch(/ 10\.39 M turns\/s +>= 10\.00 M turns\/s +PASS +9\.84 M to 10\.81 M$/);
    expect(lines[2]).toMatch(/ 14\.4% +<= 15\.0% +PASS +13\.1% to 17\.4%$/);
    expect(withVerdict(target('scaling'), 1.9, [1.7, 2.3]).range).toEqual([1.7, 2.3]);
  });

  it('takes the middle repeat, or the mean of the middle two, whatever their order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1.95, 1.7, 1.92, 1.99])).toBeCloseTo(1.935, 12);
    expect(median([0.4])).toBe(0.4);
  });

  it('warns when a worker ran in the slower mode: most one-worker overheads above 20%, or a scaling above the workers', () => {
    const row = (game: string, poolOverhead: number, scaling: number): BenchRow => ({ game, preset: game, decisions: 'none', mode: 'game', players: [], games: 1, inlinePerSecond: 1, pool1PerSecond: 1, poolPerSecond: 1, threads: 2, poolOverhead, scaling, pool1Range: [1, 1], scalingRange: [scaling, scaling] });
    // A run whose workers all kept the inline loop's speed (one small-unit workload with a real overhead).
    const steady = [row('sevenfall', 0.33, 1.93), row('sevn', 0.02, 1.75), row('sevn', 0.006, 1.86), row('sevn', -0.003, 1.92)];
    expect(speedModeWarning(steady)).toBeNull();
    expect(speedModeWarning([])).toBeNull();
    // Three of four one-worker runs 43-77% slower than inline: median 0.625.
    const slow = [row('sevenfall', 0.6, 1.9), row('sevenfall', 0.77, 1.9), row('sevn', 0.65, 1.9), row('sevn', 0.01, 1.9)];
    expect(speedModeWarning(slow)).toMatch(/^warning: one worker ran 63% slower than the inline loop .*measure again$/);
    // 2.10x on 2 workers cannot be the code's scaling.
    expect(speedModeWarning([...steady, row('sevn', 0.01, 2.1)])).toMatch(/^warning: sevn game scaled 2\.10x on 2 workers: /);
    expect(speedModeWarning([...steady, row('sevn', 0.01, 2.03)])).toBeNull();
  });

  it('keeps target, measured figure and verdict together for --json', () => {
    expect(JSON.parse(JSON.stringify(withVerdict(target('tune-solo'), 0.79)))).toEqual({ ...target('tune-solo'), measured: 0.79, verdict: 'FAIL' });
  });
});
