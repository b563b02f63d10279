/**
 * The runner loop: plays a range of chunks and counts what happened, in integers only.
 *
 * Chunk c holds games [c * chunkSize, min((c + 1) * chunkSize, games)) and its random streams come
 * from (seed, c) alone. Every total is a sum of integers (scores; win shares in 1/840ths, since 840 is
 * divisible by every tie size 1..8), exact in a double below 2^53, so results do not depend on which
 * worker played which chunk or in what order chunks were added.
 */
import type { CounterfactualSettings, Mode, UnitRunner } from './game.js';
import { type BucketChoice, BucketTable, Bucketer, DecisionCounter, type DecisionRecording, WIN_UNITS, tableWidth } from './decisions.js';

export { WIN_UNITS } from './decisions.js';

export interface RunDefinition {
  game: 'sevn' | 'sevenfall';
  rules: unknown;
  mode: Mode;
  players: string[];
  games: number;
  seed: number;
  chunkSize: number;
  /** What decisions.arrow holds: nothing, the outcomes of decisions as played, or rollout values. */
  decisions?: DecisionRecording;
  /** The state features (and band widths) decisions are bucketed by. */
  buckets?: BucketChoice[];
  /** With decisions `counterfactual`: the share of decisions sampled and the rollouts per action. */
  counterfactual?: CounterfactualSettings | null;
}

export function chunkCount(def: Pick<RunDefinition, 'games' | 'chunkSize'>): number {
  return Math.ceil(def.games / def.chunkSize);
}

/** Per seat totals: the sums behind every mean, standard deviation and rate that is reported. */
export interface SeatTotals {
  games: number;
  sumScore: number;
  sumScoreSq: number;
  sumWin: number; // in WIN_UNITS
  sumWinSq: number; // in WIN_UNITS^2
  rounds: number;
  busts: number;
  /** Score histogram: score -> count. */
  histogram: Map<number, number>;
}

export const emptySeat = (): SeatTotals => ({ games: 0, sumScore: 0, sumScoreSq: 0, sumWin: 0, sumWinSq: 0, rounds: 0, busts: 0, histogram: new Map() });

/** A result that covers chunks [firstChunk, lastChunk) and `games` games. */
export interface ChunkRange {
  firstChunk: number;
  lastChunk: number;
  games: number;
}

/** What one range of chunks produced, as flat typed arrays. */
export interface ChunkResult extends ChunkRange {
  /** Per seat: games, sumScore, sumScoreSq, sumWin, sumWinSq, rounds, busts. */
  seats: Float64Array;
  /** Per seat, then per distinct score: [seat, score, count] triples. */
  histogram: Float64Array;
  /** Per bucket: state, actionSeat, then the sums of OUTCOME_FIELDS or COUNTERFACTUAL_FIELDS. */
  decisions: Float64Array;
  /** With perGame: per game and seat, score, win share (in WIN_UNITS), rounds, busts. */
  perGame: Int32Array | null;
}

export const SEAT_FIELDS = 7;
const DENSE = 1024;
export const PER_GAME_FIELDS = 4;

/** Plays chunks [first, last) of a run on `runner` and returns what they produced. */
export function playChunks(runner: UnitRunner, def: RunDefinition, first: number, last: number, withDecisions: boolean, perGame: boolean): ChunkResult {
  const seats = runner.seats;
  const totals = new Float64Array(seats * SEAT_FIELDS);
  // Scores below DENSE count in a typed array; the rare larger ones in a Map.
  const dense = new Float64Array(seats * DENSE);
  const histograms = Array.from({ length: seats }, () => new Map<number, number>());
  const recording = withDecisions ? (def.decisions ?? 'outcomes') : 'none';
  const buckets = recording === 'none' ? null : new Bucketer(runner.bucketFeatures, def.buckets ?? []);
  const decisions = recording === 'outcomes' ? new DecisionCounter(buckets!) : null;
  const values = recording === 'counterfactual' ? new BucketTable(tableWidth('counterfactual')) : null;
  runner.setCounterfactual?.(values === null ? null : def.counterfactual!, values === null ? null : { buckets: buckets!, table: values });
  runner.decisions = decisions;
  const start = first * def.chunkSize;
  const end = Math.min(last * def.chunkSize, def.games);
  const rows = perGame ? new Int32Array((end - start) * seats * PER_GAME_FIELDS) : null;
  let row = 0;
  for (let chunk = first; chunk < last; chunk++) {
    runner.reseed(def.seed, chunk);
    const chunkEnd = Math.min((chunk + 1) * def.chunkSize, def.games);
    for (let g = chunk * def.chunkSize; g < chunkEnd; g++) {
      runner.playOne();
      for (let s = 0; s < seats; s++) {
        const score = runner.scores[s];
        const win = Math.round(runner.winShare[s] * WIN_UNITS);
        const o = s * SEAT_FIELDS;
        totals[o] += 1;
        totals[o + 1] += score;
        totals[o + 2] += score * score;
        totals[o + 3] += win;
        totals[o + 4] += win * win;
        totals[o + 5] += runner.rounds[s];
        totals[o + 6] += runner.busts[s];
        if (score >= 0 && score < DENSE) dense[s * DENSE + score]++;
        else histograms[s].set(score, (histograms[s].get(score) ?? 0) + 1);
        if (rows !== null) {
          rows[row++] = score;
          rows[row++] = win;
          rows[row++] = runner.rounds[s];
          rows[row++] = runner.busts[s];
        }
      }
      if (decisions !== null) decisions.settle(runner.scores, runner.winShare);
    }
  }
  runner.decisions = null;
  runner.setCounterfactual?.(null, null);
  const hist: number[] = [];
  histograms.forEach((h, s) => {
    for (let score = 0; score < DENSE; score++) if (dense[s * DENSE + score] > 0) h.set(score, dense[s * DENSE + score]);
    for (const [score, count] of [...h].sort((a, b) => a[0] - b[0])) hist.push(s, score, count);
  });
  return {
    firstChunk: first,
    lastChunk: last,
    games: end - start,
    seats: totals,
    histogram: Float64Array.from(hist),
    decisions: (decisions?.table ?? values)?.flatten() ?? new Float64Array(0),
    perGame: rows,
  };
}

/** Everything a run has counted so far: chunk results are added in any order. */
export class RunTotals {
  readonly seats: SeatTotals[];
  /** Decision sums, as many per bucket as the recording has fields. */
  readonly decisions: BucketTable;
  games = 0;
  constructor(seatCount: number, recording: DecisionRecording = 'outcomes') {
    this.decisions = new BucketTable(tableWidth(recording));
    this.seats = Array.from({ length: seatCount }, emptySeat);
  }

  add(r: ChunkResult): void {
    this.games += r.games;
    this.seats.forEach((t, s) => {
      const o = s * SEAT_FIELDS;
      t.games += r.seats[o];
      t.sumScore += r.seats[o + 1];
      t.sumScoreSq += r.seats[o + 2];
      t.sumWin += r.seats[o + 3];
      t.sumWinSq += r.seats[o + 4];
      t.rounds += r.seats[o + 5];
      t.busts += r.seats[o + 6];
    });
    for (let i = 0; i < r.histogram.length; i += 3) {
      const h = this.seats[r.histogram[i]].histogram;
      h.set(r.histogram[i + 1], (h.get(r.histogram[i + 1]) ?? 0) + r.histogram[i + 2]);
    }
    this.decisions.addFlat(r.decisions);
  }
}
