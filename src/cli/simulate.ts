/** `sevensim simulate`: many seeded games on all cores, a summary per seat, Arrow results. */
import type { Argv } from 'yargs';
import type { Mode } from '../engine/game.js';
import type { DecisionRecording } from '../engine/decisions.js';
import { UserError } from '../engine/errors.js';
import { defaultThreads } from '../parallel/pool.js';
import { DEFAULT_CHUNK_SIZE, type SimulateResult, parseShard, simulate } from '../run/simulate.js';
import { formatSummaryTable } from '../stats/summary.js';
import { gameModule, loadRules } from './games.js';
import { gameOptions } from './options.js';
import { interruptible, progressBar } from './progress.js';

export function simulateOptions<T>(y: Argv<T>) {
  return gameOptions(y)
    .option('mode', { type: 'string', choices: ['round', 'game'] as const, default: 'round' as Mode, describe: 'round: one round (SEVENFALL: one turn each) from a fresh deck; game: whole games' })
    .option('players', { type: 'string', array: true, demandOption: true, describe: 'one strategy spec per seat, e.g. --players stay-at:points=25 bust-cap' })
    .option('games', { type: 'number', default: 100000, describe: 'games (or rounds, in round mode) to play' })
    .option('seed', { type: 'number', default: 1, describe: 'random seed; with --chunk-size it fixes every result bit for bit' })
    .option('threads', { type: 'number', default: defaultThreads(), defaultDescription: 'one per core', describe: 'worker threads' })
    .option('chunk-size', { type: 'number', default: DEFAULT_CHUNK_SIZE, describe: 'games per seeded chunk (part of the run definition: change it and the random streams change)' })
    .option('shard', { type: 'string', describe: 'run only shard i of N equal ranges of chunks, e.g. 2/8 (numbered from 1); combine with `sevensim merge`' })
    .option('out', { type: 'string', describe: 'directory for scores.arrow, run.json (decisions.arrow with --decisions, games.arrow with --per-game)' })
    .option('decisions', { type: 'string', choices: ['none', 'outcomes', 'counterfactual'] as const, default: 'none', describe: 'decisions.arrow (needs --out): none; the outcome of every decision as played; or, at sampled decisions, every legal action valued by paired rollouts' })
    .option('bucket', { type: 'string', describe: 'state features decisions are grouped by, with band widths, e.g. points:10,distinct:1 (SEVN) or profile,discards-left (SEVENFALL); `none` groups by kind only; see docs/RESULTS.md (default: the game\'s own)' })
    .option('sample-rate', { type: 'number', default: 0.01, describe: 'with --decisions counterfactual: the share of decisions evaluated' })
    .option('rollouts', { type: 'number', default: 32, describe: 'with --decisions counterfactual: rollouts per legal action (the same future tiles or cards for every action)' })
    .option('per-game', { type: 'boolean', default: false, describe: 'also write games.arrow, one row per game and seat (needs --out)' })
    .option('json', { type: 'boolean', default: false, describe: 'print the summary as one JSON object on stdout' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar (it is also off when stderr is not a terminal)' });
}

type SimArgs = Awaited<ReturnType<typeof simulateOptions>['argv']>;

export async function runSimulateCommand(a: SimArgs): Promise<SimulateResult> {
  const game = gameModule(a.game);
  const rules = loadRules(game, a.preset, a.rules);
  if (a.perGame && !a.out) throw new UserError('--per-game writes games.arrow, so it needs --out DIR');
  const progress = progressBar(a.quiet);
  return interruptible(
    'no result files were written',
    async (signal) => {
      const result = await simulate({
        game,
        rules,
        preset: a.rules ? null : (a.preset ?? game.defaultPreset),
        mode: a.mode as Mode,
        players: a.players,
        games: a.games,
        seed: a.seed,
        threads: a.threads,
        chunkSize: a.chunkSize,
        shard: a.shard ? parseShard(a.shard) : null,
        out: a.out ?? null,
        perGame: a.perGame,
        decisions: a.decisions as DecisionRecording,
        buckets: a.bucket,
        counterfactual: a.decisions === 'counterfactual' ? { rate: a.sampleRate, rollouts: a.rollouts } : null,
        argv: process.argv.slice(2),
        signal,
        onProgress: (done, total) => progress.update(done, total),
      });
      progress.stop();
      printSummary(result, a.json, a.out);
      return result;
    },
    () => progress.stop(),
  );
}

export function printSummary(r: SimulateResult, json: boolean, out?: string): void {
  const m = r.manifest;
  if (json) {
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
      ...(m.game === 'sevn' ? { bustRate: s.bustRate?.rate ?? null, bustRateSe: s.bustRate?.se ?? null, rounds: s.bustRate?.rounds ?? null } : {}),
    }));
    const shard = m.shard ? `${m.shard.index}/${m.shard.count}` : null;
    console.log(JSON.stringify({ game: m.game, preset: m.preset, mode: m.mode, games: r.totals.games, seed: m.seed, chunkSize: m.chunkSize, shard, threads: m.threads, seconds: m.seconds, gamesPerSecond: m.gamesPerSecond, seats, out: out ?? null }, null, 2));
    return;
  }
  const shard = m.shard ? `, shard ${m.shard.index}/${m.shard.count}` : '';
  console.log(`${m.game} (${m.preset ?? 'rules file'}), ${m.mode} mode, ${r.totals.games.toLocaleString('en-US')} ${m.mode === 'game' ? 'games' : 'rounds'}, seed ${m.seed}${shard}: ${Math.round(m.gamesPerSecond).toLocaleString('en-US')}/s on ${m.threads} thread(s)`);
  console.log(formatSummaryTable(r.seats));
  console.log('mean: mean score per ' + (m.mode === 'game' ? 'game (final total)' : 'round') + '; 95% CI = mean +/- 1.96 se.');
  if (out) console.log(`results written to ${out}/`);
}
