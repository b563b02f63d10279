/** `sevensim simulate`: many seeded games on all cores, a summary per seat, Arrow results. */
import type { Argv } from 'yargs';
import { gameModule } from '../catalog.js';
import type { DecisionRecording } from '../engine/decisions.js';
import { checkNumber, refuseUnused } from '../engine/checks.js';
import { UserError } from '../engine/errors.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_COUNTERFACTUAL, type SimulateDefinition, type SimulateOptions, type SimulateResult, EmptyShard, parseShard, simulate } from '../run/simulate.js';
import { formatSummaryNotes, formatSummaryTable } from '../stats/summary.js';
import { chunkSizeOption, command, forceOption, gameOptions, gamesOption, jsonOption, loadRules, modeOption, presetName, quietOption, resumeFrom, resumeOption, runDefinition, runFlags, seedOption, threadsOption } from './options.js';
import { interruptible, progressBar } from './progress.js';
import { coverageNote } from '../io/manifest.js';
import { OutputDir } from '../io/output.js';
import { counted } from '../io/words.js';

export function simulateOptions<T>(y: Argv<T>) {
  return gameOptions(y)
    .option('mode', modeOption('round: one round (SEVENFALL: one turn each) from a fresh deck; game: whole games'))
    .option('players', { type: 'string', array: true, demandOption: true, describe: 'one strategy spec per seat, e.g. --players stay-at:points=25 bust-cap' })
    .option('games', gamesOption(100000, 'games (or rounds, in round mode) to play'))
    .option('seed', seedOption('random seed: game g is played from streams hashed from (seed, g), so the seed fixes every result bit for bit'))
    .option('threads', threadsOption())
    .option('chunk-size', chunkSizeOption(DEFAULT_CHUNK_SIZE, 'games per unit of work (a checkpoint, a shard and a games.arrow record batch hold whole chunks); results do not depend on it'))
    .option('shard', { type: 'string', describe: 'run only shard i of N equal ranges of chunks, e.g. 2/8 (numbered from 1); combine with `sevensim merge`' })
    .option('out', { type: 'string', describe: 'directory for scores.arrow, run.json (decisions.arrow with --decisions, games.arrow with --per-game)' })
    .option('decisions', { type: 'string', choices: ['none', 'outcomes', 'counterfactual'] as const, default: 'none', describe: 'decisions.arrow (needs --out): none; the outcome of every decision as played; or, at sampled decisions, every legal action valued by paired rollouts' })
    .option('bucket', { type: 'string', describe: 'state features decisions are grouped by, with band widths, e.g. points:10,distinct:1 (SEVN) or profile,discards-left (SEVENFALL); `none` groups by kind only; see docs/RESULTS.md (default: points:20,distinct:2 for SEVN, profile,discards-left for SEVENFALL)' })
    .option('sample-rate', { type: 'number', default: DEFAULT_COUNTERFACTUAL.rate, describe: 'with --decisions counterfactual: the share of decisions evaluated' })
    .option('rollouts', { type: 'number', default: DEFAULT_COUNTERFACTUAL.rollouts, describe: 'with --decisions counterfactual: rollouts per legal action (the same future tiles or cards for every action)' })
    .option('per-game', { type: 'boolean', default: false, describe: 'also write games.arrow, one row per game and seat (needs --out)' })
    .option('json', jsonOption('print the summary as one JSON object on stdout'))
    .option('quiet', quietOption)
    .option('force', forceOption('replace the results of an earlier run in --out (files that are not results are left alone)'))
    .option('resume', resumeOption('run'))
    .option('checkpoint-seconds', { type: 'number', default: 5, describe: 'with --out: seconds between checkpoints of the completed chunks (for --resume)', coerce: (v: number) => checkNumber('--checkpoint-seconds', v, 0, 86400, true) })
    // The checkpoint supplies the run's arguments, including the ones yargs demands.
    .middleware(resumeFrom<SimulateDefinition>('simulate', RUN_FLAGS, (d) => ({ game: d.game, players: d.players })) as never, true);
}

/** The flags that define a run (a resumed run takes them from its checkpoint). */
const RUN_FLAGS = ['game', 'preset', 'rules', 'mode', 'players', 'games', 'seed', 'chunk-size', 'shard', 'out', 'decisions', 'bucket', 'sample-rate', 'rollouts', 'per-game', 'force'];

type SimArgs = Awaited<ReturnType<typeof simulateOptions>['argv']>;

export const simulateCommand = command(simulateOptions, async (a) => {
  await runSimulateCommand(a);
});

