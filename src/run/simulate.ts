/**
 * A simulate run end to end: chunks on the pool, totals, summaries, result files. The CLI, the
 * default study and the tests call this; it prints nothing itself.
 */
import { rmSync } from 'node:fs';
import type { RecordBatch } from 'apache-arrow';
import { join } from 'node:path';
import { type GameModule, type Mode, WIN_UNITS } from '../engine/game.js';
import { UserError } from '../engine/errors.js';
import { type BucketChoice, Bucketer, type DecisionRecording, MAX_STATES, formatBuckets, parseBuckets, tableWidth } from '../engine/decisions.js';
import { type ChunkResult, type RunDefinition, RunTotals, chunkCount } from '../engine/runner.js';
import type { ChunkTask } from '../parallel/worker.js';
import { OutputDir } from '../io/output.js';
import { CHECKPOINT_FILE, Checkpointer, checkDefinition, checkState, isInt, readCheckpoint } from '../io/checkpoint.js';
import { fileInDir } from '../io/input-files.js';
import { manifestHeader } from '../io/package-info.js';
import { type Manifest, type SerializedTotals, deserializeTotals, resultRows, serializeTotals, writeResultManifest } from '../io/manifest.js';
import { poolSetup } from '../catalog.js';
import { runOnPool } from '../parallel/pool.js';
import { checkChunkSize, checkGames, checkInteger, checkNumber, checkSeed, checkThreads } from '../engine/checks.js';
import { type SeatSummary, summarise } from '../stats/summary.js';
import { counted } from '../io/words.js';

export const DEFAULT_CHUNK_SIZE = 4096;

