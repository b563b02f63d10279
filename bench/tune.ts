/**
 * `npm run bench:tune`: games per second while tuning against `simulate` on the same lineup.
 *
 * Tuning plays each game once per candidate, every game from its own seeded streams (common random
 * numbers), where simulate seeds once per chunk of 4096 games; the target is within 20% of
 * simulate. Each figure is the median of --repeats runs, tune and simulate interleaved (single runs
 * on a shared 2-core machine move by 10-30%). Usage: node dist/bench/tune.js [--threads T] [--repeats R] [--json]
 */
import type { Mode } from '../src/engine/game.js';
import { gameModule } from '../src/catalog.js';
import { defaultThreads } from '../src/parallel/pool.js';
import { simulate } from '../src/run/simulate.js';
import { tune } from '../src/run/tune.js';
import { median } from 'simple-statistics';

interface Workload {
  name: string;
  game: 'sevn' | 'sevenfall';
  preset: string;
  mode: Mode;
  /** The tuned strategy and its range; simulate plays `players` (the tuned strategy at its default first). */
  strategy: string;
  param: string;
  field: string[];
  players: string[];
  games: number;
}

const WORKLOADS: Workload[] = [
  { name: 'sevn 4-player games, stay-at vs a field', game: 'sevn', preset: 'sevn', mode: 'game', strategy: 'stay-at', param: 'points=15:35:5', field: ['stay-at-cards', 'bust-cap', 'random'], players: ['stay-at', 'stay-at-cards', 'bust-cap', 'random'], games: 300_000 },
  { name: 'sevenfall greedy turns', game: 'sevenfall', preset: 'sevenfall', mode: 'round', strategy: 'greedy', param: 'margin=0:2:0.5', field: [], players: ['greedy'], games: 1_000_000 },
  { name: 'sevn sevn-numbers stay-at solo rounds', game: 'sevn', preset: 'sevn-numbers', mode: 'round', strategy: 'stay-at', param: 'points=20:30', field: [], players: ['stay-at'], games: 6_000_000 },
];

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const threads = flag('--threads', defaultThreads());
const repeats = flag('--repeats', 3);

const rows = [];
for (const w of WORKLOADS) {
  const game = gameModule(w.game);
  const rules = game.preset(w.preset);
  const sim: number[] = [];
  const tuned: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const s = await simulate({ game, rules, preset: w.preset, mode: w.mode, players: w.players, games: w.games, seed: 1 + r, threads });
    sim.push(s.manifest.gamesPerSecond);
    const t = await tune({ game, rules, preset: w.preset, mode: w.mode, strategy: w.strategy, params: [w.param], fix: [], start: null, field: w.field, objective: 'mean', method: 'grid', budget: w.games, seed: 1 + r, threads, out: null });
    tuned.push(t.report.gamesPerSecond);
  }
  const row = { workload: w.name, threads, simulatePerSecond: median(sim), tunePerSecond: median(tuned), ratio: median(tuned) / median(sim) };
  rows.push(row);
  if (!args.includes('--json')) {
    const f = (x: number) => Math.round(x).toLocaleString('en-US').padStart(11);
    console.log(`${w.name.padEnd(42)} simulate ${f(row.simulatePerSecond)}/s  tune ${f(row.tunePerSecond)}/s  tune/simulate ${row.ratio.toFixed(2)} (target >= 0.80) ${row.ratio >= 0.8 ? 'PASS' : 'FAIL'}`);
  }
}
if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
