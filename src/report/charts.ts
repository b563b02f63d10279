/**
 * The report's charts as data: one function per chart, each returning a vega-lite spec, a caption that
 * states the run, and the small table of the numbers drawn. A game's own charts (its decisions, its
 * solve or bust-table output) are its catalog entry's. Nothing here renders or reads files.
 */
import { catalogEntry } from '../catalog.js';
import { gameName, known, otherCaption } from './captions.js';
import { type Chart, CATEGORY, WIDTH, fmt, int, simulateCaption as captionOf, spec } from '../charts/chart.js';
import { Z95 } from '../stats/summary.js';
import { sprtBias } from '../stats/sprt.js';
import { signedRound } from '../io/words.js';
import type { CompareOutput, Output, Row, SimulateOutput, TournamentOutput } from './inputs.js';
import { tuneParams, tuneProgress, tuneSlices } from './tune-charts.js';

export { tuneParams, tuneProgress, tuneSlices };

export type { Chart } from '../charts/chart.js';
export { FONT, fmt } from '../charts/chart.js';

const roundUnit = (g: string): string => known(g)?.roundUnit ?? 'round';
const simulateCaption = (o: SimulateOutput): string => captionOf(o, known(o.game));

const seatLabel = (seat: number, strategy: string): string => `${seat}: ${strategy}`;
const seatScale = (o: SimulateOutput) => ({ domain: o.seats.map((s) => seatLabel(s.seat, s.strategy)), scheme: CATEGORY });

/** Bin width so that the histogram has at most about 60 bars. */
function binWidth(lo: number, hi: number): number {
  const span = hi - lo + 1;
  if (span <= 60) return 1;
  for (const w of [2, 5, 10, 20, 25, 50, 100, 200, 500, 1000]) if (span / w <= 60) return w;
  return Math.ceil(span / 60);
}

/** The share of a seat's scores at or below which lies the axis end: a few long-tail scores would squash the rest. */
export const SHOWN_QUANTILE = 0.995;

/** Lowest score, and the highest SHOWN_QUANTILE quantile of any seat: the score axis. */
function scoreRange(o: SimulateOutput): { lo: number; hi: number; max: number } {
  const all = o.histograms.flat();
  const lo = Math.min(...all.map((h) => h[0]));
  const max = Math.max(...all.map((h) => h[0]));
  let hi = lo;
  o.histograms.forEach((h, i) => {
    let cum = 0;
    const at = h.find(([, c]) => (cum += c) >= SHOWN_QUANTILE * o.seats[i].games);
    hi = Math.max(hi, at ? at[0] : max);
  });
  return { lo, hi, max };
}

