#!/usr/bin/env node
/**
 * The `sevensim` command: a thin yargs layer over the engine, the runner and the analyses. Each
 * command is defined in its own file here; this one only lists them and loads the one that runs.
 */
import { delimiter } from 'node:path';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { RoundCapError, UserError } from '../engine/errors.js';
import { OutputError } from '../io/output.js';
import { PLUGINS_ENV, envPlugins, loadPlugins } from '../plugins.js';
import { checkArgs, joinNegativeValues } from './checks.js';
import type { CommandBody } from './options.js';

/**
 * Every command: its name (with positionals), its one-line description, and its file, imported only when
 * the command runs: `--help` and a short run then load one command's modules, not every command's.
 */
/** What a run without a command is told (it names the help itself). */
const NO_COMMAND = 'give a command (sevensim --help lists them)';

const COMMANDS: [name: string, describe: string, load: () => Promise<CommandBody<any>>][] = [
  ['rules', 'Print the rules in effect (a preset or a validated rules file)', async () => (await import('./rules.js')).rulesCommand],
  ['strategies', 'List the strategies of a game with their parameters and defaults', async () => (await import('./strategies.js')).strategiesCommand],
  ['check-strategy <file>', 'Check a strategy plugin against the contract the built-in strategies pass: legal, deterministic answers that never write to the view, over its parameter ranges, and its speed; one line per check, exit 1 if any fails', async () => (await import('./check-strategy.js')).checkStrategyCommand],
  ['play', 'Play one seeded game and print a readable trace; or play a seat yourself against the bots (--human)', async () => (await import('./play.js')).playCommand],
  ['simulate', 'Play many seeded games in parallel; print a summary per seat and write Arrow results', async () => (await import('./simulate.js')).simulateCommand],
  ['merge <dirs..>', 'Combine the --out directories of shards of one run into one result (equal to the unsharded run)', async () => (await import('./merge.js')).mergeCommand],
  ['bench', 'Measure games per second per game and mode (inline, on 1 worker and on T workers: pool overhead and scaling), then check the speed targets', async () => (await import('./bench.js')).benchCommand],
  ['compare', 'Compare strategy A with strategy B on the same random streams: paired difference, 95% CI, p-value, optional SPRT', async () => (await import('./compare.js')).compareCommand],
  ['solve', 'Solve exactly: SEVENFALL the optimal discard policy of one turn, or the 2-player game for the win; SEVN the optimal solo stopping policy of a number-only deck', async () => (await import('./solve.js')).solveCommand],
  ['bust-table', 'SEVN bust probabilities: exact for a held row (next card, within a Triple Draw), or the full table by distinct values and points beside simulation', async () => (await import('./bust-table.js')).bustTableCommand],
  ['report <dirs..>', 'Draw the results of output directories (simulate, merge, compare, tune, tournament, bust-table, solve) in one self-contained report.html, and as PNG files', async () => (await import('./report.js')).reportCommand],
  ['study', 'The default study (what `npm start` runs): every game, both modes, baseline strategies; results under --out', async () => (await import('./study.js')).studyCommand],
  ['tune', 'Tune a strategy\'s parameters: search on fresh seeded blocks, choose among the finalists on games the search never saw, confirm the choice against the start on games neither saw', async () => (await import('./tune.js')).tuneCommand],
  ['tournament', 'Every strategy against every other at tables of N seats, every seat order on the same deals: Elo ratings (Bradley-Terry, bootstrap 95% intervals over deals, LOS), win share, head-to-head with 95% CIs', async () => (await import('./tournament.js')).tournamentCommand],
  ['advise', 'The value of every legal action of a position and its loss against the best: SEVN draw or stay (paired rollouts, exact where solvable), SEVENFALL every discard (exact); or --review a played game', async () => (await import('./advise.js')).adviseCommand],
  ['track', 'Follow a real SEVN table game: type each card and answer as it happens; shows rows, totals, the unseen cards and hints at your draw-or-stay decisions', async () => (await import('./track.js')).trackCommand],
  ['decisions <dir>', 'A run\'s decisions.arrow as a table: per bucket, draw minus stay (or the best answer) with its 95% CI and count, the better answer marked where the CI excludes 0', async () => (await import('./decisions.js')).decisionsCommand],
];

/** yargs runs a builder only for the command given (async builders are awaited by parseAsync). */
const lazyCommand = ([name, describe, load]: (typeof COMMANDS)[number]): CommandModule => ({
  command: name,
  describe,
  builder: async (y: Argv) => (await load()).builder(y),
  handler: async (a) => (await load()).handler(a),
}) as CommandModule;

function fail(message: string, code = 2): never {
  // One line, whatever the message quotes (a JSON parser's message can hold the file's own line breaks).
  process.stderr.write(`sevensim: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(code);
}

const cli = yargs(joinNegativeValues(hideBin(process.argv)))
  .scriptName('sevensim')
  .usage('$0 <command> [options]\n\nMonte Carlo strategy simulator and analytics for SEVN and SEVENFALL.')
  .command(COMMANDS.map(lazyCommand))
  .option('plugin', {
    type: 'string',
    array: true,
    global: true,
    describe: `a strategy from a file: an ES module whose default export is a strategy definition with a "game" field (repeatable; also ${PLUGINS_ENV}, paths separated by "${delimiter}"); default: none`,
  })
  // Plugins join their games' strategy lists before any command reads them (and the pool hands them to its workers).
  .middleware(async (a) => loadPlugins([...envPlugins(), ...((a.plugin as string[] | undefined) ?? [])]))
  .demandCommand(1, NO_COMMAND)
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
    // yargs' own messages span lines ("Invalid values:\n  Argument: ..."): one line, as every other error.
    // The missing command's message names the help already: no second pointer to it.
    const text = msg.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
    fail(err ? err.message : text === NO_COMMAND ? text : `${text}; see \`sevensim --help\` or the command's --help`);
  })
  .help()
  .alias('h', 'help');

try {
  await cli.parseAsync();
} catch (e) {
  if (e instanceof UserError) fail(e.message);
  if (e instanceof RoundCapError) fail(e.advice);
  if (e instanceof OutputError) fail(e.message, 1);
  // A check run by an option's coerce under a command's async builder rejects here instead of reaching .fail().
  if (e instanceof Error && e.name === 'YError') fail(e.message);
  // Anything else is a fault in sevensim or in a plugin's code (an illegal answer, a throw mid-game): one
  // line naming it, the stack only on request.
  if (process.env.SEVENSIM_DEBUG) throw e;
  fail(`${e instanceof Error ? e.message.split('\n')[0] : String(e)} (SEVENSIM_DEBUG=1 shows where)`, 1);
}
