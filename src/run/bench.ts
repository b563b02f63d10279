/**
 * `sevensim bench`: games per second for each game and mode, inline on the main thread, on a pool
 * of one worker and on a pool of T workers; from these the pool overhead and the scaling ratio.
 *
 * Robust to a machine whose speed moves from moment to moment (bench/README.md, "Bimodal speeds"):
 * every pool is warmed up before it is timed and kept for all repeats, the repeats are interleaved
 * (inline, 1 worker, T workers, then again in the other order), and ratios are taken per repeat, from
 * runs a moment apart, before their median.
 */
import type { Piscina } from 'piscina';
import { extent, median } from 'simple-statistics';
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
  /** Rate on T workers over rate on one worker (the median of the repeats' ratios). */
  scaling: number;
  /** The lowest and highest of the repeats: the one-worker rate, and the scaling. */
  pool1Range: [number, number];
  scalingRange: [number, number];
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

/** Seconds to play `def` on the main thread (the loop a worker runs, without the pool). */
function inline(def: RunDefinition): number {
  const key = `${def.game} ${JSON.stringify(def.rules)} ${def.mode} ${def.players.join(' ')}`;
  let runner = inlineRunners.get(key);
  if (runner === undefined) inlineRunners.set(key, (runner = gameModule(def.game).createRunner(def.rules, def.players, def.mode)));
  const t0 = performance.now();
  playChunks(runner, def, 0, chunkCount(def), recording(def), false);
  return (performance.now() - t0) / 1000;
}

/** A pool of `threads` workers for one run definition, warmed up; `time()` plays the whole run on it. */
export interface TimedPool {
  time(): Promise<number>;
  destroy(): Promise<void>;
}

export async function timedPool(def: RunDefinition, threads: number): Promise<TimedPool> {
  const shared = await sharedPool([def], threads);
  return { time: () => shared.time(0), destroy: shared.destroy };
}

/**
 * A pool of `threads` workers for several run definitions of one game and rules (their lineups,
 * modes and recording may differ), each warmed up; `time(i)` plays the whole of run i on it.
 */
async function sharedPool(defs: RunDefinition[], threads: number): Promise<{ time(i: number): Promise<number>; cpuTime(i: number): Promise<number>; destroy(): Promise<void> }> {
  const { rules } = defs[0];
  const setup = poolSetup(defs[0].game, rules);
  const pool: Piscina = createPool(threads, setup);
  /** Seconds of the whole run: wall-clock, or CPU (the process's, so the workers' while the main thread waits). */
  const play = async (def: RunDefinition, last: number, cpu = false): Promise<number> => {
    const { rules: _r, ...plan } = def;
    const task = (first: number, end: number): ChunkTask => ({ kind: 'simulate', def: plan, first, last: end, withDecisions: recording(def), perGame: false });
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await runOnPool({ setup, threads, first: 0, last, task, onResult() {} }, pool);
    const c = process.cpuUsage(c0);
    return cpu ? (c.user + c.system) / 1e6 : (performance.now() - t0) / 1000;
  };
  try {
    // Warm every worker up (start-up, JIT, tables) before timing, as a long run pays this once:
    // a quarter of the run, at least 4 chunks a worker.
    for (const def of defs) {
      const total = chunkCount(def);
      await play(def, Math.min(total, Math.max(threads * 4, Math.ceil(total / 4))));
    }
  } catch (e) {
    await pool.destroy();
    throw e;
  }
  return { time: (i) => play(defs[i], chunkCount(defs[i])), cpuTime: (i) => play(defs[i], chunkCount(defs[i]), true), destroy: () => pool.destroy() };
}

/** Every median here is simple-statistics' (the mean of the two middle values of an even count); ranges its extent. */
export { extent, median };

/** One timing of each of two pools, a moment apart, `a` first on even turns and `b` first on odd ones: a change in the machine's speed then moves both alike. */
async function timePair(turn: number, a: TimedPool, b: TimedPool, ta: number[], tb: number[]): Promise<void> {
  if (turn % 2 === 0) {
    ta.push(await a.time());
    tb.push(await b.time());
  } else {
    tb.push(await b.time());
    ta.push(await a.time());
  }
}

/**
 * Games that take about `seconds` on one thread (a whole number of chunks, at least `minChunks`). The
 * first chunk only warms the JIT: timed, it counts the compiles too (one such calibration sized a
 * one-second 4-player run at 2 chunks, at load 6).
 */
export function calibrate(w: BenchWorkload, seconds: number, minChunks = 1): number {
  let probe = CHUNK;
  inline(definition(w, probe));
  let t = inline(definition(w, probe));
  while (t < 0.2) {
    probe *= 2;
    t = inline(definition(w, probe));
  }
  return Math.max(minChunks, Math.round((probe / t) * seconds / CHUNK)) * CHUNK;
}

/**
 * Measures one workload for about `seconds` of single-thread work per measurement (at least
 * `minChunks` chunks of 4,096 games, so that T workers share enough chunks to finish together).
 * Each repeat times inline, 1 worker and T workers one after the other (the two pools alternate which
 * goes first); each rate is the median of `repeats`, the scaling the median of the per-repeat ratios.
 */
