/**
 * Paired comparison of two strategies on common random numbers. Game g is played twice from the
 * same random streams, named by (seed, g): once with A and once with B in the candidate seat
 * (seat g mod seats, so seats rotate), the field in the other seats. The per-game differences are
 * summed in integers, so results do not depend on threads or task grouping.
 */
import type { Mode, UnitRunner } from './game.js';
import { type ChunkRange, WIN_UNITS } from './runner.js';

export interface PairedDefinition {
  game: 'sevn' | 'sevenfall';
  rules: unknown;
  mode: Mode;
  a: string;
  b: string;
  field: string[];
  games: number;
  seed: number;
  chunkSize: number;
}

/** Seat lineups: lineup r has the candidate in seat r. */
export function lineups(def: Pick<PairedDefinition, 'field'>, candidate: string): string[][] {
  const seats = def.field.length + 1;
  return Array.from({ length: seats }, (_, r) => {
    const l = [...def.field];
    l.splice(r, 0, candidate);
    return l;
  });
}

/** Sums over games: [n, Σd, Σd², Σdw, Σdw², ΣsA, ΣsA², ΣsB, ΣsB², ΣwA, ΣwB] (win in 1/840ths). */
export const PAIRED_FIELDS = 11;

export interface PairedResult extends ChunkRange {
  sums: Float64Array;
}

export function playPaired(runnersA: UnitRunner[], runnersB: UnitRunner[], def: PairedDefinition, first: number, last: number): PairedResult {
  const sums = new Float64Array(PAIRED_FIELDS);
  const seats = runnersA.length;
  const start = first * def.chunkSize;
  const end = Math.min(last * def.chunkSize, def.games);
  for (let g = start; g < end; g++) {
    const seat = g % seats;
    const a = runnersA[seat];
    const b = runnersB[seat];
    a.reseed(def.seed, g);
    a.playOne();
    b.reseed(def.seed, g);
    b.playOne();
    const sa = a.scores[seat];
    const sb = b.scores[seat];
    const wa = Math.round(a.winShare[seat] * WIN_UNITS);
    const wb = Math.round(b.winShare[seat] * WIN_UNITS);
    const d = sa - sb;
    const dw = wa - wb;
    sums[0] += 1;
    sums[1] += d;
    sums[2] += d * d;
    sums[3] += dw;
    sums[4] += dw * dw;
    sums[5] += sa;
    sums[6] += sa * sa;
    sums[7] += sb;
    sums[8] += sb * sb;
    sums[9] += wa;
    sums[10] += wb;
  }
  return { firstChunk: first, lastChunk: last, games: end - start, sums };
}
