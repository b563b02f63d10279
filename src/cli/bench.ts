/**
 * `sevensim bench`: games per second inline, on one worker and on T workers, for every workload in the
 * catalog; then the speed targets, each beside its measured figure with a verdict.
 */
import { gameNames } from '../catalog.js';
import { checkInteger, checkNumber } from '../engine/checks.js';
import { type BenchRow, benchWorkload, benchWorkloads, formatBench, speedModeWarning } from '../run/bench.js';
import { type TargetResult, formatTargets, machineLoad, measureTargets } from '../run/bench-targets.js';
import { command, jsonOption, threadsOption } from './options.js';

export const benchCommand = command(
  (y) =>
    y
      .option('game', { type: 'string', choices: gameNames(), describe: 'only this game\'s workloads, and no targets (default: every game, then the targets)' })
      .option('threads', threadsOption('workers for the parallel measurement'))
      .option('seconds', { type: 'number', default: 1, describe: 'single-thread seconds of work per measurement (the 2-thread scaling target plays at least 64 chunks of 4,096 games)', coerce: (v: number) => checkNumber('--seconds', v, 0, Infinity) })
      .option('repeats', { type: 'number', default: 3, describe: 'runs per measurement, interleaved on warmed pools; the median is reported (of the runs\' ratios for scaling and the targets\' ratios)', coerce: (v: number) => checkInteger('--repeats', v, 1) })
      .option('targets', { type: 'boolean', default: true, describe: 'measure the speed targets and give each a PASS or FAIL (--no-targets skips them)' })
      .option('json', jsonOption('print the figures as JSON: workloads, targets (target, measured, verdict), load (load average, cores, warning) and modeWarning (a worker in the machine\'s slower mode, or null)')),
  async (a) => {
    const rows: BenchRow[] = [];
    const say = (what: string): void => {
      if (!a.json) process.stderr.write(`benchmarking ${what}...\n`);
    };
    for (const w of benchWorkloads().filter((w) => a.game === undefined || w.game === a.game)) {
      say(`${w.game} ${w.mode}`);
      rows.push(await benchWorkload(w, a.threads, a.seconds, a.repeats));
    }
    let targets: TargetResult[] = [];
    let targetRows: BenchRow[] = [];
    if (a.targets && a.game === undefined) ({ targets, workloads: targetRows } = await measureTargets(a.seconds, a.repeats, say));
    const load = machineLoad();
    const modeWarning = speedModeWarning([...rows, ...targetRows]);
    if (a.json) console.log(JSON.stringify({ workloads: rows, targets, load, modeWarning }, null, 2));
    else {
      console.log(formatBench(rows));
      if (targets.length > 0) console.log(`\n${formatTargets(targets, load)}`);
      else if (load.warning) console.log(load.warning);
      if (modeWarning) console.log(modeWarning);
    }
  },
);
