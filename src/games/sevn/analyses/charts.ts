/** SEVN's report charts: the value of drawing over staying (decisions), the solo solve, the bust table. */
import { type Chart, MIN_DECISIONS, WIDTH, bucketFeatures, bucketWidth, fmt, int, meanVar, pool, simulateCaption, spec } from '../../../charts/chart.js';
import { WIN_UNITS } from '../../../engine/game.js';
import type { BustTableOutput, Output, Row, SimulateOutput, SolveOutput } from '../../../charts/outputs.js';
import type { GameModule } from '../../../engine/game.js';
import { Z95, clusteredSe, shareCi95 } from '../../../stats/summary.js';
import { certainDigits } from '../solo-bound.js';

/**
 * SEVN: draw minus stay by round points at stake, one panel per band of distinct values held, with 95%
 * CI bands: the round score in round mode, the chance to win in game mode (what the decision is for).
 * Points and distinct values are the bands the run recorded (`--bucket`), labelled as bands.
 */
/** The sampled decisions a counterfactual state needs to be drawn, its SE taken over them (`sevensim decisions` shows an interval from as many). */
const MIN_CLUSTERS = 30;

export function sevnDecisionValue(o: SimulateOutput, game: GameModule): Chart {
  const rows = o.decisions.filter((r) => r.kind === 'draw-stay');
  const points: Row[] = [];
  const inGame = o.manifest.mode === 'game';
  const outcome = inGame ? 'chance to win' : 'round score';
  const scale = inGame ? WIN_UNITS : 1; // win sums are in 1/840ths
  const pw = bucketWidth(o, 'points') ?? 1;
  const dw = bucketWidth(o, 'distinct') ?? 1;
  const sevnAt = ((o.manifest.rules as { sevn?: { distinct?: number } } | undefined)?.sevn?.distinct ?? 7) - 1;
  const band = (d: number): string => (dw === 1 || d >= sevnAt ? String(d) : `${d}-${Math.min(d + dw - 1, sevnAt)}`);
  const add = (row: Row, mean: number, se: number, n: number) => {
    const d = row.distinct as number;
    const m = mean / scale;
    const s = se / scale;
    points.push({ distinct: d, band: band(d), points: (row.points as number) + (pw - 1) / 2, from: row.points, diff: m, lo: m - Z95 * s, hi: m + Z95 * s, se: s, n });
  };
  // A counterfactual decisions.arrow with the sums by decision (format 5 on).
  const clustered = o.counterfactual && rows.some((r) => r.decisions !== undefined);
  if (o.counterfactual) {
    const [sum, sumSq, bySq] = inGame ? ['sum_diff_win', 'sum_diff_win_sq', 'sum_diff_win_by_decision_sq'] : ['sum_diff', 'sum_diff_sq', 'sum_diff_by_decision_sq'];
    const draws = rows.filter((r) => r.action === 'draw');
    const key = (r: Row) => `${r.distinct as number},${r.points as number}`;
    const p = pool(draws, key, 'rollouts', sum, sumSq);
    // Each decision's rollouts one cluster, as `decisions` takes them (format 5 on; older files: rollouts as independent).
    const byDecision = pool(draws, key, 'decisions', bySq, bySq);
    for (const [k, v] of p) {
      const d = byDecision.get(k)!;
      // A state needs MIN_CLUSTERS sampled decisions (as `decisions` shows an interval); older files, MIN_DECISIONS rollouts.
      if (clustered ? d.n < MIN_CLUSTERS : v.n < MIN_DECISIONS) continue;
      const { mean, variance } = meanVar(v);
      add(v.row, mean, clustered ? clusteredSe(v.n, d.n, v.sum, d.sum) : Math.sqrt(variance / v.n), v.n);
    }
  } else {
    const [sum, sumSq] = inGame ? ['sum_win', 'sum_win_sq'] : ['sum_score', 'sum_score_sq'];
    const p = pool(rows, (r) => `${r.distinct as number},${r.points as number},${r.action as string}`, 'count', sum, sumSq);
    for (const d of p.values()) {
      if (d.row.action !== 'draw') continue;
      const s = p.get(`${d.row.distinct as number},${d.row.points as number},stay`);
      if (!s || d.n < MIN_DECISIONS || s.n < MIN_DECISIONS) continue;
      const a = meanVar(d);
      const b = meanVar(s);
      add(d.row, a.mean - b.mean, Math.sqrt(a.variance / d.n + b.variance / s.n), Math.min(d.n, s.n));
    }
  }
  points.sort((a, b) => (a.distinct as number) - (b.distinct as number) || (a.points as number) - (b.points as number));
  const bands = [...new Set(points.map((p) => p.band as string))];
  const pooled = bucketFeatures(o).filter((f) => f !== 'points' && f !== 'distinct').map((f) => f.replace(/_/g, ' '));
  const over = `pooled over seats${pooled.length ? `, ${pooled.join(', ')} (recorded, not drawn)` : ''} and what the bucket does not record (bust chance, cards left...)`;
  const how = o.counterfactual
    ? `Counterfactual: at sampled draw-or-stay decisions both actions played out on the same cards; the ${outcome}${inGame ? ' (win share)' : ''} after drawing minus after staying, ${over}; ${clustered ? 'the 95% CI takes each decision\'s rollouts as one cluster (they share its position)' : 'the 95% CI treats rollouts as independent (this decisions.arrow, older than format 5, has no sums by decision)'}.`
    : `As played: the mean ${outcome}${inGame ? ' (win share)' : ''} of seats that drew minus that of seats that stayed in the same state, ${over}. Not a controlled comparison (the strategies chose); a counterfactual run gives one.`;
  const y = inGame ? { title: 'draw − stay (chance to win)', axis: { format: '.0%' } } : { title: 'draw − stay (round score)' };
  const x = { field: 'points', type: 'quantitative', title: 'round points at stake' };
  return {
    id: 'sevn-draw-minus-stay',
    title: `SEVN: value of drawing over staying by points at stake${o.counterfactual ? ' (counterfactual)' : ''}`,
    caption: `${simulateCaption(o, game)} ${how} One panel per ${dw > 1 ? `band of ${dw} ` : ''}distinct values held; ${pw > 1 ? `points in bands of ${pw}, each drawn at its middle (the last band also holds everything above)` : 'points as recorded'}. Band and bars: 95% CI (a bar alone where a panel has one point); dashed: zero (above it drawing is better). States with fewer than ${clustered ? `${MIN_CLUSTERS} sampled decisions` : `${MIN_DECISIONS} decisions ${o.counterfactual ? '(rollouts)' : 'on either side'}`} are left out. The table gives, per panel, the lowest and highest points and the two either side of the first change of sign; \`sevensim decisions DIR\` lists every state.`,
    spec: spec({
      data: { values: points },
      facet: { field: 'band', type: 'ordinal', title: 'distinct values held', sort: bands, header: { labelFontSize: 11 } },
      columns: Math.min(bands.length, 2),
      spec: {
        width: 220,
        height: 170, // the rotated y title is about 150 px: shorter panels overlapped it with the next row's
        layer: [
          { mark: { type: 'area', opacity: 0.25, color: '#4c78a8' }, encoding: { x, y: { field: 'lo', type: 'quantitative', ...y }, y2: { field: 'hi' } } },
          { mark: { type: 'rule', color: '#4c78a8', opacity: 0.6 }, encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
          { mark: { type: 'line', strokeWidth: 2, color: '#4c78a8', point: { size: 14 } }, encoding: { x, y: { field: 'diff', type: 'quantitative' } } },
          { mark: { type: 'rule', color: '#444', strokeDash: [4, 3] }, encoding: { y: { datum: 0 } } },
        ],
      },
      resolve: { scale: { y: 'shared', x: 'shared' } },
    }),
    table: {
      head: ['distinct', 'points', `draw − stay, ${outcome} (se)`, o.counterfactual ? 'rollouts' : 'decisions (fewer side)'],
      rows: bands.flatMap((d) => {
        const ps = points.filter((p) => p.band === d);
        // Every point would be a long table: per panel, the points either side of zero and the extremes.
        const pick = new Set<Row>([ps[0], ps[ps.length - 1]]);
        const cross = ps.findIndex((p, i) => i > 0 && Math.sign(p.diff as number) !== Math.sign(ps[i - 1].diff as number));
        if (cross > 0) [ps[cross - 1], ps[cross]].forEach((p) => pick.add(p));
        const digits = inGame ? 4 : 2;
        return ps.filter((p) => pick.has(p)).map((p) => [d, pw > 1 ? `${String(p.from)}-${(p.from as number) + pw - 1}` : String(p.from), `${fmt(p.diff as number, digits)} (${fmt(p.se as number, digits)})`, int(p.n as number)]);
      }),
    },
  };
}

/** The bust chances a row's exact values allow: the states the pass dropped add at most reach_bound to its reach and busts (absent in older files: 0). */
const bustRange = (reach: number, busts: number, bound = 0): [number, number] => [busts / (reach + bound), (busts + bound) / reach];

function bustCaption(o: BustTableOutput): string {
  const bounded = o.meta.exact && o.rows.some((r) => (r.reach_bound ?? 0) > 0);
  return `SEVN, ${o.rules}, solo ${o.meta.strategy}; exact${o.meta.exact ? '' : ` columns not computed (${o.meta.noExact ?? 'bust-table.json gives no reason'})`}${bounded ? ' within a bound (the exact pass dropped its least likely states: exact cells it could move by half a percentage point or more are left blank, the table shows the digits it leaves certain)' : ''}${o.meta.rounds > 0 ? ` beside ${int(o.meta.rounds)} simulated rounds, seed ${o.seed}` : ', no simulation'}.`;
}

/**
 * A heat map's x: one cell per whole point, [points, points + 1) from the data (`to`). Binning in the
 * chart instead (bin step 1) puts the largest two values in one cell: a bin's upper edge is inclusive.
 */
const POINT_CELLS = { x: { field: 'points', type: 'quantitative', title: 'round points', bin: 'binned' }, x2: { field: 'to' } };

/** Fewest simulated draws behind a heat-map cell. */
export const MIN_DRAWS = 30;

export function bustHeatmap(o: BustTableOutput): Chart {
  const cells: Row[] = [];
  for (const r of o.rows) {
    if (o.meta.exact && Number.isFinite(r.bust_exact) && r.reach > 0) {
      const [lo, hi] = bustRange(r.reach, r.reach * r.bust_exact, r.reach_bound);
      if (hi - lo < 0.005) cells.push({ source: 'exact', distinct: r.distinct, points: r.points, to: r.points + 1, mid: r.points + 0.5, p: r.bust_exact });
    }
    if (r.sim_draws >= MIN_DRAWS) {
      // A simulated cell says how many draws it rests on; a cell whose 95% CI (shareCi95: Wilson's with few busts,
      // not a point at 0) is wider than +-2 points is faded.
      const [lo, hi] = shareCi95(r.sim_rate, r.sim_draws);
      const half = (hi - lo) / 2;
      const draws = r.sim_draws >= 1e6 ? `${Math.round(r.sim_draws / 1e6)}M` : r.sim_draws >= 1e3 ? `${Math.round(r.sim_draws / 1e3)}k` : String(r.sim_draws);
      cells.push({ source: 'simulated', distinct: r.distinct, points: r.points, to: r.points + 1, mid: r.points + 0.5, p: r.sim_rate, draws, wide: half > 0.02 });
    }
  }
  const byDistinct = new Map<number, { reach: number; bustW: number; bound: number; draws: number; busts: number }>();
  for (const r of o.rows) {
    const m = byDistinct.get(r.distinct) ?? { reach: 0, bustW: 0, bound: 0, draws: 0, busts: 0 };
    if (r.reach > 0) {
      m.reach += r.reach;
      m.bustW += r.reach * r.bust_exact;
    }
    m.bound += r.reach_bound ?? 0; // each row's own bound: their sum bounds the rows together
    m.draws += r.sim_draws;
    m.busts += r.sim_busts;
    byDistinct.set(r.distinct, m);
  }
  return {
    id: 'bust-table',
    title: 'SEVN: next-draw bust chance by distinct values held and round points',
    caption: `${bustCaption(o)} Colour: the chance that the next card busts; exact values are averaged over the held sets of a cell weighted by how often the strategy draws there. Simulated cells: the number of draws behind each written in it; faded where the 95% CI is wider than ±2 percentage points; cells with fewer than ${MIN_DRAWS} draws left blank.`,
    spec: spec({
      data: { values: cells },
      facet: { column: { field: 'source', type: 'nominal', title: null, sort: ['exact', 'simulated'], header: { labelFontSize: 12 } } },
      spec: {
        width: 300,
        height: { step: 22 },
        encoding: { y: { field: 'distinct', type: 'ordinal', title: 'distinct values held', sort: 'ascending' } },
        layer: [
          {
            mark: { type: 'rect' },
            encoding: {
              ...POINT_CELLS,
              color: { field: 'p', type: 'quantitative', title: 'bust chance', scale: { scheme: 'orangered', domain: [0, Math.max(0.05, ...cells.map((c) => c.p as number))], nice: true }, legend: { format: '.0%' } },
              opacity: { condition: { test: 'datum.wide', value: 0.35 }, value: 1 },
            },
          },
          { transform: [{ filter: "datum.source === 'simulated'" }], mark: { type: 'text', fontSize: 6.5, angle: 270, color: '#222' }, encoding: { x: { field: 'mid', type: 'quantitative' }, text: { field: 'draws' } } },
        ],
      },
    }),
    table: {
      head: ['distinct', 'exact bust (reach-weighted)', 'simulated bust (95% CI)', 'draws'],
      rows: [...byDistinct.entries()].sort((a, b) => a[0] - b[0]).map(([d, m]) => {
        const rate = m.draws > 0 ? m.busts / m.draws : NaN;
        const [lo, hi] = shareCi95(rate, m.draws);
        const sim = m.draws >= MIN_DRAWS ? `${fmt(rate, 4)} [${fmt(lo, 4)}, ${fmt(hi, 4)}]` : '-';
        const exact = !o.meta.exact || m.reach === 0 ? '-' : m.bound > 0 ? certainDigits(...bustRange(m.reach, m.bustW, m.bound), 4) : fmt(m.bustW / m.reach, 4);
        return [String(d), exact, sim, int(m.draws)];
      }),
    },
  };
}

function solveCaption(o: SolveOutput): string {
  const r = o.report;
  return `SEVN, ${o.rules}, solo round from a full deck; exact (no simulation, no seed): optimal expected round score ${fmt(r.ev as number, 4)}, best stay-at points=${(r.bestStayAt as { threshold: number }).threshold}.`;
}

/** SEVN solo: where the optimal policy draws or stays, by distinct values held and round points. */
export function sevnStoppingBoundary(o: SolveOutput): Chart {
  const cells = new Map<string, { distinct: number; points: number; sets: number; draw: number }>();
  for (const r of o.policy) {
    const k = `${r.distinct as number},${r.points as number}`;
    const c = cells.get(k) ?? { distinct: r.distinct as number, points: r.points as number, sets: 0, draw: 0 };
    c.sets++;
    if (r.best === 'draw') c.draw++;
    cells.set(k, c);
  }
  const values = [...cells.values()].map((c) => ({ ...c, to: c.points + 1, share: c.draw / c.sets }));
  const byDistinct = new Map<number, { drawMax: number; stayMin: number; sets: number }>();
  for (const c of values) {
    const b = byDistinct.get(c.distinct) ?? { drawMax: -Infinity, stayMin: Infinity, sets: 0 };
    b.sets += c.sets;
    if (c.draw > 0) b.drawMax = Math.max(b.drawMax, c.points);
    if (c.draw < c.sets) b.stayMin = Math.min(b.stayMin, c.points);
    byDistinct.set(c.distinct, b);
  }
  return {
    id: 'sevn-stopping-boundary',
    title: 'SEVN solo: the optimal stopping boundary',
    caption: `${solveCaption(o)} Colour: the share of held sets in a cell where drawing is optimal (blue: always draw, orange: always stay).`,
    spec: spec({
      width: WIDTH,
      height: { step: 22 },
      data: { values },
      mark: { type: 'rect' },
      encoding: {
        ...POINT_CELLS,
        y: { field: 'distinct', type: 'ordinal', title: 'distinct values held', sort: 'ascending' },
        color: { field: 'share', type: 'quantitative', title: 'share drawing', scale: { scheme: 'blueorange', reverse: true, domain: [0, 1] }, legend: { format: '.0%' } },
      },
    }),
    table: {
      head: ['distinct', 'held sets', 'draws up to points', 'stays from points'],
      rows: [...byDistinct.entries()].sort((a, b) => a[0] - b[0]).map(([d, b]) => [String(d), int(b.sets), Number.isFinite(b.drawMax) ? String(b.drawMax) : 'never draws', Number.isFinite(b.stayMin) ? String(b.stayMin) : 'never stays']),
    },
  };
}

/** SEVN solo: the exact expected score of every stay-at threshold against the optimum. */
export function sevnStayAtValues(o: SolveOutput): Chart {
  const stayAt = (o.report.stayAt as { threshold: number; ev: number }[] | undefined) ?? [];
  const ev = o.report.ev as number;
  const best = o.report.bestStayAt as { threshold: number; ev: number };
  return {
    id: 'sevn-stay-at-values',
    title: 'SEVN solo: expected round score of stay-at thresholds against optimal play',
    caption: `${solveCaption(o)} Line: the exact expected solo round score of stay-at:points=x; dashed: optimal play.`,
    spec: spec({
      width: WIDTH,
      height: 240,
      layer: [
        { data: { values: stayAt }, mark: { type: 'line', point: { size: 16 } }, encoding: { x: { field: 'threshold', type: 'quantitative', title: 'stay-at points threshold' }, y: { field: 'ev', type: 'quantitative', title: 'expected round score', scale: { zero: false } } } },
        { data: { values: [{ ev }] }, mark: { type: 'rule', strokeDash: [5, 3], color: '#d62728' }, encoding: { y: { field: 'ev', type: 'quantitative' } } },
      ],
    }),
    table: {
      head: ['policy', 'expected round score'],
      rows: [['optimal', fmt(ev, 4)], [`stay-at:points=${best.threshold} (best)`, fmt(best.ev, 4)], ...stayAt.filter((s) => s.threshold % 5 === 0).map((s) => [`stay-at:points=${s.threshold}`, fmt(s.ev, 4)])],
    },
  };
}

/** SEVN's charts of an output: draw minus stay when a run recorded draw-or-stay decisions, the solve's two, the bust heat map. */
export function sevnCharts(o: Output, game: GameModule): Chart[] {
  switch (o.kind) {
    case 'simulate':
      return o.decisions.some((r) => r.kind === 'draw-stay') ? [sevnDecisionValue(o, game)] : [];
    case 'solve':
      return [sevnStoppingBoundary(o), sevnStayAtValues(o)];
    case 'bust-table':
      return [bustHeatmap(o)];
    default:
      return [];
  }
}
