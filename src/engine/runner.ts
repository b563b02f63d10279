/**
 * The runner loop: plays a range of chunks and counts what happened, in integers only.
 *
 * Chunk c holds games [c * chunkSize, min((c + 1) * chunkSize, games)); game g's random streams come
 * from (seed, g) alone (reseedGame: an integer hash, no string, no allocation), so the chunk size only
 * cuts the work. Every total is a sum of integers (scores; win shares in WIN_UNITS, a whole number for
 * every tie size), exact in a double below 2^53, so results do not depend on the chunk size, on which
 * worker played which chunk or in what order chunks were added.
 */
import { type CounterfactualSettings, type Mode, type UnitRunner, WIN_UNITS } from './game.js';
import { type BucketChoice, BucketTable, Bucketer, DecisionCounter, type DecisionRecording, tableWidth } from './decisions.js';

export { WIN_UNITS };

/** A run: which game, rules and lineup, and how its games are numbered and seeded. */
export interface RunDefinition {
  game: string;
  rules: unknown;
  mode: Mode;
  players: string[];
  games: number;
  seed: number;
  chunkSize: number;
  /** With it, decisions are evaluated by rollouts instead of recorded as played (round mode). */
  /** What decisions.arrow holds: nothing, the outcomes of decisions as played, or rollout values. */
  decisions?: DecisionRecording;
  /** The state features (and band widths) decisions are bucketed by. */
  buckets?: BucketChoice[];
  /** With decisions `counterfactual`: the share of decisions sampled and the rollouts per action. */
  counterfactual?: CounterfactualSettings | null;
}

/** A run less its rules: what a pool's task says (the rules reach each worker once; see parallel/worker.ts). */
export type ChunkPlan = Omit<RunDefinition, 'rules'>;

export function chunkCount(def: Pick<RunDefinition, 'games' | 'chunkSize'>): number {
  return Math.ceil(def.games / def.chunkSize);
}

/** Scores 0..DENSE-1 are counted in typed arrays (all of them, in practice); any other score in a Map. */
export const DENSE_SCORES = 1024;

/** A seat's score counts: dense below DENSE_SCORES, sparse beyond; read back sorted by score. */
export class ScoreHistogram {
  readonly dense = new Float64Array(DENSE_SCORES);
  private readonly other = new Map<number, number>();
  private sorted: [number, number][] | null = null;

  add(score: number, count: number): void {
    if (score >= 0 && score < DENSE_SCORES) this.dense[score] += count;
    else this.other.set(score, (this.other.get(score) ?? 0) + count);
    this.sorted = null;
  }

  /** Adds dense counts (DENSE_SCORES of them from `offset`). */
  addDense(counts: Float64Array, offset: number): void {
    for (let i = 0; i < DENSE_SCORES; i++) this.dense[i] += counts[offset + i];
    this.sorted = null;
  }

  merge(h: ScoreHistogram): void {
    this.addDense(h.dense, 0);
    for (const [score, count] of h.other) this.add(score, count);
  }

  /** (score, count) pairs with a count, by score; made once until the next add. */
  entries(): readonly [number, number][] {
    if (this.sorted === null) {
      const out: [number, number][] = [...this.other].filter(([v]) => v < 0);
      out.sort((x, y) => x[0] - y[0]);
      for (let v = 0; v < DENSE_SCORES; v++) if (this.dense[v] > 0) out.push([v, this.dense[v]]);
      out.push(...[...this.other].filter(([v]) => v >= DENSE_SCORES).sort((x, y) => x[0] - y[0]));
      this.sorted = out;
    }
    return this.sorted;
  }
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
  /** Sums over games of busts², rounds² and rounds x busts: a game's rounds are one cluster for the bust rate's SE (summary.ts). */
  bustsSq: number;
  roundsSq: number;
  bustRounds: number;
  histogram: ScoreHistogram;
}

/** The seat sums in the order of ChunkResult.seats. */
const SEAT_SUMS = ['games', 'sumScore', 'sumScoreSq', 'sumWin', 'sumWinSq', 'rounds', 'busts', 'bustsSq', 'roundsSq', 'bustRounds'] as const;
export const SEAT_FIELDS = SEAT_SUMS.length;

export const emptySeat = (): SeatTotals => ({ games: 0, sumScore: 0, sumScoreSq: 0, sumWin: 0, sumWinSq: 0, rounds: 0, busts: 0, bustsSq: 0, roundsSq: 0, bustRounds: 0, histogram: new ScoreHistogram() });

