/**
 * `node dist/bench/outcome-cost.js [UNITS] [PROCESSES]`: what `--decisions outcomes` costs a 4-player
 * game (count.ts's sevn-4p against sevn-4p-outcomes), as `sevensim bench`'s outcome-cost target
 * measures it: 1 - (recorded games per CPU second) / (games per CPU second without recording). Each of
 * PROCESSES fresh processes (default 6) warms both workloads up, then times UNITS games (default 15,000)
 * of each, alternating 8 times in CPU seconds (pair.ts's method: loops a moment apart see the same
 * machine); it prints the cost per process and the median.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';
import { WORKLOADS, playWorkload } from './count.js';

const ROUNDS = 8;

function inner(units: number): number {
  const plain = WORKLOADS.find((w) => w.name === 'sevn-4p')!;
  const recorded = WORKLOADS.find((w) => w.name === 'sevn-4p-outcomes')!;
  const time = (w: typeof plain): number => {
    const c0 = process.cpuUsage();
    playWorkload(w, units, 1);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
  for (let i = 0; i < 2; i++) {
    time(plain);
    time(recorded);
  }
  let tp = 0;
  let tr = 0;
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 1) tr += time(recorded);
    tp += time(plain);
    if (r % 2 === 0) tr += time(recorded);
  }
  return 1 - tp / tr;
}

const [units = '15000', processes = '6', mode] = process.argv.slice(2);
if (mode === '--inner') console.log(inner(Number(units)));
else {
  const costs: number[] = [];
  for (let p = 0; p < Number(processes); p++) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), units, processes, '--inner'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    costs.push(Number(r.stdout));
  }
  costs.sort((x, y) => x - y);
  console.log(`--decisions outcomes, 4-player games: throughput lost per process ${costs.map((x) => `${(100 * x).toFixed(1)}%`).join(' ')}; median ${(100 * median(costs)).toFixed(1)}%`);
}
