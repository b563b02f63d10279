/**
 * The Arrow result files of a run: scores.arrow, decisions.arrow and games.arrow (run.json: manifest.ts).
 * Their columns are documented in docs/RESULTS.md. Raw integer sums travel with the derived means so
 * that shards merge exactly.
 */
import { basename, join } from 'node:path';
import { RecordBatch } from 'apache-arrow';
import { type GameModule, actionOfKey, seatOfKey } from '../engine/game.js';
import { UserError } from '../engine/errors.js';
import { Bucketer, type DecisionRecording, parseBuckets } from '../engine/decisions.js';
import { sampleVariance } from '../stats/variance.js';
import { clusteredSe } from '../stats/summary.js';
import { type ChunkResult, PER_GAME_FIELDS, type RunDefinition, RunTotals, WIN_UNITS } from '../engine/runner.js';
import type { Manifest } from './manifest.js';
import { ArrowFileStream, type ColumnType, batchOf, readArrowFile, schemaOf, writeArrowFile } from './arrow.js';
import type { OutputDir } from './output.js';

export const SCORES_SCHEMA = schemaOf([['seat', 'int32'], ['strategy', 'utf8'], ['score', 'int32'], ['count', 'int64']]);
export const GAMES_SCHEMA = schemaOf([['game', 'int64'], ['seat', 'int32'], ['score', 'int32'], ['win_share', 'float64'], ['rounds', 'int32'], ['busts', 'int32']]);

export async function writeScores(out: OutputDir, totals: RunTotals, players: string[]): Promise<void> {
  const seat: number[] = [];
  const strategy: string[] = [];
  const score: number[] = [];
  const count: bigint[] = [];
  totals.seats.forEach((t, s) => {
    for (const [v, c] of t.histogram.entries()) {
      seat.push(s);
      strategy.push(players[s]);
      score.push(v);
      count.push(BigInt(c));
    }
  });
  await writeArrowFile(out.file('scores.arrow'), SCORES_SCHEMA, {
    seat: Int32Array.from(seat),
    strategy,
    score: Int32Array.from(score),
    count: BigInt64Array.from(count),
  });
}

/** The sample variance as decisions.arrow holds it: 0, not NaN, for a single observation (its `count` column says so; docs/RESULTS.md). */
const columnVariance = (n: number, sum: number, sumSq: number): number => (n > 1 ? sampleVariance(n, sum, sumSq) : 0);

const columnName = (feature: string): string => feature.replaceAll('-', '_');

/** The columns that name a decision bucket: the seat, the kind, one column per chosen feature, the action. */
function bucketColumns(buckets: Bucketer): [string, ColumnType][] {
  return [
    ['seat', 'int32'],
    ['strategy', 'utf8'],
    ['kind', 'utf8'],
    ...buckets.choices.map((c): [string, ColumnType] => [columnName(c.feature), buckets.features.find((f) => f.name === c.feature)!.label ? 'utf8' : 'int32']),
    ['action', 'utf8'],
  ];
}

const OUTCOME_COLUMNS: [string, ColumnType][] = [
  ['count', 'int64'],
  ['mean_score', 'float64'],
  ['var_score', 'float64'],
  ['mean_win', 'float64'],
  ['var_win', 'float64'],
];
const COUNTERFACTUAL_COLUMNS: [string, ColumnType][] = [
  ['rollouts', 'int64'],
  ['value', 'float64'],
  ['value_se', 'float64'],
  ['win', 'float64'],
  ['win_se', 'float64'],
  ['reference', 'utf8'],
  ['diff', 'float64'],
  ['diff_se', 'float64'],
  ['diff_win', 'float64'],
  ['diff_win_se', 'float64'],
  ['diff_decision_se', 'float64'],
  ['diff_win_decision_se', 'float64'],
];
const KEY_COLUMNS: [string, ColumnType][] = [
  ['state_key', 'float64'],
  ['action_key', 'float64'],
];
const OUTCOME_SUMS = ['sum_score', 'sum_score_sq', 'sum_win', 'sum_win_sq'];
/** Counterfactual sums: of the value (score), the win share, and their differences from the reference. */
const VALUE_SUMS = ['sum_value', 'sum_value_sq', 'sum_win', 'sum_win_sq', 'sum_diff', 'sum_diff_sq', 'sum_diff_win', 'sum_diff_win_sq', 'decisions', 'sum_diff_by_decision_sq', 'sum_diff_win_by_decision_sq'];

