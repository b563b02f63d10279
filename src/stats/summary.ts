/**
 * Summaries of a run: every mean comes with its standard deviation, standard error, 95% confidence
 * interval and the number of games behind it. Quantiles use simple-statistics' definition (type 7,
 * as numpy and R) read straight off the score histogram.
 */
import { errorFunction, quantileSorted } from 'simple-statistics';
import { type GameModule, type Mode, WIN_UNITS } from '../engine/game.js';
import type { RunTotals, SeatTotals } from '../engine/runner.js';
import { sampleVariance } from './variance.js';

/** The 97.5% normal quantile. simple-statistics' probit(0.975) gives 1.9572 (0.14% low), so it is spelled out. */
export const Z95 = 1.959963984540054;

export interface Estimate {
  mean: number;
  sd: number;
  se: number;
  ci95: [number, number];
}

/** Mean, SD, SE and a normal 95% CI from n, sum and sum of squares. */
export function estimate(n: number, sum: number, sumSq: number): Estimate {
  const mean = n > 0 ? sum / n : NaN;
  const sd = Math.sqrt(sampleVariance(n, sum, sumSq));
  const se = sd / Math.sqrt(n);
  return { mean, sd, se, ci95: [mean - Z95 * se, mean + Z95 * se] };
}

/**
 * A 95% CI for a share p of n games (win share, bust rate, a chance to reach a score): the normal one,
 * p +/- 1.96 se (se: the sample's, by default the binomial sqrt(p(1 - p) / n)), where it holds, n x p
 * and n x (1 - p) both at least 5 (the textbook rule); else Wilson's score interval, which stays
 * inside [0, 1] and does not shrink to a point at a share of 0 or 1 (0 wins in 20 games: [0, 0.161],
 * not [0, 0]). Large runs keep the normal interval they always had.
 */
export function shareCi95(p: number, n: number, se = Math.sqrt((p * (1 - p)) / n)): [number, number] {
  if (!(n > 0) || !Number.isFinite(p)) return [NaN, NaN];
  return shareNeedsWilson(p, n) ? wilson95(p, n) : [p - Z95 * se, p + Z95 * se];
}

/** Wilson's 95% score interval for a share p of n trials (another level with its z). */
export function wilson95(p: number, n: number, z = Z95): [number, number] {
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At p = 0 (1) the bound is exactly 0 (1); rounding would leave 1e-17 (1 - 1e-16).
  return [p <= 0 ? 0 : Math.max(0, centre - half), p >= 1 ? 1 : Math.min(1, centre + half)];
}

/** Whether shareCi95 took Wilson's interval (too few of one outcome for the normal one). */
export const shareNeedsWilson = (p: number, n: number): boolean => n > 0 && !(n * p >= 5 && n * (1 - p) >= 5);

/** A two-sided p-value for a standard normal statistic. */
export function twoSidedP(z: number): number {
  return Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(z) / Math.SQRT2)));
}

/**
 * The p-quantile of the scores in a histogram ((score, count) pairs sorted by score), exactly as
 * quantileSorted would give on the expanded list.
 */
export function histogramQuantile(entries: readonly (readonly [number, number])[], p: number): number {
  const cumulative: number[] = [];
  let total = 0;
  for (const [, c] of entries) cumulative.push((total += c));
  // quantileSorted reads only .length and [index]: a view answers by binary search, unexpanded.
  const sorted = new Proxy([] as number[], {
    get(target, key) {
      if (key === 'length') return total;
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        const rank = Number(key);
        let lo = 0;
        let hi = cumulative.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cumulative[mid] > rank) hi = mid;
          else lo = mid + 1;
        }
        return entries[lo][0];
      }
      return Reflect.get(target, key);
    },
  });
  return quantileSorted(sorted, p);
}

export const QUANTILES = [0.05, 0.25, 0.5, 0.75, 0.95] as const;

