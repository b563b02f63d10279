/**
 * Every Arrow file kind sevensim writes, read by an independent reader (polars, through nodejs-polars;
 * not apache-arrow, which wrote them) and checked against the JSON summary written beside it.
 */
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sevenfallPreset, validateSevenfallRules } from '../../src/games/sevenfall/rules.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { bustTableCommand } from '../../src/games/sevn/analyses/bust-table.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { solveSevenfallCommand } from '../../src/games/sevenfall/analyses/solve.js';
import { solveSevenfallWinCommand } from '../../src/games/sevenfall/analyses/solve-win.js';
import { solveSevnCommand } from '../../src/games/sevn/analyses/solve.js';
import { smallRules } from '../helpers/sevenfall.js';
import { CLI } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';
import { onSevenfall, onSevn } from '../helpers/presets.js';

// nodejs-polars is CommonJS with a native binding.
const pl = createRequire(import.meta.url)('nodejs-polars') as typeof import('nodejs-polars');

const read = (dir: string, file: string) => pl.readIPC(readFileSync(join(dir, file)));
const json = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const dtypes = (df: ReturnType<typeof read>) => Object.fromEntries(df.columns.map((c) => [c, String(df.getColumn(c).dtype)]));

const run = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevn(),
  mode: 'game',
  players: ['stay-at:points=20', 'bust-cap:p=0.3'],
  games: 1500,
  seed: 4,
  threads: 1,
  chunkSize: 250,
  perGame: true,
  decisions: 'outcomes', // decisions.arrow is written only when asked for
  ...over,
});

/** run.json totals against scores.arrow, games.arrow and decisions.arrow, per seat. */
function checkRun(dir: string, decisions: 'observed' | 'counterfactual' | 'none'): void {
  const m = json(dir, 'run.json');
  const scores = read(dir, 'scores.arrow');
  const games = read(dir, 'games.arrow');
  expect(dtypes(games).game).toMatch(/Int64/);
  expect(dtypes(scores).count).toMatch(/Int64/);
  expect(games.height).toBe(m.games * m.players.length);
  m.totals.forEach((t: { games: number; sumScore: number; sumWin: number; rounds: number; busts: number }, seat: number) => {
    const s = scores.filter(pl.col('seat').eq(seat));
    expect(s.getColumn('count').sum()).toBe(t.games);
    expect((s.getColumn('score').toArray() as number[]).reduce((a, score, i) => a + score * Number(s.getColumn('count').toArray()[i]), 0)).toBe(t.sumScore);
    const g = games.filter(pl.col('seat').eq(seat));
    expect(g.getColumn('score').sum()).toBe(t.sumScore);
    expect(g.getColumn('win_share').sum()).toBeCloseTo(t.sumWin / 840, 6);
    expect(g.getColumn('rounds').sum()).toBe(t.rounds);
    expect(g.getColumn('busts').sum()).toBe(t.busts);
    // The sums by game behind the bust rate's clustered SE (format 4).
    const b = g.getColumn('busts').toArray() as number[];
    const r = g.getColumn('rounds').toArray() as number[];
    const by = t as unknown as { bustsSq: number; roundsSq: number; bustRounds: number };
    expect([by.bustsSq, by.roundsSq, by.bustRounds]).toEqual([b.reduce((a, x) => a + x * x, 0), r.reduce((a, x) => a + x * x, 0), r.reduce((a, x, i) => a + x * b[i], 0)]);
  });
  if (decisions === 'none') return;
  const d = read(dir, 'decisions.arrow');
  if (decisions === 'observed') {
    expect(dtypes(d).count).toMatch(/Int64/);
    for (const row of d.toRecords() as { count: number; mean_score: number; sum_score: number }[]) expect(row.mean_score).toBeCloseTo(row.sum_score / row.count, 9);
  } else {
    expect(dtypes(d).rollouts).toMatch(/Int64/);
    for (const row of d.toRecords() as { rollouts: number; value: number; sum_value: number }[]) expect(row.value).toBeCloseTo(row.sum_value / row.rollouts, 9);
  }
}

