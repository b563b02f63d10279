/** `sevensim merge`: shards of one run combined into the result of the unsharded run. */
import { gameModule } from '../catalog.js';
import type { Mode } from '../engine/game.js';
import { coverageNote } from '../io/manifest.js';
import { mergeRuns } from '../run/merge.js';
import { summarise } from '../stats/summary.js';
import { command, forceOption, jsonOption } from './options.js';
import { printSummary } from './simulate.js';

export const mergeCommand = command(
  (y) =>
    y
      .positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'shard output directories' })
      .option('out', { type: 'string', demandOption: true, describe: 'directory for the merged result (not one of the shards)' })
      .option('force', forceOption())
      .option('json', jsonOption('print the merged summary as JSON')),
  async (a) => {
    const { manifest: m, totals } = await mergeRuns(a.dirs as string[], a.out, { force: a.force });
    const game = gameModule(m.game);
    const seats = summarise(game, m.mode as Mode, m.players, totals);
    printSummary({ manifest: m, totals, seats }, a.json, a.out);
    if (!m.complete) process.stderr.write(`sevensim: note: ${coverageNote(m)}\n`);
  },
);
