#!/usr/bin/env node
/** The `sevensim` command: a thin yargs layer over the engine, the runner and the analyses. */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { UserError } from '../engine/errors.js';
import { describeParam } from '../engine/params.js';
import { gameModule, loadRules } from './games.js';
import { gameOptions } from './options.js';
import type { Mode } from '../engine/game.js';
import { readTotals } from '../io/results.js';
import { GAMES } from '../games/registry.js';
import { defaultThreads } from '../parallel/pool.js';
import { BENCH_WORKLOADS, type BenchRow, benchWorkload, formatBench } from '../run/bench.js';
import { mergeRuns } from '../run/merge.js';
import { checkPlayers, summarise } from '../run/simulate.js';
import { printSummary, runSimulateCommand, simulateOptions } from './simulate.js';
import { runStudy } from './study.js';
import type { SevenfallRules } from '../games/sevenfall/rules.js';
import { formatSevenfallSolve, solveSevenfallCommand } from '../run/solve.js';
import { formatSevnSolve, solveSevnCommand } from '../run/solve-sevn.js';
import { bustRowCommand, bustTableCommand, formatBustRow, formatBustTable } from '../run/bust-table.js';
import type { SevnRules } from '../games/sevn/rules.js';
import { interruptible, progressBar } from './progress.js';
import { DEFAULT_PAIRED_CHUNK, compare, formatCompare, parseSprt } from '../run/compare.js';
import { tuneCommand } from './tune.js';
import { tournamentCommand } from './tournament.js';
import { adviseCommand } from './advise.js';
import { sevenfallGameRecord, sevnGameRecord } from '../run/play-json.js';
import { reportCommand } from './report.js';
import { compareJson, writeCompareOutput } from '../run/compare-output.js';
import { OutputDir } from '../io/output.js';

function fail(message: string): never {
  process.stderr.write(`sevensim: ${message}\n`);
  process.exit(2);
}

