/** `sevensim tune`: search a strategy's parameters; choose on games the search never saw, confirm on games neither saw. */
import cliProgress from 'cli-progress';
import type { Argv } from 'yargs';
import type { Mode } from '../engine/game.js';
import { defaultThreads } from '../parallel/pool.js';
import type { Method, TuneOptions, TuneProgress } from '../run/tune.js';
import { gameModule } from '../catalog.js';
import { OutputDir } from '../io/output.js';
import { checkNumber } from '../engine/checks.js';
import { type CommandBody, forceOption, gameOptions, loadRules, presetName, resumeFrom, resumeOption, runDefinition, runFlags } from './options.js';
import { interruptible } from './progress.js';

function tuneOptions<T>(y: Argv<T>) {
  return gameOptions(y)
    .option('strategy', { type: 'string', demandOption: true, describe: 'the strategy to tune (see `sevensim strategies --game G`)' })
    .option('param', {
      type: 'string',
      array: true,
      default: [] as string[],
      describe: 'search NAME over LO:HI (every STEP): NAME=LO:HI[:STEP]; NAME alone searches its declared range, or every value of an enum. Default: every numeric parameter over its declared range',
    })
    .option('fix', { type: 'string', array: true, default: [] as string[], describe: 'pin a parameter: NAME=VALUE, in every candidate and in the start (unsearched parameters keep the start\'s value)' })
    .option('start', { type: 'string', describe: 'the starting spec the answer is compared with (default: the declared defaults)' })
    .option('field', { type: 'string', array: true, default: [] as string[], describe: 'the other seats\' strategies; the tuned strategy takes every seat in turn' })
    .option('mode', { type: 'string', choices: ['round', 'game'] as const, default: 'round', describe: 'round: one round (SEVENFALL: one turn); game: whole games' })
    .option('objective', { type: 'string', describe: 'mean (score of the tuned seat), win (win share, game mode) or at-least:K (chance of scoring at least K); default: mean in round mode, win in game mode' })
    .option('method', {
      type: 'string',
      choices: ['auto', 'grid', 'race', 'cmaes', 'spsa'] satisfies Method[],
      default: 'auto',
      describe: 'grid: every point; race: successive halving on paired differences; cmaes: CMA-ES (2-10 numeric parameters); spsa: simultaneous perturbation; auto: race for up to 256 grid points and two numeric parameters, else cmaes',
    })
    .option('budget', { type: 'number', default: 1000000, describe: 'games to play in all (each candidate\'s game counts): 70% for the search, 20% for the validation block (chooses among the finalists), 10% for the confirmation block (the figures)' })
    .option('seed', { type: 'number', default: 1, describe: 'random seed (same seed, same result for any --threads)' })
    .option('threads', { type: 'number', default: defaultThreads(), defaultDescription: 'one per core', describe: 'worker threads' })
    .option('out', { type: 'string', describe: 'directory for tune.arrow (every candidate of every step), best.json (the report) and run.json' })
    .option('force', forceOption())
    .option('resume', resumeOption('tune run (the blocks played)'))
    .option('checkpoint-seconds', { type: 'number', default: 5, describe: 'with --out: seconds between checkpoints (taken after a step)', coerce: (v: number) => checkNumber('--checkpoint-seconds', v, 0, 86400, true) })
    .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar (it is also off when stderr is not a terminal)' })
    .middleware(resumeFrom<TuneDefinition>('tune', TUNE_FLAGS, (d) => ({ game: d.game, strategy: d.strategy })) as never, true);
}

/** The flags that define a tune run (a resumed run takes them from its checkpoint). */
const TUNE_FLAGS = ['game', 'preset', 'rules', 'strategy', 'param', 'fix', 'start', 'field', 'mode', 'objective', 'method', 'budget', 'seed', 'out', 'force'];

/** What tune() checkpoints as the run's definition: TuneOptions' run fields, every default filled in. */
type TuneDefinition = Pick<TuneOptions, 'rules' | 'preset' | 'strategy' | 'params' | 'fix' | 'start' | 'field' | 'mode' | 'objective' | 'method' | 'budget' | 'seed'> & { game?: string };

/** A progress bar showing the block being played, the incumbent and its estimate so far. */
function tuneBar(quiet: boolean) {
  if (quiet || !process.stderr.isTTY) return { block() {}, step() {}, games() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: ' {bar} {percentage}% | {step} | {incumbent} {estimate} | ETA {eta_formatted}', hideCursor: true, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const info = { step: '', incumbent: '', estimate: '' };
  const show = () => started && bar.update(info);
  return {
    /** Before a block: the first step shows the start and "(playing)" until its estimate comes. */
    block(label: string, incumbent: string) {
      info.step = label;
      if (incumbent !== info.incumbent) info.estimate = '(playing)';
      info.incumbent = incumbent;
      show();
    },
    step(s: TuneProgress) {
      info.incumbent = s.incumbent;
      info.estimate = `${s.estimate.mean.toFixed(3)} (se ${s.estimate.se.toFixed(3)})`;
      show();
    },
    games(done: number, total: number) {
      if (!started) {
        bar.start(total, done, info);
        started = true;
      } else bar.update(done, info);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

export const tuneCommand: CommandBody<Awaited<ReturnType<typeof tuneOptions>['argv']>> = {
  builder: (y) => tuneOptions(y) as never,
  handler: async (a) => {
    // Loaded here, not at startup: the search methods bring ml-matrix (~0.1-0.3 s to import).
    const { formatTune, tune } = await import('../run/tune.js');
    const game = gameModule(a.game);
    const { def, resumed, out } = runDefinition<TuneDefinition>(a, game, () => ({
      rules: loadRules(game, a.preset, a.rules),
      preset: presetName(game, a),
      strategy: a.strategy,
      params: a.param,
      fix: a.fix,
      start: a.start ?? null,
      field: a.field,
      mode: a.mode as Mode,
      objective: a.objective ?? null,
      method: a.method as Method,
      budget: a.budget,
      seed: a.seed,
    }));
    const bar = tuneBar(a.quiet);
    await interruptible(
      () => (out !== undefined && new OutputDir(out).resumable() ? `nothing was written; ${new OutputDir(out).resumeNote('tune')}` : 'nothing was written'),
      async (signal) => {
        const { report } = await tune({
          ...def,
          game,
          ...runFlags(a, out, resumed, signal),
          onBlock: (label, incumbent) => bar.block(label, incumbent),
          onStep: (s) => bar.step(s),
          onGames: (done, total) => bar.games(done, total),
        });
        bar.stop();
        console.log(a.json ? JSON.stringify(report, null, 2) : formatTune(report));
        if (out && !a.json) console.log(`written to ${out}/ (tune.arrow, best.json, run.json)`);
      },
      () => bar.stop(),
    );
  },
};
