/** `sevensim decisions DIR`: a run's decisions.arrow as a readable table ("when do I stay?"). */
import { command, jsonOption } from './options.js';
import { decisionsTable, formatDecisionsTable } from '../run/decisions-table.js';

export const decisionsCommand = command(
  (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'the --out directory of a simulate run with --decisions counterfactual (or outcomes)' })
      .option('by', { type: 'string', defaultDescription: 'every bucket feature of the run', describe: 'the bucket features to group by, e.g. points,distinct or points,gap-leader; the others are pooled' })
      .option('kind', { type: 'string', defaultDescription: 'SEVN draw-stay, SEVENFALL discard', describe: 'the decision kind (SEVN draw-stay, ballast, crossroads, freeze, triple-draw, second-chance)' })
      .option('json', jsonOption())
      .example('$0 decisions out/ --by points,distinct', 'SEVN: draw minus stay by points and distinct values')
      .example('$0 decisions out/ --by profile', 'SEVENFALL: the best discard per row profile'),
  (a) => {
    const t = decisionsTable(a.dir as string, a.kind, a.by);
    console.log(a.json ? JSON.stringify(t, null, 2) : formatDecisionsTable(t));
  },
);