/** A result that covers chunks [firstChunk, lastChunk) and `games` games. */
export interface ChunkRange {
  firstChunk: number;
  lastChunk: number;
  games: number;
}

/** What one range of chunks produced, as flat typed arrays. */
export interface ChunkResult extends ChunkRange {
  /** Per seat: the SEAT_SUMS. */
  seats: Float64Array;
  /** Per seat: counts of scores 0..DENSE_SCORES-1. */
  histogram: Float64Array;
  /** Other scores: [seat, score, count] triples. */
  otherScores: Float64Array;
  /** Per bucket: state, actionSeat, then the sums of OUTCOME_FIELDS or COUNTERFACTUAL_FIELDS. */
  decisions: Float64Array;
  /** With perGame: per game and seat, score, win share (in WIN_UNITS), rounds, busts. */
  perGame: Int32Array | null;
}

export const PER_GAME_FIELDS = 4;

/** Plays chunks [first, last) of a run on `runner` and returns what they produced. */
export function playChunks(runner: UnitRunner, def: ChunkPlan, first: number, last: number, withDecisions: boolean, perGame: boolean): ChunkResult {
  const seats = runner.seats;
  const totals = new Float64Array(seats * SEAT_FIELDS);
  const dense = new Float64Array(seats * DENSE_SCORES);
  const other: number[] = [];
  const recording = withDecisions ? (def.decisions ?? 'outcomes') : 'none';
  const buckets = recording === 'none' ? null : new Bucketer(runner.bucketFeatures, def.buckets ?? []);
  const decisions = recording === 'outcomes' ? new DecisionCounter(buckets!) : null;
  const values = recording === 'counterfactual' ? new BucketTable(tableWidth('counterfactual')) : null;
  runner.setCounterfactual?.(values === null ? null : def.counterfactual!, values === null ? null : { buckets: buckets!, table: values });
  runner.decisions = decisions;
  const settle = decisions !== null;
  const start = first * def.chunkSize;
  const end = Math.min(last * def.chunkSize, def.games);
  const rows = perGame ? new Int32Array((end - start) * seats * PER_GAME_FIELDS) : null;
  const { scores, winShare, rounds, busts } = runner;
  // Round mode has no winner: win shares are 0. Tested as `=== true`: the loop is entered on stack
  // replacement, where V8 knows no local's type and a plain `if` tested for every falsy value.
  const wins = def.mode === 'game';
  // The module's constants in locals: each use of one in the loop was a context load and a hole check.
  const denseScores = DENSE_SCORES;
  const fields = SEAT_FIELDS;
  const winUnits = WIN_UNITS; // an imported binding: five loads and a hole check at each use
  let row = 0;
  // The runner's fast path when it has one (no decisions recorded), else game by game.
  const ranged = recording === 'none' && playByRange(runner, def.seed, start, end, dense, other, totals, rows);
  for (let g = ranged ? end : start; g < end; g++) {
    runner.reseedGame(def.seed, g);
    runner.playOne();
    for (let s = 0; s < seats; s++) {
      // Games and score sums come from the histogram afterwards: one increment here instead of three sums.
      const score = scores[s];
      if (score >= 0 && score < denseScores) dense[s * denseScores + score]++;
      else other.push(s, score, 1);
      const o = s * fields;
      let win = 0;
      const r = rounds[s];
      const b = busts[s];
      if (wins === true) {
        // Round mode leaves both sums 0: adding 0 to them changes nothing. Its sums by game follow below.
        win = Math.round(winShare[s] * winUnits);
        totals[o + 3] += win;
        totals[o + 4] += win * win;
        totals[o + 7] += b * b;
        totals[o + 8] += r * r;
        totals[o + 9] += r * b;
      }
      totals[o + 5] += r;
      totals[o + 6] += b;
      if (rows !== null) {
        rows[row++] = score;
        rows[row++] = win;
        rows[row++] = r;
        rows[row++] = b;
      }
    }
    if (settle) decisions!.settle(scores, winShare);
  }
  // A round-mode game is at most one round, busted at most once: each of its squares and products is its own bust or round count.
  for (let s = 0; wins !== true && s < seats; s++) {
    const o = s * SEAT_FIELDS;
    totals[o + 7] = totals[o + 6];
    totals[o + 8] = totals[o + 5];
    totals[o + 9] = totals[o + 6];
  }
  runner.decisions = null;
  runner.setCounterfactual?.(null, null);
  // Games, score sum and sum of squares per seat, exactly (integers below 2^53), from the counts.
  const addScores = (s: number, score: number, count: number): void => {
    const o = s * SEAT_FIELDS;
    totals[o] += count;
    totals[o + 1] += score * count;
    totals[o + 2] += score * score * count;
  };
  for (let s = 0; s < seats; s++) for (let v = 0; v < DENSE_SCORES; v++) if (dense[s * DENSE_SCORES + v] > 0) addScores(s, v, dense[s * DENSE_SCORES + v]);
  for (let i = 0; i < other.length; i += 3) addScores(other[i], other[i + 1], 1);
  return {
    firstChunk: first,
    lastChunk: last,
    games: end - start,
    seats: totals,
    histogram: dense,
    otherScores: Float64Array.from(other),
    decisions: (decisions?.table ?? values)?.flatten() ?? new Float64Array(0),
    perGame: rows,
  };
}

