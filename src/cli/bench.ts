/** `sevensim bench`: games per second inline, on one worker and on T workers, for every workload in the catalog. */
import { gameNames } from '../catalog.js';
import { checkInteger, checkNumber } from '../engine/checks.js';
import { type BenchRow, benchWorkload, benchWorkloads, formatBench } from '../run/bench.js';
import { command, jsonOption, threadsOption } from './options.js';

export const benchCommand = command(
  'bench',
  'Measure games per second per game and mode: inline, on 1 worker and on T workers (pool overhead and scaling)',
  (y) =>
    y
      .option('game', { type: 'string', choices: gameNames(), describe: 'only this game (default: every game)' })
      .option('threads', threadsOption('workers for the parallel measurement'))
      .option('seconds', { type: 'number', default: 1, describe: 'single-thread seconds of work per measurement', coerce: (v: number) => checkNumber('--seconds', v, 0, Infinity) })
      .option('repeats', { type: 'number', default: 3, describe: 'runs per measurement; the median is reported', coerce: (v: number) => checkInteger('--repeats', v, 1) })
      .option('json', jsonOption('print the figures as JSON')),
  async (a) => {
    const rows: BenchRow[] = [];
    for (const w of benchWorkloads().filter((w) => a.game === undefined || w.game === a.game)) {
      if (!a.json) process.stderr.write(`benchmarking ${w.game} ${w.mode}...\n`);
      rows.push(await benchWorkload(w, a.threads, a.seconds, a.repeats));
    }
    console.log(a.json ? JSON.stringify(rows, null, 2) : formatBench(rows));
  },
);
