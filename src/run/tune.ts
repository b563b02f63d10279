/**
 * `tune`: searches a strategy's parameters on the worker pool, chooses among its finalists on games it
 * never saw, and confirms the choice on games neither saw.
 *
 * Every step of the search plays its candidates on one fresh block of seeded games (common random
 * numbers: all candidates see the same deals), numbered after the previous step's, so no two steps
 * share a deal. Then the finalists and the start play the validation block (games numbered from
 * VALIDATION_OFFSET), which chooses; the choice and the start play the confirmation block (from
 * CONFIRMATION_OFFSET), which gives the reported figures and may keep the start (tune/choice.ts). Sums
 * are exact integers, so the result is the same for any --threads.
 */
import { writeRunJson } from '../io/manifest.js';
import { writeFileSync } from 'node:fs';
import { type CandidatesDefinition, type CandidatesResult, type Objective, crossIndex, sumsLength } from '../engine/candidates.js';
import { UserError } from '../engine/errors.js';
import type { GameModule, Mode } from '../engine/game.js';
import { Rng } from '../engine/rng.js';
import { WIN_UNITS } from '../engine/runner.js';
import { type Column, schemaOf, writeArrowFile } from '../io/arrow.js';
import { Checkpointer, checkDefinition, checkState, isInt, readCheckpoint } from '../io/checkpoint.js';
import { OutputDir } from '../io/output.js';
import { OUTPUT_FORMAT, gitCommit, packageVersion } from '../io/package-info.js';
import { poolSetup } from '../catalog.js';
import { createPool, runOnPool } from '../parallel/pool.js';
import { checkInteger, checkSeed, checkThreads } from '../engine/checks.js';
import type { CandidatesTask } from '../parallel/worker.js';
import { CmaesSearch, type ContinuousOptions } from '../tune/cmaes.js';
import { type AnswerReason, chooseOnValidation, confirmAnswer } from '../tune/choice.js';
import { BudgetError, GridSearch, RaceSearch } from '../tune/race.js';
import { type Searcher, distinct, pointKey, stepResult } from '../tune/search.js';
import { type Dim, type Point, type Space, buildSpace, fromUnit, gridPoints, gridSize, gridValues, numericDims, specOf, startPoint, toUnit, unitStep, valuesOf } from '../tune/space.js';
import type { ParamValues } from '../engine/params.js';
import { canonicalSpec } from '../engine/strategy.js';
import { SpsaSearch } from '../tune/spsa.js';
import { BlockStats, type Difference, type Estimate } from '../tune/stats.js';
import { counted } from '../io/words.js';

export const METHODS = ['auto', 'grid', 'race', 'cmaes', 'spsa'] as const;
export type Method = (typeof METHODS)[number];

/** Validation games are numbered from here; the search's blocks from 0 (a budget never reaches it). */
export const VALIDATION_OFFSET = 2 ** 40;
/** Confirmation games are numbered from here (a budget never reaches it from VALIDATION_OFFSET). */
export const CONFIRMATION_OFFSET = 2 ** 41;
/** Share of the budget played on the validation block (it chooses among the finalists). */
export const VALIDATION_SHARE = 0.2;
/** Share of the budget played on the confirmation block (the choice and the start: the figures). */
export const CONFIRMATION_SHARE = 0.1;
/** Candidates validated at most: the search's incumbent, the start and the best other finalists. */
export const VALIDATED = 8;
/** Games each candidate plays in a step, at least. */
export const MIN_STEP_GAMES = 200;
/** Candidates in one step at most (the cross products grow with their square). */
export const MAX_CANDIDATES = 256;
/** Race is chosen by auto for at most this many points and two numeric parameters. */
export const AUTO_RACE_POINTS = 256;
/** Games per chunk (results do not depend on it: every game is seeded on its own). */
const CHUNK = 64;

