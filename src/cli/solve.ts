/** `sevensim solve`: a game's exact solution, for the games in the catalog that have one. */
import { catalogEntry, gamesWith } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import { command, forceOption, gameOptions, jsonOption, loadRules, presetName } from './options.js';

export const solveCommand = command(
  'solve',
  'Solve exactly: SEVENFALL the optimal discard policy of one turn; SEVN the optimal solo stopping policy of a number-only deck',
  (y) =>
    gameOptions(y, gamesWith('solve'))
      .option('objective', { type: 'string', default: 'ev', describe: 'SEVENFALL: ev (maximise the expected score) or at-least:K (maximise P(score >= K)); SEVN solves the expected solo round score' })
      .option('out', { type: 'string', describe: 'directory for policy.arrow (every decision state with the value of each action), solve.json and run.json' })
      .option('table', { type: 'boolean', default: false, describe: 'SEVN: print the stop boundary as a chart, distinct values x points (draw, stay, or it depends on the values held)' })
      .option('force', forceOption())
      .option('json', jsonOption()),
  async (a) => {
    const entry = catalogEntry(a.game);
    const rules = loadRules(entry.game, a.preset, a.rules);
    if (a.table && entry.game.name !== 'sevn') throw new UserError(`--table: ${entry.game.name} has no solution chart yet`);
    const { report, text } = await entry.solve!(rules, presetName(entry.game, a), a.objective, a.out ?? null, a.force, { table: a.table, tty: Boolean(process.stdout.isTTY) && !a.json });
    console.log(a.json ? JSON.stringify(report, null, 2) : text);
    if (a.out && !a.json) console.log(`policy written to ${a.out}/policy.arrow`);
  },
);
