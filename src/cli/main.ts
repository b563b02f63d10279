#!/usr/bin/env node
/**
 * The `sevensim` command: a thin yargs layer over the engine, the runner and the analyses. Each
 * command is defined in its own file here; this one only lists them.
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { UserError } from '../engine/errors.js';
import { benchCommand } from './bench.js';
import { bustTableCommand } from './bust-table.js';
import { compareCommand } from './compare.js';
import { mergeCommand } from './merge.js';
import { playCommand } from './play.js';
import { reportCommand } from './report.js';
import { rulesCommand } from './rules.js';
import { simulateCommand } from './simulate.js';
import { solveCommand } from './solve.js';
import { strategiesCommand } from './strategies.js';
import { studyCommand } from './study.js';
import { tournamentCommand } from './tournament.js';
import { tuneCommand } from './tune.js';

function fail(message: string): never {
  process.stderr.write(`sevensim: ${message}\n`);
  process.exit(2);
}

const cli = yargs(hideBin(process.argv))
  .scriptName('sevensim')
  .usage('$0 <command> [options]\n\nMonte Carlo strategy simulator and analytics for SEVN and SEVENFALL.')
  .command(rulesCommand)
  .command(strategiesCommand)
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
  .demandCommand(1, 'Give a command; `sevensim --help` lists them.')
  .strict()
  .recommendCommands()
  .wrap(Math.min(110, process.stdout.columns || 110))
  .fail((msg, err) => {
    if (err instanceof UserError) fail(err.message);
    // A check run by an option's coerce (cli/options.ts) reaches here as yargs' own error, with its message.
    if (err && err.name !== 'YError') throw err;
    fail(err ? err.message : `${msg}\nRun with --help to see the options.`);
  })
  .help();

try {
  await cli.parseAsync();
} catch (e) {
  if (e instanceof UserError) fail(e.message);
  throw e;
}