export interface SeatSummary {
  seat: number;
  strategy: string;
  games: number;
  mean: number;
  sd: number;
  se: number;
  ci95: [number, number];
  quantiles: Record<string, number>;
  /** Game mode: the share of games won (ties split), with its standard error and 95% CI (shareCi95). */
  winShare: Estimate | null;
  /**
   * SEVN: the share of rounds the seat busted, with its standard error, 95% CI (shareCi95) and the rounds
   * counted. `byGame`: the SE counts each game's rounds as one cluster (game mode); false, binomial over
   * rounds (round mode: a game is one round; or a run.json older than format 4, without those sums).
   */
  bustRate: { rate: number; se: number; ci95: [number, number]; rounds: number; byGame: boolean } | null;
}

export function summariseSeat(seat: number, strategy: string, t: SeatTotals, withWins: boolean, withBusts: boolean): SeatSummary {
  const e = estimate(t.games, t.sumScore, t.sumScoreSq);
  // Scores are never negative in either game: an interval reaching below 0 (a few skewed games) is cut there.
  if (e.ci95[0] < 0) e.ci95[0] = 0;
  const w = estimate(t.games, t.sumWin / WIN_UNITS, t.sumWinSq / (WIN_UNITS * WIN_UNITS));
  w.ci95 = shareCi95(w.mean, t.games, w.se);
  return {
    seat,
    strategy,
    games: t.games,
    ...e,
    quantiles: Object.fromEntries(QUANTILES.map((q) => [`p${Math.round(q * 100)}`, histogramQuantile(t.histogram.entries(), q)])),
    winShare: withWins ? w : null,
    bustRate: withBusts ? bustRate(t, withWins) : null,
  };
}

/**
 * The bust rate r = busts / rounds. In game mode the rounds of one game are not independent (the same
 * deck, totals and players), so its SE is the ratio estimator's with each game a cluster:
 * se^2 = G / (G - 1) x sum over games (b - r x n)^2 / rounds^2, b and n a game's busts and rounds, from
 * the sums of b^2, n^2 and b x n. In round mode (one round a game) it is the binomial SE over rounds.
 */
function bustRate(t: SeatTotals, games: boolean): NonNullable<SeatSummary['bustRate']> {
  const rate = t.rounds > 0 ? t.busts / t.rounds : NaN;
  const byGame = games && Number.isFinite(t.bustsSq + t.roundsSq + t.bustRounds);
  if (!byGame) return { rate, se: Math.sqrt((rate * (1 - rate)) / t.rounds), ci95: shareCi95(rate, t.rounds), rounds: t.rounds, byGame };
  // One game is one cluster: no spread between games, so no SE.
  if (t.games < 2) return { rate, se: NaN, ci95: [NaN, NaN], rounds: t.rounds, byGame };
  const spread = t.bustsSq - 2 * rate * t.bustRounds + rate * rate * t.roundsSq;
  const se = Math.sqrt((Math.max(0, spread) * t.games) / (t.games - 1)) / t.rounds;
  // Where too few rounds went one way for the normal interval, Wilson's over the effective number of
  // rounds the clustered SE implies (rate (1 - rate) / se^2, at most the rounds), not over every round.
  const effective = se > 0 ? Math.min(t.rounds, (rate * (1 - rate)) / (se * se)) : t.rounds;
  return { rate, se, ci95: shareCi95(rate, effective, se), rounds: t.rounds, byGame };
}

const fmt = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : '-');

