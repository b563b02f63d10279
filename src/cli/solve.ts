/** `sevensim solve`: a game's exact solution, for the games in the catalog that have one. */
import { catalogEntry, gamesWith } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import { interruptible } from './progress.js';
import { command, forceOption, gameOptions, jsonOption, loadRules, presetName } from './options.js';

export const solveCommand = command(
  (y) =>
    gameOptions(y, gamesWith('solve'))
      .option('objective', { type: 'string', default: 'ev', describe: 'SEVENFALL: ev (maximise the expected turn score), at-least:K (maximise P(score >= K)), or win with --players 2 (maximise the win share of the game: a win, or the rules\' share of a tied lead); SEVN solves the expected solo round score' })
      .option('players', { type: 'number', default: 1, describe: 'seats: 1 solves one turn (SEVENFALL) or a solo round (SEVN); 2 with --objective win solves the 2-player SEVENFALL game' })
      .option('table', { type: 'boolean', default: false, describe: '2-player SEVENFALL win: also print the first seat\'s win share by round and score difference (text output, not with --json); SEVN: the stop boundary of the solo policy, distinct values x points' })
      .option('out', { type: 'string', describe: 'directory for the solution as data and run.json: policy.arrow (every decision state with the value of each action) and solve.json; winprob.arrow (every round, seat to move and difference with each seat\'s win chance) for --objective win' })
      .option('force', forceOption())
      .option('json', jsonOption()),
  async (a) => {
    const entry = catalogEntry(a.game);
    if (a.json && a.table && a.game === 'sevenfall' && a.players === 2 && a.objective === 'win') throw new UserError('--table prints the win-share table as text, not with --json (with --out, winprob.arrow holds every state); give one of them');
    const rules = loadRules(entry.game, a.preset, a.rules);
    const args = { preset: presetName(entry.game, a), objective: a.objective, players: a.players, table: a.table, out: a.out ?? null, force: a.force };
    // The win solve runs on a worker thread, so a signal is answered at once; the other solves run on
    // this thread, where a handler would wait for the work to end (without one the signal ends the process).
    const { report, text } = a.objective === 'win' ? await interruptible('nothing was written', (signal) => entry.solve!(rules, { ...args, signal })) : await entry.solve!(rules, args);
    console.log(a.json ? JSON.stringify(report, null, 2) : text);
    if (a.out && !a.json) console.log(a.objective === 'win' ? `win chances written to ${a.out}/winprob.arrow` : `policy written to ${a.out}/policy.arrow`);
  },
);
