/**
 * `solve --game sevenfall --players 2 --objective win`: the 2-player game solved for the win
 * (../win-solver.ts, on a worker thread: solve-win-worker.ts), printed, as a table by round and score
 * difference (--table), and written as winprob.arrow with a sealed run.json (--out).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UserError } from '../../../engine/errors.js';
import { ArrowFileStream, batchOf, schemaOf } from '../../../io/arrow.js';
import { OutputDir } from '../../../io/output.js';
import { manifestHeader } from '../../../io/package-info.js';
import { writeRunJson } from '../../../io/manifest.js';
import type { SevenfallRules } from '../rules.js';
import type { WinWork, WinWorkMessage } from './solve-win-worker.js';

/**
 * One row per reachable state, both seats playing for the win: round (1-based), seat_to_move (0 or
 * 1), difference (seat 0's total minus seat 1's, before the turn), then each seat's win chance and the
 * tie chance from there.
 */
export const WINPROB_SCHEMA = schemaOf([
  ['round', 'int32'],
  ['seat_to_move', 'int32'],
  ['difference', 'int32'],
  ['seat0_win', 'float64'],
  ['seat1_win', 'float64'],
  ['tie', 'float64'],
]);

export interface SevenfallWinReport {
  game: 'sevenfall';
  preset: string | null;
  players: 2;
  objective: 'win';
  /** Both seats play for the win. */
  bothOptimal: { seat0Win: number; tie: number };
  /** Seat 0 plays for the win, seat 1 maximises its expected turn score every turn (`optimal`). */
  seat0OptimalVsEv: { seat0Win: number; tie: number };
  /** Seat 1 plays for the win, seat 0 maximises its expected turn score every turn. */
  seat1OptimalVsEv: { seat1Win: number; tie: number };
  /** Reachable (round, seat to move, score difference) states. */
  states: number;
  /** Wall time of the whole solve (the three inductions), one thread. */
  seconds: number;
}

/**
 * Solves, writes --out (winprob.arrow and a sealed run.json) and returns the report and, when asked,
 * the table. The solve runs on a worker thread, so that `signal` (Ctrl-C, SIGTERM) stops it at once:
 * the worker is ended, temporary files removed and a previous result left as it was.
 */
export async function solveSevenfallWinCommand(rules: SevenfallRules, preset: string | null, out: string | null, force = false, o: { table?: boolean; signal?: AbortSignal } = {}): Promise<{ report: SevenfallWinReport; table: string | null }> {
  const dir = out !== null ? new OutputDir(out, { force }) : null;
  dir?.prepare(); // before any work
  try {
    const start = performance.now();
    const work = await solveOnWorker(rules, o.table ?? false, o.signal);
    const report: SevenfallWinReport = {
      game: 'sevenfall',
      preset,
      players: 2,
      objective: 'win',
      bothOptimal: work.bothOptimal,
      seat0OptimalVsEv: work.seat0OptimalVsEv,
      seat1OptimalVsEv: work.seat1OptimalVsEv,
      states: work.states,
      seconds: (performance.now() - start) / 1000,
    };
    if (dir) {
      const stream = dir.track(new ArrowFileStream(dir.file('winprob.arrow'), WINPROB_SCHEMA));
      await stream.write(batchOf(WINPROB_SCHEMA, work.columns));
      await stream.close();
      writeRunJson(dir, { ...manifestHeader('solve-win', 'sevenfall', preset, null), rules, ...report, files: ['winprob.arrow'] });
      o.signal?.throwIfAborted(); // a signal that came while writing: nothing is put in place
      dir.commit();
    }
    return { report, table: work.table };
  } catch (e) {
    dir?.abort();
    throw dir ? dir.fault(e) : e;
  }
}

/** The worker's module: built JavaScript (under vitest this file runs from its .ts source, so dist/ is used). */
const here = fileURLToPath(import.meta.url);
const WORKER = here.endsWith('.ts') ? join(dirname(here), '../../../..', 'dist/src/games/sevenfall/analyses/solve-win-worker.js') : join(dirname(here), 'solve-win-worker.js');

/** solveWin on a worker thread; `signal` ends the worker and rejects with its reason. */
function solveOnWorker(rules: SevenfallRules, table: boolean, signal?: AbortSignal): Promise<WinWork> {
  signal?.throwIfAborted();
  const worker = new Worker(WORKER, { workerData: { task: 'solve-win', rules, table } });
  let stop = (): void => {};
  return new Promise<WinWork>((resolve, reject) => {
    stop = () => reject(signal!.reason);
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (m: WinWorkMessage) => ('work' in m ? resolve(m.work) : reject(m.user ? new UserError(m.error) : new Error(m.error))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the solve's worker thread stopped (exit code ${code})`)));
  }).finally(() => {
    signal?.removeEventListener('abort', stop);
    void worker.terminate();
  });
}

const f6 = (x: number): string => x.toFixed(6);

export function formatSevenfallWin(r: SevenfallWinReport): string {
  const b = r.bothOptimal;
  return [
    `SEVENFALL (${r.preset ?? 'rules file'}), 2 players, objective win (exact, by backward induction over round, seat to move and score difference)`,
    `  both play for the win:                 seat 0 wins ${f6(b.seat0Win)}, tie ${f6(b.tie)}, seat 1 wins ${f6(Math.max(0, 1 - b.seat0Win - b.tie))}`,
    `  seat 0 for the win, seat 1 optimal ev: seat 0 wins ${f6(r.seat0OptimalVsEv.seat0Win)}, tie ${f6(r.seat0OptimalVsEv.tie)}`,
    `  seat 1 for the win, seat 0 optimal ev: seat 1 wins ${f6(r.seat1OptimalVsEv.seat1Win)}, tie ${f6(r.seat1OptimalVsEv.tie)}`,
    `  ${r.states.toLocaleString('en-US')} (round, seat to move, difference) states; solved in ${r.seconds.toFixed(2)} s on one thread`,
  ].join('\n');
}
