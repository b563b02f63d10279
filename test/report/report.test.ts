/**
 * The report. Each chart built from a small seeded run: what it draws (marks, their numbers, axis titles) against
 * the run's own files read independently, and its caption against the run's manifest.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArrowFile } from '../../src/io/arrow.js';
import { sealed } from '../../src/io/manifest.js';
import * as charts from '../../src/report/charts.js';
import * as sevenfallCharts from '../../src/games/sevenfall/analyses/charts.js';
import * as sevnCharts from '../../src/games/sevn/analyses/charts.js';
import { sevenfallModule, sevnModule } from '../../src/catalog.js';
import { type BustTableOutput, type CompareOutput, type SimulateOutput, type SolveOutput, type TournamentOutput, type TuneOutput, readOutput } from '../../src/report/inputs.js';
import { Z95 } from '../../src/stats/summary.js';
import { writeReport } from '../../src/run/report.js';
import { chartSvg, framedSvg, svgSize } from '../../src/report/render.js';
import { Chromium, findChromium } from '../helpers/chromium.js';
import { CLI, sevensim } from '../helpers/cli.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { decodePng } from '../helpers/png.js';
import { type Fixtures, axisTitles, dataItems, drawn, makeFixtures } from '../helpers/report.js';

let root: string;
let fx: Fixtures;
beforeAll(async () => {
  root = tempDir('report');
  fx = await makeFixtures(root);
}, 240_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const json = (dir: string, f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
/** Rows of an Arrow file read with apache-arrow directly (not through the report's reader). */
const arrow = (path: string) => readArrowFile(path).toArray().map((r) => r.toJSON() as Record<string, unknown>);
const num = (x: unknown) => Number(x);

/** Per seat: [score, count] from scores.arrow. */
function scoresBySeat(dir: string): Map<number, [number, number][]> {
  const m = new Map<number, [number, number][]>();
  for (const r of arrow(join(dir, 'scores.arrow'))) m.set(num(r.seat), [...(m.get(num(r.seat)) ?? []), [num(r.score), num(r.count)]]);
  return m;
}