export interface TuneOptions {
  game: GameModule;
  rules: unknown;
  preset: string | null;
  strategy: string;
  params: readonly string[];
  fix: readonly string[];
  start: string | null;
  field: readonly string[];
  mode: Mode;
  /** mean, win or at-least:K; default: mean in round mode, win in game mode. */
  objective: string | null;
  method: Method;
  budget: number;
  seed: number;
  threads: number;
  out: string | null;
  /** Replace a previous result in `out`. */
  force?: boolean;
  /** Continue the interrupted run whose checkpoint is in `out`. */
  resume?: boolean;
  /** Milliseconds between checkpoints (default 5000). */
  checkpointEvery?: number;
  argv?: string[];
  signal?: AbortSignal;
  /** Before each block: its label (`step 3/26`, `validation`, `confirmation`) and the incumbent so far (the start before the first step). */
  onBlock?(label: string, incumbent: string): void;
  onStep?(s: TuneProgress): void;
  onGames?(done: number, total: number): void;
}

export interface TuneProgress {
  step: number;
  maxSteps: number;
  incumbent: string;
  estimate: Estimate;
}

export interface Validated extends Estimate {
  spec: string;
  values: ParamValues;
  /** This finalist minus the choice, paired on the same validation games (null for the choice): within noise of it where the CI reaches 0. */
  vsChoice: Difference | null;
}

export interface TuneReport {
  game: string;
  preset: string | null;
  mode: Mode;
  strategy: string;
  field: string[];
  objective: string;
  method: Exclude<Method, 'auto'>;
  seed: number;
  budget: number;
  /**
   * The searched box; `grid` (race and grid on a numeric parameter without a step): how many values they
   * visit and how far apart (the box is not searched between them), else null.
   */
  searched: { name: string; kind: string; lo?: number; hi?: number; step?: number | null; values?: readonly string[]; grid?: { count: number; step: number | null } | null }[];
  /** The answer: a spec that simulate and compare accept, and its objective on the confirmation block. */
  best: Omit<Validated, 'vsChoice'>;
  /** The start on the confirmation block. */
  start: Omit<Validated, 'vsChoice'>;
  /** best - start on the confirmation block (paired; zero when the answer is the start). */
  diffVsStart: Difference;
  /** `gain` when the CI of diffVsStart lies above 0; otherwise the search found no significant gain. */
  verdict: 'gain' | 'no gain';
  /** Why the answer is what it is: the validation's choice, or the start (see tune/choice.ts). */
  answer: AnswerReason;
  /** The validation block's choice, with its figures there. */
  choice: Validated;
  /** choice - start on the confirmation block (paired; zero when the start was the choice). */
  choiceVsStart: Difference;
  /** The choice, then the validated candidates within noise of it (vsChoice's 95% CI reaches 0). */
  plateau: Validated[];
  /** Every validated candidate with its validation figures, by validation mean. */
  validated: Validated[];
  /** Games each finalist played on the validation block. */
  validationGames: number;
  /** Games the choice and the start each played on the confirmation block. */
  confirmationGames: number;
  searchSteps: number;
  searchGames: number;
  /** Games played in all (search, validation and confirmation; each candidate's game counts once). */
  games: number;
  seconds: number;
  gamesPerSecond: number;
}

export interface TuneResult {
  report: TuneReport;
  rows: TuneRow[];
}

export type Block = 'search' | 'validation' | 'confirmation';

/** One row of tune.arrow: one candidate in one block (a search step, validation or confirmation). */
export interface TuneRow {
  step: number;
  block: Block;
  point: Point;
  games: number;
  mean: number;
  se: number;
  /** Against the block's incumbent: the search's incumbent, the choice (validation), the answer (confirmation). */
  diffVsIncumbent: number;
  diffSe: number;
  /** This row is the block's incumbent. */
  incumbent: boolean;
  /** The incumbent's estimate after the block (search: pooled over its blocks for race and grid; cmaes and spsa: that block's games alone). */
  bestMean: number;
  bestSe: number;
}

export function parseObjective(text: string | null, mode: Mode): Objective {
  const t = text ?? (mode === 'game' ? 'win' : 'mean');
  if (t === 'mean') return { kind: 'mean' };
  if (t === 'win') {
    if (mode !== 'game') throw new UserError('--objective win: win shares exist in game mode only; add --mode game (or tune the mean round score)');
    return { kind: 'win' };
  }
  const m = /^at-least:(-?\d+)$/.exec(t);
  if (m && Number(m[1]) >= 1) return { kind: 'at-least', k: Number(m[1]) };
  // Scores are never below 0: at-least:0 or less holds in every game, and nothing is left to tune.
  if (m) throw new UserError(`--objective ${t}: every score is at least 0, so every candidate would score 1; give K of 1 or more (e.g. at-least:30)`);
  throw new UserError(`--objective ${t}: expected mean, win or at-least:K with an integer K (e.g. at-least:30)`);
}

