/**
 * Several candidate strategies on common random numbers: every candidate plays game g from the same
 * random streams, hashed from (seed, g) (see gameKey), in seat g mod seats with the field in the other seats. Per game
 * each candidate's objective value is an integer (a score, a win share in 1/840ths, or 0/1 for "scored
 * at least K"); the chunk returns n, the sums and the upper triangle of the cross products, all
 * integer-exact, so every mean, SE and paired difference is the same whatever the threads or grouping.
 */
import type { Mode, UnitRunner } from './game.js';
import { type ChunkRange, WIN_UNITS } from './runner.js';

export type Objective = { kind: 'mean' } | { kind: 'win' } | { kind: 'at-least'; k: number };

/** A block of tune's games. The game and rules are the pool's (sent once to each worker), not the task's. */
export interface CandidatesDefinition {
  mode: Mode;
  candidates: string[];
  field: string[];
  objective: Objective;
  seed: number;
  /** Index of the block's first game: blocks are numbered apart, so no two blocks share a deal. */
  offset: number;
  games: number;
  chunkSize: number;
}

export interface CandidatesResult extends ChunkRange {
  /** [n, Σy_0..Σy_{K-1}, then Σy_i·y_j for i <= j row by row]: see crossIndex. */
  sums: Float64Array;
}

export const sumsLength = (k: number): number => 1 + k + (k * (k + 1)) / 2;

/** Where Σy_i·y_j (i <= j) sits in the sums of k candidates. */
export const crossIndex = (k: number, i: number, j: number): number => 1 + k + i * k - (i * (i - 1)) / 2 + (j - i);

/** The integer objective value of `seat` in the unit `r` just played. */
function objectiveValue(r: UnitRunner, seat: number, o: Objective): number {
  if (o.kind === 'mean') return r.scores[seat];
  if (o.kind === 'win') return Math.round(r.winShare[seat] * WIN_UNITS);
  return r.scores[seat] >= o.k ? 1 : 0;
}

/** Plays chunks [first, last) of the block; runners[c][s] has candidate c in seat s. */
export function playCandidates(runners: UnitRunner[][], def: CandidatesDefinition, first: number, last: number): CandidatesResult {
  const k = runners.length;
  const seats = runners[0].length;
  const sums = new Float64Array(sumsLength(k));
  const y = new Float64Array(k);
  const start = first * def.chunkSize;
  const end = Math.min(last * def.chunkSize, def.games);
  if (seats === 1 && playByRange(runners, def, start, end, sums)) return { firstChunk: first, lastChunk: last, games: end - start, sums };
  for (let i = start; i < end; i++) {
    const g = def.offset + i;
    const seat = g % seats;
    for (let c = 0; c < k; c++) {
      const r = runners[c][seat];
      r.reseedGame(def.seed, g);
      r.playOne();
      y[c] = objectiveValue(r, seat, def.objective);
    }
    addGame(sums, y, k);
  }
  return { firstChunk: first, lastChunk: last, games: end - start, sums };
}

/** One game's candidate values into the block sums: the count, each sum, each product (crossIndex's order). */
export function addGame(sums: Float64Array, y: ArrayLike<number>, k: number): void {
  sums[0] += 1;
  let at = 1 + k;
  for (let a = 0; a < k; a++) {
    const ya = y[a];
    sums[1 + a] += ya;
    for (let b = a; b < k; b++) sums[at++] += ya * y[b];
  }
}

/** Games each candidate's playRange plays at a time. */
const RANGE_BLOCK = 1024;

/**
 * Solo candidates (one seat) by their runners' playRange (round mode: no win shares, so the win
 * objective is 0, as objectiveValue reads it there), summed as playCandidates' loop sums them; false, having played nothing, when a runner has no fast path.
 */
function playByRange(runners: UnitRunner[][], def: CandidatesDefinition, start: number, end: number, sums: Float64Array): boolean {
  const k = runners.length;
  if (start === end || runners.some(([r]) => r.playRange === undefined)) return false;
  const scores = runners.map(() => new Int32Array(RANGE_BLOCK));
  const busts = new Int32Array(RANGE_BLOCK);
  const y = new Float64Array(k);
  const o = def.objective;
  for (let g = start; g < end; g += RANGE_BLOCK) {
    const stop = Math.min(end, g + RANGE_BLOCK);
    for (let c = 0; c < k; c++) {
      if (!runners[c][0].playRange!(def.seed, def.offset + g, def.offset + stop, scores[c], busts)) {
        if (g === start && c === 0) return false;
        throw new Error('playRange: the fast path stopped applying in the middle of a block');
      }
    }
    for (let i = 0; i < stop - g; i++) {
      for (let c = 0; c < k; c++) {
        const score = scores[c][i];
        y[c] = o.kind === 'mean' ? score : o.kind === 'win' ? 0 : score >= o.k ? 1 : 0;
      }
      addGame(sums, y, k);
    }
  }
  return true;
}

