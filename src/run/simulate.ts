/**
 * A simulate run end to end: chunks on the pool, totals, summaries, result files. The CLI, the
 * default study and the tests call this; it prints nothing itself.
 */
import { writeFileSync } from 'node:fs';
import type { GameModule, Mode } from '../engine/game.js';
import { UserError } from '../engine/errors.js';
import { Bucketer, type DecisionRecording, MAX_STATES, formatBuckets, parseBuckets } from '../engine/decisions.js';
import { type ChunkResult, type RunDefinition, RunTotals, chunkCount } from '../engine/runner.js';
import type { ChunkTask } from '../parallel/worker.js';
import { OutputDir } from '../io/output.js';
import { gitCommit, packageVersion } from '../io/package-info.js';
import { GamesWriter, type Manifest, bucketerOf, writeDecisions, writeScores } from '../io/results.js';
import { runOnPool } from '../parallel/pool.js';
import { type SeatSummary, summariseSeat } from '../stats/summary.js';

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

export function validateRun(o: SimulateOptions): void {
  if (!Number.isSafeInteger(o.games) || o.games <= 0) throw new UserError(`--games: expected a positive integer, got ${o.games}`);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed: expected an integer, got ${o.seed}`);
  if (!Number.isInteger(o.threads) || o.threads < 1 || o.threads > 256) throw new UserError(`--threads: expected an integer from 1 to 256, got ${o.threads}`);
  const chunk = o.chunkSize ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isInteger(chunk) || chunk < 1 || chunk > 1 << 24) throw new UserError(`--chunk-size: expected an integer from 1 to 16777216, got ${chunk}`);
  checkPlayers(o.game, o.rules, o.players, o.mode);
  const { game } = o;
  const recording = o.decisions ?? 'none';
  const features = game.bucketFeatures(o.rules);
  const text = o.buckets ?? game.defaultBuckets;
  const states = new Bucketer(features, parseBuckets(features, text)).states(game.decisionKinds.length);
  if (states > MAX_STATES) throw new UserError(`--bucket ${text}: ${states.toLocaleString('en-US')} possible buckets, more than ${MAX_STATES.toLocaleString('en-US')}; use wider bands or fewer features`);
  if (recording !== 'none' && !o.out) throw new UserError(`--decisions ${recording} writes decisions.arrow, so it needs --out DIR`);
  if (recording === 'counterfactual') {
    const cf = o.counterfactual ?? { rate: 0.01, rollouts: 32 };
    if (!(cf.rate > 0 && cf.rate <= 1)) throw new UserError(`--sample-rate: expected a number in (0, 1], got ${cf.rate}`);
    if (!Number.isInteger(cf.rollouts) || cf.rollouts < 2 || cf.rollouts > 10000) throw new UserError(`--rollouts: expected an integer from 2 to 10000, got ${cf.rollouts}`);
  }
}

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  validateRun(o);
  const def: RunDefinition = {
    game: o.game.name,
    rules: o.rules,
    mode: o.mode,
    players: o.players,
    games: o.games,
    seed: o.seed,
    chunkSize: o.chunkSize ?? DEFAULT_CHUNK_SIZE,
    decisions: o.decisions ?? 'none',
    buckets: parseBuckets(o.game.bucketFeatures(o.rules), o.buckets ?? o.game.defaultBuckets),
    counterfactual: o.decisions === 'counterfactual' ? (o.counterfactual ?? { rate: 0.01, rollouts: 32 }) : null,
  };
  const total = chunkCount(def);
  const [first, last] = shardRange(total, o.shard);
  if (first === last) throw new UserError(`--shard ${o.shard!.index}/${o.shard!.count}: this shard has no chunks (${total} chunks in all); use fewer shards or more --games`);
  const gamesInRange = Math.min(last * def.chunkSize, def.games) - first * def.chunkSize;
  const out = o.out ? new OutputDir(o.out) : null;
  out?.prepare();
  const totals = new RunTotals(o.players.length, def.decisions);
  const gamesWriter = out && o.perGame ? new GamesWriter(out, def) : null;
  const startedAt = new Date();
  const t0 = performance.now();
  try {
    await runOnPool<ChunkResult>({
      threads: o.threads,
      first,
      last,
      task: (a, b): ChunkTask => ({ kind: 'simulate', def, first: a, last: b, withDecisions: def.decisions !== 'none', perGame: gamesWriter !== null }),
      signal: o.signal,
      onProgress: (done) => o.onProgress?.(done, gamesInRange),
      async onResult(r) {
        totals.add(r);
        if (gamesWriter) await gamesWriter.add(r);
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    const manifest: Manifest = {
      sevensim: packageVersion(),
      gitCommit: gitCommit(),
      game: def.game,
      preset: o.preset,
      rules: o.rules,
      mode: def.mode,
      players: def.players,
      games: def.games,
      seed: def.seed,
      chunkSize: def.chunkSize,
      chunks: { total, first, last },
      shard: o.shard ?? null,
      perGame: gamesWriter !== null,
      decisions: def.decisions!,
      buckets: formatBuckets(def.buckets!),
      counterfactual: def.counterfactual ?? null,
      argv: o.argv ?? [],
      threads: o.threads,
      startedAt: startedAt.toISOString(),
      seconds,
      gamesPerSecond: totals.games / seconds,
      totals: totals.seats.map(({ histogram: _h, ...t }) => t),
    };
    if (out) {
      if (gamesWriter) await gamesWriter.close();
      await writeScores(out, totals, def.players);
      if (def.decisions !== 'none') await writeDecisions(out, totals, o.game, o.rules, def.players, def.decisions!, bucketerOf(o.game, o.rules, formatBuckets(def.buckets!)));
      writeFileSync(out.file('run.json'), JSON.stringify(manifest, null, 2) + '\n');
      out.commit();
    }
    return { manifest, totals, seats: summarise(o.game, def.mode, def.players, totals) };
  } catch (e) {
    out?.abort();
    throw e;
  }
}

export function summarise(game: GameModule, mode: Mode, players: string[], totals: RunTotals): SeatSummary[] {
  return totals.seats.map((t, s) => summariseSeat(s, players[s], t, mode === 'game', game.name === 'sevn'));
}
