/**
 * A made-up objective for testing the search methods without the engine: game g gives candidate p the
 * integer value round(10 * (f(p) + common_g + own_{g,p})), common_g shared by every candidate of the
 * game (what common random numbers share), own noise per candidate. Sums are built exactly as
 * engine/candidates.ts builds them.
 */
import { addGame, sumsLength } from '../../src/engine/candidates.js';
import { Rng } from '../../src/engine/rng.js';
import { gaussian } from '../../src/tune/cmaes.js';
import { type Searcher, distinct, pointKey, stepResult } from '../../src/tune/search.js';
import type { Point } from '../../src/tune/space.js';
import { BlockStats } from '../../src/tune/stats.js';

export interface Synthetic {
  f(p: Point): number;
  common: number;
  own: number;
}

export function playSynthetic(s: Synthetic, points: Point[], games: number, rng: Rng): BlockStats {
  const k = points.length;
  const sums = new Float64Array(sumsLength(k));
  const y = new Float64Array(k);
  const u = () => rng.unit();
  for (let g = 0; g < games; g++) {
    const c = s.common * gaussian(u);
    for (let i = 0; i < k; i++) y[i] = Math.round(10 * (s.f(points[i]) + c + s.own * gaussian(u)));
    addGame(sums, y, k);
  }
  return new BlockStats(k, 10, sums);
}

/** The sums of per-game values (rows: games; columns: candidates). */
export function sumsOf(values: number[][]): Float64Array {
  const s = new Float64Array(sumsLength(values[0].length));
  for (const y of values) addGame(s, y, y.length);
  return s;
}

/** Runs a searcher to the end on the synthetic objective; returns its steps and games. */
export function runSynthetic(searcher: Searcher, s: Synthetic, seed: number): { steps: number; games: number } {
  const rng = new Rng(`synthetic/${seed}`);
  let steps = 0;
  let games = 0;
  for (let p = searcher.next(); p !== null; p = searcher.next()) {
    const unique = distinct(p.points);
    const row = new Map(unique.map((q, i) => [pointKey(q), i]));
    searcher.observe(stepResult(playSynthetic(s, unique, p.games, rng), p.points.map((q) => row.get(pointKey(q))!)));
    steps++;
    games += p.games * unique.length;
  }
  return { steps, games };
}