describe('simulate charts', () => {
  it('score histogram: one panel per seat, every unit counted once, the mean and its CI where the summary puts them', async () => {
    const o = readOutput(fx.fallRound) as SimulateOutput;
    const c = charts.scoreHistogram(o);
    const marks = await drawn(c.spec);
    const bars = dataItems(marks, 'rect').filter((i) => i.datum.type === 'bin');
    const rules = dataItems(marks, 'rule').filter((i) => i.datum.type === 'mean');
    const seats = scoresBySeat(fx.fallRound);
    // The last bar holds the tail above the axis end when the caption says so.
    const tail = /every score above (\d+)/.exec(c.caption);
    const cap = tail ? Number(tail[1]) + 1 : Infinity;
    for (const [seat, rows] of seats) {
      const label = `${seat}: ${fx.fallRoundResult.seats[seat].strategy}`;
      const mine = bars.filter((b) => b.datum.seat === label);
      expect(mine.length).toBe(new Set(rows.map(([s]) => Math.min(s, cap))).size);
      expect(mine.reduce((s, b) => s + num(b.datum.share), 0)).toBeCloseTo(1, 12);
      const rule = rules.find((r) => r.datum.seat === label)!;
      expect(rule.datum.mean).toBe(fx.fallRoundResult.seats[seat].mean);
      expect([rule.datum.ci_lo, rule.datum.ci_hi]).toEqual(fx.fallRoundResult.seats[seat].ci95);
      // The CI band is thinner than a pixel at this many turns: its ends are written beside the line.
      const t = fx.fallRoundResult.seats[seat];
      const text = dataItems(marks, 'text').find((i) => i.datum.seat === label)!;
      expect(text.text).toBe(`mean ${t.mean.toFixed(2)}, 95% CI [${t.ci95[0].toFixed(2)}, ${t.ci95[1].toFixed(2)}]`);
    }
    expect(rules).toHaveLength(4);
    expect(axisTitles(marks)).toEqual(expect.arrayContaining(['turn score', 'share']));
    const run = json(fx.fallRound, 'run.json');
    expect(c.caption).toContain(`${run.games.toLocaleString('en-US')} turns, seed ${run.seed}`);
    expect(c.caption).toContain('seats: 0 stand, 1 greedy, 2 greedy:margin=1, 3 random');
    expect(c.table.rows.map((r) => r[3])).toEqual(fx.fallRoundResult.seats.map((s) => s.mean.toFixed(3)));
  });

  it('a shard alone says it is a shard of a larger run (its caption read as a whole run)', () => {
    const dir = join(root, 'one-shard');
    expect(sevensim('simulate', '--game', 'sevenfall', '--players', 'greedy', '--games', '3000', '--chunk-size', '500', '--shard', '2/3', '--out', dir, '--quiet', '--threads', '1').code).toBe(0);
    const o = readOutput(dir) as SimulateOutput;
    expect(charts.scoreHistogram(o).caption).toContain('1,000 turns, seed 1, shard 2/3 of a run of 3,000 turns (partial)');
  });

  it('bust rate of a game-mode run: the SE by game; a run.json older than format 4 keeps the SE over rounds and says so', () => {
    const o = readOutput(fx.sevnGame) as SimulateOutput;
    expect(o.seats.every((s) => s.bustRate!.byGame)).toBe(true);
    expect(o.seats.map((s) => s.bustRate)).toEqual(fx.sevnGameResult.seats.map((s) => s.bustRate));
    expect(charts.bustRate(o).caption).toContain("each game's rounds one cluster");
    const old = tempDir('report-format3');
    for (const f of Object.keys(json(fx.sevnGame, 'run.json').files)) copyFileSync(join(fx.sevnGame, f), join(old, f));
    const { sha256: _s, ...m } = json(fx.sevnGame, 'run.json');
    const totals = m.totals.map(({ bustsSq: _a, roundsSq: _b, bustRounds: _c, ...t }: Record<string, number>) => t);
    writeFileSync(join(old, 'run.json'), JSON.stringify(sealed({ ...m, format: 3, totals })));
    const o3 = readOutput(old) as SimulateOutput;
    expect(o3.seats.map((s) => s.bustRate!.byGame)).toEqual(o.seats.map(() => false));
    expect(o3.seats.map((s) => s.bustRate!.se)).toEqual(o.seats.map((s) => Math.sqrt((s.bustRate!.rate * (1 - s.bustRate!.rate)) / s.bustRate!.rounds)));
    expect(charts.bustRate(o3).caption).toContain('rounds treated as independent: this run.json, older than format 4');
    // Format 4 with a sum edited (resealed: the seal is not what refuses it): one line, damaged.
    const edited = m.totals.map((t: Record<string, number>, s: number) => (s === 0 ? { ...t, bustsSq: -1e9 } : t));
    writeFileSync(join(old, 'run.json'), JSON.stringify(sealed({ ...m, totals: edited })));
    expect(() => readOutput(old)).toThrow(/run.json gives seat 0 bustsSq -1000000000, not a whole number of at least \d+; it is damaged or edited/);
    rmSync(old, { recursive: true, force: true });
  });

  it('score histogram of a game-mode run bins final scores and keeps the tail in the last bar', async () => {
    const o = readOutput(fx.sevnGame) as SimulateOutput;
    const c = charts.scoreHistogram(o);
    const bars = dataItems(await drawn(c.spec), 'rect').filter((i) => i.datum.type === 'bin');
    const widths = new Set(bars.map((b) => num(b.datum.hi) - num(b.datum.lo)));
    expect(widths.size).toBe(1);
    expect([...widths][0]).toBeGreaterThan(1);
    for (let seat = 0; seat < 4; seat++) {
      const games = fx.sevnGameResult.seats[seat].games;
      const mine = bars.filter((b) => String(b.datum.seat).startsWith(`${seat}:`));
      expect(mine.reduce((s, b) => s + num(b.datum.share) * games, 0)).toBeCloseTo(400, 9);
    }
  });

  it('CDF: one step line per seat over the scores on the axis, reaching 1 where the axis covers every score', async () => {
    const o = readOutput(fx.fallRound) as SimulateOutput;
    const c = charts.scoreCdf(o);
    const marks = await drawn(c.spec);
    const lines = marks.filter((m) => m.marktype === 'line' && m.role === 'mark');
    expect(lines).toHaveLength(4);
    const end = /axis ends at (\d+)/.exec(c.caption);
    const axisEnd = end ? Number(end[1]) : Infinity;
    for (const [seat, rows] of scoresBySeat(fx.fallRound)) {
      const line = lines.find((l) => String(l.items[0].datum.seat).startsWith(`${seat}:`))!;
      expect(line.items.length).toBe(rows.filter(([s]) => s <= axisEnd).length);
      if (Math.max(...rows.map(([s]) => s)) <= axisEnd) expect(num(line.items.at(-1)!.datum.p)).toBeCloseTo(1, 12);
    }
    expect(axisTitles(marks)).toEqual(expect.arrayContaining(['turn score', 'P(score ≤ x)']));
  });

  it('win share and bust rate: a bar per seat at the summary value with its 95% CI', async () => {
    const o = readOutput(fx.sevnGame) as SimulateOutput;
    const win = await drawn(charts.winShare(o).spec);
    // The bars are the first layer; the CI ends (ticks) are rects too.
    const bars = win.find((m) => m.name === 'layer_0_marks')!.items;
    expect(bars).toHaveLength(4);
    const ci = dataItems(win, 'rule').filter((i) => i.datum.seat !== undefined);
    fx.sevnGameResult.seats.forEach((s, i) => {
      expect(bars[i].datum.mean).toBe(s.winShare!.mean);
      expect(num(ci[i].datum.lo)).toBeCloseTo(s.winShare!.mean - Z95 * s.winShare!.se, 12);
    });
    expect(axisTitles(win)).toContain('win share (ties split)');
    const caption = charts.winShare(o).caption;
    expect(caption).toContain('SEVN, preset sevn, game mode');
    expect(caption).toContain('400 games, seed 7');
    const bust = (await drawn(charts.bustRate(o).spec)).find((m) => m.name === 'layer_0_marks')!.items;
    expect(bust.map((b) => b.datum.mean)).toEqual(fx.sevnGameResult.seats.map((s) => s.bustRate!.rate));
    // In game mode the bust rate's table cell gives the rounds it is over, as simulate prints them.
    const table = charts.bustRate(o).table;
    expect(table.head.at(-1)).toBe('bust rate [95% CI], rounds');
    expect(table.rows[0].at(-1)).toMatch(new RegExp(`, ${fx.sevnGameResult.seats[0].bustRate!.rounds.toLocaleString('en-US')}$`));
    // A round-mode run's table counts rounds, not games.
    expect(charts.scoreHistogram(readOutput(fx.sevnRound) as SimulateOutput).table.head[2]).toBe('rounds');
  });

  it('SEVN draw minus stay (as played): a panel per distinct count with its zero line, each point the pooled difference of means', async () => {
    const o = readOutput(fx.sevnRound) as SimulateOutput;
    const c = sevnCharts.sevnDecisionValue(o, sevnModule);
    const marks = await drawn(c.spec);
    const points = dataItems(marks, 'line');
    expect(points.length).toBeGreaterThan(10);
    // One line and one dashed zero rule in each panel (the run's bands: distinct:1, so a panel per count).
    const panels = new Set(points.map((p) => p.datum.band));
    expect([...panels].every((b) => /^\d$/.test(String(b)))).toBe(true);
    expect(marks.filter((m) => m.marktype === 'line' && m.role === 'mark')).toHaveLength(panels.size);
    // Per panel two rule marks: the CI bars (one per point, so a panel of one point shows its CI) and the zero line.
    const ruleMarks = marks.filter((m) => m.marktype === 'rule' && m.role === 'mark' && m.items.length > 0);
    expect(ruleMarks).toHaveLength(2 * panels.size);
    // The bars are the layer before the zero line in each panel: one per point drawn.
    const bars = ruleMarks.filter((_, i) => i % 2 === 0).flatMap((m) => m.items);
    expect(bars).toHaveLength(points.length);
    // One point worked out from decisions.arrow directly: 2 distinct values at 20 points (band 20-24, drawn at 22).
    const rows = arrow(join(fx.sevnRound, 'decisions.arrow')).filter((r) => r.kind === 'draw-stay' && r.distinct === 2 && r.points === 20);
    const mean = (action: string) => {
      const rs = rows.filter((r) => r.action === action);
      return rs.reduce((s, r) => s + num(r.sum_score), 0) / rs.reduce((s, r) => s + num(r.count), 0);
    };
    const p = points.find((i) => i.datum.distinct === 2 && i.datum.from === 20)!;
    expect(p.datum.points).toBe(22);
    expect(num(p.datum.diff)).toBeCloseTo(mean('draw') - mean('stay'), 10);
    expect(axisTitles(marks)).toEqual(expect.arrayContaining(['round points at stake', 'draw − stay (round score)']));
    expect(c.caption).toContain('As played');
    expect(c.caption).toContain('points in bands of 5, each drawn at its middle');
    // The table is a selection of the points drawn, and says so.
    expect(c.table.rows.length).toBeLessThan(points.length);
    expect(c.caption).toContain('the lowest and highest points and the two either side of the first change of sign; `sevensim decisions DIR` lists every state');
  });

  it('SEVN draw minus stay in game mode: the chance to win, from the win sums (1/840ths), not the final score', async () => {
    const o = readOutput(fx.sevnGame) as SimulateOutput;
    const c = sevnCharts.sevnDecisionValue(o, sevnModule);
    const marks = await drawn(c.spec);
    expect(axisTitles(marks)).toContain('draw − stay (chance to win)');
    const p = dataItems(marks, 'line')[0].datum;
    const rows = arrow(join(fx.sevnGame, 'decisions.arrow')).filter((r) => r.kind === 'draw-stay' && r.distinct === p.distinct && r.points === p.from);
    const win = (action: string) => {
      const rs = rows.filter((r) => r.action === action);
      return rs.reduce((s, r) => s + num(r.sum_win), 0) / rs.reduce((s, r) => s + num(r.count), 0) / 840;
    };
    expect(num(p.diff)).toBeCloseTo(win('draw') - win('stay'), 12);
    expect(Math.abs(num(p.diff))).toBeLessThanOrEqual(1);
  });

  it('SEVN draw minus stay (counterfactual): the pooled paired differences of the rollouts', async () => {
    const o = readOutput(fx.sevnCf) as SimulateOutput;
    const c = sevnCharts.sevnDecisionValue(o, sevnModule);
    const points = dataItems(await drawn(c.spec), 'line');
    expect(points.length).toBeGreaterThan(5);
    const p = points[0].datum;
    const rs = arrow(join(fx.sevnCf, 'decisions.arrow')).filter((r) => r.action === 'draw' && r.distinct === p.distinct && r.points === p.from);
    expect(num(p.diff)).toBeCloseTo(rs.reduce((s, r) => s + num(r.sum_diff), 0) / rs.reduce((s, r) => s + num(r.rollouts), 0), 10);
    expect(c.caption).toContain('Counterfactual');
    // Its interval takes each sampled decision as one cluster (format 5): from the file's sums by decision.
    const [n, d, sum, bySq] = ['rollouts', 'decisions', 'sum_diff', 'sum_diff_by_decision_sq'].map((k) => rs.reduce((s, r) => s + num(r[k]), 0));
    expect(d).toBeGreaterThanOrEqual(30);
    const se = Math.sqrt((d / (d - 1)) * (bySq - (sum * sum) / d)) / n;
    expect(num(p.hi) - num(p.diff)).toBeCloseTo(Z95 * se, 10);
    expect(c.caption).toContain("the 95% CI takes each decision's rollouts as one cluster");
    // A decisions.arrow older than format 5 has no sums by decision: the interval over rollouts, and the caption says so.
    const old = { ...o, decisions: o.decisions.map(({ decisions: _d, sum_diff_by_decision_sq: _s, sum_diff_win_by_decision_sq: _w, ...r }) => r) };
    const c4 = sevnCharts.sevnDecisionValue(old, sevnModule);
    expect(c4.caption).toContain('the 95% CI treats rollouts as independent (this decisions.arrow, older than format 5, has no sums by decision)');
    const q = dataItems(await drawn(c4.spec), 'line').find((i) => i.datum.distinct === p.distinct && i.datum.from === p.from)!.datum;
    const sq = rs.reduce((s, r) => s + num(r.sum_diff_sq), 0);
    expect(num(q.hi) - num(q.diff)).toBeCloseTo(Z95 * Math.sqrt((sq - (sum * sum) / n) / (n - 1) / n), 10);
  });

  it('SEVENFALL choices: a panel per discards left, a point per choice at the pooled mean; as played, each strategy apart', async () => {
    for (const dir of [fx.fallRound, fx.fallCf]) {
      const o = readOutput(dir) as SimulateOutput;
      const c = sevenfallCharts.sevenfallDecisionValue(o, sevenfallModule);
      const marks = await drawn(c.spec);
      const pts = dataItems(marks, 'symbol');
      expect(new Set(pts.map((p) => p.datum.discards_left))).toEqual(new Set([1, 2, 3]));
      const p = pts.find((i) => i.datum.choice === 'stop' && i.datum.discards_left === 3)!.datum;
      const [n, sum] = o.counterfactual ? ['rollouts', 'sum_value'] : ['count', 'sum_score'];
      // As played, a point pools one strategy's decisions only (the counterfactual values every action at the same decisions).
      const rs = arrow(join(dir, 'decisions.arrow')).filter((r) => r.profile === p.profile && r.discards_left === 3 && r.action === 'stop' && (o.counterfactual || r.strategy === p.strategy));
      expect(num(p.value)).toBeCloseTo(rs.reduce((s, r) => s + num(r[sum]), 0) / rs.reduce((s, r) => s + num(r[n]), 0), 10);
      expect(axisTitles(marks)).toEqual(expect.arrayContaining(['turn score', 'profile']));
      if (!o.counterfactual) {
        // stand never discards: its panels hold stops only, never set beside greedy's discards.
        expect(new Set(pts.filter((i) => i.datum.strategy === 'stand').map((i) => i.datum.choice))).toEqual(new Set(['stop']));
        expect(new Set(pts.map((i) => i.datum.strategy))).toEqual(new Set(['stand', 'greedy', 'greedy:margin=1', 'random']));
      }
    }
  });

  it('SEVENFALL choices without discards-left in the bucket: no "undefined" panel, the pooling said; recorded features not drawn named', async () => {
    const o = readOutput(fx.fallCf) as SimulateOutput;
    const pooled: SimulateOutput = { ...o, manifest: { ...o.manifest, buckets: 'profile:1,round:1' }, decisions: o.decisions.map(({ discards_left: _d, ...r }) => r) };
    const c = sevenfallCharts.sevenfallDecisionValue(pooled, sevenfallModule);
    const marks = await drawn(c.spec);
    expect(JSON.stringify(marks.flatMap((m) => m.items.map((i) => i.text ?? '')))).not.toContain('undefined');
    expect(c.title).toBe('SEVENFALL: value of each choice by profile (counterfactual)');
    expect(c.caption).toContain("pooled over discards left (not in the run's --bucket)");
    expect(c.caption).toContain('Pooled over round (recorded in the bucket, not drawn).');
    expect(c.table.head).not.toContain('discards left');
  });
});

