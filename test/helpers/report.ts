/**
 * Test helpers for the report: small seeded outputs of every command that report reads, and what a
 * chart draws, read from vega's scenegraph (marks, their items' data, axis titles).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import type { TopLevelSpec } from 'vega-lite';
import { sevenfallModule, sevnModule } from '../../src/catalog.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import type { GameModule } from '../../src/engine/game.js';
import { OutputDir } from '../../src/io/output.js';
import { chartView } from '../../src/report/render.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { bustTableCommand } from '../../src/games/sevn/analyses/bust-table.js';
import { compare, type CompareResult } from '../../src/run/compare.js';
import { writeCompareOutput } from '../../src/run/compare-output.js';
import { type SimulateResult, simulate } from '../../src/run/simulate.js';
import { solveSevenfallCommand } from '../../src/games/sevenfall/analyses/solve.js';
import { solveSevnCommand } from '../../src/games/sevn/analyses/solve.js';
import { tournament } from '../../src/run/tournament.js';
import { tune } from '../../src/run/tune.js';

export interface Fixtures {
  sevnRound: string; sevnRoundResult: SimulateResult;
  sevnGame: string; sevnGameResult: SimulateResult;
  sevnCf: string;
  fallRound: string; fallRoundResult: SimulateResult;
  fallCf: string;
  sevnSolve: string; fallSolve: string; bust: string;
  compareSprt: string; compareSprtResult: CompareResult;
  compareGame: string;
  tune: string; tuneReal: string; tournament: string; tournamentFixture: string;
}

const SEVN_FOUR = ['stay-at:points=15', 'stay-at:points=25', 'stay-at-cards:cards=4', 'bust-cap:p=0.3'];

/** Every kind of output report reads, small and seeded, under `root`. */
export async function makeFixtures(root: string): Promise<Fixtures> {
  const sevn = sevnModule as unknown as GameModule;
  const fall = sevenfallModule as unknown as GameModule;
  const sr = sevnPreset('sevn');
  const fr = sevenfallPreset('sevenfall');
  // SEVN at finer bands than its default, for the draw-minus-stay chart's resolution.
  const sim = (name: string, game: GameModule, rules: unknown, preset: string, mode: 'round' | 'game', players: string[], games: number, cf = false) =>
    simulate({ game, rules, preset, mode, players, games, seed: 7, threads: 1, out: join(root, name), decisions: cf ? 'counterfactual' : 'outcomes', buckets: game === sevn ? 'points:5,distinct:1' : undefined, counterfactual: cf ? { rate: 0.05, rollouts: 16 } : null });
  const f: Partial<Fixtures> = {};
  f.sevnRound = join(root, 'sevn-round');
  f.sevnRoundResult = await sim('sevn-round', sevn, sr, 'sevn', 'round', SEVN_FOUR, 20000);
  f.sevnGame = join(root, 'sevn-game');
  f.sevnGameResult = await sim('sevn-game', sevn, sr, 'sevn', 'game', SEVN_FOUR, 400);
  f.sevnCf = join(root, 'sevn-cf');
  await sim('sevn-cf', sevn, sr, 'sevn', 'round', ['stay-at:points=15', 'stay-at:points=25'], 8000, true);
  f.fallRound = join(root, 'fall-round');
  f.fallRoundResult = await sim('fall-round', fall, fr, 'sevenfall', 'round', ['stand', 'greedy', 'greedy:margin=1', 'random'], 20000);
  f.fallCf = join(root, 'fall-cf');
  await sim('fall-cf', fall, fr, 'sevenfall', 'round', ['greedy', 'greedy:margin=1'], 8000, true);
  f.sevnSolve = join(root, 'sevn-solve');
  await solveSevnCommand(sevnPreset('sevn-numbers'), 'sevn-numbers', f.sevnSolve);
  f.fallSolve = join(root, 'fall-solve');
  await solveSevenfallCommand(fr, 'sevenfall', 'ev', f.fallSolve);
  f.bust = join(root, 'bust');
  await bustTableCommand(SEVN_STRATEGIES, sevnPreset('sevn-numbers'), 'sevn-numbers', { strategy: 'stay-at:points=25', rounds: 20000, seed: 3, out: f.bust });
  f.compareSprt = join(root, 'compare-sprt');
  f.compareSprtResult = await compare({ game: sevn, rules: sr, preset: 'sevn', mode: 'round', a: 'stay-at:points=22', b: 'stay-at:points=25', field: [], games: 200000, seed: 5, threads: 1, chunkSize: 256, sprt: { d0: 0, d1: 0.3, alpha: 0.05, beta: 0.05, metric: 'score' } });
  const out = new OutputDir(f.compareSprt);
  out.prepare();
  writeCompareOutput(out, f.compareSprtResult, sr, []);
  f.compareGame = join(root, 'compare-game');
  const cg = await compare({ game: sevn, rules: sr, preset: 'sevn', mode: 'game', a: 'stay-at:points=25', b: 'stay-at:points=15', field: ['bust-cap'], games: 300, seed: 5, threads: 1 });
  const out2 = new OutputDir(f.compareGame);
  out2.prepare();
  writeCompareOutput(out2, cg, sr, []);
  f.tune = join(root, 'tune');
  writeTuneFixture(f.tune);
  f.tuneReal = join(root, 'tune-real');
  await tune({ game: sevn, rules: sr, preset: 'sevn', strategy: 'stay-at', params: ['points=22:30', 'freeze'], fix: [], start: null, field: [], mode: 'round', objective: null, method: 'race', budget: 64000, seed: 6, threads: 1, out: f.tuneReal });
  f.tournament = join(root, 'tournament');
  await tournament({ game: sevn, rules: sr, preset: 'sevn', mode: 'game', players: ['stay-at:points=15', 'stay-at:points=25', 'bust-cap:p=0.3'], tableSize: 2, games: 60, seed: 4, threads: 1, out: f.tournament });
  f.tournamentFixture = join(root, 'tournament-fixture');
  writeTournamentFixture(f.tournamentFixture);
  return f as Fixtures;
}