describe('an independent reader (polars) reads every Arrow file sevensim writes', () => {
  it('simulate (SEVN game mode, SEVENFALL round mode with counterfactual decisions): scores, games, decisions', async () => {
    const sevn = tempDir('polars-sevn');
    await simulate(run({ out: sevn }));
    checkRun(sevn, 'observed');
    const cf = tempDir('polars-cf');
    await simulate(run({ ...onSevenfall(), mode: 'round', players: ['greedy'], games: 400, decisions: 'counterfactual', counterfactual: { rate: 0.05, rollouts: 4 }, out: cf }));
    checkRun(cf, 'counterfactual');
    // SEVN round mode, game by game and by the solo fast path: the sums by game set from the bust and round counts.
    for (const players of [['stay-at:points=20', 'bust-cap:p=0.3'], ['stay-at:points=25']]) {
      const round = tempDir('polars-round');
      await simulate(run({ mode: 'round', players, games: 600, decisions: 'none', out: round }));
      checkRun(round, 'none');
    }
  }, 120_000);

  it('solve (SEVN and SEVENFALL policy.arrow) and bust-table.arrow, against solve.json and bust-table.json', async () => {
    const s = tempDir('polars-solve-sevn');
    const { report } = await solveSevnCommand(sevnPreset('sevn-numbers'), 'sevn-numbers', s);
    const sp = read(s, 'policy.arrow');
    expect(sp.height).toBe(json(s, 'solve.json').decisionStates);
    expect(sp.filter(pl.col('best').eq(pl.lit('draw'))).height).toBe(report.drawStates);
    expect(json(s, 'run.json')).toMatchObject({ format: 5, kind: 'solve', game: 'sevn' });

    const f = tempDir('polars-solve-sevenfall');
    await solveSevenfallCommand(sevenfallPreset('sevenfall-6x6'), 'sevenfall-6x6', 'ev', f);
    const fp = read(f, 'policy.arrow');
    const fj = json(f, 'solve.json');
    expect(fp.height).toBe(fj.actions);
    expect(new Set(fp.getColumn('state_index').toArray()).size).toBe(fj.states);

    const b = tempDir('polars-bust');
    const t = await bustTableCommand(SEVN_STRATEGIES, sevnPreset('sevn-numbers'), 'sevn-numbers', { strategy: 'stay-at:points=25', rounds: 5000, seed: 2, out: b });
    const bt = read(b, 'bust-table.arrow');
    expect(bt.height).toBe(json(b, 'bust-table.json').rowCount);
    expect(bt.getColumn('sim_rounds').max()).toBeLessThanOrEqual(t.rounds);
    expect(json(b, 'run.json')).toMatchObject({ format: 5, kind: 'bust-table', seed: 2 });
  }, 120_000);

  it('winprob.arrow (solve --players 2 --objective win), against run.json', async () => {
    const w = tempDir('polars-winprob');
    const { report } = await solveSevenfallWinCommand(validateSevenfallRules({ ...smallRules(3, 2), rounds: 2 }), null, w);
    const wp = read(w, 'winprob.arrow');
    expect(dtypes(wp)).toEqual({ round: 'DataType(Int32)', seat_to_move: 'DataType(Int32)', difference: 'DataType(Int32)', seat0_win: 'DataType(Float64)', seat1_win: 'DataType(Float64)', tie: 'DataType(Float64)' });
    expect(wp.height).toBe(json(w, 'run.json').states);
    const start = wp.filter(pl.col('round').eq(pl.lit(1)).and(pl.col('seat_to_move').eq(pl.lit(0))));
    expect(start.height).toBe(1);
    expect(start.getColumn('seat0_win').toArray()[0]).toBe(report.bothOptimal.seat0Win);
    expect(json(w, 'run.json')).toMatchObject({ format: 5, kind: 'solve-win', game: 'sevenfall', bothOptimal: report.bothOptimal });
  });

  it('tune.arrow and tournament.arrow, against best.json and tournament.json', () => {
    const t = tempDir('polars-tune');
    const tune = ['tune', '--game', 'sevn', '--preset', 'sevn-numbers', '--strategy', 'stay-at', '--param', 'points=15:30', '--budget', '40000', '--threads', '1', '--quiet'];
    expect(spawnSync(process.execPath, [CLI, ...tune, '--out', t]).status).toBe(0);
    const steps = read(t, 'tune.arrow');
    const best = json(t, 'best.json');
    expect(dtypes(steps)).toMatchObject({ step: 'DataType(Int32)', block: 'DataType(String)', games: 'DataType(Int64)', incumbent: 'DataType(Bool)', best_mean: 'DataType(Float64)' });
    const of = (block: string) => steps.filter(pl.col('block').eq(pl.lit(block)));
    const [search, validation, confirmation] = ['search', 'validation', 'confirmation'].map(of);
    // Every game the budget paid for is in a row: the search steps', the validation block's and the confirmation block's.
    expect(Number(search.getColumn('games').sum())).toBe(best.searchGames);
    expect(Number(validation.getColumn('games').sum())).toBe(best.validationGames * best.validated.length);
    expect(Number(confirmation.getColumn('games').sum())).toBe(best.confirmationGames * (best.answer === 'start' ? 1 : 2));
    expect(Number(steps.getColumn('games').sum())).toBe(best.games);
    expect(Number(search.getColumn('step').max()) + 1).toBe(best.searchSteps);
    const byPoints = new Map((validation.getColumn('param_points').toArray() as number[]).map((p, i) => [p, validation.getColumn('mean').toArray()[i] as number]));
    for (const v of best.validated as { values: { points: number }; mean: number }[]) expect(byPoints.get(v.values.points)).toBeCloseTo(v.mean, 12);
    // The confirmation block's incumbent is the answer, with best.json's figures.
    const answer = confirmation.filter(pl.col('incumbent').eq(true));
    expect(answer.getColumn('param_points').toArray()).toEqual([best.best.values.points]);
    expect(answer.getColumn('mean').toArray()[0]).toBeCloseTo(best.best.mean, 12);

    const n = tempDir('polars-tournament');
    const tournament = ['tournament', '--game', 'sevn', '--players', 'stay-at', 'stay-at:points=30', 'bust-cap', '--games', '300', '--threads', '1', '--quiet'];
    expect(spawnSync(process.execPath, [CLI, ...tournament, '--out', n]).status).toBe(0);
    const pairs = read(n, 'tournament.arrow');
    const tj = json(n, 'tournament.json');
    expect(pairs.height).toBe(tj.pairs.length);
    for (const [i, p] of (tj.pairs as { a: string; b: string; games: number; win_share_a: number; win_diff: number }[]).entries()) {
      expect([pairs.getColumn('a').toArray()[i], pairs.getColumn('b').toArray()[i], Number(pairs.getColumn('games').toArray()[i])]).toEqual([p.a, p.b, p.games]);
      expect(pairs.getColumn('win_share_a').toArray()[i]).toBeCloseTo(p.win_share_a, 12);
      expect(pairs.getColumn('win_diff').toArray()[i]).toBeCloseTo(p.win_diff, 12);
    }
  }, 120_000);
});
