/**
 * Measures a loop's throughput and the garbage collections that happened while it ran.
 * GC entries come from a PerformanceObserver; they arrive asynchronously, so we wait a tick.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';

export interface Measurement {
  name: string;
  units: string;
  count: number;
  seconds: number;
  perSecond: number;
  /** The same work over the process's CPU time (user + system): less moved by other work on the machine. */
  perCpuSecond: number;
  gcCount: number;
  target?: number;
  /** With repeats: the slowest and fastest run. */
  range?: [number, number];
  runs?: number;
}

/** One benchmark, run in a process of its own (see run.ts). */
export interface BenchCase {
  name: string;
  run(): Promise<Measurement>;
}

export async function measure(name: string, units: string, count: number, body: (n: number) => void, target?: number): Promise<Measurement> {
  body(Math.max(1, Math.floor(count / 10))); // warm up: let the JIT settle before timing
  let gcCount = 0;
  let start = Infinity; // entries delivered before the timed loop starts are not counted
  let end = Infinity;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= start && e.startTime <= end) gcCount++;
  });
  obs.observe({ entryTypes: ['gc'] });
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 20));
  const cpu0 = process.cpuUsage();
  start = performance.now();
  body(count);
  end = performance.now();
  const cpu = process.cpuUsage(cpu0);
  await new Promise((r) => setTimeout(r, 50));
  obs.disconnect();
  const seconds = (end - start) / 1000;
  return { name, units, count, seconds, perSecond: count / seconds, perCpuSecond: count / ((cpu.user + cpu.system) / 1e6), gcCount, target };
}

/** The run with the median rate (the lower middle for an even count), with the range of all. */
export function medianOf(ms: Measurement[]): Measurement {
  const sorted = [...ms].sort((a, b) => a.perSecond - b.perSecond);
  const m = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...m, gcCount: Math.max(...ms.map((x) => x.gcCount)), range: [sorted[0].perSecond, sorted[sorted.length - 1].perSecond], runs: ms.length };
}

export function report(m: Measurement): string {
  const rate = m.perSecond >= 1e6 ? `${(m.perSecond / 1e6).toFixed(2)} M` : `${(m.perSecond / 1e3).toFixed(1)} k`;
  const verdict = m.target === undefined ? '' : m.perSecond >= m.target && m.gcCount === 0 ? '  PASS' : '  FAIL';
  const goal = m.target === undefined ? '' : ` (target >= ${m.target.toLocaleString('en-US')}/s, 0 GC)`;
  const k = (x: number): string => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${(x / 1e3).toFixed(1)} k`);
  const spread = m.range ? ` (median of ${m.runs}, range ${k(m.range[0])}-${k(m.range[1])})` : '';
  return `${m.name.padEnd(44)} ${rate} ${m.units}/s${spread}  ${m.count.toLocaleString('en-US')} in ${m.seconds.toFixed(2)} s (${k(m.perCpuSecond)}/s of CPU), GC ${m.gcCount}${goal}${verdict}`;
}