/** A plain-text table of seat summaries. */
export function formatSummaryTable(rows: SeatSummary[], unit: 'games' | 'rounds' = 'games'): string {
  const header = ['seat', 'strategy', unit, 'mean', 'sd', 'se', '95% CI', 'p5/p25/p50/p75/p95'];
  // One format for every quantile of the table: whole numbers unless one of them is not.
  const quantileDigits = rows.some((r) => Object.values(r.quantiles).some((q) => q % 1 !== 0)) ? 1 : 0;
  const wins = rows.some((r) => r.winShare);
  const busts = rows.some((r) => r.bustRate);
  if (wins) header.push('win share (se)');
  // In game mode a bust rate is over the rounds played, not the games: their count goes beside it.
  const overRounds = unit === 'games';
  if (busts) header.push(overRounds ? 'bust rate (se, rounds)' : 'bust rate (se)');
  const body = rows.map((r) => {
    const cells = [
      String(r.seat),
      r.strategy,
      r.games.toLocaleString('en-US'),
      fmt(r.mean),
      fmt(r.sd),
      fmt(r.se, 4),
      `[${fmt(r.ci95[0])}, ${fmt(r.ci95[1])}]`,
      Object.values(r.quantiles).map((q) => fmt(q, quantileDigits)).join('/'),
    ];
    if (wins) cells.push(r.winShare ? `${fmt(r.winShare.mean, 4)} (${fmt(r.winShare.se, 4)})` : '-');
    if (busts) cells.push(r.bustRate ? `${fmt(r.bustRate.rate, 4)} (${fmt(r.bustRate.se, 4)}${overRounds ? `, ${r.bustRate.rounds.toLocaleString('en-US')}` : ''})` : '-');
    return cells;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

/**
 * What the table's "mean +/- 1.96 se" does not cover, a line each: a score interval cut at 0, and a
 * share with too few of one outcome for a normal interval (its Wilson interval instead: shareCi95).
 */
export function formatSummaryNotes(rows: SeatSummary[], unit: 'games' | 'rounds' = 'games'): string[] {
  const lines: string[] = [];
  const cut = rows.filter((r) => r.ci95[0] === 0 && r.mean - Z95 * r.se < 0).map((r) => r.seat);
  if (cut.length) lines.push(`score 95% CI of seat${cut.length > 1 ? 's' : ''} ${cut.join(', ')} cut at 0 (scores are never negative; with this few ${unit} the normal interval is rough).`);
  const share = (what: string, seat: number, p: number, n: number, ci: [number, number], of: string) =>
    `seat ${seat}: ${what} ${fmt(p, 4)} over ${n.toLocaleString('en-US')} ${of}, fewer than 5 of them one way: 95% CI [${fmt(ci[0], 4)}, ${fmt(ci[1], 4)}] (Wilson's interval; +/- 1.96 se needs 5 each way).`;
  for (const r of rows) {
    if (r.winShare && shareNeedsWilson(r.winShare.mean, r.games)) lines.push(share('win share', r.seat, r.winShare.mean, r.games, r.winShare.ci95, unit));
    if (r.bustRate && shareNeedsWilson(r.bustRate.rate, r.bustRate.rounds)) lines.push(share('bust rate', r.seat, r.bustRate.rate, r.bustRate.rounds, r.bustRate.ci95, 'rounds'));
  }
  return lines;
}

/** Every seat of a run: win shares in game mode, bust rates where the game has busts. */
export function summarise(game: Pick<GameModule, 'hasBusts'>, mode: Mode, players: string[], totals: RunTotals): SeatSummary[] {
  return totals.seats.map((t, s) => summariseSeat(s, players[s], t, mode === 'game', game.hasBusts));
}

/**
 * The SE of a mean difference over n rollouts grouped in d decisions (each decision's rollouts share its
 * position: one cluster), from the sum of differences and the sum over decisions of each one's sum
 * squared: se^2 = d / (d - 1) x (sum of (S_j - n_j m)^2) / n^2, with n_j = n / d rollouts each, so the
 * sum is bySq - n^2 m^2 / d. NaN with one decision (no spread between positions).
 */
export function clusteredSe(n: number, d: number, sum: number, bySq: number): number {
  if (!(d > 1) || !(n > 0)) return NaN;
  const m = sum / n;
  return Math.sqrt((d / (d - 1)) * Math.max(0, bySq - (n * n * m * m) / d)) / n;
}