const objectiveText = (o: Objective): string => (o.kind === 'at-least' ? `at-least:${o.k}` : o.kind);

function checkNumbers(o: TuneOptions): void {
  checkSeed(o.seed);
  checkThreads(o.threads);
  checkInteger('--budget', o.budget, 1, VALIDATION_OFFSET - 1); // validation games are numbered from VALIDATION_OFFSET
}

function chooseMethod(space: Space, method: Method): Exclude<Method, 'auto'> {
  if (method !== 'auto') return method;
  const numeric = numericDims(space);
  if (numeric <= 2 && gridSize(space) <= AUTO_RACE_POINTS) return 'race';
  return 'cmaes';
}

function makeSearcher(space: Space, method: Exclude<Method, 'auto'>, budget: number, seed: number): Searcher {
  if (method === 'grid' || method === 'race') {
    const size = gridSize(space);
    if (size < 2) throw new UserError('nothing to search: the space has one point (widen a --param range)');
    if (size > MAX_CANDIDATES) {
      throw new UserError(`--method ${method}: the grid has ${size} points, more than ${MAX_CANDIDATES}; narrow the ranges or give coarser steps with --param NAME=LO:HI:STEP, or use --method cmaes`);
    }
    const points = gridPoints(space);
    return method === 'grid' ? new GridSearch(points, budget, MIN_STEP_GAMES) : new RaceSearch(points, budget, MIN_STEP_GAMES);
  }
  const enums = space.dims.filter((d) => d.kind === 'enum').map((d) => d.name);
  if (enums.length) throw new UserError(`--method ${method}: searches numeric parameters only; ${enums.join(', ')} ${enums.length > 1 ? 'are enums' : 'is an enum'}: pin with --fix or use --method race`);
  const n = space.dims.length;
  if (method === 'cmaes' && (n < 2 || n > 10)) throw new UserError(`--method cmaes: needs 2 to 10 numeric parameters, got ${n}; use --method race (or spsa) for one`);
  const base = startPoint(space);
  const rng = new Rng(`${seed}/tune/${method}`);
  const o: ContinuousOptions = {
    start: toUnit(space, base),
    unitSteps: space.dims.map(unitStep),
    toPoint: (u) => fromUnit(space, u, base),
    budget,
    minGames: MIN_STEP_GAMES,
    uniform: () => rng.unit(),
  };
  return method === 'cmaes' ? new CmaesSearch(o) : new SpsaSearch(o);
}

/** Checks everything the user gave, before any work starts or anything is written. */
export function planTune(o: TuneOptions): { space: Space; objective: Objective; method: Exclude<Method, 'auto'>; searcher: Searcher; searchBudget: number; validationBudget: number; confirmationBudget: number } {
  checkNumbers(o);
  const { game } = o;
  const def = game.strategies.find((s) => s.name === o.strategy);
  if (!def) throw new UserError(`--strategy ${o.strategy}: unknown ${game.name} strategy (strategies: ${game.strategies.map((s) => s.name).join(', ')}; see \`sevensim strategies --game ${game.name}\`)`);
  const space = buildSpace({ strategy: o.strategy, params: def.params, search: o.params, fix: o.fix, start: o.start });
  const objective = parseObjective(o.objective, o.mode);
  const seats = o.field.length + 1;
  if (seats < game.minPlayers || seats > game.maxPlayers) {
    throw new UserError(`--field: ${game.name} seats ${game.minPlayers} to ${game.maxPlayers} players; the tuned strategy plus ${counted(o.field.length, 'field seat')} is ${seats}`);
  }
  for (const f of o.field) game.checkStrategy(f);
  game.checkLineup?.(o.rules, [specOf(space, startPoint(space)), ...o.field], o.mode);
  const method = chooseMethod(space, o.method);
  const validationBudget = Math.floor(o.budget * VALIDATION_SHARE);
  const confirmationBudget = Math.floor(o.budget * CONFIRMATION_SHARE);
  const searchBudget = o.budget - validationBudget - confirmationBudget;
  let searcher: Searcher;
  try {
    searcher = makeSearcher(space, method, searchBudget, o.seed);
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e;
    const needed = Math.ceil(e.needed / (1 - VALIDATION_SHARE - CONFIRMATION_SHARE));
    throw new UserError(`--budget ${o.budget}: too small for ${method} on this space; its first step alone needs ${e.needed} games (${MIN_STEP_GAMES} per candidate), so give at least --budget ${needed}`);
  }
  if (validationBudget < VALIDATED * MIN_STEP_GAMES) {
    throw new UserError(`--budget ${o.budget}: too small; the validation block (${VALIDATION_SHARE * 100}% of the budget) needs at least ${VALIDATED * MIN_STEP_GAMES} games, so give at least --budget ${Math.ceil((VALIDATED * MIN_STEP_GAMES) / VALIDATION_SHARE)}`);
  }
  // The confirmation block (2 candidates) needs less than the validation block (8): no check of its own.
  return { space, objective, method, searcher, searchBudget, validationBudget, confirmationBudget };
}