export function decisionsSchema(buckets: Bucketer, recording: DecisionRecording) {
  const cf = recording === 'counterfactual';
  const sums = cf ? VALUE_SUMS : OUTCOME_SUMS;
  return schemaOf([...bucketColumns(buckets), ...(cf ? COUNTERFACTUAL_COLUMNS : OUTCOME_COLUMNS), ...KEY_COLUMNS, ...sums.map((n): [string, ColumnType] => [n, 'float64'])]);
}

/** The bucketer a run's decisions were recorded with. */
export function bucketerOf(game: GameModule, rules: unknown, buckets: string): Bucketer {
  return new Bucketer(game.bucketFeatures(rules), parseBuckets(game.bucketFeatures(rules), buckets));
}

/**
 * decisions.arrow: one row per (seat, bucket, action), seats in order, then keys. Outcomes: the
 * outcome of the unit each decision belonged to. Counterfactual: every legal action's value by paired
 * rollouts, and its difference from the reference action's on the same rollouts.
 */
export async function writeDecisions(out: OutputDir, totals: RunTotals, game: GameModule, rules: unknown, players: string[], recording: DecisionRecording, buckets: Bucketer): Promise<void> {
  const schema = decisionsSchema(buckets, recording);
  const rows: Record<string, (number | string | bigint)[]> = Object.fromEntries(schema.fields.map((f) => [f.name, []]));
  const keys = [...totals.decisions.entries()].sort((a, b) => seatOfKey(a[1]) - seatOfKey(b[1]) || a[0] - b[0] || a[1] - b[1]);
  const w2 = WIN_UNITS * WIN_UNITS;
  for (const [state, actionSeat, t] of keys) {
    const seat = seatOfKey(actionSeat);
    const action = actionOfKey(actionSeat);
    const { kind, lows } = buckets.decode(state);
    rows.seat.push(seat);
    rows.strategy.push(players[seat]);
    rows.kind.push(game.decisionKinds[kind]);
    buckets.choices.forEach((c, i) => {
      const f = buckets.features.find((x) => x.name === c.feature)!;
      rows[columnName(c.feature)].push(f.label ? f.label(rules, lows[i]) : lows[i]);
    });
    rows.action.push(game.actionLabel(rules, kind, action));
    rows.state_key.push(state);
    rows.action_key.push(actionSeat);
    const [n, s, s2, w, ww] = t;
    (recording === 'counterfactual' ? VALUE_SUMS : OUTCOME_SUMS).forEach((name, i) => rows[name].push(t[1 + i]));
    if (recording === 'counterfactual') {
      const [ds, ds2, dw, dw2] = t.subarray(5);
      rows.rollouts.push(BigInt(n));
      rows.value.push(s / n);
      rows.value_se.push(Math.sqrt(columnVariance(n, s, s2) / n));
      rows.win.push(w / WIN_UNITS / n);
      rows.win_se.push(Math.sqrt(columnVariance(n, w, ww) / w2 / n));
      rows.reference.push(game.counterfactualReference?.(kind) ?? '');
      rows.diff.push(ds / n);
      rows.diff_se.push(Math.sqrt(columnVariance(n, ds, ds2) / n));
      rows.diff_win.push(dw / WIN_UNITS / n);
      rows.diff_win_se.push(Math.sqrt(columnVariance(n, dw, dw2) / w2 / n));
      const [d, bySq, byWinSq] = t.subarray(9);
      rows.diff_decision_se.push(clusteredSe(n, d, ds, bySq));
      rows.diff_win_decision_se.push(clusteredSe(n, d, dw, byWinSq) / WIN_UNITS);
      continue;
    }
    rows.count.push(BigInt(n));
    rows.mean_score.push(s / n);
    rows.var_score.push(columnVariance(n, s, s2));
    rows.mean_win.push(w / WIN_UNITS / n);
    rows.var_win.push(columnVariance(n, w, ww) / w2);
  }
  const columns = Object.fromEntries(
    schema.fields.map((f) => {
      const v = rows[f.name];
      const type = String(f.type);
      return [f.name, type === 'Utf8' ? (v as string[]) : type === 'Int64' ? BigInt64Array.from(v as bigint[]) : type === 'Int32' ? Int32Array.from(v as number[]) : Float64Array.from(v as number[])];
    }),
  );
  await writeArrowFile(out.file('decisions.arrow'), schema, columns);
}

/** Streams games.arrow: one row per game and seat, written as chunk results arrive in order. */
export class GamesWriter {
  private readonly stream: ArrowFileStream;
  /** The temporary file's name in the output directory (a checkpoint keeps it for --resume). */
  readonly tempName: string;

