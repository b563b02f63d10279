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
  /** Game mode: the share of games won (ties split), with its standard error. */
  winShare: Estimate | null;
  /** SEVN: the share of rounds the seat busted, with its standard error and the rounds counted. */
  bustRate: { rate: number; se: number; rounds: number } | null;
}

export function summariseSeat(seat: number, strategy: string, t: SeatTotals, withWins: boolean, withBusts: boolean): SeatSummary {
  const e = estimate(t.games, t.sumScore, t.sumScoreSq);
  const w = estimate(t.games, t.sumWin / WIN_UNITS, t.sumWinSq / (WIN_UNITS * WIN_UNITS));
  const rate = t.rounds > 0 ? t.busts / t.rounds : NaN;
  return {
    seat,
    strategy,
    games: t.games,
    ...e,
    quantiles: Object.fromEntries(QUANTILES.map((q) => [`p${Math.round(q * 100)}`, histogramQuantile(t.histogram.entries(), q)])),
    winShare: withWins ? w : null,
    // Rounds within a game are not independent; in game mode this SE treats them as if they were.
    bustRate: withBusts ? { rate, se: Math.sqrt((rate * (1 - rate)) / t.rounds), rounds: t.rounds } : null,
  };
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
  if (busts) header.push('bust rate (se)');
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
    if (busts) cells.push(r.bustRate ? `${fmt(r.bustRate.rate, 4)} (${fmt(r.bustRate.se, 4)})` : '-');
    return cells;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

/** Every seat of a run: win shares in game mode, bust rates where the game has busts. */
export function summarise(game: Pick<GameModule, 'hasBusts'>, mode: Mode, players: string[], totals: RunTotals): SeatSummary[] {
  return totals.seats.map((t, s) => summariseSeat(s, players[s], t, mode === 'game', game.hasBusts));
}
