/** `sevensim bust-table`: bust chances, for the games in the catalog that have the analysis (SEVN). */
import { catalogEntry, gamesWith } from '../catalog.js';
import { checkInteger } from '../run/checks.js';
import { command, forceOption, gameOptions, jsonOption, loadRules, presetName, seedOption } from './options.js';

export const bustTableCommand = command(
  'bust-table',
  'SEVN bust probabilities: exact for a held row (next card, within a Triple Draw), or the full table by distinct values and points beside simulation',
  (y) =>
    gameOptions(y, gamesWith('bustTable'))
      .option('held', { type: 'string', describe: 'your row, the same card list as advise --row: cards as `play` prints them, spaces or commas between: numbers 13, Ballast -2, SecondChance, modifiers x2 +4 (they only leave the unseen cards); e.g. "13 12 9" or 13,12,9 ("none": empty); without it, the full table' })
      .option('second-chance', { type: 'boolean', default: false, describe: 'the row holds a Second Chance' })
      .option('unseen', { type: 'string', describe: 'card:count pairs replacing those unseen counts, e.g. 13:5,12:0,sc:1,ballast:0,other:20 (default: the full deck less the row)' })
      .option('strategy', { type: 'string', default: 'stay-at:points=25', describe: 'full table: the solo strategy whose reach weights the states' })
      .option('rounds', { type: 'number', default: 1000000, describe: 'full table: simulated solo rounds beside the exact values (0: exact only)', coerce: (v: number) => checkInteger('--rounds', v, 0) })
      .option('seed', seedOption('full table: random seed of the simulation'))
      .option('band', { type: 'number', default: 10, describe: 'full table: round points per row of the terminal table', coerce: (v: number) => checkInteger('--band', v, 1) })
      .option('out', { type: 'string', describe: 'full table: directory for bust-table.arrow, bust-table.json and run.json' })
      .option('force', forceOption())
      .option('json', jsonOption()),
  async (a) => {
    const entry = catalogEntry(a.game);
    const rules = loadRules(entry.game, a.preset, a.rules);
    const { report, text } = await entry.bustTable!(rules, presetName(entry.game, a), a);
    console.log(a.json ? JSON.stringify(report, null, 2) : text);
  },
);