/**
 * What tune checkpoints: every block played so far, in order, with its sums (integers, exact in JSON).
 * The search is deterministic given its blocks' results, so a resumed run replays it from the start,
 * taking these blocks' sums instead of playing them, and goes on where the interrupted run stopped.
 */
interface TuneState {
  blocks: { candidates: string[]; offset: number; games: number; sums: number[] }[];
  seconds: number;
  startedAt: string;
}

/**
 * A checkpoint's blocks, field by field: the candidates, offsets and sizes are matched against the
 * replayed search step by step; here their sums must fit them (games played, squares not negative).
 */
function checkTuneState(dir: string, st: TuneState, budget: number, objective: Objective): void {
  // A game's value: a win share in 1/840ths, 0 or 1 (at-least:K), or a score (never below 0).
  const most = objective.kind === 'win' ? WIN_UNITS : objective.kind === 'at-least' ? 1 : Infinity;
  const block = (b: TuneState['blocks'][number]): boolean =>
    typeof b === 'object' && b !== null && Array.isArray(b.candidates) && b.candidates.length > 0 && b.candidates.every((c) => typeof c === 'string') &&
    isInt(b.offset) && isInt(b.games, 1, budget) && Array.isArray(b.sums) && b.sums.length === sumsLength(b.candidates.length) &&
    b.sums.every((x) => isInt(x, 0, Number.MAX_SAFE_INTEGER)) && b.sums[0] === b.games && sumsFit(b.sums, b.candidates.length, b.games, most);
  checkState(dir, st, [
    ['blocks a list', () => Array.isArray(st.blocks)],
    [`each block: candidates, offset, games and sums those games can add up to (${most === Infinity ? 'scores of 0 or more' : `values from 0 to ${most}`})`, () => st.blocks.every(block)],
  ]);
}

/**
 * Whether k candidates' sums over n games (sums of values in [0, most], of their squares and cross
 * products) can come from real games: a resealed checkpoint passes its sha256 check, not this.
 * Sum <= n x most and sum of squares <= most x sum (y^2 <= most y); Cauchy-Schwarz for the rest:
 * sum^2 <= n x sum of squares, cross^2 <= the two sums of squares (with room for rounding).
 */
function sumsFit(sums: readonly number[], k: number, n: number, most: number): boolean {
  const sq = (i: number): number => sums[crossIndex(k, i, i)];
  for (let i = 0; i < k; i++) {
    const sum = sums[1 + i];
    // Values of 0 or more summing to 0 are all 0: their squares too (most x sum is NaN for a mean's Infinity).
    if (sum > n * most || (sum === 0 ? sq(i) !== 0 : sq(i) > most * sum) || sum * sum > n * sq(i) * (1 + 1e-12)) return false;
    for (let j = i + 1; j < k; j++) {
      const x = sums[crossIndex(k, i, j)];
      if (x * x > sq(i) * sq(j) * (1 + 1e-12)) return false;
    }
  }
  return true;
}