/**
 * A tune output in the format run/tune.ts writes, hand-made so that the drawn numbers are known: 3 search
 * steps of 4 candidates (the last of each the incumbent), 4 finalists on validation, the choice and the
 * start on confirmation.
 */
export function writeTuneFixture(dir: string): void {
  const out = new OutputDir(dir);
  out.prepare();
  type R = { step: number; block: string; points: number; margin: number; mean: number; se: number; incumbent: boolean; bestMean: number; bestSe: number };
  const rows: R[] = [];
  for (let step = 0; step < 3; step++) {
    for (let k = 0; k < 4; k++) rows.push({ step, block: 'search', points: 15 + 3 * step + k, margin: 0.1 * k, mean: 18 + step + 0.5 * k, se: 0.2, incumbent: k === 3, bestMean: 19.5 + step, bestSe: 0.2 / (step + 1) });
  }
  const finalists: [number, number, number][] = [[15, 0, 18.1], [24, 0.3, 20.2], [25, 0.2, 20.1], [23, 0.3, 20.05]];
  for (const [points, margin, mean] of finalists) rows.push({ step: 3, block: 'validation', points, margin, mean, se: 0.1, incumbent: points === 24, bestMean: 20.2, bestSe: 0.1 });
  rows.push({ step: 4, block: 'confirmation', points: 24, margin: 0.3, mean: 20.0, se: 0.08, incumbent: true, bestMean: 20.0, bestSe: 0.08 });
  rows.push({ step: 4, block: 'confirmation', points: 15, margin: 0, mean: 18.0, se: 0.08, incumbent: false, bestMean: 20.0, bestSe: 0.08 });
  const t = tableFromArrays({
    step: Int32Array.from(rows, (r) => r.step),
    block: rows.map((r) => r.block),
    param_points: Float64Array.from(rows, (r) => r.points),
    param_margin: Float64Array.from(rows, (r) => r.margin),
    games: BigInt64Array.from(rows, () => 1000n),
    mean: Float64Array.from(rows, (r) => r.mean),
    se: Float64Array.from(rows, (r) => r.se),
    diff_vs_incumbent: Float64Array.from(rows, (r) => r.mean - r.bestMean),
    diff_se: Float64Array.from(rows, () => 0.15),
    incumbent: rows.map((r) => r.incumbent),
    best_mean: Float64Array.from(rows, (r) => r.bestMean),
    best_se: Float64Array.from(rows, (r) => r.bestSe),
  });
  writeFileSync(out.file('tune.arrow'), tableToIPC(t, 'file'));
  // best.json as run/tune.ts writes it: candidates are {spec, values, mean, se, ci95}.
  const cand = (points: number, margin: number, mean: number, se = 0.1) => ({ spec: `stay-at:points=${points},margin=${margin}`, values: { points, margin }, mean, se, ci95: [mean - 1.96 * se, mean + 1.96 * se] });
  const validated = finalists.map(([p, m, mean]) => cand(p, m, mean)).sort((a, b) => b.mean - a.mean);
  writeFileSync(out.file('best.json'), JSON.stringify({
    game: 'sevn', preset: 'sevn', mode: 'round', strategy: 'stay-at', field: ['stay-at:points=25'], objective: 'mean', method: 'race', seed: 9,
    searched: [{ name: 'points', kind: 'int', lo: 15, hi: 30, step: null }, { name: 'margin', kind: 'float', lo: 0, hi: 1, step: null }],
    best: cand(24, 0.3, 20.0, 0.08), start: cand(15, 0, 18.0, 0.08), answer: 'choice', choice: validated[0], validated, plateau: validated.slice(0, 3),
    diffVsStart: { mean: 2.0, se: 0.05, ci95: [1.902, 2.098], pValue: 0.0001 },
    validationGames: 1000, confirmationGames: 1000, searchSteps: 3, games: 18000,
  }));
  writeFileSync(out.file('run.json'), JSON.stringify({ format: 1, kind: 'tune', version: '0.1.0', game: 'sevn', preset: 'sevn', seed: 9, mode: 'round' }));
  out.commit();
}

