/** `sevensim bust-table`: bust chances, for the games in the catalog that have the analysis (SEVN); each declares its own flags. */
import type { Argv, Options } from 'yargs';
import { catalogEntries, catalogEntry, gamesWith } from '../catalog.js';
import { command, forceOption, gameOptions, jsonOption, loadRules, presetName } from './options.js';

function gameFlags<T>(y: Argv<T>): Argv<T> {
  for (const e of catalogEntries()) for (const [name, f] of Object.entries(e.bustTable?.flags ?? {})) y = y.option(name, f as Options) as Argv<T>;
  return y;
}

export const bustTableCommand = command(
  (y) =>
    gameFlags(gameOptions(y, gamesWith('bustTable')))
      .option('force', forceOption())
      .option('json', jsonOption()),
  async (a) => {
    const entry = catalogEntry(a.game);
    const rules = loadRules(entry.game, a.preset, a.rules);
    const { report, text } = await entry.bustTable!.run(rules, presetName(entry.game, a), a);
    console.log(a.json ? JSON.stringify(report, null, 2) : text);
  },
);