export async function tune(o: TuneOptions): Promise<TuneResult> {
  const plan = planTune(o);
  const { space, objective, searcher } = plan;
  if (o.resume && !o.out) throw new UserError('--resume continues the run in an --out directory: give it');
  const out = o.out ? new OutputDir(o.out, { force: o.force, resume: o.resume }) : null;
  out?.prepare();
  const definition = { game: o.game.name, rules: o.rules, preset: o.preset, strategy: o.strategy, params: o.params, fix: o.fix, start: o.start, field: o.field, mode: o.mode, objective: o.objective, method: o.method, budget: o.budget, seed: o.seed };
  const checkpoint = out ? new Checkpointer<TuneState>(out.dir, 'tune', definition, o.checkpointEvery) : null;
  const saved = o.resume ? readCheckpoint<TuneState>(out!.dir) : null;
  if (saved) checkDefinition(saved, 'tune', definition);
  if (saved) checkTuneState(out!.dir, saved.state, o.budget, objective);
  const blocks: TuneState['blocks'] = [];
  const scale = objective.kind === 'win' ? WIN_UNITS : 1;
  const startedAt = saved ? new Date(saved.state.startedAt) : new Date();
  const secondsBefore = saved?.state.seconds ?? 0;
  const t0 = performance.now();
  let played = 0;
  const setup = poolSetup(o.game.name, o.rules);
  const pool = createPool(o.threads, setup);

  /** Plays distinct specs on games [offset, offset + games) and returns their sums (a checkpointed block's, on --resume). */
  const playBlock = async (candidates: string[], offset: number, games: number): Promise<BlockStats> => {
    const done = saved?.state.blocks[blocks.length];
    if (done) {
      if (JSON.stringify([done.candidates, done.offset, done.games]) !== JSON.stringify([candidates, offset, games])) {
        throw new UserError(`--resume ${out!.dir}: the checkpoint's step ${blocks.length + 1} played other candidates than this run asks for; give --force to start again`);
      }
      blocks.push(done);
      played += games * candidates.length;
      o.onGames?.(played, o.budget);
      return new BlockStats(candidates.length, scale, Float64Array.from(done.sums), objective.kind !== 'mean');
    }
    const def: CandidatesDefinition = { mode: o.mode, candidates, field: [...o.field], objective, seed: o.seed, offset, games, chunkSize: CHUNK };
    const stats = new BlockStats(candidates.length, scale, undefined, objective.kind !== 'mean');
    const before = played;
    await runOnPool<CandidatesResult>(
      {
        setup,
        threads: o.threads,
        first: 0,
        last: Math.ceil(games / CHUNK),
        task: (first, last): CandidatesTask => ({ kind: 'candidates', def, first, last }),
        signal: o.signal,
        onResult: (r) => stats.add(r.sums),
        onProgress: (done) => o.onGames?.(before + done * candidates.length, o.budget),
      },
      pool,
    );
    played += games * candidates.length;
    blocks.push({ candidates, offset, games, sums: Array.from(stats.sums) });
    checkpoint?.maybeSave(() => ({ state: { blocks, seconds: secondsBefore + (performance.now() - t0) / 1000, startedAt: startedAt.toISOString() } }));
    return stats;
  };

  const rows: TuneRow[] = [];
  const startValues = space.start;
  const startSpec = canonicalSpec(o.strategy, startValues);
  try {
    let offset = 0;
    let step = 0;
    for (let p = searcher.next(); p !== null; p = searcher.next()) {
      const unique = distinct(p.points);
      const row = new Map(unique.map((u, i) => [pointKey(u), i]));
      o.onBlock?.(`step ${step + 1}/${searcher.maxSteps}`, step === 0 ? startSpec : specOf(space, searcher.incumbent()));
      const stats = await playBlock(unique.map((u) => specOf(space, u)), offset, p.games);
      offset += p.games;
      const result = stepResult(stats, p.points.map((q) => row.get(pointKey(q))!));
      searcher.observe(result);
      const inc = searcher.stepIncumbent();
      const best = searcher.bestSoFar?.() ?? result.estimate(inc);
      unique.forEach((u, i) => {
        const e = stats.estimate(i);
        const d = stats.diff(i, result.index[inc]);
        rows.push({ step, block: 'search', point: u, games: p.games, mean: e.mean, se: e.se, diffVsIncumbent: d.mean, diffSe: d.se, incumbent: i === result.index[inc], bestMean: best.mean, bestSe: best.se });
      });
      o.onStep?.({ step: step + 1, maxSteps: searcher.maxSteps, incumbent: specOf(space, searcher.incumbent()), estimate: best });
      step++;
    }
    const searchGames = played;

    // Validation: the start (as given, even outside the searched box), the search's incumbent, then the
    // best other finalists; the search never saw these games. The highest mean there is the choice.
    const startAsPoint = space.dims.map((d) => (d.kind === 'enum' ? d.values.indexOf(startValues[d.name] as string) : (startValues[d.name] as number)));
    const finalists = [{ point: startAsPoint, spec: startSpec, values: startValues }];
    for (const f of searcher.finalists(VALIDATED)) {
      const spec = specOf(space, f);
      if (finalists.length < VALIDATED && !finalists.some((c) => c.spec === spec)) finalists.push({ point: f, spec, values: valuesOf(space, f) });
    }
    const validationGames = Math.floor(plan.validationBudget / finalists.length);
    o.onBlock?.('validation', specOf(space, searcher.incumbent()));
    const vstats = await playBlock(finalists.map((c) => c.spec), VALIDATION_OFFSET, validationGames);
    const chosen = chooseOnValidation(vstats, 0);
    const validated: Validated[] = finalists.map((c, i) => ({ spec: c.spec, values: c.values, ...vstats.estimate(i), vsChoice: i === chosen ? null : vstats.diff(i, chosen) }));
    addRows(rows, step, 'validation', finalists, validationGames, vstats, chosen);

    // Confirmation: the choice and the start (the start alone if it was the choice) on games neither saw.
    const confirming = chosen === 0 ? [finalists[0]] : [finalists[chosen], finalists[0]];
    const confirmationGames = Math.floor(plan.confirmationBudget / confirming.length);
    o.onBlock?.('confirmation', finalists[chosen].spec);
    const cstats = await playBlock(confirming.map((c) => c.spec), CONFIRMATION_OFFSET, confirmationGames);
    const confirmed = confirmAnswer(cstats);
    addRows(rows, step + 1, 'confirmation', confirming, confirmationGames, cstats, confirmed.answerRow);
    o.signal?.throwIfAborted();
    const seconds = secondsBefore + (performance.now() - t0) / 1000;
    const answer = confirming[confirmed.answerRow];
    const choice = validated[chosen];
    // Within noise of the choice: its paired difference from the choice, on the same games, does not exclude 0
    // (two intervals that overlap say less: the common games cancel most of the noise of a difference).
    const plateau = validated.filter((v) => v.vsChoice !== null && v.vsChoice.ci95[1] >= 0).sort((x, y) => y.mean - x.mean);
    const report: TuneReport = {
      game: o.game.name,
      preset: o.preset,
      mode: o.mode,
      strategy: o.strategy,
      field: [...o.field],
      objective: objectiveText(objective),
      method: plan.method,
      seed: o.seed,
      budget: o.budget,
      searched: space.dims.map((d) => (d.kind === 'enum' ? { name: d.name, kind: d.kind, values: d.values } : { name: d.name, kind: d.kind, lo: d.lo, hi: d.hi, step: d.step, grid: gridOf(plan.method, d) })),
      best: { spec: answer.spec, values: answer.values, ...confirmed.answer },
      start: { spec: startSpec, values: startValues, ...confirmed.start },
      diffVsStart: confirmed.diffVsStart,
      verdict: confirmed.diffVsStart.ci95[0] > 0 ? 'gain' : 'no gain',
      answer: confirmed.reason,
      choice,
      choiceVsStart: confirmed.choiceVsStart,
      plateau: [choice, ...plateau],
      validated: [...validated].sort((x, y) => y.mean - x.mean),
      validationGames,
      confirmationGames,
      searchSteps: step,
      searchGames,
      games: played,
      seconds,
      gamesPerSecond: played / seconds,
    };
    if (out) {
      await writeTuneArrow(out.file('tune.arrow'), space, rows);
      writeFileSync(out.file('best.json'), JSON.stringify(report, null, 2) + '\n');
      const manifest = {
        format: OUTPUT_FORMAT,
        kind: 'tune',
        version: packageVersion(),
        gitCommit: gitCommit(),
        game: o.game.name,
        preset: o.preset,
        rules: o.rules,
        mode: o.mode,
        seed: o.seed,
        strategy: o.strategy,
        field: o.field,
        objective: report.objective,
        method: plan.method,
        budget: o.budget,
        games: played,
        argv: o.argv ?? [],
        threads: o.threads,
        startedAt: startedAt.toISOString(),
        seconds,
        gamesPerSecond: report.gamesPerSecond,
      };
      writeRunJson(out, manifest);
      out.commit(o.signal);
    }
    return { report, rows };
  } catch (e) {
    // Interrupted: keep the last checkpoint for --resume; a fault: remove everything (the previous result stays).
    out?.abort({ keepCheckpoint: o.signal?.aborted === true });
    throw out ? out.fault(e) : e;
  } finally {
    await pool.destroy();
  }
}

