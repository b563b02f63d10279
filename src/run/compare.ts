/**
 * `compare`: strategy A against strategy B on common random numbers, as a paired difference with its
 * 95% CI and p-value, optionally stopped early by an SPRT.
 */
import type { GameModule, Mode } from '../engine/game.js';
import { UserError } from '../engine/errors.js';
import { WIN_UNITS } from '../engine/game.js';
import { PAIRED_FIELDS, type PairedPlan, type PairedResult } from '../engine/paired.js';
import { chunkCount } from '../engine/runner.js';
import { poolSetup } from '../catalog.js';
import { runOnPool } from '../parallel/pool.js';
import { MAX_CHUNK_SIZE, checkGames, checkInteger, checkSeed, checkThreads } from '../engine/checks.js';
import type { PairedTask } from '../parallel/worker.js';
import { type SprtBounds, sprtBias, sprtBounds, sprtLlr, sprtVerdict } from '../stats/sprt.js';
import { type Estimate, estimate, twoSidedP } from '../stats/summary.js';

export const DEFAULT_PAIRED_CHUNK = 256;

export interface CompareOptions {
  game: GameModule;
  rules: unknown;
  preset: string | null;
  mode: Mode;
  a: string;
  b: string;
  field: string[];
  games: number;
  seed: number;
  threads: number;
  chunkSize?: number;
  sprt?: { d0: number; d1: number; alpha: number; beta: number; metric: 'score' | 'win' } | null;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export interface Difference extends Estimate {
  pValue: number;
}

export interface CompareResult {
  game: string;
  preset: string | null;
  mode: Mode;
  a: string;
  b: string;
  field: string[];
  seed: number;
  chunkSize: number;
  games: number;
  /** Score of A minus score of B in the candidate seat, per game. */
  diff: Difference;
  /** Win share of A minus that of B (game mode). */
  winDiff: Difference | null;
  scoreA: Estimate;
  scoreB: Estimate;
  winShareA: number | null;
  winShareB: number | null;
  /** Standard errors of the two win shares (game mode). */
  winShareSeA: number | null;
  winShareSeB: number | null;
  sprt: (SprtBounds & { metric: string; llr: number; verdict: 'H1' | 'H0' | 'continue' }) | null;
  /**
   * True when the SPRT stopped the run before --games: the differences, their intervals and p-values
   * are then the naive fixed-sample ones, biased in the direction of the bound the LLR crossed (sprtBias);
   * they are not confidence intervals.
   */
  stoppedEarly: boolean;
  /** With --sprt: [paired games so far, LLR] after each chunk, for the report's chart. */
  sprtPath: [number, number][] | null;
  seconds: number;
}

/** The widest |d0|, |d1| accepted: far past any score difference, and small enough that the LLR stays finite. */
export const MAX_SPRT_DIFF = 1e6;

export function parseSprt(text: string): { d0: number; d1: number } {
  const parts = text.split(',').map(Number);
  if (parts.length !== 2 || parts.some((x) => !Number.isFinite(x)) || parts[0] === parts[1]) {
    throw new UserError(`--sprt ${text}: expected two different numbers d0,d1 (e.g. 0,0.5: "no difference" against "A is 0.5 better")`);
  }
  if (parts.some((x) => Math.abs(x) > MAX_SPRT_DIFF)) {
    throw new UserError(`--sprt ${text}: d0 and d1 must be between -${MAX_SPRT_DIFF} and ${MAX_SPRT_DIFF} (wider, the log-likelihood ratio overflows)`);
  }
  return { d0: parts[0], d1: parts[1] };
}

/** Refuses an SPRT that could never decide, rather than running it to --games. */
function checkSprt(sprt: NonNullable<CompareOptions['sprt']>, mode: Mode, specA: string, specB: string): void {
  if (!(sprt.alpha > 0 && sprt.alpha < 0.5 && sprt.beta > 0 && sprt.beta < 0.5)) {
    throw new UserError('--alpha and --beta must be between 0 and 0.5');
  }
  if (sprt.metric === 'win' && mode === 'round') {
    throw new UserError('--metric win needs --mode game: a single round has no winner, so the win difference is always 0 and the SPRT could never stop; use --metric score');
  }
  if (sprt.metric === 'win' && (Math.abs(sprt.d0) > 1 || Math.abs(sprt.d1) > 1)) {
    throw new UserError(`--sprt ${sprt.d0},${sprt.d1}: a win-share difference lies between -1 and 1`);
  }
  if (specA === specB) {
    throw new UserError(`--sprt: A and B are the same strategy (${specA}): on the same random streams every paired difference is 0, so the SPRT could never decide; compare two different strategies, or drop --sprt`);
  }
}

function difference(n: number, sum: number, sumSq: number): Difference {
  const e = estimate(n, sum, sumSq);
  // One paired game has no spread: no SE, no p (it printed p = 1.00 beside se -). NaN is null in --json.
  const pValue = Number.isNaN(e.se) ? NaN : e.se > 0 ? twoSidedP(e.mean / e.se) : e.mean === 0 ? 1 : 0;
  return { ...e, pValue };
}

export async function compare(o: CompareOptions): Promise<CompareResult> {
  const { game } = o;
  checkGames(o.games);
  checkSeed(o.seed);
  checkThreads(o.threads);
  checkInteger('--chunk-size', o.chunkSize ?? DEFAULT_PAIRED_CHUNK, 1, MAX_CHUNK_SIZE);
  const seats = o.field.length + 1;
  if (seats < game.minPlayers || seats > game.maxPlayers) {
    throw new UserError(`--field: ${game.name} takes ${game.minPlayers} to ${game.maxPlayers} players; A or B plus ${o.field.length} field seats is ${seats}`);
  }
  if (o.mode === 'game' && seats === 1) {
    throw new UserError('--mode game without --field: a game alone is always won, so both win shares would be 1; give the other seats with --field, or compare round scores with --mode round');
  }
  const [specA, specB] = [o.a, o.b, ...o.field].map((s) => game.checkStrategy(s));
  for (const s of [o.a, o.b]) game.checkLineup?.(o.rules, [s, ...o.field], o.mode);
  if (o.sprt) checkSprt(o.sprt, o.mode, specA, specB);
  const def: PairedPlan = { game: game.name, mode: o.mode, a: o.a, b: o.b, field: o.field, games: o.games, seed: o.seed, chunkSize: o.chunkSize ?? DEFAULT_PAIRED_CHUNK };
  const sums = new Float64Array(PAIRED_FIELDS);
  const bounds = o.sprt ? sprtBounds(o.sprt.d0, o.sprt.d1, o.sprt.alpha, o.sprt.beta) : null;
  const metricScale = o.sprt?.metric === 'win' ? WIN_UNITS : 1;
  let llr = 0;
  let verdict: 'H1' | 'H0' | 'continue' = 'continue';
  const sprtPath: [number, number][] = [];
  const t0 = performance.now();
  await runOnPool<PairedResult>({
    setup: poolSetup(game.name, o.rules),
    threads: o.threads,
    first: 0,
    last: chunkCount(def),
    task: (first, last): PairedTask => ({ kind: 'paired', def, first, last }),
    signal: o.signal,
    onProgress: (done) => o.onProgress?.(done, o.games),
    onResult(r) {
      // Chunk by chunk, in chunk order: the SPRT stops after the same chunk whatever the threads or
      // the task sizes, and chunks played past the stop (in the same task) are discarded.
      for (let c = 0; c < r.lastChunk - r.firstChunk && verdict === 'continue'; c++) {
        for (let i = 0; i < PAIRED_FIELDS; i++) sums[i] += r.perChunk[c * PAIRED_FIELDS + i];
        if (bounds) {
          const [s, s2] = o.sprt!.metric === 'win' ? [sums[3], sums[4]] : [sums[1], sums[2]];
          llr = sprtLlr(bounds, sums[0], s / metricScale, s2 / (metricScale * metricScale));
          verdict = sprtVerdict(bounds, llr);
          sprtPath.push([sums[0], llr]);
        }
      }
    },
    stop: () => verdict !== 'continue',
  });
  const n = sums[0];
  const w2 = WIN_UNITS * WIN_UNITS;
  return {
    game: game.name,
    preset: o.preset,
    mode: o.mode,
    a: o.a,
    b: o.b,
    field: o.field,
    seed: o.seed,
    chunkSize: def.chunkSize,
    games: n,
    diff: difference(n, sums[1], sums[2]),
    winDiff: o.mode === 'game' ? difference(n, sums[3] / WIN_UNITS, sums[4] / w2) : null,
    scoreA: estimate(n, sums[5], sums[6]),
    scoreB: estimate(n, sums[7], sums[8]),
    winShareA: o.mode === 'game' ? sums[9] / WIN_UNITS / n : null,
    winShareB: o.mode === 'game' ? sums[10] / WIN_UNITS / n : null,
    winShareSeA: o.mode === 'game' ? estimate(n, sums[9] / WIN_UNITS, sums[11] / w2).se : null,
    winShareSeB: o.mode === 'game' ? estimate(n, sums[10] / WIN_UNITS, sums[12] / w2).se : null,
    sprt: bounds ? { ...bounds, metric: o.sprt!.metric, llr, verdict } : null,
    stoppedEarly: verdict !== 'continue' && n < o.games,
    sprtPath: bounds ? sprtPath : null,
    seconds: (performance.now() - t0) / 1000,
  };
}

/** A p-value as text; below 1e-6 the normal tail is past what the error function resolves. */
export const formatP = (p: number): string => (Number.isNaN(p) ? '-' : p < 1e-6 ? '< 1e-6' : p.toPrecision(3));

export function formatCompare(r: CompareResult): string {
  const f = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : '-');
  // After an early SPRT stop the interval is the naive one: say so where it is printed.
  const ci = r.stoppedEarly ? 'naive interval*' : '95% CI';
  const lines = [
    `${r.game} (${r.preset ?? 'rules file'}), ${r.mode} mode, A = ${r.a}, B = ${r.b}${r.field.length ? `, field: ${r.field.join(' ')}` : ''}`,
    `${r.games.toLocaleString('en-US')} paired games (each played with A and with B on the same random streams, seed ${r.seed}${r.field.length ? ', seats rotated' : ''})`,
    `  score A: ${f(r.scoreA.mean)} (se ${f(r.scoreA.se, 4)})   score B: ${f(r.scoreB.mean)} (se ${f(r.scoreB.se, 4)})`,
    `  A - B:   ${f(r.diff.mean)}  se ${f(r.diff.se, 4)}  ${ci} [${f(r.diff.ci95[0])}, ${f(r.diff.ci95[1])}]  p ${r.diff.pValue < 1e-6 || Number.isNaN(r.diff.pValue) ? '' : '= '}${formatP(r.diff.pValue)}`,
  ];
  if (r.winDiff) {
    lines.push(`  win share A: ${f(r.winShareA!, 4)} (se ${f(r.winShareSeA!, 4)})  B: ${f(r.winShareB!, 4)} (se ${f(r.winShareSeB!, 4)})  A - B: ${f(r.winDiff.mean, 4)}  se ${f(r.winDiff.se, 4)}  ${ci} [${f(r.winDiff.ci95[0], 4)}, ${f(r.winDiff.ci95[1], 4)}]  p ${r.winDiff.pValue < 1e-6 || Number.isNaN(r.winDiff.pValue) ? '' : '= '}${formatP(r.winDiff.pValue)}`);
  }
  if (r.sprt) {
    const s = r.sprt;
    const what = s.verdict === 'H1' ? `accepts H1 (${s.metric} difference = ${s.d1})` : s.verdict === 'H0' ? `accepts H0 (${s.metric} difference = ${s.d0})` : 'is inconclusive: --games ran out first';
    lines.push(`  SPRT on the ${s.metric} difference, H0: ${s.d0} vs H1: ${s.d1}, alpha ${s.alpha}, beta ${s.beta}: LLR ${f(s.llr)} ${s.verdict === 'H1' ? `crossed the upper bound ${f(s.upper)}` : s.verdict === 'H0' ? `crossed the lower bound ${f(s.lower)}` : `within the bounds [${f(s.lower)}, ${f(s.upper)}]`} after ${r.games.toLocaleString('en-US')} games; the test ${what}`);
  }
  if (r.stoppedEarly && r.sprt) {
    lines.push(
      `  * The SPRT stopped the run early, when its LLR crossed the ${r.sprt.verdict === 'H1' ? 'upper' : 'lower'} bound: the means, intervals and p-values above`,
      `    are the naive fixed-sample ones, biased ${sprtBias(r.sprt)} by that stopping rule. They are NOT confidence intervals; the SPRT`,
      '    verdict is the result. For an unbiased estimate with a 95% CI, run again without --sprt (a fixed --games) and a new --seed.',
    );
  }
  return lines.join('\n');
}