  /** `resumeFrom`: the batches of chunks already written by an interrupted run, written first. */
  constructor(out: OutputDir, private readonly def: RunDefinition) {
    const path = out.file('games.arrow');
    this.tempName = basename(path);
    this.stream = out.track(new ArrowFileStream(path, GAMES_SCHEMA));
  }

  /** Rewrites the batches an interrupted run had written (read from its temporary file). */
  async replay(batches: RecordBatch[]): Promise<void> {
    // Batches read from a file carry that file's schema object; a file writer needs one schema.
    for (const b of batches) await this.stream.write(new RecordBatch(GAMES_SCHEMA, b.data));
  }

  /** One record batch per chunk, so the file's bytes do not depend on how chunks were grouped. */
  async add(r: ChunkResult): Promise<void> {
    const rows = r.perGame!;
    const seats = this.def.players.length;
    let at = 0; // row index into r.perGame
    for (let chunk = r.firstChunk; chunk < r.lastChunk; chunk++) {
      const firstGame = chunk * this.def.chunkSize;
      const n = (Math.min(firstGame + this.def.chunkSize, this.def.games) - firstGame) * seats;
      const game = new BigInt64Array(n);
      const words = new Uint32Array(game.buffer); // int64 as two little-endian words: no BigInt per row
      const seat = new Int32Array(n);
      const score = new Int32Array(n);
      const win = new Float64Array(n);
      const rounds = new Int32Array(n);
      const busts = new Int32Array(n);
      for (let i = 0; i < n; i++, at++) {
        const g = firstGame + Math.floor(i / seats);
        words[2 * i] = g % 0x100000000;
        words[2 * i + 1] = Math.floor(g / 0x100000000);
        seat[i] = i % seats;
        score[i] = rows[at * PER_GAME_FIELDS];
        win[i] = rows[at * PER_GAME_FIELDS + 1] / WIN_UNITS;
        rounds[i] = rows[at * PER_GAME_FIELDS + 2];
        busts[i] = rows[at * PER_GAME_FIELDS + 3];
      }
      await this.stream.write(batchOf(GAMES_SCHEMA, { game, seat, score, win_share: win, rounds, busts }));
    }
  }

  /** Bytes written so far, made durable: every chunk added so far is complete within them. */
  syncedBytes(): number {
    this.stream.sync();
    return this.stream.bytes;
  }

  close(): Promise<void> {
    return this.stream.close();
  }
}

/** Reads a run directory back into totals (for merge and tests). */
export function readTotals(dir: string, m: Manifest): RunTotals {
  const totals = new RunTotals(m.players.length, m.decisions === 'counterfactual' ? 'counterfactual' : 'outcomes');
  m.totals.forEach((t, s) => {
    Object.assign(totals.seats[s], t);
    // Before format 4 run.json had no sums by game for the bust rate: NaN, so its SE treats rounds as independent.
    // From 4 on they are untrusted input like the rest: whole numbers no smaller than the counts they square.
    const by = [['bustsSq', t.busts], ['roundsSq', t.rounds], ['bustRounds', t.busts]] as const;
    for (const [k, least] of by) {
      const x = t[k];
      if (!(typeof m.format === 'number' && m.format >= 4)) totals.seats[s][k] = NaN;
      else if (!(Number.isSafeInteger(x) && Number.isSafeInteger(least) && (x as number) >= least)) {
        throw new UserError(`${dir}: run.json gives seat ${s} ${k} ${JSON.stringify(x)}, not a whole number of at least ${JSON.stringify(least)}; it is damaged or edited`);
      }
    }
  });
  totals.games = m.totals[0]?.games ?? 0;
  const scores = readArrowFile(join(dir, 'scores.arrow'));
  for (const row of scores) {
    totals.seats[row.seat].histogram.add(row.score, Number(row.count));
  }
  if (m.decisions === 'none') return totals;
  if (m.buckets === undefined) throw new UserError(`${dir}: written by an older sevensim whose decision buckets this version cannot read; run it again`);
  const fields = m.decisions === 'counterfactual' ? VALUE_SUMS : OUTCOME_SUMS;
  const count = m.decisions === 'counterfactual' ? 'rollouts' : 'count';
  const sums = new Float64Array(1 + fields.length);
  for (const row of readArrowFile(join(dir, 'decisions.arrow'))) {
    sums[0] = Number(row[count]);
    fields.forEach((f, i) => (sums[1 + i] = row[f]));
    totals.decisions.add(row.state_key, row.action_key, sums);
  }
  return totals;
}