/** The rows of a validation or confirmation block: differences against its incumbent (row `inc`). */
function addRows(rows: TuneRow[], step: number, block: Block, candidates: { point: Point }[], games: number, stats: BlockStats, inc: number): void {
  const best = stats.estimate(inc);
  candidates.forEach((c, i) => {
    const e = stats.estimate(i);
    const d = stats.diff(i, inc);
    rows.push({ step, block, point: c.point, games, mean: e.mean, se: e.se, diffVsIncumbent: d.mean, diffSe: d.se, incumbent: i === inc, bestMean: best.mean, bestSe: best.se });
  });
}

async function writeTuneArrow(path: string, space: Space, rows: TuneRow[]): Promise<void> {
  const paramCols = space.dims.map((d) => `param_${d.name}`);
  const schema = schemaOf([
    ['step', 'int32'],
    ['block', 'utf8'],
    ...paramCols.map((c): [string, 'float64'] => [c, 'float64']),
    ['games', 'int64'],
    ['mean', 'float64'],
    ['se', 'float64'],
    ['diff_vs_incumbent', 'float64'],
    ['diff_se', 'float64'],
    ['incumbent', 'bool'],
    ['best_mean', 'float64'],
    ['best_se', 'float64'],
  ]);
  const columns: Record<string, Column> = {
    step: Int32Array.from(rows.map((r) => r.step)),
    block: rows.map((r) => r.block),
    games: BigInt64Array.from(rows.map((r) => BigInt(r.games))),
    mean: Float64Array.from(rows.map((r) => r.mean)),
    se: Float64Array.from(rows.map((r) => r.se)),
    diff_vs_incumbent: Float64Array.from(rows.map((r) => r.diffVsIncumbent)),
    diff_se: Float64Array.from(rows.map((r) => r.diffSe)),
    incumbent: rows.map((r) => r.incumbent),
    best_mean: Float64Array.from(rows.map((r) => r.bestMean)),
    best_se: Float64Array.from(rows.map((r) => r.bestSe)),
  };
  paramCols.forEach((c, i) => (columns[c] = Float64Array.from(rows.map((r) => r.point[i]))));
  await writeArrowFile(path, schema, columns);
}

