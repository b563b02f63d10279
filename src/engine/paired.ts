/**
 * Paired comparison of two strategies on common random numbers. Game g is played twice from the
 * same random streams, hashed from (seed, g) (reseedGame): once with A and once with B in the candidate seat
 * (seat g mod seats, so seats rotate), the field in the other seats. The per-game differences are
 * summed in integers, so results do not depend on threads or task grouping.
 */
import { type Mode, type UnitRunner, WIN_UNITS } from './game.js';
import type { ChunkRange } from './runner.js';

export interface PairedDefinition {
  game: string;
  rules: unknown;
  mode: Mode;
  a: string;
  b: string;
  field: string[];
  games: number;
  seed: number;
  chunkSize: number;
}

/** A paired run less its rules: what a pool's task says. */
export type PairedPlan = Omit<PairedDefinition, 'rules'>;

/** Seat lineups: lineup r has the candidate in seat r. */
export function lineups(def: Pick<PairedDefinition, 'field'>, candidate: string): string[][] {
  const seats = def.field.length + 1;
  return Array.from({ length: seats }, (_, r) => {
    const l = [...def.field];
    l.splice(r, 0, candidate);
    return l;
  });
}

/** Sums over games: [n, Σd, Σd², Σdw, Σdw², ΣsA, ΣsA², ΣsB, ΣsB², ΣwA, ΣwB, ΣwA², ΣwB²] (win in WIN_UNITS). */
export const PAIRED_FIELDS = 13;

export interface PairedResult extends ChunkRange {
  /** PAIRED_FIELDS sums over every game of the range. */
  sums: Float64Array;
  /** PAIRED_FIELDS sums per chunk, chunk `firstChunk` first: an SPRT can stop after any chunk. */
  perChunk: Float64Array;
}

export function playPaired(runnersA: UnitRunner[], runnersB: UnitRunner[], def: PairedPlan, first: number, last: number): PairedResult {
  const sums = new Float64Array(PAIRED_FIELDS * (last - first));
  const seats = runnersA.length;
  const start = first * def.chunkSize;
  const end = Math.min(last * def.chunkSize, def.games);
  for (let g = start; g < end; g++) {
    const seat = g % seats;
    const a = runnersA[seat];
    const b = runnersB[seat];
    a.reseedGame(def.seed, g);
    a.playOne();
    b.reseedGame(def.seed, g);
    b.playOne();
    const sa = a.scores[seat];
    const sb = b.scores[seat];
    const wa = Math.round(a.winShare[seat] * WIN_UNITS);
    const wb = Math.round(b.winShare[seat] * WIN_UNITS);
    const d = sa - sb;
    const dw = wa - wb;
    const o = (Math.floor(g / def.chunkSize) - first) * PAIRED_FIELDS;
    sums[o] += 1;
    sums[o + 1] += d;
    sums[o + 2] += d * d;
    sums[o + 3] += dw;
    sums[o + 4] += dw * dw;
    sums[o + 5] += sa;
    sums[o + 6] += sa * sa;
    sums[o + 7] += sb;
    sums[o + 8] += sb * sb;
    sums[o + 9] += wa;
    sums[o + 10] += wb;
    sums[o + 11] += wa * wa;
    sums[o + 12] += wb * wb;
  }
  const total = new Float64Array(PAIRED_FIELDS);
  for (let i = 0; i < sums.length; i++) total[i % PAIRED_FIELDS] += sums[i];
  return { firstChunk: first, lastChunk: last, games: end - start, sums: total, perChunk: sums };
}