/** A tournament output in the fixed format, hand-made (3 strategies, 6 ordered pairs) so that the drawn numbers are known. */
export function writeTournamentFixture(dir: string): void {
  const out = new OutputDir(dir);
  out.prepare();
  const specs = ['stay-at:points=25', 'bust-cap:p=0.3', 'stay-at:points=15'];
  const share: Record<string, number> = { '0,1': 0.58, '0,2': 0.81, '1,2': 0.7 };
  const pairs: { a: string; b: string; w: number }[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) if (i !== j) pairs.push({ a: specs[i], b: specs[j], w: i < j ? share[`${i},${j}`] : 1 - share[`${j},${i}`] });
  const t = tableFromArrays({
    a: pairs.map((p) => p.a),
    b: pairs.map((p) => p.b),
    games: BigInt64Array.from(pairs, () => 2000n),
    win_share_a: Float64Array.from(pairs, (p) => p.w),
    se: Float64Array.from(pairs, (p) => Math.sqrt((p.w * (1 - p.w)) / 2000)),
  });
  writeFileSync(out.file('tournament.arrow'), tableToIPC(t, 'file'));
  const ranking = [
    { spec: specs[0], win_share: 0.695, ws_se: 0.007, mean_score: 230.1, score_se: 0.9, games: 8000 },
    { spec: specs[1], win_share: 0.56, ws_se: 0.008, mean_score: 221.4, score_se: 1.0, games: 8000 },
    { spec: specs[2], win_share: 0.245, ws_se: 0.007, mean_score: 190.2, score_se: 0.8, games: 8000 },
  ];
  writeFileSync(out.file('tournament.json'), JSON.stringify({ game: 'sevn', preset: 'sevn', mode: 'game', seed: 4, entrants: specs, tableSize: 2, deals: 2000, games: 12000, ranking }));
  writeFileSync(out.file('run.json'), JSON.stringify({ format: 1, kind: 'tournament', version: '0.1.0', game: 'sevn', preset: 'sevn', seed: 4, mode: 'game' }));
  out.commit();
}

export interface DrawnMark {
  marktype: string;
  role: string;
  name: string;
  items: { datum: Record<string, unknown>; text?: string; x?: number; width?: number; height?: number }[];
}

/** Every mark the chart draws (depth first), with its items. */
export async function drawn(spec: TopLevelSpec): Promise<DrawnMark[]> {
  const view = await chartView(spec);
  const marks: DrawnMark[] = [];
  type Node = { marktype?: string; role?: string; name?: string; items?: Node[]; datum?: Record<string, unknown>; text?: string; x?: number; width?: number; height?: number };
  const walk = (node: Node): void => {
    if (node.marktype) marks.push({ marktype: node.marktype, role: node.role ?? '', name: node.name ?? '', items: (node.items ?? []).map((i) => ({ datum: i.datum ?? {}, text: i.text, x: i.x, width: i.width, height: i.height })) });
    for (const child of node.items ?? []) walk(child);
  };
  walk((view.scenegraph() as unknown as { root: Node }).root);
  view.finalize();
  return marks;
}

/** Items of the data marks of a type (not axes, legends or titles). */
export const dataItems = (marks: DrawnMark[], marktype: string) => marks.filter((m) => m.marktype === marktype && m.role === 'mark').flatMap((m) => m.items);

/** The axis titles drawn. */
export const axisTitles = (marks: DrawnMark[]): string[] => [...new Set(marks.filter((m) => m.role === 'axis-title').flatMap((m) => m.items.map((i) => String(i.text))))];
