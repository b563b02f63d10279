/**
 * Intervals of shares near 0 and 1 and of scores near 0: the normal interval shrank to a point at a
 * share of 0 or 1 ("0.0000 (0.0000)", a tune objective of 1.000 with CI [1, 1]) and reached below 0
 * for the mean score of a few skewed rounds. Expected values worked by hand (z = 1.959964, z^2 = 3.841459).
 */
import { describe, expect, it } from 'vitest';
import { Z95, formatSummaryNotes, formatSummaryTable, shareCi95, summariseSeat, wilson95 } from '../../src/stats/summary.js';
import { BlockStats } from '../../src/tune/stats.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { adviseSevn, formatSevnAdvice, sevnPosition } from '../../src/games/sevn/analyses/advise.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { sumsLength } from '../../src/engine/candidates.js';
import { ScoreHistogram, type SeatTotals } from '../../src/engine/runner.js';
import { WIN_UNITS } from '../../src/engine/game.js';

const Z2 = Z95 * Z95;

describe('shareCi95', () => {
  it('at a share of 0 or 1 takes Wilson: [0, z^2 / (n + z^2)] and [n / (n + z^2), 1]', () => {
    const [lo0, hi0] = shareCi95(0, 20);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(3.841459 / 23.841459, 6); // 0.161124
    const [lo1, hi1] = shareCi95(1, 20);
    expect(lo1).toBeCloseTo(20 / 23.841459, 6); // 0.838876
    expect(hi1).toBe(1);
  });

  it('9 busts in 10 rounds: Wilson [0.5958, 0.9821] (centre (0.9 + z^2/20) / (1 + z^2/10))', () => {
    const [lo, hi] = shareCi95(0.9, 10);
    const centre = (0.9 + Z2 / 20) / (1 + Z2 / 10);
    const half = (Z95 / (1 + Z2 / 10)) * Math.sqrt(0.09 / 10 + Z2 / 400);
    expect(lo).toBeCloseTo(centre - half, 12);
    expect(hi).toBeCloseTo(centre + half, 12);
    expect(lo).toBeCloseTo(0.5958, 4);
    expect(hi).toBeCloseTo(0.9821, 4);
  });

  it('keeps the normal interval where n p and n (1 - p) are both at least 5', () => {
    expect(shareCi95(0.5, 100)).toEqual([0.5 - Z95 * 0.05, 0.5 + Z95 * 0.05]);
    // 5 of 20 exactly: normal; 4.8 of 20: Wilson.
    expect(shareCi95(0.25, 20)).toEqual([0.25 - Z95 * Math.sqrt(0.25 * 0.75 / 20), 0.25 + Z95 * Math.sqrt(0.25 * 0.75 / 20)]);
    expect(shareCi95(0.24, 20)).toEqual(wilson95(0.24, 20));
    // A given SE (a win share with ties has its sample SE) is the one used.
    expect(shareCi95(0.5, 100, 0.04)).toEqual([0.5 - Z95 * 0.04, 0.5 + Z95 * 0.04]);
  });
});

/** Seat totals; without `byGame` the sums by game are NaN, as read from a run.json older than format 4. */
function totals(scores: number[], wins: number[], busts: number, rounds: number, byGame = { bustsSq: NaN, roundsSq: NaN, bustRounds: NaN }): SeatTotals {
  const t = {
    ...byGame,
    games: scores.length,
    sumScore: scores.reduce((a, b) => a + b, 0),
    sumScoreSq: scores.reduce((a, b) => a + b * b, 0),
    sumWin: wins.reduce((a, b) => a + b * WIN_UNITS, 0),
    sumWinSq: wins.reduce((a, b) => a + b * WIN_UNITS * b * WIN_UNITS, 0),
    busts,
    rounds,
    histogram: new ScoreHistogram(),
  };
  for (const s of scores) t.histogram.add(s, 1);
  return t;
}

