/**
 * Tournament play: every table of `tableSize` entrants (every combination), every seat order of
 * each table, all on the same deals. Deal g seeds every game it plays from (seed, g) alone, so every
 * table and seat order of a deal meets the same cards (reseedGame) (common random numbers: seat advantage and luck
 * cancel in the comparisons), and results do not depend on threads or task grouping. Chunk c holds
 * deals [c * chunkSize, min((c + 1) * chunkSize, deals)). Every sum is a sum of integers (scores, and
 * win shares in 1/840ths), exact in a double.
 */
import type { Mode, UnitRunner } from './game.js';
import { bootstrapWeight, dealKey } from './rng.js';
import { type ChunkRange, WIN_UNITS } from './runner.js';

/**
 * Bootstrap replicates of the ratings. Each deal gets a Poisson(1) weight per replicate, drawn from
 * (seed, deal, replicate) alone (a Poisson bootstrap: sums over any split of the deals add up to the
 * same replicate sums, so chunks, threads and checkpoints need nothing more).
 */
export const BOOTSTRAP_REPLICATES = 200;

export interface TournamentDefinition {
  game: string;
  rules: unknown;
  mode: Mode;
  /** One strategy spec per entrant (the same spec twice is two entrants). */
  entrants: string[];
  tableSize: number;
  /** Deals, each played at every table in every seat order. */
  deals: number;
  seed: number;
  chunkSize: number;
  /** Bootstrap replicates of the head-to-head counts (BOOTSTRAP_REPLICATES). */
  bootstrap: number;
}

/** A tournament less its game and rules: what a pool's task says (the pool sends those once to each worker). */
export type TournamentPlan = Omit<TournamentDefinition, 'game' | 'rules'>;

/** Every combination of `k` of the entrant indices 0..n-1, in lexicographic order. */
export function tables(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (from: number, chosen: number[]): void => {
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let i = from; i <= n - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

/** Most seat orders of a table played in full: up to 5 seats every permutation (120), beyond that the n rotations. */
export const MAX_PERMUTED_SEATS = 5;

/** Seat orders of a table of n seats: order[seat] = position in the table's entrant list. */
export function seatOrders(n: number): number[][] {
  if (n > MAX_PERMUTED_SEATS) return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, s) => (s + r) % n));
  const out: number[][] = [];
  const permute = (rest: number[], acc: number[]): void => {
    if (rest.length === 0) {
      out.push(acc);
      return;
    }
    rest.forEach((x, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, x]));
  };
  permute(Array.from({ length: n }, (_, i) => i), []);
  return out;
}

/** Every lineup a deal plays: per table and order, the entrant in each seat. */
export function lineupsOf(def: Pick<TournamentDefinition, 'entrants' | 'tableSize'>): number[][] {
  const orders = seatOrders(def.tableSize);
  return tables(def.entrants.length, def.tableSize).flatMap((t) => orders.map((o) => o.map((i) => t[i])));
}

/**
 * The sums a range of deals adds, in one array (K entrants, B replicates): [deals, then K win sums
 * (in 1/840ths; in round mode the highest round score at the table wins), K score sums,
 * K x K sums of win products, K x K sums of score products, K x K head-to-head sums, K x K
 * head-to-head sums of squares, then per replicate its weight sum and its weighted head-to-head sums
 * of the pairs a < b (K (K - 1) / 2)]. Per deal, an entrant's win (score) is the sum over its games
 * in that deal; a head-to-head (a, b) counts 2 when a finishes ahead of b in a game they share and 1
 * on a tie (b's count over a is then 2 x the games they share less a's).
 */
export function tournamentFields(k: number, bootstrap: number): number {
  return 1 + 2 * k + 4 * k * k + bootstrap * replicateFields(k);
}

/** Per replicate: the weight sum, then the weighted head-to-head sum of each pair a < b. */
export function replicateFields(k: number): number {
  return 1 + (k * (k - 1)) / 2;
}

/** Where each block of the sums starts (see tournamentFields), for the writer and the reader alike. */
export function tournamentOffsets(k: number): { oW: number; oS: number; oWW: number; oSS: number; oH: number; oHH: number; oB: number } {
  const oWW = 1 + 2 * k;
  const oSS = oWW + k * k;
  const oH = oSS + k * k;
  return { oW: 1, oS: 1 + k, oWW, oSS, oH, oHH: oH + k * k, oB: oH + 2 * k * k };
}

export interface TournamentResult extends ChunkRange {
  sums: Float64Array;
}

/** Plays chunks [first, last); `runners[i]` plays lineup i of lineupsOf(def). */
export function playTournament(runners: UnitRunner[], lineups: number[][], def: TournamentPlan, first: number, last: number): TournamentResult {
  const k = def.entrants.length;
  const sums = new Float64Array(tournamentFields(k, def.bootstrap));
  const win = new Float64Array(k);
  const score = new Float64Array(k);
  const h2h = new Float64Array(k * k);
  const upper = new Float64Array(replicateFields(k) - 1);
  const key = new Int32Array(2);
  const { oW, oS, oWW, oSS, oH, oHH, oB } = tournamentOffsets(k);
  const rf = replicateFields(k);
  const start = first * def.chunkSize;
  const end = Math.min(last * def.chunkSize, def.deals);
  let games = 0;
  for (let g = start; g < end; g++) {
    win.fill(0);
    score.fill(0);
    h2h.fill(0);
    for (let l = 0; l < lineups.length; l++) {
      const r = runners[l];
      const seats = lineups[l];
      r.reseedGame(def.seed, g);
      r.playOne();
      games++;
      // Round mode has no game to win: the round's highest score wins it (a tie shares it).
      let top = 0;
      let tied = 0;
      if (def.mode === 'round') {
        top = r.scores[0];
        for (let s = 1; s < seats.length; s++) if (r.scores[s] > top) top = r.scores[s];
        for (let s = 0; s < seats.length; s++) if (r.scores[s] === top) tied++;
      }
      for (let s = 0; s < seats.length; s++) {
        const a = seats[s];
        win[a] += def.mode === 'round' ? (r.scores[s] === top ? WIN_UNITS / tied : 0) : Math.round(r.winShare[s] * WIN_UNITS);
        score[a] += r.scores[s];
        for (let t = 0; t < seats.length; t++) {
          if (t === s) continue;
          const d = r.scores[s] - r.scores[t];
          h2h[a * k + seats[t]] += d > 0 ? 2 : d === 0 ? 1 : 0;
        }
      }
    }
    sums[0] += 1;
    for (let a = 0; a < k; a++) {
      sums[oW + a] += win[a];
      sums[oS + a] += score[a];
      for (let b = 0; b < k; b++) {
        sums[oWW + a * k + b] += win[a] * win[b];
        sums[oSS + a * k + b] += score[a] * score[b];
        const h = h2h[a * k + b];
        sums[oH + a * k + b] += h;
        sums[oHH + a * k + b] += h * h;
      }
    }
    // The replicates: each adds this deal's pairs w times (w ~ Poisson(1), named by seed and deal).
    for (let a = 0, i = 0; a < k; a++) for (let b = a + 1; b < k; b++) upper[i++] = h2h[a * k + b];
    dealKey(def.seed, g, key);
    for (let rep = 0; rep < def.bootstrap; rep++) {
      const w = bootstrapWeight(key, rep);
      if (w === 0) continue;
      const o = oB + rep * rf;
      sums[o] += w;
      for (let i = 0; i < upper.length; i++) sums[o + 1 + i] += w * upper[i];
    }
  }
  return { firstChunk: first, lastChunk: last, games, sums };
}