const f = (x: number, d = 3): string => (Number.isFinite(x) ? x.toFixed(d) : '-');

/**
 * A share objective every finalist scored 0 (or 1) on every validation game: nothing told them apart,
 * so the answer is the start by default, not by measure (e.g. at-least:K with K out of reach).
 */
function sameOutcome(r: TuneReport): string[] {
  for (const x of [0, 1]) {
    if (r.objective !== 'mean' && r.validated.every((v) => v.mean === x)) {
      return [`  every finalist scored ${x} in every validation game: ${r.objective} cannot tell them apart here${r.objective.startsWith('at-least:') ? (x === 0 ? '; give a K some games reach' : '; give a higher K') : ''}`];
    }
  }
  // Every finalist's every game the same as the choice's (paired differences all 0): the searched values changed nothing.
  const others = r.validated.filter((v) => v.spec !== r.choice.spec);
  if (others.length > 0 && others.every((v) => v.vsChoice && v.vsChoice.mean === 0 && v.vsChoice.se === 0)) {
    return ['  every finalist ended every validation game as the choice did: the searched values change nothing in these games (a parameter another setting ignores, e.g. `optimal`\'s k with objective=ev?)'];
  }
  return [];
}

/** The values race and grid visit along a numeric parameter given no step (every whole number of a short int range, else a few evenly spaced ones), for the report; null for the other methods or with a step. */
function gridOf(method: string, d: Dim): { count: number; step: number | null } | null {
  if ((method !== 'race' && method !== 'grid') || d.kind === 'enum' || d.step) return null;
  const v = gridValues(d);
  const gaps = new Set(v.slice(1).map((x, i) => Number((x - v[i]).toPrecision(12))));
  return { count: v.length, step: gaps.size === 1 ? [...gaps][0] : null };
}

