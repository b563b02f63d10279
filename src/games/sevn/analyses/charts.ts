/** SEVN's report charts: the value of drawing over staying (decisions), the solo solve, the bust table. */
import { type Chart, CATEGORY, MIN_DECISIONS, WIDTH, fmt, int, meanVar, pool, simulateCaption, spec } from '../../../charts/chart.js';
import type { BustTableOutput, Output, Row, SimulateOutput, SolveOutput } from '../../../charts/outputs.js';
import type { GameModule } from '../../../engine/game.js';
import { Z95 } from '../../../stats/summary.js';

/** SEVN: draw minus stay by round points, a line per number of distinct values held, with 95% CI bands. */
export function sevnDecisionValue(o: SimulateOutput, game: GameModule): Chart {
  const rows = o.decisions.filter((r) => r.kind === 'draw-stay');
  const points: Row[] = [];
  const outcome = o.manifest.mode === 'game' ? 'final score' : 'round score';
  if (o.counterfactual) {
    const p = pool(rows.filter((r) => r.action === 'draw'), (r) => `${r.distinct as number},${r.points as number}`, 'rollouts', 'sum_diff', 'sum_diff_sq');
    for (const v of p.values()) {
      if (v.n < MIN_DECISIONS) continue;
      const { mean, variance } = meanVar(v);
      const se = Math.sqrt(variance / v.n);
      points.push({ distinct: v.row.distinct, points: v.row.points, diff: mean, lo: mean - Z95 * se, hi: mean + Z95 * se, se, n: v.n });
    }
  } else {
    const p = pool(rows, (r) => `${r.distinct as number},${r.points as number},${r.action as string}`, 'count', 'sum_score', 'sum_score_sq');
    for (const d of p.values()) {
      if (d.row.action !== 'draw') continue;
      const s = p.get(`${d.row.distinct as number},${d.row.points as number},stay`);
      if (!s || d.n < MIN_DECISIONS || s.n < MIN_DECISIONS) continue;
      const a = meanVar(d);
      const b = meanVar(s);
      const diff = a.mean - b.mean;
      const se = Math.sqrt(a.variance / d.n + b.variance / s.n);
      points.push({ distinct: d.row.distinct, points: d.row.points, diff, lo: diff - Z95 * se, hi: diff + Z95 * se, se, n: Math.min(d.n, s.n) });
    }
  }
  points.sort((a, b) => (a.distinct as number) - (b.distinct as number) || (a.points as number) - (b.points as number));
  const how = o.counterfactual
    ? `Counterfactual: at sampled draw-or-stay decisions both actions played out on the same cards; the ${outcome} after drawing minus after staying, pooled over seats, bust chances and deck sizes.`
    : `As played: the mean ${outcome} of seats that drew minus that of seats that stayed in the same state, pooled over seats, bust chances and deck sizes. Not a controlled comparison (the strategies chose); a counterfactual run gives one.`;
  const byDistinct = new Map<number, Row[]>();
  for (const p of points) byDistinct.set(p.distinct as number, [...(byDistinct.get(p.distinct as number) ?? []), p]);
  return {
    id: 'sevn-draw-minus-stay',
    title: `SEVN: value of drawing over staying by points at stake${o.counterfactual ? ' (counterfactual)' : ''}`,
    caption: `${simulateCaption(o, game)} ${how} Bands: 95% CI; states with fewer than ${MIN_DECISIONS} decisions ${o.counterfactual ? '(rollouts)' : 'on either side'} are left out.`,
    spec: spec({
      width: WIDTH,
      height: 280,
      data: { values: points },
      encoding: {
        x: { field: 'points', type: 'quantitative', title: 'round points at stake' },
        color: { field: 'distinct', type: 'nominal', title: 'distinct values held', scale: { scheme: CATEGORY }, sort: 'ascending', legend: { symbolOpacity: 1, symbolType: 'stroke', symbolStrokeWidth: 3 } },
      },
      layer: [
        { mark: { type: 'area', opacity: 0.2 }, encoding: { y: { field: 'lo', type: 'quantitative', title: `draw − stay (${outcome})` }, y2: { field: 'hi' } } },
        { mark: { type: 'line', strokeWidth: 2, point: { size: 14 } }, encoding: { y: { field: 'diff', type: 'quantitative' } } },
        { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#444', strokeDash: [4, 3] }, encoding: { y: { field: 'zero', type: 'quantitative' } } },
      ],
    }),
    table: {
      head: ['distinct', 'points', 'draw − stay (se)', o.counterfactual ? 'rollouts' : 'decisions (fewer side)'],
      rows: [...byDistinct.entries()].flatMap(([d, ps]) => {
        // Every point would be a long table: per line, the point nearest zero from each side and the extremes.
        const pick = new Set<Row>([ps[0], ps[ps.length - 1]]);
        const cross = ps.findIndex((p, i) => i > 0 && Math.sign(p.diff as number) !== Math.sign(ps[i - 1].diff as number));
        if (cross > 0) [ps[cross - 1], ps[cross]].forEach((p) => pick.add(p));
        return ps.filter((p) => pick.has(p)).map((p) => [String(d), String(p.points), `${fmt(p.diff as number, 2)} (${fmt(p.se as number, 2)})`, int(p.n as number)]);
      }),
    },
  };
}

function bustCaption(o: BustTableOutput): string {
  return `SEVN, ${o.rules}, solo ${o.meta.strategy}; exact${o.meta.exact ? '' : ' columns not computed (a deck with other cards or a strategy without an exact draw rule)'}${o.meta.rounds > 0 ? ` beside ${int(o.meta.rounds)} simulated rounds, seed ${o.seed}` : ', no simulation'}.`;
}

/** Fewest simulated draws behind a heat-map cell. */
export const MIN_DRAWS = 30;

export function bustHeatmap(o: BustTableOutput): Chart {
  const cells: Row[] = [];
  for (const r of o.rows) {
    if (o.meta.exact && Number.isFinite(r.bust_exact) && r.reach > 0) cells.push({ source: 'exact', distinct: r.distinct, points: r.points, p: r.bust_exact });
    if (r.sim_draws >= MIN_DRAWS) cells.push({ source: 'simulated', distinct: r.distinct, points: r.points, p: r.sim_rate });
  }
  const byDistinct = new Map<number, { reach: number; bustW: number; draws: number; busts: number }>();
  for (const r of o.rows) {
    const m = byDistinct.get(r.distinct) ?? { reach: 0, bustW: 0, draws: 0, busts: 0 };
    if (r.reach > 0) {
      m.reach += r.reach;
      m.bustW += r.reach * r.bust_exact;
    }
    m.draws += r.sim_draws;
    m.busts += r.sim_busts;
    byDistinct.set(r.distinct, m);
  }
  return {
    id: 'bust-table',
    title: 'SEVN: next-draw bust chance by distinct values held and round points',
    caption: `${bustCaption(o)} Colour: the chance that the next card busts; exact values are averaged over the held sets of a cell weighted by how often the strategy draws there. Simulated cells with fewer than ${MIN_DRAWS} draws are left blank.`,
    spec: spec({
      data: { values: cells },
      facet: { column: { field: 'source', type: 'nominal', title: null, sort: ['exact', 'simulated'], header: { labelFontSize: 12 } } },
      spec: {
        width: 300,
        height: { step: 22 },
        mark: { type: 'rect' },
        encoding: {
          x: { field: 'points', type: 'quantitative', title: 'round points', bin: { step: 1 } },
          y: { field: 'distinct', type: 'ordinal', title: 'distinct values held', sort: 'ascending' },
          color: { field: 'p', type: 'quantitative', title: 'bust chance', scale: { scheme: 'orangered', domain: [0, Math.max(0.05, ...cells.map((c) => c.p as number))], nice: true }, legend: { format: '.0%' } },
        },
      },
    }),
    table: {
      head: ['distinct', 'exact bust (reach-weighted)', 'simulated bust (se)', 'draws'],
      rows: [...byDistinct.entries()].sort((a, b) => a[0] - b[0]).map(([d, m]) => {
        const rate = m.draws > 0 ? m.busts / m.draws : NaN;
        const sim = m.draws >= MIN_DRAWS ? `${fmt(rate, 4)} (${fmt(Math.sqrt((rate * (1 - rate)) / m.draws), 4)})` : '-';
        return [String(d), o.meta.exact && m.reach > 0 ? fmt(m.bustW / m.reach, 4) : '-', sim, int(m.draws)];
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
  const values = [...cells.values()].map((c) => ({ ...c, share: c.draw / c.sets }));
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
        x: { field: 'points', type: 'quantitative', title: 'round points', bin: { step: 1 } },
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
