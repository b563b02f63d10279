/**
 * `npm run bench`: the engines' single-thread throughput and GC counts against their targets.
 *
 * Each case runs in a fresh process, --repeats times (default 3, interleaved), and the median is
 * reported with the range. A fresh process because measured after another engine's loops in the same process,
 * the SEVN games ran 10-25% slower (the JIT's feedback from the earlier loops carries over), while a
 * simulate worker runs one lineup. The child runs with --no-memory-reducer: V8's memory reducer
 * starts a full GC when a program has allocated nothing for some seconds, which is exactly what an
 * allocation-free loop does; a GC caused by allocation (a scavenge) is still counted.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type BenchCase, type Measurement, medianOf, report } from './measure.js';
import { SEVENFALL_BENCH } from './sevenfall.js';
import { SEVN_BENCH } from './sevn.js';

const CASES: BenchCase[] = [...SEVENFALL_BENCH, ...SEVN_BENCH];
const args = process.argv.slice(2);
const at = args.indexOf('--case');

if (at >= 0) {
  const c = CASES.find((x) => x.name === args[at + 1]);
  if (!c) throw new Error(`no bench case "${args[at + 1]}"`);
  process.stdout.write(JSON.stringify(await c.run()));
} else {
  const rAt = args.indexOf('--repeats');
  const repeats = rAt >= 0 ? Number(args[rAt + 1]) : 3;
  const only = args.find((a, i) => !a.startsWith('--') && (rAt < 0 || i !== rAt + 1));
  const cases = CASES.filter((x) => !only || x.name.includes(only));
  // Interleaved repeats, each in a fresh process: a case's speed differs from process to process
  // (see bench/README.md, "Bimodal speeds"), and a slow spell of the machine then hits every case
  // once instead of one case every time. The median is reported, with the range.
  const runs: Measurement[][] = cases.map(() => []);
  for (let r = 0; r < repeats; r++) {
    cases.forEach((c, i) => {
      const p = spawnSync(process.execPath, ['--expose-gc', '--no-memory-reducer', fileURLToPath(import.meta.url), '--case', c.name], { encoding: 'utf8' });
      if (p.status !== 0) throw new Error(`bench case "${c.name}" failed:\n${p.stderr}`);
      runs[i].push(JSON.parse(p.stdout) as Measurement);
    });
  }
  const results = runs.map((ms) => medianOf(ms));
  for (const m of results) console.log(report(m));
  if (args.includes('--json')) console.log(JSON.stringify(results, null, 2));
}
