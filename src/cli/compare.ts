/** `sevensim compare`: strategy A against B on common random numbers, optionally stopped by an SPRT. */
import { gameModule } from '../catalog.js';
import { refuseUnused } from '../engine/checks.js';
import { OutputDir } from '../io/output.js';
import { DEFAULT_PAIRED_CHUNK, compare, formatCompare, parseSprt } from '../run/compare.js';
import { compareJson, writeCompareOutput } from '../run/compare-output.js';
import { chunkSizeOption, command, forceOption, gameOptions, gamesOption, jsonOption, loadRules, modeOption, presetName, quietOption, seedOption, threadsOption } from './options.js';
import { interruptible, progressBar } from './progress.js';

export const compareCommand = command(
  (y) =>
    gameOptions(y)
      .option('mode', modeOption('round: one round (SEVENFALL: one turn); game: whole games'))
      .option('a', { type: 'string', demandOption: true, describe: 'strategy spec A' })
      .option('b', { type: 'string', demandOption: true, describe: 'strategy spec B' })
      .option('field', { type: 'string', array: true, default: [] as string[], describe: 'the other seats\' strategies (A or B takes each seat in turn)' })
      .option('games', gamesOption(100000, 'paired games (the most, with --sprt)'))
      .option('seed', seedOption())
      .option('threads', threadsOption())
      .option('chunk-size', chunkSizeOption(DEFAULT_PAIRED_CHUNK, 'games per task unit; the SPRT is checked after each'))
      .option('sprt', { type: 'string', describe: 'd0,d1 (default: off, every game is played): stop once the log-likelihood ratio of "difference = d1" against "difference = d0" crosses its bounds' })
      .option('metric', { type: 'string', choices: ['score', 'win'] as const, describe: 'what the SPRT tests (default: score in round mode, win share in game mode)' })
      .option('alpha', { type: 'number', default: 0.05, describe: 'SPRT false-positive rate' })
      .option('beta', { type: 'number', default: 0.05, describe: 'SPRT false-negative rate' })
      .option('json', jsonOption())
      .option('out', { type: 'string', describe: 'directory for compare.json (the --json result, with the SPRT path) and run.json; `sevensim report` draws it' })
      .option('force', forceOption())
      .option('quiet', { ...quietOption, describe: 'no progress bar' }),
  async (a) => {
    const game = gameModule(a.game);
    const rules = loadRules(game, a.preset, a.rules);
    const mode = a.mode;
    const out = a.out !== undefined ? new OutputDir(a.out, { force: a.force }) : null;
    if (!a.sprt) refuseUnused(['--metric', '--alpha', '--beta'], 'they set up the SPRT; give --sprt d0,d1, or remove them');
    const sprt = a.sprt ? { ...parseSprt(a.sprt), alpha: a.alpha, beta: a.beta, metric: a.metric ?? (mode === 'game' ? 'win' : 'score') } : null;
    out?.prepare();
    const progress = progressBar(a.quiet);
    await interruptible(
      'nothing was written',
      async (signal) => {
        const r = await compare({
          game, rules, preset: presetName(game, a), mode, a: a.a, b: a.b, field: a.field,
          games: a.games, seed: a.seed, threads: a.threads, chunkSize: a.chunkSize, sprt, signal,
          onProgress: (d, t) => progress.update(d, t),
        });
        progress.stop();
        if (out) writeCompareOutput(out, r, rules, process.argv.slice(2));
        console.log(a.json ? JSON.stringify(compareJson(r), null, 2) : formatCompare(r));
        if (out && !a.json) console.log(`written to ${a.out}/compare.json`);
      },
      () => progress.stop(),
    );
  },
);