describe('a seat summary', () => {
  it('cuts a score interval at 0 and says so; shares at 0 or 1 get Wilson intervals and a line each', () => {
    // 9 rounds of 0 and one of 40: mean 4, sd 12.649, se 4: mean - 1.96 se = -3.84.
    const s = summariseSeat(0, 'x', totals([0, 0, 0, 0, 0, 0, 0, 0, 0, 40], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 9, 10), true, true);
    expect(s.mean).toBe(4);
    expect(s.ci95[0]).toBe(0);
    expect(s.ci95[1]).toBeCloseTo(4 + Z95 * 4, 9);
    expect(s.winShare!.ci95[0]).toBeCloseTo(10 / (10 + Z2), 9);
    expect(s.winShare!.ci95[1]).toBe(1);
    expect(s.bustRate!.ci95[0]).toBeCloseTo(0.5958, 4);
    const notes = formatSummaryNotes([s], 'rounds');
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(/^score 95% CI of seat 0 cut at 0/);
    expect(notes[1]).toMatch(/^seat 0: win share 1\.0000 over 10 rounds, .*95% CI \[0\.7225, 1\.0000\]/);
    expect(notes[2]).toMatch(/^seat 0: bust rate 0\.9000 over 10 rounds, .*95% CI \[0\.5958, 0\.9821\]/);
  });

  it('in game mode the table gives a bust rate with the rounds it is over (not the games column)', () => {
    // 400 games, 1,000 rounds, 100 busts: 0.1000, se sqrt(0.1 x 0.9 / 1000) = 0.0095.
    const scores = Array.from({ length: 400 }, (_, i) => 100 + (i % 7));
    const s = summariseSeat(0, 'x', totals(scores, scores.map(() => 0), 100, 1000), true, true);
    const game = formatSummaryTable([s], 'games').split('\n');
    expect(game[0]).toMatch(/bust rate \(se, rounds\)$/);
    expect(game[1]).toMatch(/ 0\.1000 \(0\.0095, 1,000\)$/);
    const round = formatSummaryTable([s], 'rounds').split('\n');
    expect(round[0]).toMatch(/bust rate \(se\)$/);
    expect(round[1]).toMatch(/ 0\.1000 \(0\.0095\)$/);
  });

  it('in game mode the bust rate\'s SE counts each game\'s rounds as one cluster: by hand', () => {
    // 3 games: 1 bust in 3 rounds, 0 in 2, 3 in 4. r = 4/9. Sum of (b - r n)^2 = (1 - 4/3)^2 + (0 - 8/9)^2
    // + (3 - 16/9)^2 = 9/81 + 64/81 + 121/81 = 194/81; se^2 = 3/2 x 194/81 / 9^2 = 291/6561: se = sqrt(291)/81.
    // The sums: busts^2 1 + 0 + 9 = 10, rounds^2 9 + 4 + 16 = 29, rounds x busts 3 + 0 + 12 = 15.
    const s = summariseSeat(0, 'x', totals([50, 60, 70], [1, 0, 0], 4, 9, { bustsSq: 10, roundsSq: 29, bustRounds: 15 }), true, true);
    expect(s.bustRate!.rate).toBe(4 / 9);
    expect(s.bustRate!.se).toBeCloseTo(Math.sqrt(291) / 81, 14); // 0.210602; binomial over rounds: 0.165635
    expect(s.bustRate!.byGame).toBe(true);
    // Round mode (one round a game): binomial over rounds, whatever the sums; so without the sums (an older run.json).
    const round = summariseSeat(0, 'x', totals([50, 60, 70], [0, 0, 0], 1, 3, { bustsSq: 1, roundsSq: 3, bustRounds: 1 }), false, true);
    expect(round.bustRate).toMatchObject({ se: Math.sqrt((1 / 3) * (2 / 3) / 3), byGame: false });
    // One game is one cluster: no SE (it printed the binomial one under the clustered footer).
    const one = summariseSeat(0, 'x', totals([50], [1], 2, 5, { bustsSq: 4, roundsSq: 25, bustRounds: 10 }), true, true);
    expect(one.bustRate).toMatchObject({ rate: 0.4, se: NaN, ci95: [NaN, NaN], byGame: true });
    // Few busts: Wilson's interval over the effective rounds the clustered SE implies, r (1 - r) / se^2, not over
    // every round. Here r (1 - r) / se^2 = (20/81) / (291/6561) = 1620/291 = 5.567 rounds.
    const w = wilson95(4 / 9, 1620 / 291);
    expect(s.bustRate!.ci95[0]).toBeCloseTo(w[0], 12);
    expect(s.bustRate!.ci95[1]).toBeCloseTo(w[1], 12);
    const old = summariseSeat(0, 'x', totals([50, 60, 70], [1, 0, 0], 4, 9), true, true);
    expect(old.bustRate).toMatchObject({ se: Math.sqrt((4 / 9) * (5 / 9) / 9), byGame: false });
  });

  it('leaves a large run as it was: no notes, the normal intervals', () => {
    const scores = Array.from({ length: 400 }, (_, i) => 100 + (i % 7));
    const wins = Array.from({ length: 400 }, (_, i) => (i % 4 === 0 ? 1 : 0));
    const s = summariseSeat(0, 'x', totals(scores, wins, 100, 1000), true, true);
    expect(s.winShare!.ci95).toEqual([0.25 - Z95 * s.winShare!.se, 0.25 + Z95 * s.winShare!.se]);
    expect(s.bustRate!.ci95).toEqual([0.1 - Z95 * s.bustRate!.se, 0.1 + Z95 * s.bustRate!.se]);
    expect(formatSummaryNotes([s])).toEqual([]);
  });
});

describe('tune estimates of a share', () => {
  it('a candidate that won all 50 games: Wilson [50 / (50 + z^2), 1], not [1, 1]; a mean objective keeps the normal one', () => {
    const sums = new Float64Array(sumsLength(1));
    sums[0] = 50; // games
    sums[1] = 50 * WIN_UNITS; // sum of values
    sums[2] = 50 * WIN_UNITS * WIN_UNITS; // sum of squares
    const share = new BlockStats(1, WIN_UNITS, sums, true).estimate(0);
    expect(share.mean).toBe(1);
    expect(share.ci95[0]).toBeCloseTo(50 / (50 + Z2), 9); // 0.92861
    expect(share.ci95[1]).toBe(1);
    expect(new BlockStats(1, WIN_UNITS, sums).estimate(0).ci95).toEqual([1, 1]);
  });
});

describe('advise with few rollouts', () => {
  it('shows a chance every rollout reached as Wilson [n / (n + z^2), 1] and says why', () => {
    const rules = sevnPreset('sevn');
    // Two rollouts of a row 2 3 drawing on, seed 1: it busts later in the round in both.
    const a = adviseSevn(SEVN_STRATEGIES, rules, sevnPosition(rules, { row: '2 3' }), { rollouts: 2, seed: 1 });
    const draw = a.actions.find((x) => x.action === 'draw')!;
    expect(draw.bust.n).toBe(2);
    expect(draw.bust.mean).toBe(1);
    expect(draw.bust.ci95[0]).toBeCloseTo(2 / (2 + Z2), 9); // 0.3424
    expect(draw.bust.ci95[1]).toBe(1);
    const text = formatSevnAdvice(a);
    expect(text).toContain('1.0000 [0.3424, 1.0000]');
    expect(text).toMatch(/fewer than 5 rollouts ended one way/);
  });
});
