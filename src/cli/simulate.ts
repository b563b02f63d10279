/** `sevensim simulate`: many seeded games on all cores, a summary per seat, Arrow results. */
import type { Argv } from 'yargs';
import { gameModule } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import { DEFAULT_CHUNK_SIZE, type SimulateResult, parseShard, simulate } from '../run/simulate.js';
import { formatSummaryTable } from '../stats/summary.js';
import { chunkSizeOption, command, gameOptions, gamesOption, jsonOption, loadRules, modeOption, presetName, quietOption, seedOption, threadsOption } from './options.js';
import { interruptible, progressBar } from './progress.js';

export function simulateOptions<T>(y: Argv<T>) {
  return gameOptions(y)
    .option('mode', modeOption('round: one round (SEVENFALL: one turn each) from a fresh deck; game: whole games'))
    .option('players', { type: 'string', array: true, demandOption: true, describe: 'one strategy spec per seat, e.g. --players stay-at:points=25 bust-cap' })
    .option('games', gamesOption(100000, 'games (or rounds, in round mode) to play'))
    .option('seed', seedOption('random seed; with --chunk-size it fixes every result bit for bit'))
    .option('threads', threadsOption())
    .option('chunk-size', chunkSizeOption(DEFAULT_CHUNK_SIZE, 'games per seeded chunk (part of the run definition: change it and the random streams change)'))
    .option('shard', { type: 'string', describe: 'run only shard i of N equal ranges of chunks, e.g. 2/8 (numbered from 1); combine with `sevensim merge`' })
    .option('out', { type: 'string', describe: 'directory for scores.arrow, decisions.arrow, run.json (and games.arrow with --per-game)' })
    .option('decisions', { type: 'string', choices: ['observed', 'counterfactual'] as const, default: 'observed', describe: 'decisions.arrow: outcomes of the decisions as played, or every legal action valued by paired rollouts at sampled decisions (round mode)' })
    .option('sample-rate', { type: 'number', default: 0.01, describe: 'with --decisions counterfactual: the share of decisions evaluated' })
    .option('rollouts', { type: 'number', default: 32, describe: 'with --decisions counterfactual: rollouts per legal action (the same future tiles or cards for every action)' })
    .option('per-game', { type: 'boolean', default: false, describe: 'also write games.arrow, one row per game and seat (needs --out)' })
    .option('json', jsonOption('print the summary as one JSON object on stdout'))
    .option('quiet', quietOption);
}

type SimArgs = Awaited<ReturnType<typeof simulateOptions>['argv']>;

export const simulateCommand = command('simulate', 'Play many seeded games in parallel; print a summary per seat and write Arrow results', simulateOptions, async (a) => {
  await runSimulateCommand(a);
});

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
        preset: presetName(game, a),
        mode: a.mode,
        players: a.players,
        games: a.games,
        seed: a.seed,
        threads: a.threads,
        chunkSize: a.chunkSize,
        shard: a.shard ? parseShard(a.shard) : null,
        out: a.out ?? null,
        perGame: a.perGame,
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
      ...(s.bustRate ? { bustRate: s.bustRate.rate, bustRateSe: s.bustRate.se, rounds: s.bustRate.rounds } : {}),
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