const cli = yargs(hideBin(process.argv))
  .scriptName('sevensim')
  .usage('$0 <command> [options]\n\nMonte Carlo strategy simulator and analytics for SEVN and SEVENFALL.')
  .command(
    'rules',
    'Print the rules in effect (a preset or a validated rules file)',
    (y) => gameOptions(y).option('json', { type: 'boolean', default: false, describe: 'print the rules file as JSON (a template for --rules)' }),
    (a) => {
      const game = gameModule(a.game);
      const rules = loadRules(game, a.preset, a.rules);
      console.log(a.json || !game.describeRules ? JSON.stringify(rules, null, 2) : game.describeRules(rules));
    },
  )
  .command(
    'strategies',
    'List the strategies of a game with their parameters and defaults',
    (y) => y.option('game', { type: 'string', choices: ['sevn', 'sevenfall'], demandOption: true, describe: 'which game' }),
    (a) => {
      const game = gameModule(a.game);
      for (const s of game.strategies) {
        console.log(`${s.name}: ${s.doc}`);
        for (const p of s.params) console.log(`    ${describeParam(p)}`);
      }
      console.log('\nSpecify a strategy as name or name:key=value,key=value (e.g. greedy:margin=0.5).');
    },
  )
  .command(
    'play',
    'Play one seeded game and print a readable trace',
    (y) =>
      gameOptions(y)
        .option('players', { type: 'string', array: true, demandOption: true, describe: 'one strategy spec per seat, e.g. --players greedy stand' })
        .option('seed', { type: 'number', default: 1, describe: 'random seed (same seed, same game)' })
        .option('json', { type: 'boolean', default: false, describe: 'print the game as data (JSON): SEVENFALL every turn and decision, SEVN every event; `advise --review` reads it' }),
    (a) => {
      const game = gameModule(a.game);
      const rules = loadRules(game, a.preset, a.rules);
      checkPlayers(game, rules, a.players, 'game');
      if (!Number.isSafeInteger(a.seed)) throw new UserError(`--seed: expected an integer, got ${a.seed}`);
      if (a.json) console.log(JSON.stringify(game.name === 'sevn' ? sevnGameRecord(rules as SevnRules, a.players, a.seed) : sevenfallGameRecord(rules as SevenfallRules, a.players, a.seed), null, 2));
      else console.log(game.trace(rules, a.players, a.seed));
    },
  )
  .command('simulate', 'Play many seeded games in parallel; print a summary per seat and write Arrow results', simulateOptions, async (a) => {
    await runSimulateCommand(a);
  })
  .command(
    'merge <dirs..>',
    'Combine the --out directories of shards of one run into one result (equal to the unsharded run)',
    (y) =>
      y
        .positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'shard output directories' })
        .option('out', { type: 'string', demandOption: true, describe: 'directory for the merged result' })
        .option('json', { type: 'boolean', default: false, describe: 'print the merged summary as JSON' }),
    async (a) => {
      const m = await mergeRuns(a.dirs as string[], a.out);
      const game = gameModule(m.game);
      const totals = readTotals(a.out, m);
      const seats = summarise(game, m.mode as Mode, m.players, totals);
      printSummary({ manifest: m, totals, seats }, a.json, a.out);
      if (!m.complete) process.stderr.write(`sevensim: note: the shards cover chunks ${m.chunks.first}..${m.chunks.last - 1} of ${m.chunks.total}; the result is partial\n`);
    },
  )
  .command(
    'bench',
    'Measure games per second per game and mode: inline, on 1 worker and on T workers (pool overhead and scaling)',
    (y) =>
      y
        .option('game', { type: 'string', choices: ['sevn', 'sevenfall'], describe: 'only this game (default: both)' })
        .option('threads', { type: 'number', default: defaultThreads(), defaultDescription: 'one per core', describe: 'workers for the parallel measurement' })
        .option('seconds', { type: 'number', default: 1, describe: 'single-thread seconds of work per measurement' })
        .option('repeats', { type: 'number', default: 3, describe: 'runs per measurement; the median is reported' })
        .option('json', { type: 'boolean', default: false, describe: 'print the figures as JSON' }),
    async (a) => {
      if (!Number.isInteger(a.threads) || a.threads < 1) throw new UserError(`--threads: expected a positive integer, got ${a.threads}`);
      if (!(a.seconds > 0)) throw new UserError(`--seconds: expected a positive number, got ${a.seconds}`);
      if (!Number.isInteger(a.repeats) || a.repeats < 1) throw new UserError(`--repeats: expected a positive integer, got ${a.repeats}`);
      const rows: BenchRow[] = [];
      for (const w of BENCH_WORKLOADS.filter((w) => (a.game ? w.game === a.game : true) && GAMES[w.game])) {
        if (!a.json) process.stderr.write(`benchmarking ${w.game} ${w.mode}...\n`);
        rows.push(await benchWorkload(w, a.threads, a.seconds, a.repeats));
      }
      console.log(a.json ? JSON.stringify(rows, null, 2) : formatBench(rows));
    },
  )
  .command(
    'compare',
    'Compare strategy A with strategy B on the same random streams: paired difference, 95% CI, p-value, optional SPRT',
    (y) =>
      gameOptions(y)
        .option('mode', { type: 'string', choices: ['round', 'game'] as const, default: 'round', describe: 'round: one round (SEVENFALL: one turn); game: whole games' })
        .option('a', { type: 'string', demandOption: true, describe: 'strategy spec A' })
        .option('b', { type: 'string', demandOption: true, describe: 'strategy spec B' })
        .option('field', { type: 'string', array: true, default: [] as string[], describe: 'the other seats\' strategies (A or B takes each seat in turn)' })
        .option('games', { type: 'number', default: 100000, describe: 'paired games (the most, with --sprt)' })
        .option('seed', { type: 'number', default: 1, describe: 'random seed' })
        .option('threads', { type: 'number', default: defaultThreads(), defaultDescription: 'one per core', describe: 'worker threads' })
        .option('chunk-size', { type: 'number', default: DEFAULT_PAIRED_CHUNK, describe: 'games per task unit; the SPRT is checked after each' })
        .option('sprt', { type: 'string', describe: 'd0,d1: stop once the log-likelihood ratio of "difference = d1" against "difference = d0" crosses its bounds' })
        .option('metric', { type: 'string', choices: ['score', 'win'] as const, describe: 'what the SPRT tests (default: score in round mode, win share in game mode)' })
        .option('alpha', { type: 'number', default: 0.05, describe: 'SPRT false-positive rate' })
        .option('beta', { type: 'number', default: 0.05, describe: 'SPRT false-negative rate' })
        .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' })
        .option('out', { type: 'string', describe: 'directory for compare.json (the --json result, with the SPRT path) and run.json; `sevensim report` draws it' })
        .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar' }),
    async (a) => {
      const game = gameModule(a.game);
      const rules = loadRules(game, a.preset, a.rules);
      const mode = a.mode as Mode;
      const out = a.out ? new OutputDir(a.out) : null;
      if (!Number.isInteger(a.threads) || a.threads < 1) throw new UserError(`--threads: expected a positive integer, got ${a.threads}`);
      const sprt = a.sprt ? { ...parseSprt(a.sprt), alpha: a.alpha, beta: a.beta, metric: (a.metric ?? (mode === 'game' ? 'win' : 'score')) as 'score' | 'win' } : null;
      out?.prepare();
      const progress = progressBar(a.quiet);
      await interruptible(
        'nothing was written',
        async (signal) => {
          const r = await compare({
            game, rules, preset: a.rules ? null : (a.preset ?? game.defaultPreset), mode, a: a.a, b: a.b, field: a.field as string[],
            games: a.games, seed: a.seed, threads: a.threads, chunkSize: a.chunkSize, sprt, signal,
            onProgress: (d, t) => progress.update(d, t),
          });
          progress.stop();
          if (out) writeCompareOutput(out, r, rules, process.argv.slice(2));
          console.log(a.json ? JSON.stringify(compareJson(r), null, 2) : formatCompare(r));
          if (out && !a.json) console.log(`written to ${a.out}/compare.json`);
        },
        () => progress.stop(),
      );
    },
  )
  .command(
    'solve',
    'Solve exactly: SEVENFALL the optimal discard policy of one turn; SEVN the optimal solo stopping policy of a number-only deck',
    (y) =>
      gameOptions(y)
        .option('objective', { type: 'string', default: 'ev', describe: 'SEVENFALL: ev (maximise the expected score) or at-least:K (maximise P(score >= K)); SEVN solves the expected solo round score' })
        .option('out', { type: 'string', describe: 'directory for policy.arrow (every decision state with the value of each action) and solve.json' })
        .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' }),
    async (a) => {
      const game = gameModule(a.game);
      const rules = loadRules(game, a.preset, a.rules);
      const preset = a.rules ? null : (a.preset ?? game.defaultPreset);
      if (game.name === 'sevn') {
        if (a.objective !== 'ev') throw new UserError(`--objective ${a.objective}: SEVN solves the expected solo round score only (ev)`);
        const { report } = await solveSevnCommand(rules as SevnRules, preset, a.out ?? null);
        console.log(a.json ? JSON.stringify(report, null, 2) : formatSevnSolve(report));
      } else {
        const { report } = await solveSevenfallCommand(rules as SevenfallRules, preset, a.objective, a.out ?? null);
        console.log(a.json ? JSON.stringify(report, null, 2) : formatSevenfallSolve(report));
      }
      if (a.out && !a.json) console.log(`policy written to ${a.out}/policy.arrow`);
    },
  )
  .command(
    'bust-table',
    'SEVN bust probabilities: exact for a held row (next card, within a Triple Draw), or the full table by distinct values and points beside simulation',
    (y) =>
      gameOptions(y)
        .option('held', { type: 'string', describe: 'held values, e.g. 13,12,9 (negative: kept Ballast); without it, the full table' })
        .option('second-chance', { type: 'boolean', default: false, describe: 'the row holds a Second Chance' })
        .option('unseen', { type: 'string', describe: 'card:count pairs replacing those unseen counts, e.g. 13:5,12:0,sc:1,ballast:0,other:20 (default: the full deck less the row)' })
        .option('strategy', { type: 'string', default: 'stay-at:points=25', describe: 'full table: the solo strategy whose reach weights the states' })
        .option('rounds', { type: 'number', default: 1000000, describe: 'full table: simulated solo rounds beside the exact values (0: exact only)' })
        .option('seed', { type: 'number', default: 1, describe: 'full table: random seed of the simulation' })
        .option('band', { type: 'number', default: 10, describe: 'full table: round points per row of the terminal table' })
        .option('out', { type: 'string', describe: 'full table: directory for bust-table.arrow and bust-table.json' })
        .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' }),
    async (a) => {
      const game = gameModule(a.game);
      if (game.name !== 'sevn') throw new UserError('bust-table: only SEVN has busts; use --game sevn');
      const rules = loadRules(game, a.preset, a.rules) as SevnRules;
      if (a.held !== undefined) {
        const r = bustRowCommand(rules, { held: a.held, secondChance: a.secondChance, unseen: a.unseen ?? null });
        console.log(a.json ? JSON.stringify(r, null, 2) : formatBustRow(r, rules));
        return;
      }
      if (a.unseen !== undefined || a.secondChance) throw new UserError('--unseen and --second-chance describe a held row: give --held too');
      if (!Number.isInteger(a.rounds) || a.rounds < 0) throw new UserError(`--rounds: expected a non-negative integer, got ${a.rounds}`);
      if (!Number.isSafeInteger(a.seed)) throw new UserError(`--seed: expected an integer, got ${a.seed}`);
      if (!(Number.isInteger(a.band) && a.band >= 1)) throw new UserError(`--band: expected a positive integer, got ${a.band}`);
      game.checkStrategy(a.strategy);
      const t = await bustTableCommand(rules, a.rules ? null : (a.preset ?? game.defaultPreset), { strategy: a.strategy, rounds: a.rounds, seed: a.seed, out: a.out ?? null });
      console.log(a.json ? JSON.stringify(t, null, 2) : formatBustTable(t, a.band));
      if (a.out && !a.json) console.log(`written to ${a.out}/bust-table.arrow`);
    },
  )
  .command(reportCommand)
  .command(
    'study',
    'The default study (what `npm start` runs): both games, both modes, baseline strategies; results under --out',
    (y) =>
      y
        .option('games', { type: 'number', default: 400000, describe: 'rounds per round-mode part (game-mode parts play a quarter as many games)' })
        .option('seed', { type: 'number', default: 1, describe: 'random seed' })
        .option('out', { type: 'string', default: 'results', describe: 'directory that receives one subdirectory per part' })
        .option('threads', { type: 'number', default: defaultThreads(), defaultDescription: 'one per core', describe: 'worker threads' })
        .option('json', { type: 'boolean', default: false, describe: 'print each summary as JSON' })
        .option('quiet', { type: 'boolean', default: false, describe: 'no progress bars' }),
    async (a) => runStudy(a),
  )
  .command(tuneCommand)
  .command(tournamentCommand)
  .command(adviseCommand)
  .demandCommand(1, 'Give a command; `sevensim --help` lists them.')
  .strict()
  .recommendCommands()
  .wrap(Math.min(110, process.stdout.columns || 110))
  .fail((msg, err) => {
    if (err instanceof UserError) fail(err.message);
    if (err) throw err;
    fail(`${msg}\nRun with --help to see the options.`);
  })
  .help();

try {
  await cli.parseAsync();
} catch (e) {
  if (e instanceof UserError) fail(e.message);
  throw e;
}
