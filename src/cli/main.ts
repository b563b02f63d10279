#!/usr/bin/env node
/**
 * The `sevensim` command: a thin yargs layer over the engine, the runner and the analyses. Each
 * command is defined in its own file here; this one only lists them.
 */
import { delimiter } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { RoundCapError, UserError } from '../engine/errors.js';
import { OutputError } from '../io/output.js';
import { PLUGINS_ENV, envPlugins, loadPlugins } from '../plugins.js';
import { adviseCommand } from './advise.js';
import { benchCommand } from './bench.js';
import { bustTableCommand } from './bust-table.js';
import { checkStrategyCommand } from './check-strategy.js';
import { checkArgs, joinNegativeValues } from './checks.js';
import { compareCommand } from './compare.js';
import { decisionsCommand } from './decisions.js';
import { mergeCommand } from './merge.js';
import { playCommand } from './play.js';
import { reportCommand } from './report.js';
import { rulesCommand } from './rules.js';
import { simulateCommand } from './simulate.js';
import { solveCommand } from './solve.js';
import { strategiesCommand } from './strategies.js';
import { studyCommand } from './study.js';
import { tournamentCommand } from './tournament.js';
import { trackCommand } from './track.js';
import { tuneCommand } from './tune.js';

function fail(message: string, code = 2): never {
  process.stderr.write(`sevensim: ${message}\n`);
  process.exit(code);
}

const cli = yargs(joinNegativeValues(hideBin(process.argv)))
  .scriptName('sevensim')
  .usage('$0 <command> [options]\n\nMonte Carlo strategy simulator and analytics for SEVN and SEVENFALL.')
  .command(rulesCommand)
  .command(strategiesCommand)
  .command(checkStrategyCommand)
  .command(playCommand)
  .command(simulateCommand)
  .command(mergeCommand)
  .command(benchCommand)
  .command(compareCommand)
  .command(solveCommand)
  .command(bustTableCommand)
  .command(reportCommand)
  .command(studyCommand)
  .command(tuneCommand)
  .command(tournamentCommand)
  .command(adviseCommand)
  .command(trackCommand)
  .command(decisionsCommand)
  .option('plugin', {
    type: 'string',
    array: true,
    global: true,
    describe: `a strategy from a file: an ES module whose default export is a strategy definition with a "game" field (repeatable; also ${PLUGINS_ENV}, paths separated by "${delimiter}"); default: none`,
  })
  // Plugins join their games' strategy lists before any command reads them (and the pool hands them to its workers).
  .middleware(async (a) => loadPlugins([...envPlugins(), ...((a.plugin as string[] | undefined) ?? [])]))
  .demandCommand(1, 'Give a command; `sevensim --help` lists them.')
  .strict()
  .recommendCommands()
  .wrap(Math.min(110, process.stdout.columns || 110))
  // yargs passes itself as the second argument (its types leave it out): the command's array options.
  .middleware(((a: Record<string, unknown>, y: { getOptions(): { array: string[] } }) => checkArgs(a, y.getOptions().array)) as never, true)
  .fail((msg, err) => {
    if (err instanceof UserError) fail(err.message);
    if (err instanceof RoundCapError) fail(err.advice); // play --json, review: a game the rules do not let end
    if (err instanceof OutputError) fail(err.message, 1);
    // A check run by an option's coerce (cli/options.ts) reaches here as yargs' own error, with its message.
    if (err && err.name !== 'YError') throw err;
    fail(err ? err.message : `${msg}\nRun with --help to see the options.`);
  })
  .help()
  .alias('h', 'help');

try {
  await cli.parseAsync();
} catch (e) {
  if (e instanceof UserError) fail(e.message);
  if (e instanceof RoundCapError) fail(e.advice);
  if (e instanceof OutputError) fail(e.message, 1);
  throw e;
}