export function formatTune(r: TuneReport): string {
  const d = r.objective === 'win' ? 4 : 3;
  const est = (v: Estimate) => `${f(v.mean, d)}  95% CI [${f(v.ci95[0], d)}, ${f(v.ci95[1], d)}]`;
  const diff = (x: Difference) => `${f(x.mean, d)}  se ${f(x.se, d + 1)}  95% CI [${f(x.ci95[0], d)}, ${f(x.ci95[1], d)}]  p ${x.pValue < 1e-6 ? '< 1e-6' : `= ${x.pValue.toPrecision(3)}`}`;
  // The validation table names candidates by their searched values (the full specs are long).
  const short = (v: Validated) => r.searched.map((s) => `${s.name}=${String(v.values[s.name])}`).join(',');
  const width = Math.max(...r.validated.map((v) => short(v).length));
  const tag = (v: Validated) => [v.spec === r.choice.spec ? (r.answer === 'start kept' ? 'choice, not confirmed' : 'choice') : '', v.spec === r.start.spec ? 'start' : '', v.spec !== r.choice.spec && r.plateau.some((q) => q.spec === v.spec) ? 'within noise of the choice' : ''].filter(Boolean).join(', ');
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${f(x, d)}`;
  // The paired difference from the choice (older best.json files have none).
  const vs = (v: Validated) => (v.vsChoice ? `  - choice ${signed(v.vsChoice.mean)} [${signed(v.vsChoice.ci95[0])}, ${signed(v.vsChoice.ci95[1])}]` : '');
  const grid = (s: TuneReport['searched'][number]) => (s.grid && s.grid.count > 0 ? ` (${s.grid.count} values${s.grid.step ? `, every ${s.grid.step}` : ''})` : '');
  const answer = {
    choice: `answer: the validation's choice, ahead of the start on the confirmation block`,
    start: `answer: the start; no finalist of the search scored above it on the validation block`,
    'start kept': `answer: the start; the validation's choice (${short(r.choice)}) did not beat it on the confirmation block: ${diff(r.choiceVsStart)}`,
  }[r.answer];
  const lines = [
    `${r.game} (${r.preset ?? 'rules file'}), ${r.mode} mode, tuning ${r.strategy}${r.field.length ? ` against ${r.field.join(' ')}` : ''}: objective ${r.objective}, method ${r.method}, seed ${r.seed}`,
    `searched ${r.searched.map((s) => (s.values ? `${s.name} in {${s.values.join(', ')}}` : `${s.name} in [${s.lo}, ${s.hi}]${s.step ? ` step ${s.step}` : grid(s)}`)).join(', ')}`,
    `search: ${r.searchSteps} steps, ${r.searchGames.toLocaleString('en-US')} games`,
    `validation (chooses; the search never saw it): ${r.validated.length} finalists (the start among them), ${r.validationGames.toLocaleString('en-US')} games each; - choice: paired on those games, 95% CI`,
    ...r.validated.map((v) => `  ${short(v).padEnd(width)}  ${est(v)}${vs(v)}${tag(v) ? `  ${tag(v)}` : ''}`),
    ...sameOutcome(r),
    `confirmation (the figures; neither the search nor the choice saw it): ${r.answer === 'start' ? 'the start' : 'the choice and the start'}, ${r.confirmationGames.toLocaleString('en-US')} games${r.answer === 'start' ? '' : ' each'}`,
    answer,
    `  ${r.best.spec}`,
    `  ${r.objective} on confirmation: ${est(r.best)}`,
    ...(r.answer === 'choice'
      ? [`start: ${r.start.spec}`, `  ${r.objective} on confirmation: ${est(r.start)}`, `answer - start (paired): ${diff(r.diffVsStart)}${r.verdict === 'gain' ? '' : '  (no significant gain over the start)'}`]
      : []),
    `${r.games.toLocaleString('en-US')} games in ${f(r.seconds, 1)} s: ${Math.round(r.gamesPerSecond).toLocaleString('en-US')} games/s`,
  ];
  return lines.join('\n');
}
