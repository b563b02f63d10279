/**
 * `node dist/bench/pair.js ROOT_A ROOT_B WORKLOAD [UNITS] [PROCESSES]`: how much faster build B plays a
 * workload of count.ts than build A (two checkouts, each built: ROOT/dist/bench/count.js). Each of
 * PROCESSES fresh processes (default 6) loads both builds, warms both up, then times UNITS units
 * (default 1,000,000) of each, alternating A and B 8 times, in CPU seconds; the processes alternate
 * which build goes first. It prints B's speed over A's per process and their median.
 *
 * Why both in one process: on this shared machine the speed of one process moves by 10-50% with the
 * load, so that whole runs of A and then B compare the moments more than the builds; loops a fraction
 * of a second apart see the same machine. A build against a copy of itself gives 1.00 this way.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';

type CountModule = typeof import('./count.js');

const ROUNDS = 8;

async function inner(rootA: string, rootB: string, name: string, units: number): Promise<number> {
  const load = async (root: string): Promise<CountModule> => (await import(pathToFileURL(resolve(root, 'dist/bench/count.js')).href)) as CountModule;
  const [a, b] = [await load(rootA), await load(rootB)];
  const wa = a.WORKLOADS.find((w) => w.name === name);
  const wb = b.WORKLOADS.find((w) => w.name === name);
  if (!wa || !wb) throw new Error(`no workload "${name}" (workloads: ${a.WORKLOADS.map((w) => w.name).join(', ')})`);
  const time = (m: CountModule, w: typeof wa): number => {
    const c0 = process.cpuUsage();
    m.playWorkload(w, units, 1);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
  for (let i = 0; i < 2; i++) {
    time(a, wa); // warm-up
    time(b, wb);
  }
  let ta = 0;
  let tb = 0;
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 1) tb += time(b, wb);
    ta += time(a, wa);
    if (r % 2 === 0) tb += time(b, wb);
  }
  return ta / tb;
}

const args = process.argv.slice(2);
if (args[0] === '--inner') {
  const [, rootA, rootB, name, units] = args;
  console.log(await inner(rootA, rootB, name, Number(units)));
} else {
  const [rootA, rootB, name, units = '1000000', processes = '6'] = args;
  if (!rootA || !rootB || !name) throw new Error('usage: node dist/bench/pair.js ROOT_A ROOT_B WORKLOAD [UNITS] [PROCESSES]');
  const self = fileURLToPath(import.meta.url);
  const ratios: number[] = [];
  for (let p = 0; p < Number(processes); p++) {
    const [first, second] = p % 2 === 0 ? [rootA, rootB] : [rootB, rootA];
    const r = spawnSync(process.execPath, [self, '--inner', first, second, name, units], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    const speed = Number(r.stdout); // second over first
    ratios.push(p % 2 === 0 ? speed : 1 / speed);
  }
  ratios.sort((x, y) => x - y);
  console.log(`${name}: B's units per CPU second over A's, per process: ${ratios.map((x) => x.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}`);
}
