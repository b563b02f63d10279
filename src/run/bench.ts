/**
 * `sevensim bench`: games per second for each game and mode, inline on the main thread, on a pool
 * of one worker and on a pool of T workers; from these the pool overhead and the scaling ratio.
 */
import { type Lineup, catalogEntries, gameModule, poolSetup } from '../catalog.js';
import type { Mode, UnitRunner } from '../engine/game.js';
import { parseBuckets } from '../engine/decisions.js';
import { type RunDefinition, chunkCount, playChunks } from '../engine/runner.js';
import { createPool, runOnPool } from '../parallel/pool.js';
import type { ChunkTask } from '../parallel/worker.js';

export interface BenchWorkload extends Lineup {
  game: string;
  /** The game's default preset when absent. */
  preset?: string;
  /** Record every decision's outcome in the default buckets (the cost of --decisions outcomes). */
  decisions?: 'none' | 'outcomes';
}

/** Every game's bench lineups, from the catalog. */
export const benchWorkloads = (): BenchWorkload[] => catalogEntries().flatMap((e) => e.bench.map((l) => ({ game: e.game.name, ...l })));

export interface BenchRow {
  game: string;
  preset: string;
  decisions: 'none' | 'outcomes';
  mode: Mode;
  players: string[];
  games: number;
  inlinePerSecond: number;
  pool1PerSecond: number;
  poolPerSecond: number;
  threads: number;
  /** Extra time on a one-worker pool against the same chunks played inline: pool1 time / inline time - 1. */
  poolOverhead: number;
  /** Rate on T workers over rate on one worker. */
  scaling: number;
}

const CHUNK = 4096;

function definition(w: BenchWorkload, games: number): RunDefinition {
  const game = gameModule(w.game);
  const rules = game.preset(w.preset ?? game.defaultPreset);
  const decisions = w.decisions ?? 'none';
  const buckets = decisions === 'none' ? undefined : parseBuckets(game.bucketFeatures(rules), game.defaultBuckets);
  return { game: w.game, rules, mode: w.mode, players: w.players, games, seed: 1, chunkSize: CHUNK, decisions, buckets };
}

const recording = (def: RunDefinition): boolean => (def.decisions ?? 'none') !== 'none';

const inlineRunners = new Map<string, UnitRunner>();

function inline(def: RunDefinition): number {
  const key = `${def.game} ${JSON.stringify(def.rules)} ${def.mode} ${def.players.join(' ')}`;
  let runner = inlineRunners.get(key);
  if (runner === undefined) inlineRunners.set(key, (runner = gameModule(def.game).createRunner(def.rules, def.players, def.mode)));
  const t0 = performance.now();
  playChunks(runner, def, 0, chunkCount(def), recording(def), false);
  return (performance.now() - t0) / 1000;
}

async function onPool(def: RunDefinition, threads: number): Promise<number> {
  const { rules, ...plan } = def;
  const setup = poolSetup(def.game, rules);
  const pool = createPool(threads, setup);
  try {
    // Warm every worker up (JIT, tables) before timing, as the inline side was warmed by the
    // calibration (a long run pays this once): a quarter of the run, at least 4 chunks a worker.
    const task = (first: number, last: number): ChunkTask => ({ kind: 'simulate', def: plan, first, last, withDecisions: recording(def), perGame: false });
    const total = chunkCount(def);
    await runOnPool({ setup, threads, first: 0, last: Math.min(total, Math.max(threads * 4, Math.ceil(total / 4))), task, onResult() {} }, pool);
    const t0 = performance.now();
    await runOnPool({ setup, threads, first: 0, last: chunkCount(def), task, onResult() {} }, pool);
    return (performance.now() - t0) / 1000;
  } finally {
    await pool.destroy();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Measures one workload for about `seconds` of single-thread work per measurement; each of the
 * three timings (inline, 1 worker, T workers) is the median of `repeats` runs, interleaved, since a
 * single run here moves by 10-30% with what else the machine does.
 */
export async function benchWorkload(w: BenchWorkload, threads: number, seconds: number, repeats = 3): Promise<BenchRow> {
  // Calibrate: warm the JIT, then size the run to the wanted time.
  let probe = CHUNK;
  let t = inline(definition(w, probe));
  while (t < 0.2) {
    probe *= 2;
    t = inline(definition(w, probe));
  }
  const games = Math.max(CHUNK, Math.round((probe / t) * seconds / CHUNK) * CHUNK);
  const def = definition(w, games);
  const runs: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < repeats; i++) {
    runs[0].push(inline(def));
    runs[1].push(await onPool(def, 1));
    runs[2].push(threads === 1 ? runs[1][i] : await onPool(def, threads));
  }
  const [tInline, tPool1, tPool] = runs.map(median);
  return {
    game: w.game,
    preset: w.preset ?? gameModule(w.game).defaultPreset,
    decisions: w.decisions ?? 'none',
    mode: w.mode,
    players: w.players,
    games,
    inlinePerSecond: games / tInline,
    pool1PerSecond: games / tPool1,
    poolPerSecond: games / tPool,
    threads,
    poolOverhead: tPool1 / tInline - 1,
    scaling: tPool1 / tPool,
  };
}

export function formatBench(rows: BenchRow[]): string {
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const lines = [
    'game       mode   players                                    inline/s    1 worker/s   T workers/s  overhead  scaling',
    ...rows.map(
      (r) =>
        `${r.game.padEnd(10)} ${r.mode.padEnd(6)} ${r.players.join(' ').slice(0, 42).padEnd(42)} ${fmt(r.inlinePerSecond).padStart(11)} ${fmt(r.pool1PerSecond).padStart(13)} ${fmt(r.poolPerSecond).padStart(13)} ${(r.poolOverhead * 100).toFixed(1).padStart(8)}% ${r.scaling.toFixed(2).padStart(7)}x`,
    ),
    `T = ${rows[0]?.threads ?? '-'} threads. Targets on a 2-core machine: overhead < 3%, scaling >= 1.8x. Each figure is the median of interleaved runs of the same work.`,
  ];
  return lines.join('\n');
}