export function scoreHistogram(o: SimulateOutput): Chart {
  const { lo, hi: top, max } = scoreRange(o);
  const w = binWidth(lo, top);
  // Bins start at lo; the last bin shown also holds every score above the axis (the long tail).
  const hi = Math.floor((top - lo) / w) * w + lo;
  const rows: Row[] = [];
  o.seats.forEach((s, i) => {
    const bins = new Map<number, number>();
    for (const [score, c] of o.histograms[i]) {
      const b = Math.floor((Math.min(score, hi) - lo) / w) * w + lo;
      bins.set(b, (bins.get(b) ?? 0) + c);
    }
    const seat = seatLabel(s.seat, s.strategy);
    for (const [b, c] of bins) rows.push({ seat, type: 'bin', lo: b, hi: b + w, share: c / s.games });
    rows.push({ seat, type: 'mean', mean: s.mean, ci_lo: s.ci95[0], ci_hi: s.ci95[1], label: `mean ${fmt(s.mean, 2)}, 95% CI [${fmt(s.ci95[0], 2)}, ${fmt(s.ci95[1], 2)}]` });
  });
  const unit = o.manifest.mode === 'game' ? 'final score' : `${roundUnit(o.game)} score`;
  return {
    id: 'score-histogram',
    title: `Score distribution per seat (${unit})`,
    caption: `${simulateCaption(o)} Bars: share of ${o.manifest.mode === 'game' ? 'games' : `${roundUnit(o.game)}s`} per score${w > 1 ? ` band of ${w}` : ''}${max > hi + w - 1 ? `; the last bar also holds every score above ${hi + w - 1} (up to ${max})` : ''}; black line: the mean, grey band: its 95% CI, both printed beside the line (with many games the band is narrower than the line).`,
    spec: spec({
      data: { values: rows },
      facet: { row: { field: 'seat', type: 'nominal', title: null, sort: seatScale(o).domain, header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top', labelFontSize: 11 } } },
      spec: {
        width: WIDTH,
        height: 70,
        layer: [
          {
            transform: [{ filter: "datum.type === 'bin'" }],
            mark: { type: 'rect', stroke: 'white', strokeWidth: w === 1 ? 0.5 : 1 },
            encoding: {
              x: { field: 'lo', type: 'quantitative', title: unit, scale: { domain: [lo, hi + w], nice: false, zero: false } },
              x2: { field: 'hi' },
              y: { field: 'share', type: 'quantitative', title: 'share' },
              y2: { datum: 0 },
              color: { field: 'seat', type: 'nominal', scale: seatScale(o), legend: null },
            },
          },
          { transform: [{ filter: "datum.type === 'mean'" }], mark: { type: 'rect', color: '#555', opacity: 0.35 }, encoding: { x: { field: 'ci_lo', type: 'quantitative' }, x2: { field: 'ci_hi' } } },
          { transform: [{ filter: "datum.type === 'mean'" }], mark: { type: 'rule', color: 'black', strokeWidth: 1.5 }, encoding: { x: { field: 'mean', type: 'quantitative' } } },
          { transform: [{ filter: "datum.type === 'mean'" }], mark: { type: 'text', align: 'left', baseline: 'top', dx: 4, y: 2, fontSize: 10 }, encoding: { x: { field: 'ci_hi', type: 'quantitative' }, text: { field: 'label' } } },
        ],
      },
      resolve: { scale: { y: 'shared' } },
    }),
    table: seatTable(o, false),
  };
}

function seatTable(o: SimulateOutput, rates: boolean): Chart['table'] {
  const head = ['seat', 'strategy', o.manifest.mode === 'game' ? 'games' : `${roundUnit(o.game)}s`, 'mean', 'se', '95% CI'];
  const win = rates && o.seats.some((s) => s.winShare);
  const bust = rates && o.seats.some((s) => s.bustRate);
  // The intervals the charts draw (shareCi95: Wilson's where a share has fewer than 5 of one outcome).
  if (win) head.push('win share [95% CI]');
  // In game mode a bust rate is over the rounds played, not the games: their count goes with it (as simulate prints it).
  if (bust) head.push(o.manifest.mode === 'game' ? 'bust rate [95% CI], rounds' : 'bust rate [95% CI]');
  if (!rates) head.push('p5/p50/p95');
  return {
    head,
    rows: o.seats.map((s) => {
      const r = [String(s.seat), s.strategy, int(s.games), fmt(s.mean), fmt(s.se, 4), `[${fmt(s.ci95[0])}, ${fmt(s.ci95[1])}]`];
      if (win) r.push(s.winShare ? `${fmt(s.winShare.mean, 4)} [${fmt(s.winShare.ci95[0], 4)}, ${fmt(s.winShare.ci95[1], 4)}]` : '-');
      if (bust) r.push(s.bustRate ? `${fmt(s.bustRate.rate, 4)} [${fmt(s.bustRate.ci95[0], 4)}, ${fmt(s.bustRate.ci95[1], 4)}]${o.manifest.mode === 'game' ? `, ${int(s.bustRate.rounds)}` : ''}` : '-');
      if (!rates) r.push([s.quantiles.p5, s.quantiles.p50, s.quantiles.p95].map((q) => fmt(q, Number.isInteger(q) ? 0 : 1)).join('/'));
      return r;
    }),
  };
}

export function scoreCdf(o: SimulateOutput): Chart {
  const rows: Row[] = [];
  o.seats.forEach((s, i) => {
    const seat = seatLabel(s.seat, s.strategy);
    let cum = 0;
    for (const [score, c] of o.histograms[i]) rows.push({ seat, score, p: (cum += c) / s.games });
  });
  const unit = o.manifest.mode === 'game' ? 'final score' : `${roundUnit(o.game)} score`;
  const { lo, hi, max } = scoreRange(o);
  return {
    id: 'score-cdf',
    title: `Cumulative score distribution per seat (${unit})`,
    caption: `${simulateCaption(o)} Each line: the share of ${o.manifest.mode === 'game' ? 'games' : `${roundUnit(o.game)}s`} the seat ended with at most this score; further right is better.${max > hi ? ` The axis ends at ${hi}, where every seat has ${100 * SHOWN_QUANTILE}% of its scores (the highest is ${max}).` : ''}`,
    spec: spec({
      width: WIDTH,
      height: 260,
      data: { values: rows },
      transform: [{ filter: `datum.score <= ${hi}` }],
      mark: { type: 'line', interpolate: 'step-after', strokeWidth: 2 },
      encoding: {
        x: { field: 'score', type: 'quantitative', title: unit, scale: { domain: [lo, hi], nice: false } },
        y: { field: 'p', type: 'quantitative', title: 'P(score ≤ x)', scale: { domain: [0, 1] } },
        color: { field: 'seat', type: 'nominal', title: 'seat', scale: seatScale(o), legend: { orient: 'bottom', columns: 2 } },
        strokeDash: { field: 'seat', type: 'nominal', title: 'seat', sort: seatScale(o).domain, legend: { orient: 'bottom', columns: 2 } },
      },
    }),
    table: seatTable(o, false),
  };
}

/** One point per seat with its 95% CI, as a horizontal bar. */
function seatEstimates(o: SimulateOutput, id: string, title: string, what: string, values: { mean: number; ci95: [number, number] }[], reference: number | null, note: string): Chart {
  const rows = o.seats.map((s, i) => ({ seat: seatLabel(s.seat, s.strategy), mean: values[i].mean, lo: values[i].ci95[0], hi: values[i].ci95[1] }));
  const y = { field: 'seat', type: 'nominal', title: null, sort: seatScale(o).domain, axis: { labelLimit: 220 } };
  const layer: Record<string, unknown>[] = [
    { mark: { type: 'bar', height: 18 }, encoding: { y, x: { field: 'mean', type: 'quantitative', title: what }, color: { field: 'seat', type: 'nominal', scale: seatScale(o), legend: null } } },
    { mark: { type: 'rule', color: 'black', strokeWidth: 1.5 }, encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    { mark: { type: 'tick', color: 'black', thickness: 1.5, size: 10 }, encoding: { y, x: { field: 'lo', type: 'quantitative' } } },
    { mark: { type: 'tick', color: 'black', thickness: 1.5, size: 10 }, encoding: { y, x: { field: 'hi', type: 'quantitative' } } },
  ];
  if (reference !== null) layer.push({ data: { values: [{ ref: reference }] }, mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { x: { field: 'ref', type: 'quantitative' } } });
  return {
    id,
    title,
    caption: `${simulateCaption(o)} ${note}`,
    spec: spec({
      width: WIDTH,
      height: { step: 30 },
      data: { values: rows },
      layer,
    }),
    table: seatTable(o, true),
  };
}

export function winShare(o: SimulateOutput): Chart {
  return seatEstimates(o, 'win-share', 'Win share per seat', 'win share (ties split)', o.seats.map((s) => ({ mean: s.winShare!.mean, ci95: s.winShare!.ci95 })), 1 / o.seats.length, `Bars: share of games won (a tie of k shares 1/k), with 95% CI; dashed: an equal share (1/${o.seats.length}).`);
}

export function bustRate(o: SimulateOutput): Chart {
  return seatEstimates(o, 'bust-rate', 'Bust rate per seat', 'share of rounds busted', o.seats.map((s) => ({ mean: s.bustRate!.rate, ci95: s.bustRate!.ci95 })), null, `Bars: share of rounds the seat busted, with 95% CI${o.manifest.mode !== 'game' ? '' : o.seats.every((s) => s.bustRate!.byGame) ? ' (each game\'s rounds one cluster: they are not independent)' : ' (rounds treated as independent: this run.json, older than format 4, lacks the sums by game)'}.`);
}

function tournamentWhat(o: TournamentOutput): string {
  const t = o.report;
  const games = (t.games ?? o.run.games) as number | undefined;
  const size = t.tableSize ? ` at tables of ${String(t.tableSize)}` : '';
  const deals = t.deals ? ` (${int(t.deals as number)} deals, each in every seat order)` : '';
  return `tournament of ${o.ranking.length} strategies${size}; ${games !== undefined ? `${int(games)} games${deals}` : `${o.pairs.length} ordered pairs`}`;
}

export function tournamentMatrix(o: TournamentOutput): Chart {
  const order = o.ranking.map((r) => r.spec);
  return {
    id: 'tournament-matrix',
    title: 'Tournament: head to head, each strategy (row) against each other (column)',
    caption: `${otherCaption(o, tournamentWhat(o))} Cell: head to head, the share of the games the row strategy and the column strategy played at one table in which the row strategy finished ahead (ties count half); blue above one half, red below; strategies in ranking order.`,
    spec: spec({
      height: { step: 34 },
      width: { step: 60 },
      data: { values: o.pairs },
      encoding: {
        y: { field: 'a', type: 'nominal', title: 'strategy', sort: order, axis: { labelLimit: 220 } },
        x: { field: 'b', type: 'nominal', title: 'against', sort: order, axis: { labelAngle: -35, labelLimit: 260 } },
      },
      layer: [
        { mark: { type: 'rect' }, encoding: { color: { field: 'win_share_a', type: 'quantitative', title: 'row ahead', scale: { scheme: 'redblue', domain: [0, 1], domainMid: 0.5 } } } },
        { mark: { type: 'text', fontSize: 10 }, encoding: { text: { field: 'win_share_a', type: 'quantitative', format: '.2f' }, color: { condition: { test: 'abs(datum.win_share_a - 0.5) > 0.3', value: 'white' }, value: 'black' } } },
      ],
    }),
    table: {
      head: ['strategy', 'against', 'ahead share (se)', 'games together'],
      rows: o.pairs.map((p) => [p.a, p.b, `${fmt(p.win_share_a, 3)} (${fmt(p.se, 3)})`, int(p.games)]),
    },
  };
}

/** One row per strategy, in the order of `rows`: a point at `field` and a bar from `lo` to `hi` (the ranking and the ladder). */
function strategyIntervals(rows: { spec: string; lo: number; hi: number }[], field: string, title: string) {
  return spec({
    width: WIDTH,
    height: { step: 26 },
    data: { values: rows },
    encoding: { y: { field: 'spec', type: 'nominal', title: null, sort: rows.map((r) => r.spec), axis: { labelLimit: 240 } } },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lo', type: 'quantitative', title, scale: { zero: false } }, x2: { field: 'hi' } } },
      { mark: { type: 'point', filled: true, size: 50 }, encoding: { x: { field, type: 'quantitative' } } },
    ],
  });
}

export function tournamentRanking(o: TournamentOutput): Chart {
  // tournament.json ranks by rating; this chart is by win share, so it orders its own rows.
  const byShare = [...o.ranking].sort((x, y) => y.win_share - x.win_share || y.mean_score - x.mean_score);
  // tournament.json's interval (Wilson's over the deals where few went one way), where it is two shares in order;
  // the normal one for older files without it.
  const given = (c: unknown): c is [number, number] => Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === 'number' && x >= 0 && x <= 1) && c[0] <= c[1];
  const rows = byShare.map((r) => (given(r.ws_ci95) ? { spec: r.spec, ws: r.win_share, lo: r.ws_ci95[0], hi: r.ws_ci95[1] } : { spec: r.spec, ws: r.win_share, lo: Math.max(0, r.win_share - Z95 * r.ws_se), hi: Math.min(1, r.win_share + Z95 * r.ws_se) }));
  return {
    id: 'tournament-ranking',
    title: 'Tournament: ranking by win share',
    caption: `${otherCaption(o, tournamentWhat(o))} Points: each strategy's win share over all its games, with 95% CI over deals (cut at 0 and 1; Wilson's over the deals where few went one way); highest first.`,
    spec: strategyIntervals(rows, 'ws', 'win share'),
    table: {
      head: ['rank by win share', 'strategy', 'win share (se)', 'mean score (se)', 'games'],
      rows: byShare.map((r, i) => [String(i + 1), r.spec, `${fmt(r.win_share, 4)} (${fmt(r.ws_se, 4)})`, `${fmt(r.mean_score, 2)} (${fmt(r.score_se, 3)})`, int(r.games)]),
    },
  };
}

/** The rating ladder: each strategy's Elo with its 95% bootstrap interval, strongest at the top (tournament.json from before ratings has none). */
export function tournamentLadder(o: TournamentOutput): Chart | null {
  // tournament.json is read back: keep only well-formed ratings and intervals.
  const rated = o.ranking
    .filter((r) => Number.isFinite(r.elo))
    .map((r) => ({ ...r, elo_ci95: Array.isArray(r.elo_ci95) && r.elo_ci95.length === 2 && r.elo_ci95.every(Number.isFinite) ? r.elo_ci95 : null }));
  if (rated.length === 0) return null;
  const rows = rated.map((r) => ({ spec: r.spec, elo: r.elo!, lo: r.elo_ci95?.[0] ?? r.elo!, hi: r.elo_ci95?.[1] ?? r.elo! }));
  const signed = signedRound;
  const noBars = rated.every((r) => r.elo_ci95 === null) ? ' No bars, no LOS: some bootstrap resamples of the deals had no finite fit; play more deals.' : '';
  return {
    id: 'tournament-ladder',
    title: 'Tournament: rating ladder (Elo)',
    caption:
      `${otherCaption(o, tournamentWhat(o))} Points: each strategy's rating, a Bradley-Terry fit of every pair of finishing places (a tie counts half), on the Elo scale with mean 0 ` +
      `(a lead of 100 finishes ahead in a shared game 64% of the time); bars: 95% intervals from ${String(o.report.bootstrap ?? '')} bootstrap resamples of the deals. LOS: the chance a strategy is stronger than the next one down.${noBars}`,
    spec: strategyIntervals(rows, 'elo', 'Elo (95% interval)'),
    table: {
      head: ['rank', 'strategy', 'Elo', '95% interval', 'LOS over next', 'games'],
      rows: rated.map((r, i) => [String(i + 1), r.spec, signed(r.elo!), r.elo_ci95 ? `${signed(r.elo_ci95[0])} to ${signed(r.elo_ci95[1])}` : '-', Number.isFinite(r.los_next) ? `${fmt(100 * r.los_next!, 1)}%` : '-', Number.isFinite(r.games) ? int(r.games as number) : '-']),
    },
  };
}

function compareCaption(o: CompareOutput): string {
  const r = o.result;
  return `${gameName(o.game)}, ${o.rules}, ${r.mode} mode; A = ${r.a}, B = ${r.b}${r.field.length ? `, field: ${r.field.join(' ')}` : ''}; ${int(r.games)} paired games, seed ${o.seed}.`;
}

export function compareDifference(o: CompareOutput): Chart {
  const r = o.result;
  const rows = [{ metric: 'score', ...r.diff }];
  if (r.winDiff) rows.push({ metric: 'win share', ...r.winDiff });
  const values = rows.map((d) => ({ metric: d.metric === 'score' ? 'score A − B' : 'win share A − B', mean: d.mean, lo: d.ci95[0], hi: d.ci95[1] }));
  // After an early SPRT stop the fixed-sample interval is not a 95% CI: no label may call it one.
  const interval = r.stoppedEarly ? 'naive interval, SPRT stopped early' : '95% CI';
  const panel = (metric: string) => ({
    width: WIDTH,
    height: 50,
    layer: [
      { transform: [{ filter: `datum.metric === '${metric}'` }], mark: { type: 'rule', strokeWidth: 2.5, color: '#4c78a8' }, encoding: { y: { field: 'metric', type: 'nominal', title: null }, x: { field: 'lo', type: 'quantitative', title: `${metric} (${interval})`, scale: { zero: true } }, x2: { field: 'hi' } } },
      { transform: [{ filter: `datum.metric === '${metric}'` }], mark: { type: 'point', filled: true, size: 70, color: '#4c78a8' }, encoding: { y: { field: 'metric', type: 'nominal', title: null }, x: { field: 'mean', type: 'quantitative' } } },
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
    ],
  });
  return {
    id: 'compare-difference',
    title: 'Compare: paired difference A − B',
    caption: `${compareCaption(o)} Point: the mean paired difference; line: ${r.stoppedEarly ? `the naive fixed-sample interval: the SPRT stopped the run early, so it is not a confidence interval (the stopping rule biases it ${r.sprt ? sprtBias(r.sprt) : 'away from where it stopped'})` : 'its 95% CI'}; dashed: no difference.`,
    spec: spec({ data: { values }, vconcat: values.map((v) => panel(v.metric)) }),
    table: {
      head: ['difference', 'mean', 'se', r.stoppedEarly ? 'naive interval (not a CI)' : '95% CI', r.stoppedEarly ? 'naive p' : 'p'],
      rows: rows.map((d) => [d.metric === 'score' ? 'score A − B' : 'win share A − B', fmt(d.mean, 4), fmt(d.se, 4), `[${fmt(d.ci95[0], 4)}, ${fmt(d.ci95[1], 4)}]`, !Number.isFinite(d.pValue) ? '-' : d.pValue < 1e-6 ? '< 1e-6' : d.pValue.toPrecision(3)]),
    },
  };
}

export function compareSprt(o: CompareOutput): Chart {
  const s = o.result.sprt!;
  const path = [[0, 0] as [number, number], ...(o.result.sprt_path ?? [])].map(([games, llr]) => ({ games, llr }));
  return {
    id: 'compare-sprt',
    title: 'Compare: the SPRT path',
    caption: `${compareCaption(o)} Line: the log-likelihood ratio of H1 (${s.metric} difference ${s.d1}) against H0 (${s.d0}) after each chunk; dashed: the bounds (above: accept H1, below: accept H0). Verdict: ${s.verdict === 'continue' ? 'inconclusive' : `accept ${s.verdict}`}.`,
    spec: spec({
      width: WIDTH,
      height: 240,
      layer: [
        { data: { values: path }, mark: { type: 'line', point: { size: 12 } }, encoding: { x: { field: 'games', type: 'quantitative', title: 'paired games' }, y: { field: 'llr', type: 'quantitative', title: 'log-likelihood ratio' } } },
        { data: { values: [{ b: s.upper, label: 'accept H1' }, { b: s.lower, label: 'accept H0' }] }, mark: { type: 'rule', strokeDash: [5, 3], color: '#d62728' }, encoding: { y: { field: 'b', type: 'quantitative' } } },
        { data: { values: [{ b: s.upper, label: 'accept H1' }, { b: s.lower, label: 'accept H0' }] }, mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: '#d62728' }, encoding: { y: { field: 'b', type: 'quantitative' }, x: { datum: 0 }, text: { field: 'label' } } },
      ],
    }),
    table: {
      head: ['games', 'LLR'],
      rows: [...path.slice(1).filter((_, i, a) => a.length <= 10 || i % Math.ceil(a.length / 10) === 0 || i === a.length - 1).map((p) => [int(p.games), fmt(p.llr, 3)]), ['bounds', `[${fmt(s.lower, 3)}, ${fmt(s.upper, 3)}]`]],
    },
  };
}

/** The game's own charts of an output (none for a game the catalog does not know). */
function gameCharts(o: Output): Chart[] {
  const game = known(o.game);
  return game === null ? [] : (catalogEntry(o.game).charts?.(o, game) ?? []);
}

/** Every chart a run's output has, in reading order. */
export function chartsOf(o: Output): Chart[] {
  switch (o.kind) {
    case 'simulate': {
      const charts = [scoreHistogram(o), scoreCdf(o)];
      if (o.seats.some((s) => s.winShare)) charts.push(winShare(o));
      if (o.seats.some((s) => s.bustRate)) charts.push(bustRate(o));
      return [...charts, ...gameCharts(o)];
    }
    case 'compare':
      return o.result.sprt && o.result.sprt_path?.length ? [compareDifference(o), compareSprt(o)] : [compareDifference(o)];
    case 'tune':
      return [tuneProgress(o), tuneParams(o), tuneSlices(o)];
    case 'tournament':
      return [tournamentLadder(o), tournamentMatrix(o), tournamentRanking(o)].filter((c): c is Chart => c !== null);
    case 'bust-table':
    case 'solve':
    case 'solve-win':
      return gameCharts(o);
  }
}
