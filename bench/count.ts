/**
 * `node dist/bench/count.js WORKLOAD UNITS [WARMUP]`: plays UNITS games (or rounds) of one of the
 * issue's workloads through playChunks, as a simulate worker does, after WARMUP units played the
 * same way; prints nothing. Run it under valgrind twice with different UNITS and divide the
 * difference of the instruction counts by the difference of the units (bench/instructions.ts does):
 * a cost per unit free of start-up, JIT warm-up and machine load.
 */
import { gameModule } from '../src/catalog.js';
import type { Mode } from '../src/engine/game.js';
import { parseBuckets } from '../src/engine/decisions.js';
import { type RunDefinition, chunkCount, playChunks } from '../src/engine/runner.js';

export interface Workload {
  name: string;
  game: string;
  preset: string;
  mode: Mode;
  players: string[];
  decisions?: 'none' | 'outcomes';
  /** Units a valgrind run measures (the difference of this and half of it). */
  units: number;
}

const stayAt = (p: number[]): string[] => p.map((x) => `stay-at:points=${x}`);

/** The workloads, end to end through the simulate loop. */
export const WORKLOADS: Workload[] = [
  { name: 'sevenfall-stand', game: 'sevenfall', preset: 'sevenfall', mode: 'round', players: ['stand'], units: 400_000 },
  { name: 'sevn-numbers-solo', game: 'sevn', preset: 'sevn-numbers', mode: 'round', players: stayAt([25]), units: 400_000 },
  { name: 'sevn-4p', game: 'sevn', preset: 'sevn', mode: 'game', players: stayAt([20, 20, 20, 20]), units: 16_384 },
  { name: 'sevn-4p-outcomes', game: 'sevn', preset: 'sevn', mode: 'game', players: stayAt([20, 20, 20, 20]), decisions: 'outcomes', units: 16_384 },
  { name: 'sevn-4p-ev', game: 'sevn', preset: 'sevn', mode: 'game', players: ['ev', 'ev', 'ev', 'ev'], units: 4096 },
  { name: 'sevn-4p-race', game: 'sevn', preset: 'sevn', mode: 'game', players: ['race', 'race', 'race', 'race'], units: 4096 },
  { name: 'sevn-4p-mixed', game: 'sevn', preset: 'sevn', mode: 'game', players: stayAt([20, 25, 30, 35]), units: 16_384 },
];

export function playWorkload(w: Workload, units: number, seed: number): number {
  const game = gameModule(w.game);
  const rules = game.preset(w.preset);
  const runner = game.createRunner(rules, w.players, w.mode);
  const decisions = w.decisions ?? 'none';
  const def: RunDefinition = {
    game: w.game, rules, mode: w.mode, players: w.players, games: units, seed, chunkSize: 4096, decisions,
    buckets: parseBuckets(game.bucketFeatures(rules), game.defaultBuckets),
  };
  const r = playChunks(runner, def, 0, chunkCount(def), decisions !== 'none', false);
  return r.seats[1];
}

/** Per-game seeding alone (what tune pays every game): `units` calls of reseedGame on a solo sevn-numbers runner. */
function reseedGames(units: number): void {
  const game = gameModule('sevn');
  const runner = game.createRunner(game.preset('sevn-numbers'), ['stay-at:points=25'], 'round');
  for (let g = 0; g < units; g++) runner.reseedGame(1, g);
}

if (process.argv[1]?.endsWith('count.js') && process.argv[2] === 'reseed-solo') {
  reseedGames(200_000);
  reseedGames(Number(process.argv[3]));
} else if (process.argv[1]?.endsWith('count.js')) {
  const [name, units, warmup] = process.argv.slice(2);
  const w = WORKLOADS.find((x) => x.name === name);
  if (!w) throw new Error(`no workload "${name}" (workloads: ${WORKLOADS.map((x) => x.name).join(', ')})`);
  let sink = playWorkload(w, Number(warmup ?? w.units / 2), 7);
  if (Number(units) > 0) sink += playWorkload(w, Number(units), 1);
  if (sink < 0) console.log(sink);
}
