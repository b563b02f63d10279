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
  gcCount: number;
  target?: number;
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
  start = performance.now();
  body(count);
  end = performance.now();
  await new Promise((r) => setTimeout(r, 50));
  obs.disconnect();
  const seconds = (end - start) / 1000;
  return { name, units, count, seconds, perSecond: count / seconds, gcCount, target };
}

export function report(m: Measurement): string {
  const rate = m.perSecond >= 1e6 ? `${(m.perSecond / 1e6).toFixed(2)} M` : `${(m.perSecond / 1e3).toFixed(1)} k`;
  const verdict = m.target === undefined ? '' : m.perSecond >= m.target && m.gcCount === 0 ? '  PASS' : '  FAIL';
  const goal = m.target === undefined ? '' : ` (target >= ${m.target.toLocaleString('en-US')}/s, 0 GC)`;
  return `${m.name.padEnd(44)} ${rate} ${m.units}/s  ${m.count.toLocaleString('en-US')} in ${m.seconds.toFixed(2)} s, GC ${m.gcCount}${goal}${verdict}`;
}