export interface SimulateOptions {
  game: GameModule;
  rules: unknown;
  preset: string | null;
  mode: Mode;
  players: string[];
  games: number;
  seed: number;
  threads: number;
  chunkSize?: number;
  shard?: { index: number; count: number } | null;
  out?: string | null;
  perGame?: boolean;
  /** What decisions.arrow holds (needs out): `none` (the default: no file), `outcomes` or `counterfactual`. */
  decisions?: DecisionRecording;
  /** The bucket features and band widths (`--bucket`); the game's default when absent. */
  buckets?: string;
  /** With decisions `counterfactual`: the share of decisions sampled and the rollouts per action. */
  counterfactual?: { rate: number; rollouts: number } | null;
  argv?: string[];
  /** Replace a previous result in `out`. */
  force?: boolean;
  /** Continue the interrupted run checkpointed in `out` (its definition must match). */
  resume?: boolean;
  /** Milliseconds between checkpoints of a run with `out` (default 5000). */
  checkpointEvery?: number;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export interface SimulateResult {
  manifest: Manifest;
  totals: RunTotals;
  seats: SeatSummary[];
}

/** Parses `i/N` (1-based): the i-th of N equal ranges of chunks. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new UserError(`--shard ${text}: expected i/N, e.g. 2/8 for the second of eight shards`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) throw new UserError(`--shard ${text}: i must be between 1 and N (shards are numbered from 1)`);
  return { index, count };
}

/** The chunk range [first, last) of shard i of N. */
export function shardRange(total: number, shard: { index: number; count: number } | null | undefined): [number, number] {
  if (!shard) return [0, total];
  return [Math.floor(((shard.index - 1) * total) / shard.count), Math.floor((shard.index * total) / shard.count)];
}

/** The seat count, every strategy spec, and whether the rules can seat this lineup. */
export function checkPlayers(game: GameModule, rules: unknown, players: readonly string[], mode: Mode): void {
  if (players.length < game.minPlayers || players.length > game.maxPlayers) {
    throw new UserError(`--players: ${game.name} takes ${game.minPlayers} to ${game.maxPlayers} players, got ${players.length}`);
  }
  for (const p of players) game.checkStrategy(p);
  game.checkLineup?.(rules, players, mode);
}

/** With --decisions counterfactual and no settings given: the share of decisions sampled and rollouts per action. */
export const DEFAULT_COUNTERFACTUAL = { rate: 0.01, rollouts: 32 };

/**
 * What fixes a simulate run's results, every default filled in: what its checkpoint holds, and what
 * --resume reads back whole (the fields are SimulateOptions', so it goes straight back in).
 */
export interface SimulateDefinition extends Pick<RunDefinition, 'game' | 'rules' | 'mode' | 'players' | 'games' | 'seed' | 'chunkSize'> {
  preset: string | null;
  shard: { index: number; count: number } | null;
  perGame: boolean;
  decisions: DecisionRecording;
  /** The bucket choices as `--bucket` text, in canonical form (formatBuckets). */
  buckets: string;
  counterfactual: { rate: number; rollouts: number } | null;
}

/**
 * The run's definition, each default filled in once, every field checked (options and checkpoints
 * alike), and its bucket choices parsed once.
 */
export function simulateDefinition(o: SimulateOptions): { definition: SimulateDefinition; choices: BucketChoice[]; bucketer: Bucketer } {
  const { game } = o;
  checkGames(o.games);
  checkSeed(o.seed);
  checkThreads(o.threads);
  const chunkSize = checkChunkSize(o.chunkSize ?? DEFAULT_CHUNK_SIZE);
  checkPlayers(game, o.rules, o.players, o.mode);
  const shard = o.shard ?? null;
  if (shard !== null && !(Number.isInteger(shard.count) && shard.count >= 1 && Number.isInteger(shard.index) && shard.index >= 1 && shard.index <= shard.count)) {
    throw new UserError(`--shard ${JSON.stringify(shard)}: expected i/N with i from 1 to N`);
  }
  const decisions = o.decisions ?? 'none';
  // Options from the CLI are checked by yargs; a checkpoint's definition (--resume) is not.
  if (o.mode !== 'round' && o.mode !== 'game') throw new UserError(`mode ${JSON.stringify(o.mode)}: expected round or game`);
  if (!(['none', 'outcomes', 'counterfactual'] as unknown[]).includes(decisions)) throw new UserError(`decisions ${JSON.stringify(decisions)}: expected none, outcomes or counterfactual`);
  const features = game.bucketFeatures(o.rules);
  const text = o.buckets ?? game.defaultBuckets;
  const choices = parseBuckets(features, text);
  const bucketer = new Bucketer(features, choices);
  const states = bucketer.states(game.decisionKinds.length);
  if (states > MAX_STATES) throw new UserError(`--bucket ${text}: ${states.toLocaleString('en-US')} possible buckets, more than ${MAX_STATES.toLocaleString('en-US')}; use wider bands or fewer features`);
  if (decisions !== 'none' && !o.out) throw new UserError(`--decisions ${decisions} writes decisions.arrow, so it needs --out DIR`);
  const counterfactual = decisions === 'counterfactual' ? (o.counterfactual ?? DEFAULT_COUNTERFACTUAL) : null;
  if (counterfactual !== null) {
    if (!game.counterfactualModes?.includes(o.mode)) {
      throw new UserError(`--decisions counterfactual: not available for ${game.name} in ${o.mode} mode (available: ${game.counterfactualModes?.length ? `${game.counterfactualModes.join(', ')} mode` : 'none'})`);
    }
    checkNumber('--sample-rate', counterfactual.rate, 0, 1);
    checkInteger('--rollouts', counterfactual.rollouts, 2, 10000);
  }
  const definition: SimulateDefinition = {
    game: game.name,
    preset: o.preset,
    rules: o.rules,
    mode: o.mode,
    players: o.players,
    games: o.games,
    seed: o.seed,
    chunkSize,
    shard,
    perGame: o.out != null && o.perGame === true,
    decisions,
    buckets: formatBuckets(choices),
    counterfactual,
  };
  return { definition, choices, bucketer };
}

/** What a checkpoint of a simulate run holds: the totals of chunks [first, next). */
interface SimulateState {
  next: number;
  seconds: number;
  startedAt: string;
  totals: SerializedTotals;
  /** Bytes of the temporary games.arrow that hold chunks [first, next). */
  gamesBytes: number;
  gamesFile: string | null;
}

/**
 * A checkpoint's state, field by field (its sha256 only shows it was not damaged by accident): the
 * chunks done within the shard, totals that fit them seat by seat, and a games file only with --per-game.
 */
function checkSimulateState(dir: string, st: SimulateState, def: RunDefinition, first: number, last: number, perGame: boolean): void {
  const games = Math.min(st.next * def.chunkSize, def.games) - first * def.chunkSize;
  const t = st.totals as Partial<SerializedTotals> | null;
  const width = 2 + tableWidth(def.decisions!);
  const seat = (x: SerializedTotals['seats'][number]): boolean => {
    if (typeof x !== 'object' || x === null || !Array.isArray(x.histogram)) return false;
    let n = 0;
    let sum = 0;
    let sq = 0;
    for (const e of x.histogram) {
      if (!Array.isArray(e) || e.length !== 2 || !Number.isSafeInteger(e[0]) || !isInt(e[1], 1)) return false;
      n += e[1];
      sum += e[0] * e[1];
      sq += e[0] * e[0] * e[1];
    }
    return x.games === games && n === games && x.sumScore === sum && x.sumScoreSq === sq && isInt(x.sumWin, 0, games * WIN_UNITS) && isInt(x.sumWinSq, 0, games * WIN_UNITS * WIN_UNITS) && isInt(x.rounds) && isInt(x.busts, 0, x.rounds) && isInt(x.bustsSq, x.busts) && isInt(x.roundsSq, x.rounds) && isInt(x.bustRounds, x.busts);
  };
  checkState(dir, st, [
    [`next a chunk from ${first + 1} to ${last}`, () => isInt(st.next, first + 1, last)],
    ['totals of the games in the chunks before next', () => typeof t === 'object' && t !== null && t.games === games],
    [`totals for ${def.players.length} seats, each with a score histogram that adds up to its sums`, () => Array.isArray(t!.seats) && t!.seats.length === def.players.length && t!.seats.every(seat)],
    [`decision sums rows of ${width} numbers`, () => Array.isArray(t!.decisions) && t!.decisions.every((r) => Array.isArray(r) && r.length === width && isInt(r[0]) && isInt(r[1]) && r.every((v) => typeof v === 'number' && Number.isFinite(v)))],
    [perGame ? 'gamesFile a file name' : 'gamesFile null (the run writes no games.arrow)', () => (perGame ? typeof st.gamesFile === 'string' : st.gamesFile === null)],
    [perGame ? 'gamesBytes a byte count' : 'gamesBytes 0', () => (perGame ? isInt(st.gamesBytes, 8) : st.gamesBytes === 0)],
  ]);
}

/**
 * The games.arrow batches of a checkpointed --per-game run: its games file (read before this run's
 * writer opens its own, which in the same process has the same name) up to gamesBytes, which must hold
 * the games of the chunks before next.
 */
async function replayedGames(dir: string, st: SimulateState, def: RunDefinition, first: number): Promise<RecordBatch[]> {
  if (st.gamesFile === null) return [];
  const [{ readPartialArrowFile }, { GAMES_SCHEMA }] = await Promise.all([import('../io/arrow.js'), import('../io/results.js')]);
  const path = fileInDir(dir, st.gamesFile, `${join(dir, CHECKPOINT_FILE)}: gamesFile`);
  const rows = (Math.min(st.next * def.chunkSize, def.games) - first * def.chunkSize) * def.players.length;
  let batches: RecordBatch[] | null = null;
  try {
    batches = readPartialArrowFile(path, GAMES_SCHEMA, st.gamesBytes);
  } catch {
    // missing, shorter than gamesBytes, or cut inside a batch: refused below
  }
  const read = batches?.reduce((n, b) => n + b.numRows, 0) ?? -1;
  if (read !== rows) throw new UserError(`--resume: the checkpoint in ${dir} is damaged or edited (expected gamesBytes of ${st.gamesFile} to hold the ${rows} games.arrow rows before next${read < 0 ? '' : `, not ${read}`}); give --force to start again`);
  return batches!;
}

/** simulateDefinition, its refusal of a resumed run's definition naming the checkpoint it came from (untrusted input). */
function checkedDefinition(o: SimulateOptions): ReturnType<typeof simulateDefinition> {
  try {
    return simulateDefinition(o);
  } catch (e) {
    if (o.resume && e instanceof UserError) throw new UserError(`--resume ${o.out}: the checkpoint's run definition: ${e.message}`);
    throw e;
  }
}

/**
 * A shard with no chunks (more shards than chunks), found after every check of the run's arguments:
 * the CLI says so and exits 0, so that its task in a job array does not fail (merge the others).
 */
export class EmptyShard extends UserError {
  override name = 'EmptyShard';
}

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  const { definition, choices, bucketer } = checkedDefinition(o);
  const { preset: _preset, shard: _shard, perGame, ...fields } = definition;
  const def: RunDefinition = { ...fields, buckets: choices };
  const total = chunkCount(def);
  const [first, last] = shardRange(total, definition.shard);
  if (first === last) throw new EmptyShard(`--shard ${definition.shard!.index}/${definition.shard!.count}: this shard has no chunks (${counted(total, 'chunk')} in all), so there is nothing to play and nothing was written; merge the other shards' outputs for the whole run`);
  const gamesInRange = Math.min(last * def.chunkSize, def.games) - first * def.chunkSize;
  if (o.resume && !o.out) throw new UserError('--resume continues the run in an --out directory: give it');
  // The Arrow writers load Apache Arrow (about 0.3 s of CPU): only a run that writes files needs them.
  const files = o.out != null ? await import('../io/results.js') : null;
  const out = o.out != null ? new OutputDir(o.out, { force: o.force, resume: o.resume }) : null;
  out?.prepare();
  const checkpoint = out ? new Checkpointer<SimulateState>(out.dir, 'simulate', definition, o.checkpointEvery) : null;
  const saved = o.resume ? readCheckpoint<SimulateState>(out!.dir) : null;
  let replay: RecordBatch[] = [];
  if (saved) {
    try {
      checkDefinition(saved, 'simulate', definition);
      checkSimulateState(out!.dir, saved.state, def, first, last, perGame);
      replay = await replayedGames(out!.dir, saved.state, def, first);
    } catch (e) {
      out!.abort({ keepCheckpoint: true }); // a refused checkpoint stays, for a fixed sevensim or --force
      throw e;
    }
  }
  const totals = saved ? deserializeTotals(saved.state.totals, o.players.length, def.decisions) : new RunTotals(o.players.length, def.decisions);
  const startedAt = saved ? new Date(saved.state.startedAt) : new Date();
  const secondsBefore = saved?.state.seconds ?? 0;
  let next = saved?.state.next ?? first;
  const t0 = performance.now();
  try {
    const gamesWriter = perGame ? new files!.GamesWriter(out!, def) : null;
    if (gamesWriter) await gamesWriter.replay(replay);
    // The interrupted run's games file is needed until this run's first checkpoint.
    let oldGamesFile = saved?.state.gamesFile !== gamesWriter?.tempName ? (saved?.state.gamesFile ?? null) : null;
    const save = (): { state: SimulateState; keep: string[] } => {
      const state: SimulateState = {
        next,
        seconds: secondsBefore + (performance.now() - t0) / 1000,
        startedAt: startedAt.toISOString(),
        totals: serializeTotals(totals),
        gamesBytes: gamesWriter?.syncedBytes() ?? 0,
        gamesFile: gamesWriter?.tempName ?? null,
      };
      return { state, keep: state.gamesFile ? [state.gamesFile] : [] };
    };
    const resumedGames = Math.min(next * def.chunkSize, def.games) - first * def.chunkSize;
    if (next < last) {
      const { rules: _rules, ...plan } = def;
      await runOnPool<ChunkResult>({
        setup: poolSetup(def.game, def.rules),
        threads: o.threads,
        first: next,
        last,
        task: (a, b): ChunkTask => ({ kind: 'simulate', def: plan, first: a, last: b, withDecisions: def.decisions !== 'none', perGame }),
        signal: o.signal,
        onProgress: (done) => o.onProgress?.(resumedGames + done, gamesInRange),
        async onResult(r) {
          totals.add(r);
          if (gamesWriter) await gamesWriter.add(r);
          next = r.lastChunk;
          if (checkpoint?.maybeSave(save) && oldGamesFile) {
            rmSync(join(out!.dir, oldGamesFile), { force: true });
            oldGamesFile = null;
          }
        },
      });
    }
    o.signal?.throwIfAborted();
    const seconds = secondsBefore + (performance.now() - t0) / 1000;
    const manifest: Manifest = {
      ...manifestHeader('simulate', def.game, definition.preset, def.seed),
      kind: 'simulate',
      rules: o.rules,
      mode: def.mode,
      players: def.players,
      games: def.games,
      chunkSize: def.chunkSize,
      chunks: { total, first, last },
      shard: definition.shard,
      perGame,
      decisions: def.decisions!,
      buckets: definition.buckets,
      counterfactual: def.counterfactual ?? null,
      argv: o.argv ?? [],
      threads: o.threads,
      startedAt: startedAt.toISOString(),
      seconds,
      gamesPerSecond: totals.games / seconds,
      totals: totals.seatSums(),
    };
    if (out && files) {
      if (gamesWriter) await gamesWriter.close();
      await files.writeScores(out, totals, def.players);
      if (def.decisions !== 'none') await files.writeDecisions(out, totals, o.game, o.rules, def.players, def.decisions!, bucketer);
      writeResultManifest(out, manifest, resultRows(totals, manifest));
      out.commit(o.signal);
      if (oldGamesFile) rmSync(join(out.dir, oldGamesFile), { force: true });
    }
    return { manifest, totals, seats: summarise(o.game, def.mode, def.players, totals) };
  } catch (e) {
    // Interrupted: keep the last checkpoint (and the files it names) for --resume; a fault: remove all.
    out?.abort({ keepCheckpoint: o.signal?.aborted === true });
    throw out ? out.fault(e) : e;
  }
}
