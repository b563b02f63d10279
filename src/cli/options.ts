/** Options shared by several commands, declared once so their help text and defaults agree. */
import type { Argv } from 'yargs';

export function gameOptions<T>(y: Argv<T>) {
  return y
    .option('game', { type: 'string', choices: ['sevn', 'sevenfall'], demandOption: true, describe: 'which game' })
    .option('preset', { type: 'string', describe: 'a built-in rules preset (default: the game\'s own: sevn or sevenfall)' })
    .option('rules', { type: 'string', describe: 'a rules file (JSON) instead of a preset; see `sevensim rules --json`' });
}