export async function benchWorkload(w: BenchWorkload, threads: number, seconds: number, repeats = 3, minChunks = 1): Promise<BenchRow> {
  const games = calibrate(w, seconds, minChunks);
  const def = definition(w, games);
  const pool1 = await timedPool(def, 1);
  const poolT = threads === 1 ? pool1 : await timedPool(def, threads);
  const tInline: number[] = [];
  const t1: number[] = [];
  const tT: number[] = [];
  try {
    for (let i = 0; i < repeats; i++) {
      tInline.push(inline(def));
      if (threads === 1) t1.push(await pool1.time());
      else await timePair(i, pool1, poolT, t1, tT);
    }
  } finally {
    await pool1.destroy();
    if (poolT !== pool1) await poolT.destroy();
  }
  if (threads === 1) tT.push(...t1);
  return {
    game: w.game,
    preset: w.preset ?? gameModule(w.game).defaultPreset,
    decisions: w.decisions ?? 'none',
    mode: w.mode,
    players: w.players,
    games,
    inlinePerSecond: games / median(tInline),
    pool1PerSecond: games / median(t1),
    poolPerSecond: games / median(tT),
    threads,
    poolOverhead: median(t1) / median(tInline) - 1,
    scaling: median(t1.map((t, i) => t / tT[i])),
    pool1Range: extent(t1.map((t) => games / t)),
    scalingRange: extent(t1.map((t, i) => t / tT[i])),
  };
}

/**
 * Workload b's games per second over workload a's, one worker: after a warm-up of each, `repeats`
 * pairs of runs a moment apart (alternating which goes first), the median of the pairs' ratios. Each
 * run is about `seconds` of work. Both play on the same worker, so they must share game and rules (the
 * outcome cost, ev and race against stay-at do): two workers, like two processes, can each run the same
 * code at their own speed (bench/README.md, "Bimodal speeds"), and a ratio across two workers measured
 * that too (the outcome cost swung from 14% to 44% between runs). On one worker the runs are timed in
 * CPU seconds, as outcome-cost.js and pair.js do: on a loaded machine the wall-clock time of a run is
 * mostly how long it waited for a core (at load 16, three such ratios of one build read 8.5%, 35%, 19%).
 */
export async function rateRatio(a: BenchWorkload, b: BenchWorkload, seconds: number, repeats: number): Promise<{ ratio: number; range: [number, number]; aPerSecond: number; bPerSecond: number }> {
  const gamesA = calibrate(a, seconds);
  const gamesB = calibrate(b, seconds);
  const defA = definition(a, gamesA);
  const defB = definition(b, gamesB);
  const ta: number[] = [];
  const tb: number[] = [];
  if (defA.game !== defB.game || JSON.stringify(defA.rules) !== JSON.stringify(defB.rules)) throw new Error('rateRatio: both workloads must share game and rules (one worker plays both)');
  const pool = await sharedPool([defA, defB], 1);
  const one = (i: number): TimedPool => ({ time: () => pool.cpuTime(i), destroy: async () => {} });
  try {
    for (let i = 0; i < repeats; i++) await timePair(i, one(0), one(1), ta, tb);
  } finally {
    await pool.destroy();
  }
  const ratios = ta.map((t, i) => (gamesB / tb[i]) / (gamesA / t));
  return { ratio: median(ratios), range: extent(ratios), aPerSecond: gamesA / median(ta), bPerSecond: gamesB / median(tb) };
}

/**
 * This machine has two speeds, switching from process to process (bench/README.md, "Bimodal speeds"). A
 * pool whose worker landed in the slow one plays well below the inline loop, and every ratio between pool
 * measurements (scaling, the outcome cost, ev and race against stay-at) is then skewed: a 2-thread run
 * can even beat its one-worker run by more than 2x. Said in a warning when most workloads' one-worker
 * overhead exceeds 20%, or a scaling exceeds the workers' count (null: nothing seen).
 */
export function speedModeWarning(rows: readonly BenchRow[]): string | null {
  if (rows.length === 0) return null;
  const overhead = median(rows.map((r) => r.poolOverhead));
  const superlinear = rows.find((r) => r.scaling > r.threads * 1.02);
  if (overhead <= 0.2 && superlinear === undefined) return null;
  const why = superlinear !== undefined ? `${superlinear.game} ${superlinear.mode} scaled ${superlinear.scaling.toFixed(2)}x on ${superlinear.threads} workers` : `one worker ran ${(overhead * 100).toFixed(0)}% slower than the inline loop (median over the workloads)`;
  return `warning: ${why}: a worker ran in a slower mode than the rest, so the ratios between pool runs (scaling, outcome cost, ev and race) are skewed; measure again`;
}

export function formatBench(rows: BenchRow[]): string {
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const lines = [
    'game       mode   players                                    inline/s    1 worker/s   T workers/s  overhead  scaling',
    ...rows.map(
      (r) =>
        `${r.game.padEnd(10)} ${r.mode.padEnd(6)} ${r.players.join(' ').slice(0, 42).padEnd(42)} ${fmt(r.inlinePerSecond).padStart(11)} ${fmt(r.pool1PerSecond).padStart(13)} ${fmt(r.poolPerSecond).padStart(13)} ${(r.poolOverhead * 100).toFixed(1).padStart(8)}% ${r.scaling.toFixed(2).padStart(7)}x`,
    ),
    `T = ${rows[0]?.threads ?? '-'} threads. Targets on a 2-core machine: overhead < 3%, scaling >= 1.8x. Each rate is the median of interleaved runs of the same work on warmed pools; scaling the median of the runs' ratios.`,
  ];
  return lines.join('\n');
}
