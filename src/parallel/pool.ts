/**
 * Runs a range of chunks on a piscina worker pool and hands the results back in chunk order.
 *
 * Tasks group consecutive chunks; the group size adapts so that a task takes about 100 ms (the pool
 * costs ~0.05-0.6 ms a task here), and shrinks near the end so that the workers finish together.
 * Grouping never changes results: chunks are seeded on their own.
 */
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { pluginPaths } from '../plugins.js';
import type { ChunkRange } from '../engine/runner.js';
import type { WorkerSetup } from './worker.js';
import { USER_ERROR_CAUSE, UserError } from '../engine/errors.js';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '../..');
/** Workers run built JavaScript: under vitest, modules run from their .ts sources, so point at dist/. */
const built = (path: string): string => (path.endsWith('.ts') ? join(root, 'dist', relative(root, path)).replace(/\.ts$/, '.js') : path);
export const WORKER_FILE = built(join(dirname(here), here.endsWith('.ts') ? 'worker.ts' : 'worker.js'));

export const defaultThreads = (): number => availableParallelism();

/** What every task of a pool shares: sent once to each worker, not with every task. */
export interface PoolSetup {
  /** The game's catalog entry module (CatalogEntry.module: a file URL or path); each worker imports it. */
  module: string;
  game: string;
  rules: unknown;
}

export interface PoolRun<R extends ChunkRange> {
  /** The game and rules of every task (used when runOnPool makes its own pool). */
  setup: PoolSetup;
  threads: number;
  first: number;
  last: number;
  /** The task object for chunks [first, last): see worker.ts for the kinds. */
  task(first: number, last: number): object;
  /** Called with each result in chunk order (may be async: the pool waits for it, bounding memory). */
  onResult(r: R): void | Promise<void>;
  /** Checked after each result: true ends the run early (the chunks after it are not played). */
  stop?(): boolean;
  onProgress?(gamesDone: number): void;
  signal?: AbortSignal;
  /** Seconds a task should take; 0.1 by default. */
  taskSeconds?: number;
}

/** A pool whose workers play `setup.game` under `setup.rules`, from its catalog entry module. */
export function createPool(threads: number, setup: PoolSetup): Piscina {
  const workerData: WorkerSetup = { ...setup, plugins: pluginPaths(), module: built(setup.module.startsWith('file:') ? fileURLToPath(setup.module) : setup.module) };
  const pool = new Piscina({ filename: WORKER_FILE, minThreads: threads, maxThreads: threads, idleTimeout: 1000, workerData });
  // A task aborted (Ctrl-C) while its worker was replying: piscina reports the late reply as an
  // 'error' event, which with no listener would crash the process instead of the clean exit.
  pool.on('error', (e: Error) => {
    if (!e.message.startsWith('Unexpected message from Worker')) process.emitWarning(e);
  });
  return pool;
}

/** Runs on `pool` if given (the caller made it with the same setup and destroys it), else on a pool of its own. */
export async function runOnPool<R extends ChunkRange>(run: PoolRun<R>, pool?: Piscina): Promise<void> {
  if (pool) return schedule(pool, run);
  // More workers than chunks would only start threads that get no work.
  const own = createPool(Math.max(1, Math.min(run.threads, run.last - run.first)), run.setup);
  try {
    await schedule(own, run);
  } finally {
    await own.destroy();
  }
}

async function schedule<R extends ChunkRange>(pool: Piscina, run: PoolRun<R>): Promise<void> {
  const target = run.taskSeconds ?? 0.1;
  const inFlightMax = run.threads * 2;
  const ready = new Map<number, R>();
  let next = run.first; // next chunk to hand out
  let deliver = run.first; // next chunk to hand back
  let group = 1;
  let inFlight = 0;
  let done = 0;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  // When each task started: piscina runs a worker's tasks one at a time, in the order given, so a
  // task queued behind another starts when some task ends. Timed from its submission instead, a
  // task counted its wait too (about one task, with two in flight a worker), and the group stayed
  // at half the target: one 4,096-game chunk a task, each result merged by the main thread.
  let busy = 0;
  const queued: { started: number }[] = [];

  const submit = (): void => {
    const first = next;
    // Near the end, smaller tasks (at most a share of what is left per worker), so that the workers
    // finish together: a last 100 ms task on one worker while the other waits cost up to a tenth of a
    // one-second run on two threads.
    const share = Math.max(1, Math.ceil((run.last - first) / (2 * run.threads)));
    const last = Math.min(run.last, first + Math.min(group, share));
    next = last;
    inFlight++;
    const task = { started: performance.now() };
    if (busy < run.threads) busy++;
    else queued.push(task);
    pool
      .run(run.task(first, last), { signal: run.signal })
      .then((r: R) => {
        const perChunk = (performance.now() - task.started) / 1000 / (last - first);
        group = Math.max(1, Math.min(4096, Math.round(target / Math.max(perChunk, 1e-6))));
        ready.set(first, r);
      })
      .catch((e: unknown) => {
        failure ??= e instanceof Error && e.cause === USER_ERROR_CAUSE ? new UserError(e.message) : e;
      })
      .finally(() => {
        inFlight--;
        const next = queued.shift(); // the worker this task had goes to the oldest waiting task
        if (next !== undefined) next.started = performance.now();
        else busy--;
        wake?.();
      });
  };

  while (deliver < run.last) {
    while (failure === null && inFlight < inFlightMax && next < run.last) submit();
    if (failure !== null) {
      // Let running tasks end before the pool is destroyed.
      while (inFlight > 0) await new Promise<void>((r) => (wake = r));
      throw failure;
    }
    const r = ready.get(deliver);
    if (r === undefined) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      continue;
    }
    ready.delete(deliver);
    deliver = r.lastChunk;
    await run.onResult(r);
    done += r.games;
    run.onProgress?.(done);
    if (run.stop?.()) {
      next = run.last; // hand out nothing more; let running tasks end before the pool goes
      while (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
      return;
    }
  }
}
