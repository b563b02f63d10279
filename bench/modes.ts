/**
 * `node dist/bench/modes.js [WORKLOAD] [PAIRS] [UNITS]`: is a slow process the JIT or the machine?
 * Runs a workload of count.ts (default sevn-4p) in 2 x PAIRS fresh processes, alternating node's
 * default (optimising compiles on a background thread, so what gets inlined can depend on timing)
 * with the compiles made synchronous (the same code in every process: valgrind counts the same
 * instructions each time), and prints each process's units per CPU second and the load average.
 * If the synchronous processes spread as much as the default ones, and slow processes come in
 * neighbouring pairs whatever the mode, the spread is the machine's, not the JIT's.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WORKLOADS, playWorkload } from './count.js';

const SYNC = ['--no-concurrent-recompilation', '--no-concurrent-osr'];

/** In the child: a warm-up of a tenth, then UNITS units timed by CPU time. */
function child(name: string, units: number): void {
  const w = WORKLOADS.find((x) => x.name === name);
  if (!w) throw new Error(`no workload "${name}" (workloads: ${WORKLOADS.map((x) => x.name).join(', ')})`);
  playWorkload(w, Math.max(1, Math.floor(units / 10)), 7);
  const c0 = process.cpuUsage();
  playWorkload(w, units, 1);
  const c = process.cpuUsage(c0);
  process.stdout.write(String(units / ((c.user + c.system) / 1e6)));
}

const [name = 'sevn-4p', pairs = '10', units = '150000'] = process.argv.slice(2).filter((a) => a !== '--child');
if (process.argv.includes('--child')) child(name, Number(units));
else {
  const self = fileURLToPath(import.meta.url);
  const rates: Record<string, number[]> = { default: [], synchronous: [] };
  for (let i = 0; i < Number(pairs); i++) {
    for (const [mode, flags] of [['default', []], ['synchronous', SYNC]] as const) {
      const p = spawnSync(process.execPath, [...flags, self, name, pairs, units, '--child'], { encoding: 'utf8' });
      if (p.status !== 0) throw new Error(`${mode} run failed:\n${p.stderr}`);
      const rate = Number(p.stdout);
      rates[mode].push(rate);
      console.log(`${String(2 * i + 1 + (mode === 'default' ? 0 : 1)).padStart(3)} ${mode.padEnd(12)} ${Math.round(rate).toLocaleString('en-US').padStart(12)} units per CPU second  (load ${loadavg()[0].toFixed(1)})`);
    }
  }
  for (const [mode, r] of Object.entries(rates)) {
    const s = [...r].sort((a, b) => a - b);
    console.log(`${mode.padEnd(12)} min ${Math.round(s[0]).toLocaleString('en-US')}, median ${Math.round(s[Math.floor((s.length - 1) / 2)]).toLocaleString('en-US')}, max ${Math.round(s[s.length - 1]).toLocaleString('en-US')}`);
  }
}
