/**
 * The speed targets `sevensim bench` checks (one thread, end to end through the simulate worker path,
 * on a quiet machine): each beside its measured figure with a PASS or FAIL verdict. The figures come
 * from bench.ts's measurements; a loaded machine (load average above its cores) is said in a warning,
 * since its figures are then lower than the code can do.
 */
import { cpus, loadavg } from 'node:os';
import { gameModule } from '../catalog.js';
import { simulate } from './simulate.js';
import { tune } from './tune.js';
import { type BenchRow, type BenchWorkload, benchWorkload, calibrate, extent, median, rateRatio } from './bench.js';

export interface SpeedTarget {
  id: string;
  what: string;
  unit: string;
  target: number;
  /** true: the measured figure must be at least the target; false: at most. */
  atLeast: boolean;
}

export interface TargetResult extends SpeedTarget {
  /** The median of the repeats. */
  measured: number;
  /** The lowest and highest of the repeats (absent when a single figure was given). */
  range?: [number, number];
  verdict: 'PASS' | 'FAIL';
}

const STAY_AT_20 = ['stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20'];

/** The workloads the targets are measured on. */
export const TARGET_WORKLOADS = {
  stand: { game: 'sevenfall', mode: 'round', players: ['stand'] },
  solo: { game: 'sevn', preset: 'sevn-numbers', mode: 'round', players: ['stay-at:points=25'] },
  fourPlayer: { game: 'sevn', mode: 'game', players: STAY_AT_20 },
  outcomes: { game: 'sevn', mode: 'game', players: STAY_AT_20, decisions: 'outcomes' },
  ev: { game: 'sevn', mode: 'game', players: ['ev', 'ev', 'ev', 'ev'] },
  race: { game: 'sevn', mode: 'game', players: ['race', 'race', 'race', 'race'] },
} satisfies Record<string, BenchWorkload>;

/**
 * tune against simulate on one lineup of each kind: tune plays every game from its own seeded streams,
 * simulate a chunk of 4,096 from one, so the cheaper the unit the more per-game seeding shows. The
 * tuned strategy's default sits first in simulate's lineup; the rest are tune's field.
 */
export interface TuneLineup extends BenchWorkload {
  strategy: string;
  param: string;
}
export const TUNE_LINEUPS: Record<string, TuneLineup> = {
  'tune-solo': { ...TARGET_WORKLOADS.solo, strategy: 'stay-at', param: 'points=18:22' },
  'tune-4p': { ...TARGET_WORKLOADS.fourPlayer, strategy: 'stay-at', param: 'points=18:22' },
  'tune-sevenfall': { game: 'sevenfall', mode: 'round', players: ['greedy'], strategy: 'greedy', param: 'margin=0:2:0.5' },
  'tune-bots': { game: 'sevn', mode: 'game', players: ['race', 'ev', 'ev', 'ev'], strategy: 'race', param: 'risk=0.2:0.3:0.05' },
};

export const SPEED_TARGETS: readonly SpeedTarget[] = [
  { id: 'sevenfall-stand', what: 'SEVENFALL stand turns, 1 thread', unit: 'turns/s', target: 10_000_000, atLeast: true },
  { id: 'sevn-solo', what: 'SEVN sevn-numbers solo rounds (stay-at 25), 1 thread', unit: 'rounds/s', target: 15_000_000, atLeast: true },
  { id: 'sevn-4p', what: 'SEVN 4-player games (4x stay-at 20), 1 thread', unit: 'games/s', target: 140_000, atLeast: true },
  { id: 'outcomes-cost', what: '--decisions outcomes: throughput lost, 4-player games', unit: 'share', target: 0.15, atLeast: false },
  { id: 'tune-solo', what: 'tune / simulate, sevn-numbers solo rounds, 1 thread', unit: 'ratio', target: 0.8, atLeast: true },
  { id: 'tune-4p', what: 'tune / simulate, 4-player games, 1 thread', unit: 'ratio', target: 0.8, atLeast: true },
  { id: 'tune-sevenfall', what: 'tune / simulate, SEVENFALL greedy turns, 1 thread', unit: 'ratio', target: 0.8, atLeast: true },
  { id: 'tune-bots', what: 'tune / simulate, 4-player race and 3 ev, 1 thread', unit: 'ratio', target: 0.8, atLeast: true },
  { id: 'scaling', what: '2 threads / 1 thread, 4-player games', unit: 'ratio', target: 1.9, atLeast: true },
  { id: 'ev-4p', what: '4x ev / 4x stay-at 20, 4-player games/s, 1 thread', unit: 'ratio', target: 0.5, atLeast: true },
  { id: 'race-4p', what: '4x race / 4x stay-at 20, 4-player games/s, 1 thread', unit: 'ratio', target: 0.5, atLeast: true },
];

export function verdict(measured: number, t: Pick<SpeedTarget, 'target' | 'atLeast'>): 'PASS' | 'FAIL' {
  return (t.atLeast ? measured >= t.target : measured <= t.target) ? 'PASS' : 'FAIL';
}

export function withVerdict(t: SpeedTarget, measured: number, range?: [number, number]): TargetResult {
  return { ...t, measured, ...(range ? { range } : {}), verdict: verdict(measured, t) };
}

export interface LoadCheck {
  /** The 1-minute load average when the measurement ended. */
  load: number;
  cores: number;
  /** Set when the load average exceeds the cores: figures measured then are lower than the code can do. */
  warning: string | null;
}

export function loadCheck(load: number, cores: number): LoadCheck {
  const warning = load > cores
    ? `warning: load average ${load.toFixed(2)} on ${cores} cores: other work shared the machine, so these figures understate the code; measure again on a quiet machine`
    : null;
  return { load, cores, warning };
}