describe('bust table and solver charts', () => {
  it('bust table: exact and simulated cells side by side; the table pools simulated draws per distinct count', async () => {
    const o = readOutput(fx.bust) as BustTableOutput;
    const c = sevnCharts.bustHeatmap(o);
    const marks = await drawn(c.spec);
    const cells = dataItems(marks, 'rect');
    const rows = arrow(join(fx.bust, 'bust-table.arrow'));
    // Every simulated cell writes the draws behind it (rounded: 1,234 as 1k).
    const texts = dataItems(marks, 'text').filter((i) => i.datum.source === 'simulated');
    expect(texts).toHaveLength(rows.filter((r) => num(r.sim_draws) >= sevnCharts.MIN_DRAWS).length);
    for (const t of texts) {
      const r = rows.find((x) => x.distinct === t.datum.distinct && x.points === t.datum.points)!;
      const d = num(r.sim_draws);
      expect(t.text).toBe(d >= 1e3 ? `${Math.round(d / 1e3)}k` : String(d));
    }
    expect(cells.filter((i) => i.datum.source === 'exact')).toHaveLength(rows.filter((r) => num(r.reach) > 0).length);
    expect(cells.filter((i) => i.datum.source === 'simulated')).toHaveLength(rows.filter((r) => num(r.sim_draws) >= sevnCharts.MIN_DRAWS).length);
    // One column per whole point: a larger point is drawn further right, the largest two included
    // (binning in the chart once put them in one cell, their texts on top of each other).
    for (const source of ['exact', 'simulated']) {
      const xs = new Map(cells.filter((i) => i.datum.source === source).map((i) => [i.datum.points as number, i.x!]));
      const points = [...xs.keys()].sort((a, b) => a - b);
      for (let k = 1; k < points.length; k++) expect(xs.get(points[k])!).toBeGreaterThan(xs.get(points[k - 1])!);
    }
    const r3 = rows.filter((r) => r.distinct === 3);
    const rate = r3.reduce((s, r) => s + num(r.sim_busts), 0) / r3.reduce((s, r) => s + num(r.sim_draws), 0);
    expect(c.table.rows.find((r) => r[0] === '3')![2]).toContain(rate.toFixed(4));
    // With its 95% CI by hand: p +/- 1.96 sqrt(p (1 - p) / n) here (well over 5 busts and 5 survivals).
    const n3 = r3.reduce((s, r) => s + num(r.sim_draws), 0);
    const half = 1.959963984540054 * Math.sqrt((rate * (1 - rate)) / n3);
    expect(c.table.rows.find((r) => r[0] === '3')![2]).toBe(`${rate.toFixed(4)} [${(rate - half).toFixed(4)}, ${(rate + half).toFixed(4)}]`);
    expect(c.caption).toContain('20,000 simulated rounds, seed 3');
    expect(c.caption).toContain('solo stay-at:points=25');
  });

  it('bust table: a simulated cell with no bust in 40 draws is faded (Wilson 95% CI [0, 0.0876]), not drawn as certain', () => {
    const o = readOutput(fx.bust) as BustTableOutput;
    const row = { ...o.rows[0], sim_draws: 40, sim_busts: 0, sim_rate: 0, sim_se: 0 };
    const c = sevnCharts.bustHeatmap({ ...o, rows: [row] });
    const values = (c.spec as { data: { values: { source: string; wide?: boolean }[] } }).data.values;
    expect(values.find((v) => v.source === 'simulated')!.wide).toBe(true); // half-width 0.0438 > 0.02
    expect(c.table.rows[0][2]).toBe('0.0000 [0.0000, 0.0876]'); // z^2 / (40 + z^2) = 3.8415 / 43.8415
  });

  it('bust table without exact columns: the caption gives bust-table.json\'s reason (it gave a fixed guess)', () => {
    const dir = join(root, 'bust-no-exact');
    const r = sevensim('bust-table', '--game', 'sevn', '--preset', 'sevn-numbers', '--strategy', 'ev', '--rounds', '500', '--out', dir);
    expect(r.code).toBe(0);
    const o = readOutput(dir) as BustTableOutput;
    expect(o.meta.noExact).toBe(json(dir, 'bust-table.json').noExact);
    expect(o.meta.noExact).toMatch(/^ev declares no solo draw rule/);
    expect(sevnCharts.bustHeatmap(o).caption).toContain(`exact columns not computed (${o.meta.noExact})`);
  });

  it('SEVN stopping boundary: a cell per (distinct, points), shaded by the share of held sets where drawing is best', async () => {
    const o = readOutput(fx.sevnSolve) as SolveOutput;
    const c = sevnCharts.sevnStoppingBoundary(o);
    const marks = await drawn(c.spec);
    const cells = dataItems(marks, 'rect');
    const policy = arrow(join(fx.sevnSolve, 'policy.arrow'));
    expect(cells).toHaveLength(new Set(policy.map((r) => `${r.distinct},${r.points}`)).size);
    const at = policy.filter((r) => r.distinct === 4 && r.points === 30);
    const cell = cells.find((i) => i.datum.distinct === 4 && i.datum.points === 30)!;
    expect(cell.datum.share).toBe(at.filter((r) => r.best === 'draw').length / at.length);
    // Holding one value the bust chance is at most 3/91: drawing is always best.
    expect(cells.filter((i) => i.datum.distinct === 1).every((i) => i.datum.share === 1)).toBe(true);
    expect(axisTitles(marks)).toEqual(expect.arrayContaining(['round points', 'distinct values held']));
    const stay = await drawn(sevnCharts.sevnStayAtValues(o).spec);
    expect(dataItems(stay, 'line')).toHaveLength(json(fx.sevnSolve, 'solve.json').stayAt.length);
  });

  it('SEVENFALL policy: groups cover every decision state once; five of a kind and a pair is worth 18', async () => {
    const o = readOutput(fx.fallSolve) as SolveOutput;
    const c = sevenfallCharts.sevenfallPolicy(o);
    const marks = await drawn(c.spec);
    expect(dataItems(marks, 'rect').length).toBe(c.table.rows.length);
    expect(dataItems(marks, 'text').length).toBe(c.table.rows.length);
    const states = c.table.rows.reduce((s, r) => s + Number(r[2].replace(/,/g, '')), 0);
    expect(states).toBe(json(fx.fallSolve, 'solve.json').states);
    expect(c.caption).toContain('objective ev');
  });
});

