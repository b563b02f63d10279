/**
 * `node dist/bench/instructions.js [WORKLOAD...]`: instructions per unit of each workload of count.ts,
 * counted by valgrind (callgrind, node with NODE_FLAGS below):
 * (instructions with UNITS units - instructions with 0 units) / UNITS, both after the same warm-up.
 * Independent of the machine's load, so before/after comparisons hold on a busy machine; a run takes
 * one to three minutes a workload.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WORKLOADS } from './count.js';

const COUNT = fileURLToPath(new URL('./count.js', import.meta.url));
/**
 * One thread, and the optimising compiles done synchronously. With --single-threaded alone the JIT's
 * background jobs run only when the event loop turns, never inside a long synchronous loop: the loop
 * then runs unoptimised code to its end (a Math.floor cost 700 instructions instead of one).
 */
export const NODE_FLAGS = ['--single-threaded', '--no-concurrent-recompilation', '--no-concurrent-osr'];

function instructions(name: string, units: number): number {
  const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...NODE_FLAGS, COUNT, name, String(units)], { encoding: 'utf8' });
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`valgrind on ${name} failed:\n${r.stderr.slice(-2000)}`);
  return Number(m[1]);
}

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rows: { workload: string; units: number; perUnit: number }[] = [];
for (const w of WORKLOADS.filter((x) => only.length === 0 || only.includes(x.name))) {
  const base = instructions(w.name, 0);
  const full = instructions(w.name, w.units);
  const perUnit = (full - base) / w.units;
  rows.push({ workload: w.name, units: w.units, perUnit });
  console.log(`${w.name.padEnd(20)} ${Math.round(perUnit).toLocaleString('en-US').padStart(10)} instructions a ${w.mode === 'game' ? 'game' : w.game === 'sevenfall' ? 'turn' : 'round'} (${w.units.toLocaleString('en-US')} units)`);
}
if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