export const machineLoad = (): LoadCheck => loadCheck(loadavg()[0], cpus().length);

function number(x: number, unit: string): string {
  if (unit === 'share') return `${(x * 100).toFixed(1)}%`;
  if (unit === 'ratio') return `${x.toFixed(2)}x`;
  return x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${Math.round(x).toLocaleString('en-US')}`;
}

function figure(x: number, unit: string): string {
  return unit === 'share' || unit === 'ratio' ? number(x, unit) : `${number(x, unit)} ${unit}`;
}

export function formatTargets(rows: readonly TargetResult[], load: LoadCheck): string {
  const lines = [
    `${'target'.padEnd(57)} ${'measured'.padEnd(20)} ${'goal'.padEnd(22)} ${'verdict'.padEnd(7)}${rows.some((r) => r.range) ? ' range of the repeats' : ''}`.trimEnd(),
    ...rows.map((r) => `${r.what.padEnd(57)} ${figure(r.measured, r.unit).padEnd(20)} ${`${r.atLeast ? '>=' : '<='} ${figure(r.target, r.unit)}`.padEnd(22)} ${r.verdict.padEnd(7)}${r.range ? ` ${number(r.range[0], r.unit)} to ${number(r.range[1], r.unit)}` : ''}`.trimEnd()),
  ];
  if (load.warning) lines.push(load.warning);
  return lines.join('\n');
}

/**
 * tune's games per second over simulate's on one lineup, on `threads` workers each, about `seconds` of
 * single-thread work each (20,000 games at least): the medians of `repeats` runs of both in turn.
 */
export async function tuneRatio(w: TuneLineup, seconds: number, repeats: number, threads = 1): Promise<{ ratio: number; range: [number, number]; simulatePerSecond: number; tunePerSecond: number }> {
  const game = gameModule(w.game);
  const preset = w.preset ?? game.defaultPreset;
  const rules = game.preset(preset);
  const games = Math.max(20_000, calibrate(w, seconds));
  const ratios: number[] = [];
  const sim: number[] = [];
  const tuned: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const s = await simulate({ game, rules, preset, mode: w.mode, players: w.players, games, seed: 1 + r, threads });
    const t = await tune({ game, rules, preset, mode: w.mode, strategy: w.strategy, params: [w.param], fix: [], start: w.players[0], field: w.players.slice(1), objective: 'mean', method: 'grid', budget: games, seed: 1 + r, threads, out: null });
    sim.push(s.manifest.gamesPerSecond);
    tuned.push(t.report.gamesPerSecond);
    ratios.push(t.report.gamesPerSecond / s.manifest.gamesPerSecond);
  }
  return { ratio: median(ratios), range: extent(ratios), simulatePerSecond: median(sim), tunePerSecond: median(tuned) };
}

/** Chunks of 4,096 games the scaling is measured on, at least: 32 a worker, so that the last chunk's wait is a small share. */
const SCALING_CHUNKS = 64;

/**
 * Measures every target (its workloads each for about `seconds` a measurement, `repeats` times,
 * medians; 2 threads for the scaling); `onStep` hears what is being measured. The ratios of two
 * workloads (the outcome cost, ev and race against stay-at) come from runs of both interleaved on one
 * warmed worker, each pair a moment apart, so that a change in the machine's speed moves both sides
 * of a ratio alike (rateRatio).
 */
export async function measureTargets(seconds: number, repeats: number, onStep: (what: string) => void = () => {}): Promise<{ targets: TargetResult[]; workloads: BenchRow[] }> {
  const w = TARGET_WORKLOADS;
  const name = (x: BenchWorkload): string => `${x.game} ${x.preset ?? ''} ${x.mode} ${x.players.join(' ')}${x.decisions ? ` (decisions ${x.decisions})` : ''}`;
  const row = async (x: BenchWorkload, threads: number, minChunks = 1): Promise<BenchRow> => {
    onStep(name(x));
    return benchWorkload(x, threads, seconds, repeats, minChunks);
  };
  const ratio = async (x: BenchWorkload): Promise<{ ratio: number; range: [number, number] }> => {
    onStep(`${name(x)} against ${name(w.fourPlayer)}`);
    return rateRatio(w.fourPlayer, x, seconds, repeats);
  };
  const stand = await row(w.stand, 1);
  const solo = await row(w.solo, 1);
  const four = await row(w.fourPlayer, 2, SCALING_CHUNKS);
  const outcomes = await ratio(w.outcomes);
  const ev = await ratio(w.ev);
  const race = await ratio(w.race);
  const tuned: Record<string, [number, [number, number]]> = {};
  for (const [id, lineup] of Object.entries(TUNE_LINEUPS)) {
    onStep(`tune against simulate, ${name(lineup)}`);
    const t = await tuneRatio(lineup, seconds, repeats);
    tuned[id] = [t.ratio, t.range];
  }
  // Each target's median and the range of its repeats (the outcome cost is 1 - the ratio: its range flips).
  const measured: Record<string, [number, [number, number]]> = {
    'sevenfall-stand': [stand.pool1PerSecond, stand.pool1Range],
    'sevn-solo': [solo.pool1PerSecond, solo.pool1Range],
    'sevn-4p': [four.pool1PerSecond, four.pool1Range],
    'outcomes-cost': [1 - outcomes.ratio, [1 - outcomes.range[1], 1 - outcomes.range[0]]],
    ...tuned,
    scaling: [four.scaling, four.scalingRange],
    'ev-4p': [ev.ratio, ev.range],
    'race-4p': [race.ratio, race.range],
  };
  return { targets: SPEED_TARGETS.map((t) => withVerdict(t, ...measured[t.id])), workloads: [stand, solo, four] };
}
