/** `sevensim tournament`: every strategy against every other at tables of N seats, every seat order on the same deals. */
import type { Argv } from 'yargs';
import type { Mode } from '../engine/game.js';
import { defaultThreads } from '../parallel/pool.js';
import { DEFAULT_TOURNAMENT_CHUNK, type TournamentOptions, formatTournament, tournament } from '../run/tournament.js';
import { gameModule } from '../catalog.js';
import { OutputDir } from '../io/output.js';
import { checkNumber } from '../engine/checks.js';
import { type CommandBody, forceOption, gameOptions, loadRules, presetName, resumeFrom, resumeOption, runDefinition, runFlags } from './options.js';
import { interruptible, progressBar } from './progress.js';

function tournamentOptions<T>(y: Argv<T>) {
  return gameOptions(y)
    .option('players', { type: 'string', array: true, demandOption: true, describe: 'the strategies (two or more specs; list one twice to seat it twice)' })
    .option('table-size', { type: 'number', defaultDescription: 'the number of strategies, at most 4', describe: 'seats at each table; every combination of that many strategies plays' })
    .option('games', { type: 'number', default: 1000, describe: 'deals: each is played at every table in every seat order (all permutations up to 5 seats, rotations beyond), so games = deals x tables x orders' })
    .option('mode', { type: 'string', choices: ['game', 'round'] as const, default: 'game' as Mode, describe: 'game: whole games (win share = games won); round: single rounds (win share = rounds with the top score)' })
    .option('seed', { type: 'number', default: 1, describe: 'random seed: it fixes every result bit for bit, whatever --threads and --chunk-size' })
    .option('threads', { type: 'number', default: defaultThreads(), defaultDescription: 'one per core', describe: 'worker threads' })
    .option('chunk-size', { type: 'number', default: DEFAULT_TOURNAMENT_CHUNK, describe: 'deals per seeded chunk (each deal is seeded on its own: results do not depend on it)' })
    .option('out', { type: 'string', describe: 'directory for tournament.arrow (one row per ordered pair), tournament.json (the ranking) and run.json' })
    .option('force', forceOption())
    .option('resume', resumeOption('tournament'))
    .option('checkpoint-seconds', { type: 'number', default: 5, describe: 'with --out: seconds between checkpoints of the completed chunks (for --resume)', coerce: (v: number) => checkNumber('--checkpoint-seconds', v, 0, 86400, true) })
    .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar (it is also off when stderr is not a terminal)' })
    .middleware(resumeFrom<TournamentDefinition>('tournament', TOURNAMENT_FLAGS, (d) => ({ game: d.game, players: d.players })) as never, true);
}

/** The flags that define a tournament (a resumed one takes them from its checkpoint). */
const TOURNAMENT_FLAGS = ['game', 'preset', 'rules', 'players', 'table-size', 'games', 'mode', 'seed', 'chunk-size', 'out', 'force'];

/** What tournament() checkpoints as its definition: TournamentOptions' run fields, every default filled in. */
type TournamentDefinition = Pick<TournamentOptions, 'rules' | 'preset' | 'mode' | 'players' | 'tableSize' | 'games' | 'seed' | 'chunkSize'> & { game?: string };

export const tournamentCommand: CommandBody<Awaited<ReturnType<typeof tournamentOptions>['argv']>> = {
  builder: (y) => tournamentOptions(y) as never,
  handler: async (a) => {
    const game = gameModule(a.game);
    const { def, resumed, out } = runDefinition<TournamentDefinition>(a, game, () => ({
      rules: loadRules(game, a.preset, a.rules), preset: presetName(game, a), mode: a.mode as Mode, players: a.players, tableSize: a.tableSize, games: a.games, seed: a.seed, chunkSize: a.chunkSize,
    }));
    const progress = progressBar(a.quiet, 'deals');
    await interruptible(
      () => (out !== undefined && new OutputDir(out).resumable() ? `nothing was written; ${new OutputDir(out).resumeNote('tournament')}` : 'nothing was written'),
      async (signal) => {
        const r = await tournament({
          ...def, game, ...runFlags(a, out, resumed, signal),
          onProgress: (done, total) => progress.update(done, total),
        });
        progress.stop();
        console.log(a.json ? JSON.stringify(r, null, 2) : formatTournament(r));
        if (out && !a.json) console.log(`written to ${out}/`);
      },
      () => progress.stop(),
    );
  },
};
