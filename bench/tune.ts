/**
 * `npm run bench:tune`: games per second while tuning against `simulate` on the lineups `sevensim
 * bench` checks (TUNE_LINEUPS: SEVN solo rounds, 4-player stay-at, SEVENFALL greedy turns, 4-player
 * race against ev), on T threads.
 *
 * Tuning plays each game once per candidate, every game from its own seeded streams (common random
 * numbers), where simulate seeds once per chunk of 4096 games; the target is within 20% of
 * simulate. Each figure is the median of --repeats runs, tune and simulate in turn (single runs on a
 * shared 2-core machine move by 10-30%). Usage: node dist/bench/tune.js [--threads T] [--repeats R] [--seconds S] [--json]
 */
import { defaultThreads } from '../src/parallel/pool.js';
import { TUNE_LINEUPS, tuneRatio } from '../src/run/bench-targets.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const threads = flag('--threads', defaultThreads());
const repeats = flag('--repeats', 3);
const seconds = flag('--seconds', 2);

const rows = [];
for (const w of Object.values(TUNE_LINEUPS)) {
  const name = `${w.game} ${w.preset ?? ''} ${w.mode} ${w.players.join(' ')}`.replace(/\s+/g, ' ');
  const r = await tuneRatio(w, seconds, repeats, threads);
  const row = { workload: name, tuned: `${w.strategy} ${w.param}`, threads, simulatePerSecond: r.simulatePerSecond, tunePerSecond: r.tunePerSecond, ratio: r.ratio, range: r.range };
  rows.push(row);
  if (!args.includes('--json')) {
    const f = (x: number) => Math.round(x).toLocaleString('en-US').padStart(11);
    console.log(`${name.padEnd(58)} simulate ${f(row.simulatePerSecond)}/s  tune ${f(row.tunePerSecond)}/s  tune/simulate ${row.ratio.toFixed(2)} (${row.range.map((x) => x.toFixed(2)).join(' to ')}; target >= 0.80) ${row.ratio >= 0.8 ? 'PASS' : 'FAIL'}`);
  }
}
if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