describe('tune, tournament and compare charts', () => {
  it('tune: the best so far per step and the confirmation lines, each parameter\'s path, the finalists\' slices', async () => {
    const o = readOutput(fx.tune) as TuneOutput;
    const progress = charts.tuneProgress(o);
    const p = await drawn(progress.spec);
    // The fixture's best so far: 19.5, 20.5, 21.5 at steps 1 to 3, SE 0.2 / step.
    const line = dataItems(p, 'symbol').map((i) => [i.datum.step, i.datum.mean]);
    expect(line).toEqual([[1, 19.5], [2, 20.5], [3, 21.5]]);
    const area = dataItems(p, 'area')[0];
    expect(num(area.datum.hi) - num(area.datum.lo)).toBeCloseTo(2 * Z95 * 0.2, 12);
    const rules = dataItems(p, 'rule').map((i) => i.datum);
    expect(rules.filter((r) => r.label).map((r) => [r.label, r.mean])).toEqual([['answer, confirmation', 20], ['start, confirmation', 18]]);
    expect(progress.table.rows.at(-3)).toEqual(['answer, confirmation', 'points=24,margin=0.300', '20.0000', '0.0800', '1,000']);
    expect(progress.table.rows.at(-2)).toEqual(['start, confirmation', 'points=15,margin=0', '18.0000', '0.0800', '1,000']);
    // The paired answer - start difference (best.json's diffVsStart): the result the two overlapping CIs cannot show.
    expect(progress.table.rows.at(-1)).toEqual(['answer - start (paired), confirmation', '-', '2.0000', '0.0500', '1,000']);
    expect(progress.caption).toContain('Answer - start, paired on the same confirmation games: 2.0000 (95% CI [1.9020, 2.0980], p = 0.0001)');
    expect(progress.caption).toContain("tune.arrow's step counts from 0");
    expect(progress.caption).toContain('18,000 games');
    expect(progress.caption).toContain('seed 9');
    // Parameter paths: 12 candidates, one point per parameter each, and the incumbent's line.
    const params = await drawn(charts.tuneParams(o).spec);
    expect(dataItems(params, 'symbol')).toHaveLength(2 * 12 + 2 * 3);
    const path = dataItems(params, 'line').map((i) => i.datum).filter((d) => d.param === 'points').map((d) => d.value);
    expect(path).toEqual([18, 21, 24]);
    // Slices: each finalist once per parameter, at its validation mean, with its role.
    const slices = charts.tuneSlices(o);
    const sl = await drawn(slices.spec);
    const dots = dataItems(sl, 'symbol').map((i) => i.datum).filter((d) => d.param === 'points');
    expect(dots.map((d) => [d.value, d.mean, d.role]).sort()).toEqual([
      [15, 18.1, 'start'], [23, 20.05, 'within noise of the choice'], [24, 20.2, 'choice'], [25, 20.1, 'within noise of the choice'],
    ]);
    expect(slices.table.rows[0]).toEqual(['points=24,margin=0.300', '20.2000', '0.1000', '1,000', 'choice']);
    // The answer is the start: no difference to show. The start kept over the choice: choice - start, as tune prints it.
    // A best.json from before the confirmation block: its diffVsStart was on the validation block.
    const asStart = charts.tuneProgress({ ...o, best: { ...o.best, answer: 'start', best: o.best.start, diffVsStart: { mean: 0, se: 0, ci95: [0, 0], pValue: 1 } } });
    expect(asStart.table.rows.some((r) => r[0].includes('(paired)'))).toBe(false);
    expect(asStart.caption).not.toContain('paired on');
    const kept = charts.tuneProgress({ ...o, best: { ...o.best, answer: 'start kept', best: o.best.start, diffVsStart: { mean: 0, se: 0, ci95: [0, 0] }, choiceVsStart: { mean: 0.5, se: 0.4, ci95: [-0.284, 1.284], pValue: 0.21 } } });
    expect(kept.table.rows.at(-1)).toEqual(['choice - start (paired), confirmation', '-', '0.5000', '0.4000', '1,000']);
    expect(kept.caption).toContain('Choice - start, paired on the same confirmation games: 0.5000 (95% CI [-0.2840, 1.2840], p = 0.2100)');
    const { confirmationGames: _c, ...older } = o.best;
    expect(charts.tuneProgress({ ...o, best: older }).table.rows.at(-1)).toEqual(['answer - start (paired), validation', '-', '2.0000', '0.0500', '1,000']);
    // A start within noise of the choice (in best.json's plateau) says so, as tune prints it.
    const startRow = (o.best.validated as { spec: string; values: { points: number } }[]).find((c) => c.values.points === 15)!;
    const noisy = charts.tuneSlices({ ...o, best: { ...o.best, plateau: [...(o.best.plateau as unknown[]), startRow] } });
    expect(noisy.table.rows.find((r) => r[0].startsWith('points=15'))!.at(-1)).toBe('start, within noise of the choice');
  });

  it('tune: a race incumbent\'s games pooled over the steps it played, found by its values (two margins 0.0005 apart print alike)', () => {
    const o = readOutput(fx.tune) as TuneOutput;
    // Three steps of 1,000, 1,000 and 1,500 games a candidate; margin 0.001 leads throughout beside margin 0.0005
    // (both print as 0.001). Race pools the leader over its steps: 1,000, 2,000, 3,500 games behind best_se.
    const row = (step: number, margin: number, games: number, incumbent: boolean) => ({ step, block: 'search', param_points: 20, param_margin: margin, games, mean: 1, se: 0.1, diff_vs_incumbent: 0, diff_se: 0, incumbent, best_mean: 1, best_se: 0.1 });
    const steps = [row(0, 0.001, 1000, true), row(0, 0.0005, 1000, false), row(1, 0.001, 1000, true), row(1, 0.0005, 1000, false), row(2, 0.001, 1500, true), row(2, 0.0005, 1500, false)];
    const t = charts.tuneProgress({ ...o, steps, best: { ...o.best, method: 'race' } });
    expect(t.table.rows.slice(0, 3).map((r) => [r[0], r[1], r[4]])).toEqual([['1', 'points=20,margin=0.001', '1,000'], ['2', 'points=20,margin=0.001', '2,000'], ['3', 'points=20,margin=0.001', '3,500']]);
    // CMA-ES estimates each step on its own games; a file without best_se (older) too.
    expect(charts.tuneProgress({ ...o, steps, best: { ...o.best, method: 'cmaes' } }).table.rows.slice(0, 3).map((r) => r[4])).toEqual(['1,000', '1,000', '1,500']);
    const older = steps.map(({ best_mean: _m, best_se: _s, ...r }) => r);
    expect(charts.tuneProgress({ ...o, steps: older, best: { ...o.best, method: 'race' } }).table.rows.slice(0, 3).map((r) => r[4])).toEqual(['1,000', '1,000', '1,500']);
  });

  it('tune (a real run, race over an integer and an enum): every search row drawn, enum choices named on the axis, each finalist in the slices', async () => {
    const o = readOutput(fx.tuneReal) as TuneOutput;
    const rows = arrow(join(fx.tuneReal, 'tune.arrow'));
    const best = json(fx.tuneReal, 'best.json');
    const search = rows.filter((r) => r.block === 'search');
    const steps = new Set(search.map((r) => r.step)).size;
    expect(dataItems(await drawn(charts.tuneProgress(o).spec), 'symbol')).toHaveLength(steps);
    const params = await drawn(charts.tuneParams(o).spec);
    expect(dataItems(params, 'symbol')).toHaveLength(2 * search.length + 2 * steps);
    const labels = params.filter((m) => m.role === 'axis-label').flatMap((m) => m.items.map((i) => i.text));
    expect(labels).toEqual(expect.arrayContaining(['fewest', 'most', 'self']));
    const slices = await drawn(charts.tuneSlices(o).spec);
    const dots = dataItems(slices, 'symbol').map((i) => i.datum);
    expect(dots).toHaveLength(2 * best.validated.length);
    const choice = dots.filter((d) => String(d.role).startsWith('choice'));
    expect(choice.map((d) => [d.param, d.value, d.mean])).toEqual([
      ['points', best.choice.values.points, best.choice.mean],
      ['freeze', best.searched.find((d: { name: string }) => d.name === 'freeze').values.indexOf(best.choice.values.freeze), best.choice.mean],
    ]);
    expect(Math.max(...dots.map((d) => num(d.mean)))).toBe(best.choice.mean);
    expect(charts.tuneProgress(o).caption).toContain(`${best.games.toLocaleString('en-US')} games; seed 6.`);
  });

  it('tournament (a real run): a cell per ordered pair at its head-to-head share, the win-share chart by win share, the ladder in tournament.json order', async () => {
    const o = readOutput(fx.tournament) as TournamentOutput;
    const t = json(fx.tournament, 'tournament.json');
    const cells = dataItems(await drawn(charts.tournamentMatrix(o).spec), 'rect');
    const pairs = arrow(join(fx.tournament, 'tournament.arrow'));
    expect(cells).toHaveLength(6);
    for (const p of pairs) expect(cells.find((c) => c.datum.a === p.a && c.datum.b === p.b)!.datum.win_share_a).toBe(p.win_share_a);
    const ranking = charts.tournamentRanking(o);
    type Shared = { spec: string; win_share: number };
    const byShare = [...t.ranking].sort((x: Shared, y: Shared) => y.win_share - x.win_share).map((r: Shared) => r.spec);
    expect(dataItems(await drawn(ranking.spec), 'symbol').map((p) => p.datum.spec)).toEqual(byShare);
    expect(ranking.table.rows.map((r) => r[1])).toEqual(byShare);
    expect(ranking.caption).toContain(`${t.games.toLocaleString('en-US')} games (60 deals, each in every seat order); seed 4.`);
    // The ladder: a point per strategy at its rating, a bar from one end of its interval to the other.
    const ladder = await drawn(charts.tournamentLadder(o)!.spec);
    type Rated = { spec: string; elo: number; elo_ci95: [number, number] };
    expect(dataItems(ladder, 'symbol').map((p) => [p.datum.spec, p.datum.elo])).toEqual(t.ranking.map((r: Rated) => [r.spec, r.elo]));
    expect(dataItems(ladder, 'rule').map((p) => [p.datum.lo, p.datum.hi])).toEqual(t.ranking.map((r: Rated) => r.elo_ci95));
    expect(charts.tournamentLadder(o)!.table.rows.map((r) => r[1])).toEqual(t.ranking.map((r: Rated) => r.spec));
    expect(charts.tournamentLadder(o)!.table.rows.map((r) => r.at(-1))).toEqual(t.ranking.map((r: { games: number }) => r.games.toLocaleString('en-US')));
  });

  it('tournament (a hand-made output): cell texts and CI ends where the numbers put them', async () => {
    const o = readOutput(fx.tournamentFixture) as TournamentOutput;
    const m = await drawn(charts.tournamentMatrix(o).spec);
    expect(dataItems(m, 'rect')).toHaveLength(6);
    expect(dataItems(m, 'text').map((t) => t.text)).toContain('0.81');
    const r = await drawn(charts.tournamentRanking(o).spec);
    const pts = dataItems(r, 'symbol');
    expect(pts.map((p) => p.datum.spec)).toEqual(['stay-at:points=25', 'bust-cap:p=0.3', 'stay-at:points=15']);
    // tournament.json ranks by rating, which need not be the win-share order: the chart orders by win share itself.
    const reversed = { ...o, ranking: [...o.ranking].reverse() } as TournamentOutput;
    expect(charts.tournamentRanking(reversed).table.rows.map((row) => row[1])).toEqual(['stay-at:points=25', 'bust-cap:p=0.3', 'stay-at:points=15']);
    expect(num(dataItems(r, 'rule')[0].datum.hi)).toBeCloseTo(0.695 + Z95 * 0.007, 12);
    expect(charts.tournamentRanking(o).caption).toContain('tournament of 3 strategies at tables of 2; 12,000 games (2,000 deals, each in every seat order); seed 4.');
    expect(charts.tournamentLadder(o)).toBeNull(); // written before ratings: no ladder
  });

  it('compare: the paired difference at its CI; the SPRT path ends at the final LLR beyond a bound', async () => {
    const o = readOutput(fx.compareSprt) as CompareOutput;
    const r = fx.compareSprtResult;
    const d = await drawn(charts.compareDifference(o).spec);
    expect(dataItems(d, 'symbol')[0].datum.mean).toBe(r.diff.mean);
    expect([dataItems(d, 'rule')[0].datum.lo, dataItems(d, 'rule')[0].datum.hi]).toEqual(r.diff.ci95);
    const s = await drawn(charts.compareSprt(o).spec);
    const path = dataItems(s, 'line');
    expect(path).toHaveLength(r.sprtPath!.length + 1);
    expect(path.at(-1)!.datum.llr).toBe(r.sprt!.llr);
    expect(r.sprt!.llr <= r.sprt!.lower || r.sprt!.llr >= r.sprt!.upper).toBe(true);
    expect(charts.compareSprt(o).caption).toContain(`${r.games.toLocaleString('en-US')} paired games, seed 5`);
    // Stopped early: nothing calls the naive interval a 95% CI; a fixed-length run's is one.
    expect(r.stoppedEarly).toBe(true);
    const early = charts.compareDifference(o);
    expect(axisTitles(d)).toContain('score A − B (naive interval, SPRT stopped early)');
    expect(JSON.stringify([axisTitles(d), early.caption, early.table.head])).not.toContain('95% CI');
    const g = readOutput(fx.compareGame) as CompareOutput;
    const fixed = await drawn(charts.compareDifference(g).spec);
    expect(dataItems(fixed, 'symbol')).toHaveLength(2);
    expect(axisTitles(fixed)).toContain('score A − B (95% CI)');
  });

  it('every output gives its charts, each with a caption and a table', () => {
    const counts = [fx.sevnRound, fx.sevnGame, fx.fallRound, fx.sevnSolve, fx.fallSolve, fx.bust, fx.compareSprt, fx.compareGame, fx.tune, fx.tuneReal, fx.tournament, fx.tournamentFixture].map((d) => charts.chartsOf(readOutput(d)).length);
    expect(counts).toEqual([4, 5, 3, 2, 1, 1, 2, 1, 3, 3, 3, 2]);
  });
});

