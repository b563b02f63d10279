/**
 * `node dist/bench/functions.js WORKLOAD [LOW] [HIGH] [ROWS]`: instructions per unit of a count.ts
 * workload, function by function, counted by valgrind. Two callgrind runs (LOW and HIGH units, default
 * 2,048 and 10,240, each after the same 4,096-unit warm-up), the difference over HIGH - LOW: start-up,
 * warm-up and what a run pays once (a new runner, the compiles and deoptimisations it starts) cancel.
 * V8's code is named from its perf map (node --perf-basic-prof): an optimised function's count holds
 * everything V8 inlined into it. Needs valgrind; takes a few minutes.
 *
 * Why two runs rather than 0 units and UNITS (instructions.ts): the second playWorkload of a run
 * builds a new runner, and the compiles and deoptimisations that brings are counted in its units. For
 * sevn-4p-outcomes that was about 10,000 instructions a game of 4,096 (bench/README.md, fifth pass).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const COUNT = fileURLToPath(new URL('./count.js', import.meta.url));
/** As instructions.ts: one thread, the optimising compiles synchronous (see there why). */
const NODE_FLAGS = ['--single-threaded', '--no-concurrent-recompilation', '--no-concurrent-osr'];

/** Self instructions per function name (JS code by its perf-map name, native code by its symbol). */
function profile(dir: string, workload: string, units: number): Map<string, number> {
  const out = join(dir, `cg.${units}`);
  const r = spawnSync('valgrind', ['--tool=callgrind', '--dump-instr=yes', `--callgrind-out-file=${out}`, process.execPath, '--perf-basic-prof', ...NODE_FLAGS, COUNT, workload, String(units), '4096'], { encoding: 'utf8', cwd: dir });
  const pid = /==(\d+)==/.exec(r.stderr)?.[1];
  if (r.status !== 0 || pid === undefined) throw new Error(`valgrind on ${workload} failed:\n${r.stderr.slice(-2000)}`);
  const mapFile = join(dir, `perf.${units}`);
  renameSync(`/tmp/perf-${pid}.map`, mapFile);
  const code = readFileSync(mapFile, 'utf8').trim().split('\n').map((l) => l.split(' ')).map(([a, n, ...name]) => ({ start: parseInt(a, 16), end: parseInt(a, 16) + parseInt(n, 16), name: name.join(' ') }));
  code.sort((a, b) => a.start - b.start);
  const named = (addr: number): string | null => {
    let lo = 0;
    let hi = code.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (code[mid].start <= addr) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi >= 0 && addr < code[hi].end ? code[hi].name.replace(/file:\/\/\/\S*?\/dist\//, '').replace(/^JS:[*~^+]?/, '') : null;
  };
  const ids = new Map<string, string>();
  const nameOf = (field: string): string => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(field.trim());
    if (m === null) return field.trim();
    if (m[2] !== undefined) ids.set(m[1], m[2]);
    return ids.get(m[1]) ?? '?';
  };
  const self = new Map<string, number>();
  let fn = '?';
  let addr = 0;
  let skip = false;
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    if (line.startsWith('fn=') || line.startsWith('cfn=')) {
      const f = nameOf(line.slice(line.indexOf('=') + 1));
      if (line.startsWith('fn=')) fn = f;
      continue;
    }
    if (line.startsWith('calls=')) {
      skip = true; // the next line is the call's inclusive cost, not this function's own
      continue;
    }
    const m = /^(0x[0-9a-f]+|[+-]\d+|\*)\s+\S+\s+(\d+)/.exec(line);
    if (m === null) continue;
    const a = m[1];
    addr = a === '*' ? addr : a.startsWith('0x') ? parseInt(a, 16) : addr + Number(a);
    if (skip) {
      skip = false;
      continue;
    }
    const key = named(addr) ?? `[native] ${fn}`;
    self.set(key, (self.get(key) ?? 0) + Number(m[2]));
  }
  return self;
}

const [workload, low = '2048', high = '10240', rows = '30'] = process.argv.slice(2);
if (!workload) throw new Error('usage: node dist/bench/functions.js WORKLOAD [LOW] [HIGH] [ROWS]');
const dir = mkdtempSync(join(tmpdir(), 'sevensim-functions-'));
try {
  const a = profile(dir, workload, Number(low));
  const b = profile(dir, workload, Number(high));
  const units = Number(high) - Number(low);
  const per = [...new Set([...a.keys(), ...b.keys()])].map((k) => [k, ((b.get(k) ?? 0) - (a.get(k) ?? 0)) / units] as const);
  const total = per.reduce((s, [, x]) => s + x, 0);
  console.log(`${workload}: ${Math.round(total).toLocaleString('en-US')} instructions a unit (${units.toLocaleString('en-US')} units: ${high} - ${low})`);
  for (const [k, x] of per.sort((p, q) => q[1] - p[1]).slice(0, Number(rows))) console.log(`${Math.round(x).toLocaleString('en-US').padStart(10)}  ${(100 * x / total).toFixed(1).padStart(5)}%  ${k.slice(0, 110)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