/** Games a playRange call plays: its scores and busts fit in a few kilobytes. */
const RANGE_BLOCK = 1024;

/**
 * Games [start, end) by the runner's playRange (one seat, round mode: one round a game, no win
 * shares), counted into the same sums, histogram and per-game rows as playChunks' loop; false, having
 * played nothing, when the runner has no fast path for its lineup.
 */
function playByRange(runner: UnitRunner, seed: number, start: number, end: number, dense: Float64Array, other: number[], totals: Float64Array, rows: Int32Array | null): boolean {
  if (runner.playRange === undefined || runner.seats !== 1 || start === end) return false;
  const scores = new Int32Array(RANGE_BLOCK);
  const busts = new Int32Array(RANGE_BLOCK);
  const denseScores = DENSE_SCORES;
  let bustCount = 0;
  let row = 0;
  for (let g = start; g < end; g += RANGE_BLOCK) {
    const stop = Math.min(end, g + RANGE_BLOCK);
    if (!runner.playRange(seed, g, stop, scores, busts)) {
      if (g === start) return false;
      throw new Error('playRange: the fast path stopped applying in the middle of a run');
    }
    for (let i = 0; i < stop - g; i++) {
      const score = scores[i];
      if (score >= 0 && score < denseScores) dense[score]++;
      else other.push(0, score, 1);
      bustCount += busts[i];
      if (rows !== null) {
        rows[row++] = score;
        rows[row++] = 0;
        rows[row++] = 1;
        rows[row++] = busts[i];
      }
    }
  }
  totals[5] += end - start;
  totals[6] += bustCount;
  return true;
}

/** Everything a run has counted: chunk results and other runs' totals are added in any order. */
export class RunTotals {
  readonly seats: SeatTotals[];
  /** Decision sums, as many per bucket as the recording has fields. */
  readonly decisions: BucketTable;
  games = 0;
  constructor(seatCount: number, recording: DecisionRecording = 'outcomes') {
    this.decisions = new BucketTable(tableWidth(recording));
    this.seats = Array.from({ length: seatCount }, emptySeat);
  }

  /** Adds what a range of chunks produced. */
  add(r: ChunkResult): void {
    this.games += r.games;
    this.seats.forEach((t, s) => {
      SEAT_SUMS.forEach((f, i) => (t[f] += r.seats[s * SEAT_FIELDS + i]));
      t.histogram.addDense(r.histogram, s * DENSE_SCORES);
    });
    const o = r.otherScores;
    for (let i = 0; i < o.length; i += 3) this.seats[o[i]].histogram.add(o[i + 1], o[i + 2]);
    this.decisions.addFlat(r.decisions);
  }

  /** Adds another run's totals (the shards of one run). */
  merge(t: RunTotals): void {
    this.games += t.games;
    this.seats.forEach((into, s) => {
      for (const f of SEAT_SUMS) into[f] += t.seats[s][f];
      into.histogram.merge(t.seats[s].histogram);
    });
    for (const [state, actionSeat, v] of t.decisions.entries()) this.decisions.add(state, actionSeat, v);
  }

  /** The seat sums without histograms (run.json's `totals`). */
  seatSums(): Omit<SeatTotals, 'histogram'>[] {
    return this.seats.map(({ histogram: _h, ...t }) => t);
  }
}