describe('a PNG stands alone', () => {
  it('carries its title above the chart and its whole caption below, escaped and wrapped', async () => {
    const c = charts.chartsOf(readOutput(fx.compareSprt))[0];
    const caption = `${c.caption} A & B <compared>.`;
    const svg = framedSvg(await chartSvg(c.spec), c.title, caption);
    const texts = [...svg.matchAll(/<text x="8" y="(\d+)"[^>]*>([^<]*)<\/text>/g)].map((m) => [Number(m[1]), m[2]] as const);
    const unescape = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const chartTop = Number(/<svg x="\d+" y="(\d+)"/.exec(svg)![1]);
    const above = texts.filter(([y]) => y < chartTop).map(([, t]) => unescape(t));
    const below = texts.filter(([y]) => y > chartTop).map(([, t]) => unescape(t));
    expect(above.join(' ')).toBe(c.title);
    expect(below.join(' ')).toBe(caption.replace(/\s+/g, ' '));
    expect(below.length).toBeGreaterThan(1);
    expect(Math.max(...below.map((l) => l.length))).toBeLessThanOrEqual(Math.floor((svgSize(svg).width - 16) / (11 * 0.55)));
  });
});

describe('report.html and PNG files', () => {
  it('one self-contained page with every chart, runs of different games in their own sections, and a PNG per chart at the size asked for', async () => {
    const out = join(root, 'out');
    const dirs = [fx.sevnRound, fx.fallRound, fx.sevnGame, fx.sevnSolve, fx.fallSolve, fx.bust, fx.compareSprt, fx.tune, fx.tournament];
    const r = await writeReport({ dirs, out, png: true, scale: 1.5 });
    const html = readFileSync(r.html, 'utf8');
    const total = r.runs.reduce((n, x) => n + x.charts.length, 0);
    expect(html.match(/<figure class="chart"/g)).toHaveLength(total);
    expect(html.match(/<svg /g)).toHaveLength(total);
    expect(html).not.toMatch(/<script|<link|<img|@import|src="http|href="http/i);
    // Chart ids are unique across the page (vega numbers clip paths from 1 in every SVG).
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const sections = [...html.matchAll(/<section class="game" data-game="(\w+)">([\s\S]*?)<\/section>/g)].map((m) => [m[1], m[2]] as const);
    expect(sections.map((s) => s[0])).toEqual(['sevn', 'sevenfall']);
    const fall = sections[1][1];
    expect(fall).toContain(fx.fallRound);
    expect(fall).toContain(fx.fallSolve);
    expect(fall).not.toContain(fx.sevnRound);
    expect(sections[0][1]).not.toContain(fx.fallRound);
    expect(r.pngs).toHaveLength(total);
    for (const p of r.pngs) {
      const m = new RegExp(`<figure class="chart" id="${p.id}">.*?<svg [^>]*width="([\\d.]+)" height="([\\d.]+)"`).exec(html)!;
      const img = decodePng(readFileSync(p.path));
      // The chart at 1.5 pixels a unit, at least 480 units wide, with its title above and caption below.
      expect(img.width).toBe(Math.round(Math.max(Number(m[1]), 480) * 1.5));
      expect(img.height).toBeGreaterThan(Math.round(Number(m[2]) * 1.5) + 3 * 14 * 1.5);
      // Something is drawn: not every pixel is the white background.
      expect(img.pixels.some((b, k) => k % (1 + img.width * 4) !== 0 && b !== 255)).toBe(true);
    }
    expect(listDir(out).filter((f) => f.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('names a directory that is not a sevensim output, or of a newer format, in a one-line error (exit 2), leaving the last report intact', async () => {
    const out = join(root, 'cli-out');
    const ok = sevensim('report', fx.compareGame, '--out', out);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`report written to ${join(out, 'report.html')}`);
    const before = readFileSync(join(out, 'report.html'));
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const bad = sevensim('report', fx.compareGame, empty, '--out', out);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain(`${empty}: not a sevensim output`);
    const newer = join(root, 'newer');
    mkdirSync(newer);
    writeFileSync(join(newer, 'run.json'), JSON.stringify({ format: 6, kind: 'simulate', version: '9.0.0', game: 'sevn' }));
    const future = sevensim('report', newer, '--out', out);
    expect(future.code).toBe(2);
    expect(future.stderr.trim().split('\n')).toHaveLength(1);
    expect(future.stderr).toMatch(new RegExp(`${newer}: written in output format 6 .*upgrade sevensim`));
    const twice = sevensim('report', fx.compareGame, fx.compareGame + '/', '--out', out);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/is given twice .*; give each output directory once\n$/);
    expect(readFileSync(join(out, 'report.html')).equals(before)).toBe(true);
    expect(listDir(out)).toEqual(['report.html']);
  }, 60_000);

  it('replaces an earlier report only with --force, and leaves none of its PNG files behind', () => {
    const out = join(root, 'replace');
    expect(sevensim('report', fx.tune, fx.compareGame, '--out', out, '--png').code).toBe(0);
    const first = listDir(out);
    expect(first.filter((f) => f.endsWith('.png'))).toHaveLength(4); // three tune charts, one compare chart
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const again = sevensim('report', fx.compareGame, '--out', out, '--png');
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^sevensim: --out .*: already holds results \(01-.*\.png, .*\); choose another directory, or give --force to replace them\n$/);
    expect(listDir(out)).toEqual([...first, 'notes.txt'].sort());
    const forced = sevensim('report', fx.compareGame, '--out', out, '--png', '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toBe('sevensim: warning: --out ' + out + ': left alone 1 file not written by sevensim: notes.txt\n');
    const after = listDir(out);
    // The compare chart is the first now: the earlier report's 02-... PNG and the tune PNGs are gone.
    expect(after.filter((f) => f.endsWith('.png'))).toEqual([first.find((f) => f.endsWith('compare-difference.png'))!.replace(/^02-/, '01-')]);
    expect(after.filter((f) => !f.endsWith('.png'))).toEqual(['notes.txt', 'report.html']);
  }, 60_000);

  it('--open says how to open the page when no opener can run, and still succeeds; --help explains every flag', () => {
    const out = join(root, 'open');
    const r = spawnSync(process.execPath, [CLI, 'report', fx.compareGame, '--out', out, '--open'], { encoding: 'utf8', env: { ...process.env, PATH: '/nonexistent' } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`could not run xdg-open to open ${join(out, 'report.html')}; open it in a browser yourself`);
    const help = sevensim('report', '--help');
    expect(help.code).toBe(0);
    for (const flag of ['--out', '--png', '--scale', '--open', '--quiet']) expect(help.stdout).toContain(flag);
    expect(help.stdout).toMatch(/--scale[\s\S]*\[default: 2\]/);
  }, 60_000);

  it('the study (npm start) ends with the charts of every part in its report.html and says where it is', () => {
    const out = join(root, 'study');
    const r = sevensim('study', '--games', '400', '--threads', '1', '--quiet', '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`The charts of every part: ${join(out, 'report.html')}`);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    for (const part of ['sevenfall-turn', 'sevenfall-game', 'sevn-round', 'sevn-game']) expect(html).toContain(join(out, part));
    expect(html.match(/<figure class="chart"/g)!.length).toBeGreaterThanOrEqual(14);
  }, 120_000);

  it('compare --out writes what --json prints, with the SPRT path, and a compare manifest', () => {
    const dir = join(root, 'cmp-cli');
    const r = sevensim('compare', '--game', 'sevn', '--a', 'stay-at:points=22', '--b', 'stay-at:points=25', '--games', '20000', '--chunk-size', '512', '--sprt', '0,0.3', '--threads', '1', '--json', '--quiet', '--out', dir);
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(json(dir, 'compare.json')).toEqual(printed);
    expect(printed.sprt_path.length).toBeGreaterThan(0);
    expect(printed.sprt_path.at(-1)).toEqual([printed.games, printed.sprt.llr]);
    expect(json(dir, 'run.json')).toMatchObject({ format: 5, kind: 'compare', game: 'sevn', preset: 'sevn', seed: 1, games: printed.games });
  }, 60_000);
});

const chromium = findChromium();

/** Every kind of chart the report draws; the browser test below must show each at least once. */
const CHART_KINDS = [
  'score-histogram', 'score-cdf', 'win-share', 'bust-rate', 'sevn-draw-minus-stay', 'sevenfall-choice-value', 'bust-table', 'sevn-stopping-boundary', 'sevn-stay-at-values',
  'sevenfall-policy', 'compare-difference', 'compare-sprt', 'tune-progress', 'tune-params', 'tune-slices', 'tournament-ladder', 'tournament-matrix', 'tournament-ranking',
];
const BROWSER_DIRS = (f: Fixtures) => [f.sevnRound, f.sevnGame, f.sevnCf, f.fallRound, f.fallCf, f.bust, f.sevnSolve, f.fallSolve, f.compareSprt, f.compareGame, f.tune, f.tournament];

describe('the chart kinds', () => {
  it('the fixtures draw every kind there is, and the browser test\'s directories draw each at least once', () => {
    const all = [fx.sevnRound, fx.sevnGame, fx.sevnCf, fx.fallRound, fx.fallCf, fx.sevnSolve, fx.fallSolve, fx.bust, fx.compareSprt, fx.compareGame, fx.tune, fx.tuneReal, fx.tournament, fx.tournamentFixture];
    const kinds = (dirs: string[]) => [...new Set(dirs.flatMap((d) => charts.chartsOf(readOutput(d)).map((c) => c.id)))].sort();
    expect(kinds(all)).toEqual([...CHART_KINDS].sort());
    expect(kinds(BROWSER_DIRS(fx))).toEqual([...CHART_KINDS].sort());
  });
});

describe.skipIf(!chromium)('report.html in headless Chromium', () => {
  it('shows every chart with no console errors and no network requests; a screenshot is saved next to the report', async () => {
    const out = join(root, 'browser');
    const r = await writeReport({ dirs: BROWSER_DIRS(fx), out });
    const browser = new Chromium(chromium!);
    try {
      const session = await browser.newPage();
      const problems: string[] = [];
      const requests: string[] = [];
      let loaded: () => void;
      const load = new Promise<void>((res) => (loaded = res));
      browser.on((m) => {
        if (m.sessionId !== session) return;
        const p = m.params ?? {};
        if (m.method === 'Runtime.consoleAPICalled' && (p.type === 'error' || p.type === 'warning')) problems.push(JSON.stringify(p.args));
        if (m.method === 'Runtime.exceptionThrown') problems.push(JSON.stringify(p.exceptionDetails));
        if (m.method === 'Log.entryAdded' && (p.entry as { level: string }).level === 'error') problems.push((p.entry as { text: string }).text);
        if (m.method === 'Network.requestWillBeSent') requests.push((p.request as { url: string }).url);
        if (m.method === 'Page.loadEventFired') loaded();
      });
      for (const d of ['Page.enable', 'Runtime.enable', 'Log.enable', 'Network.enable']) await browser.send(d, {}, session);
      await browser.send('Emulation.setDeviceMetricsOverride', { width: 1400, height: 900, deviceScaleFactor: 1, mobile: false }, session);
      await browser.send('Page.navigate', { url: pathToFileURL(r.html).href }, session);
      await load;
      const { result } = await browser.send('Runtime.evaluate', {
        returnByValue: true,
        expression: `[...document.querySelectorAll('figure.chart')].map((f) => {
          const svg = f.querySelector('svg'); const b = svg.getBoundingClientRect(); const s = getComputedStyle(svg);
          const marks = svg.querySelectorAll('path, rect, line, text').length;
          return { id: f.id, width: b.width, height: b.height, visible: s.display !== 'none' && s.visibility !== 'hidden' && Number(s.opacity) > 0, marks, caption: f.querySelector('figcaption').textContent.length, rows: f.querySelectorAll('tbody tr').length };
        })`,
      }, session);
      const figures = (result as { value: { id: string; width: number; height: number; visible: boolean; marks: number; caption: number; rows: number }[] }).value;
      expect(figures).toHaveLength(r.runs.reduce((n, x) => n + x.charts.length, 0));
      // Every kind of chart is on the page at least once (figure ids are r<run>-<kind>).
      expect([...new Set(figures.map((f) => f.id.replace(/^r\d+-/, '')))].sort()).toEqual([...CHART_KINDS].sort());
      for (const f of figures) {
        expect(f.visible, f.id).toBe(true);
        expect(f.width, f.id).toBeGreaterThan(200);
        expect(f.height, f.id).toBeGreaterThan(80);
        expect(f.marks, f.id).toBeGreaterThan(5);
        expect(f.caption, f.id).toBeGreaterThan(40);
        expect(f.rows, f.id).toBeGreaterThan(0);
      }
      expect(problems).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
      const { cssContentSize } = (await browser.send('Page.getLayoutMetrics', {}, session)) as { cssContentSize: { width: number; height: number } };
      const shot = await browser.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip: { x: 0, y: 0, width: 1400, height: Math.ceil(cssContentSize.height), scale: 1 } }, session);
      const png = Buffer.from(shot.data as string, 'base64');
      writeFileSync(join(out, 'report.png'), png);
      expect(decodePng(png).width).toBe(1400);
      // SEVENSIM_KEEP_SCREENSHOT=DIR copies the report and its screenshot there to look at.
      if (process.env.SEVENSIM_KEEP_SCREENSHOT) for (const f of ['report.html', 'report.png']) copyFileSync(join(out, f), join(process.env.SEVENSIM_KEEP_SCREENSHOT, f));
    } finally {
      await browser.close();
    }
  }, 120_000);
});