/** Runs simulate as the CLI gives it; undefined for a shard with no chunks (nothing to play). */
export async function runSimulateCommand(a: SimArgs): Promise<SimulateResult | undefined> {
  const game = gameModule(a.game);
  if (a.perGame && !a.out) throw new UserError('--per-game writes games.arrow, so it needs --out DIR');
  if (a.resume === undefined) {
    if (a.decisions !== 'counterfactual') refuseUnused(['--sample-rate', '--rollouts'], 'they set up --decisions counterfactual; give it (with --out), or remove them');
    if (a.decisions === 'none') refuseUnused(['--bucket'], 'it groups the rows of decisions.arrow; give --decisions outcomes or counterfactual (with --out), or remove it');
  }
  const { def, resumed, out } = runDefinition<Omit<SimulateDefinition, 'game' | 'buckets'> & Pick<SimulateOptions, 'buckets'>>(a, game, () => ({
    preset: presetName(game, a),
    rules: loadRules(game, a.preset, a.rules),
    mode: a.mode,
    players: a.players,
    games: a.games,
    seed: a.seed,
    chunkSize: a.chunkSize,
    shard: a.shard ? parseShard(a.shard) : null,
    perGame: a.perGame,
    decisions: a.decisions as DecisionRecording,
    buckets: a.bucket,
    counterfactual: a.decisions === 'counterfactual' ? { rate: a.sampleRate, rollouts: a.rollouts } : null,
  }));
  const progress = progressBar(a.quiet);
  return interruptible(
    () => (out !== undefined && new OutputDir(out).resumable() ? `no result files were written; ${new OutputDir(out).resumeNote('simulate')}` : 'no result files were written'),
    async (signal) => {
      let result: SimulateResult;
      try {
        result = await simulate({ ...def, game, ...runFlags(a, out, resumed, signal), onProgress: (done, total) => progress.update(done, total) });
      } catch (e) {
        // Every check of the arguments has passed: only then is an empty shard a success.
        if (!(e instanceof EmptyShard)) throw e;
        progress.stop();
        process.stderr.write(`sevensim: ${e.message}\n`);
        return undefined;
      }
      progress.stop();
      printSummary(result, a.json, out);
      return result;
    },
    () => progress.stop(),
  );
}

/** The summary printed by --json: one object. */
export function summaryJson(r: SimulateResult, out?: string | null) {
  const m = r.manifest;
  const seats = r.seats.map((s) => ({
    seat: s.seat,
    strategy: s.strategy,
    games: s.games,
    mean: s.mean,
    sd: s.sd,
    se: s.se,
    ci95: s.ci95,
    quantiles: s.quantiles,
    winShare: s.winShare ? s.winShare.mean : null,
    winShareSe: s.winShare ? s.winShare.se : null,
    winShareCi95: s.winShare ? s.winShare.ci95 : null,
    ...(s.bustRate ? { bustRate: s.bustRate.rate, bustRateSe: s.bustRate.se, bustRateCi95: s.bustRate.ci95, rounds: s.bustRate.rounds } : {}),
  }));
  const shard = m.shard ? `${m.shard.index}/${m.shard.count}` : null;
  // A merge of shards that miss chunks holds fewer games than its run: say so (null when whole).
  const partial = m.complete === false ? { runGames: m.games, note: coverageNote(m) } : null;
  return { game: m.game, preset: m.preset, mode: m.mode, games: r.totals.games, seed: m.seed, chunkSize: m.chunkSize, shard, partial, threads: m.threads, seconds: m.seconds, gamesPerSecond: m.gamesPerSecond, seats, out: out ?? null };
}

export function printSummary(r: SimulateResult, json: boolean, out?: string): void {
  const m = r.manifest;
  if (json) {
    console.log(JSON.stringify(summaryJson(r, out), null, 2));
    return;
  }
  const shard = m.shard ? `, shard ${m.shard.index}/${m.shard.count}` : '';
  const units = m.mode === 'game' ? 'games' : 'rounds';
  const played = r.totals.games.toLocaleString('en-US');
  const count = m.complete === false ? `${played} of the run's ${m.games.toLocaleString('en-US')} ${units} (partial)` : `${played} ${units}`;
  // A merge's own time is not the shards' (they may have run anywhere, at once): no rate for it.
  const speed = m.kind === 'merge' ? `merged from ${counted(m.mergedFrom?.length ?? 0, 'shard output')}` : `${Math.round(m.gamesPerSecond).toLocaleString('en-US')}/s on ${m.threads} thread${m.threads === 1 ? '' : 's'}`;
  console.log(`${m.game} (${m.preset ?? 'rules file'}), ${m.mode} mode, ${count}, seed ${m.seed}${shard}: ${speed}`);
  console.log(formatSummaryTable(r.seats, m.mode === 'game' ? 'games' : 'rounds'));
  console.log('mean: mean score per ' + (m.mode === 'game' ? 'game (final total)' : 'round') + '; 95% CI = mean +/- 1.96 se.');
  if (m.mode === 'game' && r.seats.some((x) => x.bustRate)) console.log('bust rate: busts over the rounds the seat played; its se counts each game\'s rounds as one cluster (they share a deck and totals, so they are not independent).');
  for (const line of formatSummaryNotes(r.seats, m.mode === 'game' ? 'games' : 'rounds')) console.log(line);
  if (out) console.log(`results written to ${out}/`);
}
